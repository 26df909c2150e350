/**
 * API keys (app/models/users/api-key.server.ts): created by admins on the account page, shown once,
 * stored hashed, acting as their creator narrowed by their scope, revocable.
 */
import { describe, expect, it } from 'vitest'

import { createApiKey, getApiKeyUser, listApiKeys, revokeApiKey } from '~/models/users/api-key.server'
import * as myAccount from '~/routes/api/account/my-account'
import * as trucks from '~/routes/api/trucks/collection'
import * as account from '~/routes/dashboard/users/account'
import { prisma } from '~/utils/db.server'

import { actorOf, callApi, createOrg, unique } from '../helpers'
import { callPage, type Handler, postForm, shownOnceOf } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function key(org: Org, scope: 'read_only' | 'read_write' = 'read_write') {
  return createApiKey({ ...actorOf(org), userId: org.users.admin.id }, { name: unique('key'), scope })
}

/** Posts the account page's form as a browser would: its status and, for `data(...)`, its payload. */
function postAccount(org: Org, role: 'admin' | 'dispatcher', fields: Record<string, string>) {
  return callPage(account.action as Handler, '/dashboard/user/account', org.users[role].id, {}, postForm(fields))
}

describe('API keys', () => {
  it('are shown once, kept only as a hash, and listed without the secret', async () => {
    const org = await createOrg()
    const created = await key(org)
    expect(created.secret).toMatch(/^fdk_[\w-]{43}$/)
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } })
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(4))
    expect(row.prefix).toBe(created.secret.slice(0, 10))
    const listed = await listApiKeys(org.organization.id)
    expect(listed.map((entry) => entry.id)).toEqual([created.id])
    expect(JSON.stringify(listed)).not.toContain(created.secret.slice(4))
    expect(await prisma.auditEvent.count({ where: { entity: 'apiKey', entityId: created.id, action: 'create' } })).toBe(1)
  })

  it('authenticate like a login token, as their creator, and record when they were last used', async () => {
    const org = await createOrg()
    const created = await key(org)
    const me = await callApi(myAccount, { path: '/api/account/my-account', token: created.secret })
    expect(me.status).toBe(200)
    expect(me.body.data.email).toBe(org.users.admin.email)
    const posted = await callApi(trucks, { method: 'POST', path: '/api/trucks', token: created.secret, body: { unitNumber: unique('K').slice(0, 20) } })
    expect(posted.status).toBe(201)
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { entity: 'truck', entityId: posted.body.data.id } })
    expect(audit.userId).toBe(org.users.admin.id)
    await expect.poll(async () => (await prisma.apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).not.toBeNull()
  })

  it('read-only keys read but every write is 403 with nothing written', async () => {
    const org = await createOrg()
    const created = await key(org, 'read_only')
    expect((await callApi(trucks, { path: '/api/trucks', token: created.secret })).status).toBe(200)
    const posted = await callApi(trucks, { method: 'POST', path: '/api/trucks', token: created.secret, body: { unitNumber: 'RO-1' } })
    expect(posted.status).toBe(403)
    expect(posted.body).toEqual({ error: { code: 'forbidden', message: 'This API key is read-only.' } })
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('stop working when revoked, when their creator is banned, or when altered', async () => {
    const org = await createOrg()
    const revoked = await key(org)
    await revokeApiKey(actorOf(org), revoked.id)
    const banned = await key(org)
    const answers = await Promise.all(
      [revoked.secret, `${banned.secret.slice(0, -1)}${banned.secret.endsWith('A') ? 'B' : 'A'}`, 'fdk_unknown'].map((token) =>
        callApi(trucks, { path: '/api/trucks', token }),
      ),
    )
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401])
    expect((await callApi(trucks, { path: '/api/trucks', token: banned.secret })).status).toBe(200)
    await prisma.user.update({ where: { id: org.users.admin.id }, data: { status: 'banned' } })
    expect(await getApiKeyUser(banned.secret)).toBeNull()
    expect((await callApi(trucks, { path: '/api/trucks', token: banned.secret })).status).toBe(401)
  })

  it('narrow to the creator’s current role: a demoted creator’s key loses what the role lost', async () => {
    const org = await createOrg()
    const created = await key(org)
    await prisma.user.update({ where: { id: org.users.admin.id }, data: { role: 'accountant' } })
    const answer = await callApi(trucks, { path: '/api/trucks', token: created.secret })
    expect(answer.status).toBe(403)
    expect(answer.body.error.message).toBe('Your role does not allow this.')
  })

  it('are created and revoked on the account page by admins only, within their organization', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const created = await postAccount(org, 'admin', { intent: 'createApiKey', name: 'Load board', scope: 'read_only' })
    expect(created.status).toBe(200)
    const createdKey = shownOnceOf(created)!
    expect(createdKey).toMatchObject({ intent: 'createApiKey', name: 'Load board', value: expect.stringMatching(/^fdk_/) })
    const [stored] = await listApiKeys(org.organization.id)
    expect(stored).toMatchObject({ name: 'Load board', scope: 'read_only', revokedAt: null })

    expect((await postAccount(org, 'admin', { intent: 'createApiKey', name: '', scope: 'everything' })).status).toBe(400)
    expect((await postAccount(org, 'dispatcher', { intent: 'createApiKey', name: 'Mine', scope: 'read_write' })).status).toBe(403)
    expect(await prisma.apiKey.count({ where: { organizationId: org.organization.id } })).toBe(1)

    expect((await postAccount(other, 'admin', { intent: 'revokeApiKey', id: stored.id })).status).toBe(404)
    expect((await postAccount(org, 'dispatcher', { intent: 'revokeApiKey', id: stored.id })).status).toBe(403)
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: stored.id } })).revokedAt).toBeNull()

    expect((await postAccount(org, 'admin', { intent: 'revokeApiKey', id: stored.id })).status).toBe(302)
    expect((await prisma.apiKey.findUniqueOrThrow({ where: { id: stored.id } })).revokedAt).not.toBeNull()
    expect((await callApi(trucks, { path: '/api/trucks', token: createdKey.value })).status).toBe(401)
  })
})
