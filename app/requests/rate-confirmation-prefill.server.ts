/**
 * The new-load page's side of reading a rate confirmation (ADR 055): the prefill from a source
 * named in the query (`?source=document|mail-attachment&id=`), from the page's upload form, and
 * the source carried by the load form's hidden fields until it is saved. The reading itself is
 * the model's (app/models/loads/rate-confirmation.server.ts), the same as POST /api/loads/extract.
 */
import { data } from 'react-router'

import {
  type BrokerRead,
  type Extraction,
  type FieldState,
  holdUpload,
  type LoadDraft,
  pdfFromUpload,
  readRateConfirmation,
  readSource,
  type SourceFile,
  type SourceKind,
  type SourceUser,
} from '~/models/loads/rate-confirmation.server'
import { isDomainError } from '~/utils/errors.server'
import { centsToDollars } from '~/utils/money'
import { newLoadPath, returnSourceOf } from '~/utils/rate-confirmation-return'

export type PrefillSource = { kind: SourceKind; id: string; fileName: string }
/** What the page shows about the document: marks per field, the scan notice, the broker to add. */
export type PrefillView = { fields: Record<string, FieldState | 'new'>; scanned: boolean; broker: Pick<BrokerRead, 'name' | 'mcNumber'> & { matched: boolean } }
export type Prefill = { source: PrefillSource; view: PrefillView; draft?: LoadDraft }
/** The upload was refused: the message key and its parameters, shown at the upload form. */
export type PrefillError = { message: string; params?: Record<string, unknown> }

const SOURCE_KINDS: readonly string[] = ['document', 'mail-attachment', 'upload']

/** A new load's form: empty (the editor's empty stops), or what a rate confirmation says, in dollars for cents. */
export function newLoadDefaults<Stop>(draft: LoadDraft | undefined, emptyStops: Stop[]) {
  const { linehaulCents, stops = [], charges: _charges, ...rest } = draft ?? {}
  return {
    equipmentType: 'dry_van',
    ...rest,
    ...(linehaulCents ? { linehaul: centsToDollars(linehaulCents) } : {}),
    stops: stops.length ? stops.map((stop) => Object.fromEntries(Object.entries(stop).filter(([, value]) => value !== undefined))) : emptyStops,
    charges: [],
  }
}

/** What the page shows of a prefill: the draft itself goes into the form's defaults. */
export function shownPrefill(prefill: Prefill | null) {
  return prefill ? { source: prefill.source, view: prefill.view } : null
}

function viewOf(extraction: Extraction): PrefillView {
  const { broker } = extraction
  return {
    // A broker read but not on file is marked apart: the select stays empty until one is added.
    fields: broker?.match || extraction.fields.broker !== 'read' ? extraction.fields : { ...extraction.fields, broker: 'new' },
    scanned: extraction.scanned,
    broker: { name: broker?.name ?? null, mcNumber: broker?.mcNumber ?? null, matched: Boolean(broker?.match) },
  }
}

function prefillOf(file: SourceFile, extraction: Extraction): Prefill {
  return { source: { kind: file.kind, id: file.id, fileName: file.fileName }, view: viewOf(extraction), draft: extraction.draft }
}

function refusalOf(error: unknown): PrefillError {
  if (!isDomainError(error)) throw error
  return { message: error.fields?.file?.[0] ?? error.messageKey, params: error.options?.params }
}

/**
 * `?source=document&id=…`, `?source=mail-attachment&id=…` or the user's own held upload
 * (`?source=upload&id=…&name=…`, where "Add a broker" comes back to): the form prefilled from it;
 * one the user may not read is the 404 page. `&brokerId=` picks the broker just added (ADR 103).
 */
export async function prefillFromQuery(user: SourceUser, url: URL): Promise<{ prefill: Prefill | null; error?: PrefillError }> {
  const kind = url.searchParams.get('source')
  if (kind !== 'document' && kind !== 'mail-attachment' && kind !== 'upload') return { prefill: null }
  let file: SourceFile
  try {
    file = await readSource(user, kind, url.searchParams.get('id'), url.searchParams.get('name') ?? undefined)
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    return { prefill: null, error: refusalOf(error) }
  }
  try {
    const prefill = prefillOf(file, await readRateConfirmation(user.organizationId, file.bytes))
    return { prefill: withBroker(prefill, url.searchParams.get('brokerId')) }
  } catch (error) {
    return { prefill: null, error: refusalOf(error) }
  }
}

/** The broker just added from the document, picked (its id is checked as any other at save time). */
function withBroker(prefill: Prefill, brokerId: string | null): Prefill {
  if (!brokerId || !/^[A-Za-z0-9_-]{1,40}$/.test(brokerId)) return prefill
  return {
    ...prefill,
    draft: { ...(prefill.draft ?? { stops: [], charges: [] }), brokerId },
    view: { ...prefill.view, fields: { ...prefill.view.fields, broker: 'read' }, broker: { ...prefill.view.broker, matched: true } },
  }
}

/**
 * "Add a broker" from a rate confirmation (ADR 103): the customer editor's values as the document
 * gives them (name, MC number, address, contact), read from the source the return address names,
 * with the same permission as the new-load page. Null (a plain editor) when it names no readable source.
 */
export async function brokerFromRateConfirmation(user: SourceUser, returnTo: unknown) {
  const target = returnSourceOf(returnTo)
  if (!target) return null
  try {
    const file = await readSource(user, target.kind, target.id, target.fileName)
    const { broker } = await readRateConfirmation(user.organizationId, file.bytes)
    const values = Object.fromEntries(
      Object.entries({ name: broker?.name, mcNumber: broker?.mcNumber, ...broker?.details, type: 'broker' }).filter(([, value]) => value),
    ) as Record<string, string>
    return { values, fileName: file.fileName, returnTo: newLoadPath(target) }
  } catch (error) {
    if (isDomainError(error)) return null
    throw error
  }
}

/** The upload form's PDF: read, and held until the load is saved. */
export async function prefillFromUpload(user: SourceUser, form: FormData): Promise<{ prefill: Prefill } | { uploadError: PrefillError }> {
  try {
    const { bytes, fileName } = await pdfFromUpload(form.get('file'))
    const extraction = await readRateConfirmation(user.organizationId, bytes)
    const token = await holdUpload(user, bytes)
    return { prefill: prefillOf({ kind: 'upload', id: token, fileName, bytes }, extraction) }
  } catch (error) {
    return { uploadError: refusalOf(error) }
  }
}

/** The source the load form carries (hidden `source`, `sourceId`, `sourceName`), if any. */
export function sourceOfForm(form: FormData): PrefillSource | null {
  const kind = form.get('source')
  const id = form.get('sourceId')
  const fileName = form.get('sourceName')
  if (typeof kind !== 'string' || !SOURCE_KINDS.includes(kind) || typeof id !== 'string' || !id) return null
  return { kind: kind as SourceKind, id: id.slice(0, 100), fileName: typeof fileName === 'string' ? fileName.slice(0, 200) : '' }
}

/** The page's notes about the document (hidden `sourceView`), given back after a refused save. Only shown to the same user. */
export function viewOfForm(form: FormData): PrefillView | null {
  const raw = form.get('sourceView')
  if (typeof raw !== 'string' || raw.length > 20_000) return null
  try {
    const parsed = JSON.parse(raw) as PrefillView
    const fields = Object.fromEntries(
      Object.entries(parsed.fields ?? {}).filter(([key, state]) => key.length < 60 && (state === 'read' || state === 'not_found' || state === 'new')),
    ) as PrefillView['fields']
    const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 100) : null)
    return {
      fields,
      scanned: parsed.scanned === true,
      broker: { name: text(parsed.broker?.name), mcNumber: text(parsed.broker?.mcNumber), matched: parsed.broker?.matched === true },
    }
  } catch {
    return null
  }
}

/** The source's PDF at save time, read again with the same permission as when it was shown. */
export function sourceFile(user: SourceUser, source: PrefillSource) {
  return readSource(user, source.kind, source.id, source.fileName)
}
