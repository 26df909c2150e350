import { sendMail } from '~/models/mail/mail-compose.server'
import { listMail, serializeMail } from '~/models/mail/mailbox.server'
import { apiData, handleApi, methodNotAllowed, requireApiPermission } from '~/requests/api.server'
import { readMailPost } from '~/requests/mail-post.server'
import { MailListQuerySchema } from '~/schemas/mail'
import { MAIL_ATTACHMENTS_MAX_TOTAL_BYTES } from '~/schemas/mail-options'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/collection'

/** A multipart POST carries the files of one message: collected by the edge up to all of them together. */
export const upload = uploadLimit(MAIL_ATTACHMENTS_MAX_TOTAL_BYTES)

/**
 * GET /api/mail: one mailbox's folder, newest first. `?box=shared|own` (default: the shared one
 * for the roles that read it), `?folder=inbox|sent|drafts|trash|all|starred|important` (`all`:
 * every folder but trash), `?label=`, `?q=`, `?starred=true`, `?page=&pageSize=`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'mail')
    const params = new URL(request.url).searchParams
    const query = MailListQuerySchema.parse(Object.fromEntries([...params].filter(([, value]) => value !== '')))
    const { box, rows, total } = await listMail(user, query)
    return apiData(rows.map(serializeMail), { meta: { total, page: query.page, pageSize: query.pageSize, box } })
  })
}

/**
 * POST /api/mail `{ to, cc?, subject, text, documentIds?, from?, answers?, forward? }`, JSON or
 * multipart with `files`: sends it (colleagues at once, outside addresses through the job queue)
 * and answers 201 with the sender's copy.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'create', 'mail')
    const { input, files } = await readMailPost(request)
    return apiData(serializeMail(await sendMail(user, input, files)), { status: 201 })
  })
}
