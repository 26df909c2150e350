/**
 * Factoring (ADR 068), shared by /dashboard/factoring/* and /api/factoring/*: the
 * organization's agreement with its factor, schedules of accounts (sent invoices sold together),
 * the factor's purchase (its payment of each invoice) and the release of the reserve. What each
 * state allows is the factoring policy's (app/policies/factoring.ts); the arithmetic is
 * app/schemas/factoring-options.ts's, in integer cents.
 *
 * Once only: a schedule's line carries `liveInvoiceId` while the schedule is not void, and that
 * column is unique, so the database keeps an invoice on one live schedule whatever runs at the
 * same time. Creation also takes the organization's schedule-number row lock and then locks the
 * invoices, so concurrent creations queue; should the unique index still be raced, the client
 * gets 409 `in_use`, never a 500.
 */
import { parse } from 'csv-parse/sync'

import { type FactoringSchedule, Prisma } from '~/generated/prisma/client'
import { assertBooksOpen } from '~/models/accounting/period-lock.server'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { recordPaymentIn } from '~/models/invoices/invoice.server'
import { factorRemitTo } from '~/models/invoices/remit-to.server'
import { organizationToday } from '~/models/organization/organization.server'
import {
  assertActorMay,
  assertId,
  assertOneRow,
  assertVersion,
  ilikeAny,
  isoDate,
  isUniqueViolation,
  leanListPage,
  lockForUpdate,
  nextNumber,
  requireFound,
  sortSql,
  throwRefusal,
  toDateOnly,
} from '~/models/records/records.server'
import { createCompany } from '~/models/reference/company.server'
import { factoringEmailTask } from '~/models/tasks/factoring-email.server'
import { factorRefusal, type ScheduleAction, scheduleRefusal } from '~/policies/factoring'
import type {
  AgreementInput,
  AgreementRecord,
  FactorCompanyInput,
  PurchaseInput,
  PurchaseLine,
  ReserveReleaseInput,
  ScheduleCreateInput,
  ScheduleListQuery,
  ScheduleRecord,
  ScheduleRowRecord,
} from '~/schemas/factoring'
import { formatScheduleNumber, type ScheduleStatus, scheduleTotals, splitInvoice } from '~/schemas/factoring-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { basisPointsToPercent, parseDollars, percentToBasisPoints } from '~/utils/money'

const ENTITY = 'factoring'
const NOT_FOUND = 'factoring.errors.notFound'
const LIVE_INDEX = 'FactoringScheduleItem_liveInvoiceId_key'

function badField(field: string, key: string, params?: Record<string, unknown>): never {
  throw new DomainError('validation_failed', 'validation.failed', { fields: { [field]: [key] }, ...(params ? { params } : {}) })
}

// ---- The agreement ----

const agreementInclude = {
  factorCompany: {
    select: {
      id: true,
      name: true,
      legalName: true,
      email: true,
      phone: true,
      addressLine1: true,
      addressLine2: true,
      city: true,
      state: true,
      postalCode: true,
      country: true,
    },
  },
} as const satisfies Prisma.FactoringAgreementInclude

export type AgreementWithFactor = Prisma.FactoringAgreementGetPayload<{ include: typeof agreementInclude }>

export function getAgreement(organizationId: string, db: Tx | typeof prisma = prisma): Promise<AgreementWithFactor | null> {
  return db.factoringAgreement.findUnique({ where: { organizationId }, include: agreementInclude })
}

/** The API shape: rates in percent, as the form shows them; null when there is no agreement. */
export function serializeAgreement(agreement: AgreementWithFactor): AgreementRecord
export function serializeAgreement(agreement: AgreementWithFactor | null): AgreementRecord | null
export function serializeAgreement(agreement: AgreementWithFactor | null): AgreementRecord | null {
  if (!agreement) return null
  return {
    factorCompanyId: agreement.factorCompanyId,
    factor: { id: agreement.factorCompany.id, name: agreement.factorCompany.legalName ?? agreement.factorCompany.name },
    advancePercent: basisPointsToPercent(agreement.advanceBasisPoints),
    feePercent: basisPointsToPercent(agreement.feeBasisPoints),
    factorEmail: agreement.factorEmail,
    updatedAt: agreement.updatedAt.toISOString(),
    version: agreement.version,
  }
}

/** The organization's factors (companies of kind factor, ADR 094), for the factor picker. */
export function factorCompanies(organizationId: string) {
  return prisma.company.findMany({ where: { organizationId, kind: 'factor' }, select: { id: true, name: true }, orderBy: { name: 'asc' } })
}

/** "Add a factor" from the agreement page: a company of kind factor, through the companies' own rules (unique name, MC, DOT). */
export function addFactor(actor: Actor, input: FactorCompanyInput) {
  assertActorMay(actor, 'update', 'factoring')
  return createCompany(
    actor,
    { ...input, mcNumber: undefined, dotNumber: undefined, scac: undefined, kind: 'factor', status: 'active' },
    // Accountants run factoring without editing companies: the factoring permission makes the factor.
    { permission: { action: 'update', entity: 'factoring' } },
  )
}

/**
 * Sets the agreement. The first one is created (a `version` is then ignored); a change needs the
 * version read (a stale one: 409 `conflict`). Two first saves at once: the second is a conflict.
 */
export async function saveAgreement(actor: Actor, input: AgreementInput) {
  assertActorMay(actor, 'update', 'factoring')
  const { organizationId } = actor
  try {
    return await prisma.$transaction(async (tx) => {
      // A factor is a company of kind factor; its row is held (FOR SHARE) so that a change of its kind waits for this save.
      const [factor] = await tx.$queryRaw<Array<{ id: string }>>`
        SELECT "id" FROM "Company" WHERE "id" = ${input.factorCompanyId} AND "organizationId" = ${organizationId} AND "kind" = 'factor' FOR SHARE`
      if (!factor) badField('factorCompanyId', 'factoring.errors.unknownFactor')
      const data = {
        factorCompanyId: factor.id,
        advanceBasisPoints: percentToBasisPoints(input.advancePercent),
        feeBasisPoints: percentToBasisPoints(input.feePercent),
        factorEmail: input.factorEmail || null,
      }
      await tx.$queryRaw`SELECT 1 FROM "FactoringAgreement" WHERE "organizationId" = ${organizationId} FOR UPDATE`
      const before = await tx.factoringAgreement.findUnique({ where: { organizationId } })
      if (before) {
        if (input.version === undefined) badField('version', 'validation.versionRequired')
        assertVersion(before, input.version)
        assertOneRow(
          await tx.factoringAgreement.updateMany({ where: { organizationId, version: before.version }, data: { ...data, version: { increment: 1 } } }),
        )
      } else await tx.factoringAgreement.create({ data: { organizationId, ...data } })
      await recordAudit(tx, actor, {
        entity: ENTITY,
        entityId: organizationId,
        action: before ? 'update' : 'create',
        before: before
          ? {
              factorCompanyId: before.factorCompanyId,
              advanceBasisPoints: before.advanceBasisPoints,
              feeBasisPoints: before.feeBasisPoints,
              factorEmail: before.factorEmail,
            }
          : null,
        after: data,
      })
      return (await getAgreement(organizationId, tx))!
    })
  } catch (error) {
    if (isUniqueViolation(error, 'FactoringAgreement_pkey')) throw new DomainError('conflict', 'errors.conflict')
    throw error
  }
}

// ---- Schedules: reads ----

const include = {
  items: {
    orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
    include: {
      invoice: { select: { id: true, invoiceNumber: true, issueDate: true, dueDate: true, status: true, broker: { select: { id: true, name: true } } } },
    },
  },
} as const satisfies Prisma.FactoringScheduleInclude

export type ScheduleWithItems = Prisma.FactoringScheduleGetPayload<{ include: typeof include }>

/**
 * A schedule's figures as numbers: BIGINT columns (sums over up to 100 invoices, ADR 089), read as
 * bigint, well inside JavaScript's safe integers.
 */
export function scheduleMoney(schedule: Pick<FactoringSchedule, 'totalCents' | 'advanceCents' | 'feeCents' | 'reserveCents' | 'reserveReleasedCents'>) {
  return {
    totalCents: Number(schedule.totalCents),
    advanceCents: Number(schedule.advanceCents),
    feeCents: Number(schedule.feeCents),
    reserveCents: Number(schedule.reserveCents),
    reserveReleasedCents: Number(schedule.reserveReleasedCents),
  }
}

/** A schedule as a list's row: its fields and its number of invoices. */
export function serializeScheduleRow(schedule: Omit<ScheduleWithItems, 'items'>): ScheduleRowRecord {
  return {
    id: schedule.id,
    number: schedule.number,
    status: schedule.status,
    factor: { name: schedule.factorName, email: schedule.factorEmail },
    advancePercent: basisPointsToPercent(schedule.advanceBasisPoints),
    feePercent: basisPointsToPercent(schedule.feeBasisPoints),
    ...scheduleMoney(schedule),
    reserveReleasedAt: isoDate(schedule.reserveReleasedAt),
    purchasedAt: isoDate(schedule.purchasedAt),
    sentAt: schedule.sentAt?.toISOString() ?? null,
    email: schedule.emailStatus
      ? { status: schedule.emailStatus, to: schedule.factorEmail, sentAt: schedule.emailedAt?.toISOString() ?? null, error: schedule.emailError }
      : null,
    invoiceCount: schedule.invoiceCount,
    voidedAt: schedule.voidedAt?.toISOString() ?? null,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
    version: schedule.version,
  }
}

/** The API shape (201 of POST: `{ number, invoices, totalCents, advanceCents, feeCents }` and the rest). */
export function serializeSchedule(schedule: ScheduleWithItems): ScheduleRecord {
  // The invoices themselves stand for the row's count.
  const { invoiceCount: _count, ...row } = serializeScheduleRow(schedule)
  return {
    ...row,
    invoices: schedule.items.map((item) => ({
      invoiceId: item.invoiceId,
      invoiceNumber: item.invoiceNumber,
      broker: item.invoice.broker,
      issueDate: isoDate(item.invoice.issueDate)!,
      dueDate: isoDate(item.invoice.dueDate)!,
      amountCents: item.amountCents,
      advanceCents: item.advanceCents,
      feeCents: item.feeCents,
      reserveCents: item.reserveCents,
    })),
  }
}

export async function getSchedule(organizationId: string, id: string): Promise<ScheduleWithItems> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.factoringSchedule.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

/** A page of the organization's schedules: two statements (ADR 081). */
export async function listSchedules(organizationId: string, query: ScheduleListQuery) {
  const where = [Prisma.sql`f."organizationId" = ${organizationId}`]
  if (query.status) where.push(Prisma.sql`f."status" = CAST(${query.status} AS "FactoringScheduleStatus")`)
  if (query.q) {
    // Its number, or an invoice's number on it.
    const invoices = Prisma.sql`EXISTS (SELECT 1 FROM "FactoringScheduleItem" i WHERE i."scheduleId" = f."id" AND ${ilikeAny(query.q, [Prisma.sql`i."invoiceNumber"`])})`
    where.push(Prisma.sql`(${ilikeAny(query.q, [Prisma.sql`f."number"`])} OR ${invoices})`)
  }
  return leanListPage<FactoringSchedule>(query, {
    columns: Prisma.sql`f.*`,
    from: Prisma.sql`"FactoringSchedule" f`,
    where,
    orderBy: sortSql('f', query.sort, query.dir),
  })
}

/** What the new-schedule page offers to tick: sent invoices with nothing paid, on no live schedule. */
export async function factorableInvoices(organizationId: string) {
  const invoices = await prisma.invoice.findMany({
    where: { organizationId, status: 'sent', amountPaidCents: 0, totalCents: { gt: 0 }, factored: { none: { liveInvoiceId: { not: null } } } },
    select: { id: true, invoiceNumber: true, issueDate: true, dueDate: true, totalCents: true, broker: { select: { name: true } } },
    orderBy: [{ issueDate: 'asc' }, { invoiceNumber: 'asc' }],
    take: 500,
  })
  return invoices.map((invoice) => ({
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    broker: invoice.broker.name,
    issueDate: isoDate(invoice.issueDate)!,
    dueDate: isoDate(invoice.dueDate)!,
    totalCents: invoice.totalCents,
  }))
}

// ---- Schedules: writes ----

/** A transaction that puts invoices on a schedule: a raced unique live invoice is 409 `in_use`, never a 500. */
async function taking<T>(work: (tx: Tx) => Promise<T>) {
  try {
    return await prisma.$transaction(work)
  } catch (error) {
    if (isUniqueViolation(error, LIVE_INDEX)) throw new DomainError('in_use', 'factoring.errors.onSchedule', { params: { number: '' } })
    throw error
  }
}

/**
 * A schedule of the given invoices at the agreement's rates: every invoice the organization's,
 * sent, nothing paid, on no live schedule (else nothing is made: the first refusal names its
 * invoice). The figures are each invoice's (splitInvoice), the totals their sums.
 */
export async function createSchedule(actor: Actor, input: ScheduleCreateInput) {
  assertActorMay(actor, 'create', 'factoring')
  const { organizationId } = actor
  return taking(async (tx) => {
    const agreement = await getAgreement(organizationId, tx)
    if (!agreement) throw new DomainError('invalid_transition', 'factoring.errors.noAgreement')
    const number = formatScheduleNumber(await nextNumber(tx, organizationId, 'nextScheduleNumber'))
    for (const id of input.invoiceIds) assertId(id, 'factoring.errors.unknownInvoice')
    // Locked in id order (two schedules of the same invoices never wait on each other in a circle).
    const ids = [...input.invoiceIds].sort()
    const locked = await tx.$queryRaw<Array<{ id: string }>>`
      SELECT "id" FROM "Invoice" WHERE "id" = ANY(${ids}::text[]) AND "organizationId" = ${organizationId} ORDER BY "id" FOR UPDATE`
    if (locked.length !== ids.length) badField('invoiceIds', 'factoring.errors.unknownInvoice')
    const invoices = await tx.invoice.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        invoiceNumber: true,
        status: true,
        totalCents: true,
        amountPaidCents: true,
        factored: { where: { liveInvoiceId: { not: null } }, select: { schedule: { select: { number: true } } } },
      },
    })
    const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]))
    const ordered = input.invoiceIds.map((id) => byId.get(id)!)
    for (const invoice of ordered) {
      const live = invoice.factored[0]?.schedule.number
      const refusal = factorRefusal({
        status: invoice.status,
        amountPaidCents: invoice.amountPaidCents,
        totalCents: invoice.totalCents,
        onLiveSchedule: Boolean(live),
      })
      if (refusal)
        throw new DomainError(refusal.code, refusal.key, {
          fields: { invoiceIds: [refusal.key] },
          params: { invoice: invoice.invoiceNumber, number: live ?? '' },
        })
    }
    const lines = ordered.map((invoice) => ({ invoice, ...splitInvoice(invoice.totalCents, agreement.advanceBasisPoints, agreement.feeBasisPoints) }))
    const totals = scheduleTotals(lines)
    const schedule = await tx.factoringSchedule.create({
      data: {
        organizationId,
        number,
        factorName: agreement.factorCompany.legalName ?? agreement.factorCompany.name,
        factorEmail: agreement.factorEmail ?? agreement.factorCompany.email,
        // What its invoices print once the factor has it (sent or purchased; ADR 094), whatever the agreement becomes.
        factorAddress: factorRemitTo(agreement).address,
        advanceBasisPoints: agreement.advanceBasisPoints,
        feeBasisPoints: agreement.feeBasisPoints,
        ...totals,
        createdById: actor.userId,
        items: {
          create: lines.map((line, index) => ({
            invoiceId: line.invoice.id,
            liveInvoiceId: line.invoice.id,
            invoiceNumber: line.invoice.invoiceNumber,
            amountCents: line.amountCents,
            advanceCents: line.advanceCents,
            feeCents: line.feeCents,
            reserveCents: line.reserveCents,
            sortOrder: index + 1,
          })),
        },
      },
      include,
    })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: schedule.id,
      action: 'create',
      after: { number, invoices: lines.map((line) => line.invoice.invoiceNumber).join(', '), ...totals },
    })
    return schedule
  })
}

async function lockSchedule(tx: Tx, organizationId: string, id: string, version: number | undefined) {
  const schedule = await lockForUpdate(tx, { table: 'FactoringSchedule', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
    tx.factoringSchedule.findFirst({ where: { id, organizationId }, include: { items: { orderBy: { sortOrder: 'asc' } } } }),
  )
  return { ...schedule, ...scheduleMoney(schedule) }
}

function assertAllows(action: ScheduleAction, schedule: { status: ScheduleStatus; reserveCents: number; reserveReleasedCents: number }) {
  throwRefusal(scheduleRefusal(action, schedule))
}

async function setStatus(
  tx: Tx,
  actor: Actor,
  before: { id: string; version: number; status: string },
  status: ScheduleStatus,
  data: Prisma.FactoringScheduleUpdateManyMutationInput = {},
) {
  assertOneRow(
    await tx.factoringSchedule.updateMany({ where: { id: before.id, version: before.version }, data: { ...data, status, version: { increment: 1 } } }),
  )
  await recordAudit(tx, actor, { entity: ENTITY, entityId: before.id, action: 'status', before: { status: before.status }, after: { status } })
}

/**
 * "Send to factor": the schedule, its CSV and every invoice's packet by email to the factor,
 * through the job queue (queued with the change, in one transaction). Sending again before the
 * purchase queues it once more. The factor's email is the agreement's, else the factor company's.
 */
export async function sendSchedule(actor: Actor, id: string, version: number | undefined, now = new Date()) {
  assertActorMay(actor, 'update', 'factoring')
  return prisma.$transaction(async (tx) => {
    const before = await lockSchedule(tx, actor.organizationId, id, version)
    assertAllows('send', before)
    const agreement = await getAgreement(actor.organizationId, tx)
    const to = agreement?.factorEmail ?? agreement?.factorCompany.email ?? before.factorEmail
    if (!to) throw new DomainError('invalid_transition', 'factoring.errors.noFactorEmail')
    await factoringEmailTask.enqueue(tx, { scheduleId: id, organizationId: actor.organizationId }, { key: `factoring_email:${id}` })
    await setStatus(tx, actor, before, 'sent', { sentAt: now, factorEmail: to, emailStatus: 'queued', emailError: null })
    return tx.factoringSchedule.findUniqueOrThrow({ where: { id }, include })
  })
}

/** Void: kept for the record at no effect; its invoices may go on another schedule. */
export async function voidSchedule(actor: Actor, id: string, version: number | undefined, now = new Date()) {
  assertActorMay(actor, 'update', 'factoring')
  return prisma.$transaction(async (tx) => {
    const before = await lockSchedule(tx, actor.organizationId, id, version)
    assertAllows('void', before)
    await tx.factoringScheduleItem.updateMany({ where: { scheduleId: id }, data: { liveInvoiceId: null } })
    await setStatus(tx, actor, before, 'void', { voidedAt: now })
    return tx.factoringSchedule.findUniqueOrThrow({ where: { id }, include })
  })
}

/** A purchase line with where it came from (`Row 3 · INV-000012`, `lines.2`): how a refusal names it. */
export type LabelledLine = PurchaseLine & { label: string }

/**
 * "Purchased": the factor's payment of each invoice, recorded as payments of method `factoring`
 * (the advance, the fee, the reserve: together the invoice's face, so its balance closes), on the
 * day given. The figures are the factor's report's (`lines`, one per invoice of the schedule, each
 * adding up to its invoice) or, without a report, the schedule's. Any refused line refuses the
 * whole purchase, each named; nothing is written unless every invoice is.
 */
export async function purchaseSchedule(actor: Actor, id: string, input: Omit<PurchaseInput, 'lines'> & { lines?: LabelledLine[] }, now = new Date()) {
  assertActorMay(actor, 'update', 'factoring')
  return prisma.$transaction(async (tx) => {
    const before = await lockSchedule(tx, actor.organizationId, id, input.version)
    assertAllows('purchase', before)
    if (input.purchasedAt > (await organizationToday(actor.organizationId, tx, now))) badField('purchasedAt', 'factoring.errors.future')
    // The advances and fees are the books' on the purchase day (ADR 146).
    await assertBooksOpen(tx, actor.organizationId, [input.purchasedAt])
    const figures = input.lines ? reportFigures(before.items, input.lines) : new Map(before.items.map((item) => [item.id, item]))
    for (const item of before.items) {
      const line = figures.get(item.id)!
      const parts = [
        ['advance', line.advanceCents],
        ['fee', line.feeCents],
        ['reserve', line.reserveCents],
      ] as const
      for (const [part, amountCents] of parts) {
        if (amountCents <= 0) continue
        await recordPaymentIn(
          tx,
          actor,
          item.invoiceId,
          { amountCents, paidAt: input.purchasedAt, method: 'factoring', reference: `${before.number} ${part}`, version: undefined },
          now,
        ).catch((error: unknown) => {
          // The invoice changed since it was scheduled (a payment from the broker, a void): named.
          if (error instanceof DomainError) throw new DomainError(error.code, 'factoring.errors.invoiceChanged', { params: { invoice: item.invoiceNumber } })
          throw error
        })
      }
      if (input.lines)
        await tx.factoringScheduleItem.update({
          where: { id: item.id },
          data: { advanceCents: line.advanceCents, feeCents: line.feeCents, reserveCents: line.reserveCents },
        })
    }
    const totals = scheduleTotals(before.items.map((item) => ({ ...figures.get(item.id)!, amountCents: item.amountCents })))
    await setStatus(tx, actor, before, 'purchased', { ...totals, purchasedAt: toDateOnly(input.purchasedAt)! })
    return tx.factoringSchedule.findUniqueOrThrow({ where: { id }, include })
  })
}

/** The report's figures by schedule line, or a refusal naming every bad line (not on the schedule, twice, not adding up, missing). */
function reportFigures(items: ReadonlyArray<{ id: string; invoiceNumber: string; amountCents: number }>, lines: LabelledLine[]) {
  const byNumber = new Map(items.map((item) => [item.invoiceNumber.toLowerCase(), item]))
  const figures = new Map<string, LabelledLine>()
  const refused: Record<string, string[]> = {}
  for (const line of lines) {
    const item = byNumber.get(line.invoiceNumber.trim().toLowerCase())
    if (!item) refused[line.label] = ['factoring.errors.row.notOnSchedule']
    else if (figures.has(item.id)) refused[line.label] = ['factoring.errors.row.twice']
    else if (line.advanceCents + line.feeCents + line.reserveCents !== item.amountCents) {
      refused[line.label] = ['factoring.errors.row.sum']
      figures.set(item.id, line)
    } else figures.set(item.id, line)
  }
  for (const item of items) if (!figures.has(item.id)) refused[item.invoiceNumber] = ['factoring.errors.row.missing']
  if (Object.keys(refused).length) throw new DomainError('validation_failed', 'factoring.errors.reportRefused', { fields: refused })
  return figures
}

/** The CSV header names the report's columns may have (case and spaces ignored). */
const REPORT_COLUMNS = {
  invoiceNumber: ['invoice', 'invoicenumber', 'invoiceno', 'invoice#', 'number'],
  advance: ['advance', 'advanceamount', 'advanced'],
  fee: ['fee', 'fees', 'factoringfee'],
  reserve: ['reserve', 'reserveamount', 'reserveheld'],
} as const

/**
 * The factor's purchase report (CSV: invoice number, advance, fee, reserve in dollars, a header row
 * first) read into purchase lines, each labelled with its row; a row that cannot be read is named
 * with why. Refused rows refuse the whole report.
 */
export function parsePurchaseReport(csv: string): LabelledLine[] {
  let rows: string[][]
  try {
    rows = parse(csv.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true, trim: true, to: 1001 })
  } catch {
    throw new DomainError('validation_failed', 'factoring.errors.reportUnreadable')
  }
  const [header = [], ...body] = rows
  const names = header.map((cell) => cell.toLowerCase().replace(/[\s_-]/g, ''))
  const column = (key: keyof typeof REPORT_COLUMNS) => names.findIndex((name) => (REPORT_COLUMNS[key] as readonly string[]).includes(name))
  const at = { invoiceNumber: column('invoiceNumber'), advance: column('advance'), fee: column('fee'), reserve: column('reserve') }
  if (Object.values(at).some((index) => index < 0)) throw new DomainError('validation_failed', 'factoring.errors.reportColumns')
  if (!body.length) throw new DomainError('validation_failed', 'factoring.errors.reportEmpty')
  if (body.length > 1000) throw new DomainError('validation_failed', 'factoring.errors.tooManyInvoices')
  const refused: Record<string, string[]> = {}
  const lines: LabelledLine[] = []
  body.forEach((row, index) => {
    const invoiceNumber = (row[at.invoiceNumber] ?? '').slice(0, 40)
    const label = `${index + 2} · ${invoiceNumber || '—'}`
    const money = (cell: string | undefined) => (cell ? parseDollars(cell.replace(/[$,\s]/g, '')) : 0)
    const [advanceCents, feeCents, reserveCents] = [money(row[at.advance]), money(row[at.fee]), money(row[at.reserve])]
    if (!invoiceNumber) refused[label] = ['factoring.errors.row.noInvoice']
    else if ([advanceCents, feeCents, reserveCents].some((value) => value === null || value < 0)) refused[label] = ['factoring.errors.row.amount']
    else lines.push({ invoiceNumber, advanceCents: advanceCents!, feeCents: feeCents!, reserveCents: reserveCents!, label })
  })
  if (Object.keys(refused).length) throw new DomainError('validation_failed', 'factoring.errors.reportRefused', { fields: refused })
  return lines
}

/** The page's import: the report read, then the purchase with its figures, in one transaction. */
export async function importPurchaseReport(actor: Actor, id: string, input: { purchasedAt: string; version?: number }, csv: string, now = new Date()) {
  assertActorMay(actor, 'update', 'factoring')
  return purchaseSchedule(actor, id, { ...input, lines: parsePurchaseReport(csv) }, now)
}

/**
 * "Reserve released": the factor paid back (part of) the reserve it held. Recorded on the
 * schedule (the invoices were closed at the purchase): the amount released so far and the day,
 * and as a release of its own (`FactoringReserveRelease`) for the accounting export.
 * Never more than the reserve; not before the purchase nor after today.
 */
export async function releaseReserve(actor: Actor, id: string, input: ReserveReleaseInput, now = new Date()) {
  assertActorMay(actor, 'update', 'factoring')
  return prisma.$transaction(async (tx) => {
    const before = await lockSchedule(tx, actor.organizationId, id, input.version)
    assertAllows('release', before)
    if (input.releasedAt > (await organizationToday(actor.organizationId, tx, now))) badField('releasedAt', 'factoring.errors.future')
    if (before.purchasedAt && input.releasedAt < isoDate(before.purchasedAt)!) badField('releasedAt', 'factoring.errors.beforePurchase')
    // A release is the books' on the day released (ADR 146); the releases before it are not changed.
    await assertBooksOpen(tx, actor.organizationId, [input.releasedAt])
    const left = before.reserveCents - before.reserveReleasedCents
    if (input.amountCents > left) badField('amountCents', 'factoring.errors.overReserve', { left })
    const reserveReleasedCents = before.reserveReleasedCents + input.amountCents
    assertOneRow(
      await tx.factoringSchedule.updateMany({
        where: { id, version: before.version },
        data: { reserveReleasedCents, reserveReleasedAt: toDateOnly(input.releasedAt)!, version: { increment: 1 } },
      }),
    )
    // Each release is its own entry in the accounting export (ADR 151).
    await tx.factoringReserveRelease.create({
      data: { organizationId: actor.organizationId, scheduleId: id, amountCents: input.amountCents, releasedAt: toDateOnly(input.releasedAt)! },
    })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: { reserveReleasedCents: before.reserveReleasedCents },
      after: { reserveReleasedCents, reserveReleasedAt: input.releasedAt },
    })
    return tx.factoringSchedule.findUniqueOrThrow({ where: { id }, include })
  })
}

// ---- Reports ----

export type FeesMonth = {
  month: string
  schedules: number
  totalCents: number
  advanceCents: number
  feeCents: number
  reserveCents: number
  reserveReleasedCents: number
}

/**
 * The monthly factoring fees report: purchased schedules by the month of their purchase, the
 * last `months` months, newest first, with the face sold, the advances, the fees, the reserves
 * and what of them was released so far.
 */
export async function factoringFees(organizationId: string, months = 12): Promise<FeesMonth[]> {
  const rows = await prisma.$queryRaw<
    Array<{ month: string; schedules: bigint; total: bigint; advance: bigint; fee: bigint; reserve: bigint; released: bigint }>
  >`
    SELECT to_char(date_trunc('month', "purchasedAt"), 'YYYY-MM') AS "month", count(*) AS "schedules",
           sum("totalCents")::bigint AS "total", sum("advanceCents")::bigint AS "advance", sum("feeCents")::bigint AS "fee",
           sum("reserveCents")::bigint AS "reserve", sum("reserveReleasedCents")::bigint AS "released"
    FROM "FactoringSchedule"
    WHERE "organizationId" = ${organizationId} AND "status" = 'purchased' AND "purchasedAt" IS NOT NULL
    GROUP BY 1 ORDER BY 1 DESC LIMIT ${months}`
  return rows.map((row) => ({
    month: row.month,
    schedules: Number(row.schedules),
    totalCents: Number(row.total),
    advanceCents: Number(row.advance),
    feeCents: Number(row.fee),
    reserveCents: Number(row.reserve),
    reserveReleasedCents: Number(row.released),
  }))
}
