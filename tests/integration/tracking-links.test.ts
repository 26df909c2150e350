/**
 * Shipment tracking links (ADR 063): made and revoked from the load page and the API (roles,
 * organizations, expiry bounds), only the token's hash stored, and the public page through a real
 * server: the load number, status and stop cities in its HTML, never the rate, charges, broker,
 * driver or truck; revoked, expired or unknown → 404; no caching, no referrer, no indexing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { trackingView } from '~/models/loads/tracking-link.server'
import * as trackingRoute from '~/routes/api/loads/tracking'
import * as trackingLinkRoute from '~/routes/api/loads/tracking-link'
import * as loadView from '~/routes/dashboard/loads/view'
import { sha256 } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { createOrg, fleet, newLoad, type Org } from '../helpers'
import { callPage, type Handler, postForm, refusalOf, shownOnceOf } from '../page-helpers'
import { type ServerProcess, startServer } from '../server-process'

const APP_URL = 'https://freight.example.test'

/** A load on the road with everything the page must not show: a rate and a charge, a broker, a named driver with a phone, a truck. */
async function loadOnTheRoad(org: Org) {
  const { broker, truck, trailer, driverId } = await fleet(org)
  await prisma.user.update({ where: { id: driverId }, data: { firstName: 'Zebulon', lastName: 'Quillfeather', phone: '+1 555 013 7799' } })
  await prisma.broker.update({ where: { id: broker.id }, data: { name: 'Secretive Brokerage Partners' } })
  const load = await newLoad(org, {
    brokerId: broker.id,
    driverId,
    truckId: truck.id,
    trailerId: trailer.id,
    linehaulCents: 987_654,
    charges: [{ type: 'detention', description: 'Detention at shipper', amountCents: 12_345 }],
  })
  await prisma.load.update({ where: { id: load.id }, data: { status: 'in_transit' } })
  const first = load.stops[0]
  await prisma.loadStop.update({
    where: { id: first.id },
    data: { actualArrival: new Date('2026-12-01T14:05:00Z'), actualDeparture: new Date('2026-12-01T15:40:00Z') },
  })
  return { load, truck, broker }
}

const create = (org: Org, loadId: string, role: keyof Org['users'] = 'dispatcher', body?: unknown) =>
  callApi(trackingRoute, { method: 'POST', path: `/api/loads/${loadId}/tracking`, params: { id: loadId }, token: org.users[role].token, body })
const revoke = (org: Org, loadId: string, linkId: string, role: keyof Org['users'] = 'dispatcher') =>
  callApi(trackingLinkRoute, {
    method: 'DELETE',
    path: `/api/loads/${loadId}/tracking/${linkId}`,
    params: { id: loadId, linkId },
    token: org.users[role].token,
  })
const tokenOf = (url: string) => url.split('/track/')[1]

describe('the tracking link API', () => {
  it('makes a link (201, the URL once, only its hash stored), for dispatchers and admins of the load’s organization', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const { load } = await loadOnTheRoad(org)
    const before = Date.now()
    const made = await create(org, load.id)
    expect(made.status).toBe(201)
    expect(Object.keys(made.body.data).sort()).toEqual(['expiresAt', 'id', 'url'])
    const { id, url, expiresAt } = made.body.data as { id: string; url: string; expiresAt: string }
    expect(url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/)
    const days = (Date.parse(expiresAt) - before) / 86_400_000
    expect(days).toBeGreaterThan(13.99)
    expect(days).toBeLessThan(14.01)
    const stored = await prisma.trackingLink.findUniqueOrThrow({ where: { id } })
    expect(stored.tokenHash).toBe(sha256(tokenOf(url)))
    expect(JSON.stringify(stored)).not.toContain(tokenOf(url))

    expect((await create(org, load.id, 'admin', { expiresInDays: 90 })).status).toBe(201)
    expect((await create(org, load.id, 'dispatcher', { expiresInDays: 1 })).status).toBe(201)
    for (const role of ['driver', 'viewer', 'accountant'] as const) expect((await create(org, load.id, role)).status, role).toBe(403)
    expect((await create(other, load.id, 'admin')).status).toBe(404)
    for (const expiresInDays of [0, 91, -1, 1.5, '7', true, 'x'.repeat(100)]) {
      const bad = await create(org, load.id, 'dispatcher', { expiresInDays })
      expect([bad.status, bad.body.error.code], JSON.stringify(expiresInDays)).toEqual([400, 'validation_failed'])
    }
    expect(await prisma.trackingLink.count({ where: { loadId: load.id } })).toBe(3)
  })

  it('revokes a link (its page is then a 404), refusing other organizations and roles', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const { load } = await loadOnTheRoad(org)
    const { id, url } = (await create(org, load.id)).body.data as { id: string; url: string }
    expect(await trackingView(tokenOf(url))).not.toBeNull()
    expect((await revoke(other, load.id, id, 'admin')).status).toBe(404)
    expect((await revoke(org, load.id, id, 'driver')).status).toBe(403)
    expect((await revoke(org, load.id, 'clnosuchlink000000000000')).status).toBe(404)
    const done = await revoke(org, load.id, id)
    expect(done.status).toBe(200)
    expect(done.body.data).toMatchObject({ id, revoked: true })
    expect(await trackingView(tokenOf(url))).toBeNull()
    expect((await revoke(org, load.id, id)).status).toBe(200)
  })
})

describe('the load page', () => {
  it('shares tracking (the address in this answer only), lists the links and revokes one', async () => {
    const org = await createOrg()
    const { load } = await loadOnTheRoad(org)
    const path = `/dashboard/loads/${load.id}`
    const post = (fields: Record<string, string>, role: keyof Org['users'] = 'dispatcher') =>
      callPage(loadView.action as Handler, path, org.users[role].id, { id: load.id }, postForm(fields))

    const shared = await post({ intent: 'shareTracking', expiresInDays: '7' })
    expect(shared.status).toBe(200)
    const created = { url: shownOnceOf(shared)!.value }
    expect(created.url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/)

    const bad = await post({ intent: 'shareTracking', expiresInDays: '120' })
    expect(bad.status).toBe(400)
    expect(refusalOf(bad)?.fields.expiresInDays).toBeDefined()
    expect((await post({ intent: 'shareTracking', expiresInDays: '7' }, 'driver')).status).toBe(403)
    expect((await post({ intent: 'shareTracking', expiresInDays: '7' }, 'viewer')).status).toBe(403)

    const view = await callPage(loadView.loader as Handler, path, org.users.dispatcher.id, { id: load.id })
    const links = (view.data as { trackingLinks: Array<{ id: string; state: string; lastUsedAt: string | null; revocable: boolean }> }).trackingLinks
    expect(links).toHaveLength(1)
    expect(links[0]).toMatchObject({ state: 'active', lastUsedAt: null, revocable: true })
    // Nobody else sees the list (a driver sees the load, not its links).
    expect(
      ((await callPage(loadView.loader as Handler, path, org.users.viewer.id, { id: load.id })).data as { trackingLinks: unknown }).trackingLinks,
    ).toBeNull()

    const revoked = await post({ intent: 'revokeTracking', linkId: links[0].id })
    expect([revoked.status, revoked.toast?.title]).toEqual([302, 'Tracking link revoked.'])
    const after = await callPage(loadView.loader as Handler, path, org.users.admin.id, { id: load.id })
    expect((after.data as { trackingLinks: Array<{ state: string; revocable: boolean }> }).trackingLinks[0]).toMatchObject({
      state: 'revoked',
      revocable: false,
    })
    expect(await trackingView(tokenOf(created.url))).toBeNull()
  })
})

describe('the tracking page', () => {
  let server: ServerProcess
  beforeAll(async () => {
    server = await startServer({ APP_URL })
  }, 120_000)
  afterAll(() => server?.stop())

  const open = (token: string, language = 'en') => fetch(`${server.base}/track/${token}`, { headers: { 'Accept-Language': language }, redirect: 'manual' })

  it('shows the load number, status and stop cities, and never the money, broker, driver or truck', async () => {
    const org = await createOrg()
    const { load, truck } = await loadOnTheRoad(org)
    const { url } = (await create(org, load.id)).body.data as { url: string }
    const answer = await open(tokenOf(url))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Cache-Control')).toBe('no-store')
    expect(answer.headers.get('Referrer-Policy')).toBe('same-origin')
    expect(answer.headers.get('X-Robots-Tag')).toBe('noindex')
    const html = await answer.text()
    for (const shown of [load.loadNumber, 'Dallas', 'Tulsa', 'In transit', 'Pickup', 'Delivery', 'Arrived', 'Departed']) expect(html).toContain(shown)
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    for (const hidden of [
      'Secretive Brokerage',
      'Zebulon',
      'Quillfeather',
      '555 013 7799',
      '5550137799',
      '9,876.54',
      '987654',
      '9876.54',
      '123.45',
      '12345',
      'Detention',
      truck.unitNumber,
      'Acme Cold Storage',
    ])
      expect(html, hidden).not.toContain(hidden)

    // The visitor's language.
    const french = await (await open(tokenOf(url), 'fr')).text()
    expect(french).toContain('En transit')
    expect(french).toContain('Arrêts')

    // A view is recorded.
    expect((await prisma.trackingLink.findFirstOrThrow({ where: { loadId: load.id } })).lastViewedAt).not.toBeNull()
  })

  it('answers 404 to a revoked, expired or unknown link', async () => {
    const org = await createOrg()
    const { load } = await loadOnTheRoad(org)
    const revoked = (await create(org, load.id)).body.data as { id: string; url: string }
    const expired = (await create(org, load.id)).body.data as { id: string; url: string }
    expect((await open(tokenOf(revoked.url))).status).toBe(200)
    await revoke(org, load.id, revoked.id)
    await prisma.trackingLink.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    for (const token of [tokenOf(revoked.url), tokenOf(expired.url), 'A'.repeat(43), 'not-a-token', '%00']) {
      const answer = await open(token)
      expect(answer.status, token).toBe(404)
      expect(answer.headers.get('Cache-Control'), token).toMatch(/\bno-store\b/)
    }
  })
})
