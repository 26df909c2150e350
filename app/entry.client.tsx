import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, NAMESPACE, i18nextOptions, languageCookie, normalizeLanguage } from './i18n'
import { readCookies } from './utils/cookies'
import { loadCatalogue } from './locales/load'

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
  try {
    localStorage.setItem(LANGUAGE_COOKIE, lng)
  } catch {
    // Storage may be disabled on locked-down machines; the cookie is what counts.
  }
  // Only the active language's texts are loaded: each catalogue is its own small chunk.
  const catalogue = await loadCatalogue(lng)
  await i18next.use(initReactI18next).init({
    ...i18nextOptions,
    lng,
    resources: { [lng]: { [NAMESPACE]: catalogue } },
  })

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
