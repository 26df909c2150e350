import type { i18n as I18n } from 'i18next'
import { useContext } from 'react'
import { I18nContext, useTranslation as useClientTranslation } from 'react-i18next'

type Translation = ReturnType<typeof useClientTranslation>

const serverResults = new WeakMap<I18n, Translation>()

const SLOT = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g
// Options that change how i18next picks or builds the text: these always go through i18next.
const SPECIAL = new Set([
  'count',
  'context',
  'ns',
  'lng',
  'lngs',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'ordinal',
  'keyPrefix',
  'replace',
  'postProcess',
  'interpolation',
  'joinArrays',
])

/** Interpolation values only (strings and numbers), nothing that selects another text. */
export function isPlainValues(options: unknown): options is Record<string, string | number> {
  if (!options || typeof options !== 'object' || Array.isArray(options)) return false
  for (const [name, value] of Object.entries(options)) {
    if (SPECIAL.has(name) || (typeof value !== 'string' && typeof value !== 'number')) return false
  }
  return true
}

/**
 * The server's `t` for one shared per-language instance: cached plain strings, and `{{name}}`
 * slots filled in directly. Same answers as i18next's (tests/unit/server-translation.test.ts).
 */
export function serverTranslator(i18n: I18n) {
  const namespace = i18n.options.defaultNS as string
  const fixedT = i18n.getFixedT(null, namespace)
  // Server resources never change: a key without options always gives the same string.
  const plain = new Map<string, string>()
  // And a key whose text only has `{{name}}` slots is filled in directly (a list row's labels);
  // plurals, context, nesting and formats go through i18next.
  const templates = new Map<string, string | null>()
  const templateOf = (key: string) => {
    let template = templates.get(key)
    if (template === undefined) {
      const raw: unknown = i18n.getResource(i18n.language, namespace, key)
      template = typeof raw === 'string' && !raw.includes('$t(') && !/\{\{(?!\s*[A-Za-z0-9_]+\s*\}\})/.test(raw) ? raw : null
      templates.set(key, template)
    }
    return template
  }
  // A number takes the language's digits, as i18next's formatter writes it (app/i18n-format.ts).
  const formatter = i18n.services.formatter
  const slotText = (value: string | number) => (typeof value === 'number' && formatter ? formatter.format(value, undefined, i18n.language) : String(value))
  const t = ((key: string, options?: unknown) => {
    if (typeof key !== 'string') return fixedT(key, options as never)
    if (options === undefined) {
      let text = plain.get(key)
      if (text === undefined) {
        text = fixedT(key) as string
        plain.set(key, text)
      }
      return text
    }
    const template = isPlainValues(options) ? templateOf(key) : null
    if (template === null) return fixedT(key, options as never)
    return template.replace(SLOT, (slot, name: string) =>
      Object.hasOwn(options as object, name) ? slotText((options as Record<string, string | number>)[name]) : slot,
    )
  }) as unknown as typeof fixedT
  return t
}

/**
 * On the server, a page renders once and never changes language: each shared per-language
 * instance (app/i18n.server.ts) gets its `t` once. react-i18next's hook instead copies every
 * property of the instance and builds a new `t` for each component that calls it, which was the
 * top cost of rendering a list page (measured by the bench's --profile).
 */
function useServerTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n
  if (!i18n) throw new Error('useTranslation: render inside I18nextProvider')
  let result = serverResults.get(i18n)
  if (!result) {
    const t = serverTranslator(i18n)
    result = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation
    serverResults.set(i18n, result)
  }
  return result
}

/** `useTranslation()` for every component: react-i18next's in the browser (language changes, namespace loading). */
export const useTranslation: () => Translation = typeof document === 'undefined' ? useServerTranslation : useClientTranslation
