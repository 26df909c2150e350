import { redirect } from 'react-router'
import type { z } from 'zod'

import { customFieldColumns, type CustomFieldList, shownCustomFields } from '~/models/organization/custom-fields.server'
import { lastPage } from '~/models/records/records.server'
import type { SessionUser } from '~/models/users/auth.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { packRows } from '~/utils/packed-rows'
import { type Entity, listPermissions } from '~/utils/permissions'

/**
 * A list page past the end (an old link, or the last row deleted) shows the last page instead of
 * "2,451–42 of 42": call it with the list's total before rendering.
 */
export function redirectPastLastPage(url: URL, query: { page: number; pageSize: number }, total: number) {
  const last = lastPage(total, query.pageSize)
  if (query.page <= last) return
  const target = new URL(url)
  target.searchParams.set('page', String(last))
  throw redirect(`${target.pathname}${target.search}`)
}

/** The columns of a list without custom fields: none to offer, none shown. */
const NO_CUSTOM_FIELDS: { list: null; available: never[]; shown: never[] } = { list: null, available: [], shown: [] }

/**
 * What a record list page's loader reads (RecordList renders it): the query from the URL (bad
 * values fall back), one page of rows and the total, for a user who may read the entity; the
 * custom-field columns and each row's values for the shown ones only; the row that just changed;
 * what the role may do. `row` maps a record to what the table shows (`tableRows`). `also` reads
 * what else the page needs (filter options) in parallel. A page past the end redirects to the
 * last one.
 */
export async function readListPage<Schema extends z.ZodType<{ page: number; pageSize: number }>, Item extends object, Shown extends object, Also = null>(
  request: Request,
  options: {
    entity: Entity
    /** The list's custom fields, or null for a list that has none (fuel purchases, trips). */
    customFields: CustomFieldList | null
    schema: Schema
    /** The page of rows; `user` narrows it for a role that reads only its own (a driver's reports). */
    read: (organizationId: string, query: z.output<Schema>, user: SessionUser) => Promise<{ items: Item[]; total: number }>
    row: (item: Item) => Shown
    also?: (user: SessionUser) => Promise<Also>
  },
) {
  const user = await requirePermission(request, 'read', options.entity)
  const url = new URL(request.url)
  const query = parseListQuery(options.schema, url.searchParams)
  const [result, columns, also] = await Promise.all([
    options.read(user.organizationId, query, user),
    options.customFields ? customFieldColumns(user.organizationId, options.customFields, url.searchParams, user.id) : NO_CUSTOM_FIELDS,
    options.also ? options.also(user) : (null as Also),
  ])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    columns,
    also,
    total: result.total,
    changed: url.searchParams.get('changed'),
    rows: tableRows(result.items, columns, options.row),
    ...listPermissions(user.role, options.entity),
  }
}

/**
 * A list page's rows: what `row` maps each record to (what the table shows, not the API record,
 * ADR 044), with the values of the shown custom-field columns only, and none while no such
 * column shows (an empty field on every row costs HTML too). Packed, so the page's HTML does not
 * repeat every field's name on every row (app/utils/packed-rows.ts).
 */
export function tableRows<Item extends object, Shown extends object>(
  items: Item[],
  columns: Parameters<typeof shownCustomFields>[0],
  row: (item: Item) => Shown,
) {
  return packRows(
    items.map((item) => ({
      ...row(item),
      ...(columns.shown.length && 'customFields' in item ? { customFields: shownCustomFields(columns, item.customFields) } : {}),
    })),
  )
}
