/** The server's fast `t` (app/hooks/use-translation.ts) answers exactly as i18next does, for every key and language. */
import { describe, expect, it } from 'vitest'

import { serverTranslator } from '~/hooks/use-translation'
import { NAMESPACE, SUPPORTED_LANGUAGES } from '~/i18n'
import { i18nFor } from '~/i18n.server'
import en from '~/locales/en'

/** Every key of the English catalogue with its text (plural forms by their base key too). */
function keys(tree: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([name, value]) =>
    typeof value === 'string' ? [[`${prefix}${name}`, value] as [string, string]] : keys(value as Record<string, unknown>, `${prefix}${name}.`),
  )
}

describe('the server translator', () => {
  it.each(SUPPORTED_LANGUAGES)('%s: every key with made-up values reads as i18next reads it', (language) => {
    const i18n = i18nFor(language)
    const fast = serverTranslator(i18n)
    const reference = i18n.getFixedT(null, NAMESPACE)
    let filled = 0
    for (const [key, text] of keys(en as unknown as Record<string, unknown>)) {
      const names = [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)/g)].map((match) => match[1])
      const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? i * 7 : ` v<${name}>&" `]))
      const options = names.includes('count') ? values : { ...values, extra: 'unused' }
      // Twice each: the second answer comes from the cache.
      for (let round = 0; round < 2; round++) {
        expect({ key, text: fast(key, options) }).toEqual({ key, text: reference(key, options) })
        expect({ key, text: fast(key) }).toEqual({ key, text: reference(key) })
      }
      if (names.length) filled++
    }
    expect(filled).toBeGreaterThan(100)
    // A value naming a slot that is not passed stays as i18next leaves it.
    expect(fast('loads.list.editLoad', { other: 1 })).toBe(reference('loads.list.editLoad', { other: 1 }))
  })
})
