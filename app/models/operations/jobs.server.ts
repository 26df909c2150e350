/**
 * Work done after the answer, with retries: a PostgreSQL-backed job queue (graphile-worker, ADR
 * 036). A job is added in the same transaction as the change that asks for it, so either both
 * happen or neither; it waits in the database through an SMTP outage or a restart, and every
 * app server's worker takes jobs from the one table (a job runs once at a time, `FOR UPDATE SKIP
 * LOCKED`). A failed job is tried again later (graphile-worker's backoff: about e^attempt seconds).
 *
 * This module names no task. A task declares itself with `defineTask` in its own module under
 * `app/models/tasks/` (its name, how its payload is read, what it does) and is queued through the
 * value `defineTask` returns; the worker loads every such module first, so every task is known to
 * every worker however the server was started (ADR 050).
 */
import { type CronItem, type JobHelpers, Logger, parseCronItems, run, runOnce, type TaskList } from 'graphile-worker'

import type { Tx } from '~/utils/db.server'
import { watchedPool } from '~/utils/db-pool.server'
import { env } from '~/utils/env.server'

/** What can add a job: a transaction, or the client itself when nothing else is written. */
type Queue = Pick<Tx, '$executeRaw'>

export type EnqueueOptions = {
  /** Names the job: adding it again while it waits replaces it (one email however often a button is pressed). */
  key?: string
  maxAttempts?: number
  /** Not before this time (a clean-up after a grace period); at once when absent. */
  runAt?: Date
}

export type Task<Payload> = {
  name: string
  /** Queues the task inside the caller's transaction (or at once, given the client). */
  enqueue(queue: Queue, payload: Payload, options?: EnqueueOptions): Promise<void>
}

const registry: TaskList = {}
/** Recurring tasks: their cron pattern (UTC), read when a worker starts; null leaves one off. */
const schedules = new Map<string, () => string | null>()

/**
 * Declares a task and registers it with the queue. `parse` reads a stored payload (a job written
 * by an older version, or by hand, fails loudly rather than half-working); `run` throws to be
 * tried again later, up to `maxAttempts` times (10 by default, about three hours in all).
 */
export function defineTask<Payload extends Record<string, unknown>>(
  name: string,
  definition: {
    parse: (payload: unknown) => Payload
    run: (payload: Payload, helpers: JobHelpers) => Promise<void>
    maxAttempts?: number
    /**
     * A recurring task's cron pattern in UTC (`0 3 * * *`: daily at 03:00), or null for none. Every
     * worker keeps the schedule and graphile-worker queues each occurrence once (its known_crontabs
     * table), so several servers run it once; an occurrence missed while all were down is skipped.
     */
    schedule?: () => string | null
  },
): Task<Payload> {
  // A module evaluated again (a dev server's reload) declares its task again: the newest wins.
  registry[name] = (payload, helpers) => definition.run(definition.parse(payload), helpers)
  if (definition.schedule) schedules.set(name, definition.schedule)
  return {
    name,
    async enqueue(queue, payload, options = {}) {
      const attempts = options.maxAttempts ?? definition.maxAttempts ?? 10
      await queue.$executeRaw`SELECT graphile_worker.add_job(${name}, ${JSON.stringify(payload)}::json, job_key => ${options.key ?? null}::text, max_attempts => ${attempts}::int, run_at => ${options.runAt ?? null}::timestamptz)`
    },
  }
}

/**
 * Every task module (app/models/tasks/all.server.ts), loaded before a worker starts: the ones this
 * process has not imported yet (a worker of a dev server, a script) register themselves now. Each
 * task keeps what it runs behind a dynamic import, so loading them all is cheap.
 */
async function tasks(): Promise<TaskList> {
  const { TASK_MODULES } = await import('~/models/tasks/all.server')
  await Promise.all(TASK_MODULES.map((load) => load()))
  return registry
}

/** The recurring tasks (loaded first) with their cron patterns: for the worker and tests. */
export async function scheduledTasks(): Promise<CronItem[]> {
  await tasks()
  return [...schedules].flatMap(([task, schedule]) => {
    const match = schedule()
    return match ? [{ task, match, identifier: task }] : []
  })
}

/** The names of the registered tasks (loaded first): for tests and the operator's curiosity. */
export async function taskNames() {
  return Object.keys(await tasks()).sort()
}

/** Set while this server's worker stops: its connections ending then are the stop, not a fault. */
let stopping = false

/**
 * graphile-worker's messages, quieter: its debug lines would drown the app's. A failed attempt is
 * a warning, not an error: the job is tried again and its state is on the record it serves.
 */
const logger = new Logger(() => (level, message) => {
  if (stopping && /terminating connection|Connection terminated/.test(message)) return
  if (level === 'error' || level === 'warning') console.warn(`[jobs] ${message}`)
})

/**
 * The worker of this app server (server.ts starts it after the server listens). JOB_WORKER=off
 * leaves jobs to other servers; POLL is a fallback, graphile-worker hears new jobs by LISTEN.
 * Its pool is ours, so stopping waits for every connection to close before the caller stops the
 * database (graphile-worker ends a pool it made without waiting: a stop then raced the database's).
 */
export async function startJobWorker(): Promise<{ stop: () => Promise<void> } | null> {
  if (process.env.JOB_WORKER === 'off') return null
  // Watched (app/utils/db-pool.server.ts): a database that stops answering cuts the worker's queries, never hangs them; no statement timeout, a job may run long.
  const pool = watchedPool(env().DATABASE_URL, { max: 2, statement_timeout: undefined })
  const runner = await run({
    pgPool: pool,
    concurrency: 1,
    pollInterval: 5_000,
    noHandleSignals: true,
    logger,
    taskList: await tasks(),
    parsedCronItems: parseCronItems(await scheduledTasks()),
  })
  return {
    async stop() {
      stopping = true
      pool.on('error', () => {}) // graphile-worker's own listener goes with runner.stop()
      await runner.stop()
      await pool.end()
    },
  }
}

/** Runs every job that is due, then returns: for tests and scripts. */
export async function runDueJobs() {
  await runOnce({ connectionString: env().DATABASE_URL, noHandleSignals: true, logger, taskList: await tasks() })
}
