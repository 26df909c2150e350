import { detectLanguage } from '~/i18n.server'
import { serializeMessage } from '~/models/edi/message.server'
import { resendOutbound } from '~/models/edi/outbound.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readActionBody } from '~/requests/api.server'
import { EdiMessageResendSchema } from '~/schemas/edi'

import type { Route } from './+types/message-resend'

/** POST /api/edi/messages/{id}/resend: a message of ours whose delivery failed, queued again (ADR 155); 409 otherwise. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'edi')
    await readActionBody(request, EdiMessageResendSchema)
    return apiData(serializeMessage(await resendOutbound(actor, params.id), detectLanguage(request)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
