/** Vehicle identification numbers, shared by every vehicle (trucks, trailers). */
import { text } from './text'

const VIN_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
}
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2]

/** The check digit (position 9) of a North American VIN, as 0-9 or X. */
export function vinCheckDigit(vin: string) {
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const char = vin[i]
    const value = /\d/.test(char) ? Number(char) : VIN_VALUES[char]
    sum += (value ?? 0) * VIN_WEIGHTS[i]
  }
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

export function isValidVin(vin: string) {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin) && vinCheckDigit(vin) === vin[8]
}

/** An optional VIN: trimmed, upper-cased, 17 characters with a correct check digit. */
export function optionalVin(messageKey: string) {
  return text()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isValidVin, messageKey)
    .optional()
}
