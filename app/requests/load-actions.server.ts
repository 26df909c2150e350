/**
 * The load page actions that two pages share (the load's own page and a driver's "My loads"):
 * a document upload and a stop's arrival or departure. Each answers a redirect with a toast, or
 * its refusal (app/requests/forms.server.ts, tagged with the load it concerns), never an error page.
 */
import type { Actor } from '~/models/audit/audit.server'
import { uploadLoadDocument } from '~/models/loads/load-document.server'
import { recordStopEvent } from '~/models/loads/load-stop-events.server'
import type { SessionUser } from '~/models/users/auth.server'
import { loadScope } from '~/policies/load'
import { intent, intentAction, uploadAction } from '~/requests/forms.server'
import { StopEventSchema } from '~/schemas/load'
import { redirectWithToast } from '~/utils/toast.server'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** The upload form's post: stored and listed (back to `back` with a toast), or its refusal at the file field. */
export async function uploadDocumentAction(request: Request, user: SessionUser, actor: Actor, loadId: string, t: Translate, back: string) {
  return uploadAction(
    loadId,
    t,
    t('loads.documents.refused'),
    () => uploadLoadDocument(user, actor, loadId, request),
    ({ document }) => redirectWithToast(back, { type: 'success', title: t('loads.documents.toast.uploaded', { name: document.fileName }) }),
  )
}

/** A stop button's post (`loadId`, `stopId`, `event`, `version`): recorded, or refused on the page. */
export async function stopEventAction(form: FormData, user: SessionUser, actor: Actor, t: Translate, back: string) {
  const loadId = String(form.get('loadId') ?? '')
  const stopId = String(form.get('stopId') ?? '')
  return intentAction(
    form,
    t,
    {
      stopEvent: intent({
        schema: StopEventSchema,
        run: async (input) => ({ input, load: await recordStopEvent(actor, loadScope(user), { loadId, stopId }, input) }),
        done: ({ input, load }) => {
          const stop = load.stops.find((candidate) => candidate.id === stopId)
          const place = stop?.facilityName || stop?.city || ''
          return redirectWithToast(back, {
            type: 'success',
            title: t(input.event === 'arrive' ? 'loads.stopEvents.arrivedToast' : 'loads.stopEvents.departedToast', { place }),
            description: t('loads.toast.moved', { number: load.loadNumber, status: t(`loads.status.${load.status}`) }),
          })
        },
      }),
    },
    { about: loadId },
  )
}
