/**
 * Maintenance mode's input (ADR 104), one rule for `npm run maintenance` and the settings page
 * (/dashboard/maintenance): a message of at most MAINTENANCE_MESSAGE_MAX characters and an end
 * given as a duration from now (`90s`, `30m`, `2h`, `1d`) or an ISO date-time
 * (`2026-12-01T06:00Z`), in the future.
 */
import { z } from 'zod'

/** The longest message shown on the maintenance page. */
export const MAINTENANCE_MESSAGE_MAX = 500
/** Longer than any duration or ISO date-time: refused before it is parsed. */
const UNTIL_MAX = 40

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const

/** An ISO date-time or a duration from now (90s, 30m, 2h, 1d); null when it is neither. */
export function parseMaintenanceUntil(text: string, now = Date.now()): Date | null {
  const duration = /^(\d{1,6})\s*(s|m|h|d)$/i.exec(text.trim())
  if (duration) return new Date(now + Number(duration[1]) * UNIT_MS[duration[2].toLowerCase() as keyof typeof UNIT_MS])
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null
  const date = new Date(text.trim())
  return Number.isNaN(date.getTime()) ? null : date
}

/** The end as typed, as a Date in the future, or the reason it is refused (a catalogue key). */
export function maintenanceUntil(text: string, now = Date.now()): { until: Date } | { error: string } {
  if (text.length > UNTIL_MAX) return { error: 'maintenance.errors.until' }
  const until = parseMaintenanceUntil(text, now)
  if (!until) return { error: 'maintenance.errors.until' }
  return until.getTime() > now ? { until } : { error: 'maintenance.errors.untilPast' }
}

/** The version the page saw: absent when it saw maintenance off. */
const version = z.coerce.number().int().min(1).max(2_147_483_647).optional()

/** Switching it on, or changing the message and end while it is on. */
export const MaintenanceOnSchema = z.object({
  message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX, 'maintenance.errors.messageTooLong').optional(),
  until: z
    .string()
    .trim()
    .optional()
    .transform((text, context) => {
      if (!text) return null
      const parsed = maintenanceUntil(text)
      if ('until' in parsed) return parsed.until
      context.addIssue({ code: 'custom', message: parsed.error })
      return z.NEVER
    }),
  version,
})

/** Switching it off, as the page saw it. */
export const MaintenanceOffSchema = z.object({ version: z.coerce.number().int().min(1).max(2_147_483_647) })
