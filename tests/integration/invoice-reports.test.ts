/** Money read from invoices for the broker and company pages (app/models/invoices/invoice-reports.server.ts). */
import { describe, expect, it } from 'vitest'

import { createInvoice, recordPayment, sendInvoice, voidInvoice } from '~/models/invoices/invoice.server'
import { brokerInvoiceSummary, companyInvoiceSummary, exportInvoices, monthOf } from '~/models/invoices/invoice-reports.server'
import { InvoiceListQuerySchema, InvoiceSchema, PaymentSchema } from '~/schemas/invoice'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function broker(org: Org, creditLimitCents: number | null = null) {
  return prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker'), creditLimitCents } })
}

/** An invoice of one free line, sent unless `draft`, then paid by `payments` ([amount, day]). */
async function invoice(
  org: Org,
  options: {
    brokerId: string
    cents: number
    issueDate: string
    companyId?: string
    draft?: boolean
    voided?: boolean
    payments?: Array<[number, string]>
  },
) {
  const actor = actorOf(org, 'accountant')
  let current = await createInvoice(
    actor,
    InvoiceSchema.parse({
      brokerId: options.brokerId,
      companyId: options.companyId,
      issueDate: options.issueDate,
      items: [{ title: 'Linehaul', unitPriceCents: options.cents }],
    }),
  )
  if (options.draft) return current
  current = await sendInvoice(actor, current.id, current.version)
  if (options.voided) return voidInvoice(actor, current.id, current.version)
  // Recorded on the day it is dated (a payment is never dated after today): these dates are fixed.
  for (const [amountCents, paidAt] of options.payments ?? [])
    current = await recordPayment(actor, current.id, PaymentSchema.parse({ amountCents, paidAt, version: current.version }), new Date(`${paidAt}T18:00:00Z`))
  return current
}

describe('brokerInvoiceSummary', () => {
  it('sums the open balances, averages the days to pay of paid invoices, and lists the latest ten', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org, 300_000)
    const other = await broker(org)
    // Open: $1,000 with $400 paid, and $500 unpaid: $1,100 owed.
    await invoice(org, { brokerId, cents: 100_000, issueDate: '2025-11-03', payments: [[40_000, '2025-11-05']] })
    await invoice(org, { brokerId, cents: 50_000, issueDate: '2025-11-04' })
    // Not owed: a draft, a void invoice, another broker's open invoice.
    await invoice(org, { brokerId, cents: 70_000, issueDate: '2025-11-05', draft: true })
    await invoice(org, { brokerId, cents: 80_000, issueDate: '2025-11-06', voided: true })
    await invoice(org, { brokerId: other.id, cents: 90_000, issueDate: '2025-11-06' })
    // Paid in two payments, the last 10 days after issue; paid in one, 5 days after: 7.5 days.
    await invoice(org, {
      brokerId,
      cents: 20_000,
      issueDate: '2025-11-02',
      payments: [
        [5_000, '2025-11-04'],
        [15_000, '2025-11-12'],
      ],
    })
    await invoice(org, { brokerId, cents: 10_000, issueDate: '2025-11-01', payments: [[10_000, '2025-11-06']] })

    const summary = await brokerInvoiceSummary(org.organization.id, { id: brokerId, creditLimitCents: 300_000 })
    expect(summary).toMatchObject({ openBalanceCents: 110_000, averageDaysToPay: 7.5, paidInvoices: 2, creditLimitCents: 300_000, overLimit: false, total: 6 })
    expect(summary.invoices.map((row) => [row.issueDate, row.status, row.totalCents, row.balanceCents])).toEqual([
      ['2025-11-06', 'void', 80_000, 80_000],
      ['2025-11-05', 'draft', 70_000, 70_000],
      ['2025-11-04', 'sent', 50_000, 50_000],
      ['2025-11-03', 'partially_paid', 100_000, 60_000],
      ['2025-11-02', 'paid', 20_000, 0],
      ['2025-11-01', 'paid', 10_000, 0],
    ])
    // Due 30 days after issue (net 30), long past: the open ones are overdue.
    expect(summary.invoices.map((row) => row.overdue)).toEqual([false, false, true, true, false, false])

    // Credit used is the open balance: over a $1,000 limit.
    expect(await brokerInvoiceSummary(org.organization.id, { id: brokerId, creditLimitCents: 100_000 })).toMatchObject({ overLimit: true })
    expect(await brokerInvoiceSummary(org.organization.id, { id: brokerId, creditLimitCents: 110_000 })).toMatchObject({ overLimit: false })
  })

  it('lists at most ten invoices, newest first, and shows nothing of another organization', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    for (let day = 10; day <= 21; day++) await invoice(org, { brokerId, cents: 1_000, issueDate: `2026-10-${day}`, draft: true })
    const summary = await brokerInvoiceSummary(org.organization.id, { id: brokerId, creditLimitCents: null })
    expect(summary.total).toBe(12)
    expect(summary.invoices.map((row) => row.issueDate)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-10-${21 - i}`))
    expect(summary).toMatchObject({ openBalanceCents: 0, averageDaysToPay: null, paidInvoices: 0, overLimit: false })

    const stranger = await createOrg()
    expect(await brokerInvoiceSummary(stranger.organization.id, { id: brokerId, creditLimitCents: null })).toMatchObject({ total: 0, invoices: [] })
  })

  it('counts a payment dated before its invoice as paid on the day', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    await invoice(org, { brokerId, cents: 10_000, issueDate: '2026-11-10', payments: [[10_000, '2026-11-08']] })
    expect((await brokerInvoiceSummary(org.organization.id, { id: brokerId, creditLimitCents: null })).averageDaysToPay).toBe(0)
  })
})

describe('companyInvoiceSummary', () => {
  it('takes revenue from the company’s sent and paid invoices of this month in the organization’s zone, and receivables from open balances', async () => {
    const org = await createOrg()
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'America/Chicago' } })
    const companyId = org.company.id
    const { id: brokerId } = await broker(org)
    // 03:00 UTC on December 1st is still November 30th in Chicago.
    const now = new Date('2026-12-01T03:00:00Z')
    await invoice(org, { brokerId, companyId, cents: 100_000, issueDate: '2026-11-01', payments: [[30_000, '2026-11-20']] })
    await invoice(org, { brokerId, companyId, cents: 20_000, issueDate: '2026-11-30', payments: [[20_000, '2026-11-30']] })
    // Not this month's revenue: a draft, a void invoice, October, December (owed all the same), another company.
    await invoice(org, { brokerId, companyId, cents: 40_000, issueDate: '2026-11-15', draft: true })
    await invoice(org, { brokerId, companyId, cents: 50_000, issueDate: '2026-11-15', voided: true })
    await invoice(org, { brokerId, companyId, cents: 7_000, issueDate: '2026-10-31' })
    await invoice(org, { brokerId, companyId, cents: 3_000, issueDate: '2026-12-01' })
    const otherCompany = await prisma.company.create({ data: { organizationId: org.organization.id, name: unique('Other Carriers') } })
    await invoice(org, { brokerId, companyId: otherCompany.id, cents: 60_000, issueDate: '2026-11-10' })
    await invoice(org, { brokerId, cents: 80_000, issueDate: '2026-11-10' })

    expect(await companyInvoiceSummary(org.organization.id, companyId, now)).toEqual({
      month: '2026-11-01',
      revenueThisMonthCents: 120_000,
      // $700 of November's first, October's $70 and December's $30.
      openReceivablesCents: 70_000 + 7_000 + 3_000,
    })
    // In UTC it is already December.
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'UTC' } })
    expect(await companyInvoiceSummary(org.organization.id, companyId, now)).toMatchObject({ month: '2026-12-01', revenueThisMonthCents: 3_000 })
  })

  it('is zero for a company without invoices', async () => {
    const org = await createOrg()
    expect(await companyInvoiceSummary(org.organization.id, org.company.id)).toMatchObject({ revenueThisMonthCents: 0, openReceivablesCents: 0 })
  })
})

describe('monthOf', () => {
  it('gives the first and last day of the month, leap years included', () => {
    expect(monthOf('2028-02-14')).toEqual({ first: '2028-02-01', last: '2028-02-29' })
    expect(monthOf('2026-02-28')).toEqual({ first: '2026-02-01', last: '2026-02-28' })
    expect(monthOf('2026-12-31')).toEqual({ first: '2026-12-01', last: '2026-12-31' })
  })
})

describe('exportInvoices', () => {
  it('reads every invoice the list’s tab, filters and sort match, not one page', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const other = await broker(org)
    for (let day = 1; day <= 12; day++)
      await invoice(org, { brokerId, cents: day * 100, issueDate: `2026-11-${String(day).padStart(2, '0')}`, draft: day % 2 === 0 })
    await invoice(org, { brokerId: other.id, cents: 999, issueDate: '2026-11-05' })
    const rows = []
    const query = InvoiceListQuerySchema.parse({ brokerId, status: 'sent', sort: 'totalCents', dir: 'asc', pageSize: '10' })
    for await (const row of exportInvoices(org.organization.id, query)) rows.push(row)
    expect(rows.map((row) => row.totalCents)).toEqual([100, 300, 500, 700, 900, 1_100])
  })
})
