import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { getInitialNamespaces } from 'remix-i18next/client'

import { FALLBACK_LANGUAGE, handleNamespaces, i18nextOptions, LANGUAGE_COOKIE, languageCookie, normalizeLanguage } from './i18n'
import { LocalDigitsFormatter } from './i18n-format'
import { loadNamespaces } from './locales/client'
import { readCookies } from './utils/cookies'
import { rememberVisitorTimeZone } from './utils/visitor-time-zone'

/**
 * A language remembered only in localStorage (no cookie yet) becomes the cookie, and the page is
 * rendered again in that language. Returns true when it reloads.
 */
function adoptStoredLanguage(current: string) {
  try {
    const stored = normalizeLanguage(localStorage.getItem(LANGUAGE_COOKIE))
    const hasCookie = LANGUAGE_COOKIE in readCookies(document.cookie)
    if (!stored || hasCookie || stored === current) return false
    document.cookie = languageCookie(stored, window.location.protocol === 'https:')
    window.location.reload()
    return true
  } catch {
    return false
  }
}

async function hydrate() {
  // The server already chose the language (cookie, then Accept-Language) and wrote it on <html>.
  const lng = normalizeLanguage(document.documentElement.lang) ?? FALLBACK_LANGUAGE
  if (adoptStoredLanguage(lng)) return
  rememberVisitorTimeZone()
  try {
    localStorage.setItem(LANGUAGE_COOKIE, lng)
  } catch {
    // Storage may be disabled on locked-down machines; the cookie is what counts.
  }
  // Only the active language's strings for the areas of this page: `common` and what the
  // matched routes name in `handle.i18n`. Others load as navigation reaches them (root.tsx).
  await i18next
    .use(initReactI18next)
    .use(LocalDigitsFormatter)
    .init({
      ...i18nextOptions,
      lng,
      resources: {},
      partialBundledLanguages: true,
      // A key the page uses but no loaded chunk has: the e2e suite fails on console errors.
      saveMissing: true,
      missingKeyHandler: (_languages, _namespace, key) => console.error(`[i18n] missing translation: ${key}`),
    })
  await loadNamespaces(i18next, lng, ['common', ...handleNamespaces({ i18n: getInitialNamespaces() })])

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

hydrate()
