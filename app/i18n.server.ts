import { createInstance, type i18n, type TFunction } from 'i18next'

import { FALLBACK_LANGUAGE, i18nextOptions, LANGUAGE_COOKIE, type LanguageCode, NAMESPACE, normalizeLanguage } from './i18n'
import { LocalDigitsFormatter } from './i18n-format'
import ar from './locales/ar'
import cn from './locales/cn'
import en from './locales/en'
import fr from './locales/fr'
import vi from './locales/vi'
import { readCookies } from './utils/cookies'
import { formatMoney } from './utils/format'

export const resources = {
  en: { [NAMESPACE]: en },
  fr: { [NAMESPACE]: fr },
  vi: { [NAMESPACE]: vi },
  cn: { [NAMESPACE]: cn },
  ar: { [NAMESPACE]: ar },
}

/** Cookie (set by the language menu), else Accept-Language, else English. */
export function detectLanguage(request: Request): LanguageCode {
  const fromCookie = normalizeLanguage(readCookies(request.headers.get('Cookie'))[LANGUAGE_COOKIE])
  if (fromCookie) return fromCookie
  const accepted = (request.headers.get('Accept-Language') ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.find((param) => param.trim().startsWith('q='))
      return { tag, q: q ? Number(q.trim().slice(2)) || 0 : 1 }
    })
    .sort((a, b) => b.q - a.q)
  for (const { tag } of accepted) {
    const language = normalizeLanguage(tag)
    if (language) return language
  }
  return FALLBACK_LANGUAGE
}

/**
 * One initialised instance per language, shared by every request: resources are bundled, so
 * init is synchronous, and the server never calls changeLanguage on them.
 */
const instances = new Map<LanguageCode, i18n>()

export function i18nFor(language: LanguageCode): i18n {
  let instance = instances.get(language)
  if (!instance) {
    instance = createInstance({ ...i18nextOptions, resources, lng: language, initAsync: false }).use(LocalDigitsFormatter)
    instance.init()
    // `{{totalCents, money}}` in a message the server translates (an error's params carry cents):
    // cents become text through formatMoney, as everywhere else.
    instance.services.formatter?.add('money', (value: unknown, lng) => formatMoney(lng ?? language, Number(value)))
    instances.set(language, instance)
  }
  return instance
}

export function getFixedT(language: string): TFunction {
  return i18nFor(normalizeLanguage(language) ?? FALLBACK_LANGUAGE).getFixedT(null, NAMESPACE)
}
