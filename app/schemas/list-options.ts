/**
 * Paging choices shared by every list page, the API and the models. No zod here: list pages
 * import it without downloading the validation library.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const
export const DEFAULT_PAGE_SIZE = 25
export const SORT_DIRECTIONS = ['asc', 'desc'] as const
/** A page number beyond this is refused as garbage (deep pages are reached by filtering). */
export const MAX_PAGE = 100_000
