/** A URL with some query params replaced (empty values removed); the URL is the list's state. */
export function withParams(search: string, changes: Record<string, string | number | null | undefined>) {
  const params = new URLSearchParams(search)
  // A row marked as just changed (after a save) stays marked only until the list moves on.
  params.delete('changed')
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key)
    else params.set(key, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : '?'
}
