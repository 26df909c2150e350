/**
 * The company store's products: the policy, SKUs unique per organization in any case,
 * bad input writing nothing, delete refused while an order names the product, photos by content
 * and size through the storage module, the editor (photos, stale edit), the shop's filters and
 * the store dashboard's numbers.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { isCheckViolation } from '~/models/records/records.server'
import { createProduct, deleteProduct, getProduct, PRODUCT_CSV_COLUMNS } from '~/models/store/product.server'
import { checkPhotos } from '~/models/store/product-photo.server'
import { storeDashboard } from '~/models/store/store-dashboard.server'
import { canSell, deleteRefusal, saleBlock, shownInShop } from '~/policies/product'
import * as collection from '~/routes/api/products/collection'
import * as item from '~/routes/api/products/item'
import * as photoRoute from '~/routes/api/products/photo'
import * as photosRoute from '~/routes/api/products/photos'
import * as dashboardPage from '~/routes/dashboard/store/dashboard'
import * as deletePage from '~/routes/dashboard/store/delete'
import * as editorPage from '~/routes/dashboard/store/editor'
import * as exportPage from '~/routes/dashboard/store/export'
import * as productPage from '~/routes/dashboard/store/product'
import * as shopPage from '~/routes/dashboard/store/shop'
import { ProductSchema } from '~/schemas/product'
import { isLowStock, LOW_STOCK_THRESHOLD, MAX_PRODUCT_PHOTOS, PRODUCT_PHOTO_MAX_BYTES } from '~/schemas/product-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { actorOf, callApi, createOrg, type Org, refusal, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-products-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const storedFiles = () =>
  fs.existsSync(storageDir) ? fs.readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0

function product(org: Org, fields: Record<string, unknown> = {}) {
  return createProduct(actorOf(org), ProductSchema.parse({ name: unique('Gloves'), sku: unique('SKU'), priceCents: 1299, stock: 20, ...fields }))
}

function uploadPhoto(productId: string, token: string, bytes: Uint8Array, fileName = 'photo.png') {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(bytes)], fileName, { type: 'image/png' }))
  const request = new Request(`http://localhost/api/products/${productId}/photos`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '198.51.100.9' },
    body: form,
  })
  return photosRoute.action({ request, params: { id: productId }, context: {} } as never).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as { data?: Record<string, unknown>; error?: { code: string; fields?: Record<string, string[]> } },
  }))
}

/** A placed (or canceled) order of the organization, made in the database as the checkout would. */
async function order(org: Org, lines: Array<{ productId: string; quantity: number; priceCents: number }>, fields: Record<string, unknown> = {}) {
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.priceCents, 0)
  return prisma.storeOrder.create({
    data: {
      organizationId: org.organization.id,
      orderNumber: unique('SO'),
      chargeTo: 'company',
      shippingMethod: 'pickup',
      subtotalCents: subtotal,
      totalCents: subtotal,
      ...fields,
      items: {
        create: lines.map((line) => ({
          productId: line.productId,
          name: 'Locked name',
          sku: 'LOCKED',
          priceCents: line.priceCents,
          quantity: line.quantity,
          lineTotalCents: line.priceCents * line.quantity,
        })),
      },
    },
  })
}

describe('the product policy', () => {
  it('sells active products with stock only, shows only active ones in the shop, keeps products on orders', () => {
    expect(saleBlock({ status: 'active', stock: 3 })).toBeNull()
    expect(canSell({ status: 'active', stock: 0 })).toBe(false)
    expect(saleBlock({ status: 'active', stock: 0 })).toBe('outOfStock')
    expect(saleBlock({ status: 'archived', stock: 10 })).toBe('notForSale')
    expect(saleBlock({ status: 'draft', stock: 10 })).toBe('notForSale')
    expect(shownInShop({ status: 'active' })).toBe(true)
    expect(shownInShop({ status: 'draft' })).toBe(false)
    expect(shownInShop({ status: 'archived' })).toBe(false)
    expect(deleteRefusal({ orderCount: 1 })).toMatchObject({ code: 'in_use' })
    expect(deleteRefusal({ orderCount: 0 })).toBeNull()
    expect(isLowStock(LOW_STOCK_THRESHOLD)).toBe(true)
    expect(isLowStock(LOW_STOCK_THRESHOLD + 1)).toBe(false)
  })
})

describe('products', () => {
  it('keeps a SKU unique per organization whatever its case (400 at sku), and lets another organization use it', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const token = org.users.admin.token
    const body = { name: 'ELD device', sku: 'ELD-100', priceCents: 19_900 }
    expect((await callApi(collection, { method: 'POST', path: '/api/products', token, body })).status).toBe(201)
    const again = await callApi(collection, { method: 'POST', path: '/api/products', token, body: { ...body, sku: 'eld-100' } })
    expect(again.status).toBe(400)
    expect(again.body.error.fields.sku).toEqual(['Another product already uses this SKU.'])
    expect(await prisma.product.count({ where: { organizationId: org.organization.id } })).toBe(1)
    // Two at once past the check: the index answers the second, as the same field error.
    const raced = await Promise.all(
      ['RACE-1', 'race-1'].map((sku) => callApi(collection, { method: 'POST', path: '/api/products', token, body: { ...body, sku } })),
    )
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 400])
    expect((await callApi(collection, { method: 'POST', path: '/api/products', token: other.users.admin.token, body })).status).toBe(201)
  })

  it('answers bad prices, stock and colours with field errors from the editor, and saves nothing', async () => {
    const org = await createOrg()
    for (const [fields, field] of [
      [{ price: '-5' }, 'price'],
      [{ price: '12.345' }, 'price'],
      [{ price: '100000000' }, 'price'],
      [{ stock: '2.5' }, 'stock'],
      [{ stock: '-1' }, 'stock'],
      [{ colors: Array.from({ length: 13 }, (_, n) => `C${n}`).join(', ') }, 'colors'],
      [{ colors: `Red, ${'x'.repeat(31)}` }, 'colors'],
    ] as const) {
      const form = new FormData()
      for (const [key, value] of Object.entries(Object.assign({ name: 'Hard hat', sku: unique('HAT'), price: '19.99', stock: '4', status: 'active' }, fields)))
        form.append(key, String(value))
      const answer = await callPage(editorPage.action, '/dashboard/e-commerce/product/new', org.users.admin.id, {}, { method: 'POST', body: form })
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(refusalOf(answer)?.fields[field], JSON.stringify(fields)).toBeTruthy()
    }
    expect(await prisma.product.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('creates a product with photos from the editor (dollars to cents), refuses a non-image without saving, and a stale edit (409)', async () => {
    const org = await createOrg()
    const before = storedFiles()
    const bad = new FormData()
    for (const [key, value] of Object.entries({ name: 'Chain binder', sku: 'CB-1', price: '64.50', stock: '12', status: 'active', colors: 'Black' }))
      bad.append(key, value)
    bad.append('photos', new File([new TextEncoder().encode('not an image at all')], 'binder.png', { type: 'image/png' }))
    const refused = await callPage(editorPage.action, '/dashboard/e-commerce/product/new', org.users.admin.id, {}, { method: 'POST', body: bad })
    expect(refused.status).toBe(415)
    expect(refusalOf(refused)?.fields.photos).toEqual(['Photos must be PNG, JPEG or WebP images.'])
    expect(await prisma.product.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect(storedFiles()).toBe(before)

    const form = new FormData()
    for (const [key, value] of Object.entries({ name: 'Chain binder', sku: 'CB-1', price: '64.50', stock: '12', status: 'active', colors: 'Black, Red' }))
      form.append(key, value)
    form.append('photos', new File([PNG], 'binder.png', { type: 'image/png' }))
    form.append('photos', new File([PNG], 'binder-side.png', { type: 'image/png' }))
    const created = await callPage(editorPage.action, '/dashboard/e-commerce/product/new', org.users.admin.id, {}, { method: 'POST', body: form })
    expect(created.status).toBe(302)
    const stored = await prisma.product.findFirstOrThrow({
      where: { organizationId: org.organization.id },
      include: { photos: { orderBy: { sortOrder: 'asc' } } },
    })
    expect(stored).toMatchObject({ priceCents: 6450, stock: 12, colors: ['Black', 'Red'] })
    expect(stored.photos.map((photo) => photo.fileName)).toEqual(['binder.png', 'binder-side.png'])
    expect(storedFiles()).toBe(before + 2)

    const page = await callPage(productPage.loader, `/dashboard/e-commerce/product/${stored.id}`, org.users.dispatcher.id, { id: stored.id })
    expect(page.data).toMatchObject({ product: { priceCents: 6450, photos: [{ fileName: 'binder.png' }, { fileName: 'binder-side.png' }] }, blocked: null })

    const edit = (price: string) => {
      const body = new FormData()
      for (const [key, value] of Object.entries({ name: 'Chain binder', sku: 'CB-1', price, stock: '12', status: 'active', version: '1' }))
        body.append(key, value)
      return callPage(editorPage.action, `/dashboard/e-commerce/product/${stored.id}/edit`, org.users.admin.id, { id: stored.id }, { method: 'POST', body })
    }
    expect((await edit('70')).status).toBe(302)
    const stale = await edit('80')
    expect(stale.status).toBe(409)
    expect(refusalOf(stale)?.conflict).toBe(true)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: stored.id } })).priceCents).toBe(7000)
  })

  it('adds photos through the API by content (415) and size (413), and removes their files with the photo and the product', async () => {
    const org = await createOrg()
    const stored = await product(org)
    const before = storedFiles()
    const token = org.users.admin.token
    const added = await uploadPhoto(stored.id, token, PNG, 'strap.png')
    expect(added.status).toBe(201)
    expect(added.body.data).toMatchObject({ fileName: 'strap.png', contentType: 'image/png', sizeBytes: PNG.byteLength })
    expect(storedFiles()).toBe(before + 1)

    const text = await uploadPhoto(stored.id, token, new TextEncoder().encode('GIF89a? no, plain text'), 'fake.png')
    expect(text.status).toBe(415)
    expect(text.body.error?.code).toBe('unsupported_media_type')
    const huge = new Uint8Array(PRODUCT_PHOTO_MAX_BYTES + 1)
    huge.set(PNG)
    const tooLarge = await uploadPhoto(stored.id, token, huge, 'huge.png')
    expect(tooLarge.status).toBe(413)
    expect((await uploadPhoto(stored.id, org.users.viewer.token, PNG)).status).toBe(403)
    expect(await prisma.productPhoto.count({ where: { productId: stored.id } })).toBe(1)

    const photoId = added.body.data!.id as string
    const read = await photoRoute.loader({
      request: new Request(`http://localhost/api/products/${stored.id}/photos/${photoId}`, { headers: { Authorization: `Bearer ${org.users.viewer.token}` } }),
      params: { id: stored.id, photoId },
      context: {},
    } as never)
    expect(read.status).toBe(200)
    expect(read.headers.get('Content-Type')).toBe('image/png')
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(new Uint8Array(PNG))

    const removed = await callApi(photoRoute, {
      method: 'DELETE',
      path: `/api/products/${stored.id}/photos/${photoId}`,
      params: { id: stored.id, photoId },
      token,
    })
    expect(removed.body).toEqual({ data: { id: photoId, deleted: true } })
    expect(storedFiles()).toBe(before)

    await uploadPhoto(stored.id, token, PNG)
    expect(storedFiles()).toBe(before + 1)
    const deleted = await callApi(item, { method: 'DELETE', path: `/api/products/${stored.id}`, params: { id: stored.id }, token })
    expect(deleted.status).toBe(200)
    expect(storedFiles()).toBe(before)
  })

  it('checks photos by bytes before anything is written', async () => {
    expect(await checkPhotos([new File([], 'empty.png')])).toEqual([])
    const error = await refusal(checkPhotos([new File([new TextEncoder().encode('<svg/>')], 'x.svg')]))
    expect(error.code).toBe('unsupported_media_type')
  })

  it('stores 8 of 12 parallel photo uploads and refuses the other 4 (400), their files removed: the database holds the limit', async () => {
    const org = await createOrg()
    const stored = await product(org)
    const before = storedFiles()
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => uploadPhoto(stored.id, org.users.admin.token, PNG, `photo-${index}.png`)))
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array<number>(8).fill(201), ...Array<number>(4).fill(400)])
    for (const answer of answers.filter((answer) => answer.status === 400))
      expect(answer.body.error).toMatchObject({ code: 'validation_failed', fields: { file: ['A product has at most 8 photos.'] } })
    expect(await prisma.productPhoto.count({ where: { productId: stored.id } })).toBe(MAX_PRODUCT_PHOTOS)
    expect(storedFiles()).toBe(before + MAX_PRODUCT_PHOTOS)

    // Whatever writes the ninth row, the database refuses it.
    const ninth = await prisma.productPhoto
      .create({
        data: {
          productId: stored.id,
          organizationId: org.organization.id,
          fileName: 'ninth.png',
          contentType: 'image/png',
          sizeBytes: 1,
          storageKey: unique('key'),
        },
      })
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(isCheckViolation(ninth, 'ProductPhoto_limit')).toBe(true)
    expect(await prisma.productPhoto.count({ where: { productId: stored.id } })).toBe(MAX_PRODUCT_PHOTOS)
  })

  it('refuses to delete a product an order names (409 in_use) and keeps it; archived, it leaves the shop', async () => {
    const org = await createOrg()
    const sold = await product(org, { name: 'Sold strap' })
    await order(org, [{ productId: sold.id, quantity: 2, priceCents: 1299 }])
    const answer = await callApi(item, { method: 'DELETE', path: `/api/products/${sold.id}`, params: { id: sold.id }, token: org.users.admin.token })
    expect(answer.status).toBe(409)
    expect(answer.body.error).toMatchObject({ code: 'in_use' })
    expect(answer.body.error.message).toContain(sold.name)
    expect(await getProduct(org.organization.id, sold.id)).toBeTruthy()
    const error = await refusal(deleteProduct(actorOf(org), sold.id))
    expect(error.code).toBe('in_use')
    // The delete page keeps it too, back to the list with the reason.
    const page = await callPage(deletePage.action, `/dashboard/e-commerce/product/${sold.id}/delete`, org.users.admin.id, { id: sold.id }, postForm({}))
    expect(page.status).toBe(302)
    expect(page.toast).toMatchObject({ type: 'error', title: `Product ${sold.name} was not deleted` })
    expect(await prisma.product.count({ where: { id: sold.id } })).toBe(1)
    // The page's export shows the price in dollars (the API's keeps cents).
    const csv = await callPage(exportPage.loader, '/dashboard/e-commerce/export', org.users.viewer.id)
    expect(csv.status).toBe(200)
    const price = PRODUCT_CSV_COLUMNS.find((column) => column.key === 'priceCents')!
    expect([price.value(sold), price.money]).toEqual([1299, true])

    const shop = async () =>
      ((await callPage(shopPage.loader, '/dashboard/e-commerce/shop', org.users.dispatcher.id)).data!.products as Array<{ name: string }>).map(
        (card) => card.name,
      )
    expect(await shop()).toEqual(['Sold strap'])
    const put = await callApi(item, {
      method: 'PUT',
      path: `/api/products/${sold.id}`,
      params: { id: sold.id },
      token: org.users.admin.token,
      body: { name: sold.name, sku: sold.sku, priceCents: sold.priceCents, status: 'archived', version: sold.version },
    })
    expect(put.status).toBe(200)
    expect(await shop()).toEqual([])
  })

  it('filters the shop by category and colour, sorts by price and newest, pages by 12, and hides drafts', async () => {
    const org = await createOrg()
    await product(org, { name: 'Vest', category: 'Safety', colors: ['High-vis yellow', 'Orange'], priceCents: 1500 })
    await product(org, { name: 'Hard hat', category: 'Safety', colors: ['White'], priceCents: 2500 })
    await product(org, { name: 'Strap', category: 'Cargo control', colors: ['Orange'], priceCents: 900 })
    await product(org, { name: 'Draft thing', category: 'Safety', status: 'draft', colors: ['Orange'] })
    const shop = async (query: string) => {
      const answer = await callPage(shopPage.loader, `/dashboard/e-commerce/shop${query}`, org.users.viewer.id)
      return answer.data as { products: Array<{ name: string }>; total: number; facets: { categories: string[]; colors: string[] } }
    }
    const all = await shop('')
    expect(all.products.map((card) => card.name)).toEqual(['Hard hat', 'Strap', 'Vest'])
    expect(all.facets).toEqual({ categories: ['Cargo control', 'Safety'], colors: ['High-vis yellow', 'Orange', 'White'] })
    expect((await shop('?category=Safety')).products.map((card) => card.name)).toEqual(['Hard hat', 'Vest'])
    expect((await shop('?color=Orange')).products.map((card) => card.name)).toEqual(['Strap', 'Vest'])
    expect((await shop('?color=Orange&category=Safety')).products.map((card) => card.name)).toEqual(['Vest'])
    expect((await shop('?sort=price_asc')).products.map((card) => card.name)).toEqual(['Strap', 'Vest', 'Hard hat'])
    expect((await shop('?sort=price_desc')).products.map((card) => card.name)).toEqual(['Hard hat', 'Vest', 'Strap'])
    expect((await shop('?sort=newest')).products.map((card) => card.name)).toEqual(['Strap', 'Hard hat', 'Vest'])
    expect((await shop('?sort=nonsense&page=abc')).products).toHaveLength(3)
    // What a LIKE pattern would read as wildcards or an escape matches nothing (never a 500).
    expect((await shop('?category=%25_%5C&color=%5C')).products).toEqual([])

    for (let n = 0; n < 12; n++) await product(org, { name: `Bulk ${String(n).padStart(2, '0')}` })
    const second = await shop('?page=2')
    expect(second.total).toBe(15)
    expect(second.products.map((card) => card.name)).toEqual(['Hard hat', 'Strap', 'Vest'])
    // Drivers browse the store and buy for themselves (it was 403 before), without its management.
    const driverShop = await callPage(shopPage.loader, '/dashboard/e-commerce/shop', org.users.driver.id)
    expect(driverShop.status).toBe(200)
    expect(driverShop.data).toMatchObject({ total: 15, canManage: false })
  })

  it('sums the store dashboard: placed sales of the month, orders by who pays, top products by quantity, stock alerts', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20) } })
    const gloves = await product(org, { name: 'Gloves', stock: 3 })
    const hat = await product(org, { name: 'Hat', stock: 50 })
    await product(org, { name: 'Out', stock: 0 })
    await product(org, { name: 'Draft low', stock: 1, status: 'draft' })
    const now = new Date('2026-11-20T12:00:00Z')
    await order(org, [{ productId: gloves.id, quantity: 4, priceCents: 1000 }], { createdAt: new Date('2026-11-03T15:00:00Z') })
    await order(org, [{ productId: hat.id, quantity: 1, priceCents: 2500 }], {
      chargeTo: 'driver',
      driverId: org.users.driver.id,
      createdAt: new Date('2026-11-10T15:00:00Z'),
    })
    await order(org, [{ productId: hat.id, quantity: 2, priceCents: 2500 }], {
      chargeTo: 'truck',
      truckId: truck.id,
      createdAt: new Date('2026-11-11T15:00:00Z'),
    })
    // Last month's and a canceled one count for nothing this month; another organization's never.
    await order(org, [{ productId: gloves.id, quantity: 1, priceCents: 1000 }], { createdAt: new Date('2026-10-31T15:00:00Z') })
    await order(org, [{ productId: hat.id, quantity: 9, priceCents: 2500 }], { status: 'canceled', createdAt: new Date('2026-11-12T15:00:00Z') })
    const elsewhere = await product(other, { name: 'Elsewhere' })
    await order(other, [{ productId: elsewhere.id, quantity: 50, priceCents: 1000 }], { createdAt: new Date('2026-11-05T15:00:00Z') })

    const numbers = await storeDashboard(org.organization.id, now)
    expect(numbers.salesCents).toBe(4000 + 2500 + 5000)
    expect(numbers.orders).toBe(3)
    expect(numbers.byChargeTo).toEqual([
      { chargeTo: 'driver', orders: 1, cents: 2500 },
      { chargeTo: 'truck', orders: 1, cents: 5000 },
      { chargeTo: 'company', orders: 1, cents: 4000 },
    ])
    expect(numbers.topProducts.map((row) => [row.name, row.quantity])).toEqual([
      ['Gloves', 5],
      ['Hat', 3],
    ])
    expect(numbers.lowStock.map((row) => row.name)).toEqual(['Out', 'Gloves'])

    const page = await callPage(dashboardPage.loader, '/dashboard/ecommerce', org.users.accountant.id)
    expect(page.status).toBe(200)
    expect((await callPage(dashboardPage.loader, '/dashboard/ecommerce', org.users.driver.id)).status).toBe(403)
  })
})
