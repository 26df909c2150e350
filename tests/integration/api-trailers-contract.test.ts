import { describe, expect, it } from 'vitest'

import * as collection from '~/routes/api/trailers/collection'
import * as item from '~/routes/api/trailers/item'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg, unique, vin } from '../helpers'

let n = 0

describeResourceContract({
  path: '/api/trailers',
  entity: 'trailer',
  collection,
  item,
  validBody: () => ({ unitNumber: unique('TR').slice(0, 20), vin: vin(++n + 800_000), type: 'reefer', status: 'available' }),
  change: { field: 'notes', value: 'Changed by the contract suite' },
  invalidBodies: (org) => [
    { body: {}, field: 'unitNumber' },
    { body: { unitNumber: 'TR-1', status: 'flying' }, field: 'status' },
    { body: { unitNumber: 'TR-1', type: 'boat' }, field: 'type' },
    { body: { unitNumber: 'TR-1', lengthFt: 'long' }, field: 'lengthFt' },
    { body: { unitNumber: 'TR-1', lengthFt: 53.5 }, field: 'lengthFt' },
    { body: { unitNumber: 'TR-1', vin: '123' }, field: 'vin' },
    { body: { unitNumber: 'TR-1', companyId: 'c'.repeat(25) }, field: 'companyId' },
    { body: { unitNumber: 'TR-1', notes: 'a\u0000b' }, field: 'notes' },
    { body: { unitNumber: 'TR-1', licensePlate: '\ud800' }, field: 'licensePlate' },
    { body: { unitNumber: 'TR-1', inspectionDue: '2026-02-30' }, field: 'inspectionDue' },
    { body: { unitNumber: 'TR-1', customFields: { 'Bad Key': 1 } }, field: 'customFields.Bad Key' },
    { body: { unitNumber: 'TR-1', customFields: { door_type: 'swing' } }, field: 'customFields.door_type' },
    // An id of the right shape that names no company of this organization.
    { body: { unitNumber: 'TR-1', companyId: `${org.company.id.slice(0, -1)}${org.company.id.endsWith('a') ? 'b' : 'a'}` }, field: 'companyId' },
  ],
  count: (organizationId) => prisma.trailer.count({ where: { organizationId } }),
})

describe('/api/trailers', () => {
  it('creates (201), reads, lists with meta, filters by type and searches a plate without its dash', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/trailers',
      token,
      body: {
        unitNumber: 'API-1',
        vin: vin(9),
        type: 'flatbed',
        lengthFt: 48,
        licensePlate: 'tx-4411',
        companyId: org.company.id,
        inspectionDue: '2027-05-01',
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      unitNumber: 'API-1',
      type: 'flatbed',
      lengthFt: 48,
      licensePlate: 'TX-4411',
      status: 'available',
      version: 1,
      inspectionDue: '2027-05-01',
      company: { id: org.company.id },
      customFields: {},
    })
    const read = await callApi(item, { path: `/api/trailers/${created.body.data.id}`, params: { id: created.body.data.id }, token: org.users.viewer.token })
    expect(read.body.data).toEqual(created.body.data)

    await callApi(collection, { method: 'POST', path: '/api/trailers', token, body: { unitNumber: 'API-2' } })
    const list = await callApi(collection, { path: '/api/trailers?sort=unitNumber&dir=desc&pageSize=10', token })
    expect(list.body.meta).toEqual({ total: 2, page: 1, pageSize: 10 })
    expect(list.body.data.map((trailer: { unitNumber: string }) => trailer.unitNumber)).toEqual(['API-2', 'API-1'])
    const flatbeds = await callApi(collection, { path: '/api/trailers?type=flatbed', token })
    expect(flatbeds.body.data.map((trailer: { unitNumber: string }) => trailer.unitNumber)).toEqual(['API-1'])
    const byPlate = await callApi(collection, { path: '/api/trailers?q=TX4411', token })
    expect(byPlate.body.data.map((trailer: { unitNumber: string }) => trailer.unitNumber)).toEqual(['API-1'])
  })

  it('accepts a GET-modify-PUT round trip, and refuses a duplicate unit number in another case with 400 at the field', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const first = (await callApi(collection, { method: 'POST', path: '/api/trailers', token, body: { unitNumber: 'RT-1', registrationExpiry: '2027-01-31' } }))
      .body.data
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/trailers/${first.id}`,
      params: { id: first.id },
      token,
      body: { ...first, lengthFt: 53, company: { id: 'ignored' } },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ lengthFt: 53, registrationExpiry: '2027-01-31', version: 2 })

    const duplicate = await callApi(collection, { method: 'POST', path: '/api/trailers', token, body: { unitNumber: 'rt-1' } })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.error).toMatchObject({ code: 'validation_failed', fields: { unitNumber: ['Another trailer already uses this unit number.'] } })
  })
})
