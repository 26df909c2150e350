/**
 * The browser's i18next subset (app/locales/lite/) against the real i18next the server renders
 * with: the same catalogues must give the same strings, or hydration would not match.
 */
import { createInstance as createReal } from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { CLIENT_NAMESPACES, NAMESPACE, SUPPORTED_LANGUAGES, i18nextOptions } from '~/i18n'
import { resources } from '~/i18n.server'
import { createInstance as createLite } from '~/locales/lite/i18next'

type Catalogue = Record<string, unknown>
const CLIENT_GROUPS = Object.values(CLIENT_NAMESPACES).flat() as string[]

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]]
  return Object.entries(value as Catalogue).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key))
}

/** A real and a lite instance over the same strings, each reporting missing keys. */
function pair(lng: string, store: Record<string, Catalogue>) {
  const missing = { real: vi.fn(), lite: vi.fn() }
  const options = (handler: typeof missing.real) => ({
    ...i18nextOptions,
    lng,
    resources: Object.fromEntries(Object.entries(store).map(([code, strings]) => [code, { [NAMESPACE]: structuredClone(strings) }])),
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: handler,
  })
  const real = createReal(options(missing.real))
  void real.init()
  const lite = createLite(options(missing.lite))
  return { real, lite, missing }
}

describe('the browser i18next (lite) gives the strings the server renders', () => {
  it.each(SUPPORTED_LANGUAGES)('%s: every key of every client area, with and without its values', (lng) => {
    const strings = Object.fromEntries(CLIENT_GROUPS.map((group) => [group, (resources[lng].translations as Catalogue)[group]]))
    const { real, lite, missing } = pair(lng, { [lng]: strings })
    const keys = leaves(strings)
    expect(keys.length).toBeGreaterThan(300)
    for (const [key, text] of keys) {
      const names = [...text.matchAll(/{{-?\s*([^{}]+?)\s*}}/g)].map((match) => match[1])
      const values = Object.fromEntries(names.map((name, index) => [name, index % 2 ? 42 : `<${name}>`]))
      expect(lite.t(key), key).toBe(real.t(key))
      expect(lite.t(key, values), key).toBe(real.t(key, values))
      expect(lite.exists(key), key).toBe(real.exists(key))
    }
    expect(missing.lite).not.toHaveBeenCalled()
    expect(missing.real).not.toHaveBeenCalled()
  })

  const sample = {
    en: {
      greeting: 'Hello {{name}}, you have {{count}} trucks',
      raw: 'Raw {{- html}} and {{ spaced }}',
      nested: 'Owner {{owner.name}}',
      item_one: 'One item',
      item_other: '{{count}} items',
      item_zero: 'No items',
      group: { leaf: 'Leaf' },
      empty: '',
      onlyEnglish: 'Only in English',
    },
    ar: {
      item_zero: 'صفر',
      item_one: 'واحد',
      item_two: 'اثنان',
      item_few: 'قليل {{count}}',
      item_many: 'كثير {{count}}',
      item_other: 'آخر {{count}}',
    },
  }
  const calls: Array<[string, Record<string, unknown>?]> = [
    ['greeting'],
    ['greeting', { name: 'Ana' }],
    ['greeting', { name: 'Ana', count: 3 }],
    ['greeting', { name: null, count: undefined }],
    ['raw', { html: '<b>x</b>', spaced: 7 }],
    ['nested', { owner: { name: 'Bo' } }],
    ['nested', {}],
    ['item', { count: 0 }],
    ['item', { count: 1 }],
    ['item', { count: 5 }],
    ['empty'],
    ['onlyEnglish'],
    ['does.not.exist'],
    ['does.not.exist', { defaultValue: 'Fallback {{name}}', name: 'Cy' }],
    ['group.missing'],
  ]

  it.each(['en', 'ar'])('%s: interpolation, plurals, fallback language, missing keys and default values', (lng) => {
    const { real, lite, missing } = pair(lng, sample)
    for (const [key, options] of calls) {
      expect(lite.t(key, options), `${lng} ${key} ${JSON.stringify(options)}`).toBe(real.t(key, options))
    }
    for (const count of [0, 1, 2, 3, 11, 100]) expect(lite.t('item', { count }), `${lng} item ${count}`).toBe(real.t('item', { count }))
    expect(lite.t(['does.not.exist', 'greeting'], { name: 'Di' })).toBe(real.t(['does.not.exist', 'greeting'], { name: 'Di' }))
    expect(lite.exists('onlyEnglish')).toBe(real.exists('onlyEnglish'))
    expect(lite.exists('group')).toBe(real.exists('group'))
    expect(lite.exists('group.leaf')).toBe(true)
    expect(lite.exists('nope')).toBe(real.exists('nope'))
    // The same keys reported missing, with the same languages, namespace and fallback value.
    expect(missing.lite.mock.calls.map((call) => call.slice(0, 4))).toEqual(missing.real.mock.calls.map((call) => call.slice(0, 4)))
    expect(missing.lite).toHaveBeenCalled()
  })

  it('changes language for new lookups and tells its listeners, once per change', async () => {
    const lite = createLite({ ...i18nextOptions, lng: 'en', resources: {} })
    lite.addResourceBundle('en', NAMESPACE, { common: { yes: 'Yes' } }, true, true)
    lite.addResourceBundle('fr', NAMESPACE, { common: { yes: 'Oui' } }, true, true)
    lite.addResourceBundle('fr', NAMESPACE, { common: { no: 'Non' } }, true, true)
    const fixed = lite.getFixedT('en')
    const listener = vi.fn()
    lite.on('languageChanged', listener)
    expect(lite.t('common.yes')).toBe('Yes')
    await lite.changeLanguage('fr')
    await lite.changeLanguage('fr')
    expect(listener.mock.calls).toEqual([['fr']])
    expect(lite.language).toBe('fr')
    expect([lite.t('common.yes'), lite.t('common.no'), fixed('common.yes')]).toEqual(['Oui', 'Non', 'Yes'])
    lite.off('languageChanged', listener)
    await lite.changeLanguage('en')
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
