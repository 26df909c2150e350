import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { CLIENT_NAMESPACES, handleNamespaces, languageInfo, normalizeLanguage, SERVER_ONLY_GROUPS, SUPPORTED_LANGUAGES } from '~/i18n'
import { detectLanguage, i18nFor, resources } from '~/i18n.server'
import en from '~/locales/en'
import { ODOMETER_READING_KINDS } from '~/schemas/ifta-options'
import { INVOICE_STATUSES, PAYMENT_METHODS } from '~/schemas/invoice-options'
import { CHARGE_TYPES, LOAD_STATUSES, STOP_TYPES } from '~/schemas/load-options'
import { PRODUCT_STATUSES } from '~/schemas/product-options'
import { RECORD_EDITOR_STRINGS, RECORD_LIST_PARTS, RECORD_LIST_STRINGS, RECORD_LISTS, RECORD_STATUS_STRINGS } from '~/schemas/record-pages'
import { SETTLEMENT_ITEM_TYPES } from '~/schemas/settlement-options'
import { TRAILER_STATUSES, TRAILER_TYPES } from '~/schemas/trailer-options'
import { TRUCK_OWNERSHIPS, TRUCK_STATUSES } from '~/schemas/truck-options'
import { USER_STATUSES } from '~/schemas/user-options'
import { ERROR_CODES } from '~/utils/errors.server'
import { ACTIONS, ENTITIES, ROLES } from '~/utils/permissions'

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value === 'string') return { [prefix]: value }
  return Object.assign({}, ...Object.entries(value as object).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)))
}
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort()

const reference = flatten(en)

describe('translations', () => {
  it.each(SUPPORTED_LANGUAGES.filter((code) => code !== 'en'))('%s has exactly the English keys, with the same placeholders', (code) => {
    const catalogue = flatten(resources[code].translations)
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(reference).sort())
    for (const [key, text] of Object.entries(reference)) {
      expect(placeholders(catalogue[key]), `${code}:${key}`).toEqual(placeholders(text))
      expect(catalogue[key].trim(), `${code}:${key} is empty`).not.toBe('')
    }
  })

  it('has no untranslated copies of long English strings', () => {
    for (const code of SUPPORTED_LANGUAGES.filter((language) => language !== 'en')) {
      const catalogue = flatten(resources[code].translations)
      const same = Object.entries(reference).filter(([key, text]) => text.length > 12 && catalogue[key] === text && !text.includes('Freightdesk:'))
      expect(
        same.map(([key]) => key),
        code,
      ).toEqual([])
    }
  })

  it('uses every key somewhere in the app, and uses no key that does not exist', () => {
    const files: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory() && !['locales', 'generated'].includes(entry.name)) walk(full)
        else if (/\.(tsx?|ts)$/.test(entry.name)) files.push(full)
      }
    }
    walk(path.resolve('app'))
    const source = files.map((file) => fs.readFileSync(file, 'utf8')).join('\n')
    // Keys built at run time (`trucks.status.${status}`) count as used through their prefix.
    const dynamicPrefixes = [...source.matchAll(/['`]([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*\.)\$\{/g)].map((match) => match[1])
    // …and so do keys a message nests with i18next's `$t(loads.status.{{from}})`.
    for (const message of Object.values(reference)) {
      for (const match of String(message).matchAll(/\$t\(([a-zA-Z0-9]+(?:\.[a-zA-Z0-9]+)*\.)\{\{/g)) dynamicPrefixes.push(match[1])
    }
    // …and so do the strings the record list and editor take from each entity's catalogue by name.
    const recordListKeys = RECORD_LISTS.flatMap((list) => [
      `nav.${list}`,
      ...[...RECORD_LIST_STRINGS, ...RECORD_EDITOR_STRINGS, ...(RECORD_LIST_PARTS[list].status ? RECORD_STATUS_STRINGS : [])].map((name) => `${list}.${name}`),
    ])
    const unused = Object.keys(reference).filter(
      (key) =>
        !source.includes(`'${key}'`) &&
        !source.includes(`"${key}"`) &&
        !recordListKeys.includes(key) &&
        !dynamicPrefixes.some((prefix) => key.startsWith(prefix)),
    )
    expect(unused).toEqual([])

    const literalKeys = [...source.matchAll(/\bt\(\s*'([a-zA-Z0-9_.]+)'/g)].map((match) => match[1]).concat(recordListKeys)
    const missing = literalKeys.filter((key) => !(key in reference))
    expect(missing).toEqual([])
  })
})

describe('keys built at run time', () => {
  // The unused-key check above trusts a prefix such as `apidocs.errors.codes.${code}`: it cannot
  // see a value of the list that has no message (the API reference showed two raw keys).
  const families: Array<[string, readonly string[]]> = [
    ['apidocs.errors.codes', ERROR_CODES],
    ['loads.status', LOAD_STATUSES],
    ['loads.stopType', STOP_TYPES],
    ['loads.chargeType', CHARGE_TYPES],
    ['invoices.status', INVOICE_STATUSES],
    ['invoices.method', PAYMENT_METHODS],
    ['trucks.status', TRUCK_STATUSES],
    ['trucks.ownership', TRUCK_OWNERSHIPS],
    ['trailers.status', TRAILER_STATUSES],
    ['trailers.type', TRAILER_TYPES],
    ['users.status', USER_STATUSES],
    ['roles', ROLES],
    ['products.status', PRODUCT_STATUSES],
    ['settlements.itemType', SETTLEMENT_ITEM_TYPES],
    ['rolesPage.entities', ENTITIES],
    ['rolesPage.actions', ACTIONS],
    ['odometer.kind', ODOMETER_READING_KINDS],
    ['odometer.line', ODOMETER_READING_KINDS],
  ]
  it.each(families)('has a message for every value under %s', (prefix, values) => {
    expect(values.filter((value) => !(`${prefix}.${value}` in reference))).toEqual([])
  })
})

describe('namespaces: what the browser downloads', () => {
  it('puts every top-level group in exactly one namespace, or keeps it on the server', () => {
    const placed = [...Object.values(CLIENT_NAMESPACES).flat(), ...SERVER_ONLY_GROUPS]
    expect([...placed].sort()).toEqual(Object.keys(en).sort())
    expect(new Set(placed).size).toBe(placed.length)
  })

  it('makes every route that uses strings of an area name that area in its handle', () => {
    const groupOf = new Map<string, string>(Object.entries(CLIENT_NAMESPACES).flatMap(([ns, groups]) => groups.map((group) => [group, ns])))
    const routes: string[] = []
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (entry.name.endsWith('.tsx')) routes.push(full)
      }
    }
    walk(path.resolve('app/routes'))
    const problems: string[] = []
    for (const file of routes) {
      const source = fs.readFileSync(file, 'utf8')
      // Only what the component renders counts; the server translates loader and action messages itself.
      const component = source.slice(source.indexOf('export default function') >>> 0)
      const used = new Set([...component.matchAll(/\bt\(\s*['`]([a-zA-Z]+)\./g)].map((match) => groupOf.get(match[1])).filter((ns) => ns && ns !== 'common'))
      const declared = /export const handle = (\{[^}]*\})/.exec(source)?.[1] ?? '{}'
      const named = handleNamespaces(Function(`return ${declared}`)())
      // Pages inside a layout get the layout's namespaces too.
      const layout = path.join(path.dirname(file), 'layout.tsx')
      const fromLayout =
        file !== layout && fs.existsSync(layout)
          ? handleNamespaces(Function(`return ${/export const handle = (\{[^}]*\})/.exec(fs.readFileSync(layout, 'utf8'))?.[1] ?? '{}'}`)())
          : []
      for (const ns of used) if (!named.includes(ns as never) && !fromLayout.includes(ns as never)) problems.push(`${path.relative('app', file)} uses ${ns}`)
    }
    expect(problems).toEqual([])
  })

  it('reads a handle the way routes write it', () => {
    expect(handleNamespaces({ i18n: ['trucks', 'nonsense'] })).toEqual(['trucks'])
    expect(handleNamespaces({ i18n: 'auth' })).toEqual(['auth'])
    expect(handleNamespaces(undefined)).toEqual([])
  })
})

describe('language detection', () => {
  const request = (headers: Record<string, string>) => new Request('http://localhost/', { headers })

  it('reads the i18nextLng cookie first, accepting vn for Vietnamese', () => {
    expect(detectLanguage(request({ Cookie: 'a=b; i18nextLng=vn', 'Accept-Language': 'fr' }))).toBe('vi')
    expect(detectLanguage(request({ Cookie: 'i18nextLng=ar' }))).toBe('ar')
  })

  it('then Accept-Language by weight (zh → cn), then English', () => {
    expect(detectLanguage(request({ 'Accept-Language': 'de-DE,zh-CN;q=0.8,fr;q=0.5' }))).toBe('cn')
    expect(detectLanguage(request({ 'Accept-Language': 'de-DE' }))).toBe('en')
    expect(detectLanguage(request({ Cookie: 'i18nextLng=klingon' }))).toBe('en')
  })

  it('writes a number inside a sentence in the language’s digits, as the page around it: Arabic-Indic in Arabic, as typed elsewhere', () => {
    expect(i18nFor('ar').t('imports.errors.tooManyRows', { max: 2026 })).toContain('٢٠٢٦')
    expect(i18nFor('ar').t('imports.errors.tooManyRows', { max: 2026 })).not.toMatch(/[0-9]/)
    expect(i18nFor('en').t('imports.errors.tooManyRows', { max: 20260 })).toBe('A file has at most 20260 rows. Split it in several files.')
    expect(i18nFor('en').t('imports.errors.cellTooLong', { max: 2.125 })).toContain(' 2.125 ')
    // Text stays text: a load number or an isolated value keeps its digits; named formats still apply.
    expect(i18nFor('ar').t('imports.errors.tooManyRows', { max: 'L-000123' })).toContain('L-000123')
  })

  it('knows Arabic is right-to-left and the others are not', () => {
    expect(languageInfo('ar').dir).toBe('rtl')
    expect(SUPPORTED_LANGUAGES.filter((code) => languageInfo(code).dir === 'rtl')).toEqual(['ar'])
    expect(normalizeLanguage('VN')).toBe('vi')
    expect(normalizeLanguage('xx')).toBeNull()
  })

  it('gives <html lang> a BCP 47 tag of the language itself (cn is a country: Chinese is zh-CN)', () => {
    for (const code of SUPPORTED_LANGUAGES) {
      const { lang, intl } = languageInfo(code)
      expect(Intl.getCanonicalLocales(lang)).toEqual([lang])
      expect(new Intl.Locale(lang).language, code).toBe(new Intl.Locale(intl).language)
    }
    expect(languageInfo('cn').lang).toBe('zh-CN')
    expect(normalizeLanguage(languageInfo('cn').lang)).toBe('cn')
  })
})
