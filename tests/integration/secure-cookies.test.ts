import { afterEach, describe, expect, it } from 'vitest'

import { action as languageAction } from '~/routes/resources/language'
import { action as settingsAction } from '~/routes/resources/settings'

const saved = process.env.HTTPS
afterEach(() => {
  if (saved === undefined) delete process.env.HTTPS
  else process.env.HTTPS = saved
})

function post(form: Record<string, string>) {
  return new Request('http://localhost/resources/x', { method: 'POST', body: new URLSearchParams(form) })
}

async function cookies(response: Response | Promise<unknown>) {
  const answer = (await response) as Response
  return answer.headers.getSetCookie()
}

describe('settings and language cookies', () => {
  it('are Secure when the app is served over https', async () => {
    process.env.HTTPS = 'true'
    const language = await cookies(languageAction({ request: post({ lng: 'ar', redirectTo: '/dashboard/app' }) } as never))
    expect(language).toHaveLength(2)
    for (const cookie of language) expect(cookie).toMatch(/; Secure$/)
    const set = await cookies(settingsAction({ request: post({ intent: 'set', setting: 'themeMode', value: 'dark' }) } as never))
    expect(set).toEqual([expect.stringMatching(/^themeMode=dark;.*; Secure$/)])
    const reset = await cookies(settingsAction({ request: post({ intent: 'reset' }) } as never))
    expect(reset).toHaveLength(6)
    for (const cookie of reset) expect(cookie).toMatch(/Max-Age=0; SameSite=Lax; Secure$/)
  })

  it('are not Secure over plain http, where browsers would drop them', async () => {
    process.env.HTTPS = 'false'
    const language = await cookies(languageAction({ request: post({ lng: 'fr' }) } as never))
    expect(language[0]).toBe('i18nextLng=fr; Path=/; Max-Age=31536000; SameSite=Lax')
    const set = await cookies(settingsAction({ request: post({ intent: 'set', setting: 'themeMode', value: 'dark' }) } as never))
    expect(set[0]).toBe('themeMode=dark; Path=/; Max-Age=259200; SameSite=Lax')
  })
})
