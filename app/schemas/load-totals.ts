/**
 * The editor's totals from what the form holds (text as typed): linehaul plus charges, and the rate
 * per mile over loaded plus empty miles, as the load model stores them (totalCents,
 * ratePerMileCents). No zod, so the browser recomputes them as the user types; the server renders
 * the same numbers on every answer. Amounts that are not (yet) numbers count as nothing.
 */
import { loadTotalCents, parseDollars, ratePerMileCents } from '~/utils/money'

type Values = {
  linehaul?: unknown
  charges?: unknown
  loadedMiles?: unknown
  emptyMiles?: unknown
}

function cents(value: unknown) {
  return typeof value === 'string' ? (parseDollars(value.trim()) ?? 0) : 0
}

function miles(value: unknown) {
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : 0
  return Number.isSafeInteger(number) ? number : 0
}

export function loadFormTotals(values: Values | undefined) {
  const linehaulCents = cents(values?.linehaul)
  const charges = Array.isArray(values?.charges) ? (values.charges as Array<{ amount?: unknown } | undefined>) : []
  const totalCents = loadTotalCents(
    linehaulCents,
    charges.map((charge) => ({ amountCents: cents(charge?.amount) })),
  )
  const loadedMiles = miles(values?.loadedMiles)
  const emptyMiles = miles(values?.emptyMiles)
  return {
    linehaulCents,
    chargesCents: totalCents - linehaulCents,
    totalCents,
    totalMiles: loadedMiles + emptyMiles,
    ratePerMileCents: ratePerMileCents({ totalCents, loadedMiles, emptyMiles }),
  }
}
