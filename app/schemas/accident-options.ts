/**
 * The accident register's words (ADR 141), shared by pages, schemas, models and the policy. No zod
 * here: pages that only show the choices do not download it. The rules are app/policies/accident.ts.
 */

export const ACCIDENT_SORTS = ['occurredAt', 'city', 'state', 'driver', 'fatalities', 'injuries', 'createdAt'] as const

/** The list's "recordable" filter: recordable accidents (390.5's definition) or the others. */
export const RECORDABLE_FILTERS = ['yes', 'no'] as const
export type RecordableFilter = (typeof RECORDABLE_FILTERS)[number]

/** More people killed or hurt than this in one accident is a typing mistake. */
export const MAX_ACCIDENT_PEOPLE = 999

/** How many years the register keeps an accident (390.15(b)): the register report covers as many. */
export const REGISTER_YEARS = 3
