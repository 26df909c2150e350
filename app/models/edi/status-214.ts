/**
 * The 214 (Transportation Carrier Shipment Status Message, 004010) we send for a tendered load's
 * stop arrival or departure (ADR 150): B10 (our load number, the partner's shipment id, our SCAC),
 * the tender's L11 references, the shipper and consignee N1 loops, then one LX loop with the AT7
 * status (code, reason `NS` normal, date, time and time code), MS1 (the stop's city and state),
 * MS2 (our SCAC and the trailer or truck number), the stop's sequence as an L11 `QN`, and AT8 when
 * the weight is known. Pure: the caller gathers the data, `writeEnvelope` wraps it.
 */
import type { OutboundSet } from './envelope'
import { type Party, partyLoop, type Reference, segment, text, x12DateTime } from './segments'

/** AT7-01 shipment status codes we send: arrived at pickup, departed pickup, arrived at delivery, completed unloading, departed delivery. */
export const STATUS_CODES = ['X3', 'AF', 'X1', 'D1', 'CD'] as const
export type StatusCode = (typeof STATUS_CODES)[number]

/**
 * The code for a stop event: arriving at a pickup `X3`, leaving it `AF`; arriving at a delivery
 * `X1`; leaving the last delivery `D1` (the load is delivered), leaving an earlier one `CD`.
 */
export function statusCodeFor(stop: { type: 'pickup' | 'delivery'; last: boolean }, event: 'arrival' | 'departure'): StatusCode {
  if (stop.type === 'pickup') return event === 'arrival' ? 'X3' : 'AF'
  if (event === 'arrival') return 'X1'
  return stop.last ? 'D1' : 'CD'
}

/** MS2-03 (code list 40) for the app's trailer types. */
const EQUIPMENT_CODES: Record<string, string> = {
  dry_van: 'TV',
  reefer: 'RT',
  flatbed: 'FT',
  step_deck: 'FT',
  lowboy: 'FT',
  tanker: 'TN',
  power_only: 'TA',
  other: 'TL',
}

export type ShipmentStatus = {
  /** B10-01: our reference, the load number. */
  loadNumber: string
  /** B10-02: the partner's shipment id (the 204's B2-04). */
  shipmentId: string
  /** B10-03: our SCAC. */
  scac: string
  references: Reference[]
  /** SH and CN (N1 loops), in the order given. */
  parties: Party[]
  status: {
    code: StatusCode
    /** AT7-02, `NS` (normal status) unless given. */
    reason?: string
    at: Date
    /** The zone the time is written in (its time code says which). */
    timeZone: string
    city: string
    state: string | null
    country?: string | null
    /** The stop's sequence (1…), as L11 `QN`. */
    stopSequence: number
  }
  equipment: { number: string | null; type: string | null }
  weightLb?: number | null
  pieces?: number | null
}

export function writeShipmentStatus(input: ShipmentStatus): OutboundSet {
  const { status } = input
  const when = x12DateTime(status.at, status.timeZone)
  const segments: OutboundSet['segments'] = [segment('B10', [text(input.loadNumber, 30), text(input.shipmentId, 30), text(input.scac, 4)])]
  for (const reference of input.references) segments.push(segment('L11', [text(reference.value, 30), text(reference.qualifier, 3)]))
  for (const party of input.parties) segments.push(...partyLoop(party))
  segments.push(segment('LX', ['1']))
  segments.push(segment('AT7', [status.code, status.reason ?? 'NS', '', '', when.date, when.time, when.timeCode]))
  segments.push(segment('MS1', [text(status.city, 30), status.state ? text(status.state, 2) : '', status.country ? text(status.country, 3) : 'US']))
  const equipmentCode = input.equipment.type ? (EQUIPMENT_CODES[input.equipment.type] ?? 'TL') : ''
  if (input.equipment.number) segments.push(segment('MS2', [text(input.scac, 4), text(input.equipment.number, 10), equipmentCode]))
  segments.push(segment('L11', [String(status.stopSequence), 'QN']))
  if (input.weightLb) segments.push(segment('AT8', ['G', 'L', String(input.weightLb), input.pieces ? String(input.pieces) : '']))
  return { id: '214', segments }
}
