/**
 * What a tendered load's life sends its partner (ADR 150), called in the transaction that records
 * it, as `emitWebhookEvent` is: a stop's arrival or departure queues a 214 when the partner wants
 * them (`send214`), a sent invoice queues a 210 per tendered load it bills when the partner wants
 * them (`send210`). A load not booked from a tender sends nothing. The interchanges are written by
 * `queueOutbound` (ADR 149), which delivers them through the partner's transport.
 */
import type { ChargeType, Prisma } from '~/generated/prisma/client'
import { organizationTimeZone } from '~/models/organization/organization.server'
import type { Tx } from '~/utils/db.server'
import { zonedWallClock } from '~/utils/time'

import { type ChargeKind, type InvoiceCharge, writeCarrierInvoice } from './invoice-210'
import { storedReferences } from './load-tender-204'
import { FUNCTIONAL_IDS, queueOutbound } from './outbound.server'
import { scacOf } from './response-990'
import type { Party } from './segments'
import { statusCodeFor, writeShipmentStatus } from './status-214'

export type StopEvent = { stopId: string; event: 'arrival' | 'departure'; at: Date }

const LOAD_DETAILS = {
  stops: { orderBy: { sequence: 'asc' } },
  company: { select: { scac: true } },
  broker: { select: { name: true, addressLine1: true, city: true, state: true, postalCode: true } },
  trailer: { select: { unitNumber: true, type: true } },
  truck: { select: { unitNumber: true } },
  charges: { orderBy: { sequence: 'asc' } },
  ediTender: { include: { partner: true } },
} satisfies Prisma.LoadInclude
type LoadDetails = Prisma.LoadGetPayload<{ include: typeof LOAD_DETAILS }>

/** The shipper (first pickup) and consignee (last delivery) N1 loops. */
function stopParties(load: LoadDetails): Party[] {
  const pickup = load.stops.find((stop) => stop.type === 'pickup')
  const delivery = load.stops.findLast((stop) => stop.type === 'delivery')
  const party = (code: string, stop: LoadDetails['stops'][number]): Party => ({
    code,
    name: stop.facilityName || stop.city,
    address: stop.line1,
    city: stop.city,
    state: stop.state,
    postalCode: stop.postalCode,
    country: stop.country,
  })
  return [...(pickup ? [party('SH', pickup)] : []), ...(delivery ? [party('CN', delivery)] : [])]
}

/**
 * The load with what the writers need, when it was booked from a tender whose partner wants `wants`;
 * else null after one look-up by the tender's unique load (most loads stop there).
 */
async function tenderedLoad(tx: Tx, organizationId: string, loadId: string, wants: 'send214' | 'send210') {
  const tender = await tx.ediTender.findFirst({ where: { loadId, organizationId }, select: { partner: { select: { [wants]: true } } } })
  if (!tender?.partner[wants]) return null
  const load = await tx.load.findFirst({ where: { id: loadId, organizationId }, include: LOAD_DETAILS })
  return load?.ediTender ? { load, tender: load.ediTender, partner: load.ediTender.partner } : null
}

/**
 * A 214 per stop event of a tendered load whose partner wants them, in the caller's transaction:
 * arrival at a pickup `X3`, departure `AF`; arrival at a delivery `X1`; departure from the last
 * `D1`, from an earlier one `CD`. Returns the messages queued.
 */
export async function queueStopStatuses(tx: Tx, organizationId: string, loadId: string, events: StopEvent[], now = new Date()) {
  if (events.length === 0) return []
  const found = await tenderedLoad(tx, organizationId, loadId, 'send214')
  if (!found) return []
  const { load, tender, partner } = found
  const timeZone = await organizationTimeZone(organizationId, tx)
  const ordered = events
    .map((event) => ({ ...event, stop: load.stops.find((stop) => stop.id === event.stopId) }))
    .filter((event) => event.stop)
    .sort((a, b) => a.stop!.sequence - b.stop!.sequence || (a.event === 'arrival' ? -1 : 1) - (b.event === 'arrival' ? -1 : 1))
  const queued: string[] = []
  for (const { stop, event, at } of ordered) {
    const last = stop!.id === load.stops.at(-1)?.id
    const set = writeShipmentStatus({
      loadNumber: load.loadNumber,
      shipmentId: tender.shipmentId,
      scac: scacOf(tender.scac || load.company?.scac, partner.ourGsId),
      references: storedReferences(tender.references),
      parties: stopParties(load),
      status: {
        code: statusCodeFor({ type: stop!.type, last }, event),
        at,
        timeZone,
        city: stop!.city,
        state: stop!.state,
        country: stop!.country,
        stopSequence: stop!.sequence,
      },
      equipment: load.trailer
        ? { number: load.trailer.unitNumber, type: load.trailer.type }
        : { number: load.truck?.unitNumber ?? null, type: load.truck ? 'power_only' : null },
      weightLb: load.weightLb,
      pieces: load.pieces,
    })
    const { messageId } = await queueOutbound(tx, {
      organizationId,
      partnerId: partner.id,
      type: '214',
      loadId: load.id,
      functionalId: FUNCTIONAL_IDS['214'],
      sets: [set],
      now,
    })
    queued.push(messageId)
  }
  return queued
}

type InvoiceForEdi = {
  id: string
  organizationId: string
  invoiceNumber: string
  issueDate: Date
  discountCents: number
  taxCents: number
  items: { loadId: string | null; billedLoadId: string | null; title: string; totalCents: number }[]
}

/**
 * A load's lines on the invoice as 210 charges: its linehaul line `400`, each other line of the
 * load by the load charge of the same amount (its type's code, in order), else `MSC`. When the
 * invoice bills this load alone, its lines without a load, the discount and the tax are charges
 * too, so the 210's total is the invoice's.
 */
export function invoiceCharges(invoice: InvoiceForEdi, load: { id: string; charges: { type: ChargeType; amountCents: number }[] }): InvoiceCharge[] {
  const unused = [...load.charges]
  const charges: InvoiceCharge[] = []
  const alone = invoice.items.every((item) => item.loadId === null || item.loadId === load.id)
  for (const item of invoice.items) {
    if (item.loadId !== load.id && !(alone && item.loadId === null)) continue
    let kind: ChargeKind = 'other'
    if (item.billedLoadId === load.id) kind = 'linehaul'
    else if (item.loadId === load.id) {
      const match = unused.findIndex((charge) => charge.amountCents === item.totalCents)
      if (match >= 0) kind = unused.splice(match, 1)[0].type
    }
    charges.push({ kind, description: item.title, amountCents: item.totalCents })
  }
  if (alone && invoice.discountCents) charges.push({ kind: 'discount', description: null, amountCents: -invoice.discountCents })
  if (alone && invoice.taxCents) charges.push({ kind: 'tax', description: null, amountCents: invoice.taxCents })
  return charges
}

/** A 210 per tendered load the sent invoice bills, when its partner wants them; in the caller's transaction. */
export async function queueInvoiceDetails(tx: Tx, invoice: InvoiceForEdi, now = new Date()) {
  const loadIds = [...new Set(invoice.items.flatMap((item) => (item.loadId ? [item.loadId] : [])))]
  const queued: string[] = []
  for (const loadId of loadIds) {
    const found = await tenderedLoad(tx, invoice.organizationId, loadId, 'send210')
    if (!found) continue
    const { load, tender, partner } = found
    const delivered = load.stops.at(-1)?.actualDeparture
    const timeZone = await organizationTimeZone(invoice.organizationId, tx)
    const set = writeCarrierInvoice({
      invoiceNumber: invoice.invoiceNumber,
      shipmentId: tender.shipmentId,
      loadNumber: load.loadNumber,
      scac: scacOf(tender.scac || load.company?.scac, partner.ourGsId),
      invoiceDate: invoice.issueDate,
      deliveredOn: delivered ? zonedWallClock(delivered, timeZone).slice(0, 10) : null,
      references: storedReferences(tender.references),
      parties: [
        {
          code: 'BT',
          name: load.broker.name,
          address: load.broker.addressLine1,
          city: load.broker.city,
          state: load.broker.state,
          postalCode: load.broker.postalCode,
        },
        ...stopParties(load),
      ],
      charges: invoiceCharges(invoice, load),
      weightLb: load.weightLb,
    })
    const { messageId } = await queueOutbound(tx, {
      organizationId: invoice.organizationId,
      partnerId: partner.id,
      type: '210',
      loadId: load.id,
      functionalId: FUNCTIONAL_IDS['210'],
      sets: [set],
      now,
    })
    queued.push(messageId)
  }
  return queued
}
