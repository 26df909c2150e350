/**
 * `npm run db:seed -- --loads N` (and `npm run bench -- --loads N`): N generated loads with a
 * pickup and a delivery stop each and one to three charges, for the benchmarks (ADR 025, ADR 073:
 * ten million loads in under ten minutes on two cores).
 *
 * The rows are generated here and streamed to PostgreSQL through COPY (pg-copy-streams), three
 * streams at once (loads, stops, charges), never held in memory. From BULK loads on, the three
 * tables' indexes, primary keys and foreign keys (theirs and those pointing at them) are dropped
 * first and made again after (each index built in one sort, each foreign key validated in one join
 * instead of a lookup per row, two at a time on the two cores), then the
 * tables are vacuumed and analyzed so the first reads find set visibility maps and fresh
 * statistics. The sessions write with synchronous_commit off: a bench database, rebuilt each run.
 *
 * What the loads look like: the first organization (the bench's) gets 90 % of them, the others the
 * rest; pickups spread over four years back to a month ahead, the rows in pickup order as an office
 * enters them; brokers, drivers and trucks from each organization's own (small) pool; past loads
 * delivered, invoiced after 60 days or canceled (1 in 20), recent and future ones draft or booked,
 * none on the road (so no driver, truck or trailer is held by two active loads); the total is the
 * linehaul plus the charges, as the load model keeps it.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

const LANES = [
  ['Dallas', 'TX', 'Distribution Center 4'],
  ['Houston', 'TX', 'Port Terminal 2'],
  ['Memphis', 'TN', 'Cold Storage East'],
  ['Atlanta', 'GA', 'Fulton Cross-Dock'],
  ['Chicago', 'IL', 'Joliet Intermodal'],
  ['Indianapolis', 'IN', 'Plainfield DC'],
  ['Columbus', 'OH', 'Rickenbacker Hub'],
  ['Kansas City', 'MO', 'Riverside Foods'],
  ['Denver', 'CO', 'Front Range Supply'],
  ['Phoenix', 'AZ', 'Sonoran Produce'],
  ['Los Angeles', 'CA', 'Vernon Warehouse'],
  ['Oakland', 'CA', 'Bay Logistics'],
  ['Salt Lake City', 'UT', 'Wasatch Freight'],
  ['Nashville', 'TN', 'Music Row Paper'],
  ['Charlotte', 'NC', 'Piedmont DC'],
  ['Jacksonville', 'FL', 'Northside Terminal'],
  ['Laredo', 'TX', 'Border Crossing 7'],
  ['Oklahoma City', 'OK', 'Will Rogers Depot'],
  ['Tulsa', 'OK', 'Green Country Mills'],
  ['Little Rock', 'AR', 'Arkansas Poultry'],
  ['St. Louis', 'MO', 'Gateway Cold Chain'],
  ['Louisville', 'KY', 'Worldport Annex'],
  ['Minneapolis', 'MN', 'North Star Grain'],
  ['Omaha', 'NE', 'Platte Beef'],
  ['Albuquerque', 'NM', 'Rio Grande Supply'],
  ['El Paso', 'TX', 'Juarez Gateway'],
  ['Birmingham', 'AL', 'Steel City Metals'],
  ['Savannah', 'GA', 'Garden City Port'],
  ['Columbia', 'SC', 'Midlands Packaging'],
  ['Pittsburgh', 'PA', 'Three Rivers Steel'],
] as const

const EQUIPMENT = ['dry_van', 'dry_van', 'dry_van', 'reefer', 'reefer', 'flatbed', 'step_deck', 'power_only']
const COMMODITIES = ['Paper goods', 'Frozen poultry', 'Canned goods', 'Steel coils', 'Lumber', 'Beverages', 'Auto parts', 'Produce']
/** The second and third charge's type and amount (the first is always the fuel surcharge). */
const EXTRA_CHARGES = [
  ['detention', 7500],
  ['lumper', 15000],
  ['stop_off', 10000],
  ['layover', 25000],
  ['tonu', 20000],
] as const

/** From this many loads on, indexes and foreign keys are dropped for the load and made again after. */
const BULK = 100_000
/** Rows per string written to a COPY stream. */
const CHUNK = 2_000
const HOUR = 3_600_000
const PAST_HOURS = 4 * 365 * 24
const AHEAD_HOURS = 30 * 24
const TABLES = ['Load', 'LoadStop', 'LoadCharge']

/** A well-mixed 32-bit hash of the load's number: every "random" choice of a load, repeatable. */
function mix(n: number, salt: number) {
  let x = Math.imul(n ^ salt, 0x9e3779b1)
  x ^= x >>> 15
  x = Math.imul(x, 0x85ebca77)
  x ^= x >>> 13
  x = Math.imul(x, 0xc2b2ae35)
  x ^= x >>> 16
  return x >>> 0
}

type Pool = { organizationId: string; count: number; firstNumber: number; brokers: string[]; drivers: string[]; trucks: string[] }

/** One generated load: what the three tables' rows are made from (a pure function of its place). */
function describe(pool: Pool, index: number, global: number, nowHour: number) {
  const h = mix(global, 0x5eed)
  const pickupHour = nowHour - PAST_HOURS + Math.floor((index / pool.count) * (PAST_HOURS + AHEAD_HOURS)) + (h % 12)
  const origin = h % LANES.length
  const destination = (origin + 1 + (mix(global, 7) % (LANES.length - 1))) % LANES.length
  const miles = 120 + (mix(global, 11) % 1800)
  const deliveryHour = pickupHour + 10 + Math.floor(miles / 45)
  const status =
    pickupHour > nowHour - 48
      ? h % 9 === 0
        ? 'draft'
        : 'booked'
      : mix(global, 13) % 20 === 0
        ? 'canceled'
        : pickupHour < nowHour - 60 * 24
          ? 'invoiced'
          : 'delivered'
  const assigned = status === 'delivered' || status === 'invoiced'
  const linehaul = 150000 + (mix(global, 17) % 450000)
  const charges: Array<readonly [string, number]> = [['fuel_surcharge', Math.round(miles * 55)]]
  const extra = h % 3
  for (let i = 0; i < extra; i++) charges.push(EXTRA_CHARGES[((h >>> 8) + i) % EXTRA_CHARGES.length])
  return { h, pickupHour, deliveryHour, origin, destination, miles, status, assigned, linehaul, charges }
}

/** Timestamps on whole hours, formatted once each. */
function hourText() {
  const cache = new Map<number, string>()
  return (hour: number) => {
    let text = cache.get(hour)
    if (!text) {
      text = new Date(hour * HOUR).toISOString()
      cache.set(hour, text)
    }
    return text
  }
}

type Row = (pool: Pool, index: number, global: number, id: string, load: ReturnType<typeof describe>) => string

/** The COPY text of every load of every pool, CHUNK rows per string, as the stream asks for them. */
async function* rows(pools: Pool[], run: string, nowHour: number, row: Row) {
  let global = 0
  let lines: string[] = []
  for (const pool of pools) {
    for (let index = 0; index < pool.count; index++) {
      global++
      const id = `bl${run}${String(global).padStart(9, '0')}`
      lines.push(row(pool, index, global, id, describe(pool, index, global, nowHour)))
      if (lines.length === CHUNK) {
        yield lines.join('')
        lines = []
      }
    }
  }
  if (lines.length) yield lines.join('')
}

function loadRow(at: (hour: number) => string): Row {
  return (pool, index, global, id, load) => {
    const [pickupCity, pickupState] = LANES[load.origin]
    const [deliveryCity, deliveryState] = LANES[load.destination]
    const total = load.linehaul + load.charges.reduce((sum, [, amount]) => sum + amount, 0)
    const driver = load.assigned && pool.drivers.length ? pool.drivers[load.h % pool.drivers.length] : '\\N'
    const truck = load.assigned && pool.trucks.length ? pool.trucks[(load.h >>> 4) % pool.trucks.length] : '\\N'
    const created = at(load.pickupHour - 120)
    return `${id}\t${pool.organizationId}\tL-${String(pool.firstNumber + index).padStart(6, '0')}\t${pool.brokers[load.h % pool.brokers.length]}\tRC-${100000 + (mix(global, 19) % 900000)}\t${load.status}\t${EQUIPMENT[load.h % EQUIPMENT.length]}\t${COMMODITIES[(load.h >>> 3) % COMMODITIES.length]}\t${8000 + (mix(global, 23) % 36000)}\t${load.linehaul}\t${total}\t${load.miles}\t${global % 90}\t${driver}\t${truck}\t${at(load.pickupHour)}\t${pickupCity}\t${pickupState}\t${at(load.deliveryHour)}\t${deliveryCity}\t${deliveryState}\t{}\t${created}\t${load.assigned ? at(load.deliveryHour + 2) : created}\n`
  }
}

const LOAD_COLUMNS =
  '"id", "organizationId", "loadNumber", "brokerId", "brokerReference", "status", "equipmentType", "commodity", "weightLb", "linehaulCents", "totalCents", "loadedMiles", "emptyMiles", "driverId", "truckId", "pickupAt", "pickupCity", "pickupState", "deliveryAt", "deliveryCity", "deliveryState", "customFields", "createdAt", "updatedAt"'

function stopRow(at: (hour: number) => string): Row {
  return (_pool, _index, _global, id, load) => {
    const [pickupCity, pickupState, pickupFacility] = LANES[load.origin]
    const [deliveryCity, deliveryState, deliveryFacility] = LANES[load.destination]
    return (
      `${id}s1\t${id}\t1\tpickup\t${pickupFacility}\t${pickupCity}\t${pickupState}\tUS\t${at(load.pickupHour)}\t${at(load.pickupHour + 2)}\n` +
      `${id}s2\t${id}\t2\tdelivery\t${deliveryFacility}\t${deliveryCity}\t${deliveryState}\tUS\t${at(load.deliveryHour)}\t${at(load.deliveryHour + 2)}\n`
    )
  }
}

const STOP_COLUMNS = '"id", "loadId", "sequence", "type", "facilityName", "city", "state", "country", "windowStart", "windowEnd"'

const chargeRow: Row = (_pool, _index, _global, id, load) =>
  load.charges.map(([type, amount], i) => `${id}c${i + 1}\t${id}\t${i + 1}\t${type}\t${amount}\n`).join('')

const CHARGE_COLUMNS = '"id", "loadId", "sequence", "type", "amountCents"'

/**
 * CPU seconds the seed's database sessions used, read from /proc when PostgreSQL runs on this
 * machine (the embedded one): with the Node process's own, the work a quiet machine would do.
 */
const backendCpu = { seconds: 0, known: true }
const TICKS_PER_SECOND = 100

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  // A bench database, made again each run: no wait for the WAL's flush at each commit, no timeout.
  // No parallel workers: two builds already run at once on the two cores (and their CPU is counted).
  await client.query(
    `SET synchronous_commit = off; SET statement_timeout = 0; SET maintenance_work_mem = '1GB'; SET work_mem = '256MB'; SET max_parallel_maintenance_workers = 0`,
  )
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
  const end = client.end.bind(client)
  return Object.assign(client, {
    end: async () => {
      backendCpu.seconds += cpuOf(rows[0].pid)
      await end()
    },
  })
}

function cpuOf(pid: number) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime, the 14th and 15th fields of the whole line (12th and 13th after the name).
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    backendCpu.known = false
    return 0
  }
}

/** A cluster setting changed and loaded; false when this role may not. */
async function settle(client: pg.Client, statements: string) {
  try {
    for (const statement of statements.split('; ')) await client.query(statement)
    await client.query('SELECT pg_reload_conf()')
    return true
  } catch {
    return false
  }
}

async function copy(url: string, table: string, columns: string, source: AsyncGenerator<string>) {
  const client = await connect(url)
  try {
    const stream = client.query(copyFrom(`COPY "${table}" (${columns}) FROM STDIN`))
    await pipeline(Readable.from(source, { objectMode: false }), stream)
    return stream.rowCount
  } finally {
    await client.end()
  }
}

/**
 * Drops the three tables' indexes (their primary keys too: a text key kept during the load would
 * compare each new id on its way down the tree, in the database's ICU collation) and every
 * foreign key from or to them. Answers the statements that make them again, in two phases: the
 * keys and indexes (the slowest first, the trigram GIN indexes, so two builders finish together),
 * then the foreign keys, which need the primary keys back.
 */
async function dropIndexesAndKeys(client: pg.Client) {
  const tables = [TABLES.map((table) => `"${table}"`)]
  const { rows: keys } = await client.query<{ table: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE contype = 'f' AND (conrelid = ANY($1::regclass[]) OR confrelid = ANY($1::regclass[]))`,
    tables,
  )
  const { rows: primary } = await client.query<{ table: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE contype = 'p' AND conrelid = ANY($1::regclass[])`,
    tables,
  )
  const { rows: indexes } = await client.query<{ name: string; def: string; gin: boolean }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def, am.amname = 'gin' AS gin
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
     WHERE i.indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    tables,
  )
  for (const key of keys) await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`)
  for (const key of primary) await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`)
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`)
  const add = (key: { table: string; name: string; def: string }) => `ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.def}`
  return {
    count: keys.length + primary.length + indexes.length,
    phases: [
      [
        ...indexes.filter((index) => index.gin).map((index) => index.def),
        ...primary.map(add),
        ...indexes.filter((index) => !index.gin).map((index) => index.def),
      ],
      keys.map(add),
    ],
  }
}

/** Runs the statements on `workers` connections at once, each taking the next one left. */
async function runAll(url: string, statements: string[], workers: number, log: (line: string) => void, started: number) {
  const queue = [...statements]
  await Promise.all(
    Array.from({ length: Math.min(workers, queue.length) }, async () => {
      const client = await connect(url)
      try {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const begun = performance.now()
          await client.query(next)
          log(`[seed]   ${next.slice(0, 90)}… ${((performance.now() - begun) / 1000).toFixed(1)} s (at ${((performance.now() - started) / 1000).toFixed(0)} s)`)
        }
      } finally {
        await client.end()
      }
    }),
  )
}

/**
 * Adds `total` loads: 90 % to the first organization, the rest in equal parts to the others.
 * Answers how many and how long it took.
 */
export async function seedLoads(url: string, organizationIds: string[], total: number, log: (line: string) => void = console.info) {
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  backendCpu.seconds = 0
  backendCpu.known = true
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`
  const client = await connect(url)
  try {
    const shares = organizationIds.map((_, index) => {
      if (organizationIds.length === 1) return total
      const rest = total - Math.round(total * 0.9)
      const others = organizationIds.length - 1
      return index === 0 ? Math.round(total * 0.9) : Math.floor(rest / others) + (index - 1 < rest % others ? 1 : 0)
    })
    const pools: Pool[] = []
    for (const [index, organizationId] of organizationIds.entries()) {
      const count = shares[index]
      if (count === 0) continue
      const ids = async (sql: string) => (await client.query<{ id: string }>(sql, [organizationId])).rows.map((row) => row.id)
      const brokers = await ids(`SELECT id FROM "Broker" WHERE "organizationId" = $1 AND status <> 'on_hold' ORDER BY id`)
      if (brokers.length === 0) throw new Error(`organization ${organizationId} has no broker to book loads from`)
      const drivers = await ids(`SELECT id FROM "User" WHERE "organizationId" = $1 AND role = 'driver' AND status = 'active' ORDER BY id`)
      const trucks = await ids(`SELECT id FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT 20`)
      // Numbers continue the organization's sequence, reserved in one statement.
      const { rows } = await client.query<{ first: number }>(
        `UPDATE "Organization" SET "nextLoadNumber" = "nextLoadNumber" + $2 WHERE "id" = $1 RETURNING "nextLoadNumber" - $2 AS "first"`,
        [organizationId, count],
      )
      pools.push({ organizationId, count, firstNumber: rows[0].first, brokers, drivers, trucks })
    }
    const bulk = total >= BULK
    const rebuild = bulk ? await dropIndexesAndKeys(client) : null
    if (rebuild) log(`[seed] dropped ${rebuild.count} indexes, primary and foreign keys of ${TABLES.join(', ')} for the load`)
    // Fewer checkpoints (each writes every page it dirtied again, whole) while gigabytes come in;
    // undone at the end. Skipped without the right to (a managed database's owner).
    const spacedCheckpoints =
      rebuild !== null && (await settle(client, `ALTER SYSTEM SET max_wal_size = '16GB'; ALTER SYSTEM SET checkpoint_timeout = '30min'`))
    const run = randomBytes(4).toString('hex')
    const nowHour = Math.floor(Date.now() / HOUR)
    const at = hourText()
    try {
      // With the foreign keys dropped the three go at once; kept (a small seed), the loads go first.
      const loadsCopied = copy(url, 'Load', LOAD_COLUMNS, rows(pools, run, nowHour, loadRow(at)))
      if (!rebuild) await loadsCopied
      const [loads, stops, charges] = await Promise.all([
        loadsCopied,
        copy(url, 'LoadStop', STOP_COLUMNS, rows(pools, run, nowHour, stopRow(at))),
        copy(url, 'LoadCharge', CHARGE_COLUMNS, rows(pools, run, nowHour, chargeRow)),
      ])
      log(
        `[seed] copied ${loads.toLocaleString('en-US')} loads, ${stops.toLocaleString('en-US')} stops, ${charges.toLocaleString('en-US')} charges (${elapsed()})`,
      )
    } finally {
      // Made again even when the copy failed, so the database keeps its indexes and keys.
      if (rebuild) {
        for (const phase of rebuild.phases) await runAll(url, phase, 2, log, started)
        log(`[seed] indexes built and foreign keys validated (${elapsed()})`)
      }
    }
    if (spacedCheckpoints) await settle(client, `ALTER SYSTEM RESET max_wal_size; ALTER SYSTEM RESET checkpoint_timeout`)
    // Visibility maps set (index-only scans) and statistics fresh, before anything reads.
    for (const table of TABLES) await client.query(`VACUUM (ANALYZE) "${table}"`)
    log(`[seed] vacuumed and analyzed (${elapsed()})`)
  } finally {
    await client.end()
  }
  const own = process.cpuUsage(cpuBefore)
  const nodeSeconds = (own.user + own.system) / 1e6
  const cpuSeconds = backendCpu.known ? nodeSeconds + backendCpu.seconds : null
  if (cpuSeconds !== null) log(`[seed] CPU: ${nodeSeconds.toFixed(0)} s in Node, ${backendCpu.seconds.toFixed(0)} s in PostgreSQL`)
  return { loads: total, seconds: (performance.now() - started) / 1000, cpuSeconds }
}
