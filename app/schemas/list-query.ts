/**
 * The query of every list, from the page's URL (a GET form) or the API's query string. A list's
 * URL is its state and may be hand-edited or stale, so a bad value falls back to its default
 * instead of failing the page: `?status=nonsense` lists every status, `?page=abc` the first page.
 */
import { z } from 'zod'

import { dateOnly } from './fields'
import { DEFAULT_PAGE_SIZE, MAX_PAGE, PAGE_SIZES, SORT_DIRECTIONS } from './list-options'
import { idText, text } from './text'

/** A filter on one of an enum's values; anything else means "no filter". */
export function enumFilter<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined)
}

/** A filter on a referenced record (company, broker …); a malformed id means "no filter". */
export function idFilter() {
  return idText().optional().catch(undefined)
}

/** A filter on a calendar day (`YYYY-MM-DD`); an impossible date means "no filter". */
export function dateFilter() {
  return dateOnly().optional().catch(undefined)
}

/**
 * A list query: text search `q`, the entity's filters, `sort` among the entity's columns, `dir`,
 * `page` (from 1) and `pageSize` (one of PAGE_SIZES).
 */
export function listQuery<const Sorts extends readonly [string, ...string[]], Filters extends z.ZodRawShape>(options: {
  sorts: Sorts
  defaultSort: Sorts[number]
  defaultDir?: (typeof SORT_DIRECTIONS)[number]
  filters: Filters
}) {
  const { sorts, defaultSort, defaultDir = 'asc', filters } = options
  return z.object({
    q: text().trim().max(100).optional().catch(undefined),
    ...filters,
    sort: z
      .enum(sorts)
      .default(defaultSort as never)
      .catch(defaultSort as never),
    dir: z.enum(SORT_DIRECTIONS).default(defaultDir).catch(defaultDir),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).catch(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
      .default(DEFAULT_PAGE_SIZE)
      .catch(DEFAULT_PAGE_SIZE),
  })
}

/**
 * Reads a list query from URLSearchParams. Empty values are absent (a GET form sends `status=`
 * for "All"); a repeated key keeps its first value.
 */
export function parseListQuery<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  // A Map, then fromEntries: `__proto__` or `constructor` in a URL stay plain (ignored) keys.
  const raw = new Map<string, string>()
  for (const [key, value] of params) if (value !== '' && !raw.has(key)) raw.set(key, value)
  return schema.parse(Object.fromEntries(raw))
}
