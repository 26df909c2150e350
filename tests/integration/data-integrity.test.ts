/**
 * Data integrity at the edges: atomic deletes, one strict version parser, and text PostgreSQL
 * cannot store (NUL, lone surrogates) refused before any query, for the API and the HTML actions.
 */
import { describe, expect, it } from 'vitest'

import { createTrailer } from '~/models/reference/trailer.server'
import { createTruck } from '~/models/reference/truck.server'
import { registerOrganization } from '~/models/users/auth.server'
import * as collection from '~/routes/api/trucks/collection'
import * as item from '~/routes/api/trucks/item'
import * as truckDelete from '~/routes/dashboard/trucks/delete'
import * as truckEditor from '~/routes/dashboard/trucks/editor'
import * as truckList from '~/routes/dashboard/trucks/list'
import { TrailerSchema } from '~/schemas/trailer'
import { TruckSchema } from '~/schemas/truck'
import { prisma } from '~/utils/db.server'
import { embeddedPostgresFlags } from '~/utils/db-setup.server'

import { actorOf, callApi, createOrg, unique, vin } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

const BAD_VERSIONS = ['0x1', ' 1', '%201', '1e0', '1.0', '+1', '01', '-1', 'abc', '99999999999']

async function newTruck(org: Awaited<ReturnType<typeof createOrg>>) {
  return createTruck(actorOf(org), TruckSchema.parse({ unitNumber: unique('T') }))
}

describe('embedded PostgreSQL durability', () => {
  it('starts the app with fsync on unless a test cluster turns it off explicitly', () => {
    const previous = process.env.EMBEDDED_PG_FSYNC
    delete process.env.EMBEDDED_PG_FSYNC
    try {
      expect(embeddedPostgresFlags()).toContain('fsync=on')
      expect(embeddedPostgresFlags({ fsync: false })).toContain('fsync=off')
      process.env.EMBEDDED_PG_FSYNC = 'off'
      expect(embeddedPostgresFlags()).toContain('fsync=off')
    } finally {
      if (previous === undefined) delete process.env.EMBEDDED_PG_FSYNC
      else process.env.EMBEDDED_PG_FSYNC = previous
    }
  })
})

describe('case-insensitive uniqueness in the database', () => {
  it('lets only one of racing creates of a1 and A1 in', async () => {
    const org = await createOrg()
    const results = await Promise.allSettled(
      ['a1', 'A1', 'a1', 'A1', 'a1', 'A1'].map((unitNumber) => createTruck(actorOf(org), TruckSchema.parse({ unitNumber }))),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results.filter((result) => result.status === 'rejected')) {
      expect(result.reason).toMatchObject({ code: 'validation_failed', fields: { unitNumber: ['trucks.errors.duplicateUnit'] } })
    }
    // The index itself refuses it, whatever code path writes.
    for (const unitNumber of ['a1', 'A1']) {
      await expect(prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber } })).rejects.toMatchObject({ code: 'P2002' })
    }
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('keeps one account per email address whatever its case, even for racing registrations', async () => {
    const name = unique('race')
    const register = (email: string) => registerOrganization({ email, password: 'long enough pw', firstName: 'Ada', lastName: 'Lovelace' })
    const results = await Promise.allSettled([register(`${name}@Example.test`.toUpperCase()), register(`${name}@example.TEST`)])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect(await prisma.user.count({ where: { email: { equals: `${name}@example.test`, mode: 'insensitive' } } })).toBe(1)
    const [{ organizationId }] = await prisma.user.findMany({ where: { email: `${name}@example.test` } })
    await expect(
      prisma.user.create({ data: { organizationId, email: `${name}@EXAMPLE.test`, passwordHash: 'x', firstName: 'A', lastName: 'B' } }),
    ).rejects.toMatchObject({ code: 'P2002' })
  })

  it('refuses a VIN already on another truck of the organization (API 400, HTML field error), but not in another one', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const first = await callApi(collection, { method: 'POST', path: '/api/trucks', token: org.users.admin.token, body: { unitNumber: 'V-1', vin: vin(42) } })
    expect(first.status).toBe(201)
    const again = await callApi(collection, {
      method: 'POST',
      path: '/api/trucks',
      token: org.users.admin.token,
      body: { unitNumber: 'V-2', vin: vin(42).toLowerCase() },
    })
    expect(again.status).toBe(400)
    expect(again.body.error).toEqual({
      code: 'validation_failed',
      message: 'Some fields need your attention.',
      fields: { vin: ['Another truck already has this VIN.'] },
    })
    expect(
      (await callApi(collection, { method: 'POST', path: '/api/trucks', token: other.users.admin.token, body: { unitNumber: 'V-1', vin: vin(42) } })).status,
    ).toBe(201)

    const outcome = await callPage(
      truckEditor.action as Handler,
      '/dashboard/trucks/new',
      org.users.admin.id,
      {},
      postForm({ unitNumber: 'v-1', vin: vin(42), status: 'available', ownership: 'company' }),
    )
    expect(outcome.status).toBe(400)
    expect(refusalOf(outcome)?.fields).toMatchObject({
      unitNumber: ['Another truck already uses this unit number.'],
      vin: ['Another truck already has this VIN.'],
    })

    // The database has the last word even when a write skips the model's check.
    await expect(prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'V-9', vin: vin(42) } })).rejects.toMatchObject({
      code: 'P2002',
    })
    // Trucks without a VIN are many.
    for (const unitNumber of ['N-1', 'N-2']) {
      expect((await callApi(collection, { method: 'POST', path: '/api/trucks', token: org.users.admin.token, body: { unitNumber, vin: '' } })).status).toBe(201)
    }
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(3)
  })
})

describe('atomic delete', () => {
  it('lets exactly one of 50 parallel API deletes win; the others get 404 or 409, never 500', async () => {
    const org = await createOrg()
    const truck = await newTruck(org)
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        callApi(item, {
          method: 'DELETE',
          path: `/api/trucks/${truck.id}${n % 2 ? '?version=1' : ''}`,
          params: { id: truck.id },
          token: org.users.admin.token,
        }),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.filter((status) => status !== 200 && status !== 404 && status !== 409)).toEqual([])
    expect(await prisma.truck.count({ where: { id: truck.id } })).toBe(0)
    expect(await prisma.auditEvent.count({ where: { entityId: truck.id, action: 'delete' } })).toBe(1)
  })

  it('refuses a delete that races an update instead of deleting the newer version', async () => {
    const org = await createOrg()
    const truck = await newTruck(org)
    const [put, del] = await Promise.all([
      callApi(item, {
        method: 'PUT',
        path: `/api/trucks/${truck.id}`,
        params: { id: truck.id },
        token: org.users.admin.token,
        body: { unitNumber: truck.unitNumber, make: 'Mack', version: 1 },
      }),
      callApi(item, { method: 'DELETE', path: `/api/trucks/${truck.id}?version=1`, params: { id: truck.id }, token: org.users.admin.token }),
    ])
    // Either order is fine; what may not happen is both succeeding.
    const remaining = await prisma.truck.findUnique({ where: { id: truck.id } })
    if (put.status === 200) {
      expect(del.status).toBe(409)
      expect(remaining).toMatchObject({ make: 'Mack', version: 2 })
    } else {
      expect({ del: del.status, putLost: [404, 409].includes(put.status), remaining }).toEqual({ del: 200, putLost: true, remaining: null })
    }
  })
})

describe('one strict version parser', () => {
  it.each(BAD_VERSIONS)('API DELETE refuses ?version=%s with 400 and keeps the truck', async (raw) => {
    const org = await createOrg()
    const truck = await newTruck(org)
    const response = await callApi(item, {
      method: 'DELETE',
      path: `/api/trucks/${truck.id}?version=${encodeURIComponent(raw)}`,
      params: { id: truck.id },
      token: org.users.admin.token,
    })
    expect(response.status).toBe(400)
    expect(response.body.error).toMatchObject({ code: 'validation_failed', fields: { version: ['The record version must be a whole number such as 3.'] } })
    expect(await prisma.truck.count({ where: { id: truck.id } })).toBe(1)
  })

  it('API DELETE accepts a canonical version and PUT refuses a version sent as odd text', async () => {
    const org = await createOrg()
    const truck = await newTruck(org)
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/trucks/${truck.id}`,
      params: { id: truck.id },
      token: org.users.admin.token,
      body: { unitNumber: truck.unitNumber, version: '1e0' },
    })
    expect(put.status).toBe(400)
    expect(put.body.error.fields).toEqual({ version: ['The record version must be a whole number such as 3.'] })
    const del = await callApi(item, { method: 'DELETE', path: `/api/trucks/${truck.id}?version=1`, params: { id: truck.id }, token: org.users.admin.token })
    expect(del.status).toBe(200)
    expect(del.body).toEqual({ data: { id: truck.id, deleted: true } })
  })

  it.each(['0x1', ' 1', '1e0', '1.0'])('the HTML delete refuses version=%s and keeps the truck', async (raw) => {
    const org = await createOrg()
    const truck = await newTruck(org)
    const path = `/dashboard/trucks/${truck.id}/delete`
    const outcome = await callPage(truckDelete.action as Handler, path, org.users.admin.id, { id: truck.id }, postForm({ intent: 'delete', version: raw }))
    expect(outcome.status).toBe(302)
    expect(outcome.location).toBe('/dashboard/trucks/list')
    expect(await prisma.truck.count({ where: { id: truck.id } })).toBe(1)
    const ok = await callPage(truckDelete.action as Handler, path, org.users.admin.id, { id: truck.id }, postForm({ intent: 'delete', version: '1' }))
    expect(ok.status).toBe(302)
    expect(await prisma.truck.count({ where: { id: truck.id } })).toBe(0)
  })

  it('the HTML editor refuses version=1e0 with a field error and changes nothing', async () => {
    const org = await createOrg()
    const truck = await newTruck(org)
    const outcome = await callPage(
      truckEditor.action as Handler,
      `/dashboard/trucks/${truck.id}/edit`,
      org.users.admin.id,
      { id: truck.id },
      postForm({ unitNumber: truck.unitNumber, make: 'Mack', version: '1e0' }),
    )
    expect(outcome.status).toBe(400)
    expect(refusalOf(outcome)?.fields.version).toEqual(['The record version must be a whole number such as 3.'])
    expect((await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).make).toBeNull()
  })
})

describe('text PostgreSQL cannot store', () => {
  const BAD_TEXT = { nul: 'Mack\u0000Trucks', surrogate: 'Mack\uD800' }

  it.each(Object.entries(BAD_TEXT))('API POST and PUT refuse a %s in text fields with 400 and a translated message', async (_, value) => {
    const org = await createOrg()
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/trucks',
      token: org.users.admin.token,
      body: { unitNumber: unique('T'), make: value, notes: value, licensePlate: value },
    })
    expect(created.status).toBe(400)
    expect(created.body.error.fields).toEqual({
      make: ['This contains characters that cannot be saved.'],
      notes: ['This contains characters that cannot be saved.'],
      licensePlate: ['This contains characters that cannot be saved.'],
    })
    const truck = await newTruck(org)
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/trucks/${truck.id}`,
      params: { id: truck.id },
      token: org.users.admin.token,
      body: { unitNumber: truck.unitNumber, model: value, version: 1, companyId: value },
    })
    expect(put.status).toBe(400)
    expect(put.body.error.fields.model).toEqual(['This contains characters that cannot be saved.'])
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('API answers 404 for an id with a NUL byte or a lone surrogate, and ignores such a search', async () => {
    const org = await createOrg()
    await newTruck(org)
    for (const id of ['abc\u0000', '\uD800', 'x'.repeat(300)]) {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const response = await callApi(item, {
          method,
          path: '/api/trucks/x',
          params: { id },
          token: org.users.admin.token,
          body: method === 'PUT' ? { unitNumber: 'A1', version: 1 } : undefined,
        })
        expect(response.status, `${method} ${JSON.stringify(id)}`).toBe(404)
        expect(response.body.error.code).toBe('not_found')
      }
    }
    const list = await callApi(collection, { path: '/api/trucks?q=a%00&companyId=%00', token: org.users.admin.token })
    expect(list.status).toBe(200)
  })

  it('API register refuses a NUL byte or lone surrogate in names with 400, creating nothing', async () => {
    const register = await import('~/routes/api/account/register')
    for (const value of Object.values(BAD_TEXT)) {
      const email = `${unique('nul')}@example.test`
      const response = await callApi(register, {
        method: 'POST',
        path: '/api/account/register',
        body: { email, password: 'long enough pw', firstName: value, lastName: 'Lovelace', organizationName: value },
      })
      expect(response.status).toBe(400)
      expect(response.body.error.fields.firstName).toEqual(['This contains characters that cannot be saved.'])
      expect(await prisma.user.count({ where: { email } })).toBe(0)
    }
  })

  // A form body is UTF-8: a lone surrogate arrives as U+FFFD, so only NUL can reach a page action.
  it('the HTML editor refuses NUL bytes with field errors, and pages answer 404 for such ids', async () => {
    const org = await createOrg()
    {
      const value = BAD_TEXT.nul
      const fields = { unitNumber: unique('T'), make: value, companyId: value }
      const outcome = await callPage(truckEditor.action as Handler, '/dashboard/trucks/new', org.users.admin.id, {}, postForm(fields))
      expect(outcome.status).toBe(400)
      expect(refusalOf(outcome)?.fields.make).toEqual(['This contains characters that cannot be saved.'])
      expect(refusalOf(outcome)?.fields.companyId).toEqual(['This contains characters that cannot be saved.', 'Choose one of the options.'])
    }
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
    for (const id of ['abc\u0000', '\uD800']) {
      expect((await callPage(truckEditor.loader as Handler, '/dashboard/trucks/x/edit', org.users.admin.id, { id })).status).toBe(404)
      expect((await callPage(truckDelete.loader as Handler, '/dashboard/trucks/x/delete', org.users.admin.id, { id })).status).toBe(404)
    }
    const list = await callPage(truckList.loader as Handler, `/dashboard/trucks/list?q=${encodeURIComponent('a\u0000')}`, org.users.admin.id)
    expect(list.status).toBe(200)
  })
})

describe('a reference deleted during the write', () => {
  it('answers the field error, not a 500, when the company goes between the check and the insert, and writes nothing', async () => {
    const org = await createOrg()
    const company = await prisma.company.create({ data: { organizationId: org.organization.id, name: unique('Gone Soon') } })
    // Deterministic race: the trailer's own insert deletes its company first, as a concurrent
    // delete committing between assertReferences and the insert would.
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION delete_company_first() RETURNS trigger AS $$ BEGIN DELETE FROM "Company" WHERE id = NEW."companyId"; RETURN NEW; END $$ LANGUAGE plpgsql`,
    )
    await prisma.$executeRawUnsafe(`CREATE TRIGGER delete_company_first BEFORE INSERT ON "Trailer" FOR EACH ROW EXECUTE FUNCTION delete_company_first()`)
    try {
      await expect(createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'RACE-1', companyId: company.id }))).rejects.toMatchObject({
        code: 'validation_failed',
        fields: { companyId: ['trailers.errors.unknownCompany'] },
      })
    } finally {
      await prisma.$executeRawUnsafe('DROP TRIGGER delete_company_first ON "Trailer"')
      await prisma.$executeRawUnsafe('DROP FUNCTION delete_company_first()')
    }
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect(await prisma.company.count({ where: { id: company.id } })).toBe(1)
  })
})
