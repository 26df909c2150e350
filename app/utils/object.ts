/** JSON clients send `null` or "" for "no value"; the shared schemas (like HTML forms) use absent keys. */
export function dropNulls(input: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== ''))
}
