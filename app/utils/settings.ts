/**
 * Display settings (spec section 3): six cookies, read by the root loader so the server renders
 * the right theme, direction and layout on the first byte. Shared by server and client.
 */
import { z } from 'zod'

export const SETTING_OPTIONS = {
  themeMode: ['light', 'dark'],
  themeContrast: ['default', 'bold'],
  themeDirection: ['ltr', 'rtl'],
  themeLayout: ['vertical', 'horizontal', 'mini'],
  themeColorPresets: ['default', 'cyan', 'purple', 'blue', 'orange', 'red'],
  themeStretch: ['false', 'true'],
} as const

export type SettingName = keyof typeof SETTING_OPTIONS
export const SETTING_NAMES = Object.keys(SETTING_OPTIONS) as SettingName[]

export const DEFAULT_SETTINGS = {
  themeMode: 'light',
  themeContrast: 'default',
  themeDirection: 'ltr',
  themeLayout: 'vertical',
  themeColorPresets: 'default',
  themeStretch: false,
} as const

/** Unknown or forged values fall back to the default, never an error. */
export const SettingsSchema = z.object({
  themeMode: z.enum(SETTING_OPTIONS.themeMode).catch(DEFAULT_SETTINGS.themeMode),
  themeContrast: z.enum(SETTING_OPTIONS.themeContrast).catch(DEFAULT_SETTINGS.themeContrast),
  themeDirection: z.enum(SETTING_OPTIONS.themeDirection).catch(DEFAULT_SETTINGS.themeDirection),
  themeLayout: z.enum(SETTING_OPTIONS.themeLayout).catch(DEFAULT_SETTINGS.themeLayout),
  themeColorPresets: z.enum(SETTING_OPTIONS.themeColorPresets).catch(DEFAULT_SETTINGS.themeColorPresets),
  themeStretch: z
    .enum(SETTING_OPTIONS.themeStretch)
    .transform((value) => value === 'true')
    .catch(DEFAULT_SETTINGS.themeStretch),
})
export type Settings = z.infer<typeof SettingsSchema>

/** One change posted by the drawer: a known setting and one of its values. */
export const SettingChangeSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('reset') }),
  z.object({
    intent: z.literal('set'),
    setting: z.enum(SETTING_NAMES as [SettingName, ...SettingName[]]),
    value: z.string().max(20),
  }),
])

export const SETTINGS_COOKIE_MAX_AGE = 60 * 60 * 24 * 3

export function readCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    const key = part.slice(0, index).trim()
    try {
      cookies[key] = decodeURIComponent(part.slice(index + 1).trim())
    } catch {
      cookies[key] = ''
    }
  }
  return cookies
}

/**
 * The settings from a Cookie header. Without a direction cookie the language decides
 * (Arabic is rtl), so a first visit in Arabic is already right-to-left.
 */
export function parseSettings(cookieHeader: string | null, languageDir: 'ltr' | 'rtl' = 'ltr'): Settings {
  const cookies = readCookies(cookieHeader)
  const settings = SettingsSchema.parse(Object.fromEntries(SETTING_NAMES.map((name) => [name, cookies[name]])))
  return { ...settings, themeDirection: cookies.themeDirection ? settings.themeDirection : languageDir }
}

/** A value for one setting, or null when it is not one of the allowed values. */
export function settingValue(setting: SettingName, value: string) {
  return (SETTING_OPTIONS[setting] as readonly string[]).includes(value) ? value : null
}

export function withSetting(settings: Settings, setting: SettingName, value: string): Settings {
  if (!settingValue(setting, value)) return settings
  return { ...settings, [setting]: setting === 'themeStretch' ? value === 'true' : value } as Settings
}

/** The defaults; direction follows the language (Arabic reads right-to-left) until chosen. */
export function defaultSettings(languageDir: 'ltr' | 'rtl' = 'ltr'): Settings {
  return { ...DEFAULT_SETTINGS, themeDirection: languageDir }
}

export function isDefaultSettings(settings: Settings, languageDir: 'ltr' | 'rtl' = 'ltr') {
  const defaults = defaultSettings(languageDir)
  return SETTING_NAMES.every((name) => settings[name] === defaults[name])
}

export function settingCookie(setting: SettingName, value: string) {
  return `${setting}=${encodeURIComponent(value)}; Path=/; Max-Age=${SETTINGS_COOKIE_MAX_AGE}; SameSite=Lax`
}

export function deleteSettingCookie(setting: SettingName) {
  return `${setting}=; Path=/; Max-Age=0; SameSite=Lax`
}
