import { detectLanguage } from '~/i18n.server'
import { receiveInterchange } from '~/models/edi/inbound.server'
import { serializeMessage } from '~/models/edi/message.server'
import { serializeTender } from '~/models/edi/tender.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { DomainError } from '~/utils/errors.server'

import type { Route } from './+types/inbound'

const EDI_TYPES = new Set(['application/edi-x12', 'text/plain'])

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}

/**
 * POST /api/edi/inbound, body: the interchange (`Content-Type: application/edi-x12`, at most 1 MB:
 * more is 413 before it is read). 201 `{ message, acknowledgment, tenders }`: the message kept
 * (`received`, or `rejected` with its `reason`) and the 997 answering it. No interchange: 400
 * `not_x12`; an ISA or GS naming no partner: 422 `unknown_partner` (both kept as rejected, no 997).
 * The same interchange again is 201 too: kept as rejected (`duplicate`), its 997 the first one's (ADR 150).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(
    request,
    async (call) => {
      const { actor } = await requireApiActor(call, 'create', 'edi')
      const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
      if (!EDI_TYPES.has(type)) throw new DomainError('unsupported_media_type', 'edi.errors.notEdiType')
      const outcome = await receiveInterchange(actor, await request.text())
      if (outcome.refusal) throw new DomainError(outcome.refusal.code, outcome.refusal.messageKey)
      const language = detectLanguage(request)
      return apiData(
        {
          message: serializeMessage(outcome.message, language),
          acknowledgment: outcome.acknowledgment ? { ...serializeMessage(outcome.acknowledgment, language), raw: outcome.acknowledgment.raw } : null,
          tenders: outcome.tenders.map(serializeTender),
        },
        { status: 201 },
      )
    },
    { idempotency: false },
  )
}
