/**
 * A fuel purchase's receipt (ADR 129): stored by its bytes' type through the storage module, read
 * back by those who read purchases, listed by the files manager (never to a driver), replaced and
 * removed with its stored file, a filed quarter's receipt kept, a stale version refused with
 * nothing kept, and the same from the purchase's page.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { listFiles } from '~/models/files/stored-file.server'
import { createFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { fileIftaReturn } from '~/models/fuel-tax/ifta-return.server'
import { parseQuarter } from '~/policies/ifta'
import * as filesCollection from '~/routes/api/files/collection'
import * as fileItem from '~/routes/api/files/item'
import * as purchaseItem from '~/routes/api/fuel-purchases/item'
import * as receiptRoute from '~/routes/api/fuel-purchases/receipt'
import * as pageReceipt from '~/routes/dashboard/fuel/receipt'
import * as fuelView from '~/routes/dashboard/fuel/view'
import { FuelPurchaseSchema } from '~/schemas/fuel-purchase'
import { FileListQuerySchema } from '~/schemas/stored-file'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-receipts-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

let org: Org
let other: Org
beforeAll(async () => {
  ;[org, other] = await Promise.all([createOrg(), createOrg()])
})

async function purchase(owner: Org, purchasedAt = '2026-11-03') {
  const truck = await prisma.truck.create({ data: { organizationId: owner.organization.id, unitNumber: `R-${Math.random().toString(36).slice(2, 8)}` } })
  return createFuelPurchase(
    actorOf(owner, 'accountant'),
    FuelPurchaseSchema.parse({ truckId: truck.id, purchasedAt, jurisdiction: 'TX', gallons: 100, totalCents: 39_900 }),
  )
}

function receiptForm(bytes: Uint8Array, name: string, extra: Record<string, string> = {}) {
  const form = new FormData()
  for (const [key, value] of Object.entries(extra)) form.append(key, value)
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }))
  return form
}

function put(id: string, token: string, bytes: Uint8Array, name: string, query = '') {
  return callApi(receiptRoute, { method: 'PUT', path: `/api/fuel-purchases/${id}/receipt${query}`, params: { id }, token, form: receiptForm(bytes, name) })
}

function storedFiles(owner: Org) {
  const dir = path.join(storageDir, 'fuel', owner.organization.id)
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []
}

async function download(id: string, token: string) {
  const request = new Request(`http://localhost/api/fuel-purchases/${id}/receipt`, { headers: { Authorization: `Bearer ${token}` } })
  return receiptRoute.loader({ request, params: { id }, context: {} } as never)
}

describe('fuel receipts through the API', () => {
  it('stores a photo by its bytes, shows it on the purchase, serves it, replaces it and removes it with its files', async () => {
    const bought = await purchase(org)
    const stored = await put(bought.id, org.users.accountant.token, PNG, 'receipt "pilot".txt')
    expect(stored.status).toBe(200)
    expect(stored.body.data).toMatchObject({
      id: bought.id,
      version: bought.version + 1,
      receipt: { fileName: 'receipt pilot.png', contentType: 'image/png', sizeBytes: PNG.byteLength, url: `/api/fuel-purchases/${bought.id}/receipt` },
    })
    const row = await prisma.fuelPurchase.findUniqueOrThrow({ where: { id: bought.id } })
    expect(row.receiptStorageKey).toMatch(new RegExp(`^fuel/${org.organization.id}/${bought.id}/[A-Za-z0-9_-]{20,}$`))
    expect(fs.readFileSync(path.join(storageDir, row.receiptStorageKey!))).toEqual(PNG)

    // Readers (a viewer) read it; the purchase's JSON names it.
    const file = await download(bought.id, org.users.viewer.token)
    expect([file.status, file.headers.get('Content-Type'), file.headers.get('X-Content-Type-Options')]).toEqual([200, 'image/png', 'nosniff'])
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG)
    const read = await callApi(purchaseItem, { path: `/api/fuel-purchases/${bought.id}`, params: { id: bought.id }, token: org.users.viewer.token })
    expect(read.body.data.receipt.fileName).toBe('receipt pilot.png')

    // A scan replaces the photo: one file stays, the new one.
    const replaced = await put(bought.id, org.users.admin.token, PDF, 'scan.pdf', `?version=${bought.version + 1}`)
    expect([replaced.status, replaced.body.data.receipt.contentType]).toEqual([200, 'application/pdf'])
    expect(storedFiles(org).map((entry) => entry.name)).toHaveLength(1)

    const removed = await callApi(receiptRoute, {
      method: 'DELETE',
      path: `/api/fuel-purchases/${bought.id}/receipt?version=${bought.version + 2}`,
      params: { id: bought.id },
      token: org.users.accountant.token,
    })
    expect([removed.status, removed.body.data.receipt, removed.body.data.version]).toEqual([200, null, bought.version + 3])
    expect(storedFiles(org)).toHaveLength(0)
    expect((await download(bought.id, org.users.viewer.token)).status).toBe(404)
  })

  it('refuses a wrong type, a stale version, a role that may not change purchases and another organization, keeping nothing', async () => {
    const bought = await purchase(org)
    const text = await put(bought.id, org.users.accountant.token, new TextEncoder().encode('not a receipt'), 'receipt.png')
    expect([text.status, text.body.error.code, text.body.error.fields.file]).toEqual([
      415,
      'unsupported_media_type',
      ['Only PDF, PNG, JPEG and WebP files are accepted (checked by their content, not their name).'],
    ])
    const stale = await put(bought.id, org.users.accountant.token, PNG, 'receipt.png', '?version=99')
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict'])
    for (const role of ['dispatcher', 'viewer', 'driver'] as const) expect((await put(bought.id, org.users[role].token, PNG, 'r.png')).status).toBe(403)
    expect((await put(bought.id, other.users.accountant.token, PNG, 'r.png')).status).toBe(404)
    const notMultipart = await callApi(receiptRoute, {
      method: 'PUT',
      path: `/api/fuel-purchases/${bought.id}/receipt`,
      params: { id: bought.id },
      token: org.users.accountant.token,
      body: { file: 'x' },
    })
    expect([notMultipart.status, notMultipart.body.error.code]).toEqual([415, 'unsupported_media_type'])
    expect(await prisma.fuelPurchase.findUniqueOrThrow({ where: { id: bought.id } })).toMatchObject({ receiptStorageKey: null, version: bought.version })
    expect(storedFiles(org)).toHaveLength(0)
  })

  it('adds a receipt to a filed quarter’s purchase, but keeps a filed quarter’s receipt until the quarter is reopened', async () => {
    const owner = await createOrg()
    const [bare, evidenced] = [await purchase(owner, '2026-05-04'), await purchase(owner, '2026-05-05')]
    expect((await put(evidenced.id, owner.users.accountant.token, PNG, 'first.png')).status).toBe(200)
    await fileIftaReturn(actorOf(owner, 'admin'), parseQuarter('2026-Q2')!, '2026-07-15')

    expect((await put(bare.id, owner.users.accountant.token, PNG, 'late.png')).status).toBe(200)
    const replaced = await put(evidenced.id, owner.users.accountant.token, PDF, 'other.pdf')
    expect([replaced.status, replaced.body.error.code]).toEqual([409, 'period_closed'])
    const removed = await callApi(receiptRoute, {
      method: 'DELETE',
      path: `/api/fuel-purchases/${evidenced.id}/receipt`,
      params: { id: evidenced.id },
      token: owner.users.admin.token,
    })
    expect([removed.status, removed.body.error.code]).toEqual([409, 'period_closed'])
    expect((await prisma.fuelPurchase.findUniqueOrThrow({ where: { id: evidenced.id } })).receiptFileName).toBe('first.png')
    expect(storedFiles(owner)).toHaveLength(2)
  })

  it('is a file of the files manager for those who read purchases, never for a driver, and goes with its purchase', async () => {
    const owner = await createOrg()
    const bought = await purchase(owner)
    await put(bought.id, owner.users.accountant.token, PNG, 'pump.png')
    const list = (token: string) => callApi(filesCollection, { path: '/api/files?kind=fuel_receipt', token })
    const seen = await list(owner.users.viewer.token)
    expect(seen.body.data).toEqual([
      expect.objectContaining({
        id: bought.id,
        kind: 'fuel_receipt',
        fileName: 'pump.png',
        record: expect.objectContaining({ type: 'fuel_purchase', id: bought.id }),
      }),
    ])
    expect(seen.body.data[0].record.label).toMatch(/^R-\w+ · 2026-11-03 · TX$/)
    // Drivers have no files manager (403); the model's rule hides receipts from any role that does not read purchases.
    expect((await list(owner.users.driver.token)).status).toBe(403)
    const hidden = await listFiles({ id: owner.users.driver.id, organizationId: owner.organization.id, role: 'driver' }, FileListQuerySchema.parse({}))
    expect(hidden.items.map((file) => file.id)).not.toContain(bought.id)

    // Deleted from the files manager by the purchase's rule: the row's receipt and the file go.
    const deleted = await callApi(fileItem, { method: 'DELETE', path: `/api/files/${bought.id}`, params: { id: bought.id }, token: owner.users.admin.token })
    expect(deleted.status).toBe(200)
    expect((await prisma.fuelPurchase.findUniqueOrThrow({ where: { id: bought.id } })).receiptStorageKey).toBeNull()
    expect(storedFiles(owner)).toHaveLength(0)

    // Deleting the purchase removes its receipt's file too.
    await put(bought.id, owner.users.accountant.token, PNG, 'again.png')
    const gone = await callApi(purchaseItem, {
      method: 'DELETE',
      path: `/api/fuel-purchases/${bought.id}`,
      params: { id: bought.id },
      token: owner.users.accountant.token,
    })
    expect(gone.status).toBe(200)
    expect(storedFiles(owner)).toHaveLength(0)
    expect(await prisma.storedFile.count({ where: { id: bought.id } })).toBe(0)
  })
})

describe('fuel receipts from the purchase’s page', () => {
  function postReceipt(id: string, userId: string, form: FormData) {
    return callPage(fuelView.action as Handler, `/dashboard/fuel/${id}`, userId, { id }, { method: 'POST', body: form })
  }

  it('attaches, shows, serves and removes a receipt with toasts, and refuses a wrong file at its field', async () => {
    const bought = await purchase(org)
    const accountant = org.users.accountant.id
    const empty = await callPage(fuelView.loader as Handler, `/dashboard/fuel/${bought.id}`, accountant, { id: bought.id })
    expect(empty.data).toMatchObject({ receipt: null, keptFor: null, canUpdate: true })

    const wrong = await postReceipt(bought.id, accountant, receiptForm(new TextEncoder().encode('hello'), 'r.jpg', { version: String(bought.version) }))
    expect(wrong.status).toBe(415)
    expect(refusalOf(wrong)).toMatchObject({
      intent: 'upload',
      message: 'The receipt was not stored.',
      fields: { file: ['Only PDF, PNG, JPEG and WebP files are accepted (checked by their content, not their name).'] },
    })

    const attached = await postReceipt(bought.id, accountant, receiptForm(PNG, 'pump.png', { version: String(bought.version) }))
    expect([attached.status, attached.location, attached.toast?.title]).toEqual([302, `/dashboard/fuel/${bought.id}`, 'Receipt stored'])
    const shown = await callPage(fuelView.loader as Handler, `/dashboard/fuel/${bought.id}`, org.users.viewer.id, { id: bought.id })
    expect(shown.data).toMatchObject({ receipt: { fileName: 'pump.png', contentType: 'image/png' }, canUpdate: false })
    const served = await callPage(pageReceipt.loader as Handler, `/dashboard/fuel/${bought.id}/receipt`, org.users.viewer.id, { id: bought.id })
    expect([served.status, served.headers?.get('Content-Type')]).toEqual([200, 'image/png'])
    expect((await callPage(pageReceipt.loader as Handler, `/dashboard/fuel/${bought.id}/receipt`, org.users.driver.id, { id: bought.id })).status).toBe(403)

    // A stale version (the page open before the upload) is a conflict, the receipt kept.
    const stale = await callPage(
      fuelView.action as Handler,
      `/dashboard/fuel/${bought.id}`,
      accountant,
      { id: bought.id },
      postForm({ intent: 'removeReceipt', version: String(bought.version) }),
    )
    expect([stale.status, refusalOf(stale)?.conflict]).toEqual([409, true])
    const removed = await callPage(
      fuelView.action as Handler,
      `/dashboard/fuel/${bought.id}`,
      accountant,
      { id: bought.id },
      postForm({ intent: 'removeReceipt', version: String(bought.version + 1) }),
    )
    expect([removed.status, removed.toast?.title]).toEqual([302, 'Receipt removed'])
    expect(storedFiles(org)).toHaveLength(0)
    expect((await postReceipt(bought.id, org.users.viewer.id, receiptForm(PNG, 'x.png'))).status).toBe(403)
  })

  it('says a filed quarter keeps its receipt and offers no change', async () => {
    const owner = await createOrg()
    const bought = await purchase(owner, '2026-04-10')
    await put(bought.id, owner.users.accountant.token, PNG, 'kept.png')
    await fileIftaReturn(actorOf(owner, 'admin'), parseQuarter('2026-Q2')!, '2026-07-15')
    const page = await callPage(fuelView.loader as Handler, `/dashboard/fuel/${bought.id}`, owner.users.accountant.id, { id: bought.id })
    expect(page.data).toMatchObject({ keptFor: '2026-Q2', receipt: { fileName: 'kept.png' } })
  })
})
