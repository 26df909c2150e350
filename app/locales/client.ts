/**
 * The browser's side of the namespaces (app/i18n.ts CLIENT_NAMESPACES): loads a language's
 * strings area by area into the one i18next namespace, each chunk once. The browser has a single
 * i18next instance, so what is loaded is tracked here.
 */
import type { i18n as I18n } from 'i18next'
import { loadChunk } from 'virtual:locale-chunks'

import { type ClientNamespace, NAMESPACE } from '~/i18n'

const loaded = new Set<string>()
const pending = new Map<string, Promise<void>>()
const key = (lng: string, ns: string) => `${lng}/${ns}`

/** Whether every namespace is already in i18next for this language. */
export function hasNamespaces(lng: string, namespaces: readonly ClientNamespace[]) {
  return namespaces.every((ns) => loaded.has(key(lng, ns)))
}

/** Loads what is missing (once, however many callers ask) and adds it to i18next. */
export function loadNamespaces(i18n: I18n, lng: string, namespaces: readonly ClientNamespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((ns) => {
      let promise = pending.get(key(lng, ns))
      if (!promise) {
        promise = loadChunk(lng, ns).then((strings) => {
          i18n.addResourceBundle(lng, NAMESPACE, strings, true, true)
          loaded.add(key(lng, ns))
        })
        pending.set(key(lng, ns), promise)
      }
      return promise
    }),
  ).then(() => undefined)
}

const together = new Map<string, Promise<void>>()

/**
 * The same promise for the same language and namespaces, as React's `use()` needs: a fresh
 * promise on every render would suspend for ever.
 */
export function namespacesReady(i18n: I18n, lng: string, namespaces: readonly ClientNamespace[]): Promise<void> {
  const id = `${lng}:${[...namespaces].sort().join(',')}`
  let promise = together.get(id)
  if (!promise) {
    promise = loadNamespaces(i18n, lng, namespaces)
    together.set(id, promise)
  }
  return promise
}

/** The namespaces loaded so far in a language, to load the same ones in another. */
export function loadedNamespaces(lng: string): ClientNamespace[] {
  return [...loaded].filter((entry) => entry.startsWith(`${lng}/`)).map((entry) => entry.slice(lng.length + 1) as ClientNamespace)
}
