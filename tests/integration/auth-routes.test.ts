/**
 * The auth pages through a real server (production build, this file's database): links in emails,
 * redirects after sign-in and from the resource routes, as a hostile client would send them.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPasswordReset, resetPassword } from '~/models/users/auth.server'
import { sha256 } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'

import { createOrg, PASSWORD, unique } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

const APP_URL = 'https://freight.example.test'
let server: ServerProcess
let base: string
let org: Awaited<ReturnType<typeof createOrg>>

let nextIp = 1
/** A client address of its own (the server trusts one proxy hop), so limits of one test stay out of the others. */
function clientIp() {
  return { 'X-Forwarded-For': `198.18.0.${nextIp++}` }
}

function post(pathname: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${base}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  })
}

/** The server's job worker sends queued emails moments after the answer (its first job may wait for it to start). */
const MAILED = { timeout: 15_000 }

/** Every message in the outbox to this address, oldest first. */
function outbox(address: string) {
  const dir = path.resolve(process.env.OUTBOX_DIR!)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { to: string; subject: string; text: string })
    .filter((message) => message.to === address)
}

beforeAll(async () => {
  ;[server, org] = await Promise.all([startServer({ TRUST_PROXY: '1', APP_URL, AUTH_RATE_LIMIT_PER_ADDRESS: '3', AUTH_RATE_LIMIT_PER_IP: '6' }), createOrg()])
  base = server.base
}, 120_000)

afterAll(() => server?.stop())

describe('links in emails', () => {
  it('puts the reset link on APP_URL even when Host and X-Forwarded-Host are forged', async () => {
    const email = org.users.viewer.email
    const answer = await post('/auth/reset-password', { email }, { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' })
    expect(answer.status).toBe(302)
    let messages: ReturnType<typeof outbox> = []
    await expect.poll(() => (messages = outbox(email)).length, MAILED).toBe(1)
    const link = messages[0].text.match(/https?:\/\/\S+/)![0]
    expect(link).toMatch(/^https:\/\/freight\.example\.test\/auth\/new-password\?token=[\w-]+$/)
    expect(messages[0].text).not.toContain('evil.example')
  })
})

describe('redirects', () => {
  const hostile = ['/\t/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/', '/\u0000x', '/\r\nSet-Cookie: a=b', '/仕事']

  it('sends a signed-in user to the dashboard instead of a hostile redirectTo, without a 500', async () => {
    for (const redirectTo of hostile) {
      const answer = await post('/auth/login', { email: org.users.dispatcher.email, password: PASSWORD, redirectTo })
      expect(answer.status, redirectTo).toBe(302)
      expect(answer.headers.get('location'), redirectTo).toBe('/dashboard/app/')
    }
    const local = await post('/auth/login', { email: org.users.dispatcher.email, password: PASSWORD, redirectTo: '/dashboard/trucks/list?status=available' })
    expect(local.headers.get('location')).toBe('/dashboard/trucks/list?status=available')
  })

  it('keeps /resources/language and /resources/settings on this site', async () => {
    for (const redirectTo of hostile) {
      const language = await post('/resources/language', { lng: 'fr', redirectTo })
      expect(language.status, redirectTo).toBe(302)
      expect(language.headers.get('location'), redirectTo).toBe('/dashboard/app')
      const settings = await post('/resources/settings', { intent: 'set', setting: 'themeMode', value: 'dark', redirectTo })
      expect(settings.status, redirectTo).toBe(302)
      expect(settings.headers.get('location'), redirectTo).toBe('/dashboard/app')
    }
  })
})

describe('reset links', () => {
  it('says up front that a used, revoked, expired or made-up link is invalid, and offers a new one', async () => {
    const email = org.users.accountant.email
    const first = (await createPasswordReset(email))!
    const second = (await createPasswordReset(email))!
    const live = await (await fetch(`${base}/auth/new-password?token=${second.token}`)).text()
    expect(live).toContain('name="password"')
    await resetPassword(first.token, 'a brand new password')
    const expired = (await createPasswordReset(email))!
    await prisma.passwordResetToken.updateMany({ where: { tokenHash: sha256(expired.token) }, data: { expiresAt: new Date(Date.now() - 1000) } })
    for (const token of [first.token, second.token, expired.token, 'made-up', '']) {
      const page = await (await fetch(`${base}/auth/new-password?token=${token}`)).text()
      expect(page, token).toContain('This reset link is invalid or has expired.')
      expect(page, token).toContain('href="/auth/reset-password"')
      expect(page, token).not.toContain('name="password"')
    }
  })
})

const form = (email: string) => ({ email, password: 'a safe password', firstName: 'Rosa', lastName: 'Parks', organizationName: 'Montgomery Freight' })

describe('registration and reset do not tell who has an account', () => {
  it('answers "check your email" for a new and a taken address alike, and signs in only through the emailed link', async () => {
    const fresh = `${unique('fresh')}@example.test`
    const taken = org.users.driver.email
    const answers = [await post('/auth/register', form(fresh), clientIp()), await post('/auth/register', form(taken), clientIp())]
    for (const answer of answers) {
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe('/auth/register?sent=1')
      expect(answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('fd_session='))).toEqual([])
    }
    const page = await (await fetch(`${base}/auth/register?sent=1`)).text()
    expect(page).toContain('Check your email')

    // The owner of the taken address hears about it; nothing of theirs changed.
    await expect
      .poll(() => outbox(taken).map((message) => message.subject), MAILED)
      .toEqual(['Someone tried to create a Freightdesk account with your address'])
    expect(outbox(taken)[0].text).toContain(`${APP_URL}/auth/reset-password`)
    expect(await prisma.user.count({ where: { email: taken } })).toBe(1)

    // The new address gets the verification link, which signs its owner in.
    await expect.poll(() => outbox(fresh).map((message) => message.subject), MAILED).toEqual(['Confirm your Freightdesk email address'])
    const link = new URL(outbox(fresh)[0].text.match(/https?:\/\/\S+/)![0])
    expect(link.origin).toBe(APP_URL)
    const verified = await fetch(`${base}${link.pathname}${link.search}`, { redirect: 'manual' })
    expect(verified.status).toBe(302)
    expect(verified.headers.get('location')).toBe('/dashboard/app')
    const session = verified.headers.getSetCookie().find((cookie) => cookie.startsWith('fd_session='))!
    const dashboard = await fetch(`${base}/dashboard/app`, { headers: { Cookie: session.split(';')[0] }, redirect: 'manual' })
    expect(dashboard.status).toBe(200)
    expect(await dashboard.text()).toContain('Rosa')
  })

  it('answers a reset request the same for an unknown and a known address', async () => {
    const known = await post('/auth/reset-password', { email: org.users.admin.email }, clientIp())
    const unknown = await post('/auth/reset-password', { email: `${unique('nobody')}@example.test` }, clientIp())
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe('/auth/reset-password?sent=1')
    }
    await expect.poll(() => outbox(org.users.admin.email).length, MAILED).toBe(1)
  })
})

describe('limits on emails and registrations (3 per address, 6 per client here)', () => {
  it('sends at most 3 reset emails to one address, whoever asks, and answers the same page', async () => {
    const { email } = await prisma.user.create({
      data: { organizationId: org.organization.id, email: `${unique('flood')}@example.test`, passwordHash: 'x', firstName: 'F', lastName: 'L', role: 'viewer' },
    })
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('/auth/reset-password', { email }, clientIp())))
    for (const answer of answers) expect(answer.headers.get('location')).toBe('/auth/reset-password?sent=1')
    await expect.poll(() => outbox(email).length, MAILED).toBe(3)
    expect(await prisma.passwordResetToken.count({ where: { user: { email } } })).toBe(3)
  })

  it('stops one client after 6 requests, across addresses and kinds', async () => {
    const ip = clientIp()
    for (let n = 0; n < 6; n++) await post('/auth/reset-password', { email: `${unique('spray')}@example.test` }, ip)
    const email = `${unique('late')}@example.test`
    expect((await post('/auth/register', form(email), ip)).headers.get('location')).toBe('/auth/register?sent=1')
    expect(await prisma.user.count({ where: { email } })).toBe(0)
    // Another client is not affected.
    expect((await post('/auth/register', form(email), clientIp())).headers.get('location')).toBe('/auth/register?sent=1')
    await expect.poll(() => prisma.user.count({ where: { email } })).toBe(1)
  })

  it('answers the API with 429 rate_limited and Retry-After', async () => {
    const ip = clientIp()
    const register = (n: number) =>
      fetch(`${base}/api/account/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...ip },
        body: JSON.stringify({ email: `${unique(`api${n}`)}@example.test`, password: 'a safe password', firstName: 'Api', lastName: 'Client' }),
      })
    for (let n = 0; n < 6; n++) expect((await register(n)).status).toBe(201)
    const limited = await register(6)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3500)
    expect(await limited.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests. Please try again later.' } })
  })
})

describe('a proxy the server does not trust', () => {
  it('is said once in the log when a request carries X-Forwarded-For and TRUST_PROXY is unset; not for direct requests', async () => {
    const direct = await startServer({ TRUST_PROXY: undefined, JOB_WORKER: 'off' }, { compiled: true })
    try {
      const warning = 'requests come through a proxy that is not trusted; set TRUST_PROXY'
      expect((await fetch(`${direct.base}/auth/login`)).status).toBe(200)
      expect(direct.output()).not.toContain(warning)
      for (const headers of [{ 'X-Forwarded-For': '203.0.113.7' }, { Forwarded: 'for=203.0.113.8' }, { 'X-Forwarded-For': '203.0.113.9' }] as Record<
        string,
        string
      >[])
        expect((await fetch(`${direct.base}/auth/login`, { headers })).status).toBe(200)
      await expect.poll(() => direct.output()).toContain(warning)
      expect(direct.output().split(warning)).toHaveLength(2)
    } finally {
      await direct.stop()
    }
    // Behind a trusted proxy (this file's server, TRUST_PROXY=1) it is never said.
    expect((await fetch(`${base}/auth/login`, { headers: clientIp() })).status).toBe(200)
    expect(server.output()).not.toContain('not trusted')
  }, 120_000)
})
