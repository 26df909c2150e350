/**
 * The bench's processes: its own embedded PostgreSQL (seeded), the production app and the
 * baseline as children in their own process groups, and the memory of the process that serves.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import pg from 'pg'

import { applyMigrations, startEmbeddedPostgres } from '../../app/utils/db-setup.server'
import { seedLoads } from '../../prisma/seed-loads'
import { ACCOUNTING_EXPORTS, EDI_MESSAGES, EDI_TENDERS, seedAccountingExports, seedEdi } from './accounting-edi-fixtures'
import { POSTS, QUOTES, seedPosts, seedQuotes } from './booking-fixtures'
import { CLAIMS, seedClaims } from './claim-fixtures'
import { COMPLIANCE_DRIVERS, seedCompliance } from './compliance-fixtures'
import { FUEL_PURCHASES, FUEL_TRIPS, seedFuel } from './fuel-fixtures'
import { INSPECTIONS, seedInspections } from './inspection-fixtures'
import { CONVERSATIONS, INBOX_MESSAGES, seedMessages } from './messages-fixtures'
import { SCHEDULES, seedSchedules, seedWebhooks, WEBHOOKS } from './ops-fixtures'
import { ORDERS, PRODUCTS, seedOrders, seedStore, SETTLEMENTS } from './store-fixtures'
import { seedWorkOrders, WORK_ORDERS } from './work-order-fixtures'

/**
 * `loadsSeed`: how long the generated loads took to seed in this run, and the CPU seconds it used
 * (Node and the database's sessions; null when unknown); null when reused or none.
 */
export type Database = { url: string; stop: () => Promise<void>; loadsSeed: { seconds: number; cpuSeconds: number | null } | null }

/**
 * Starts the bench's PostgreSQL (wiped first unless kept) with the demo data, `scale`×100 trucks,
 * the bench user's chat and mail (scripts/bench/messages-fixtures.ts), store
 * (scripts/bench/store-fixtures.ts), quote requests and bulletins (scripts/bench/booking-fixtures.ts).
 */
export async function startDatabase(options: { dataDir: string; pgPort: number; scale: number; loads: number; keepData: boolean }): Promise<Database> {
  const pgDir = path.join(options.dataDir, 'postgres')
  if (!options.keepData) fs.rmSync(pgDir, { recursive: true, force: true })
  const embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: options.pgPort })
  let loadsSeed: Database['loadsSeed'] = null
  try {
    await applyMigrations(embedded.url)
    const expected = Math.floor(options.scale * 100) + 40
    const trucks = await query<{ n: string }>(
      embedded.url,
      `SELECT count(*) AS n FROM "Truck" t JOIN "User" u ON u."organizationId" = t."organizationId" WHERE u.email = 'admin@freightdesk.test'`,
    )
    const loads = await query<{ n: string }>(embedded.url, `SELECT count(*) AS n FROM "Load" WHERE "id" LIKE 'bl%'`)
    if (Number(trucks[0].n) !== expected || Number(loads[0].n) !== options.loads) {
      const started = performance.now()
      console.info(`seeding the demo data, ${expected.toLocaleString('en-US')} trucks and ${options.loads.toLocaleString('en-US')} loads…`)
      const args = ['--import', 'tsx', 'prisma/seed.ts', '--loads-scale', String(options.scale)]
      const seeded = spawnSync(process.execPath, args, {
        // A batch job: the web's statement timeout (15 s) would cancel a slice of 100,000 loads on a busy machine.
        env: { ...process.env, DATABASE_URL: embedded.url, DB_STATEMENT_TIMEOUT_MS: '0' },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      if (seeded.status !== 0) throw new Error('seeding failed')
      console.info(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`)
      if (options.loads > 0) {
        // Streamed through COPY from this process, its steps told (prisma/seed-loads.ts, ADR 073).
        console.info(`generating ${options.loads.toLocaleString('en-US')} loads with their stops and charges…`)
        const organizations = await query<{ id: string }>(
          embedded.url,
          `SELECT o.id FROM "Organization" o WHERE EXISTS (SELECT 1 FROM "Broker" b WHERE b."organizationId" = o.id)
           ORDER BY EXISTS (SELECT 1 FROM "User" u WHERE u."organizationId" = o.id AND u.email = 'admin@freightdesk.test') DESC, o."createdAt", o.id`,
        )
        const result = await seedLoads(
          embedded.url,
          organizations.map((row) => row.id),
          options.loads,
        )
        loadsSeed = { seconds: result.seconds, cpuSeconds: result.cpuSeconds }
      }
    } else {
      console.info(`reusing the database in ${pgDir} (${expected.toLocaleString('en-US')} trucks, ${options.loads.toLocaleString('en-US')} loads)`)
    }
    if (await seedMessages(embedded.url, 'admin@freightdesk.test'))
      console.info(`added ${CONVERSATIONS} chat conversations and ${INBOX_MESSAGES} messages in each of the own and the shared inbox`)
    if (await seedStore(embedded.url, 'admin@freightdesk.test')) console.info(`added ${PRODUCTS} store products and ${SETTLEMENTS} settlements`)
    if (await seedOrders(embedded.url, 'admin@freightdesk.test')) console.info(`added ${ORDERS} store orders`)
    if (await seedQuotes(embedded.url, 'admin@freightdesk.test')) console.info(`added ${QUOTES} quote requests`)
    if (await seedPosts(embedded.url, 'admin@freightdesk.test')) console.info(`added ${POSTS} driver bulletins`)
    if (await seedSchedules(embedded.url, 'admin@freightdesk.test')) console.info(`added ${SCHEDULES} factoring schedules`)
    if (await seedWebhooks(embedded.url, 'admin@freightdesk.test')) console.info(`added ${WEBHOOKS} webhook endpoints`)
    if (await seedFuel(embedded.url, 'admin@freightdesk.test')) console.info(`added ${FUEL_PURCHASES} fuel purchases and ${FUEL_TRIPS} trips`)
    if (await seedInspections(embedded.url, 'admin@freightdesk.test')) console.info(`added ${INSPECTIONS} inspection reports`)
    if (await seedWorkOrders(embedded.url, 'admin@freightdesk.test')) console.info(`added ${WORK_ORDERS} work orders`)
    if (await seedCompliance(embedded.url, 'admin@freightdesk.test')) console.info(`added ${COMPLIANCE_DRIVERS} drivers with their qualification files`)
    if (await seedClaims(embedded.url, 'admin@freightdesk.test')) console.info(`added ${CLAIMS} claims`)
    if (await seedAccountingExports(embedded.url, 'admin@freightdesk.test')) console.info(`added ${ACCOUNTING_EXPORTS} accounting export batches`)
    if (await seedEdi(embedded.url, 'admin@freightdesk.test')) console.info(`added ${EDI_MESSAGES} EDI messages and ${EDI_TENDERS} tenders`)
    // Sign-in failures left by an interrupted run would count against the throttle (ADR 009).
    await query(embedded.url, `DELETE FROM "LoginAttempt" WHERE NOT success`)
    return { ...embedded, loadsSeed }
  } catch (error) {
    await embedded.stop()
    throw error
  }
}

export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

export type Server = { name: string; child: ChildProcess; base: string; log: string; stop: () => Promise<void> }

/**
 * Starts `node [nodeArgs] script` (with `--import tsx` for a .ts script) in its own process group,
 * its output in a log file, and waits until `readyPath` answers 200. node itself (not the `tsx`
 * binary or npm) so the child is the process that serves: its pid is the one whose memory counts.
 */
export async function startServer(options: {
  name: string
  script: string
  port: number
  env: Record<string, string>
  logDir: string
  readyPath: string
  nodeArgs?: string[]
}): Promise<Server> {
  fs.mkdirSync(options.logDir, { recursive: true })
  const log = path.join(options.logDir, `${options.name}.log`)
  const out = fs.openSync(log, 'w')
  const loader = options.script.endsWith('.ts') ? ['--import', 'tsx'] : []
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, options.script], {
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
    detached: true,
  })
  fs.closeSync(out)
  let exited = false
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true
      resolve()
    }),
  )
  const base = `http://127.0.0.1:${options.port}`
  const stop = async () => {
    if (exited) return
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      return
    }
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref())
    if ((await Promise.race([exit, timeout])) === 'timeout') {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // gone meanwhile
      }
      await exit
    }
  }
  for (let i = 0; i < 480; i++) {
    if (exited) break
    try {
      const response = await fetch(`${base}${options.readyPath}`, { redirect: 'manual' })
      await response.arrayBuffer()
      if (response.status === 200) return { name: options.name, child, base, log, stop }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await stop()
  const tail = fs.readFileSync(log, 'utf8').split('\n').slice(-20).join('\n')
  throw new Error(`${options.name} did not start on port ${options.port} (log ${log}):\n${tail}`)
}

/** The parent of each process, from /proc/<pid>/stat. */
function parents() {
  const map = new Map<number, { ppid: number; comm: string }>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const close = stat.lastIndexOf(')')
      const comm = stat.slice(stat.indexOf('(') + 1, close)
      const ppid = Number(stat.slice(close + 2).split(' ')[1])
      map.set(Number(entry), { ppid, comm })
    } catch {
      // exited while we looked
    }
  }
  return map
}

/**
 * The node process that serves: `pid` itself, or the deepest node process below it when `pid` is
 * a launcher (the `tsx` binary runs the script in a child node process).
 */
export function servingPid(pid: number) {
  const table = parents()
  let current = pid
  for (;;) {
    const child = [...table].find(([, info]) => info.ppid === current && info.comm.startsWith('node'))
    if (!child) return current
    current = child[0]
  }
}

/** VmRSS and VmHWM (peak) of a process, in MiB. */
export function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024
  return { rss: field('VmRSS'), hwm: field('VmHWM') }
}

export function commandOf(pid: number) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
  } catch {
    return '?'
  }
}
