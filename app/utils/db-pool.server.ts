/**
 * The app's connections to PostgreSQL, bounded in time (ADR 088). A database that is slow, busy or
 * out of connections is waited for (a statement at most DB_STATEMENT_TIMEOUT_MS, cancelled by the
 * database itself; a free connection at most DB_POOL_WAIT_MS). A database that does not answer at
 * all (its process stopped or frozen, the network gone: TCP still connects, nothing comes back)
 * would make every request wait for ever, and no waiting bound can tell it from a busy one. So a
 * watch asks: once a query or a connection attempt has waited DB_PROBE_AFTER_MS, a `SELECT 1` on a
 * connection of its own; no answer within DB_PROBE_TIMEOUT_MS and the database is down. Then the
 * connections that wait are cut (their requests answer 503 `unavailable` with Retry-After: the
 * database rolls back whatever they had begun) and every new query fails at once, until a probe
 * answers again. A stuck connection is never handed back to the pool: one cut in the middle of
 * a transaction whose ROLLBACK could not be sent would otherwise carry that transaction, still
 * open, to its next user, whose COMMIT would then write it.
 */
import { remember } from '@epic-web/remember'
import pg from 'pg'

import { env } from './env.server'

/** The bounds, from the environment (app/utils/env.server.ts says what each does). */
export function databaseTimeouts() {
  const { DB_STATEMENT_TIMEOUT_MS, DB_POOL_WAIT_MS, DB_TRANSACTION_TIMEOUT_MS, DB_PROBE_AFTER_MS, DB_PROBE_TIMEOUT_MS } = env()
  return {
    statementMs: DB_STATEMENT_TIMEOUT_MS,
    poolWaitMs: DB_POOL_WAIT_MS,
    transactionMs: DB_TRANSACTION_TIMEOUT_MS,
    probeAfterMs: DB_PROBE_AFTER_MS,
    probeTimeoutMs: DB_PROBE_TIMEOUT_MS,
  }
}

/**
 * The error of a query or connection the watch refused or cut: a socket timeout as Node reports
 * one, so the driver adapter and isDatabaseUnavailable() read it as the database being unreachable.
 */
function notAnswering(syscall: 'connect' | 'read') {
  return Object.assign(new Error('The database did not answer in time'), { code: 'ETIMEDOUT', errno: -110, syscall })
}

type Operation = { client: pg.Client; since: number }

/** The state of one database (one URL), shared by every pool and client of this process that uses it. */
class DatabaseWatch {
  down = false
  private readonly waiting = new Set<Operation>()
  private timer: NodeJS.Timeout | null = null
  private probing = false
  private lastProbe = 0

  constructor(private readonly url: string) {}

  /** A query or a connection attempt begins: its end must be told with the returned function. */
  begin(client: pg.Client) {
    const operation = { client, since: Date.now() }
    this.waiting.add(operation)
    this.schedule()
    return () => void this.waiting.delete(operation)
  }

  private schedule() {
    if (this.timer) return
    const { probeAfterMs } = databaseTimeouts()
    this.timer = setTimeout(
      () => {
        this.timer = null
        this.check()
      },
      Math.max(50, probeAfterMs / 2),
    )
    this.timer.unref()
  }

  /** While anything waits (or the database is down), probe once the oldest has waited long enough. */
  private check() {
    const { probeAfterMs } = databaseTimeouts()
    const now = Date.now()
    let oldest = now
    for (const operation of this.waiting) oldest = Math.min(oldest, operation.since)
    if (!this.probing && now - this.lastProbe >= probeAfterMs && (this.down || now - oldest >= probeAfterMs)) void this.probe()
    if (this.waiting.size || this.down) this.schedule()
  }

  private async probe() {
    this.probing = true
    const started = (this.lastProbe = Date.now())
    const { probeTimeoutMs } = databaseTimeouts()
    const client = new pg.Client({ connectionString: this.url })
    client.on('error', () => {})
    // Any answer counts, an error too: a refusal (the queries meet it themselves) or "too many
    // clients" (up, but full). Only silence means down.
    let settled = false
    const asked = client
      .connect()
      .then(() => client.query('SELECT 1'))
      .catch(() => {})
      .finally(() => (settled = true))
    const silent = await silenceFor(probeTimeoutMs, () => settled)
    this.probing = false
    if (!silent) {
      await asked
      client.end().catch(() => {})
      if (this.down) console.info('[freightdesk] the database answers again')
      this.down = false
      return
    }
    cut(client)
    if (!this.down) console.warn(`[freightdesk] the database did not answer within ${probeTimeoutMs} ms: requests answer 503 until it does`)
    this.down = true
    // What waited since before the probe began waits on a database that does not answer: cut it.
    for (const operation of this.waiting) {
      if (operation.since > started) continue
      this.waiting.delete(operation)
      cut(operation.client)
    }
  }
}

const TICK_MS = 100

/**
 * Whether `settled` stays false for `ms` of this process's attention: time during which its own
 * event loop was blocked (a cold start loading the route modules, a burst of renders on a busy
 * machine) does not count, or the database would be blamed for our slowness. The verdict waits
 * for the sockets to be read once more (setImmediate runs after the event loop's poll), so an
 * answer that has arrived is seen.
 */
function silenceFor(ms: number, settled: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    let counted = 0
    let last = performance.now()
    const tick = () => {
      const now = performance.now()
      counted += Math.min(now - last, 2 * TICK_MS)
      last = now
      if (settled()) return resolve(false)
      if (counted >= ms) return void setImmediate(() => resolve(!settled()))
      setTimeout(tick, TICK_MS).unref()
    }
    setTimeout(tick, TICK_MS).unref()
  })
}

/** Ends a client's connection at once: its queries fail with notAnswering(), and the pool drops it. */
function cut(client: pg.Client) {
  const stream = (client as unknown as { connection?: { stream?: { destroy: (error?: Error) => void } } }).connection?.stream
  stream?.destroy(notAnswering('read'))
}

export function databaseWatch(url: string): DatabaseWatch {
  return remember(`database-watch:${url}`, () => new DatabaseWatch(url))
}

type Callback = (error: Error | null, result?: unknown) => void

/**
 * A pg.Client whose connection attempts and queries the watch of its database sees: refused at
 * once while the database is down, cut when it stops answering. A custom query object (a cursor,
 * a COPY stream) is left alone: only scripts use those, on clients of their own.
 */
export class WatchedClient extends pg.Client {
  private readonly watch: DatabaseWatch

  constructor(config: pg.ClientConfig & { connectionString: string }) {
    super(config)
    this.watch = databaseWatch(config.connectionString)
    // Wrapped here rather than overridden: one function for pg's many overloads of query().
    const query = super.query.bind(this) as (...args: unknown[]) => unknown
    this.query = ((...args: unknown[]) => this.watched(query, args)) as pg.Client['query']
  }

  private watched(query: (...args: unknown[]) => unknown, args: unknown[]) {
    const [config] = args
    if (config && typeof (config as { submit?: unknown }).submit === 'function') return query(...args)
    const last = args.findLastIndex((arg) => typeof arg === 'function')
    const callback = last > 0 ? (args[last] as Callback) : null
    if (this.watch.down) {
      const error = notAnswering('read')
      if (callback) return void process.nextTick(() => callback(error))
      return Promise.reject(error)
    }
    const done = this.watch.begin(this)
    if (!callback) return (query(...args) as Promise<unknown>).finally(done)
    const watchedArgs = [...args]
    watchedArgs[last] = (error: Error | null, result?: unknown) => {
      done()
      callback(error, result)
    }
    return query(...watchedArgs)
  }

  override connect(): Promise<pg.Client>
  override connect(callback: (error: Error) => void): void
  override connect(callback?: (error: Error) => void): Promise<pg.Client> | void {
    if (this.watch.down) {
      const error = notAnswering('connect')
      if (callback) return void process.nextTick(() => callback(error))
      return Promise.reject(error)
    }
    const done = this.watch.begin(this)
    if (callback) {
      return super.connect((error: Error) => {
        done()
        callback(error)
      })
    }
    return super.connect().finally(done)
  }
}

/**
 * A pool of watched connections: TCP keep-alive (a connection whose peer vanished is found out),
 * at most DB_POOL_WAIT_MS to get a connection (waiting for a free one or opening one: 503 after
 * that), and the statement timeout. `options` adds to these (its size, session settings).
 */
export function watchedPool(connectionString: string, options: pg.PoolConfig = {}) {
  const { statementMs, poolWaitMs } = databaseTimeouts()
  const pool = new pg.Pool({
    connectionString,
    Client: WatchedClient,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: poolWaitMs,
    ...(statementMs ? { statement_timeout: statementMs } : {}),
    ...options,
  } as pg.PoolConfig)
  // An idle connection the database ends (a restart) is dropped by the pool; the next query says so.
  pool.on('error', () => {})
  return pool
}
