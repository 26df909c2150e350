/**
 * Company choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (lists, pickers) do not download the validation library.
 */
import type { Tone } from './tone'

export const COMPANY_STATUSES = ['active', 'inactive'] as const
export type CompanyStatus = (typeof COMPANY_STATUSES)[number]

/**
 * What a company is to the organization (ADR 094): one of its own fleets (what loads, trucks,
 * trailers, drivers and invoices "from" pick), the factor it sells invoices to, or other.
 */
export const COMPANY_KINDS = ['own_fleet', 'factor', 'other'] as const
export type CompanyKind = (typeof COMPANY_KINDS)[number]

/** How each kind looks in lists: its badge tone. */
export const COMPANY_KIND_TONES = { own_fleet: 'info', factor: 'warning', other: 'default' } as const satisfies Record<CompanyKind, Tone>

/** How each status looks, in one place: its badge tone and the save toast's variant. */
export const COMPANY_STATUS_META = {
  active: { tone: 'success', toast: 'success' },
  inactive: { tone: 'default', toast: 'info' },
} as const satisfies Record<CompanyStatus, { tone: Tone; toast: 'info' | 'success' | 'warning' | 'error' }>

export const COMPANY_SORTS = ['name', 'legalName', 'mcNumber', 'dotNumber', 'city', 'status', 'kind', 'trucks', 'trailers', 'createdAt', 'updatedAt'] as const

/** How many trucks, trailers and drivers the company page lists before linking to the full list. */
export const COMPANY_VIEW_LIMIT = 10

/** MC and DOT numbers are stored as digits; people read them with their prefix. */
export function formatMcNumber(value: string | null) {
  return value ? `MC-${value}` : null
}
export function formatDotNumber(value: string | null) {
  return value ? `USDOT ${value}` : null
}
