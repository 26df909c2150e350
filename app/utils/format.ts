import { languageInfo } from '~/i18n'

/** Numbers and dates per language (Intl), shared by server and client render. */
export function formatNumber(language: string, value: number) {
  return new Intl.NumberFormat(languageInfo(language).intl).format(value)
}

export function formatDate(language: string, value: string | Date | null | undefined) {
  if (!value) return ''
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value
  return new Intl.DateTimeFormat(languageInfo(language).intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}

/** Money is stored in integer cents; shown in the organization's currency, per language. */
export function formatMoney(language: string, cents: number, currency = 'USD') {
  return new Intl.NumberFormat(languageInfo(language).intl, { style: 'currency', currency }).format(cents / 100)
}
