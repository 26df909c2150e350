/**
 * Work done after the answer, with retries: a PostgreSQL-backed job queue (graphile-worker, ADR
 * 035). A job is added in the same transaction as the change that asks for it, so either both
 * happen or neither; it waits in the database through an SMTP outage or a restart, and every
 * app server's worker takes jobs from the one table (a job runs once at a time, `FOR UPDATE SKIP
 * LOCKED`). A failed job is tried again later (graphile-worker's backoff: about e^attempt seconds).
 */
import { Logger, run, runOnce, type Runner, type TaskList } from 'graphile-worker'
import type { Tx } from '~/utils/db.server'
import { env } from '~/utils/env.server'

export type JobName = 'invoice_email'

/**
 * graphile-worker's messages, quieter: its debug lines would drown the app's. A failed attempt is
 * a warning, not an error: the job is tried again and its state is on the record it serves.
 */
const logger = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.warn(`[jobs] ${message}`)
})

/**
 * Queues `name` inside the caller's transaction. A `key` names the job: adding it again while it
 * waits replaces it (one email per invoice however often "Email again" is pressed).
 */
export async function enqueue(tx: Tx, name: JobName, payload: Record<string, unknown>, options: { key?: string; maxAttempts?: number } = {}) {
  await tx.$executeRaw`SELECT graphile_worker.add_job(${name}, ${JSON.stringify(payload)}::json, job_key => ${options.key ?? null}::text, max_attempts => ${options.maxAttempts ?? 10}::int)`
}

async function tasks(): Promise<TaskList> {
  // Loaded on first use: the tasks pull in the PDF and mail code, which most requests never need.
  const { invoiceEmailTask } = await import('~/models/invoice-email.server')
  return { invoice_email: invoiceEmailTask }
}

/**
 * The worker of this app server (server.ts starts it after the server listens). JOB_WORKER=off
 * leaves jobs to other servers; POLL is a fallback, graphile-worker hears new jobs by LISTEN.
 */
export async function startJobWorker(): Promise<Runner | null> {
  if (process.env.JOB_WORKER === 'off') return null
  return run({
    connectionString: env().DATABASE_URL,
    concurrency: 1,
    maxPoolSize: 2,
    pollInterval: 5_000,
    noHandleSignals: true,
    logger,
    taskList: await tasks(),
  })
}

/** Runs every job that is due, then returns: for tests and scripts. */
export async function runDueJobs() {
  await runOnce({ connectionString: env().DATABASE_URL, noHandleSignals: true, logger, taskList: await tasks() })
}
