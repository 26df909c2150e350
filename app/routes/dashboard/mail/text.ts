import { mailTextResponse, readMailText } from '~/models/mail/mailbox.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/text'

/**
 * "Show the whole message": a long inbound message's whole text (ADR 082), streamed from storage
 * as plain text in its own tab, for a reader of its mailbox (else 404). The message page shows only
 * its beginning, so a 20 MB text never goes through the page's data.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'mail')
  return mailTextResponse(await orNotFound(readMailText(user, params.id)), request.method === 'HEAD')
}
