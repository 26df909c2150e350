import { data, href } from 'react-router'

import { getInstance } from '~/middleware/i18next'
import { zipFiles } from '~/models/file-zip.server'
import { requirePermission } from '~/requests/session.server'
import { FileZipSchema } from '~/schemas/stored-file'
import { FILE_ZIP_MAX } from '~/schemas/stored-file-options'
import { orNotFound } from '~/utils/errors.server'
import { attachmentDisposition } from '~/utils/file-name'
import { listReturnTo } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/zip'

/**
 * The files manager's "Download as ZIP" (a plain form post of the checked files, with or without
 * JavaScript): the archive streams as it is written (ADR 067). No file checked: back to the list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(request, 'read', 'file')
  const form = await request.formData()
  const parsed = FileZipSchema.safeParse({ ids: form.getAll('ids').filter((value) => typeof value === 'string') })
  if (!parsed.success) {
    const back = listReturnTo(form.get('returnTo'), href('/dashboard/files-manager'))
    const { t } = getInstance(context)
    return redirectWithToast(back, { type: 'warning', title: t(parsed.error.issues[0]?.message ?? 'files.errors.noneSelected', { max: FILE_ZIP_MAX }) })
  }
  const zip = await orNotFound(zipFiles(user, parsed.data.ids))
  return new Response(zip.stream, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachmentDisposition(zip.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

export function loader() {
  throw data(null, { status: 405 })
}
