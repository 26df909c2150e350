import type { i18n } from 'i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'

import type { LanguageCode } from '~/i18n'
import { detectLanguage, i18nFor } from '~/i18n.server'

const localeContext = createContext<LanguageCode>()

/**
 * Sets the request's language. The i18next instance is not created per request (that cost
 * ~4 ms of every page, measured by the bench): each language has one shared, read-only instance
 * (app/i18n.server.ts), and nothing on the server changes an instance's language.
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(localeContext, detectLanguage(request))
  return next()
}

export function getLocale(context: Readonly<RouterContextProvider>): LanguageCode {
  return context.get(localeContext)
}

export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return i18nFor(getLocale(context))
}
