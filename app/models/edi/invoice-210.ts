/**
 * The 210 (Motor Carrier Freight Details and Invoice, 004010) we send when a tendered load's
 * invoice is sent (ADR 150): B3 (invoice number, the partner's shipment id, method of payment,
 * invoice date, B3-07 the net amount due in N2 — the cents' digits —, delivery date, our SCAC),
 * C3 `USD`, N9 references (our load number as `CN`, the tender's references), the bill-to, shipper
 * and consignee N1 loops, one LX loop per charge (L5 description, L1 with rate, N2 charge and its
 * special charge code), and L3 whose charge is the same total as B3-07. Pure.
 */
import type { OutboundSet } from './envelope'
import { n2, type Party, partyLoop, type Reference, segment, text, x12Date } from './segments'

/** What a line bills: the linehaul or one of the app's charge types (ChargeType), else other. */
export type ChargeKind = 'linehaul' | 'fuel_surcharge' | 'detention' | 'layover' | 'lumper' | 'tonu' | 'stop_off' | 'discount' | 'tax' | 'other'

/** L1-08 special charge codes (code list 150, as freight partners' guides use them). */
export const CHARGE_CODES: Record<ChargeKind, string> = {
  linehaul: '400',
  fuel_surcharge: 'FUE',
  detention: 'DET',
  layover: 'LAY',
  lumper: 'LUM',
  tonu: 'TON',
  stop_off: 'SOC',
  discount: 'DSC',
  tax: 'TAX',
  other: 'MSC',
}

export type InvoiceCharge = { kind: ChargeKind; description: string | null; amountCents: number }

export type CarrierInvoice = {
  /** B3-02 */
  invoiceNumber: string
  /** B3-03: the partner's shipment id. */
  shipmentId: string
  /** Our load number, N9 `CN` (carrier's reference). */
  loadNumber: string
  scac: string
  /** B3-04: PP prepaid (default), CC collect, TP third party. */
  paymentMethod?: 'PP' | 'CC' | 'TP'
  /** B3-06, the invoice date (`YYYY-MM-DD`). */
  invoiceDate: string | Date
  /** B3-09 with B3-10 `035` (delivered), when known. */
  deliveredOn?: string | Date | null
  references: Reference[]
  /** BT, SH, CN (N1 loops), in the order given. */
  parties: Party[]
  charges: InvoiceCharge[]
  weightLb?: number | null
}

/** The total B3-07 and L3-05 say: the charges' sum, in cents. */
export function invoiceTotalCents(charges: InvoiceCharge[]) {
  return charges.reduce((sum, charge) => sum + charge.amountCents, 0)
}

const dollars = (cents: number) => (cents / 100).toFixed(2)

export function writeCarrierInvoice(input: CarrierInvoice): OutboundSet {
  const total = invoiceTotalCents(input.charges)
  const delivered = input.deliveredOn ? x12Date(input.deliveredOn) : ''
  const segments: OutboundSet['segments'] = [
    segment('B3', [
      '',
      text(input.invoiceNumber, 22),
      text(input.shipmentId, 30),
      input.paymentMethod ?? 'PP',
      input.weightLb ? 'L' : '',
      x12Date(input.invoiceDate),
      n2(total),
      '',
      delivered,
      delivered ? '035' : '',
      text(input.scac, 4),
    ]),
    segment('C3', ['USD']),
    segment('N9', ['CN', text(input.loadNumber, 30)]),
  ]
  for (const reference of input.references) segments.push(segment('N9', [text(reference.qualifier, 3), text(reference.value, 30)]))
  for (const party of input.parties) segments.push(...partyLoop(party))
  input.charges.forEach((charge, index) => {
    const line = String(index + 1)
    segments.push(segment('LX', [line]))
    if (charge.description) segments.push(segment('L5', [line, text(charge.description, 50)]))
    segments.push(segment('L1', [line, dollars(charge.amountCents), 'FR', n2(charge.amountCents), '', '', '', CHARGE_CODES[charge.kind]]))
  })
  segments.push(segment('L3', [input.weightLb ? String(input.weightLb) : '', input.weightLb ? 'G' : '', '', '', n2(total)]))
  return { id: '210', segments }
}
