/** Factoring choices and arithmetic shared by pages, schemas, the policy and the model (ADR 068). No zod here. */
import { percentOfCents } from '~/utils/money'

import type { Tone } from './tone'

export const SCHEDULE_STATUSES = ['open', 'sent', 'purchased', 'void'] as const
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]

export const SCHEDULE_STATUS_META = {
  open: { tone: 'default' },
  sent: { tone: 'info' },
  purchased: { tone: 'success' },
  void: { tone: 'error' },
} as const satisfies Record<ScheduleStatus, { tone: Tone }>

export const SCHEDULE_SORTS = ['number', 'status', 'totalCents', 'createdAt'] as const

/** At most this many invoices on one schedule (its email carries every invoice's packet). */
export const MAX_SCHEDULE_INVOICES = 100

/**
 * One invoice's figures: the advance and the fee are each the face times the rate, rounded to the
 * nearest cent (half up, `percentOfCents`); the reserve is what is left, so advance + fee + reserve is the face to
 * the cent. The agreement keeps advance + fee at most 100 %, so the reserve is never negative.
 */
export function splitInvoice(amountCents: number, advanceBasisPoints: number, feeBasisPoints: number) {
  const advanceCents = percentOfCents(amountCents, advanceBasisPoints)
  const feeCents = Math.min(percentOfCents(amountCents, feeBasisPoints), amountCents - advanceCents)
  return { amountCents, advanceCents, feeCents, reserveCents: amountCents - advanceCents - feeCents }
}

/** A schedule's totals: the sums of its invoices' figures (never recomputed from the total). */
export function scheduleTotals(lines: ReadonlyArray<{ amountCents: number; advanceCents: number; feeCents: number; reserveCents: number }>) {
  return lines.reduce(
    (sum, line) => ({
      totalCents: sum.totalCents + line.amountCents,
      advanceCents: sum.advanceCents + line.advanceCents,
      feeCents: sum.feeCents + line.feeCents,
      reserveCents: sum.reserveCents + line.reserveCents,
    }),
    { totalCents: 0, advanceCents: 0, feeCents: 0, reserveCents: 0 },
  )
}

export function formatScheduleNumber(number: number) {
  return `SCH-${String(number).padStart(6, '0')}`
}
