/**
 * Users and driver profiles: who may change roles, the organization's last active admin (also
 * under concurrency), bans that revoke every session and token, invitations through the outbox,
 * the password hash never leaving the server, and tenant isolation.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { runDueJobs } from '~/models/operations/jobs.server'
import { createSession, getSessionUser, resetPassword, verifyLogin } from '~/models/users/auth.server'
import { createUser, getUser, listUsers, reinviteUser, serializeUser, updateUser } from '~/models/users/user.server'
import { changeOwnPassword, updateOwnProfile } from '~/models/users/user-account.server'
import { detectImageType, readAvatar, setOwnAvatar } from '~/models/users/user-avatar.server'
import { createAccessToken } from '~/requests/api.server'
import * as collection from '~/routes/api/users/collection'
import * as item from '~/routes/api/users/item'
import { loader as newPasswordLoader } from '~/routes/auth/new-password'
import { UserCreateFormSchema, UserCreateSchema, UserListQuerySchema, type UserUpdateInput, UserUpdateSchema } from '~/schemas/user'
import { prisma } from '~/utils/db.server'
import { uploadLimitsOf } from '~/utils/edge.server'

import { actorOf, callApi, createOrg, PASSWORD, unique } from '../helpers'

// Avatars land in this file's own folder, never in the worktree's .data.
process.env.STORAGE_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-users-storage-'))

type Org = Awaited<ReturnType<typeof createOrg>>

const newUser = (overrides: Record<string, unknown> = {}) =>
  UserCreateSchema.parse({ email: `${unique('u')}@example.test`, firstName: 'Nora', lastName: 'Quinn', role: 'dispatcher', password: PASSWORD, ...overrides })

/** The whole user as PUT would send it, with changes. */
async function edit(org: Org, id: string, changes: Partial<UserUpdateInput> = {}): Promise<UserUpdateInput> {
  const dto = serializeUser(await getUser(org.organization.id, id))
  return UserUpdateSchema.parse({ ...dropNulls(dto), driverProfile: dto.driverProfile ? dropNulls(dto.driverProfile) : undefined, ...changes })
}

function dropNulls(record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null))
}

/** A second active admin in the organization, with an actor. */
async function secondAdmin(org: Org) {
  const { user } = await createUser(actorOf(org), newUser({ role: 'admin', firstName: 'Second' }))
  return { user, actor: { userId: user.id, organizationId: org.organization.id, ip: '203.0.113.8', role: 'admin' as const, scope: 'read_write' as const } }
}

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

/** The token in the newest invitation to this address. */
function invitationToken(address: string) {
  return new URL(
    outbox(address)
      .at(-1)!
      .text.match(/https?:\/\/\S+/)![0],
  ).searchParams.get('token')!
}

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])

describe('creating users', () => {
  it('adds an active user with a password, who can sign in; the audit event has no password hash', async () => {
    const org = await createOrg()
    const input = newUser({ email: `${unique('Mixed')}@Example.test`, phone: '+1 (512) 555-0100', companyId: org.company.id })
    const { user, invited } = await createUser(actorOf(org), input)
    expect(invited).toBe(false)
    expect(user).toMatchObject({ status: 'active', role: 'dispatcher', email: input.email, company: { id: org.company.id } })
    expect(user).not.toHaveProperty('passwordHash')
    expect((await verifyLogin(input.email.toUpperCase(), PASSWORD, '203.0.113.50')).id).toBe(user.id)
    const [event] = await prisma.auditEvent.findMany({ where: { entityId: user.id } })
    expect(event).toMatchObject({ action: 'create', entity: 'user', userId: org.users.admin.id })
    expect(JSON.stringify(event.changes)).not.toMatch(/passwordHash|argon2/)
  })

  it('refuses an email that any account uses, whatever its case, with a field error', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    await expect(createUser(actorOf(org), newUser({ email: org.users.viewer.email.toUpperCase() }))).rejects.toMatchObject({
      fields: { email: ['users.errors.emailTaken'] },
    })
    await expect(createUser(actorOf(org), newUser({ email: other.users.viewer.email }))).rejects.toMatchObject({
      fields: { email: ['users.errors.emailTaken'] },
    })
    // Parallel creates of one address: the unique index lets exactly one through.
    const email = `${unique('race')}@example.test`
    const results = await Promise.allSettled([1, 2, 3].map(() => createUser(actorOf(org), newUser({ email }))))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ fields: { email: ['users.errors.emailTaken'] } })
    }
  })

  it('invites a user without a password: invited, unable to sign in, emailed a link on APP_URL that sets the password and activates the account', async () => {
    const org = await createOrg()
    const email = `${unique('invitee')}@example.test`
    process.env.APP_URL = 'https://freight.example.test/app/'
    try {
      const answer = await callApi(collection, {
        method: 'POST',
        path: '/api/user',
        token: org.users.admin.token,
        body: { email, firstName: 'Ivy', lastName: 'Long', role: 'accountant' },
      })
      expect(answer.status).toBe(201)
      expect(answer.body.data).toMatchObject({ email, status: 'invited', role: 'accountant', driverProfile: null })
      // Queued with the user; the job worker sends it.
      expect(outbox(email)).toEqual([])
      await runDueJobs()
    } finally {
      delete process.env.APP_URL
    }
    await expect(verifyLogin(email, PASSWORD, '203.0.113.51')).rejects.toMatchObject({ messageKey: 'auth.login.failed' })
    const [message] = outbox(email)
    expect(message.subject).toContain(org.organization.name)
    const link = new URL(message.text.match(/https?:\/\/\S+/)![0])
    expect(`${link.origin}${link.pathname}`).toBe('https://freight.example.test/app/auth/new-password')
    const token = link.searchParams.get('token')!
    const page = await newPasswordLoader({ request: new Request(`http://localhost/auth/new-password?token=${token}`), params: {}, context: {} } as never)
    expect(page).toMatchObject({ token, usable: true })

    await resetPassword(token, 'my own password', '203.0.113.52')
    const user = await prisma.user.findUniqueOrThrow({ where: { email } })
    expect(user.status).toBe('active')
    expect((await verifyLogin(email, 'my own password', '203.0.113.53')).id).toBe(user.id)
    await expect(resetPassword(token, 'another password')).rejects.toMatchObject({ messageKey: 'auth.newPassword.invalidToken' })
  })

  it('sends a new invitation on request: the old link stops working, and an active user cannot be re-invited', async () => {
    const org = await createOrg()
    const { user, invited } = await createUser(actorOf(org), newUser({ password: undefined }))
    expect(invited).toBe(true)
    await runDueJobs()
    const first = invitationToken(user.email)
    await reinviteUser(actorOf(org), user.id)
    // The first link stops working at once, before the new email goes.
    await expect(resetPassword(first, 'first link password')).rejects.toMatchObject({ messageKey: 'auth.newPassword.invalidToken' })
    await runDueJobs()
    const second = invitationToken(user.email)
    expect(second).not.toBe(first)
    await resetPassword(second, 'second link password')
    await expect(reinviteUser(actorOf(org), user.id)).rejects.toMatchObject({ code: 'conflict', messageKey: 'users.errors.notInvited' })
    await expect(reinviteUser(actorOf(org, 'dispatcher'), org.users.viewer.id)).rejects.toMatchObject({ code: 'forbidden' })
  })

  it('lets only an admin create users or assign roles, checked in the model against the stored role', async () => {
    const org = await createOrg()
    await expect(createUser(actorOf(org, 'dispatcher'), newUser({ role: 'admin' }))).rejects.toMatchObject({ code: 'forbidden' })
    const { user } = await createUser(actorOf(org), newUser({ role: 'viewer' }))
    // The actor's role first (ADR 106), before anything is read.
    await expect(updateUser(actorOf(org, 'dispatcher'), user.id, await edit(org, user.id, { role: 'admin' }))).rejects.toMatchObject({
      code: 'forbidden',
      messageKey: 'api.forbidden',
    })
    // An admin who was demoted a moment ago is no longer an admin to the model: the stored role decides.
    const second = await secondAdmin(org)
    await updateUser(actorOf(org), second.user.id, await edit(org, second.user.id, { role: 'viewer' }))
    await expect(updateUser(second.actor, user.id, await edit(org, user.id, { role: 'admin' }))).rejects.toMatchObject({
      code: 'forbidden',
      messageKey: 'users.errors.roleAdminOnly',
    })
    expect((await getUser(org.organization.id, user.id)).role).toBe('viewer')
    const updated = await updateUser(actorOf(org), user.id, await edit(org, user.id, { role: 'dispatcher' }))
    expect(updated).toMatchObject({ role: 'dispatcher', version: 2 })
  })
})

describe('the last active admin', () => {
  it('cannot be demoted or banned; an invited or banned admin does not count as another', async () => {
    const org = await createOrg()
    const admin = org.users.admin.id
    await expect(updateUser(actorOf(org), admin, await edit(org, admin, { role: 'dispatcher' }))).rejects.toMatchObject({
      fields: { role: ['users.errors.lastAdmin'] },
    })
    const { user: invited } = await createUser(actorOf(org), newUser({ role: 'admin', password: undefined }))
    expect(invited.status).toBe('invited')
    await expect(updateUser(actorOf(org), admin, await edit(org, admin, { role: 'dispatcher' }))).rejects.toMatchObject({
      fields: { role: ['users.errors.lastAdmin'] },
    })

    const second = await secondAdmin(org)
    await updateUser(second.actor, admin, await edit(org, admin, { status: 'banned' }))
    await expect(updateUser(second.actor, second.user.id, await edit(org, second.user.id, { role: 'viewer' }))).rejects.toMatchObject({
      fields: { role: ['users.errors.lastAdmin'] },
    })
    expect((await getUser(org.organization.id, second.user.id)).role).toBe('admin')
  })

  it('survives two admins demoting each other at the same moment: exactly one wins, one admin remains', async () => {
    for (let round = 0; round < 4; round++) {
      const org = await createOrg()
      const a = { user: { id: org.users.admin.id }, actor: actorOf(org) }
      const b = await secondAdmin(org)
      const [demoteB, demoteA] = [await edit(org, b.user.id, { role: 'viewer' }), await edit(org, a.user.id, { role: 'viewer' })]
      const results = await Promise.allSettled([updateUser(a.actor, b.user.id, demoteB), updateUser(b.actor, a.user.id, demoteA)])
      expect(
        results.filter((result) => result.status === 'fulfilled'),
        `round ${round}`,
      ).toHaveLength(1)
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
      // Either the last-admin rule, or the demoted admin is no longer allowed to assign roles.
      expect(['validation_failed', 'forbidden']).toContain(refused.reason.code)
      expect(await prisma.user.count({ where: { organizationId: org.organization.id, role: 'admin', status: 'active' } })).toBe(1)
    }
  })

  it('survives two admins banning each other at the same moment', async () => {
    for (let round = 0; round < 4; round++) {
      const org = await createOrg()
      const b = await secondAdmin(org)
      const [banB, banA] = [await edit(org, b.user.id, { status: 'banned' }), await edit(org, org.users.admin.id, { status: 'banned' })]
      await Promise.allSettled([updateUser(actorOf(org), b.user.id, banB), updateUser(b.actor, org.users.admin.id, banA)])
      expect(await prisma.user.count({ where: { organizationId: org.organization.id, role: 'admin', status: 'active' } }), `round ${round}`).toBe(1)
    }
  })
})

describe('banning', () => {
  it('revokes every web session and API token at once, voids emailed links, and blocks sign-in; unbanning lets the user back', async () => {
    const org = await createOrg()
    const { user } = await createUser(actorOf(org), newUser())
    const web = await createSession(user.id, 'web')
    const api = await createSession(user.id, 'api')
    const token = await createAccessToken(user, api.id)
    await prisma.passwordResetToken.create({ data: { userId: user.id, tokenHash: unique('hash'), expiresAt: new Date(Date.now() + 3_600_000) } })
    expect((await callApi(item, { path: `/api/user/${user.id}`, params: { id: user.id }, token })).status).toBe(403)

    const banned = await updateUser(actorOf(org), user.id, await edit(org, user.id, { status: 'banned' }))
    expect(banned.status).toBe('banned')
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
    expect(await getSessionUser(web.id)).toBeNull()
    expect((await callApi(collection, { path: '/api/users', token })).status).toBe(401)
    expect(await prisma.passwordResetToken.count({ where: { userId: user.id, usedAt: null } })).toBe(0)
    await expect(verifyLogin(user.email, PASSWORD, '203.0.113.60')).rejects.toMatchObject({ messageKey: 'auth.login.failed' })
    const [event] = await prisma.auditEvent.findMany({ where: { entityId: user.id, action: 'status' } })
    expect(event.changes).toMatchObject({ status: { before: 'active', after: 'banned' } })

    await updateUser(actorOf(org), user.id, await edit(org, user.id, { status: 'active' }))
    expect((await verifyLogin(user.email, PASSWORD, '203.0.113.61')).id).toBe(user.id)
  })

  it('refuses a self-ban, and moving an invited user to active without a password', async () => {
    const org = await createOrg()
    const second = await secondAdmin(org)
    await expect(updateUser(second.actor, second.user.id, await edit(org, second.user.id, { status: 'banned' }))).rejects.toMatchObject({
      fields: { status: ['users.errors.banSelf'] },
    })
    const { user } = await createUser(actorOf(org), newUser({ password: undefined }))
    await expect(updateUser(actorOf(org), user.id, await edit(org, user.id, { status: 'active' }))).rejects.toMatchObject({
      fields: { status: ['users.errors.invitedStatus'] },
    })
    await expect(updateUser(actorOf(org), org.users.viewer.id, await edit(org, org.users.viewer.id, { status: 'invited' }))).rejects.toMatchObject({
      fields: { status: ['users.errors.invitedStatus'] },
    })
  })

  it('refuses a stale version with a conflict and changes nothing', async () => {
    const org = await createOrg()
    const stale = await edit(org, org.users.viewer.id, { status: 'banned' })
    await updateUser(actorOf(org), org.users.viewer.id, await edit(org, org.users.viewer.id, { phone: '555 0100' }))
    await expect(updateUser(actorOf(org), org.users.viewer.id, stale)).rejects.toMatchObject({ code: 'conflict' })
    expect((await getUser(org.organization.id, org.users.viewer.id)).status).toBe('active')
    expect(await prisma.session.count({ where: { userId: org.users.viewer.id } })).toBe(1)
  })
})

describe('driver profiles', () => {
  it('stores a driver profile with the pay rate as an integer (cents or basis points), and shows it for drivers only', async () => {
    const org = await createOrg()
    const form = UserCreateFormSchema.parse({
      email: `${unique('drv')}@example.test`,
      firstName: 'Dee',
      lastName: 'Rivers',
      role: 'driver',
      driverProfile: { licenseNumber: 'D1234567', licenseState: 'tx', cdlClass: 'A', licenseExpiry: '2027-04-30', payMethod: 'per_mile', payRate: '0.65' },
    })
    expect(form.driverProfile?.payRate).toBe(65)
    const { user } = await createUser(actorOf(org), form)
    expect(serializeUser(user).driverProfile).toMatchObject({
      licenseNumber: 'D1234567',
      licenseState: 'TX',
      cdlClass: 'A',
      licenseExpiry: '2027-04-30',
      payRate: 65,
    })

    const percent = await updateUser(
      actorOf(org),
      user.id,
      await edit(org, user.id, { driverProfile: { payMethod: 'percent', payRate: 2500, cdlClass: 'B', licenseState: undefined } }),
    )
    expect(serializeUser(percent).driverProfile).toMatchObject({ payMethod: 'percent', payRate: 2500, cdlClass: 'B', licenseNumber: null })
    expect(
      UserUpdateSchema.safeParse({ ...(await edit(org, user.id)), driverProfile: { payMethod: 'percent', payRate: 12_000 } }).error?.issues[0],
    ).toMatchObject({
      path: ['driverProfile', 'payRate'],
      message: 'users.errors.percentTooLarge',
    })
    expect(UserCreateSchema.safeParse({ ...newUser(), driverProfile: { payRate: 100 } }).error?.issues[0]).toMatchObject({
      message: 'users.errors.payMethodRequired',
    })
    expect(UserCreateFormSchema.safeParse({ ...newUser(), driverProfile: { payMethod: 'flat', payRate: '12.345' } }).success).toBe(false)

    const dispatcher = await updateUser(actorOf(org), user.id, await edit(org, user.id, { role: 'dispatcher' }))
    expect(serializeUser(dispatcher).driverProfile).toBeNull()
    expect(await prisma.driverProfile.count({ where: { userId: user.id } })).toBe(1)
  })
})

describe('one’s own account', () => {
  it('edits only name, phone and address, with a version check', async () => {
    const org = await createOrg()
    const me = { ...actorOf(org, 'driver'), userId: org.users.driver.id }
    const saved = await updateOwnProfile(me, { firstName: 'Dina', lastName: 'Cole', phone: '555 0111', city: 'Austin', version: 1 })
    expect(saved).toMatchObject({ firstName: 'Dina', city: 'Austin', role: 'driver', version: 2 })
    await expect(updateOwnProfile(me, { firstName: 'Old', lastName: 'Cole', version: 1 })).rejects.toMatchObject({ code: 'conflict' })
  })

  it('changes the password given the current one, signing out every other session but this one', async () => {
    const org = await createOrg()
    const me = { ...actorOf(org, 'viewer'), userId: org.users.viewer.id }
    const current = await createSession(me.userId, 'web')
    await expect(changeOwnPassword(me, current.id, { currentPassword: 'wrong password', password: 'a new password' })).rejects.toMatchObject({
      fields: { currentPassword: ['users.errors.currentPassword'] },
    })
    await changeOwnPassword(me, current.id, { currentPassword: PASSWORD, password: 'a new password' })
    expect((await prisma.session.findMany({ where: { userId: me.userId } })).map((session) => session.id)).toEqual([current.id])
    expect((await verifyLogin(org.users.viewer.email, 'a new password', '203.0.113.70')).id).toBe(me.userId)
  })

  it('lets the account form (and only it) send a 2 MB picture past the edge’s 1 MB body limit', async () => {
    // The edge reads the routes' declarations from the build (server.ts): here, the same shape.
    const routes = {
      root: { id: 'root', path: '', module: {} },
      dashboard: { id: 'dashboard', parentId: 'root', path: 'dashboard', module: {} },
      account: { id: 'account', parentId: 'dashboard', path: 'user/account', module: await import('~/routes/dashboard/users/account') },
      profile: { id: 'profile', parentId: 'dashboard', path: 'user/profile', module: await import('~/routes/dashboard/users/profile') },
    }
    const limits = uploadLimitsOf(routes)
    for (const path of ['/dashboard/user/account', '/dashboard/user/account.data']) expect(limits(path)?.maxBytes, path).toBeGreaterThan(2 * 1024 * 1024)
    for (const path of ['/dashboard/user/profile', '/api/user', '/dashboard/user/account/x']) expect(limits(path), path).toBeNull()
  })

  it('stores an avatar only when its bytes are PNG, JPEG or WebP, and serves it only within the organization', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const me = { ...actorOf(org, 'accountant'), userId: org.users.accountant.id }
    expect(detectImageType(PNG)).toBe('png')
    expect(detectImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg')
    expect(detectImageType(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('webp')
    await expect(setOwnAvatar(me, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toMatchObject({
      code: 'unsupported_media_type',
    })
    await expect(setOwnAvatar(me, new Uint8Array(2 * 1024 * 1024 + 1).fill(0x89))).rejects.toMatchObject({ code: 'payload_too_large' })
    const url = await setOwnAvatar(me, PNG)
    expect(url).toMatch(new RegExp(`^/resources/avatar/${me.userId}\\?v=`))
    expect(await readAvatar(org.organization.id, me.userId)).toMatchObject({ contentType: 'image/png' })
    expect(await readAvatar(other.organization.id, me.userId)).toBeNull()
  })
})

describe('tenant isolation', () => {
  it('never lists, reads or updates another organization’s users, nor links a foreign company', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const list = await listUsers(org.organization.id, UserListQuerySchema.parse({ pageSize: 100 }))
    expect(list.total).toBe(Object.keys(org.users).length)
    expect(list.items.every((user) => user.organizationId === org.organization.id)).toBe(true)
    await expect(getUser(org.organization.id, other.users.viewer.id)).rejects.toMatchObject({ code: 'not_found' })
    const foreign = await edit(other, other.users.viewer.id, { status: 'banned' })
    await expect(updateUser(actorOf(org), other.users.viewer.id, foreign)).rejects.toMatchObject({ code: 'not_found' })
    expect(await prisma.session.count({ where: { userId: other.users.viewer.id } })).toBe(1)
    await expect(createUser(actorOf(org), newUser({ companyId: other.company.id }))).rejects.toMatchObject({
      fields: { companyId: ['users.errors.unknownCompany'] },
    })
  })

  it('searches names, email and phone word by word, and filters by role and status', async () => {
    const org = await createOrg()
    await createUser(actorOf(org), newUser({ firstName: 'Alma', lastName: 'Reyes', phone: '512 555 0199', role: 'driver' }))
    const search = async (params: Record<string, unknown>) =>
      (await listUsers(org.organization.id, UserListQuerySchema.parse(params))).items.map((user) => `${user.firstName} ${user.lastName}`)
    expect(await search({ q: 'alma reyes' })).toEqual(['Alma Reyes'])
    expect(await search({ q: '555 0199' })).toEqual(['Alma Reyes'])
    expect(await search({ role: 'driver', sort: 'name' })).toEqual(['Alma Reyes', 'driver Tester'])
    expect(await search({ status: 'banned' })).toEqual([])
  })
})

describe('demo data', () => {
  it('gives every demo driver a profile, one with a license expiring within 30 days', async () => {
    const { seed } = await import('../../prisma/seed')
    await seed({ log: () => {} })
    const drivers = await prisma.user.findMany({
      where: { role: 'driver', OR: [{ email: { endsWith: '@freightdesk.test' } }, { email: { endsWith: '@blueridge.test' } }] },
      select: { email: true, driverProfile: true },
    })
    expect(drivers.length).toBeGreaterThanOrEqual(4)
    expect(drivers.every((driver) => driver.driverProfile?.licenseNumber)).toBe(true)
    const soon = new Date(Date.now() + 30 * 86_400_000)
    expect(drivers.filter((driver) => driver.driverProfile!.licenseExpiry! < soon).map((driver) => driver.email)).toContain('driver@blueridge.test')
  })
})
