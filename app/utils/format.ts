import { languageInfo } from '~/i18n'

import { centsToDollars, formatDecimal, SCALE } from './money'

// Building an Intl formatter costs far more than using one (it showed up as the top cost of
// rendering the truck list), so each language/option pair is built once.
const numberFormats = new Map<string, Intl.NumberFormat>()
const dateFormats = new Map<string, Intl.DateTimeFormat>()

function numberFormat(language: string, options: Intl.NumberFormatOptions = {}) {
  const key = `${language}|${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(languageInfo(language).intl, options)
    numberFormats.set(key, format)
  }
  return format
}

function dateFormat(language: string, timeZone: string) {
  const key = `${language}|${timeZone}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo(language).intl, { dateStyle: 'medium', timeZone })
    dateFormats.set(key, format)
  }
  return format
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

function dateTimeFormat(language: string, timeZone: string) {
  const key = `${language}|${timeZone}`
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo(language).intl, { dateStyle: 'medium', timeStyle: 'short', timeZone })
    dateTimeFormats.set(key, format)
  }
  return format
}

/** A moment (audit events, sign-ins) in the organization's time zone. */
export function formatDateTime(language: string, value: string | Date, timeZone: string) {
  return dateTimeFormat(language, timeZone).format(typeof value === 'string' ? new Date(value) : value)
}

/** Numbers and dates per language (Intl), shared by server and client render. */
export function formatNumber(language: string, value: number) {
  return numberFormat(language).format(value)
}

/**
 * An exact decimal the server wrote as text ("120.125", "5.82": gallons, MPG) with exactly
 * `digits` decimals, grouped, in the language's digits: a column of gallons lines up.
 */
export function formatDecimalText(language: string, value: string, digits: number) {
  return numberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Number(value))
}

/**
 * A number inside a translated sentence, in the language's digits ("١٢" in Arabic) but otherwise
 * as written: no grouping (a year stays 2026) and every decimal kept. English reads as before.
 */
export function formatPlainNumber(language: string, value: number) {
  return numberFormat(language, { useGrouping: false, maximumFractionDigits: 20 }).format(value)
}

const BYTE_UNITS = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
] as const

/** A stored file's size or a storage total ("1.2 GB", "340 kB"), per language. */
export function formatBytes(language: string, bytes: number) {
  const [unit, size] = BYTE_UNITS.find(([, size]) => bytes >= size) ?? BYTE_UNITS[2]
  const value = bytes === 0 ? 0 : Math.max(bytes / size, 0.1)
  return numberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value)
}

/**
 * A calendar day (`YYYY-MM-DD`, or a date column as PostgreSQL `date` gives it: midnight UTC): a
 * due date, an expiry, a pay period. It has no time zone: the day as written.
 */
export function formatDate(language: string, value: string | Date | null | undefined) {
  if (!value) return ''
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value
  return dateFormat(language, 'UTC').format(date)
}

/**
 * The day of a moment (an order placed, a sign-in, a link's expiry) in the reader's time zone: the
 * organization's in the office, the visitor's on public pages. Never UTC by default: 03:00 UTC is
 * still yesterday in Chicago.
 */
export function formatZonedDate(language: string, value: string | Date | null | undefined, timeZone: string) {
  if (!value) return ''
  return dateFormat(language, timeZone).format(typeof value === 'string' ? new Date(value) : value)
}

/**
 * How `formatMoney` writes an amount: `symbol` for people ("$1,234.56", "1 234,56 $US", "١٬٢٣٤٫٥٦ US$"),
 * `compact` for a chart's axis ("$1.2K"), `decimal` for exports ("1234.56", two decimals that
 * spreadsheets sum), `input` for a form's field ("1234.5" → "1234.50", "1234": what parseDollars
 * reads back). `decimal` and `input` are the same in every language (no grouping, a point).
 */
export type MoneyStyle = 'symbol' | 'compact' | 'decimal' | 'input'

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * Money is stored in integer cents; this is the one function that turns cents into text, on the
 * server (pages, PDF, email, CSV) and in the browser (live totals, charts, forms): in the
 * organization's currency and the reader's language, or plain for a file or a form (`style`).
 */
export function formatMoney(language: string, cents: number, options: { currency?: string; style?: MoneyStyle } | string = {}) {
  const { currency = 'USD', style = 'symbol' } = typeof options === 'string' ? { currency: options } : options
  // Exact decimal text from the money module (no floating point on the way); not a number stays as it is.
  const exact = Number.isFinite(cents) ? formatDecimal(Math.round(cents), SCALE.cents) : String(cents)
  if (style === 'decimal') return exact
  if (style === 'input') return Number.isFinite(cents) ? centsToDollars(cents)! : exact
  // Keyed without JSON: a list row formats two amounts.
  const key = `${language}|${currency}|${style}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = numberFormat(
      language,
      style === 'compact'
        ? { style: 'currency', currency, notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 1 }
        : { style: 'currency', currency },
    )
    moneyFormats.set(key, format)
  }
  // A decimal string is formatted exactly (Intl reads it as a decimal, not a binary double); a
  // compact figure is rounded anyway, and from a string it would keep the string's trailing zeros.
  return format.format(style === 'compact' ? cents / 100 : (exact as `${number}`))
}

const monthFormats = new Map<string, Intl.DateTimeFormat>()

/** A calendar month ("November 2026") from any of its days (`YYYY-MM-DD`), per language. */
export function formatMonth(language: string, day: string) {
  let format = monthFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo(language).intl, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    monthFormats.set(language, format)
  }
  return format.format(new Date(`${day.slice(0, 10)}T00:00:00Z`))
}

/** A time or code built as text ("08:00") in the language's digits ("٠٨:٠٠" in Arabic), like every number it shows. */
export function formatDigits(language: string, text: string) {
  const format = numberFormat(language)
  return text.replace(/[0-9]/g, (digit) => format.format(Number(digit)))
}

/**
 * User data (an address, a name, a number, a reference) inside a translated sentence, isolated
 * (Unicode FSI…PDI, what `<bdi>` is in markup) so that it keeps its own direction: "8100 Clinton Dr"
 * stays in that order in an Arabic sentence, and an Arabic sentence that starts with a load number
 * is still read right to left. For sentences shown in pages; files and PDFs take the plain value.
 */
export function isolate(value: string | number) {
  return `\u2068${value}\u2069`
}

/** The parts of a postal address every party (organization, company, broker, user) has. */
export type PostalAddress = {
  addressLine1?: string | null
  addressLine2?: string | null
  city?: string | null
  state?: string | null
  postalCode?: string | null
  country?: string | null
}

/** A postal address as it is printed: street lines, then "City, ST 12345", then the country; empty parts left out. */
export function addressLines(address: PostalAddress): string[] {
  const place = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return [address.addressLine1, address.addressLine2, place, address.country].filter((line): line is string => Boolean(line))
}
