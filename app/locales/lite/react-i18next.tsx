/**
 * The browser's react-i18next (see ./i18next.ts): `useTranslation`, `I18nextProvider` and
 * `initReactI18next`, which is all the app uses. Components re-render when the language changes,
 * as with react-i18next's defaults; loading strings is the root's business (app/locales/client.ts).
 */
import { createContext, createElement, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import type { I18n } from './i18next'

let globalInstance: I18n | undefined
const I18nContext = createContext<I18n | undefined>(undefined)

export const initReactI18next = {
  type: '3rdParty',
  init(instance: I18n) {
    globalInstance = instance
  },
}

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children)
}

export function useTranslation() {
  const i18n = useContext(I18nContext) ?? globalInstance
  if (!i18n) throw new Error('useTranslation: no i18next instance (I18nextProvider or initReactI18next)')
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange)
      return () => i18n.off('languageChanged', onChange)
    },
    [i18n],
  )
  const language = useSyncExternalStore(
    subscribe,
    () => i18n.language,
    () => i18n.language,
  )
  return useMemo(() => {
    const t = i18n.getFixedT(language)
    // react-i18next returns an array that also has named members.
    return Object.assign([t, i18n, true] as const, { t, i18n, ready: true })
  }, [i18n, language])
}
