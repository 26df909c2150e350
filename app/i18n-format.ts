/**
 * i18next's formatter for Freightdesk, server and browser alike: a number interpolated into a
 * sentence (`{{count}}`) is written in the language's digits, as the tables and counts beside it
 * are (Arabic-Indic digits in Arabic); named formats (`{{totalCents, money}}`) are added by who
 * needs them (app/i18n.server.ts). Strings (load numbers, isolated user data) are left as they are.
 */
import type { FormatterModule } from 'i18next'

import { formatPlainNumber } from '~/utils/format'

type Format = (value: unknown, lng: string | undefined, options: Record<string, unknown>) => string

export class LocalDigitsFormatter implements FormatterModule {
  static type = 'formatter' as const
  type = 'formatter' as const
  private formats = new Map<string, Format>()

  init() {}

  add(name: string, format: Format) {
    this.formats.set(name.trim().toLowerCase(), format)
  }

  addCached(name: string, format: (lng: string | undefined, options: Record<string, unknown>) => (value: unknown) => string) {
    this.formats.set(name.trim().toLowerCase(), (value, lng, options) => format(lng, options)(value))
  }

  // i18next's type says string; it hands back whatever the interpolation had (an object for nesting).
  format(value: unknown, format?: string, lng?: string, options: Record<string, unknown> = {}): string {
    if (value == null) return value as unknown as string
    if (format) {
      const named = this.formats.get(format.trim().toLowerCase())
      return (named ? named(value, lng, options) : value) as string
    }
    return (typeof value === 'number' && Number.isFinite(value) && lng ? formatPlainNumber(lng, value) : value) as string
  }
}
