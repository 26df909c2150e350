/** The webhook pages (ADR 071): admins only, the secret once, refusals at their fields, version-checked edits, resend, delete. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import * as listPage from '~/routes/dashboard/webhooks/index'
import * as newPage from '~/routes/dashboard/webhooks/new'
import * as viewPage from '~/routes/dashboard/webhooks/view'
import { prisma } from '~/utils/db.server'

import { createOrg, type Org } from '../helpers'
import { callPage, postForm, refusalOf, shownOnceOf } from '../page-helpers'

let org: Org

beforeAll(async () => {
  org = await createOrg()
})

afterEach(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS
})

const NEW = '/dashboard/webhooks/new'

/** Posts the new-endpoint form (the events as repeated checkbox values). */
function create(fields: Array<[string, string]>, userId = org.users.admin.id) {
  return callPage(newPage.action, NEW, userId, {}, postForm(new URLSearchParams([['intent', 'create'], ...fields])))
}

describe('the webhook pages', () => {
  it('are for admins only', async () => {
    for (const role of ['dispatcher', 'accountant', 'viewer', 'driver'] as const) {
      expect((await callPage(listPage.loader, '/dashboard/webhooks', org.users[role].id)).status, role).toBe(403)
      expect(
        (
          await create(
            [
              ['url', 'https://hooks.example.com/x'],
              ['events', 'load.created'],
            ],
            org.users[role].id,
          )
        ).status,
        role,
      ).toBe(403)
    }
    expect(await prisma.webhookEndpoint.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('registers an endpoint and answers its secret in that one answer, never in a page', async () => {
    const answer = await create([
      ['url', 'https://hooks.example.com/tms'],
      ['events', 'load.created'],
      ['events', 'invoice.paid'],
      ['active', 'on'],
    ])
    expect(answer.status).toBe(200)
    const shown = shownOnceOf(answer)!
    expect(shown).toMatchObject({ intent: 'create', name: 'https://hooks.example.com/tms', value: expect.stringMatching(/^whsec_/) })
    const stored = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: shown.about! } })
    expect(stored).toMatchObject({ url: 'https://hooks.example.com/tms', events: ['load.created', 'invoice.paid'], active: true })
    const list = await callPage(listPage.loader, '/dashboard/webhooks', org.users.admin.id)
    const view = await callPage(viewPage.loader, `/dashboard/webhooks/${shown.about!}`, org.users.admin.id, { id: shown.about! })
    expect(JSON.stringify(list.data)).not.toContain(shown.value)
    expect(JSON.stringify(view.data)).not.toContain(shown.value)
  })

  it('refuses a private address and a missing event at their fields, saving nothing', async () => {
    const before = await prisma.webhookEndpoint.count({ where: { organizationId: org.organization.id } })
    const privateUrl = refusalOf(
      await create([
        ['url', 'http://169.254.169.254/latest'],
        ['events', 'load.created'],
      ]),
    )
    expect(privateUrl?.fields.url).toEqual(['This address is private, local or link-local: webhooks cannot be sent there.'])
    const noEvent = refusalOf(await create([['url', 'https://hooks.example.com/x']]))
    expect(noEvent?.fields.events).toEqual(['Choose at least one event.'])
    expect(await prisma.webhookEndpoint.count({ where: { organizationId: org.organization.id } })).toBe(before)
  })

  it('checks the version on edits, rotates the secret, and deletes', async () => {
    const made = (
      await create([
        ['url', 'https://hooks.example.com/edit'],
        ['events', 'load.created'],
        ['active', 'on'],
      ])
    ).data as { about: string; value: string }
    const { about: id } = made
    const path = `/dashboard/webhooks/${id}`
    const update = (version: string, url: string) =>
      callPage(
        viewPage.action,
        path,
        org.users.admin.id,
        { id },
        postForm(
          new URLSearchParams([
            ['intent', 'update'],
            ['version', version],
            ['url', url],
            ['events', 'load.status_changed'],
          ]),
        ),
      )
    const saved = await update('1', 'https://hooks.example.com/edited')
    expect(saved.status).toBe(302)
    expect(saved.toast?.title).toBe('Endpoint saved')
    const stored = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })
    // The box left unticked: switched off.
    expect(stored).toMatchObject({ url: 'https://hooks.example.com/edited', events: ['load.status_changed'], active: false, version: 2 })

    const stale = await update('1', 'https://hooks.example.com/lost')
    expect(stale.status).toBe(409)
    expect(refusalOf(stale)?.conflict).toBe(true)
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).url).toBe('https://hooks.example.com/edited')

    const rotated = await callPage(viewPage.action, path, org.users.admin.id, { id }, postForm({ intent: 'rotate', version: '2' }))
    const secret = shownOnceOf(rotated)!.value
    expect(secret).toMatch(/^whsec_/)
    expect(secret).not.toBe(made.value)
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id } })).secret).toBe(secret)

    // A resend of a delivery while the endpoint is off: refused with the reason, nothing queued.
    await prisma.webhookDelivery.create({
      data: { id: 'msg_pagetest', endpointId: id, organizationId: org.organization.id, eventType: 'load.created', payload: {}, state: 'failed' },
    })
    const resend = await callPage(viewPage.action, path, org.users.admin.id, { id }, postForm({ intent: 'resend', deliveryId: 'msg_pagetest' }))
    expect(resend.status).toBe(409)
    expect(refusalOf(resend)?.message).toBe('Turn the endpoint on before resending.')

    const deleted = await callPage(viewPage.action, path, org.users.admin.id, { id }, postForm({ intent: 'delete', version: '3' }))
    expect(deleted.location).toBe('/dashboard/webhooks')
    expect(await prisma.webhookEndpoint.findUnique({ where: { id } })).toBeNull()
    expect(await prisma.webhookDelivery.count({ where: { endpointId: id } })).toBe(0)
    const audit = await prisma.auditEvent.findMany({ where: { entity: 'webhook', entityId: id }, orderBy: [{ at: 'asc' }, { id: 'asc' }] })
    expect(audit.map((event) => event.action)).toEqual(['create', 'update', 'update', 'delete'])
    expect(JSON.stringify(audit)).not.toContain(secret)
  })

  it("answers another organization's endpoint with the 404 page", async () => {
    const other = await createOrg()
    const made = (
      await create([
        ['url', 'https://hooks.example.com/mine'],
        ['events', 'load.created'],
      ])
    ).data as { about: string }
    const { about: id } = made
    expect((await callPage(viewPage.loader, `/dashboard/webhooks/${id}`, other.users.admin.id, { id })).status).toBe(404)
    expect(
      (await callPage(viewPage.action, `/dashboard/webhooks/${id}`, other.users.admin.id, { id }, postForm({ intent: 'delete', version: '1' }))).status,
    ).toBe(404)
  })
})
