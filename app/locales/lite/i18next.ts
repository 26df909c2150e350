/**
 * The browser's i18next: the part of its API this app uses, in about 1 KiB instead of 16 KiB gzip
 * (docs/decisions/021-client-i18next-lite.md). The client build resolves `i18next` here
 * (scripts/client-i18n.ts); the server keeps the real library, and the unit test
 * tests/unit/i18next-lite.test.ts checks that both give the same string for every key of every
 * catalogue, so hydration matches.
 *
 * Supported: one namespace of nested keys (`a.b.c`), a fallback language, `{{name}}` and
 * `{{- name}}` interpolation (dotted paths, values as String(value), unescaped: React escapes),
 * plurals (`key_one`, `key_other`, `key_zero` for 0 …) with `count`, `defaultValue`, a list of
 * keys (the first that exists), `exists`, `changeLanguage`, `addResourceBundle`, `saveMissing` with
 * a `missingKeyHandler`, and the `languageChanged` event. Not supported (the catalogues use none):
 * namespaces in keys (`ns:key`), nesting (`$t(…)`), formats (`{{value, number}}`), context,
 * returning objects.
 */
type Resources = Record<string, unknown>
type Options = {
  lng?: string
  fallbackLng?: string | false
  defaultNS?: string
  resources?: Record<string, Record<string, Resources>>
  saveMissing?: boolean
  missingKeyHandler?: (languages: readonly string[], namespace: string, key: string, fallbackValue: string) => void
  [option: string]: unknown
}
type TOptions = { count?: number; defaultValue?: string; [value: string]: unknown }
type Plugin = { type: string; init?: (instance: I18n) => void }
type Listener = (language: string) => void

const PLACEHOLDER = /\{\{(-?)\s*([^{}]+?)\s*\}\}/g

function lookup(tree: unknown, path: string): unknown {
  let node = tree
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

function merge(target: Resources, source: Resources) {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key]
    if (value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current)) {
      merge(current as Resources, value as Resources)
    } else {
      target[key] = value
    }
  }
}

/** i18next's interpolation with escapeValue false and skipOnVariables true (its defaults here). */
function interpolate(text: string, values: TOptions) {
  return text.replace(PLACEHOLDER, (match, _unescaped: string, name: string) => {
    const value = lookup(values, name)
    if (value === undefined) return Object.prototype.hasOwnProperty.call(values, name) ? '' : match
    return value === null ? '' : String(value)
  })
}

export class I18n {
  language = ''
  options: Options = {}
  isInitialized = false
  private store: Record<string, Record<string, Resources>> = {}
  private listeners = new Set<Listener>()
  private plugins: Plugin[] = []

  use(plugin: Plugin) {
    this.plugins.push(plugin)
    return this
  }

  init(options: Options = {}) {
    this.options = { defaultNS: 'translation', ...options }
    this.store = structuredClone(options.resources ?? {})
    this.language = options.lng ?? (typeof options.fallbackLng === 'string' ? options.fallbackLng : 'en')
    this.isInitialized = true
    for (const plugin of this.plugins) plugin.init?.(this)
    return Promise.resolve(this.t)
  }

  private get namespace() {
    return this.options.defaultNS as string
  }

  private languages(lng: string) {
    const fallback = this.options.fallbackLng
    return typeof fallback === 'string' && fallback !== lng ? [lng, fallback] : [lng]
  }

  private find(lng: string, key: string): string | undefined {
    for (const language of this.languages(lng)) {
      const value = lookup(this.store[language]?.[this.namespace], key)
      if (typeof value === 'string') return value
    }
    return undefined
  }

  private resolve(lng: string, key: string, count: number | undefined) {
    if (count !== undefined) {
      const suffixes = count === 0 ? ['zero'] : []
      try {
        suffixes.push(new Intl.PluralRules(lng).select(count))
      } catch {
        suffixes.push(count === 1 ? 'one' : 'other')
      }
      for (const suffix of suffixes) {
        const found = this.find(lng, `${key}_${suffix}`)
        if (found !== undefined) return found
      }
    }
    return this.find(lng, key)
  }

  /** The translation of the first key that has one, interpolated; else the default value or the (last) key. */
  translate(lng: string, keys: string | readonly string[], options: TOptions = {}): string {
    const list = (Array.isArray(keys) ? keys : [keys]).map(String)
    const count = typeof options.count === 'number' ? options.count : undefined
    let text: string | undefined
    for (const key of list) {
      text = this.resolve(lng, key, count)
      if (text !== undefined) break
    }
    if (text === undefined) {
      const key = list[list.length - 1]
      if (options.defaultValue !== undefined) text = options.defaultValue
      else text = key
      // i18next reports to the fallback languages (its saveMissingTo: 'fallback').
      const fallback = this.options.fallbackLng
      if (this.options.saveMissing) this.options.missingKeyHandler?.(typeof fallback === 'string' ? [fallback] : [lng], this.namespace, key, text)
    }
    return interpolate(text, options)
  }

  t = (keys: string | readonly string[], options?: TOptions) => this.translate(this.language, keys, options)

  getFixedT(lng: string) {
    return (keys: string | readonly string[], options?: TOptions) => this.translate(lng, keys, options)
  }

  /** Whether the key has a value (a group of keys counts, as in i18next). */
  exists(key: string, options: { lng?: string } = {}) {
    return this.languages(options.lng ?? this.language).some((language) => {
      const value = lookup(this.store[language]?.[this.namespace], key)
      return value !== undefined && value !== null
    })
  }

  addResourceBundle(lng: string, ns: string, resources: Resources, _deep?: boolean, _overwrite?: boolean) {
    const languageStore = (this.store[lng] ??= {})
    merge((languageStore[ns] ??= {}), structuredClone(resources))
    return this
  }

  hasResourceBundle(lng: string, ns: string) {
    return Boolean(this.store[lng]?.[ns])
  }

  changeLanguage(lng: string) {
    if (lng !== this.language) {
      this.language = lng
      for (const listener of this.listeners) listener(lng)
    }
    return Promise.resolve(this.t)
  }

  on(event: 'languageChanged', listener: Listener) {
    if (event === 'languageChanged') this.listeners.add(listener)
  }

  off(event: 'languageChanged', listener: Listener) {
    if (event === 'languageChanged') this.listeners.delete(listener)
  }
}

export function createInstance(options?: Options) {
  const instance = new I18n()
  if (options) void instance.init(options)
  return instance
}

const i18next = new I18n()
export default i18next
export type { I18n as i18n }
