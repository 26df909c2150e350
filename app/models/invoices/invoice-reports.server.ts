/**
 * Money read from invoices for other pages (ADR 031): a broker's open balance, days to pay and
 * latest invoices, a company's revenue this month and receivables, and the invoice list's CSV
 * export. Reads only; the money rules themselves live in invoice.server.ts.
 */
import { Prisma } from '~/generated/prisma/client'
import { organizationToday } from '~/models/organization/organization.server'
import { inBatches, isoDate, toDateOnly } from '~/models/records/records.server'
import type { InvoiceListQuery } from '~/schemas/invoice'
import { type InvoiceStatus, OPEN_INVOICE_STATUSES } from '~/schemas/invoice-options'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma } from '~/utils/db.server'

import { derivedMoney, listWhere, serializeInvoiceRow } from './invoice.server'

const OPEN: InvoiceStatus[] = [...OPEN_INVOICE_STATUSES]
/** Invoices that count as revenue: sent, whatever was paid since; drafts and void ones do not. */
const BILLED: InvoiceStatus[] = ['sent', 'partially_paid', 'paid']

/** How many invoices the broker page lists; the rest are one link away. */
export const BROKER_LATEST_INVOICES = 10

/** Sum of the balances (total − paid) of the invoices the filter matches. */
async function balance(where: Prisma.InvoiceWhereInput) {
  const sums = await prisma.invoice.aggregate({ where, _sum: { totalCents: true, amountPaidCents: true } })
  return (sums._sum.totalCents ?? 0) - (sums._sum.amountPaidCents ?? 0)
}

/**
 * Average days from issue to the last payment of the broker's paid invoices, to a tenth of a day;
 * null when none is paid. A payment dated before its invoice counts as paid on the day (0 days).
 */
async function averageDaysToPay(organizationId: string, brokerId: string) {
  const [row] = await prisma.$queryRaw<Array<{ days: number | null; paid: bigint }>>`
    SELECT AVG(GREATEST(paid."lastPaidAt" - paid."issueDate", 0))::float8 AS "days", COUNT(*) AS "paid"
    FROM (
      SELECT i."issueDate", MAX(p."paidAt") AS "lastPaidAt"
      FROM "Invoice" i JOIN "Payment" p ON p."invoiceId" = i."id"
      WHERE i."organizationId" = ${organizationId} AND i."brokerId" = ${brokerId} AND i."status" = 'paid'
      GROUP BY i."id", i."issueDate"
    ) paid`
  return { averageDaysToPay: row.days === null ? null : Math.round(row.days * 10) / 10, paidInvoices: Number(row.paid) }
}

/**
 * The broker page's money: open balance (sent and partially paid invoices), average days to pay,
 * credit used against the limit, and the latest invoices (newest issue date first, as the list).
 */
export async function brokerInvoiceSummary(organizationId: string, broker: { id: string; creditLimitCents: number | null }) {
  const where = { organizationId, brokerId: broker.id }
  const [openBalanceCents, days, total, latest, today] = await Promise.all([
    balance({ ...where, status: { in: OPEN } }),
    averageDaysToPay(organizationId, broker.id),
    prisma.invoice.count({ where }),
    prisma.invoice.findMany({
      where,
      select: { id: true, invoiceNumber: true, status: true, issueDate: true, dueDate: true, totalCents: true, amountPaidCents: true },
      orderBy: [{ issueDate: 'desc' }, { id: 'desc' }],
      take: BROKER_LATEST_INVOICES,
    }),
    organizationToday(organizationId),
  ])
  return {
    openBalanceCents,
    ...days,
    creditLimitCents: broker.creditLimitCents,
    // Credit used is what the broker owes now; over the limit when it is more than the limit.
    overLimit: broker.creditLimitCents !== null && openBalanceCents > broker.creditLimitCents,
    total,
    invoices: latest.map((invoice) => {
      const { balanceCents, dueDate, overdue } = derivedMoney(invoice, today)
      return {
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        status: invoice.status,
        overdue,
        issueDate: isoDate(invoice.issueDate)!,
        dueDate,
        totalCents: invoice.totalCents,
        balanceCents,
      }
    }),
  }
}

/** The first and last day of the month `today` (`YYYY-MM-DD`) falls in. */
export function monthOf(today: string) {
  const [year, month] = today.split('-').map(Number)
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  const prefix = today.slice(0, 7)
  return { first: `${prefix}-01`, last: `${prefix}-${String(last).padStart(2, '0')}` }
}

/**
 * The company page's money: revenue this month (totals of the company's sent, partly paid and
 * paid invoices issued this calendar month in the organization's zone) and open receivables
 * (balances of its sent and partially paid invoices).
 */
export async function companyInvoiceSummary(organizationId: string, companyId: string, now = new Date()) {
  const { first, last } = monthOf(await organizationToday(organizationId, prisma, now))
  const where = { organizationId, companyId }
  const [revenue, openReceivablesCents] = await Promise.all([
    prisma.invoice.aggregate({
      where: { ...where, status: { in: BILLED }, issueDate: { gte: toDateOnly(first)!, lte: toDateOnly(last)! } },
      _sum: { totalCents: true },
    }),
    balance({ ...where, status: { in: OPEN } }),
  ])
  return { month: first, revenueThisMonthCents: revenue._sum.totalCents ?? 0, openReceivablesCents }
}

// ---- CSV export ----

type InvoiceRow = ReturnType<typeof serializeInvoiceRow>

/** What serializeInvoiceRow reads besides the invoice: the list's relations. */
const rowInclude = { broker: { select: { id: true, name: true } }, company: { select: { id: true, name: true } } } as const satisfies Prisma.InvoiceInclude

/** Every invoice the list's search, filters and tab match, in its order, 500 rows at a time. */
export async function* exportInvoices(organizationId: string, query: InvoiceListQuery) {
  const today = await organizationToday(organizationId)
  const where = await listWhere(organizationId, query, today)
  const orderBy: Prisma.InvoiceOrderByWithRelationInput[] = [{ [query.sort]: query.dir }, { id: query.dir }]
  for await (const row of inBatches((window) => prisma.invoice.findMany({ where, include: rowInclude, orderBy, ...window })))
    yield serializeInvoiceRow(row, today)
}

/** The export's columns, for the page (translated, dollars) and `GET /api/invoice?format=csv` (keys, cents). */
export const INVOICE_CSV_COLUMNS: CsvColumn<InvoiceRow>[] = [
  { key: 'invoiceNumber', label: 'invoices.fields.invoiceNumber', value: (invoice) => invoice.invoiceNumber },
  { key: 'status', label: 'fields.status', value: (invoice) => invoice.status, valueLabel: (value) => `invoices.status.${value}` },
  // Text, so people read Yes/No in their language; programs read true/false.
  { key: 'overdue', label: 'invoices.status.overdue', value: (invoice) => String(invoice.overdue), valueLabel: (value) => `invoices.export.overdue.${value}` },
  { key: 'broker', label: 'invoices.fields.broker', value: (invoice) => invoice.broker.name },
  { key: 'brokerId', label: 'invoices.export.brokerId', value: (invoice) => invoice.brokerId },
  { key: 'company', label: 'fields.company', value: (invoice) => invoice.company?.name },
  { key: 'issueDate', label: 'invoices.fields.issueDate', value: (invoice) => invoice.issueDate },
  { key: 'dueDate', label: 'invoices.fields.dueDate', value: (invoice) => invoice.dueDate },
  // People get dollars with two decimals, which spreadsheets sum; programs keep the API's cents.
  { key: 'totalCents', label: 'invoices.export.totalDollars', value: (invoice) => invoice.totalCents, money: true },
  { key: 'amountPaidCents', label: 'invoices.export.paidDollars', value: (invoice) => invoice.amountPaidCents, money: true },
  { key: 'balanceCents', label: 'invoices.export.balanceDollars', value: (invoice) => invoice.balanceCents, money: true },
  { key: 'sentAt', label: 'invoices.fields.sentAt', value: (invoice) => invoice.sentAt },
  { key: 'id', label: 'fields.id', value: (invoice) => invoice.id },
]
