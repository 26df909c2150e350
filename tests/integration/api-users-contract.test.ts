import { describe, expect, it } from 'vitest'

import { createSession } from '~/models/users/auth.server'
import { commitSessionCookie } from '~/requests/session.server'
import * as collection from '~/routes/api/users/collection'
import * as item from '~/routes/api/users/item'
import * as account from '~/routes/dashboard/users/account'
import * as cards from '~/routes/dashboard/users/cards'
import * as editor from '~/routes/dashboard/users/editor'
import * as list from '~/routes/dashboard/users/list'
import * as profile from '~/routes/dashboard/users/profile'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg, PASSWORD, unique } from '../helpers'

describeResourceContract({
  path: '/api/users',
  itemPath: '/api/user',
  entity: 'user',
  collection,
  item,
  deletable: false,
  validBody: () => ({ email: `${unique('contract')}@example.test`, firstName: 'Carla', lastName: 'Tract', role: 'viewer' }),
  change: { field: 'phone', value: '+1 512 555 0142' },
  invalidBodies: (org) => [
    { body: { firstName: 'A', lastName: 'B' }, field: 'email' },
    { body: { email: 'not-an-email', firstName: 'A', lastName: 'B' }, field: 'email' },
    { body: { email: `${unique('x')}@example.test`, firstName: 'a\u0000b', lastName: 'B' }, field: 'firstName' },
    { body: { email: `${unique('x')}@example.test`, lastName: 'B' }, field: 'firstName' },
    { body: { email: `${unique('x')}@example.test`, firstName: 'A', lastName: 'B', role: 'boss' }, field: 'role' },
    { body: { email: `${unique('x')}@example.test`, firstName: 'A', lastName: 'B', phone: 'call me' }, field: 'phone' },
    { body: { email: `${unique('x')}@example.test`, firstName: 'A', lastName: 'B', password: 'short' }, field: 'password' },
    { body: { email: org.users.viewer.email.toUpperCase(), firstName: 'A', lastName: 'B' }, field: 'email' },
    { body: { email: `${unique('x')}@example.test`, firstName: 'A', lastName: 'B', companyId: 'c'.repeat(25) }, field: 'companyId' },
    {
      body: { email: `${unique('x')}@example.test`, firstName: 'A', lastName: 'B', role: 'driver', driverProfile: { cdlClass: 'D' } },
      field: 'driverProfile.cdlClass',
    },
    {
      body: { email: `${unique('x')}@example.test`, firstName: 'A', lastName: 'B', role: 'driver', driverProfile: { payMethod: 'percent', payRate: 10_001 } },
      field: 'driverProfile.payRate',
    },
    {
      body: { email: `${unique('x')}@example.test`, firstName: 'A', lastName: 'B', driverProfile: { licenseExpiry: '2026-02-30' } },
      field: 'driverProfile.licenseExpiry',
    },
  ],
  count: (organizationId) => prisma.user.count({ where: { organizationId } }),
})

/** Every key at every depth of a JSON value. */
function keys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keys)
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => [key, ...keys(inner)])
  return []
}

function expectNoPassword(what: string, value: unknown) {
  const text = JSON.stringify(value)
  expect(keys(value), what).not.toContain('passwordHash')
  // Neither the hash nor the password the request sent comes back (field errors name the field only).
  expect(text, what).not.toMatch(/\$argon2|avatarKey/)
  expect(text, what).not.toContain(PASSWORD)
}

describe('/api/users', () => {
  it('creates a driver with a profile (201), reads it, lists with meta and filters, and accepts a GET-modify-PUT round trip', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const email = `${unique('api-driver')}@example.test`
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/user',
      token,
      body: {
        email,
        password: PASSWORD,
        firstName: 'Rae',
        lastName: 'Driver',
        role: 'driver',
        companyId: org.company.id,
        driverProfile: { licenseNumber: 'L-55', licenseState: 'ok', cdlClass: 'A', medicalCardExpiry: '2027-01-15', payMethod: 'flat', payRate: 35_000 },
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      email,
      status: 'active',
      role: 'driver',
      version: 1,
      company: { id: org.company.id },
      driverProfile: {
        licenseNumber: 'L-55',
        licenseState: 'OK',
        cdlClass: 'A',
        medicalCardExpiry: '2027-01-15',
        payMethod: 'flat',
        payRate: 35_000,
        hireDate: null,
      },
    })
    const id = created.body.data.id
    const read = await callApi(item, { path: `/api/user/${id}`, params: { id }, token })
    expect(read.body.data).toEqual(created.body.data)

    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/user/${id}`,
      params: { id },
      token,
      body: { ...read.body.data, email: 'ignored@example.test', driverProfile: { ...read.body.data.driverProfile, hireDate: '2024-06-01' } },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ email, version: 2, driverProfile: { hireDate: '2024-06-01', licenseNumber: 'L-55' } })

    const drivers = await callApi(collection, { path: '/api/users?role=driver&sort=name&pageSize=10', token })
    expect(drivers.body.meta).toEqual({ total: 2, page: 1, pageSize: 10 })
    expect(drivers.body.data.map((user: { lastName: string }) => user.lastName)).toEqual(['Driver', 'Tester'])
    const found = await callApi(collection, { path: '/api/users?q=rae%20driver', token })
    expect(found.body.data.map((user: { id: string }) => user.id)).toEqual([id])
  })

  it('answers a demotion of the last admin with 400 at the field, and another organization’s user with 404', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const id = org.users.admin.id
    const me = (await callApi(item, { path: `/api/user/${id}`, params: { id }, token: org.users.admin.token })).body.data
    const answer = await callApi(item, {
      method: 'PUT',
      path: `/api/user/${id}`,
      params: { id },
      token: org.users.admin.token,
      body: { ...me, role: 'viewer' },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', fields: { role: [expect.stringContaining('admin')] } })
    const foreign = await callApi(item, { path: `/api/user/${other.users.viewer.id}`, params: { id: other.users.viewer.id }, token: org.users.admin.token })
    expect(foreign.status).toBe(404)
    const list = await callApi(collection, { path: '/api/users?pageSize=100', token: org.users.admin.token })
    expect(list.body.data.map((user: { organizationId: string }) => user.organizationId)).toEqual(
      Array(Object.keys(org.users).length).fill(org.organization.id),
    )
  })

  it('never sends a password or its hash: not from any endpoint, not from any users page', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const seen: Array<[string, unknown]> = []
    const withPassword = await callApi(collection, {
      method: 'POST',
      path: '/api/user',
      token,
      body: { email: `${unique('p')}@example.test`, password: PASSWORD, firstName: 'P', lastName: 'W', role: 'driver' },
    })
    const invited = await callApi(collection, {
      method: 'POST',
      path: '/api/user',
      token,
      body: { email: `${unique('i')}@example.test`, firstName: 'I', lastName: 'V' },
    })
    const id = withPassword.body.data.id
    seen.push(['POST with password', withPassword.body], ['POST invitation', invited.body])
    seen.push(['GET /api/users', (await callApi(collection, { path: '/api/users?pageSize=100', token })).body])
    const read = await callApi(item, { path: `/api/user/${id}`, params: { id }, token })
    seen.push(['GET /api/user/{id}', read.body])
    seen.push([
      'PUT /api/user/{id}',
      (await callApi(item, { method: 'PUT', path: `/api/user/${id}`, params: { id }, token, body: { ...read.body.data, password: 'x' } })).body,
    ])
    seen.push(['PUT stale', (await callApi(item, { method: 'PUT', path: `/api/user/${id}`, params: { id }, token, body: read.body.data })).body])
    seen.push(['POST invalid', (await callApi(collection, { method: 'POST', path: '/api/user', token, body: { email: 'x', password: 'short' } })).body])

    const session = await createSession(org.users.admin.id, 'web')
    const cookie = (await commitSessionCookie(session.id)).split(';')[0]
    const page = (path: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })
    const args = (path: string, params: Record<string, string> = {}) => ({ request: page(path), params, context: {} }) as never
    seen.push(['list page', await list.loader(args('/dashboard/user/list'))])
    seen.push(['cards page', await cards.loader(args('/dashboard/user/cards'))])
    seen.push(['editor page', await editor.loader(args(`/dashboard/user/${id}/edit`, { id }))])
    seen.push(['profile page', await profile.loader(args('/dashboard/user/profile'))])
    seen.push(['account page', await account.loader(args('/dashboard/user/account'))])
    for (const [what, body] of seen) expectNoPassword(what, body)
    expect(seen).toHaveLength(12)
  })
})
