import { data, href } from 'react-router'
import { z } from 'zod'

import { getInstance } from '~/middleware/i18next'
import { resendOutbound } from '~/models/edi/outbound.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, refusalText } from '~/requests/forms.server'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/message-resend'

const LOG = href('/dashboard/edi/messages')

/**
 * "Send again" on the message log (ADR 155), a plain form with or without JavaScript: a message
 * of ours whose delivery failed is queued again; back to the log with a toast saying so, or why not.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'update', 'edi')
  const t = getInstance(context).t
  return intentAction(
    await request.formData(),
    t,
    {
      resend: intent({
        schema: z.object({}),
        run: () => resendOutbound(actor, params.id),
        done: (message) =>
          redirectWithToast(LOG, { type: 'success', title: t('edi.resend.done', { type: message.type ?? '', control: message.controlNumber ?? '' }) }),
      }),
    },
    { refused: (refused) => redirectWithToast(LOG, { type: 'error', title: refusalText(refused) }) },
  )
}

export function loader() {
  throw data(null, { status: 405 })
}
