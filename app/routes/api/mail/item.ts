import { deleteMail, getMail, serializeMail, updateMail } from '~/models/mail/mailbox.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { MailUpdateSchema } from '~/schemas/mail'
import { OptionalVersionSchema } from '~/schemas/version'

import type { Route } from './+types/item'

/** GET /api/mail/{id}: a message of a mailbox the caller reads (another's own mail, or another organization's: 404). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'mail')
    return apiData(serializeMail(await getMail(user, params.id)))
  })
}

/**
 * PUT sets `isRead`, `isStarred`, `isImportant`, `labels`, `folder` (to trash, or out of it back
 * where it came from), with an optional `version`. DELETE moves to trash, and from trash deletes
 * for good; `?version=` optional.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(request, async (call) => {
    switch (request.method) {
      case 'PUT': {
        const user = await requireApiPermission(call, 'update', 'mail')
        const patch = await readBody(request, MailUpdateSchema)
        return apiData(serializeMail(await updateMail(user, params.id, patch)))
      }
      case 'DELETE': {
        const user = await requireApiPermission(call, 'update', 'mail')
        const raw = new URL(request.url).searchParams.get('version')
        const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
        return apiData(await deleteMail(user, params.id, version))
      }
      default:
        return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
    }
  })
}
