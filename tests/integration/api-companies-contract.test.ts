import { describe, expect, it } from 'vitest'

import * as collection from '~/routes/api/companies/collection'
import * as item from '~/routes/api/companies/item'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg, unique } from '../helpers'

let n = 0

// The specification's singular path and the plural alias are the same modules; both keep the contract.
for (const path of ['/api/company', '/api/companies']) {
  describeResourceContract({
    path,
    entity: 'company',
    collection,
    item,
    validBody: () => ({ name: unique('Carrier'), mcNumber: `MC-${++n + 500_000}`, city: 'Dallas', state: 'TX', status: 'active' }),
    change: { field: 'notes', value: 'Changed by the contract suite' },
    invalidBodies: () => [
      { body: {}, field: 'name' },
      { body: { name: '   ' }, field: 'name' },
      { body: { name: 'x'.repeat(121) }, field: 'name' },
      { body: { name: 'C-1', status: 'closed' }, field: 'status' },
      { body: { name: 'C-1', kind: 'bank' }, field: 'kind' },
      { body: { name: 'C-1', mcNumber: 'MC-12A' }, field: 'mcNumber' },
      { body: { name: 'C-1', dotNumber: '123456789' }, field: 'dotNumber' },
      { body: { name: 'C-1', scac: 'A1' }, field: 'scac' },
      { body: { name: 'C-1', email: 'nobody' }, field: 'email' },
      { body: { name: 'C-1', phone: 'call me' }, field: 'phone' },
      { body: { name: 'C-1', country: 'U1' }, field: 'country' },
      { body: { name: 'C-1', notes: 'a\u0000b' }, field: 'notes' },
      { body: { name: 'C-1', city: '\ud800' }, field: 'city' },
      { body: { name: 42 }, field: 'name' },
      { body: { name: 'C-1', customFields: { 'Bad Key': 1 } }, field: 'customFields.Bad Key' },
      { body: { name: 'C-1', customFields: { insurance: 'x' } }, field: 'customFields.insurance' },
    ],
    count: (organizationId) => prisma.company.count({ where: { organizationId } }),
  })
}

describe('/api/company', () => {
  it('creates (201), reads through both paths, lists with meta and counts, searches MC and filters by status', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/company',
      token,
      body: {
        name: 'Gulf Coast Carriers',
        legalName: 'Gulf Coast Carriers LLC',
        mcNumber: 'MC 778 899',
        dotNumber: 'USDOT 3344556',
        scac: 'gcci',
        email: 'ops@gulfcoast.example',
        phone: '(713) 555-0199',
        addressLine1: '4500 Harrisburg Blvd',
        city: 'Houston',
        state: 'tx',
        postalCode: '77011',
        country: 'us',
        factoringName: 'RTS Financial',
        factoringRemitTo: 'PO Box 840267\nDallas, TX 75284',
        customFields: null,
        id: 'ignored',
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      name: 'Gulf Coast Carriers',
      mcNumber: '778899',
      dotNumber: '3344556',
      scac: 'GCCI',
      state: 'TX',
      country: 'US',
      status: 'active',
      version: 1,
      customFields: {},
      counts: { trucks: 0, trailers: 0, drivers: 0 },
    })
    const id = created.body.data.id
    expect(id).not.toBe('ignored')
    for (const path of [`/api/company/${id}`, `/api/companies/${id}`]) {
      const read = await callApi(item, { path, params: { id }, token: org.users.accountant.token })
      expect(read.body.data).toEqual(created.body.data)
    }
    await callApi(collection, { method: 'POST', path: '/api/companies', token, body: { name: 'Alamo Express', status: 'inactive' } })
    const list = await callApi(collection, { path: '/api/company?sort=name&dir=desc&pageSize=10', token })
    expect(list.body.meta).toEqual({ total: 3, page: 1, pageSize: 10 })
    // Names sort without regard to case (CITEXT): "org-… Carriers" comes after "Gulf …" going down.
    expect(list.body.data.map((company: { name: string }) => company.name)).toEqual([org.company.name, 'Gulf Coast Carriers', 'Alamo Express'])
    const byMc = await callApi(collection, { path: '/api/company?q=MC-778899', token })
    expect(byMc.body.data.map((company: { name: string }) => company.name)).toEqual(['Gulf Coast Carriers'])
    const inactive = await callApi(collection, { path: '/api/companies?status=inactive', token })
    expect(inactive.body.data.map((company: { name: string }) => company.name)).toEqual(['Alamo Express'])
  })

  it('accepts a GET-modify-PUT round trip, and refuses a duplicate name in another case with 400 at the field', async () => {
    const org = await createOrg()
    const token = org.users.dispatcher.token
    const first = (await callApi(collection, { method: 'POST', path: '/api/company', token, body: { name: 'Round Trip Freight', dotNumber: '1234567' } })).body
      .data
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/company/${first.id}`,
      params: { id: first.id },
      token,
      body: { ...first, city: 'El Paso', counts: { trucks: 99 } },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ city: 'El Paso', dotNumber: '1234567', version: 2, counts: { trucks: 0 } })

    const duplicate = await callApi(collection, { method: 'POST', path: '/api/company', token, body: { name: 'ROUND TRIP FREIGHT', dotNumber: 'DOT 1234567' } })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { name: ['Another company already has this name.'], dotNumber: ['Another company already has this USDOT number.'] },
    })
  })

  it('answers DELETE of a company still in use with 409 in_use naming what uses it, in the caller’s language; deletes it once free', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const company = (await callApi(collection, { method: 'POST', path: '/api/company', token, body: { name: 'Anchored Logistics' } })).body.data
    await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'AN-1', companyId: company.id } })
    await prisma.user.update({ where: { id: org.users.driver.id }, data: { companyId: company.id } })
    const request = { method: 'DELETE', path: `/api/companies/${company.id}`, params: { id: company.id }, token }
    const refused = await callApi(item, request)
    expect(refused.status).toBe(409)
    expect(refused.body.error).toEqual({
      code: 'in_use',
      message: 'Anchored Logistics is still in use (trucks: 1, trailers: 0, users: 1). Assign them to another company or remove them first.',
    })
    const french = await callApi(item, { ...request, headers: { 'Accept-Language': 'fr' } })
    expect(french.body.error.message).toContain('camions : 1')
    expect((await prisma.user.findUniqueOrThrow({ where: { id: org.users.driver.id } })).companyId).toBe(company.id)

    await prisma.truck.deleteMany({ where: { companyId: company.id } })
    await prisma.user.update({ where: { id: org.users.driver.id }, data: { companyId: null } })
    const deleted = await callApi(item, { ...request, path: `/api/company/${company.id}?version=1` })
    expect(deleted).toMatchObject({ status: 200, body: { data: { id: company.id, deleted: true } } })
  })

  it('has a kind (ADR 094, a compatible addition): own_fleet unless sent, ?kind= filters, a PUT without it keeps it, the agreement’s factor keeps it (409)', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const factor = await callApi(collection, { method: 'POST', path: '/api/company', token, body: { name: 'Prime Factor', kind: 'factor' } })
    expect([factor.status, factor.body.data.kind]).toEqual([201, 'factor'])
    expect((await callApi(item, { path: `/api/company/${org.company.id}`, params: { id: org.company.id }, token })).body.data.kind).toBe('own_fleet')
    const factors = await callApi(collection, { path: '/api/companies?kind=factor', token })
    expect(factors.body.data.map((company: { name: string }) => company.name)).toEqual(['Prime Factor'])
    // A client written before kinds PUTs back a body without one: the company stays a factor.
    const { kind: _kind, ...body } = factor.body.data
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/company/${factor.body.data.id}`,
      params: { id: factor.body.data.id },
      token,
      body: { ...body, city: 'Dallas' },
    })
    expect([put.status, put.body.data.kind, put.body.data.city]).toEqual([200, 'factor', 'Dallas'])

    await prisma.factoringAgreement.create({
      data: { organizationId: org.organization.id, factorCompanyId: factor.body.data.id, advanceBasisPoints: 9_000, feeBasisPoints: 250 },
    })
    const demoted = await callApi(item, {
      method: 'PUT',
      path: `/api/company/${factor.body.data.id}`,
      params: { id: factor.body.data.id },
      token,
      body: { ...put.body.data, kind: 'own_fleet' },
    })
    expect([demoted.status, demoted.body.error.code, demoted.body.error.fields]).toEqual([
      409,
      'in_use',
      { kind: ['Prime Factor is the factor of your factoring agreement: choose another factor before changing its kind.'] },
    ])
  })
})
