import { describe, expect, it } from 'vitest'

import * as brokerCollection from '~/routes/api/brokers/collection'
import * as companyCollection from '~/routes/api/companies/collection'
import * as companyItem from '~/routes/api/companies/item'
import * as collection from '~/routes/api/customfield/collection'
import * as item from '~/routes/api/customfield/item'
import * as trailerCollection from '~/routes/api/trailers/collection'
import * as trailerItem from '~/routes/api/trailers/item'
import * as truckCollection from '~/routes/api/trucks/collection'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg } from '../helpers'

let n = 0

describeResourceContract({
  path: '/api/customfield',
  entity: 'customField',
  collection,
  item,
  validBody: () => ({ listName: 'trucks', key: `field_${++n}`, label: `Field ${n}`, type: 'text' }),
  // No update call: the kit checks PUT is 405 and bumps the version in the database instead.
  touch: (id) => prisma.customFieldDefinition.update({ where: { id }, data: { label: 'Changed elsewhere', version: { increment: 1 } } }),
  invalidBodies: () => [
    { body: {}, field: 'listName' },
    { body: { listName: 'boats', key: 'a', label: 'A', type: 'text' }, field: 'listName' },
    { body: { listName: 'trucks', key: '1abc', label: 'A', type: 'text' }, field: 'key' },
    { body: { listName: 'trucks', key: 'has space', label: 'A', type: 'text' }, field: 'key' },
    { body: { listName: 'trucks', key: 'a', label: '', type: 'text' }, field: 'label' },
    { body: { listName: 'trucks', key: 'a', label: 'A', type: 'colour' }, field: 'type' },
    { body: { listName: 'trucks', key: 'a', label: 'A', type: 'select' }, field: 'options' },
    { body: { listName: 'trucks', key: 'a', label: 'A', type: 'select', options: ['x', 'X'] }, field: 'options' },
    { body: { listName: 'trucks', key: 'a', label: 'A', type: 'select', options: [1, 2] }, field: 'options' },
    { body: { listName: 'trucks', key: 'a', label: 'A', type: 'boolean', required: true }, field: 'required' },
    { body: { listName: 'trucks', key: 'a', label: 'A', type: 'text', required: 'yes' }, field: 'required' },
    { body: { listName: 'trucks', key: 'a', label: 'A', type: 'text', sortOrder: -1 }, field: 'sortOrder' },
  ],
  count: (organizationId) => prisma.customFieldDefinition.count({ where: { organizationId } }),
})

describe('/api/customfield', () => {
  it('creates (201), lists all or one list with or without the trailing slash, and refuses a duplicate key in another case', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/customfield',
      token,
      body: { listName: 'trucks', key: 'ELD_Provider', label: 'ELD provider', type: 'select', options: ['Samsara', 'Motive'], required: true, sortOrder: 2 },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      listName: 'trucks',
      key: 'eld_provider',
      type: 'select',
      options: ['Samsara', 'Motive'],
      required: true,
      sortOrder: 2,
      active: true,
      version: 1,
    })
    await callApi(collection, {
      method: 'POST',
      path: '/api/customfield',
      token,
      body: { listName: 'trailers', key: 'door_type', label: 'Door', type: 'text' },
    })

    const all = await callApi(collection, { path: '/api/customfield', token: org.users.viewer.token })
    expect(all.status).toBe(200)
    expect(all.body.data.map((definition: { key: string }) => definition.key).sort()).toEqual(['door_type', 'eld_provider'])
    expect(all.body.meta.total).toBe(2)
    for (const path of ['/api/customfield/?by=list&listName=trucks', '/api/customfield?by=list&listName=trucks', '/api/customfield?listName=trucks']) {
      const trucks = await callApi(collection, { path, token })
      expect(
        trucks.body.data.map((definition: { key: string }) => definition.key),
        path,
      ).toEqual(['eld_provider'])
    }
    const badList = await callApi(collection, { path: '/api/customfield?by=list&listName=boats', token })
    expect(badList.status).toBe(400)
    expect(badList.body.error.fields.listName).toHaveLength(1)
    const noList = await callApi(collection, { path: '/api/customfield?by=list', token })
    expect(noList.status).toBe(400)

    const duplicate = await callApi(collection, {
      method: 'POST',
      path: '/api/customfield',
      token,
      body: { listName: 'trucks', key: 'eld_PROVIDER', label: 'x', type: 'text' },
    })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.error.fields.key).toEqual(['This list already has a field with this key.'])
    // The same key on another list is another field.
    const otherList = await callApi(collection, {
      method: 'POST',
      path: '/api/customfield',
      token,
      body: { listName: 'loads', key: 'eld_provider', label: 'x', type: 'text' },
    })
    expect(otherList.status).toBe(201)
  })

  it('refuses to delete a field records hold values for (409 in_use), and deletes it once they do not', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const field = (
      await callApi(collection, {
        method: 'POST',
        path: '/api/customfield',
        token,
        body: { listName: 'trailers', key: 'door_type', label: 'Door type', type: 'text' },
      })
    ).body.data
    const trailer = (
      await callApi(trailerCollection, { method: 'POST', path: '/api/trailers', token, body: { unitNumber: 'T-1', customFields: { door_type: 'swing' } } })
    ).body.data
    expect(trailer.customFields).toEqual({ door_type: 'swing' })

    const refused = await callApi(item, { method: 'DELETE', path: `/api/customfield/${field.id}`, params: { id: field.id }, token })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('in_use')
    expect(refused.body.error.message).toContain('Door type')
    expect(await prisma.customFieldDefinition.count({ where: { id: field.id } })).toBe(1)

    await callApi(trailerItem, {
      method: 'PUT',
      path: `/api/trailers/${trailer.id}`,
      params: { id: trailer.id },
      token,
      body: { ...trailer, customFields: {} },
    })
    const deleted = await callApi(item, { method: 'DELETE', path: `/api/customfield/${field.id}?version=1`, params: { id: field.id }, token })
    expect(deleted.status).toBe(200)
    expect(deleted.body.data).toEqual({ id: field.id, deleted: true })
  })

  it('makes truck and trailer writes accept defined fields with their types, and still refuse unknown keys', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    for (const body of [
      { listName: 'trucks', key: 'fuel_card', label: 'Fuel card', type: 'text' },
      { listName: 'trucks', key: 'axles', label: 'Axles', type: 'number' },
      { listName: 'trucks', key: 'apu', label: 'APU', type: 'boolean' },
      { listName: 'trucks', key: 'leased_until', label: 'Leased until', type: 'date' },
      { listName: 'trucks', key: 'eld', label: 'ELD', type: 'select', options: ['Samsara', 'Motive'] },
    ]) {
      expect((await callApi(collection, { method: 'POST', path: '/api/customfield', token, body })).status).toBe(201)
    }
    const values = { fuel_card: 'FC-1', axles: 3, apu: true, leased_until: '2027-01-31', eld: 'Motive' }
    const created = await callApi(truckCollection, { method: 'POST', path: '/api/trucks', token, body: { unitNumber: 'CF-1', customFields: values } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data.customFields).toEqual(values)

    const refused = await callApi(truckCollection, {
      method: 'POST',
      path: '/api/trucks',
      token,
      body: { unitNumber: 'CF-2', customFields: { axles: 'three', apu: 'maybe', leased_until: '2027-02-30', eld: 'Geotab', colour: 'red' } },
    })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.error.fields).sort()).toEqual([
      'customFields.apu',
      'customFields.axles',
      'customFields.colour',
      'customFields.eld',
      'customFields.leased_until',
    ])
    // A trailer has no field of the trucks' list.
    const trailer = await callApi(trailerCollection, {
      method: 'POST',
      path: '/api/trailers',
      token,
      body: { unitNumber: 'T-1', customFields: { fuel_card: 'x' } },
    })
    expect(trailer.status).toBe(400)
    expect(trailer.body.error.fields['customFields.fuel_card']).toEqual(['There is no such custom field for this list.'])
  })

  it('makes company writes check their own list (required, typed), and locks the key once a company holds it', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const field = await callApi(collection, {
      method: 'POST',
      path: '/api/customfield',
      token,
      body: { listName: 'companies', key: 'insurance_expiry', label: 'Insurance expiry', type: 'date', required: true },
    })
    expect(field.status).toBe(201)
    const missing = await callApi(companyCollection, { method: 'POST', path: '/api/company', token, body: { name: 'Cf Carriers' } })
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.body.error.fields)).toEqual(['customFields.insurance_expiry'])
    const created = await callApi(companyCollection, {
      method: 'POST',
      path: '/api/company',
      token,
      body: { name: 'Cf Carriers', customFields: { insurance_expiry: '2027-06-30' } },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data.customFields).toEqual({ insurance_expiry: '2027-06-30' })
    const wrong = await callApi(companyItem, {
      method: 'PUT',
      path: `/api/company/${created.body.data.id}`,
      params: { id: created.body.data.id },
      token,
      body: { ...created.body.data, customFields: { insurance_expiry: 'soon' } },
    })
    expect(wrong.status).toBe(400)
    // A company holds a value, so the definition cannot be deleted.
    const refused = await callApi(item, { method: 'DELETE', path: `/api/customfield/${field.body.data.id}`, params: { id: field.body.data.id }, token })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('in_use')
  })

  it("makes broker writes accept their own list's fields and refuse another list's", async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const define = (listName: string, key: string) =>
      callApi(collection, { method: 'POST', path: '/api/customfield', token, body: { listName, key, label: key, type: 'select', options: ['A', 'B'] } })
    expect((await define('brokers', 'tier')).status).toBe(201)
    expect((await define('companies', 'region')).status).toBe(201)
    const ok = await callApi(brokerCollection, { method: 'POST', path: '/api/brokers', token, body: { name: 'Tiered', customFields: { tier: 'B' } } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(201)
    expect(ok.body.data.customFields).toEqual({ tier: 'B' })
    const refused = await callApi(brokerCollection, {
      method: 'POST',
      path: '/api/brokers',
      token,
      body: { name: 'Other', customFields: { tier: 'C', region: 'A' } },
    })
    expect(refused.status).toBe(400)
    expect(Object.keys(refused.body.error.fields).sort()).toEqual(['customFields.region', 'customFields.tier'])
  })
})
