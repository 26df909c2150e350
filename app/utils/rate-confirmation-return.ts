/**
 * The new-load page read from a rate confirmation, as an address to come back to (ADR 103): the
 * broker editor opened by "Add a broker" carries it, and after saving returns there with the new
 * broker picked. The value travels through a URL and a hidden field, so it is parsed and rebuilt
 * from its known parameters only: the new-load path of this site, never another host or page.
 */
import { href } from 'react-router'

export const NEW_LOAD_PATH = href('/dashboard/loads/new')
const BASE = 'http://freightdesk.invalid'
const KINDS = ['document', 'mail-attachment', 'upload'] as const
export type ReturnSource = { kind: (typeof KINDS)[number]; id: string; fileName: string }

/** `/dashboard/loads/new?source=…&id=…` (and, for the page's own upload, its file name). */
export function newLoadPath(source: { kind: string; id: string; fileName: string }, brokerId?: string) {
  const search = new URLSearchParams({ source: source.kind, id: source.id })
  if (source.kind === 'upload') search.set('name', source.fileName)
  if (brokerId) search.set('brokerId', brokerId)
  return `${NEW_LOAD_PATH}?${search}`
}

/** The source a return address names, or null for anything that is not this site's new-load page with a source. */
export function returnSourceOf(value: unknown): ReturnSource | null {
  // Control characters and backslashes are what browsers quietly drop or rewrite into another host.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (typeof value !== 'string' || value.length > 1000 || !value.startsWith(`${NEW_LOAD_PATH}?`) || /[\u0000-\u001f\u007f\\]/.test(value)) return null
  let url: URL
  try {
    url = new URL(value, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || url.pathname !== NEW_LOAD_PATH) return null
  const kind = url.searchParams.get('source')
  const id = url.searchParams.get('id') ?? ''
  if (!(KINDS as readonly string[]).includes(kind ?? '') || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) return null
  return { kind: kind as ReturnSource['kind'], id, fileName: (url.searchParams.get('name') ?? '').slice(0, 200) }
}
