/**
 * The two general dashboards with freight meaning (ADR 035): analytics (what the fleet
 * earns) and banking (what brokers owe and pay). Everything is summed in PostgreSQL for one
 * organization, on its own calendar (weeks start on Monday in its time zone), in integer cents.
 *
 * - Revenue is a load's total (linehaul and charges) counted in the week of its delivery, once it
 *   is delivered or invoiced: the freight earned, whether billed yet or not.
 * - Receivables are the balances of sent and partially paid invoices, aged by days past due.
 */
import { addDays } from '~/schemas/invoice-options'
import type { LoadListQuery } from '~/schemas/load'
import type { LoadStatus } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'
import { divideHalfUp, SCALE } from '~/utils/money'

import { loadTimeZone } from './loads/load.server'
import { countLoadsByStatus } from './loads/load-list.server'
import { organizationToday } from './organization/organization.server'

export const ANALYTICS_WEEKS = 12
export const CASH_WEEKS = 8
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const
export type AgingBucket = (typeof AGING_BUCKETS)[number]

/** The Monday of a day's week (`YYYY-MM-DD`). */
export function weekStart(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}

/** `count` Mondays ending with this week's (or starting with it, `forward`). */
export function weeks(today: string, count: number, forward = false) {
  const monday = weekStart(today)
  return Array.from({ length: count }, (_, index) => addDays(monday, forward ? index * 7 : (index - count + 1) * 7))
}

const fill = (mondays: string[], rows: Array<{ week: string; cents: number }>) => {
  const byWeek = new Map(rows.map((row) => [row.week, row.cents]))
  return mondays.map((week) => ({ week, cents: byWeek.get(week) ?? 0 }))
}

/** What the analytics page shows: revenue per week, loads per status, revenue per mile, per truck, per broker. */
export async function fleetAnalytics(organizationId: string) {
  const [today, timeZone] = await Promise.all([organizationToday(organizationId), loadTimeZone(organizationId)])
  const mondays = weeks(today, ANALYTICS_WEEKS)
  const from = mondays[0]
  // The delivered loads of the window, each in its delivery week on the organization's calendar.
  const delivered = (select: string) => `
    WITH window_loads AS (
      SELECT l.*, to_char(date_trunc('week', l."deliveryAt" AT TIME ZONE $2), 'YYYY-MM-DD') AS week
      FROM "Load" l
      WHERE l."organizationId" = $1 AND l."status" IN ('delivered', 'invoiced')
        AND l."deliveryAt" >= ($3::date::timestamp AT TIME ZONE $2)
    ) ${select}`
  const args = [organizationId, timeZone, from] as const
  const [perWeek, totals, trucks, brokers, statuses] = await Promise.all([
    prisma.$queryRawUnsafe<Array<{ week: string; cents: number }>>(
      delivered(`SELECT week, sum("totalCents")::float8 AS cents FROM window_loads GROUP BY week`),
      ...args,
    ),
    prisma.$queryRawUnsafe<Array<{ loads: number; cents: number; miles: number }>>(
      delivered(`SELECT count(*)::int AS loads, coalesce(sum("totalCents"), 0)::float8 AS cents,
        coalesce(sum(coalesce("loadedMiles", 0) + coalesce("emptyMiles", 0)), 0)::float8 AS miles FROM window_loads`),
      ...args,
    ),
    prisma.$queryRawUnsafe<Array<{ id: string; unitNumber: string; loads: number; cents: number; miles: number }>>(
      delivered(`SELECT t.id, t."unitNumber", count(*)::int AS loads, sum(w."totalCents")::float8 AS cents,
        sum(coalesce(w."loadedMiles", 0) + coalesce(w."emptyMiles", 0))::float8 AS miles
        FROM window_loads w JOIN "Truck" t ON t.id = w."truckId"
        GROUP BY t.id, t."unitNumber" ORDER BY cents DESC, t."unitNumber" LIMIT 10`),
      ...args,
    ),
    prisma.$queryRawUnsafe<Array<{ id: string; name: string; loads: number; cents: number }>>(
      delivered(`SELECT b.id, b.name, count(*)::int AS loads, sum(w."totalCents")::float8 AS cents
        FROM window_loads w JOIN "Broker" b ON b.id = w."brokerId"
        GROUP BY b.id, b.name ORDER BY cents DESC, b.name LIMIT 10`),
      ...args,
    ),
    // The loads list's own tab counts (capped per status on its index), without search or filters.
    countLoadsByStatus({ organizationId }, {} as LoadListQuery),
  ])
  const total = totals[0] ?? { loads: 0, cents: 0, miles: 0 }
  const perMile = (cents: number, miles: number) => (miles > 0 ? Math.round(cents / miles) : null)
  return {
    today,
    from,
    revenuePerWeek: fill(mondays, perWeek),
    revenue: { loads: total.loads, cents: total.cents, miles: total.miles, centsPerMile: perMile(total.cents, total.miles) },
    loadsByStatus: (statuses ?? {}) as Partial<Record<LoadStatus, number>>,
    trucks: trucks.map((row) => ({ ...row, centsPerMile: perMile(row.cents, row.miles) })),
    brokers,
  }
}

/** Months of fuel economy the analytics page shows: this one and the two before. */
export const FUEL_MONTHS = 3
/** Rows of the fuel table: a fleet's units in each month, newest month first. */
export const FUEL_ROWS = 60

/**
 * Fuel economy per unit per month (ADR 122): the miles of its trips that ended in the month, the
 * gallons and money of its fuel bought in it, its MPG (two decimals) and fuel cost per mile (a
 * cent), each rounded once, half up.
 */
export async function fuelEconomy(organizationId: string) {
  const today = await organizationToday(organizationId)
  const first = new Date(`${today.slice(0, 7)}-01T00:00:00Z`)
  first.setUTCMonth(first.getUTCMonth() - (FUEL_MONTHS - 1))
  const from = first.toISOString().slice(0, 10)
  const rows = await prisma.$queryRaw<Array<{ truckId: string; unitNumber: string; month: string; miles: number; gallonsMilli: number; cents: number }>>`
    WITH miles AS (
      SELECT t."truckId", to_char(t."endedAt", 'YYYY-MM') AS month, sum(j.miles)::int AS miles
      FROM "Trip" t JOIN "TripJurisdiction" j ON j."tripId" = t.id
      WHERE t."organizationId" = ${organizationId} AND t."endedAt" >= ${from}::date
      GROUP BY 1, 2
    ), fuel AS (
      SELECT "truckId", to_char("purchasedAt", 'YYYY-MM') AS month, sum("gallonsMilli")::float8 AS "gallonsMilli", sum("totalCents")::float8 AS cents
      FROM "FuelPurchase" WHERE "organizationId" = ${organizationId} AND "purchasedAt" >= ${from}::date
      GROUP BY 1, 2
    )
    SELECT tr.id AS "truckId", tr."unitNumber", coalesce(m.month, f.month) AS month, coalesce(m.miles, 0)::int AS miles,
      coalesce(f."gallonsMilli", 0)::float8 AS "gallonsMilli", coalesce(f.cents, 0)::float8 AS cents
    FROM miles m FULL JOIN fuel f ON f."truckId" = m."truckId" AND f.month = m.month
    JOIN "Truck" tr ON tr.id = coalesce(m."truckId", f."truckId")
    ORDER BY month DESC, tr."unitNumber" ASC
    LIMIT ${FUEL_ROWS}`
  return {
    from,
    rows: rows.map((row) => ({
      ...row,
      mpgHundredths: row.gallonsMilli > 0 ? divideHalfUp(row.miles * 100 * 10 ** SCALE.milli, row.gallonsMilli) : null,
      centsPerMile: row.miles > 0 ? divideHalfUp(row.cents, row.miles) : null,
    })),
  }
}

/** What the banking page shows: receivables aging, payments received, cash expected by week. */
export async function receivables(organizationId: string) {
  const today = await organizationToday(organizationId)
  const paidWeeks = weeks(today, ANALYTICS_WEEKS)
  const dueWeeks = weeks(today, CASH_WEEKS, true)
  const [aging, paid, latest, expected] = await Promise.all([
    prisma.$queryRaw<Array<{ bucket: AgingBucket; invoices: number; cents: number }>>`
      SELECT CASE
          WHEN ${today}::date - i."dueDate" <= 0 THEN 'current'
          WHEN ${today}::date - i."dueDate" <= 30 THEN 'days1to30'
          WHEN ${today}::date - i."dueDate" <= 60 THEN 'days31to60'
          WHEN ${today}::date - i."dueDate" <= 90 THEN 'days61to90'
          ELSE 'over90' END AS bucket,
        count(*)::int AS invoices, sum(i."totalCents" - i."amountPaidCents")::float8 AS cents
      FROM "Invoice" i
      WHERE i."organizationId" = ${organizationId} AND i."status" IN ('sent', 'partially_paid') AND i."totalCents" > i."amountPaidCents"
      GROUP BY 1`,
    prisma.$queryRaw<Array<{ week: string; cents: number }>>`
      SELECT to_char(date_trunc('week', p."paidAt"), 'YYYY-MM-DD') AS week, sum(p."amountCents")::float8 AS cents
      FROM "Payment" p JOIN "Invoice" i ON i.id = p."invoiceId"
      WHERE i."organizationId" = ${organizationId} AND p."paidAt" >= ${paidWeeks[0]}::date
      GROUP BY 1`,
    prisma.payment.findMany({
      where: { invoice: { organizationId } },
      orderBy: [{ paidAt: 'desc' }, { createdAt: 'desc' }],
      take: 10,
      select: {
        id: true,
        amountCents: true,
        paidAt: true,
        method: true,
        reference: true,
        invoice: { select: { id: true, invoiceNumber: true, broker: { select: { name: true } } } },
      },
    }),
    prisma.$queryRaw<Array<{ week: string; cents: number }>>`
      SELECT to_char(date_trunc('week', i."dueDate"), 'YYYY-MM-DD') AS week, sum(i."totalCents" - i."amountPaidCents")::float8 AS cents
      FROM "Invoice" i
      WHERE i."organizationId" = ${organizationId} AND i."status" IN ('sent', 'partially_paid') AND i."dueDate" >= ${today}::date
      GROUP BY 1`,
  ])
  const buckets = AGING_BUCKETS.map((bucket) => {
    const row = aging.find((entry) => entry.bucket === bucket)
    return { bucket, invoices: row?.invoices ?? 0, cents: row?.cents ?? 0 }
  })
  const horizon = addDays(dueWeeks[0], CASH_WEEKS * 7)
  return {
    today,
    aging: buckets,
    open: { invoices: buckets.reduce((sum, row) => sum + row.invoices, 0), cents: buckets.reduce((sum, row) => sum + row.cents, 0) },
    overdueCents: buckets.filter((row) => row.bucket !== 'current').reduce((sum, row) => sum + row.cents, 0),
    paymentsPerWeek: fill(paidWeeks, paid),
    latestPayments: latest.map((payment) => ({
      id: payment.id,
      amountCents: payment.amountCents,
      paidAt: payment.paidAt.toISOString().slice(0, 10),
      method: payment.method,
      reference: payment.reference,
      invoiceId: payment.invoice.id,
      invoiceNumber: payment.invoice.invoiceNumber,
      broker: payment.invoice.broker.name,
    })),
    cashPerWeek: fill(dueWeeks, expected),
    // Due after the weeks shown: still expected, later.
    laterCents: expected.filter((row) => row.week >= horizon).reduce((sum, row) => sum + row.cents, 0),
  }
}
