import { afterEach, describe, expect, it } from 'vitest'

import { safeRedirect } from '~/requests/session.server'
import { appUrl } from '~/utils/env.server'

describe('safeRedirect', () => {
  it.each([
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['evil.example'],
    ['/x\u0000y'],
    ['/x\r\nSet-Cookie: a=b'],
    ['/x\u007f'],
    ['/trucks/仕事'],
    ['/\u2028'],
    [''],
    [null],
    [undefined],
  ])('refuses %j and falls back to the default', (to) => {
    expect(safeRedirect(to)).toBe('/dashboard/app/')
    expect(safeRedirect(to, '/elsewhere')).toBe('/elsewhere')
  })

  it('keeps same-origin paths with their query and hash', () => {
    expect(safeRedirect('/dashboard/trucks/list?status=maintenance&q=a%20b#top')).toBe('/dashboard/trucks/list?status=maintenance&q=a%20b#top')
    expect(safeRedirect('/dashboard/trucks/list?q=café')).toBe('/dashboard/trucks/list?q=caf%C3%A9')
  })

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirect('/a/../dashboard')).toBe('/dashboard')
    expect(safeRedirect('/.//evil.example')).toBe('/dashboard/app/')
  })
})

describe('appUrl', () => {
  const saved = { APP_URL: process.env.APP_URL, HOST: process.env.HOST, PORT: process.env.PORT }
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  })

  it('uses APP_URL, keeping a path prefix', () => {
    process.env.APP_URL = 'https://freight.example.test/fd'
    expect(appUrl('/auth/verify?token=abc')).toBe('https://freight.example.test/fd/auth/verify?token=abc')
  })

  it('falls back to the listening address, never a request header', () => {
    delete process.env.APP_URL
    process.env.HOST = '127.0.0.1'
    process.env.PORT = '3142'
    expect(appUrl('/auth/new-password?token=abc')).toBe('http://127.0.0.1:3142/auth/new-password?token=abc')
    process.env.HOST = '0.0.0.0'
    expect(appUrl('/x')).toBe('http://localhost:3142/x')
  })
})
