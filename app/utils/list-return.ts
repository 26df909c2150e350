/**
 * Where an entity's editor and delete pages send the user back: the list as they left it
 * (filters, sort, page). The value travels through a URL and a hidden field, so it is parsed
 * and only the list's own path on this site is accepted (`listPath`, trucks by default);
 * anything else means the plain list.
 */
import { href } from 'react-router'

export const TRUCK_LIST_PATH = href('/dashboard/trucks/list')
const BASE = 'http://freightdesk.invalid'

export function listReturnTo(value: unknown, listPath = TRUCK_LIST_PATH): string {
  // Control characters and backslashes are what browsers quietly drop or rewrite into another host.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith(listPath) || /[\u0000-\u001f\u007f\\]/.test(value)) {
    return listPath
  }
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return listPath
  }
  if (url.origin !== BASE || url.pathname !== listPath) return listPath
  url.searchParams.delete('changed')
  url.searchParams.delete('returnTo')
  // URL serialisation percent-encodes the rest, so the result is always a valid header value.
  return `${url.pathname}${url.search}`
}

/** The list URL with the row that just changed marked (`?changed=<id>`). */
export function withChanged(returnTo: string, id: string) {
  const url = new URL(returnTo, BASE)
  url.searchParams.set('changed', id)
  return `${url.pathname}${url.search}`
}

/**
 * A link to a record's page that remembers the list it came from. Nothing is added for the plain
 * list (a `returnTo` from listReturnTo without a query), whichever entity's list it is.
 */
export function withReturnTo(path: string, returnTo: string) {
  return returnTo.includes('?') ? `${path}?returnTo=${encodeURIComponent(returnTo)}` : path
}
