/**
 * User and driver-profile choices shared by pages, schemas and models. No zod here: pages that
 * only need the choices (lists, cards) do not download the validation library.
 */
import { ROLES } from '~/utils/permissions'

import type { Tone } from './tone'

export { ROLES }

export const USER_STATUSES = ['active', 'invited', 'banned'] as const
export type UserStatus = (typeof USER_STATUSES)[number]

export const USER_STATUS_META = {
  active: { tone: 'success' },
  invited: { tone: 'info' },
  banned: { tone: 'error' },
} as const satisfies Record<UserStatus, { tone: Tone }>

export const CDL_CLASSES = ['A', 'B', 'C'] as const
export const PAY_METHODS = ['per_mile', 'percent', 'flat'] as const
export type PayMethod = (typeof PAY_METHODS)[number]
/** The API's names for the pay methods (`per_load` is the stored `flat`). */
export const PAY_TYPES = ['per_mile', 'percent', 'per_load'] as const
export type PayType = (typeof PAY_TYPES)[number]
/** The languages a driver's pay statements are written in (app/i18n.ts's codes). */
export const STATEMENT_LANGUAGES = ['en', 'fr', 'vi', 'cn', 'ar'] as const

export const USER_SORTS = ['name', 'email', 'role', 'status', 'lastLoginAt', 'createdAt'] as const

/** Avatars: at most 2 MB, PNG, JPEG or WebP as their first bytes say (not their name). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024

/**
 * payRate is stored as an integer whose unit follows payMethod: cents per mile, basis points of the
 * load's total (1% = 100), or cents per load. Forms and the API's `payRateDisplay` use the human unit.
 */
export function payRateToDisplay(method: PayMethod | null | undefined, rate: number | null | undefined) {
  if (rate === null || rate === undefined || !method) return null
  return rate / 100
}
