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

/**
 * The Set-Cookie / document.cookie string that remembers a language for a year; `secure` when
 * served over https (env HTTPS on the server, the page's protocol in the browser).
 */
export function languageCookie(code: LanguageCode, secure = false) {
  return `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}
export const NAMESPACE = 'translations'

/**
 * What the browser downloads, by area: `common` on every page, the others when a route names
 * them in `handle.i18n` (see app/locales/client.ts). Every top-level group of the catalogues is in
 * exactly one namespace or in SERVER_ONLY_GROUPS (tests/unit/i18n.test.ts checks it). Keys do not
 * change: all namespaces merge into the one i18next namespace above.
 */
export const CLIENT_NAMESPACES = {
  common: ['app', 'nav', 'header', 'roles', 'common', 'errors', 'validation', 'fields', 'list', 'compliance', 'settings'],
  auth: ['auth'],
  dashboard: ['dashboard', 'rolesPage'],
  trucks: ['trucks'],
  trailers: ['trailers'],
  audit: ['audit'],
  companies: ['companies'],
  organization: ['organization'],
  customFields: ['customFields'],
  brokers: ['brokers'],
  users: ['users'],
  loads: ['loads'],
  apidocs: ['apidocs'],
  loadForm: ['loadForm'],
  kanban: ['kanban'],
  products: ['products'],
  store: ['store'],
  invoices: ['invoices'],
  settlements: ['settlements'],
  mail: ['mail'],
  checkout: ['checkout'],
  loadImport: ['loadImport'],
  imports: ['imports'],
  calendar: ['calendar'],
  chat: ['chat'],
  analytics: ['analytics'],
  site: ['site'],
  quotes: ['quotes'],
  bulletins: ['bulletins'],
  payment: ['payment'],
  tracking: ['tracking'],
  components: ['components'],
  files: ['files'],
  factoring: ['factoring'],
  webhooks: ['webhooks'],
  maintenance: ['maintenance'],
  ifta: ['ifta'],
  fuel: ['fuel'],
  trips: ['trips'],
  fuelImport: ['fuelImport'],
  eldImport: ['eldImport'],
  odometer: ['odometer'],
  iftaPdf: ['iftaPdf'],
  orgLanguage: ['orgLanguage'],
  inspections: ['inspections'],
  workOrders: ['workOrders'],
  schedules: ['schedules'],
  accidents: ['accidents'],
  qualifications: ['qualifications'],
  complianceDashboard: ['complianceDashboard'],
  claims: ['claims'],
  accounting: ['accounting'],
  accountingLock: ['accountingLock'],
  edi: ['edi'],
} as const satisfies Record<string, readonly string[]>
export type ClientNamespace = keyof typeof CLIENT_NAMESPACES
/** Emails, API and edge messages are written by the server only. */
export const SERVER_ONLY_GROUPS = ['emails', 'api', 'edge'] as const

/** The namespaces a route module's `handle` asks for: `export const handle = { i18n: ['trucks'] }`. */
export function handleNamespaces(handle: unknown): ClientNamespace[] {
  const value = (handle as { i18n?: unknown } | undefined)?.i18n
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : []
  return list.filter((ns): ns is ClientNamespace => typeof ns === 'string' && ns in CLIENT_NAMESPACES)
}

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
  // alwaysFormat: numbers in sentences take the language's digits (app/i18n-format.ts, used by both instances).
  interpolation: { escapeValue: false, alwaysFormat: true },
  debug: false,
}
