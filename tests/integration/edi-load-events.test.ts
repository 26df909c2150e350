/**
 * What a tendered load sends its partner (ADR 150): each stop arrival and departure one 214 with
 * its code (recorded by the driver, or implied by a status button), the sent invoice one 210 whose
 * L3 total is B3-07 and the invoice's total; a load not booked from a tender, or a partner that
 * does not want them, writes nothing.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { receiveInterchange } from '~/models/edi/inbound.server'
import { EDI_WRITTEN_TRANSACTIONS, readInterchange, type Segment } from '~/models/edi/interchange'
import { createPartner } from '~/models/edi/partner.server'
import { createInvoice, sendInvoice } from '~/models/invoices/invoice.server'
import { createLoad } from '~/models/loads/load.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { recordStopEvent } from '~/models/loads/load-stop-events.server'
import { loadScope } from '~/policies/load'
import { InvoiceSchema } from '~/schemas/invoice'
import { LoadSchema } from '~/schemas/load'
import type { LoadStatus } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, fleet, type Org } from '../helpers'

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8')

const STOPS = [
  {
    type: 'pickup',
    facilityName: 'Acme Cold Storage',
    line1: '100 Main St',
    city: 'Dallas',
    state: 'TX',
    postalCode: '75201',
    windowStart: '2026-12-01T08:00',
  },
  { type: 'delivery', facilityName: 'Tulsa Grocers', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
]

/** A dispatched load (linehaul $1,850, fuel $210.75, detention $150), booked from the partner's tender unless `tendered` is false. */
async function setUp({ tendered = true, send214 = true, send210 = true } = {}) {
  const org = await createOrg()
  const { broker, truck, trailer, driverId } = await fleet(org)
  await prisma.broker.update({ where: { id: broker.id }, data: { addressLine1: '1 Broker Way', city: 'Chicago', state: 'IL', postalCode: '60601' } })
  const admin = actorOf(org, 'admin')
  const partner = await createPartner(admin, {
    name: 'Broker A EDI',
    brokerId: broker.id,
    isaQualifier: 'ZZ',
    isaId: 'BROKERA',
    gsId: 'BROKERA',
    ourIsaQualifier: 'ZZ',
    ourIsaId: 'FDCARRIER',
    ourGsId: 'FDCARRIER',
    transport: 'manual',
    send214,
    send210,
  } as never)
  const load = await createLoad(
    admin,
    LoadSchema.parse({
      stops: STOPS,
      brokerId: broker.id,
      driverId,
      truckId: truck.id,
      trailerId: trailer.id,
      linehaulCents: 185_000,
      weightLb: 42_000,
      charges: [
        { type: 'fuel_surcharge', amountCents: 21_075 },
        { type: 'detention', description: 'Two hours', amountCents: 15_000 },
      ],
    }),
  )
  if (tendered) {
    const received = await receiveInterchange(admin, fixture('204-full.edi'))
    await prisma.ediTender.update({ where: { id: received.tenders[0].id }, data: { status: 'accepted', loadId: load.id } })
  }
  await move(org, load.id, 'dispatched')
  return { org, partner: partner!, load, trailer }
}

async function move(org: Org, id: string, status: LoadStatus) {
  const { version } = await prisma.load.findUniqueOrThrow({ where: { id } })
  return moveLoad(actorOf(org, 'dispatcher'), id, { status, version })
}

async function record(org: Org, loadId: string, sequence: number, event: 'arrive' | 'depart', at: string) {
  const current = await prisma.load.findUniqueOrThrow({ where: { id: loadId }, include: { stops: { orderBy: { sequence: 'asc' } } } })
  return recordStopEvent(
    actorOf(org, 'driver'),
    loadScope({ id: org.users.driver.id, organizationId: org.organization.id, role: 'driver' }),
    { loadId, stopId: current.stops[sequence - 1].id },
    { event, at, version: current.version },
  )
}

/** Our messages of a type for the load, each read back strictly: its body's segments. */
async function sent(loadId: string, type: string) {
  const messages = await prisma.ediMessage.findMany({ where: { loadId, type, direction: 'out' }, orderBy: [{ ourControlNumber: 'asc' }] })
  return messages.map((message) => {
    const read = readInterchange(message.raw, EDI_WRITTEN_TRANSACTIONS)
    if (!read.ok) throw new Error(read.code)
    expect(read.interchange.problems).toEqual([])
    const set = read.interchange.groups[0].transactions[0]
    expect(set.problems).toEqual([])
    return { message, segments: set.segments }
  })
}
const find = (segments: Segment[], tag: string) => segments.find((segment) => segment.tag === tag)!.elements

describe('a tendered load’s stop events', () => {
  it('each arrival and departure writes exactly one 214 with its code, place and time', async () => {
    const { org, load, trailer } = await setUp()
    await record(org, load.id, 1, 'arrive', '2026-12-01T14:05:00Z')
    const first = await sent(load.id, '214')
    expect(first).toHaveLength(1)
    expect(first[0].message).toMatchObject({ status: 'sent', delivery: 'manual' })
    const { segments } = first[0]
    expect(find(segments, 'B10')).toEqual(['B10', load.loadNumber, 'SH2002', 'FDCR'])
    // 14:05 UTC written in the organization's zone (America/Chicago, the helpers' default): 08:05 CT.
    expect(find(segments, 'AT7')).toEqual(['AT7', 'X3', 'NS', '', '', '20261201', '0805', 'CT'])
    expect(find(segments, 'MS1')).toEqual(['MS1', 'Dallas', 'TX', 'US'])
    // MS2-02 holds ten characters at most.
    expect(find(segments, 'MS2')).toEqual(['MS2', 'FDCR', trailer.unitNumber.slice(0, 10), 'TV'])
    expect(segments.filter((segment) => segment.tag === 'L11').map((segment) => segment.elements.slice(1))).toEqual(expect.arrayContaining([['1', 'QN']]))

    await record(org, load.id, 1, 'depart', '2026-12-01T15:10:00Z')
    await record(org, load.id, 2, 'arrive', '2026-12-02T14:40:00Z')
    await record(org, load.id, 2, 'depart', '2026-12-02T16:00:00Z')
    const all = await sent(load.id, '214')
    expect(all.map(({ segments: each }) => find(each, 'AT7')[1])).toEqual(['X3', 'AF', 'X1', 'D1'])
    expect(all.map(({ segments: each }) => find(each, 'MS1')[1])).toEqual(['Dallas', 'Dallas', 'Tulsa', 'Tulsa'])
    expect((await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).status).toBe('delivered')
  })

  it('a status button that implies stop times writes a 214 for each', async () => {
    const { org, load } = await setUp()
    await move(org, load.id, 'at_pickup')
    await move(org, load.id, 'in_transit')
    const all = await sent(load.id, '214')
    expect(all.map(({ segments }) => find(segments, 'AT7')[1])).toEqual(['X3', 'AF'])
  })

  it('a load not from a tender, or a partner that wants no 214, writes nothing', async () => {
    const plain = await setUp({ tendered: false })
    await record(plain.org, plain.load.id, 1, 'arrive', '2026-12-01T14:05:00Z')
    expect(await prisma.ediMessage.count({ where: { organizationId: plain.org.organization.id, direction: 'out', type: { not: '997' } } })).toBe(0)
    const quiet = await setUp({ send214: false })
    await record(quiet.org, quiet.load.id, 1, 'arrive', '2026-12-01T14:05:00Z')
    expect(await prisma.ediMessage.count({ where: { organizationId: quiet.org.organization.id, direction: 'out', type: '214' } })).toBe(0)
  })
})

async function deliverAndInvoice(org: Org, loadId: string, fields: Record<string, unknown> = {}) {
  await record(org, loadId, 1, 'arrive', '2026-12-01T14:05:00Z')
  await record(org, loadId, 1, 'depart', '2026-12-01T15:10:00Z')
  await record(org, loadId, 2, 'arrive', '2026-12-02T14:40:00Z')
  await record(org, loadId, 2, 'depart', '2026-12-02T16:00:00Z')
  const { broker } = await prisma.load.findUniqueOrThrow({ where: { id: loadId }, select: { broker: true } })
  const draft = await createInvoice(actorOf(org, 'admin'), InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-12-03', loadIds: [loadId], ...fields }))
  return sendInvoice(actorOf(org, 'admin'), draft.id, draft.version)
}

describe('a tendered load’s invoice', () => {
  it('sent, writes one 210 whose L3 total is B3-07 and the invoice’s total, its charges coded', async () => {
    const { org, load } = await setUp()
    const invoice = await deliverAndInvoice(org, load.id, {
      items: [{ title: 'Scale ticket', quantity: 1, unitPriceCents: 1_250 }],
      discountCents: 2_000,
      taxCents: 500,
    })
    // 1,850.00 + 210.75 + 150.00 + 12.50 − 20.00 + 5.00 = 2,208.25
    expect(invoice.totalCents).toBe(220_825)
    const invoices = await sent(load.id, '210')
    expect(invoices).toHaveLength(1)
    const { segments } = invoices[0]
    const b3 = find(segments, 'B3')
    expect(b3).toEqual(['B3', '', invoice.invoiceNumber, 'SH2002', 'PP', 'L', '20261203', '220825', '', '20261202', '035', 'FDCR'])
    expect(find(segments, 'L3')[5]).toBe(b3[7])
    expect(Number(b3[7])).toBe(invoice.totalCents)
    expect(segments.filter((segment) => segment.tag === 'L1').map((segment) => [segment.elements[4], segment.elements[8]])).toEqual([
      ['185000', '400'],
      ['21075', 'FUE'],
      ['15000', 'DET'],
      ['1250', 'MSC'],
      ['-2000', 'DSC'],
      ['500', 'TAX'],
    ])
    expect(segments.filter((segment) => segment.tag === 'N1').map((segment) => segment.elements[1])).toEqual(['BT', 'SH', 'CN'])
  })

  it('of a load not from a tender, or to a partner that wants no 210, writes none', async () => {
    const plain = await setUp({ tendered: false })
    await deliverAndInvoice(plain.org, plain.load.id)
    expect(await prisma.ediMessage.count({ where: { organizationId: plain.org.organization.id, direction: 'out', type: { in: ['214', '210'] } } })).toBe(0)
    const quiet = await setUp({ send210: false })
    await deliverAndInvoice(quiet.org, quiet.load.id)
    expect(await prisma.ediMessage.count({ where: { organizationId: quiet.org.organization.id, type: '210' } })).toBe(0)
    expect(await prisma.ediMessage.count({ where: { organizationId: quiet.org.organization.id, type: '214' } })).toBe(4)
  })
})
