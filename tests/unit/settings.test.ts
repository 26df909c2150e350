import { describe, expect, it } from 'vitest'

import { action as languageAction } from '~/routes/resources/language'
import { action } from '~/routes/resources/settings'
import { formatDate, formatMoney, formatNumber } from '~/utils/format'
import { DEFAULT_SETTINGS, isDefaultSettings, parseSettings, SETTING_NAMES, withSetting } from '~/utils/settings'

describe('display settings from cookies', () => {
  it('reads each of the six cookies', () => {
    const settings = parseSettings('themeMode=dark; themeContrast=bold; themeDirection=rtl; themeLayout=mini; themeColorPresets=orange; themeStretch=true')
    expect(settings).toEqual({
      themeMode: 'dark',
      themeContrast: 'bold',
      themeDirection: 'rtl',
      themeLayout: 'mini',
      themeColorPresets: 'orange',
      themeStretch: true,
    })
    expect(isDefaultSettings(settings)).toBe(false)
  })

  it('falls back to the defaults for missing, unknown or forged values', () => {
    expect(parseSettings(null)).toEqual(DEFAULT_SETTINGS)
    expect(parseSettings('themeMode=neon; themeLayout=%3Cscript%3E; themeColorPresets=pink; themeStretch=yes; themeContrast=%E0%A4%A')).toEqual(
      DEFAULT_SETTINGS,
    )
    expect(isDefaultSettings(parseSettings('themeMode=light'))).toBe(true)
  })

  it('lets the language choose the direction until the direction cookie says otherwise', () => {
    expect(parseSettings('', 'rtl').themeDirection).toBe('rtl')
    expect(isDefaultSettings(parseSettings('', 'rtl'), 'rtl')).toBe(true)
    expect(parseSettings('themeDirection=ltr', 'rtl').themeDirection).toBe('ltr')
  })

  it('applies one change, ignoring values that are not allowed', () => {
    expect(withSetting(DEFAULT_SETTINGS, 'themeColorPresets', 'cyan').themeColorPresets).toBe('cyan')
    expect(withSetting(DEFAULT_SETTINGS, 'themeStretch', 'true').themeStretch).toBe(true)
    expect(withSetting(DEFAULT_SETTINGS, 'themeLayout', 'diagonal')).toEqual(DEFAULT_SETTINGS)
  })
})

describe('the settings action', () => {
  const post = async (fields: Record<string, string>) =>
    (await action({
      request: new Request('http://localhost/resources/settings', { method: 'POST', body: new URLSearchParams(fields) }),
      params: {},
      context: {},
    } as never)) as Response

  it('sets one cookie for 3 days on path / and returns to the page (no JavaScript)', async () => {
    const response = await post({ intent: 'set', setting: 'themeColorPresets', value: 'purple', redirectTo: '/dashboard/trucks/list?settings=open' })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/dashboard/trucks/list?settings=open')
    expect(response.headers.get('Set-Cookie')).toBe('themeColorPresets=purple; Path=/; Max-Age=259200; SameSite=Lax')
  })

  it('answers the enhanced drawer with data instead of a redirect', async () => {
    const response = (await post({ intent: 'set', setting: 'themeMode', value: 'dark', enhanced: '1' })) as unknown as { data: unknown; init: ResponseInit }
    expect(response.data).toEqual({ ok: true })
    expect(new Headers(response.init.headers).get('Set-Cookie')).toContain('themeMode=dark')
  })

  it('deletes all six cookies on reset', async () => {
    const response = await post({ intent: 'reset', redirectTo: '/dashboard/app' })
    const cookies = response.headers.getSetCookie()
    expect(cookies.map((cookie) => cookie.split('=')[0]).sort()).toEqual([...SETTING_NAMES].sort())
    for (const cookie of cookies) expect(cookie).toContain('Max-Age=0')
  })

  it('ignores forged settings, values and redirect targets without failing', async () => {
    for (const fields of <Array<Record<string, string>>>[
      { intent: 'set', setting: 'themeLayout', value: 'diagonal' },
      { intent: 'set', setting: 'session', value: 'x' },
      { intent: 'drop-tables' },
      {},
    ]) {
      const response = await post({ ...fields, redirectTo: 'https://evil.example/' })
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/dashboard/app')
      expect(response.headers.get('Set-Cookie')).toBeNull()
    }
  })
})

describe('the language action', () => {
  const post = async (fields: Record<string, string>) =>
    (await languageAction({
      request: new Request('http://localhost/resources/language', { method: 'POST', body: new URLSearchParams(fields) }),
      params: {},
      context: {},
    } as never)) as Response

  it('remembers the language for a year and sets the direction it reads in', async () => {
    const response = await post({ lng: 'vn', redirectTo: '/dashboard/trucks/list?page=2' })
    expect(response.headers.get('Location')).toBe('/dashboard/trucks/list?page=2')
    expect(response.headers.getSetCookie()).toEqual([
      'i18nextLng=vi; Path=/; Max-Age=31536000; SameSite=Lax',
      'themeDirection=ltr; Path=/; Max-Age=259200; SameSite=Lax',
    ])
    expect((await post({ lng: 'ar' })).headers.getSetCookie()[1]).toBe('themeDirection=rtl; Path=/; Max-Age=259200; SameSite=Lax')
  })

  it('ignores an unknown language and a foreign redirect', async () => {
    const response = await post({ lng: 'klingon', redirectTo: '//evil.example' })
    expect(response.headers.get('Location')).toBe('/dashboard/app')
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('formatting per language', () => {
  it('formats numbers, dates and money with Intl', () => {
    expect(formatNumber('en', 1234567)).toBe('1,234,567')
    expect(formatNumber('fr', 1234567).replace(/\s/g, ' ')).toBe('1 234 567')
    expect(formatDate('en', '2026-03-05')).toBe('Mar 5, 2026')
    expect(formatDate('vi', '2026-03-05')).toContain('2026')
    expect(formatMoney('en', 123456)).toBe('$1,234.56')
    expect(formatMoney('fr', 123456, 'EUR').replace(/\s/g, ' ')).toBe('1 234,56 €')
    expect(formatNumber('ar', 12)).toBe('١٢')
  })
})
