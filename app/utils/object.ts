/** How deep a JSON body may nest (a load's stops are 3 levels): deeper is refused, not recursed. */
export const MAX_JSON_DEPTH = 32

/**
 * JSON clients send `null` or "" for "no value"; the shared schemas (like HTML forms) use absent
 * keys. Dropped at every depth (a stop's `line2: null` too); array items stay in place so the
 * schema can point at `stops.2`. Returns undefined when the value nests deeper than MAX_JSON_DEPTH.
 */
export function dropNulls(input: unknown, depth = 0): unknown {
  if (depth > MAX_JSON_DEPTH) throw new RangeError('too deep')
  if (Array.isArray(input)) return input.map((item) => dropNulls(item, depth + 1))
  if (input && typeof input === 'object') {
    return Object.fromEntries(
      Object.entries(input)
        .filter(([, value]) => value !== null && value !== '')
        .map(([key, value]) => [key, dropNulls(value, depth + 1)]),
    )
  }
  return input
}

type AddressInput = { addressLine1?: string; addressLine2?: string; city?: string; state?: string; postalCode?: string; country?: string }

/** A postal address as its columns store it: each part as given, or null when left empty (users and the organization alike). */
export function addressColumns(input: AddressInput) {
  return {
    addressLine1: input.addressLine1 || null,
    addressLine2: input.addressLine2 || null,
    city: input.city || null,
    state: input.state || null,
    postalCode: input.postalCode || null,
    country: input.country || null,
  }
}
