/**
 * Load choices (the status words; their moves are the load policy's, app/policies/load.ts), shared
 * by pages, schemas and models. No zod here: pages that only need the choices (lists, the board)
 * do not download the validation library.
 */
import { MAX_AMOUNT_CENTS } from '~/utils/money'

import type { Tone } from './tone'

export const LOAD_STATUSES = ['draft', 'booked', 'dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered', 'invoiced', 'canceled'] as const
export type LoadStatus = (typeof LOAD_STATUSES)[number]

/** A driver, truck or trailer on a load in one of these is busy: no other load may take it. */
export const ACTIVE_LOAD_STATUSES = ['dispatched', 'at_pickup', 'in_transit', 'at_delivery'] as const satisfies readonly LoadStatus[]

export const LOAD_STATUS_META = {
  draft: { tone: 'default', chart: 'var(--muted)' },
  booked: { tone: 'info', chart: 'var(--info-main)' },
  dispatched: { tone: 'primary', chart: 'var(--primary-main)' },
  at_pickup: { tone: 'warning', chart: 'var(--warning-light)' },
  in_transit: { tone: 'primary', chart: 'var(--primary-dark)' },
  at_delivery: { tone: 'warning', chart: 'var(--warning-main)' },
  delivered: { tone: 'success', chart: 'var(--success-main)' },
  invoiced: { tone: 'success', chart: 'var(--success-dark)' },
  canceled: { tone: 'error', chart: 'var(--error-main)' },
} as const satisfies Record<LoadStatus, { tone: Tone; chart: string }>

export const STOP_TYPES = ['pickup', 'delivery'] as const
export type StopType = (typeof STOP_TYPES)[number]

/** How far back a driver's "My loads" shows what they delivered. */
export const DRIVER_RECENT_DAYS = 14

/** What a driver records at a stop, in this order. */
export const STOP_EVENTS = ['arrive', 'depart'] as const
export type StopEvent = (typeof STOP_EVENTS)[number]

export const CHARGE_TYPES = ['fuel_surcharge', 'detention', 'layover', 'lumper', 'tonu', 'stop_off', 'other'] as const

/** Each has an index that gives its order (a broker-name sort would sort a million rows: filter by broker instead). */
export const LOAD_SORTS = ['loadNumber', 'status', 'pickupAt', 'deliveryAt', 'totalCents', 'createdAt'] as const

/**
 * Counting stops here: past it a list says "10,000+" (`totalCapped`). An exact count of half a
 * million loads on every page view would cost more than the page itself (docs/decisions/025).
 */
export const LOAD_COUNT_CAP = 10_000

/**
 * A text search counts up to here (ADR 111): past it the list says "1,000+". A common word's matches
 * lie one in fifteen loads along the index, each tested on its row: 10,000 of them read 150,000 rows.
 */
export const LOAD_SEARCH_COUNT_CAP = 1_000

/** Where the counts of a list with this search stop (the total, and each status tab). */
export function loadCountCap(query: { q?: string }) {
  return query.q ? LOAD_SEARCH_COUNT_CAP : LOAD_COUNT_CAP
}

/** Linehaul plus charges: a load's total is one amount, at most $10,000,000.00 (app/utils/money.ts, ADR 089). */
export const MAX_LOAD_CENTS = MAX_AMOUNT_CENTS
export const MAX_STOPS = 20
export const MAX_CHARGES = 20

/** `L-000123`: the organization's sequence, padded so numbers sort as text too. */
export function formatLoadNumber(sequence: number) {
  return `L-${String(sequence).padStart(6, '0')}`
}
