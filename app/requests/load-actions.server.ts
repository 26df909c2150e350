/**
 * The load page actions that two pages share (the load's own page and a driver's "My loads"):
 * a document upload and a stop's arrival or departure. Each answers a redirect with a toast, or
 * its refusal as data for the page (tagged with the load it concerns), never an error page.
 */
import { data } from 'react-router'
import type { Actor } from '~/models/audit.server'
import type { SessionUser } from '~/models/auth.server'
import { uploadLoadDocument } from '~/models/load-document.server'
import { loadViewer, recordStopEvent } from '~/models/load.server'
import { StopEventSchema } from '~/schemas/load'
import { isDomainError, type DomainError } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** A refused status move or stop: the message, the reasons behind it, and whether a reload helps. */
export type Refusal = { loadId: string; conflict: boolean; message: string; reasons: string[]; busyLoad?: { id: string; loadNumber: string } }

export function refusalOf(error: DomainError, loadId: string, t: Translate): Refusal {
  const params = error.options.params ?? {}
  const reasons = Object.values(error.fields ?? {}).flatMap((keys) => keys.map((key) => t(key, params)))
  // A dispatch refused because the driver or equipment is on another load links to that load.
  const busyLoad = typeof params.busyLoadId === 'string' ? { id: params.busyLoadId, loadNumber: String(params.loadNumber) } : undefined
  return { loadId, conflict: error.code === 'conflict', message: t(error.messageKey, params), reasons, ...(busyLoad ? { busyLoad } : {}) }
}

/** What the upload form shows when the file is refused: a summary, and the messages at its fields. */
export type UploadRefusal = { loadId: string; message: string; fields: Record<string, string[]> }

/** The upload form's post: stored and listed (back to `back` with a toast), or its refusal. */
export async function uploadDocumentAction(request: Request, user: SessionUser, actor: Actor, loadId: string, t: Translate, back: string) {
  try {
    const { document } = await uploadLoadDocument(user, actor, loadId, request)
    return redirectWithToast(back, { type: 'success', title: t('loads.documents.toast.uploaded', { name: document.fileName }) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'not_found') throw data(null, { status: 404 })
    const params = error.options.params ?? {}
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([field, keys]) => [field, keys.map((key) => t(key, params))]))
    const upload: UploadRefusal = {
      loadId,
      message: t('loads.documents.refused'),
      fields: Object.keys(fields).length ? fields : { file: [t(error.messageKey, params)] },
    }
    return data({ upload }, { status: error.status })
  }
}

/** A stop button's post (`loadId`, `stopId`, `event`, `version`): recorded, or refused on the page. */
export async function stopEventAction(form: FormData, user: SessionUser, actor: Actor, t: Translate, back: string) {
  const loadId = String(form.get('loadId') ?? '')
  const stopId = String(form.get('stopId') ?? '')
  const parsed = StopEventSchema.safeParse({ event: form.get('event') ?? undefined, version: form.get('version') ?? undefined })
  if (!parsed.success) return data({ refusal: { loadId, conflict: false, message: t('validation.failed'), reasons: [] } satisfies Refusal }, { status: 400 })
  try {
    const load = await recordStopEvent(actor, loadViewer(user), { loadId, stopId }, parsed.data)
    const stop = load.stops.find((candidate) => candidate.id === stopId)
    const place = stop?.facilityName || stop?.city || ''
    return redirectWithToast(back, {
      type: 'success',
      title: t(parsed.data.event === 'arrive' ? 'loads.stopEvents.arrivedToast' : 'loads.stopEvents.departedToast', { place }),
      description: t('loads.toast.moved', { number: load.loadNumber, status: t(`loads.status.${load.status}`) }),
    })
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'not_found') throw data(null, { status: 404 })
    return data({ refusal: refusalOf(error, loadId, t) }, { status: error.status })
  }
}
