import { data, href } from 'react-router'

import { zipBusyDocument } from '~/components/files/zip-busy'
import { getInstance } from '~/middleware/i18next'
import { zipFiles } from '~/models/files/file-zip.server'
import { requirePermission } from '~/requests/session.server'
import { FileZipSchema } from '~/schemas/stored-file'
import { FILE_ZIP_MAX } from '~/schemas/stored-file-options'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { attachmentDisposition } from '~/utils/file-name'
import { listReturnTo } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/zip'

/**
 * The files manager's "Download as ZIP" (a plain form post of the checked files, with or without
 * JavaScript): the archive streams as it is written (ADR 067). No file checked: back to the list.
 * One ZIP at a time per person, a few per server: past that 429 with Retry-After.
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
  let zip
  try {
    zip = await orNotFound(zipFiles(user, parsed.data.ids))
  } catch (error) {
    // A ZIP of this person's (or too many of everyone's) still streaming: 429, and a page that says when to try again.
    if (!(isDomainError(error) && error.code === 'rate_limited')) throw error
    const back = listReturnTo(form.get('returnTo'), href('/dashboard/files-manager'))
    const html = zipBusyDocument(getInstance(context), request.headers.get('Cookie'), Number(error.options.params?.seconds), back)
    return new Response(html, {
      status: 429,
      headers: { ...error.options.headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
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
