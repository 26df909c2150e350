/**
 * A 204 (Motor Carrier Load Tender, 004010) read into a tender: B2-04 the shipment, B2A-01 the
 * purpose (00 new, 04 change, 01 cancel), G62*64 the respond-by time, L11 the references, the S5
 * loops their stops (N1/N3/N4 the place, G62 the window), N7-11 the equipment, L3 the weight and
 * the charge (L3-05, implied two decimals: cents). What a tender needs and is missing or malformed
 * becomes an AK3/AK4 fault on the transaction set (ADR 147). Pure: the time zone is given.
 */
import { zonedInstant } from '~/utils/time'

import { element, type Segment, type SegmentFault, type TransactionSet } from './interchange'

export type TenderPurpose = 'new' | 'change' | 'cancel'
export type TenderReference = { qualifier: string; value: string }

/** References as a tender or its stop keeps them (a JSON array; anything else reads as none). */
export const storedReferences = (value: unknown) => (Array.isArray(value) ? (value as TenderReference[]) : [])

export type TenderStopDraft = {
  sequence: number
  reason: string
  kind: 'pickup' | 'delivery' | 'other'
  name: string | null
  address: string | null
  city: string | null
  state: string | null
  postalCode: string | null
  windowStart: Date | null
  windowEnd: Date | null
  weightLb: number | null
  references: TenderReference[]
}

export type TenderDraft = {
  shipmentId: string
  purpose: TenderPurpose
  scac: string | null
  respondBy: Date | null
  references: TenderReference[]
  weightLb: number | null
  equipmentType: string | null
  rateCents: number | null
  stops: TenderStopDraft[]
}

const PURPOSES: Record<string, TenderPurpose> = { '00': 'new', '04': 'change', '01': 'cancel' }
const PICKUP_REASONS = new Set(['CL', 'LD', 'PL'])
const DELIVERY_REASONS = new Set(['CU', 'UL', 'PU'])
/** G62-01 qualifiers that open a stop's window, and those that close it. */
const WINDOW_START = new Set(['37', '53', '69', '70', '10', '68'])
const WINDOW_END = new Set(['38', '54'])
/** G62-05 time codes → zones; LT (local) and none read in the organization's zone. */
const ZONES: Record<string, string> = {
  ET: 'America/New_York',
  ES: 'America/New_York',
  ED: 'America/New_York',
  CT: 'America/Chicago',
  CS: 'America/Chicago',
  CD: 'America/Chicago',
  MT: 'America/Denver',
  MS: 'America/Denver',
  MD: 'America/Denver',
  PT: 'America/Los_Angeles',
  PS: 'America/Los_Angeles',
  PD: 'America/Los_Angeles',
  UT: 'UTC',
  GM: 'UTC',
  Z: 'UTC',
}
const KG_IN_LB = 2.20462

type Fault = SegmentFault['element'] & object

function validDate(value: string) {
  if (!/^\d{8}$/.test(value)) return false
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replaceAll('-', '') === value
}
const validTime = (value: string) => /^([01]\d|2[0-3])[0-5]\d([0-5]\d)?$/.test(value)

/** Reads a 204 transaction set: the tender, or its faults added to the set (its AK3/AK4 and an AK5 code 5). */
export function readLoadTender(set: TransactionSet, timeZone: string): TenderDraft | null {
  const faults: SegmentFault[] = []
  // Position in the transaction set as AK3-02 counts it (ST is 1).
  const at = (segment: Segment) => set.segments.indexOf(segment) + 1
  const fault = (segment: Segment, code: SegmentFault['code'], bad?: Fault) =>
    faults.push({ tag: segment.tag, position: at(segment), code, ...(bad ? { element: bad } : {}) })
  const missing = (tag: string) => faults.push({ tag, position: set.segments.length, code: '3' })

  const instant = (segment: Segment): Date | null => {
    const date = element(segment, 2)
    const time = element(segment, 4)
    if (!validDate(date)) {
      fault(segment, '8', { position: 2, reference: '373', code: date ? '8' : '1', value: date })
      return null
    }
    if (time && !validTime(time)) {
      fault(segment, '8', { position: 4, reference: '337', code: '9', value: time })
      return null
    }
    const zone = ZONES[element(segment, 5)] ?? timeZone
    const hhmm = time ? `${time.slice(0, 2)}:${time.slice(2, 4)}` : '00:00'
    return zonedInstant(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${hhmm}`, zone)
  }
  const digits = (segment: Segment, index: number, reference: string): number | null => {
    const value = element(segment, index)
    if (value === '') return null
    if (!/^-?\d+(\.\d+)?$/.test(value)) {
      fault(segment, '8', { position: index, reference, code: '6', value })
      return null
    }
    return Number(value)
  }

  const body = set.segments.slice(1, set.segments.at(-1)?.tag === 'SE' ? -1 : undefined)
  const b2 = body.find((segment) => segment.tag === 'B2')
  const b2a = body.find((segment) => segment.tag === 'B2A')
  if (!b2) missing('B2')
  else if (!element(b2, 4).trim()) fault(b2, '8', { position: 4, reference: '145', code: '1' })
  let purpose: TenderPurpose | undefined
  if (!b2a) missing('B2A')
  else {
    purpose = PURPOSES[element(b2a, 1)]
    if (!purpose) fault(b2a, '8', { position: 1, reference: '353', code: element(b2a, 1) ? '7' : '1', value: element(b2a, 1) })
  }

  // The heading (before the first S5) and the stop loops.
  const firstStop = body.findIndex((segment) => segment.tag === 'S5')
  const heading = firstStop === -1 ? body : body.slice(0, firstStop)
  const loops: Segment[][] = []
  if (firstStop !== -1)
    for (const segment of body.slice(firstStop)) {
      if (segment.tag === 'S5') loops.push([segment])
      else if (['L3', 'SE'].includes(segment.tag)) break
      else loops.at(-1)!.push(segment)
    }

  const references = (segments: Segment[]) =>
    segments
      .filter((segment) => segment.tag === 'L11' && element(segment, 1))
      .map((segment) => ({ qualifier: element(segment, 2), value: element(segment, 1) }))
  let respondBy: Date | null = null
  for (const segment of heading) if (segment.tag === 'G62' && element(segment, 1) === '64') respondBy = instant(segment)
  const n7 = heading.find((segment) => segment.tag === 'N7')
  const l3 = body.find((segment) => segment.tag === 'L3')

  const stops: TenderStopDraft[] = []
  const sequences = new Set<number>()
  for (const loop of loops) {
    const s5 = loop[0]
    const sequenceText = element(s5, 1)
    if (!/^\d{1,3}$/.test(sequenceText)) {
      fault(s5, '8', { position: 1, reference: '165', code: sequenceText ? '6' : '1', value: sequenceText })
      continue
    }
    const sequence = Number(sequenceText)
    if (sequences.has(sequence)) {
      fault(s5, '8', { position: 1, reference: '165', code: '7', value: sequenceText })
      continue
    }
    sequences.add(sequence)
    const reason = element(s5, 2)
    if (!reason) fault(s5, '8', { position: 2, reference: '163', code: '1' })
    let weight = digits(s5, 3, '81')
    if (weight !== null && element(s5, 4) === 'K') weight = weight * KG_IN_LB
    let windowStart: Date | null = null
    let windowEnd: Date | null = null
    for (const segment of loop.filter((each) => each.tag === 'G62')) {
      const when = instant(segment)
      if (WINDOW_START.has(element(segment, 1)) && !windowStart) windowStart = when
      if (WINDOW_END.has(element(segment, 1))) windowEnd = when
    }
    // The place: the loop's first N1 with what follows it (N3 address, N4 city, state, postal code).
    const n1 = loop.findIndex((segment) => segment.tag === 'N1')
    const place = n1 === -1 ? [] : loop.slice(n1)
    const n3 = place.find((segment) => segment.tag === 'N3')
    const n4 = place.find((segment) => segment.tag === 'N4')
    stops.push({
      sequence,
      reason,
      kind: PICKUP_REASONS.has(reason) ? 'pickup' : DELIVERY_REASONS.has(reason) ? 'delivery' : 'other',
      name: n1 === -1 ? null : element(loop[n1], 2) || null,
      address: n3 ? [element(n3, 1), element(n3, 2)].filter(Boolean).join(', ') || null : null,
      city: n4 ? element(n4, 1) || null : null,
      state: n4 ? element(n4, 2) || null : null,
      postalCode: n4 ? element(n4, 3) || null : null,
      windowStart,
      windowEnd: windowEnd ?? windowStart,
      weightLb: weight === null ? null : Math.round(weight),
      references: references(loop),
    })
  }
  if (purpose && purpose !== 'cancel' && loops.length === 0) missing('S5')

  let weightLb: number | null = null
  let rateCents: number | null = null
  if (l3) {
    const weight = digits(l3, 1, '81')
    if (weight !== null) weightLb = Math.round(element(l3, 12) === 'K' ? weight * KG_IN_LB : weight)
    const charge = element(l3, 5)
    if (charge !== '') {
      // L3-05 is N2: whole cents, no decimal point.
      if (!/^\d{1,12}$/.test(charge)) fault(l3, '8', { position: 5, reference: '58', code: '6', value: charge })
      else rateCents = Number(charge)
    }
  }
  if (weightLb === null) {
    const pickups = stops.filter((stop) => stop.kind === 'pickup' && stop.weightLb !== null)
    if (pickups.length) weightLb = pickups.reduce((sum, stop) => sum + (stop.weightLb ?? 0), 0)
  }

  if (faults.length || !b2 || !purpose) {
    set.faults.push(...faults)
    for (const each of faults)
      set.problems.push({ code: 'tender_invalid', params: { tag: each.tag, position: each.position, element: each.element?.position ?? 0 } })
    if (!set.ak5Codes.includes('5')) set.ak5Codes.push('5')
    return null
  }
  return {
    shipmentId: element(b2, 4).trim(),
    purpose,
    scac: element(b2, 2) || null,
    respondBy,
    references: references(heading),
    weightLb,
    equipmentType: n7 ? element(n7, 11) || null : null,
    rateCents,
    stops,
  }
}
