/**
 * Language configuration shared by server and client. `code` is our own name (cookie, catalogue);
 * `lang` is the BCP 47 tag for `lang` attributes: `cn` is a country, not a language.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', lang: 'en', intl: 'en-US', dir: 'ltr', flag: 'us' },
  { code: 'fr', label: 'Français', lang: 'fr', intl: 'fr-FR', dir: 'ltr', flag: 'fr' },
  { code: 'vi', label: 'Tiếng Việt', lang: 'vi', intl: 'vi-VN', dir: 'ltr', flag: 'vn' },
  { code: 'cn', label: '简体中文', lang: 'zh-CN', intl: 'zh-CN', dir: 'ltr', flag: 'cn' },
  { code: 'ar', label: 'العربية', lang: 'ar', intl: 'ar-SD', dir: 'rtl', flag: 'sd' },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]['code']
export const SUPPORTED_LANGUAGES = LANGUAGES.map((language) => language.code) as LanguageCode[]
export const FALLBACK_LANGUAGE: LanguageCode = 'en'
export const LANGUAGE_COOKIE = 'i18nextLng'
const LANGUAGE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

/** The Set-Cookie / document.cookie string that remembers a language for a year. */
export function languageCookie(code: LanguageCode) {
  return `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`
}
export const NAMESPACE = 'translations'

/** Accepts our codes plus the aliases other readings use (`vn`, `zh-*`, `en-GB` ...). */
export function normalizeLanguage(value: string | null | undefined): LanguageCode | null {
  if (!value) return null
  const code = value.trim().toLowerCase().replace('_', '-')
  if ((SUPPORTED_LANGUAGES as string[]).includes(code)) return code as LanguageCode
  const base = code.split('-')[0]
  if (base === 'vn') return 'vi'
  if (base === 'zh') return 'cn'
  if ((SUPPORTED_LANGUAGES as string[]).includes(base)) return base as LanguageCode
  return null
}

export function languageInfo(code: string) {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0]
}

export const i18nextOptions = {
  supportedLngs: SUPPORTED_LANGUAGES,
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: NAMESPACE,
  ns: [NAMESPACE],
  // React escapes; i18next must not escape twice (spec: interpolation does not escape values).
  interpolation: { escapeValue: false },
  debug: false,
}
