/**
 * The analytics and banking dashboards (app/models/analytics.server.ts): revenue by delivery week
 * on the organization's calendar, aging buckets at their day boundaries, payments and cash per
 * week, each organization's numbers its own; and the pages' roles.
 */
import { describe, expect, it } from 'vitest'

import { fleetAnalytics, fuelEconomy, receivables, weeks, weekStart } from '~/models/analytics.server'
import { organizationToday } from '~/models/organization/organization.server'
import * as analyticsPage from '~/routes/dashboard/analytics'
import * as bankingPage from '~/routes/dashboard/banking'
import { addDays } from '~/schemas/invoice-options'
import { prisma } from '~/utils/db.server'

import { createOrg, unique } from '../helpers'
import { callPage as call, type Handler } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function broker(org: Org, name = unique('Broker')) {
  return prisma.broker.create({ data: { organizationId: org.organization.id, name } })
}

/** A load delivered at `at` (a UTC instant) for `totalCents`, over `miles` loaded and 10 empty. */
async function delivered(
  org: Org,
  brokerId: string,
  at: Date,
  totalCents: number,
  extra: { truckId?: string; miles?: number; status?: 'delivered' | 'invoiced' | 'booked' } = {},
) {
  return prisma.load.create({
    data: {
      organizationId: org.organization.id,
      brokerId,
      loadNumber: unique('L'),
      status: extra.status ?? 'delivered',
      deliveryAt: at,
      totalCents,
      linehaulCents: totalCents,
      loadedMiles: extra.miles ?? 90,
      emptyMiles: 10,
      truckId: extra.truckId,
    },
  })
}

/** An open invoice of `totalCents` due on `dueDate`, `paidCents` of it paid. */
async function invoice(
  org: Org,
  brokerId: string,
  dueDate: string,
  totalCents: number,
  paidCents = 0,
  status: 'sent' | 'partially_paid' | 'paid' | 'draft' | 'void' = paidCents ? 'partially_paid' : 'sent',
) {
  return prisma.invoice.create({
    data: {
      organizationId: org.organization.id,
      brokerId,
      invoiceNumber: unique('INV'),
      status,
      issueDate: new Date(`${addDays(dueDate, -30)}T00:00:00Z`),
      dueDate: new Date(`${dueDate}T00:00:00Z`),
      subtotalCents: totalCents,
      totalCents,
      amountPaidCents: paidCents,
      payments: paidCents ? { create: [{ amountCents: paidCents, paidAt: new Date(`${addDays(dueDate, -5)}T00:00:00Z`) }] } : undefined,
    },
  })
}

describe('weeks', () => {
  it('start on Monday and end with the current one (or start with it, forward)', () => {
    expect(weekStart('2026-11-24')).toBe('2026-11-23')
    expect(weekStart('2026-11-23')).toBe('2026-11-23')
    expect(weekStart('2026-11-29')).toBe('2026-11-23')
    expect(weeks('2026-11-24', 3)).toEqual(['2026-11-09', '2026-11-16', '2026-11-23'])
    expect(weeks('2026-11-24', 2, true)).toEqual(['2026-11-23', '2026-11-30'])
  })
})

describe('fleet analytics', () => {
  it('counts delivered and invoiced loads in their delivery week on the organization’s calendar, per truck and per broker', async () => {
    const org = await createOrg()
    // New York: a delivery at 02:00 UTC on a Monday is still Sunday evening there (the week before).
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'America/New_York' } })
    const today = await organizationToday(org.organization.id)
    const monday = weekStart(today)
    const acme = await broker(org, 'Acme')
    const zenith = await broker(org, 'Zenith')
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T') } })
    await delivered(org, acme.id, new Date(`${monday}T15:00:00Z`), 100_000, { truckId: truck.id })
    await delivered(org, zenith.id, new Date(`${monday}T02:00:00Z`), 50_000, { status: 'invoiced' })
    // Not revenue: booked, or delivered before the 12 weeks.
    await delivered(org, acme.id, new Date(`${monday}T15:00:00Z`), 999_999, { status: 'booked' })
    await delivered(org, acme.id, new Date(`${addDays(monday, -12 * 7)}T15:00:00Z`), 777_700)
    const other = await createOrg()
    await delivered(other, (await broker(other)).id, new Date(`${monday}T15:00:00Z`), 123_400)

    const result = await fleetAnalytics(org.organization.id)
    expect(result.revenuePerWeek).toHaveLength(12)
    expect(result.revenuePerWeek.at(-1)).toEqual({ week: monday, cents: 100_000 })
    expect(result.revenuePerWeek.at(-2)).toEqual({ week: addDays(monday, -7), cents: 50_000 })
    expect(result.revenue).toEqual({ loads: 2, cents: 150_000, miles: 200, centsPerMile: 750 })
    expect(result.trucks).toEqual([{ id: truck.id, unitNumber: truck.unitNumber, loads: 1, cents: 100_000, miles: 100, centsPerMile: 1000 }])
    expect(result.brokers.map((row) => [row.name, row.cents])).toEqual([
      ['Acme', 100_000],
      ['Zenith', 50_000],
    ])
    expect(result.loadsByStatus).toEqual({ delivered: 2, invoiced: 1, booked: 1 })
  })
})

describe('fuel economy', () => {
  it('gives each unit’s miles, gallons, fuel cost, MPG and cost per mile by month, each organization its own', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const today = await organizationToday(org.organization.id)
    const month = today.slice(0, 7)
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'MPG-1' } })
    const trip = await prisma.trip.create({
      data: {
        organizationId: org.organization.id,
        truckId: truck.id,
        startedAt: new Date(`${month}-01`),
        endedAt: new Date(`${month}-01`),
        startOdometer: 0,
        endOdometer: 1_000,
      },
    })
    await prisma.tripJurisdiction.createMany({
      data: [
        { tripId: trip.id, jurisdiction: 'TX', miles: 650, taxableMiles: 650 },
        { tripId: trip.id, jurisdiction: 'MX', miles: 350, taxableMiles: 350 },
      ],
    })
    for (const [gallonsMilli, totalCents] of [
      [100_250, 40_100],
      [60_000, 23_999],
    ])
      await prisma.fuelPurchase.create({
        data: { organizationId: org.organization.id, truckId: truck.id, purchasedAt: new Date(`${month}-01`), jurisdiction: 'TX', gallonsMilli, totalCents },
      })
    const otherTruck = await prisma.truck.create({ data: { organizationId: other.organization.id, unitNumber: 'MPG-9' } })
    await prisma.fuelPurchase.create({
      data: {
        organizationId: other.organization.id,
        truckId: otherTruck.id,
        purchasedAt: new Date(`${month}-01`),
        jurisdiction: 'TX',
        gallonsMilli: 1_000,
        totalCents: 400,
      },
    })
    const { rows } = await fuelEconomy(org.organization.id)
    // 1,000 miles on 160.25 gallons: 6.24 MPG; $640.99 of fuel: 64 cents a mile (64.099 → 64).
    expect(rows).toEqual([
      { truckId: truck.id, unitNumber: 'MPG-1', month, miles: 1_000, gallonsMilli: 160_250, cents: 64_099, mpgHundredths: 624, centsPerMile: 64 },
    ])
  })
})

describe('receivables', () => {
  it('ages open balances by days past due at each bucket’s boundary, and leaves drafts, paid and void invoices out', async () => {
    const org = await createOrg()
    const today = await organizationToday(org.organization.id)
    const { id: brokerId } = await broker(org)
    await invoice(org, brokerId, today, 1_000) // due today: current
    await invoice(org, brokerId, addDays(today, -1), 2_000) // 1 day
    await invoice(org, brokerId, addDays(today, -30), 3_000, 1_000) // 30 days, 2,000 left
    await invoice(org, brokerId, addDays(today, -31), 4_000) // 31
    await invoice(org, brokerId, addDays(today, -60), 5_000)
    await invoice(org, brokerId, addDays(today, -61), 6_000)
    await invoice(org, brokerId, addDays(today, -90), 7_000)
    await invoice(org, brokerId, addDays(today, -91), 8_000)
    await invoice(org, brokerId, addDays(today, -91), 9_000, 9_000, 'paid')
    await invoice(org, brokerId, addDays(today, -91), 9_000, 0, 'draft')
    await invoice(org, brokerId, addDays(today, -91), 9_000, 0, 'void')
    const other = await createOrg()
    await invoice(other, (await broker(other)).id, addDays(today, -91), 50_000)

    const result = await receivables(org.organization.id)
    expect(result.aging).toEqual([
      { bucket: 'current', invoices: 1, cents: 1_000 },
      { bucket: 'days1to30', invoices: 2, cents: 4_000 },
      { bucket: 'days31to60', invoices: 2, cents: 9_000 },
      { bucket: 'days61to90', invoices: 2, cents: 13_000 },
      { bucket: 'over90', invoices: 1, cents: 8_000 },
    ])
    expect(result.open).toEqual({ invoices: 8, cents: 35_000 })
    expect(result.overdueCents).toBe(34_000)
  })

  it('sums payments by the week they were received, and open balances by the week they fall due', async () => {
    const org = await createOrg()
    const today = await organizationToday(org.organization.id)
    const monday = weekStart(today)
    const { id: brokerId } = await broker(org)
    // Due next week, 3,000 of 10,000 paid five days before: the payment counts where it was received.
    const nextWeek = addDays(monday, 7)
    await invoice(org, brokerId, nextWeek, 10_000, 3_000)
    await invoice(org, brokerId, addDays(monday, 8 * 7), 4_000) // beyond the 8 weeks shown
    const result = await receivables(org.organization.id)
    expect(result.cashPerWeek).toHaveLength(8)
    expect(result.cashPerWeek.find((row) => row.week === nextWeek)).toEqual({ week: nextWeek, cents: 7_000 })
    expect(result.laterCents).toBe(4_000)
    const paidWeek = weekStart(addDays(nextWeek, -5))
    expect(result.paymentsPerWeek.filter((row) => row.cents > 0)).toEqual(paidWeek <= monday ? [{ week: paidWeek, cents: 3_000 }] : [])
    expect(result.latestPayments).toMatchObject([{ amountCents: 3_000, paidAt: addDays(nextWeek, -5) }])
  })
})

describe('the dashboards', () => {
  it('open for the roles that may read them, and are 403 for the others', async () => {
    const org = await createOrg()
    for (const role of ['admin', 'dispatcher', 'accountant', 'viewer'] as const)
      expect((await call(analyticsPage.loader as Handler, '/dashboard/analytics', org.users[role].id)).status, role).toBe(200)
    expect((await call(analyticsPage.loader as Handler, '/dashboard/analytics', org.users.driver.id)).status).toBe(403)
    for (const role of ['admin', 'accountant', 'viewer'] as const)
      expect((await call(bankingPage.loader as Handler, '/dashboard/banking', org.users[role].id)).status, role).toBe(200)
    for (const role of ['dispatcher', 'driver'] as const)
      expect((await call(bankingPage.loader as Handler, '/dashboard/banking', org.users[role].id)).status, role).toBe(403)
  })
})
