import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import * as collection from '~/routes/api/products/collection'
import * as item from '~/routes/api/products/item'
import * as photo from '~/routes/api/products/photo'
import * as photos from '~/routes/api/products/photos'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg, unique } from '../helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-products-contract-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

describeResourceContract({
  path: '/api/products',
  entity: 'product',
  collection,
  item,
  validBody: () => ({ name: 'Ratchet strap 2"', sku: unique('STRAP'), priceCents: 2499, stock: 40, colors: ['Yellow', 'Orange'], category: 'Cargo control' }),
  change: { field: 'description', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: {}, field: 'name' },
    { body: { name: 'Strap', sku: 'S-1' }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: -1 }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 24.5 }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 1e12 }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: '2499' }, field: 'priceCents' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, stock: -3 }, field: 'stock' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, stock: 1.5 }, field: 'stock' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, stock: 1e9 }, field: 'stock' },
    { body: { name: 'Strap', sku: 'S 1', priceCents: 100 }, field: 'sku' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, status: 'sold_out' }, field: 'status' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: 'Red' }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: Array.from({ length: 13 }, (_, n) => `Colour ${n}`) }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: ['x'.repeat(31)] }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, colors: ['Red', 'red'] }, field: 'colors' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, description: 'a\u0000b' }, field: 'description' },
    { body: { name: 'Strap', sku: 'S-1', priceCents: 100, customFields: { 'Bad Key': 1 } }, field: 'customFields.Bad Key' },
  ],
  count: (organizationId) => prisma.product.count({ where: { organizationId } }),
})

describe('/api/products: photos', () => {
  it('answers an uploaded photo, the product carrying it (read and list) and its removal as the document says', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const created = await callApi(collection, { method: 'POST', path: '/api/products', token, body: { name: 'Strap', sku: unique('PH'), priceCents: 100 } })
    const id = created.body.data.id as string
    const form = new FormData()
    form.append('file', new File([new Uint8Array(PNG)], 'strap.png', { type: 'image/png' }))
    const added = await callApi(photos, { method: 'POST', path: `/api/products/${id}/photos`, params: { id }, token, form })
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ fileName: 'strap.png', contentType: 'image/png', sizeBytes: PNG.byteLength })

    const read = await callApi(item, { path: `/api/products/${id}`, params: { id }, token })
    expect(read.body.data.photos).toEqual([added.body.data])
    const list = await callApi(collection, { path: `/api/products?q=${created.body.data.sku}`, token })
    expect(list.body.data[0].photos).toEqual([added.body.data])

    const photoId = added.body.data.id as string
    const removed = await callApi(photo, { method: 'DELETE', path: `/api/products/${id}/photos/${photoId}`, params: { id, photoId }, token })
    expect(removed.body).toEqual({ data: { id: photoId, deleted: true } })
  })
})
