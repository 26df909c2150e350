import { useContext } from 'react'
import { I18nContext, useTranslation as useClientTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'

type Translation = ReturnType<typeof useClientTranslation>

const serverResults = new WeakMap<I18n, Translation>()

/**
 * On the server, a page renders once and never changes language: each shared per-language
 * instance (app/i18n.server.ts) gets its `t` once. react-i18next's hook instead copies every
 * property of the instance and builds a new `t` for each component that calls it, which was the
 * top cost of rendering a list page (issue 11).
 */
function useServerTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n
  if (!i18n) throw new Error('useTranslation: render inside I18nextProvider')
  let result = serverResults.get(i18n)
  if (!result) {
    const fixedT = i18n.getFixedT(null, i18n.options.defaultNS as string)
    // Server resources never change: a key without options always gives the same string.
    const plain = new Map<string, string>()
    const t = ((key: string, options?: unknown) => {
      if (options !== undefined || typeof key !== 'string') return fixedT(key, options as never)
      let text = plain.get(key)
      if (text === undefined) {
        text = fixedT(key) as string
        plain.set(key, text)
      }
      return text
    }) as unknown as typeof fixedT
    result = Object.assign([t, i18n, true], { t, i18n, ready: true }) as unknown as Translation
    serverResults.set(i18n, result)
  }
  return result
}

/** `useTranslation()` for every component: react-i18next's in the browser (language changes, namespace loading). */
export const useTranslation: () => Translation = typeof document === 'undefined' ? useServerTranslation : useClientTranslation
