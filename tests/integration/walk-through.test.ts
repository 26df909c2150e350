/** What a walk-through as a new dispatcher, driver and admin found: each rule as the pages and the API answer it. */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { recordAudit } from '~/models/audit/audit.server'
import { createLoad } from '~/models/loads/load.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { runDueJobs } from '~/models/operations/jobs.server'
import { createCustomFieldDefinition } from '~/models/organization/custom-fields.server'
import { createSession } from '~/models/users/auth.server'
import { createUser } from '~/models/users/user.server'
import * as apiCustomFields from '~/routes/api/customfield/collection'
import * as apiLoadStatus from '~/routes/api/loads/status'
import * as newPassword from '~/routes/auth/new-password'
import * as dashboardApp from '~/routes/dashboard/app'
import * as audit from '~/routes/dashboard/audit'
import * as customFieldEditor from '~/routes/dashboard/customfields/editor'
import * as loadEditor from '~/routes/dashboard/loads/editor'
import * as loadView from '~/routes/dashboard/loads/view'
import * as truckList from '~/routes/dashboard/trucks/list'
import * as account from '~/routes/dashboard/users/account'
import * as listColumns from '~/routes/resources/list-columns'
import { CustomFieldCreateSchema } from '~/schemas/custom-field'
import { keyFromLabel } from '~/schemas/custom-field-options'
import { LoadSchema } from '~/schemas/load'
import { UserCreateSchema } from '~/schemas/user'
import { prisma } from '~/utils/db.server'

import { actorOf, callApi, createOrg, unique } from '../helpers'
import { callPage, type Handler, postForm } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

const stops = [
  { type: 'pickup', facilityName: 'Acme Cold Storage', city: 'Dallas', state: 'TX', windowStart: '2026-12-01T08:00' },
  { type: 'delivery', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
]

/** A broker, two trucks and two trailers, and the organization's driver fit to drive on 2026-12-01. */
async function fleet(org: Org) {
  const organizationId = org.organization.id
  const unit = (prefix: string) => unique(prefix).slice(0, 20)
  const [broker, truck, truck2, trailer, trailer2] = await Promise.all([
    prisma.broker.create({ data: { organizationId, name: unique('Broker') } }),
    prisma.truck.create({ data: { organizationId, unitNumber: unit('T') } }),
    prisma.truck.create({ data: { organizationId, unitNumber: unit('T') } }),
    prisma.trailer.create({ data: { organizationId, unitNumber: unit('TR') } }),
    prisma.trailer.create({ data: { organizationId, unitNumber: unit('TR') } }),
  ])
  await prisma.driverProfile.create({
    data: { organizationId, userId: org.users.driver.id, licenseExpiry: new Date('2027-06-30'), medicalCardExpiry: new Date('2027-01-31') },
  })
  return { broker, truck, truck2, trailer, trailer2, driverId: org.users.driver.id }
}

const newLoad = (org: Org, fields: Record<string, unknown>) =>
  createLoad(actorOf(org), LoadSchema.parse({ stops, linehaulCents: 150_000, loadedMiles: 500, ...fields }))

describe('the driver picker and a dispatch refused because the driver is busy', () => {
  it('names the load a busy driver is on, in the editor and in the refusal (a link on the page, the number in the API)', async () => {
    const org = await createOrg()
    const { broker, truck, truck2, trailer, trailer2, driverId } = await fleet(org)
    const first = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    await moveLoad(actorOf(org), first.id, { status: 'dispatched', version: first.version })
    const second = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck2.id, trailerId: trailer2.id })
    const adminId = org.users.admin.id

    // The new-load editor: the driver is offered as on the first load.
    const editor = await callPage(loadEditor.loader as Handler, '/dashboard/loads/new', adminId)
    const options = editor.data!.options as { drivers: Array<{ id: string; status: string; onLoad: { id: string; loadNumber: string } | null }> }
    expect(options.drivers.find((driver) => driver.id === driverId)).toMatchObject({
      status: 'on_load',
      onLoad: { id: first.id, loadNumber: first.loadNumber },
    })
    // The first load's own editor does not call its driver busy with itself.
    const own = await callPage(loadEditor.loader as Handler, `/dashboard/loads/${first.id}/edit`, adminId, { id: first.id })
    expect((own.data!.options as typeof options).drivers.find((driver) => driver.id === driverId)).toMatchObject({ status: 'active', onLoad: null })

    // The load page's dispatch button: refused, with the load that holds the driver.
    const refused = await callPage(
      loadView.action as Handler,
      `/dashboard/loads/${second.id}`,
      adminId,
      { id: second.id },
      postForm({
        intent: 'status',
        status: 'dispatched',
        version: String(second.version),
      }),
    )
    expect(refused.status).toBe(409)
    expect(refused.data).toMatchObject({
      result: { error: { '': [`The driver is on load ${first.loadNumber}.`] } },
      link: { to: `/dashboard/loads/${first.id}`, label: `Open load ${first.loadNumber}` },
    })

    // The API: the error's message names the load.
    const api = await callApi(apiLoadStatus, {
      method: 'POST',
      path: `/api/loads/${second.id}/status`,
      params: { id: second.id },
      token: org.users.admin.token,
      body: { status: 'dispatched', version: second.version },
    })
    expect(api.status).toBe(409)
    expect(api.body.error).toMatchObject({ code: 'in_use', message: `The driver is on load ${first.loadNumber}.` })
  })
})

describe('the dashboard', () => {
  it('is "My loads" for a driver; other roles keep theirs', async () => {
    const org = await createOrg()
    const driver = await callPage(dashboardApp.loader as Handler, '/dashboard/app', org.users.driver.id)
    expect(driver).toMatchObject({ status: 302, location: '/dashboard/loads/mine' })
    const dispatcher = await callPage(dashboardApp.loader as Handler, '/dashboard/app', org.users.dispatcher.id)
    expect(dispatcher.status).toBe(200)
  })
})

describe('the audit log', () => {
  it('shows enum values by their labels (roles, key scopes, custom-field lists and types)', async () => {
    const org = await createOrg()
    const actor = actorOf(org)
    await recordAudit(prisma, actor, {
      entity: 'user',
      entityId: org.users.viewer.id,
      action: 'update',
      before: { role: 'viewer' },
      after: { role: 'dispatcher' },
    })
    await recordAudit(prisma, actor, { entity: 'apiKey', entityId: 'k1', action: 'create', after: { name: 'Sync', scope: 'read_write' } })
    await recordAudit(prisma, actor, { entity: 'customField', entityId: 'c1', action: 'create', after: { listName: 'trucks', type: 'select' } })
    const page = await callPage(audit.loader as Handler, '/dashboard/audit', org.users.admin.id)
    type Change = { field: string; before: { text: string; raw: boolean } | null; after: { text: string; raw: boolean } | null }
    const changes = (page.data!.items as Array<{ changes: Change[] }>).flatMap((event) => event.changes)
    const shown = Object.fromEntries(changes.map((change) => [change.field, [change.before, change.after]]))
    expect(shown.role).toEqual([
      { text: 'Viewer', raw: false },
      { text: 'Dispatcher', raw: false },
    ])
    expect(shown.scope).toEqual([null, { text: 'Read and write', raw: false }])
    expect(shown.listName).toEqual([null, { text: 'Trucks', raw: false }])
    expect(shown.type).toEqual([null, { text: 'Choice from a list', raw: false }])
  })
})

/** The token in the link of the newest email in the outbox to this address. */
function newestLinkToken(address: string) {
  const dir = path.resolve(process.env.OUTBOX_DIR!)
  const messages = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { to: string; text: string })
    .filter((message) => message.to === address)
  return new URL(messages.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!
}

describe('accepting an invitation', () => {
  it('welcomes the person to the organization and signs them in once the password is set', async () => {
    const org = await createOrg()
    const { user } = await createUser(
      actorOf(org),
      UserCreateSchema.parse({ email: `${unique('inv')}@example.test`, firstName: 'Nora', lastName: 'Quinn', role: 'dispatcher' }),
    )
    // The invitation is queued; its link (and token) is made when the worker sends it.
    await runDueJobs()
    const invitationToken = newestLinkToken(user.email)
    const path = `/auth/new-password?token=${invitationToken}`
    const page = await callPage(newPassword.loader as Handler, path, org.users.admin.id)
    expect(page.data).toMatchObject({ usable: true, invitation: { invitation: true, firstName: 'Nora', organizationName: org.organization.name } })

    const done = await callPage(
      newPassword.action as Handler,
      path,
      org.users.admin.id,
      {},
      postForm({
        token: invitationToken!,
        password: 'a fresh password',
        confirmPassword: 'a fresh password',
      }),
    )
    expect(done).toMatchObject({ status: 302, location: '/dashboard/app' })
    const cookies = done.headers!.getSetCookie().join('\n')
    expect(cookies).toMatch(/fd_session=[^;]+/)
    expect(await prisma.session.count({ where: { userId: user.id, kind: 'web' } })).toBe(1)
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).status).toBe('active')
  })
})

describe('a custom field’s key', () => {
  it('is made from the label by one rule', () => {
    expect(keyFromLabel('Fuel card #')).toBe('fuel_card')
    expect(keyFromLabel('  Numéro DOT ')).toBe('numero_dot')
    expect(keyFromLabel('2nd driver')).toBe('f_2nd_driver')
    expect(keyFromLabel('燃油卡')).toBe('')
    expect(keyFromLabel('A'.repeat(60))).toBe('a'.repeat(40))
  })

  it('left empty, is made from the label by the editor’s action and the API; a label without Latin letters asks for a key', async () => {
    const org = await createOrg()
    const adminId = org.users.admin.id
    const saved = await callPage(
      customFieldEditor.action as Handler,
      '/dashboard/customfields/new',
      adminId,
      {},
      postForm({
        listName: 'trucks',
        label: 'Fuel card #',
        key: '',
        type: 'text',
        sortOrder: '0',
      }),
    )
    expect(saved.status).toBe(302)
    expect(await prisma.customFieldDefinition.findFirst({ where: { organizationId: org.organization.id, key: 'fuel_card' } })).not.toBeNull()

    const refused = await callPage(
      customFieldEditor.action as Handler,
      '/dashboard/customfields/new',
      adminId,
      {},
      postForm({
        listName: 'trucks',
        label: '燃油卡',
        type: 'text',
        sortOrder: '0',
      }),
    )
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ result: { error: { key: ['The label has no letter or digit a key can use: type a key.'] } } })

    const api = await callApi(apiCustomFields, {
      method: 'POST',
      path: '/api/customfield',
      token: org.users.admin.token,
      body: { listName: 'loads', label: 'Numéro DOT', type: 'text' },
    })
    expect(api.status).toBe(201)
    expect(api.body).toMatchObject({ data: { key: 'numero_dot' } })
  })
})

describe('the sessions list', () => {
  it('names each session’s browser and system, or the program', async () => {
    const org = await createOrg()
    const userId = org.users.dispatcher.id
    await createSession(userId, 'web', {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
    })
    await createSession(userId, 'api', { userAgent: 'curl/8.5.0' })
    const page = await callPage(account.loader as Handler, '/dashboard/user/account', userId)
    const devices = (page.data!.sessions as Array<{ device: unknown }>).map((session) => session.device)
    expect(devices).toEqual(
      expect.arrayContaining([
        { kind: 'browser', browser: 'Safari', system: 'iPhone' },
        { kind: 'client', name: 'curl' },
      ]),
    )
  })
})

describe('a list’s chosen columns', () => {
  it('are remembered per user: the list opened without `cols` shows them; the URL still wins', async () => {
    const org = await createOrg()
    for (const [key, label] of [
      ['fuel_card', 'Fuel card'],
      ['eld', 'ELD'],
    ])
      await createCustomFieldDefinition(actorOf(org), CustomFieldCreateSchema.parse({ listName: 'trucks', key, label, type: 'text' }))
    const viewerId = org.users.viewer.id
    const shown = async (path: string, userId = viewerId) =>
      ((await callPage(truckList.loader as Handler, path, userId)).data!.columns as { shown: Array<{ key: string }> }).shown.map((column) => column.key)

    expect(await shown('/dashboard/trucks/list')).toEqual([])
    const body = new URLSearchParams([
      ['list', 'trucks'],
      ['returnTo', '/dashboard/trucks/list?q=ab&page=3'],
      ['cols', 'eld'],
      ['cols', 'nope'],
    ])
    const saved = await callPage(listColumns.action as Handler, '/resources/list-columns', viewerId, {}, postForm(body))
    expect(saved).toMatchObject({ status: 302, location: '/dashboard/trucks/list?q=ab&cols=eld' })
    expect(await shown('/dashboard/trucks/list')).toEqual(['eld'])
    // The URL wins when it names columns (`cols=` alone: none); another user keeps their own.
    expect(await shown('/dashboard/trucks/list?cols=fuel_card')).toEqual(['fuel_card'])
    expect(await shown('/dashboard/trucks/list?cols=')).toEqual([])
    expect(await shown('/dashboard/trucks/list', org.users.admin.id)).toEqual([])

    // None chosen is remembered too; a list the role cannot read is refused.
    const cleared = await callPage(
      listColumns.action as Handler,
      '/resources/list-columns',
      viewerId,
      {},
      postForm({ list: 'trucks', returnTo: '/dashboard/trucks/list' }),
    )
    expect(cleared).toMatchObject({ status: 302, location: '/dashboard/trucks/list' })
    expect(await shown('/dashboard/trucks/list')).toEqual([])
    const refused = await callPage(listColumns.action as Handler, '/resources/list-columns', org.users.driver.id, {}, postForm({ list: 'trucks', cols: 'eld' }))
    expect(refused.status).toBe(403)
    expect(await prisma.listColumnChoice.count({ where: { userId: org.users.driver.id } })).toBe(0)
    // Signed out, even a forged list goes to sign-in: nothing is read from the post before the session.
    const signedOut = await callPage(listColumns.action as Handler, '/resources/list-columns', null, {}, postForm({ list: 'nothing', cols: 'eld' }))
    expect(signedOut).toMatchObject({ status: 302, location: expect.stringContaining('/auth/login') })
  })
})
