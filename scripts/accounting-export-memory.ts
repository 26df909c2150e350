/**
 * `npx tsx --expose-gc scripts/accounting-export-memory.ts [records]`: the memory an accounting
 * export's file takes to write (ADR 145). Starts an embedded PostgreSQL of its own (port
 * MEMORY_PG_PORT, default 54341, folder .data/accounting-memory), makes an organization with
 * `records` fuel purchases (20,000 by default), claims them in one batch and writes its file the
 * way the job queue does, sampling the live heap every 100 ms. Prints the heap before, the highest heap
 * while writing and the growth; the records never sit in memory at once, so the growth stays a few
 * MB whatever the count.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { applyMigrations, createDatabaseIfMissing, installJobQueue, startEmbeddedPostgres, withDatabase } from '../app/utils/db-setup.server.ts'

const records = Number(process.argv[2] ?? 20_000)
const port = Number(process.env.MEMORY_PG_PORT ?? 54341)
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

const embedded = await startEmbeddedPostgres({ dataDir: '.data/accounting-memory', port, fsync: false })
try {
  const database = `accounting_memory_${Date.now()}`
  await createDatabaseIfMissing(embedded.adminUrl, database)
  const url = withDatabase(embedded.adminUrl, database)
  await applyMigrations(url)
  await installJobQueue(url)
  process.env.DATABASE_URL = url
  process.env.SESSION_SECRET ??= 'accounting-memory-script-secret-0123456789'
  process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'accounting-memory-'))

  const { prisma } = await import('../app/utils/db.server.ts')
  const { createAccountingExport, writeAccountingExport } = await import('../app/models/accounting/export.server.ts')
  const { AccountingExportSchema } = await import('../app/schemas/accounting.ts')

  const organization = await prisma.organization.create({ data: { name: 'Memory Freight' } })
  const user = await prisma.user.create({
    data: { organizationId: organization.id, email: 'accountant@memory.test', passwordHash: 'x', firstName: 'Ann', lastName: 'Count', role: 'accountant' },
  })
  const truck = await prisma.truck.create({ data: { organizationId: organization.id, unitNumber: '101' } })
  for (let start = 0; start < records; start += 1_000) {
    await prisma.fuelPurchase.createMany({
      data: Array.from({ length: Math.min(1_000, records - start) }, (_, index) => ({
        organizationId: organization.id,
        truckId: truck.id,
        purchasedAt: new Date(Date.UTC(2026, 0, 1 + ((start + index) % 365))),
        jurisdiction: 'TX',
        gallonsMilli: 100_000 + index,
        totalCents: 35_000 + index,
        vendor: `Pilot #${index % 500}, "Travel" Center`,
        reference: `R-${start + index}`,
      })),
    })
  }
  const actor = { userId: user.id, organizationId: organization.id, role: 'accountant' as const, scope: 'read_write' as const }
  const claiming = Date.now()
  const batch = await createAccountingExport(actor, AccountingExportSchema.parse({ from: '2026-01-01', to: '2026-12-31', format: 'qbd_iif', kinds: ['fuel'] }))

  console.log(`claimed ${batch.recordCount} records in ${((Date.now() - claiming) / 1000).toFixed(1)} s`)
  const gc = (globalThis as { gc?: () => void }).gc
  gc?.()
  const before = process.memoryUsage().heapUsed
  let peak = before
  let rss = process.memoryUsage().rss
  // Every 100 ms the live heap (after a full collection, with --expose-gc: what is retained, not garbage not yet collected).
  const sampler = setInterval(() => {
    gc?.()
    peak = Math.max(peak, process.memoryUsage().heapUsed)
    rss = Math.max(rss, process.memoryUsage().rss)
  }, 100)
  const started = Date.now()
  await writeAccountingExport(batch.id, organization.id)
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().heapUsed)
  const row = await prisma.accountingExport.findUniqueOrThrow({ where: { id: batch.id } })
  console.log(
    `${row.recordCount} records, file ${mb(row.sizeBytes ?? 0)}, ${row.status} in ${((Date.now() - started) / 1000).toFixed(1)} s: heap before ${mb(before)}, peak ${mb(peak)}, growth ${mb(peak - before)}, peak RSS ${mb(rss)}${gc ? '' : ' (run with --expose-gc for a steady baseline)'}`,
  )
  await prisma.$disconnect()
} finally {
  await embedded.stop()
}
