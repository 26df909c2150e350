/** Driver pay against the real database: what a period pays, once only under concurrency, statuses and refusals. */
import { describe, expect, it } from 'vitest'

import {
  addSettlementLine,
  approveSettlement,
  createSettlement,
  deleteSettlement,
  getSettlement,
  paySettlement,
  removeSettlementLine,
  runPay,
  serializeSettlement,
  voidSettlement,
} from '~/models/settlements/settlement.server'
import { cancelOrder } from '~/models/store/store-order.server'
import { settlementScope } from '~/policies/settlement'
import { SettlementCreateSchema, SettlementLineSchema, SettlementPaySchema, SettlementRunSchema } from '~/schemas/settlement'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, fleet, newLoad, type Org, refusal, unique } from '../helpers'

const PERIOD = { periodStart: '2026-12-01', periodEnd: '2026-12-07' }

/** A load of the driver, delivered: its last stop left at `departed` (or no stop times and the load's delivery time). */
async function deliveredLoad(org: Org, driverId: string, fields: Record<string, unknown> = {}, departed: string | null = '2026-12-02T18:00:00Z') {
  const load = await newLoad(org, { brokerId: (await broker(org)).id, ...fields })
  await prisma.load.update({ where: { id: load.id }, data: { status: 'delivered', driverId, deliveryAt: new Date('2026-12-03T15:00:00Z') } })
  if (departed) {
    const stops = await prisma.loadStop.findMany({ where: { loadId: load.id }, orderBy: { sequence: 'asc' } })
    for (const stop of stops)
      await prisma.loadStop.update({ where: { id: stop.id }, data: { actualArrival: new Date(departed), actualDeparture: new Date(departed) } })
  }
  return load
}

const brokers = new Map<string, { id: string }>()
async function broker(org: Org) {
  let found = brokers.get(org.organization.id)
  if (!found) {
    found = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
    brokers.set(org.organization.id, found)
  }
  return found
}

async function setPay(
  org: Org,
  data: { payMethod: 'per_mile' | 'percent' | 'flat'; payRate: number; emptyMileRateCents?: number; recurringDeductions?: unknown },
) {
  await prisma.driverProfile.update({ where: { userId: org.users.driver.id }, data: data as never })
}

async function storeOrder(org: Org, driverId: string, totalCents: number, status: 'placed' | 'canceled' = 'placed') {
  return prisma.storeOrder.create({
    data: {
      organizationId: org.organization.id,
      orderNumber: unique('SO'),
      status,
      chargeTo: 'driver',
      driverId,
      shippingMethod: 'pickup',
      subtotalCents: totalCents,
      totalCents,
    },
  })
}

const create = (org: Org, fields: Record<string, unknown> = {}) =>
  createSettlement(actorOf(org, 'accountant'), SettlementCreateSchema.parse({ driverId: org.users.driver.id, ...PERIOD, ...fields }))

async function driverOrg() {
  const org = await createOrg()
  await fleet(org)
  return org
}

describe('what a period pays', () => {
  it('pays per loaded mile plus empty miles, takes the recurring deductions and the store orders', async () => {
    const org = await driverOrg()
    const driverId = org.users.driver.id
    await setPay(org, {
      payMethod: 'per_mile',
      payRate: 65,
      emptyMileRateCents: 30,
      recurringDeductions: [
        { description: 'ELD lease', amountCents: 2_500 },
        { description: 'Occupational insurance', amountCents: 4_000 },
      ],
    })
    const load = await deliveredLoad(org, driverId, { loadedMiles: 501, emptyMiles: 40 })
    // Delivered before the period, after it, not yet delivered, another driver's: none is paid.
    await deliveredLoad(org, driverId, {}, '2026-11-30T12:00:00Z')
    await deliveredLoad(org, driverId, {}, '2026-12-08T12:00:00Z')
    await newLoad(org, { brokerId: (await broker(org)).id, driverId })
    const order = await storeOrder(org, driverId, 8_999)
    await storeOrder(org, driverId, 1_000, 'canceled')

    const settlement = await create(org)
    expect(settlement.number).toBe('STL-000001')
    expect(settlement.status).toBe('draft')
    // A settlement's money is BIGINT (ADR 089): the model's rows carry bigints, its API numbers.
    const lines = serializeSettlement(settlement).items.map(({ type, loadId, orderId, amountCents }) => ({ type, loadId, orderId, amountCents }))
    expect(lines).toEqual([
      { type: 'load', loadId: load.id, orderId: null, amountCents: 501 * 65 + 40 * 30 },
      { type: 'deduction', loadId: null, orderId: null, amountCents: 2_500 },
      { type: 'deduction', loadId: null, orderId: null, amountCents: 4_000 },
      { type: 'store_order', loadId: null, orderId: order.id, amountCents: 8_999 },
    ])
    expect(serializeSettlement(settlement)).toMatchObject({ grossCents: 33_765, deductionsCents: 15_499, netCents: 33_765 - 15_499 })
    expect(settlement.items[0].description).toContain(load.loadNumber)
  })

  it('pays a percent of the load’s total rounded half up, or a flat rate; a load without stop times counts by its delivery time', async () => {
    const org = await driverOrg()
    const driverId = org.users.driver.id
    await setPay(org, { payMethod: 'percent', payRate: 2_750 })
    // $1,234.57 × 27.5 % = $339.50675 → 33,951 cents.
    await deliveredLoad(org, driverId, { linehaulCents: 123_457 }, null)
    const percent = await create(org)
    expect(percent.items.map((item) => item.amountCents)).toEqual([33_951n])

    const other = await driverOrg()
    await setPay(other, { payMethod: 'flat', payRate: 35_000 })
    await deliveredLoad(other, other.users.driver.id)
    await deliveredLoad(other, other.users.driver.id)
    expect((await create(other)).grossCents).toBe(70_000n)
  })
})

describe('once only', () => {
  it('pays each load and deducts each order once under 10 parallel creations for one driver and period', async () => {
    const org = await driverOrg()
    const driverId = org.users.driver.id
    await setPay(org, { payMethod: 'flat', payRate: 10_000 })
    const loads = await Promise.all([1, 2, 3].map(() => deliveredLoad(org, driverId)))
    const orders = await Promise.all([1, 2].map(() => storeOrder(org, driverId, 500)))
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => create(org)))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'in_use' })
    const items = await prisma.settlementItem.findMany({ where: { organizationId: org.organization.id } })
    expect(
      items
        .filter((item) => item.loadId)
        .map((item) => item.loadId)
        .sort(),
    ).toEqual(loads.map((load) => load.id).sort())
    expect(
      items
        .filter((item) => item.orderId)
        .map((item) => item.orderId)
        .sort(),
    ).toEqual(orders.map((order) => order.id).sort())
  })

  it('deducts a store order on the driver’s next settlement only: the following period does not take it again', async () => {
    const org = await driverOrg()
    const driverId = org.users.driver.id
    const order = await storeOrder(org, driverId, 1_999)
    const first = await create(org)
    expect(first.items.map((item) => item.orderId)).toEqual([order.id])
    const second = await create(org, { periodStart: '2026-12-08', periodEnd: '2026-12-14' })
    expect(second.items.filter((item) => item.type === 'store_order')).toEqual([])
    expect(await prisma.settlementItem.count({ where: { orderId: order.id } })).toBe(1)
  })

  it('the database refuses a second live line for a load, whatever the code does', async () => {
    const org = await driverOrg()
    await deliveredLoad(org, org.users.driver.id)
    const first = await create(org)
    const line = first.items.find((item) => item.type === 'load')!
    await expect(
      prisma.settlementItem.create({
        data: {
          settlementId: first.id,
          organizationId: org.organization.id,
          type: 'load',
          loadId: line.loadId,
          liveLoadId: line.loadId,
          description: 'again',
          amountCents: 1,
        },
      }),
    ).rejects.toThrow()
  })

  it('void frees the loads and the orders: a new settlement takes them again', async () => {
    const org = await driverOrg()
    const driverId = org.users.driver.id
    await setPay(org, { payMethod: 'flat', payRate: 10_000 })
    const load = await deliveredLoad(org, driverId)
    const order = await storeOrder(org, driverId, 700)
    const first = await create(org)
    expect((await refusal(create(org))).code).toBe('in_use')
    const voided = await voidSettlement(actorOf(org, 'accountant'), first.id, first.version)
    expect(voided.status).toBe('void')
    expect(voided.items.every((item) => item.liveLoadId === null && item.liveOrderId === null)).toBe(true)
    const again = await create(org)
    expect(again.items.map((item) => item.loadId ?? item.orderId)).toEqual([load.id, order.id])
    expect(again.netCents).toBe(9_300n)
  })
})

describe('a store order cancelled while a settlement is made', () => {
  it('is either cancelled or deducted, never both, whichever comes first', async () => {
    const org = await driverOrg()
    const driverId = org.users.driver.id
    for (let round = 0; round < 8; round++) {
      const order = await storeOrder(org, driverId, 1_999)
      const [made, canceled] = await Promise.allSettled([create(org), cancelOrder(actorOf(org, 'accountant'), order.id, undefined)])
      const after = await prisma.storeOrder.findUniqueOrThrow({ where: { id: order.id } })
      const live = await prisma.settlementItem.count({ where: { liveOrderId: order.id } })
      expect([after.status, live], `round ${round}`).toEqual(canceled.status === 'fulfilled' ? ['canceled', 0] : ['placed', 1])
      if (made.status === 'fulfilled') await voidSettlement(actorOf(org, 'accountant'), made.value.id, undefined)
    }
  })
})

describe('statuses and refusals', () => {
  it('draft → approved → paid, with the policy’s refusals; drafts take lines and may be deleted', async () => {
    const org = await driverOrg()
    const actor = actorOf(org, 'accountant')
    await setPay(org, { payMethod: 'flat', payRate: 10_000 })
    await deliveredLoad(org, org.users.driver.id)
    let settlement = await create(org)
    settlement = await addSettlementLine(
      actor,
      settlement.id,
      SettlementLineSchema.parse({ type: 'reimbursement', description: 'Scale ticket', amountCents: 1_200, version: settlement.version }),
    )
    settlement = await addSettlementLine(
      actor,
      settlement.id,
      SettlementLineSchema.parse({ type: 'advance', description: 'Fuel advance', amountCents: 3_000, version: settlement.version }),
    )
    expect(settlement).toMatchObject({ grossCents: 11_200n, deductionsCents: 3_000n, netCents: 8_200n })
    const advance = settlement.items.find((item) => item.type === 'advance')!
    settlement = await removeSettlementLine(actor, settlement.id, advance.id, settlement.version)
    expect(settlement.netCents).toBe(11_200n)
    // A stale version is a conflict; paying a draft is refused.
    expect((await refusal(approveSettlement(actor, settlement.id, settlement.version - 1))).code).toBe('conflict')
    expect((await refusal(paySettlement(actor, settlement.id, SettlementPaySchema.parse({ paidAt: '2026-12-08' })))).messageKey).toBe(
      'settlements.errors.payNotApproved',
    )

    settlement = await approveSettlement(actor, settlement.id, settlement.version)
    expect(settlement.status).toBe('approved')
    expect(
      (await refusal(addSettlementLine(actor, settlement.id, SettlementLineSchema.parse({ type: 'advance', description: 'x', amountCents: 1 })))).code,
    ).toBe('in_use')
    expect((await refusal(deleteSettlement(actor, settlement.id, settlement.version))).messageKey).toBe('settlements.errors.keep')
    const future = SettlementPaySchema.parse({ paidAt: '2199-01-01' })
    expect((await refusal(paySettlement(actor, settlement.id, future))).fields).toEqual({ paidAt: ['settlements.errors.paidFuture'] })
    settlement = await paySettlement(actor, settlement.id, SettlementPaySchema.parse({ paidAt: '2026-11-20', method: 'check', reference: 'CHK 1001' }))
    expect(settlement).toMatchObject({ status: 'paid', paidMethod: 'check', paidReference: 'CHK 1001' })
    expect((await refusal(voidSettlement(actor, settlement.id, undefined))).messageKey).toBe('settlements.errors.voidFinal')
    const events = await prisma.auditEvent.findMany({ where: { entity: 'settlement', entityId: settlement.id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] })
    expect(events.map((event) => event.action)).toEqual(['create', 'update', 'update', 'update', 'status', 'status'])

    const draft = await create(org, { periodStart: '2026-12-08', periodEnd: '2026-12-14' })
    await deleteSettlement(actor, draft.id, draft.version)
    expect(await prisma.settlement.count({ where: { id: draft.id } })).toBe(0)
  })

  it('keeps a negative net on the draft but does not approve it', async () => {
    const org = await driverOrg()
    const actor = actorOf(org, 'accountant')
    await setPay(org, { payMethod: 'flat', payRate: 10_000, recurringDeductions: [{ description: 'ELD', amountCents: 15_000 }] })
    await deliveredLoad(org, org.users.driver.id)
    const settlement = await create(org)
    expect(settlement.netCents).toBe(-5_000n)
    expect((await refusal(approveSettlement(actor, settlement.id, settlement.version))).messageKey).toBe('settlements.errors.negativeNet')
  })

  it('refuses bad input and writes nothing: a period that ends before it starts, another organization’s driver, a non-driver', async () => {
    const org = await driverOrg()
    const stranger = await createOrg()
    expect(
      SettlementCreateSchema.safeParse({ driverId: org.users.driver.id, periodStart: '2026-12-07', periodEnd: '2026-12-01' }).error?.issues[0],
    ).toMatchObject({
      path: ['periodEnd'],
      message: 'settlements.errors.endBeforeStart',
    })
    expect(SettlementRunSchema.safeParse({ periodStart: '2026-12-01', periodEnd: '2027-06-01' }).success).toBe(false)
    expect((await refusal(create(org, { driverId: stranger.users.driver.id }))).fields).toEqual({ driverId: ['settlements.errors.unknownDriver'] })
    expect((await refusal(create(org, { driverId: org.users.dispatcher.id }))).fields).toEqual({ driverId: ['settlements.errors.unknownDriver'] })
    expect(await prisma.settlement.count({ where: { organizationId: org.organization.id } })).toBe(0)
    // The numbers taken by refused creations were rolled back with them.
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).nextSettlementNumber).toBe(1)
  })

  it('a driver reads only their own settlements', async () => {
    const org = await driverOrg()
    await deliveredLoad(org, org.users.driver.id)
    const settlement = await create(org)
    const driver = { organizationId: org.organization.id, role: 'driver', id: org.users.driver.id }
    expect((await getSettlement(settlementScope(driver), settlement.id)).id).toBe(settlement.id)
    const otherDriver = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('d')}@example.test`,
        passwordHash: 'x',
        firstName: 'Other',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    expect((await refusal(getSettlement(settlementScope({ ...driver, id: otherDriver.id }), settlement.id))).code).toBe('not_found')
  })
})

describe('run pay for the period', () => {
  it('makes one draft per active driver with something to pay, skips the others, and skips them on a second run', async () => {
    const org = await driverOrg()
    const actor = actorOf(org, 'accountant')
    const idle = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('d')}@example.test`,
        passwordHash: 'x',
        firstName: 'Idle',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    const shopper = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('d')}@example.test`,
        passwordHash: 'x',
        firstName: 'Shop',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    await deliveredLoad(org, org.users.driver.id)
    await storeOrder(org, shopper.id, 2_000)
    expect(await runPay(actor, SettlementRunSchema.parse(PERIOD))).toEqual({ created: 2, drivers: 3 })
    const made = await prisma.settlement.findMany({ where: { organizationId: org.organization.id }, select: { driverId: true } })
    expect(made.map((row) => row.driverId).sort()).toEqual([org.users.driver.id, shopper.id].sort())
    expect(made.some((row) => row.driverId === idle.id)).toBe(false)
    expect(await runPay(actor, SettlementRunSchema.parse(PERIOD))).toEqual({ created: 0, drivers: 3 })
  })
})

describe('settlement numbers', () => {
  /** A driver of the organization with pay settings, and a delivered load in the period when `withLoad`. */
  async function driver(org: Org, withLoad: boolean) {
    const user = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('d')}@example.test`,
        passwordHash: 'x',
        firstName: 'Extra',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    await prisma.driverProfile.create({ data: { organizationId: org.organization.id, userId: user.id, payMethod: 'flat', payRate: 10_000 } })
    if (withLoad) await deliveredLoad(org, user.id)
    return user.id
  }

  it('run on without gaps, as invoice numbers: pay runs that skip drivers, parallel creations and refused ones give their numbers back', async () => {
    const org = await driverOrg()
    const actor = actorOf(org, 'accountant')
    // Drivers with nothing to pay, between drivers with a load: the run skips them.
    const paid = [await driver(org, true), await driver(org, false), await driver(org, true), await driver(org, false), await driver(org, true)]
    const alone = await Promise.all([1, 2, 3].map(() => driver(org, true)))
    const others = alone.map((driverId) => createSettlement(actor, SettlementCreateSchema.parse({ driverId, ...PERIOD })))
    // A run and three creations at once; then a creation the overlap refuses, and a run that makes nothing.
    // The run may reach one of the three first: then that creation is refused (in_use), and it is still one settlement each.
    const [run, ...made] = await Promise.allSettled([runPay(actor, SettlementRunSchema.parse(PERIOD)), ...others])
    for (const result of made) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'in_use' })
    expect(run.status === 'fulfilled' && run.value.created + made.filter((result) => result.status === 'fulfilled').length).toBe(6)
    expect((await refusal(createSettlement(actor, SettlementCreateSchema.parse({ driverId: paid[0], ...PERIOD })))).code).toBe('in_use')
    expect(await runPay(actor, SettlementRunSchema.parse(PERIOD))).toEqual({ created: 0, drivers: 9 })
    const next = await createSettlement(actor, SettlementCreateSchema.parse({ driverId: paid[1], periodStart: '2026-12-08', periodEnd: '2026-12-14' }))

    const numbers = (await prisma.settlement.findMany({ where: { organizationId: org.organization.id }, select: { number: true } })).map((row) => row.number)
    expect(numbers.sort()).toEqual(Array.from({ length: 7 }, (_, i) => `STL-${String(i + 1).padStart(6, '0')}`))
    expect(next.number).toBe('STL-000007')
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).nextSettlementNumber).toBe(8)
  })
})
