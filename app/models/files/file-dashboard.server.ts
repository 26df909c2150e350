/**
 * The file dashboard (`/dashboard/file`, ADR 067): storage by kind and by month, the largest
 * files, the latest uploads (all from the files index, as the reader sees it), and the delivered
 * loads still missing a POD or a BOL, as a to-do list.
 */
import { Prisma } from '~/generated/prisma/client'
import type { FileKind } from '~/schemas/stored-file-options'
import { prisma } from '~/utils/db.server'

import { type FileReader, listFiles, visibleFilesWhere } from './stored-file.server'

/** Loads past delivery whose papers should be complete. */
export const PAPERS_DUE_STATUSES = ['delivered', 'invoiced'] as const
const MONTHS = 12
const TOP = 8
const TODO_LIMIT = 50

export async function fileDashboard(reader: FileReader, now = new Date()) {
  const where = visibleFilesWhere(reader)
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1), 1))
  const [byKind, byMonth, largest, latest, missing, [missingCount]] = await Promise.all([
    prisma.$queryRaw<Array<{ kind: FileKind; count: number; bytes: bigint }>>`
      SELECT f.kind, count(*)::int AS count, sum(f."sizeBytes")::bigint AS bytes FROM "StoredFile" f WHERE ${where} GROUP BY f.kind ORDER BY bytes DESC`,
    prisma.$queryRaw<Array<{ month: string; count: number; bytes: bigint }>>`
      SELECT to_char(date_trunc('month', f."createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month, count(*)::int AS count, sum(f."sizeBytes")::bigint AS bytes
      FROM "StoredFile" f WHERE ${where} AND f."createdAt" >= ${since} GROUP BY 1 ORDER BY 1`,
    listFiles(reader, { sort: 'sizeBytes', dir: 'desc', page: 1, pageSize: TOP }, { totals: false }),
    listFiles(reader, { sort: 'createdAt', dir: 'desc', page: 1, pageSize: TOP }, { totals: false }),
    prisma.$queryRaw<Array<{ id: string; loadNumber: string; status: string; missingPod: boolean; missingBol: boolean }>>`
      SELECT l.id, l."loadNumber", l.status::text AS status,
        NOT EXISTS (SELECT 1 FROM "LoadDocument" d WHERE d."loadId" = l.id AND d.kind = 'pod') AS "missingPod",
        NOT EXISTS (SELECT 1 FROM "LoadDocument" d WHERE d."loadId" = l.id AND d.kind = 'bols') AS "missingBol"
      FROM "Load" l
      WHERE ${missingWhere(reader.organizationId)}
      ORDER BY l."updatedAt" DESC, l.id DESC LIMIT ${TODO_LIMIT}`,
    prisma.$queryRaw<Array<{ count: number }>>`SELECT count(*)::int AS count FROM "Load" l WHERE ${missingWhere(reader.organizationId)}`,
  ])
  // Every month of the window, empty ones too, so the chart's axis is the calendar.
  const months = new Map(byMonth.map((row) => [row.month, row]))
  const calendar = Array.from({ length: MONTHS }, (_, index) => {
    const month = new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth() + index, 1)).toISOString().slice(0, 10)
    const row = months.get(month)
    return { month, count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) }
  })
  return {
    // The totals are the kinds' sums: one scan fewer.
    totalBytes: byKind.reduce((sum, row) => sum + Number(row.bytes), 0),
    totalFiles: byKind.reduce((sum, row) => sum + row.count, 0),
    byKind: byKind.map((row) => ({ kind: row.kind, count: row.count, bytes: Number(row.bytes) })),
    byMonth: calendar,
    largest: largest.items,
    latest: latest.items,
    missing: { count: missingCount.count, loads: missing },
  }
}

function missingWhere(organizationId: string) {
  return Prisma.sql`l."organizationId" = ${organizationId} AND l.status::text IN (${Prisma.join([...PAPERS_DUE_STATUSES])})
    AND (NOT EXISTS (SELECT 1 FROM "LoadDocument" d WHERE d."loadId" = l.id AND d.kind = 'pod')
      OR NOT EXISTS (SELECT 1 FROM "LoadDocument" d WHERE d."loadId" = l.id AND d.kind = 'bols'))`
}
