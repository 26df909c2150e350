import { redirect } from 'react-router'
import { lastPage } from '~/models/records.server'

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
