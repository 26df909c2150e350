import { languageInfo } from '~/i18n'

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

function dateFormat(language: string) {
  let format = dateFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(languageInfo(language).intl, { dateStyle: 'medium', timeZone: 'UTC' })
    dateFormats.set(language, format)
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

export function formatDate(language: string, value: string | Date | null | undefined) {
  if (!value) return ''
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value
  return dateFormat(language).format(date)
}

/** Money is stored in integer cents; shown in the organization's currency, per language. */
const moneyFormats = new Map<string, Intl.NumberFormat>()

export function formatMoney(language: string, cents: number, currency = 'USD') {
  // Keyed without JSON: a list row formats two amounts.
  const key = `${language}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    format = numberFormat(language, { style: 'currency', currency })
    moneyFormats.set(key, format)
  }
  return format.format(cents / 100)
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
