/**
 * A schedule of accounts as a PDF and a CSV, and the notice-of-assignment letter to a broker
 * (ADR 068), laid out by the invoice's PDF layout (app/utils/pdf-layout.server.ts), in the
 * language asked for (the reader's on a page, English in the factor's email).
 */
import { languageInfo, normalizeLanguage } from '~/i18n'
import { getFixedT } from '~/i18n.server'
import { pdfDownload } from '~/models/invoices/invoice-pdf.server'
import { factorRemitTo } from '~/models/invoices/remit-to.server'
import { organizationParty, organizationToday } from '~/models/organization/organization.server'
import { assertId, requireFound } from '~/models/records/records.server'
import { csvDollars, csvLine, safeCell } from '~/utils/csv.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { attachmentDisposition } from '~/utils/file-name'
import { addressLines, formatDate, formatMoney } from '~/utils/format'
import { type InvoicePdf, renderInvoicePdf } from '~/utils/pdf-layout.server'

import { getAgreement, getSchedule, type ScheduleWithItems, serializeSchedule } from './factoring.server'

function percent(language: string, value: number) {
  return new Intl.NumberFormat(languageInfo(language).intl, { maximumFractionDigits: 2 }).format(value) + ' %'
}

/** What the schedule's PDF prints: the factor, the seller, each invoice with its figures, the totals. */
export async function schedulePdfContent(schedule: ScheduleWithItems, lang: string): Promise<InvoicePdf> {
  const language = normalizeLanguage(lang) ?? 'en'
  const t = getFixedT(language)
  const money = (cents: number) => formatMoney(language, cents)
  const date = (value: string) => formatDate(language, value)
  const dto = serializeSchedule(schedule)
  const { from } = await organizationParty(schedule.organizationId)
  return {
    language,
    dir: languageInfo(language).dir,
    changedAt: schedule.updatedAt,
    title: t('factoring.pdf.title'),
    number: schedule.number,
    status: t(`factoring.status.${schedule.status}`),
    facts: [
      { label: t('factoring.fields.createdAt'), value: date(dto.createdAt.slice(0, 10)) },
      { label: t('factoring.fields.advancePercent'), value: percent(language, dto.advancePercent) },
      { label: t('factoring.fields.feePercent'), value: percent(language, dto.feePercent) },
      ...(dto.purchasedAt ? [{ label: t('factoring.fields.purchasedAt'), value: date(dto.purchasedAt) }] : []),
    ],
    from: { heading: t('factoring.pdf.seller'), name: from.name, lines: from.lines },
    billTo: { heading: t('factoring.pdf.factor'), name: dto.factor.name, lines: dto.factor.email ? [dto.factor.email] : [] },
    remitTo: null,
    columns: {
      item: t('factoring.fields.invoice'),
      quantity: t('factoring.fields.dueDate'),
      unitPrice: t('factoring.fields.advance'),
      amount: t('factoring.fields.amount'),
    },
    items: dto.invoices.map((line) => ({
      title: line.invoiceNumber,
      description: `${line.broker.name} · ${t('factoring.fields.fee')} ${money(line.feeCents)} · ${t('factoring.fields.reserve')} ${money(line.reserveCents)}`,
      quantity: date(line.dueDate),
      unitPrice: money(line.advanceCents),
      amount: money(line.amountCents),
    })),
    totals: [
      { label: t('factoring.fields.total'), value: money(dto.totalCents), strong: true },
      { label: t('factoring.fields.advance'), value: money(dto.advanceCents) },
      { label: t('factoring.fields.fee'), value: money(dto.feeCents) },
      { label: t('factoring.fields.reserve'), value: money(dto.reserveCents) },
    ],
    payments: null,
    notes: t('factoring.pdf.assignment', { invoices: dto.invoices.length }),
  }
}

export async function schedulePdf(schedule: ScheduleWithItems, language: string) {
  return { filename: `${schedule.number}.pdf`, bytes: await renderInvoicePdf(await schedulePdfContent(schedule, language)) }
}

/** The schedule's PDF as a download, for the page's link and the API alike. */
export async function schedulePdfResponse(request: Request, organizationId: string, id: string, language: string) {
  const { filename, bytes } = await schedulePdf(await getSchedule(organizationId, id), language)
  return pdfDownload(request.method, filename, bytes)
}

/** The purchase report's own column names (parsePurchaseReport), so the factor's answer may be this file with its figures. */
const CSV_COLUMNS = ['invoiceNumber', 'broker', 'issueDate', 'dueDate', 'amount', 'advance', 'fee', 'reserve'] as const

/**
 * The schedule's invoices as CSV, the file the factor reads (the page's, the email's and the
 * API's alike): amounts in dollars with two decimals, as the purchase report is; a header row
 * first, formula-safe cells. The API's JSON keeps cents.
 */
export function scheduleCsv(schedule: ScheduleWithItems) {
  const dto = serializeSchedule(schedule)
  const rows = dto.invoices.map((line) =>
    csvLine([
      ...[line.invoiceNumber, line.broker.name, line.issueDate, line.dueDate].map(safeCell),
      ...[line.amountCents, line.advanceCents, line.feeCents, line.reserveCents].map(csvDollars),
    ]),
  )
  return [csvLine([...CSV_COLUMNS]), ...rows].join('')
}

export function csvDownload(method: string, filename: string, text: string) {
  const bytes = new TextEncoder().encode(`\uFEFF${text}`)
  return new Response(method === 'HEAD' ? null : bytes, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Length': String(bytes.length),
      'Content-Disposition': attachmentDisposition(filename),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

export async function scheduleCsvResponse(request: Request, organizationId: string, id: string) {
  const schedule = await getSchedule(organizationId, id)
  return csvDownload(request.method, `${schedule.number}.csv`, scheduleCsv(schedule))
}

/**
 * The notice of assignment to one broker: the organization's invoices to it are assigned to the
 * factor, and are paid to the factor's remit-to only. Needs an agreement.
 */
export async function noticePdf(organizationId: string, brokerId: string, lang: string) {
  assertId(brokerId, 'factoring.errors.unknownBroker')
  const broker = requireFound(
    await prisma.broker.findFirst({
      where: { id: brokerId, organizationId },
      select: {
        name: true,
        contactName: true,
        addressLine1: true,
        addressLine2: true,
        city: true,
        state: true,
        postalCode: true,
        country: true,
        billingEmail: true,
        email: true,
      },
    }),
    'factoring.errors.unknownBroker',
  )
  const agreement = await getAgreement(organizationId)
  if (!agreement) throw new DomainError('invalid_transition', 'factoring.errors.noAgreement')
  const language = normalizeLanguage(lang) ?? 'en'
  const t = getFixedT(language)
  const [{ from }, today] = await Promise.all([organizationParty(organizationId), organizationToday(organizationId)])
  // Where the broker pays from now on: the factor, as the agreement has it.
  const remitTo = factorRemitTo(agreement)
  const factor = agreement.factorCompany.legalName ?? agreement.factorCompany.name
  const content: InvoicePdf = {
    language,
    dir: languageInfo(language).dir,
    changedAt: agreement.updatedAt,
    title: t('factoring.notice.title'),
    number: '',
    status: null,
    facts: [{ label: t('factoring.notice.date'), value: formatDate(language, today) }],
    from: { heading: t('factoring.notice.from'), name: from.name, lines: from.lines },
    billTo: {
      heading: t('factoring.notice.to'),
      name: broker.name,
      lines: [broker.contactName, ...addressLines(broker), broker.billingEmail ?? broker.email].filter((line): line is string => Boolean(line)),
    },
    remitTo: { heading: t('factoring.notice.remitTo'), text: [remitTo.name, remitTo.address ?? ''].filter(Boolean).join('\n') },
    columns: { item: '', quantity: '', unitPrice: '', amount: '' },
    items: [],
    totals: [],
    payments: null,
    notes: t('factoring.notice.body', { seller: from.name, factor, broker: broker.name }),
  }
  const bytes = await renderInvoicePdf(content)
  const slug =
    broker.name
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'broker'
  return { filename: `notice-of-assignment-${slug}.pdf`, bytes }
}

export async function noticePdfResponse(request: Request, organizationId: string, brokerId: string, language: string) {
  const { filename, bytes } = await noticePdf(organizationId, brokerId, language)
  return pdfDownload(request.method, filename, bytes)
}
