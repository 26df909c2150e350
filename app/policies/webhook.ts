/**
 * The webhook policy (ADR 071): which answers are tried again and when, when a failing
 * endpoint is switched off, and what a page may offer. Plain functions, no zod, nothing
 * server-only: the delivery work and the model refuse by them, the pages ask them what to offer.
 *
 * - An attempt succeeds on any 2xx. A 5xx, a 408, a 429, a timeout or a network error is tried
 *   again on the schedule below (about a day in all); any other answer (a 3xx, a 4xx) and an
 *   address refused as private are final: the delivery fails at once.
 * - An endpoint whose deliveries have failed without a single success for DISABLE_AFTER_MS is
 *   switched off (`disabledReason: failing`) and its organization's admins are emailed. Turning
 *   it on again is an admin's edit; a success clears the failing time.
 * - Every attempt is logged on its delivery (time, status or error, duration): the newest
 *   WEBHOOK_ATTEMPTS_KEPT of them (app/schemas/webhook-options.ts).
 * - A delivery (delivered or failed) may be sent again while its endpoint is on: same
 *   `webhook-id`, a fresh timestamp and signature.
 */
import type { PolicyRefusal } from './refusal'

/**
 * The wait before each retry (Standard Webhooks' suggested schedule): 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h: eight attempts over about 27 hours.
 */
export const RETRY_SCHEDULE_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const

/** A delivery's deadline: no answer in this time is a timeout (retried). */
export const DELIVERY_TIMEOUT_MS = 10_000

/** Failing this long without a success switches an endpoint off. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000

/** Whether an attempt that got this status (or none: a timeout, a network error) is tried again. */
export function isRetryable(status: number | null) {
  if (status === null) return true
  return status >= 500 || status === 408 || status === 429
}

/** When the next attempt runs after `attempts` attempts, or null when the schedule is over. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const wait = RETRY_SCHEDULE_MS[attempts - 1]
  return wait === undefined ? null : new Date(now.getTime() + wait)
}

/** Whether an endpoint failing since `failingSince` is switched off now. */
export function shouldDisable(failingSince: Date | null, now: Date) {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS
}

/** Why a delivery may not be sent again now, or null. */
export function resendRefusal(endpoint: { active: boolean }): PolicyRefusal | null {
  return endpoint.active ? null : { code: 'invalid_transition', key: 'webhooks.errors.resendInactive' }
}
