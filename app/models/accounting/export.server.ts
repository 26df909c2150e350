/**
 * Accounting export batches (ADR 145), shared by /dashboard/accounting and
 * /api/accounting/exports. Creating one claims its records in one transaction, under the
 * organization's row lock its number is taken with, so two exports started at once never carry
 * the same record: a record already carried is left out unless `includeExported`, and a voided
 * invoice (settlement, factoring schedule) or a deleted payment or fuel purchase (ADR 151, 152) carried before comes out
 * once as a reversal. The job queue's `accounting_export` task then writes the file straight to
 * storage, a page of records at a time, counting the records written for the progress the pages
 * show.
 */
import { once } from 'node:events'
import { PassThrough } from 'node:stream'

import { href } from 'react-router'

import { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, nextNumber, requireFound } from '~/models/records/records.server'
import { accountingExportTask } from '~/models/tasks/accounting-export.server'
import type { AccountingExportInput, AccountingExportRecord } from '~/schemas/accounting'
import { ACCOUNTING_KINDS, type AccountingKind } from '~/schemas/accounting-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { attachmentDisposition } from '~/utils/file-name'
import { assertStorageKey, fileStorage } from '~/utils/storage.server'
import { safeTimeZone } from '~/utils/time'

import { type ClaimedRecord, entriesOf } from './entries.server'
import type { AccountingEntry } from './entry'
import { accountingFile, writeAccountingFile } from './formats/index.server'
import { accountingNames } from './settings.server'

const NOT_FOUND = 'accounting.errors.notFound'

/** Records read (and entries written) per page: 20,000 records never sit in memory at once. */
export const ACCOUNTING_PAGE_SIZE = 250

type StoredExport = Prisma.AccountingExportGetPayload<object>

/** The columns a batch's answer shows. */
type ExportRow = Pick<
  StoredExport,
  | 'id'
  | 'number'
  | 'format'
  | 'fromDate'
  | 'toDate'
  | 'kinds'
  | 'includeExported'
  | 'recordCount'
  | 'processedCount'
  | 'status'
  | 'error'
  | 'fileName'
  | 'sizeBytes'
  | 'createdAt'
  | 'finishedAt'
>

export function serializeAccountingExport(row: ExportRow): AccountingExportRecord {
  return {
    id: row.id,
    number: row.number,
    format: row.format,
    from: row.fromDate.toISOString().slice(0, 10),
    to: row.toDate.toISOString().slice(0, 10),
    kinds: ACCOUNTING_KINDS.filter((kind) => row.kinds.includes(kind)),
    includeExported: row.includeExported,
    recordCount: row.recordCount,
    processedCount: row.processedCount,
    status: row.status,
    error: row.error,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    url: href('/api/accounting/exports/:id/file', { id: row.id }),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

// ---- Claiming ----

/**
 * The records of one kind an export takes: `part` tells a factoring schedule's purchase from its
 * reserve release, `day` orders the file. `fresh` limits originals to those no batch carried yet.
 */
function candidates(kind: AccountingKind, organizationId: string, from: string, to: string, fresh: boolean): Prisma.Sql {
  const carried = (alias: string, part: string | Prisma.Sql) =>
    fresh
      ? Prisma.sql`AND NOT EXISTS (SELECT 1 FROM "AccountingExportRecord" r WHERE r."organizationId" = ${organizationId} AND r."kind" = ${kind}::"AccountingKind" AND r."recordId" = ${Prisma.raw(alias)}."id" AND r."part" = ${part} AND NOT r."reversal")`
      : Prisma.empty
  // Carried once as an original and never taken back yet: its reversal is due.
  const reversalDue = (alias: string, part: string, column = 'id') => Prisma.sql`
    EXISTS (SELECT 1 FROM "AccountingExportRecord" r WHERE r."organizationId" = ${organizationId} AND r."kind" = ${kind}::"AccountingKind" AND r."recordId" = ${Prisma.raw(alias)}.${Prisma.raw(`"${column}"`)} AND r."part" = ${part} AND NOT r."reversal")
    AND NOT EXISTS (SELECT 1 FROM "AccountingExportRecord" r WHERE r."organizationId" = ${organizationId} AND r."kind" = ${kind}::"AccountingKind" AND r."recordId" = ${Prisma.raw(alias)}.${Prisma.raw(`"${column}"`)} AND r."part" = ${part} AND r."reversal")`
  const range = (column: Prisma.Sql) => Prisma.sql`${column} BETWEEN ${from}::date AND ${to}::date`
  switch (kind) {
    case 'invoices':
      return Prisma.sql`
        SELECT i."id" AS "recordId", '' AS "part", false AS "reversal", i."issueDate" AS "day", i."invoiceNumber"::text AS "number" FROM "Invoice" i
        WHERE i."organizationId" = ${organizationId} AND i."status" IN ('sent', 'partially_paid', 'paid') AND ${range(Prisma.sql`i."issueDate"`)} ${carried('i', '')}
        UNION ALL
        SELECT i."id", '', true, (i."voidedAt" AT TIME ZONE o."timezone")::date, i."invoiceNumber"::text FROM "Invoice" i JOIN "Organization" o ON o."id" = i."organizationId"
        WHERE i."organizationId" = ${organizationId} AND i."status" = 'void' AND ${reversalDue('i', '')}`
    case 'payments':
      return Prisma.sql`
        SELECT p."id", '', false, p."paidAt", i."invoiceNumber"::text FROM "Payment" p JOIN "Invoice" i ON i."id" = p."invoiceId"
        WHERE i."organizationId" = ${organizationId} AND i."status" <> 'void' AND ${range(Prisma.sql`p."paidAt"`)} ${carried('p', '')}
        UNION ALL
        SELECT d."recordId", '', true, (d."deletedAt" AT TIME ZONE o."timezone")::date, d."snapshot"->'invoice'->>'invoiceNumber' FROM "AccountingDeletedRecord" d JOIN "Organization" o ON o."id" = d."organizationId"
        WHERE d."organizationId" = ${organizationId} AND d."kind" = 'payments' AND ${reversalDue('d', '', 'recordId')}`
    case 'settlements':
      return Prisma.sql`
        SELECT s."id", '', false, s."periodEnd", s."number" FROM "Settlement" s
        WHERE s."organizationId" = ${organizationId} AND s."status" IN ('approved', 'paid') AND ${range(Prisma.sql`s."periodEnd"`)} ${carried('s', '')}
        UNION ALL
        SELECT s."id", '', true, (s."voidedAt" AT TIME ZONE o."timezone")::date, s."number" FROM "Settlement" s JOIN "Organization" o ON o."id" = s."organizationId"
        WHERE s."organizationId" = ${organizationId} AND s."status" = 'void' AND ${reversalDue('s', '')}`
    case 'fuel':
      return Prisma.sql`
        SELECT f."id", '', false, f."purchasedAt", coalesce(f."reference", '') FROM "FuelPurchase" f
        WHERE f."organizationId" = ${organizationId} AND ${range(Prisma.sql`f."purchasedAt"`)} ${carried('f', '')}
        UNION ALL
        SELECT d."recordId", '', true, (d."deletedAt" AT TIME ZONE o."timezone")::date, coalesce(d."snapshot"->>'reference', '') FROM "AccountingDeletedRecord" d JOIN "Organization" o ON o."id" = d."organizationId"
        WHERE d."organizationId" = ${organizationId} AND d."kind" = 'fuel' AND ${reversalDue('d', '', 'recordId')}`
    case 'work_orders':
      return Prisma.sql`
        SELECT w."id", '', false, (w."completedAt" AT TIME ZONE o."timezone")::date, w."number" FROM "WorkOrder" w JOIN "Organization" o ON o."id" = w."organizationId"
        WHERE w."organizationId" = ${organizationId} AND w."status" = 'completed' AND ${range(Prisma.sql`(w."completedAt" AT TIME ZONE o."timezone")::date`)} ${carried('w', '')}`
    case 'factoring':
      return Prisma.sql`
        SELECT s."id", 'purchase', false, s."purchasedAt", s."number" FROM "FactoringSchedule" s
        WHERE s."organizationId" = ${organizationId} AND s."status" <> 'void' AND s."purchasedAt" IS NOT NULL AND ${range(Prisma.sql`s."purchasedAt"`)} ${carried('s', 'purchase')}
        UNION ALL
        SELECT s."id", 'release:' || rr."id", false, rr."releasedAt", s."number" FROM "FactoringReserveRelease" rr JOIN "FactoringSchedule" s ON s."id" = rr."scheduleId"
        WHERE rr."organizationId" = ${organizationId} AND s."status" <> 'void' AND ${range(Prisma.sql`rr."releasedAt"`)} ${carried('s', Prisma.sql`'release:' || rr."id"`)}
        UNION ALL
        SELECT s."id", 'purchase', true, (s."voidedAt" AT TIME ZONE o."timezone")::date, s."number" FROM "FactoringSchedule" s JOIN "Organization" o ON o."id" = s."organizationId"
        WHERE s."organizationId" = ${organizationId} AND s."status" = 'void' AND ${reversalDue('s', 'purchase')}`
  }
}

/**
 * Claims the records and queues the file: 201's `{ id, number, recordCount, url }` and the rest.
 * The organization's row stays locked from the number to the commit, so a second export started
 * at once waits and then sees this one's records as carried.
 */
export async function createAccountingExport(actor: Actor, input: AccountingExportInput): Promise<AccountingExportRecord> {
  assertActorMay(actor, 'create', 'accounting')
  const organizationId = actor.organizationId
  return prisma.$transaction(
    async (tx) => {
      const number = await nextNumber(tx, organizationId, 'nextAccountingExportNumber')
      const file = accountingFile(input.format, number)
      const made = await tx.accountingExport.create({
        data: {
          organizationId,
          number,
          format: input.format,
          fromDate: new Date(`${input.from}T00:00:00Z`),
          toDate: new Date(`${input.to}T00:00:00Z`),
          kinds: input.kinds,
          includeExported: input.includeExported,
          recordCount: 0,
          fileName: file.fileName,
          contentType: file.contentType,
          createdById: actor.userId,
        },
      })
      const fresh = !input.includeExported
      const parts = input.kinds.map(
        (kind) =>
          Prisma.sql`SELECT ${kind}::"AccountingKind" AS "kind", ${ACCOUNTING_KINDS.indexOf(kind)}::int AS "kindOrder", c.* FROM (${candidates(kind, organizationId, input.from, input.to, fresh)}) c("recordId", "part", "reversal", "day", "number")`,
      )
      const inserted = await tx.$executeRaw`
        INSERT INTO "AccountingExportRecord" ("id", "exportId", "organizationId", "kind", "recordId", "part", "reversal", "sequence")
        SELECT 'c' || substr(md5(random()::text || clock_timestamp()::text || x."recordId"), 1, 24), ${made.id}, ${organizationId}, x."kind", x."recordId", x."part", x."reversal",
          (row_number() OVER (ORDER BY x."kindOrder", x."reversal", x."day", x."number", x."recordId", x."part"))::int
        FROM (${Prisma.join(parts, ' UNION ALL ')}) x`
      const row = await tx.accountingExport.update({ where: { id: made.id }, data: { recordCount: inserted } })
      await recordAudit(tx, actor, {
        entity: 'AccountingExport',
        entityId: row.id,
        action: 'create',
        after: {
          number,
          format: row.format,
          from: input.from,
          to: input.to,
          kinds: input.kinds,
          includeExported: input.includeExported,
          recordCount: inserted,
        },
      })
      await accountingExportTask.enqueue(tx, { exportId: row.id, organizationId }, { key: `accounting_export:${row.id}` })
      return serializeAccountingExport(row)
    },
    { timeout: 120_000 },
  )
}

// ---- Reading ----

export async function listAccountingExports(organizationId: string, options: { page?: number; pageSize?: number } = {}) {
  const pageSize = Math.min(Math.max(options.pageSize ?? 25, 1), 100)
  const page = Math.max(options.page ?? 1, 1)
  // One query with the count beside each row: the list is small and asked often (a page polls it
  // while a file is written), so a second query per answer was most of its cost (ADR 152).
  const rows = await prisma.$queryRaw<(ExportRow & { total: bigint })[]>`
    SELECT "id", "number", "format"::text AS "format", "fromDate", "toDate", "kinds"::text[] AS "kinds", "includeExported", "recordCount",
      "processedCount", "status"::text AS "status", "error", "fileName", "sizeBytes", "createdAt", "finishedAt", count(*) OVER () AS "total"
    FROM "AccountingExport" WHERE "organizationId" = ${organizationId}
    ORDER BY "number" DESC LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
  // Past the last page no row carries the count.
  const total = rows.length > 0 ? Number(rows[0].total) : await prisma.accountingExport.count({ where: { organizationId } })
  return { items: rows.map(serializeAccountingExport), total, page, pageSize }
}

export async function getAccountingExport(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  return serializeAccountingExport(requireFound(await prisma.accountingExport.findFirst({ where: { id, organizationId } }), NOT_FOUND))
}

/** The stored file of a ready batch (409 `invalid_transition` while it is being written or failed). */
export async function readAccountingExportFile(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  const row = requireFound(await prisma.accountingExport.findFirst({ where: { id, organizationId } }), NOT_FOUND)
  if (row.status !== 'ready' || !row.storageKey) throw new DomainError('invalid_transition', 'accounting.errors.notReady')
  const stored = requireFound(await fileStorage().get(row.storageKey), NOT_FOUND)
  return { ...stored, fileName: row.fileName, contentType: row.contentType }
}

/** The file as a download: its own name (`.iif`, `.zip`), never cached. */
export async function accountingFileResponse(request: Request, organizationId: string, id: string) {
  const file = await readAccountingExportFile(organizationId, id)
  return new Response(request.method === 'HEAD' ? null : file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.sizeBytes),
      'Content-Disposition': attachmentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}

// ---- Writing the file (the job queue's accounting_export task) ----

/** The batch's claimed records as entries, a page at a time, counting them into `processedCount`. */
export async function* accountingExportEntries(row: Pick<StoredExport, 'id' | 'organizationId'>): AsyncGenerator<AccountingEntry> {
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: row.organizationId }, select: { timezone: true } })
  const names = await accountingNames(row.organizationId)
  const timeZone = safeTimeZone(organization.timezone)
  let after = 0
  let processed = 0
  for (;;) {
    const claims: ClaimedRecord[] = await prisma.accountingExportRecord.findMany({
      where: { exportId: row.id, sequence: { gt: after } },
      orderBy: { sequence: 'asc' },
      take: ACCOUNTING_PAGE_SIZE,
      select: { kind: true, recordId: true, part: true, reversal: true, sequence: true },
    })
    if (claims.length === 0) return
    after = claims[claims.length - 1].sequence
    const reversed = claims.filter((claim) => claim.reversal)
    const reversedBatch = new Map<string, number>()
    if (reversed.length > 0) {
      const originals = await prisma.accountingExportRecord.findMany({
        where: { organizationId: row.organizationId, reversal: false, recordId: { in: reversed.map((claim) => claim.recordId) }, exportId: { not: row.id } },
        select: { kind: true, recordId: true, part: true, export: { select: { number: true } } },
      })
      for (const original of originals) {
        const key = `${original.kind}:${original.recordId}:${original.part}`
        reversedBatch.set(key, Math.max(reversedBatch.get(key) ?? 0, original.export.number))
      }
    }
    for (const entry of await entriesOf(claims, { names, timeZone, reversedBatch })) yield entry
    processed += claims.length
    await prisma.accountingExport.update({ where: { id: row.id }, data: { processedCount: processed } })
  }
}

/** Writes the bytes `write` is given straight into storage under `key`; resolves with the size. */
async function streamToStorage(key: string, produce: (write: (chunk: Uint8Array) => Promise<void>) => Promise<unknown>) {
  const stream = new PassThrough()
  const putting = fileStorage().put(key, stream)
  putting.catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))))
  const write = async (chunk: Uint8Array) => {
    if (!stream.write(chunk)) await once(stream, 'drain')
  }
  try {
    await produce(write)
    stream.end()
  } catch (error) {
    stream.destroy(error instanceof Error ? error : new Error(String(error)))
    await putting.catch(() => {})
    throw error
  }
  return putting
}

/**
 * The task's work: the batch's file, written as its records are read. A batch already ready is
 * left as it is (a job run twice); a failure marks it failed with the reason, and the file part
 * written is removed by the storage module.
 */
export async function writeAccountingExport(exportId: string, organizationId: string) {
  const row = await prisma.accountingExport.findFirst({ where: { id: exportId, organizationId } })
  if (!row || row.status === 'ready') return
  await prisma.accountingExport.update({ where: { id: row.id }, data: { status: 'running', processedCount: 0, error: null } })
  const key = `accounting/${organizationId}/${row.id}`
  assertStorageKey(key)
  try {
    const sizeBytes = await streamToStorage(key, (write) => writeAccountingFile(row.format, accountingExportEntries(row), write))
    await prisma.accountingExport.update({
      where: { id: row.id },
      data: { status: 'ready', storageKey: key, sizeBytes, processedCount: row.recordCount, finishedAt: new Date() },
    })
  } catch (error) {
    await prisma.accountingExport.update({
      where: { id: row.id },
      data: { status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : 'failed', finishedAt: new Date() },
    })
    throw error
  }
}

/** For tests and scripts: the batch as it is now. */
export async function accountingExportRow(db: Tx | typeof prisma, id: string) {
  return db.accountingExport.findUniqueOrThrow({ where: { id } })
}
