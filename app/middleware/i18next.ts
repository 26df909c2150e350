import { createI18nextMiddleware } from 'remix-i18next/middleware'
import type { MiddlewareFunction } from 'react-router'
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, i18nextOptions } from '~/i18n'
import { detectLanguage, resources } from '~/i18n.server'

const [middleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: SUPPORTED_LANGUAGES,
    fallbackLanguage: FALLBACK_LANGUAGE,
    order: ['custom'],
    findLocale: async (request) => detectLanguage(request),
  },
  i18next: { ...i18nextOptions, resources },
})

/** JSON API requests skip it: a per-request i18next instance halves API throughput. */
export const i18nextMiddleware: MiddlewareFunction<Response> = (args, next) => {
  if (new URL(args.request.url).pathname.startsWith('/api/')) return next()
  return middleware(args, next)
}

export { getInstance, getLocale }
