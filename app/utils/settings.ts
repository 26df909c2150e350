import { readCookies } from './cookies'

/**
 * Display settings (spec section 3): six cookies, read by the root loader so the server renders
 * the right theme, direction and layout on the first byte. Shared by server and client, so it
 * stays free of the validation library: the values are closed lists checked here.
 */
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

export type Settings = {
  themeMode: (typeof SETTING_OPTIONS.themeMode)[number]
  themeContrast: (typeof SETTING_OPTIONS.themeContrast)[number]
  themeDirection: (typeof SETTING_OPTIONS.themeDirection)[number]
  themeLayout: (typeof SETTING_OPTIONS.themeLayout)[number]
  themeColorPresets: (typeof SETTING_OPTIONS.themeColorPresets)[number]
  themeStretch: boolean
}

export const DEFAULT_SETTINGS: Settings = {
  themeMode: 'light',
  themeContrast: 'default',
  themeDirection: 'ltr',
  themeLayout: 'vertical',
  themeColorPresets: 'default',
  themeStretch: false,
}

export const SETTINGS_COOKIE_MAX_AGE = 60 * 60 * 24 * 3

/**
 * The settings from a Cookie header. Without a direction cookie the language decides
 * (Arabic is rtl), so a first visit in Arabic is already right-to-left.
 */
export function parseSettings(cookieHeader: string | null, languageDir: 'ltr' | 'rtl' = 'ltr'): Settings {
  const cookies = readCookies(cookieHeader)
  // Unknown or forged values fall back to the default, never an error.
  let settings = defaultSettings(languageDir)
  for (const name of SETTING_NAMES) {
    if (cookies[name] !== undefined) settings = withSetting(settings, name, cookies[name])
  }
  return settings
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

/** `secure`: served over https (env HTTPS on the server), so the cookie never travels in clear. */
export function settingCookie(setting: SettingName, value: string, secure = false) {
  return `${setting}=${encodeURIComponent(value)}; Path=/; Max-Age=${SETTINGS_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function deleteSettingCookie(setting: SettingName, secure = false) {
  return `${setting}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`
}
