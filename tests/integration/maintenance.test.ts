/**
 * Maintenance mode (docs/decisions/069-operations.md) through a real server: the flag
 * written in the database (as `npm run maintenance` writes it) is obeyed within seconds; pages
 * answer 503 with Retry-After and the notice in the visitor's language, the API 503
 * `unavailable`, /health `maintenance`; the site organization's admins sign in and use the app.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endMaintenance, maintenanceRetryAfter, maintenanceState } from '~/models/operations/maintenance-mode.server'
import { createSession } from '~/models/users/auth.server'
import { commitSessionCookie } from '~/requests/session.server'
import { prisma } from '~/utils/db.server'

import { createOrg, type Org, PASSWORD } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

const run = promisify(execFile)

/** `npm run maintenance -- …` against this file's database. */
function maintenance(...args: string[]) {
  return run('node_modules/.bin/tsx', ['scripts/maintenance.ts', ...args], { env: { ...process.env } })
}

async function cookieOf(userId: string) {
  return (await commitSessionCookie((await createSession(userId, 'web')).id)).split(';')[0]
}

describe('maintenance mode', () => {
  let server: ServerProcess
  let site: Org
  let other: Org
  let cookies: { siteAdmin: string; siteDispatcher: string; otherAdmin: string }
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers, redirect: 'manual' })

  beforeAll(async () => {
    site = await createOrg()
    other = await createOrg()
    cookies = {
      siteAdmin: await cookieOf(site.users.admin.id),
      siteDispatcher: await cookieOf(site.users.dispatcher.id),
      otherAdmin: await cookieOf(other.users.admin.id),
    }
    server = await startServer({ SITE_ORGANIZATION: site.organization.id, JOB_WORKER: 'off' })
  }, 120_000)
  afterAll(async () => {
    await endMaintenance()
    await server?.stop()
  })

  it('is switched on by the script, and every page, the API and /health follow within seconds', async () => {
    expect((await get('/dashboard/app', { Cookie: cookies.otherAdmin })).status).toBe(200)
    await maintenance('on', '--message', 'Mise à niveau vers la 2.0', '--until', '30m')
    const state = await maintenanceState()
    expect(state).toMatchObject({ message: 'Mise à niveau vers la 2.0' })

    await expect.poll(async () => (await (await get('/health')).json()).status, { timeout: 10_000 }).toBe('maintenance')

    // What is left of the window only shrinks: read before the request, it bounds the server's answer.
    const most = maintenanceRetryAfter(state!)
    const page = await get('/dashboard/app', { Cookie: cookies.otherAdmin, 'Accept-Language': 'fr' })
    expect(page.status).toBe(503)
    const retryAfter = Number(page.headers.get('Retry-After'))
    expect(retryAfter).toBeGreaterThan(1700)
    expect(retryAfter).toBeLessThanOrEqual(most)
    const html = await page.text()
    expect(html).toContain('En maintenance')
    expect(html).toContain('Mise à niveau vers la 2.0')
    expect(html).toContain('Retour prévu vers')
    expect(html).toContain('lang="fr"')

    // Signed out, the site's public pages, and a client-side navigation (data request) too.
    const about = await get('/about-us', { 'Accept-Language': 'vi' })
    expect(about.status).toBe(503)
    expect(await about.text()).toContain('Đang bảo trì')
    // A data request (a navigation with JavaScript) is sent to /maintenance as a document load (ADR 104).
    const dataRequest = await get('/dashboard/loads.data', { Cookie: cookies.siteDispatcher })
    expect(dataRequest.headers.get('X-Remix-Reload-Document')).toBe('true')
    expect(await dataRequest.text()).toContain('/maintenance')
    // Addresses whose routes have no page (`/` redirects, an export is a file) answer the same page.
    for (const path of ['/', '/dashboard/trucks/export']) {
      const answer = await get(path, { Cookie: cookies.otherAdmin, 'Accept-Language': 'cn' })
      expect(answer.status, path).toBe(503)
      expect(answer.headers.get('Content-Type'), path).toContain('text/html')
      expect(await answer.text(), path).toContain('系统维护中')
    }

    const api = await get('/api/trucks', { Authorization: `Bearer ${other.users.admin.token}` })
    expect(api.status).toBe(503)
    expect(Number(api.headers.get('Retry-After'))).toBeGreaterThan(1700)
    expect(await api.json()).toEqual({ error: { code: 'unavailable', message: 'Freightdesk is down for maintenance. Please try again later.' } })

    const notice = await get('/maintenance', { 'Accept-Language': 'ar' })
    expect(notice.status).toBe(503)
    expect(await notice.text()).toContain('Mise à niveau vers la 2.0')
  }, 60_000)

  it('lets the site organization’s admins sign in and use the app, and no one else', async () => {
    expect((await get('/auth/login')).status).toBe(200)
    const signIn = await fetch(`${server.base}/auth/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: site.users.admin.email, password: PASSWORD }),
    })
    expect(signIn.status).toBe(302)
    const cookie = signIn.headers.get('Set-Cookie')!.split(';')[0]
    expect((await get('/dashboard/app', { Cookie: cookie })).status).toBe(200)
    expect((await get('/dashboard/trucks/list', { Cookie: cookies.siteAdmin })).status).toBe(200)
    // A dispatcher of the site organization, or another organization's admin, waits.
    expect((await get('/dashboard/app', { Cookie: cookies.siteDispatcher })).status).toBe(503)
    expect((await get('/dashboard/app', { Cookie: cookies.otherAdmin })).status).toBe(503)
  }, 60_000)

  it('refuses everyone else’s sign-in in their language, with or without JavaScript, and makes no session', async () => {
    const signIn = (path: string, email: string, language: string) =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Accept-Language': language },
        body: new URLSearchParams({ email, password: PASSWORD }),
      })
    const sessions = () => prisma.session.count({ where: { userId: { in: [site.users.dispatcher.id, other.users.admin.id] } } })
    const before = await sessions()
    // Without JavaScript: the form page again, with the reason.
    const page = await signIn('/auth/login', site.users.dispatcher.email, 'fr')
    expect(page.status).toBe(503)
    expect(page.headers.get('Set-Cookie') ?? '').not.toContain('fd_session')
    expect(await page.text()).toContain('Freightdesk est en maintenance : seuls les administrateurs peuvent se connecter')
    // With JavaScript: the same action answers the form's data request.
    const data = await signIn('/auth/login.data', other.users.admin.email, 'en')
    expect(data.headers.get('Set-Cookie') ?? '').not.toContain('fd_session')
    expect(await data.text()).toContain('Freightdesk is down for maintenance: only administrators can sign in now.')
    // The API's sign-in waits too.
    const api = await fetch(`${server.base}/api/account/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: site.users.dispatcher.email, password: PASSWORD }),
    })
    expect([api.status, (await api.json()).error.code]).toEqual([503, 'unavailable'])
    expect(await sessions()).toBe(before)
  }, 60_000)

  it('is switched off by the script, and every server serves again', async () => {
    const { stdout } = await maintenance('off')
    expect(stdout).toContain('Maintenance mode is off')
    expect(await prisma.maintenanceMode.count()).toBe(0)
    await expect.poll(async () => (await get('/dashboard/app', { Cookie: cookies.otherAdmin })).status, { timeout: 10_000 }).toBe(200)
    expect(await (await get('/health')).json()).toEqual({ status: 'ok' })
    expect((await get('/api/trucks', { Authorization: `Bearer ${other.users.admin.token}` })).status).toBe(200)
  }, 60_000)

  it('refuses a command it does not know and an end time in the past', async () => {
    await expect(maintenance('maybe')).rejects.toMatchObject({ code: 1 })
    await expect(maintenance('on', '--until', '2020-01-01T00:00Z')).rejects.toMatchObject({ code: 1 })
    expect(await prisma.maintenanceMode.count()).toBe(0)
  })
})
