/**
 * Dollars as people type them and cents as forms show them, without zod: the browser may import
 * this module (live totals) without downloading the validation library. app/schemas/money.ts
 * builds the form fields on it.
 */
import { formatMoney } from '~/utils/format'

// "25000", "25000.5", "25000.50", "25,000.50" (comma groups of three), "25000,50" (decimal comma).
const PLAIN = /^(\d+)(?:[.,](\d{1,2}))?$/
const GROUPED = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/

/** Cents from what a person typed as an amount, or null when it is not one. */
export function parseDollars(value: string): number | null {
  const compact = value.replace(/[\s$]/g, '')
  const match = PLAIN.exec(compact) ?? GROUPED.exec(compact)
  if (!match) return null
  const whole = match[1].replace(/,/g, '')
  // Beyond 15 digits a number is no longer exact; the maximum is far below that anyway.
  if (whole.length > 15) return null
  return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** Cents as the form shows them: "25000" or "25000.50" (no grouping, so it reads back the same). */
export function centsToDollars(cents: number | null | undefined): string | undefined {
  if (cents === null || cents === undefined) return undefined
  return formatMoney('en', cents, { style: 'input' })
}
