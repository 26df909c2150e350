import { describe, expect, it } from 'vitest'

import * as collection from '~/routes/api/brokers/collection'
import * as item from '~/routes/api/brokers/item'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg, unique } from '../helpers'

let n = 0

describeResourceContract({
  path: '/api/brokers',
  entity: 'broker',
  collection,
  item,
  validBody: () => ({ name: unique('Broker'), mcNumber: String(300_000 + ++n), paymentTerms: 'net_15', creditLimitCents: 1_000_000 }),
  change: { field: 'notes', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: {}, field: 'name' },
    { body: { name: 'B', status: 'paused' }, field: 'status' },
    { body: { name: 'B', paymentTerms: 'net_90' }, field: 'paymentTerms' },
    { body: { name: 'B', type: 'consignee' }, field: 'type' },
    { body: { name: 'B', mcNumber: 'MC-12' }, field: 'mcNumber' },
    { body: { name: 'B', dotNumber: 'abc1234' }, field: 'dotNumber' },
    { body: { name: 'B', email: 'nobody' }, field: 'email' },
    { body: { name: 'B', billingEmail: 'ap@' }, field: 'billingEmail' },
    { body: { name: 'B', phone: 'call me maybe' }, field: 'phone' },
    { body: { name: 'B', creditLimitCents: '25000' }, field: 'creditLimitCents' },
    { body: { name: 'B', creditLimitCents: 99.5 }, field: 'creditLimitCents' },
    { body: { name: 'B', creditLimitCents: -100 }, field: 'creditLimitCents' },
    { body: { name: 'B', notes: 'a\u0000b' }, field: 'notes' },
    { body: { name: '\ud800' }, field: 'name' },
    { body: { name: 'B', customFields: { 'Bad Key': 1 } }, field: 'customFields.Bad Key' },
    { body: { name: 'B', customFields: { factoring_ok: true } }, field: 'customFields.factoring_ok' },
  ],
  count: (organizationId) => prisma.broker.count({ where: { organizationId } }),
})

describe('/api/brokers', () => {
  it('creates (201), reads, lists with meta, filters by status and terms, and searches an MC number written with its prefix', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/brokers',
      token,
      body: {
        name: 'API Freight Brokers',
        mcNumber: 'MC-482193',
        dotNumber: '1734520',
        contactName: 'Heather Collins',
        email: 'heather@apifreight.test',
        billingEmail: 'ap@apifreight.test',
        city: 'Dallas',
        state: 'TX',
        paymentTerms: 'net_45',
        creditLimitCents: 1_500_000_000,
        status: 'on_hold',
      },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      name: 'API Freight Brokers',
      mcNumber: '482193',
      paymentTerms: 'net_45',
      creditLimitCents: 1_500_000_000,
      status: 'on_hold',
      version: 1,
      addressLine1: null,
      customFields: {},
    })
    const read = await callApi(item, { path: `/api/brokers/${created.body.data.id}`, params: { id: created.body.data.id }, token: org.users.accountant.token })
    expect(read.body.data).toEqual(created.body.data)

    await callApi(collection, { method: 'POST', path: '/api/brokers', token, body: { name: 'Zeta Loads' } })
    const list = await callApi(collection, { path: '/api/brokers?sort=name&dir=desc&pageSize=10', token })
    expect(list.body.meta).toEqual({ total: 2, page: 1, pageSize: 10 })
    expect(list.body.data.map((broker: { name: string }) => broker.name)).toEqual(['Zeta Loads', 'API Freight Brokers'])
    const onHold = await callApi(collection, { path: '/api/brokers?status=on_hold', token })
    expect(onHold.body.data.map((broker: { name: string }) => broker.name)).toEqual(['API Freight Brokers'])
    const net30 = await callApi(collection, { path: '/api/brokers?paymentTerms=net_30', token })
    expect(net30.body.data.map((broker: { name: string }) => broker.name)).toEqual(['Zeta Loads'])
    const byMc = await callApi(collection, { path: `/api/brokers?q=${encodeURIComponent('MC 482193')}`, token })
    expect(byMc.body.data.map((broker: { name: string }) => broker.name)).toEqual(['API Freight Brokers'])
  })

  it('accepts a GET-modify-PUT round trip, and refuses a duplicate name in another case with 400 at the field', async () => {
    const org = await createOrg()
    const token = org.users.dispatcher.token
    const first = (
      await callApi(collection, { method: 'POST', path: '/api/brokers', token, body: { name: 'Round Trip Logistics', creditLimitCents: 500_000 } })
    ).body.data
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/brokers/${first.id}`,
      params: { id: first.id },
      token,
      body: { ...first, paymentTerms: 'quick_pay', creditLimitCents: null },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ paymentTerms: 'quick_pay', creditLimitCents: null, version: 2 })

    const duplicate = await callApi(collection, { method: 'POST', path: '/api/brokers', token, body: { name: 'ROUND TRIP logistics' } })
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.error).toMatchObject({ code: 'validation_failed', fields: { name: ['Another customer already has this name.'] } })
  })

  it('keeps brokers and shippers in one list with a type: a body without it makes a broker and leaves a saved type as it is (ADR 098)', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const post = (body: Record<string, unknown>) => callApi(collection, { method: 'POST', path: '/api/brokers', token, body })
    const broker = (await post({ name: 'Typed Freight Brokers' })).body.data
    const shipper = (await post({ name: 'Prairie Grain Co', type: 'shipper' })).body.data
    expect(broker.type).toBe('broker')
    expect(shipper.type).toBe('shipper')
    // A client written before the type existed sends its old body back: the shipper stays a shipper.
    const { type: _type, ...untyped } = shipper
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/brokers/${shipper.id}`,
      params: { id: shipper.id },
      token,
      body: { ...untyped, notes: 'Bulk grain' },
    })
    expect(put.status).toBe(200)
    expect(put.body.data).toMatchObject({ type: 'shipper', notes: 'Bulk grain', version: 2 })
    const shippers = await callApi(collection, { path: '/api/brokers?type=shipper', token })
    expect(shippers.body.data.map((row: { name: string }) => row.name)).toEqual(['Prairie Grain Co'])
  })

  it('answers 409 in_use, in the request’s language, when deleting a broker that loads still reference', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const broker = (await callApi(collection, { method: 'POST', path: '/api/brokers', token, body: { name: 'Referenced Brokerage' } })).body.data
    const table = `broker_ref_${unique('api').replace(/\W/g, '_')}`
    await prisma.$executeRawUnsafe(`CREATE TABLE "${table}" ("id" serial PRIMARY KEY, "brokerId" text NOT NULL REFERENCES "Broker"("id") ON DELETE RESTRICT)`)
    try {
      await prisma.$executeRawUnsafe(`INSERT INTO "${table}" ("brokerId") VALUES ($1)`, broker.id)
      const refused = await callApi(item, {
        method: 'DELETE',
        path: `/api/brokers/${broker.id}`,
        params: { id: broker.id },
        token,
        headers: { 'Accept-Language': 'fr' },
      })
      expect(refused.status).toBe(409)
      expect(refused.body.error).toMatchObject({ code: 'in_use', message: expect.stringContaining('ne peut pas être supprimé') })
      expect((await callApi(item, { path: `/api/brokers/${broker.id}`, params: { id: broker.id }, token })).status).toBe(200)
    } finally {
      await prisma.$executeRawUnsafe(`DROP TABLE "${table}"`)
    }
  })
})
