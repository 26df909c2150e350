/**
 * The accident register (49 CFR 390.15; ADR 141): the recordable rule, refusals that write nothing
 * (a future time, negative counts, another organization's driver or unit, a 20 MB document), the
 * version check, the API's contract for /api/accidents, the pages (a load's "Record an accident"),
 * and the 3-year register report as CSV and PDF.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createAccident, deleteAccident, listAccidents, updateAccident } from '~/models/accidents/accident.server'
import { uploadAccidentDocument } from '~/models/accidents/accident-document.server'
import { isRecordable, registerWindow } from '~/policies/accident'
import * as collectionRoute from '~/routes/api/accidents/collection'
import * as documentRoute from '~/routes/api/accidents/document'
import * as documentsRoute from '~/routes/api/accidents/documents'
import * as itemRoute from '~/routes/api/accidents/item'
import * as editorPage from '~/routes/dashboard/accidents/editor'
import * as listPage from '~/routes/dashboard/accidents/list'
import * as registerFile from '~/routes/dashboard/accidents/register-file'
import * as viewPage from '~/routes/dashboard/accidents/view'
import { AccidentListQuerySchema, AccidentSchema } from '~/schemas/accident'
import { prisma } from '~/utils/db.server'
import { unpackRows } from '~/utils/packed-rows'

import { callApi, describeResourceContract } from '../contract-kit'
import { actorOf, createOrg, fleet, newLoad, type Org, refusal, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'
import { pdfText } from '../pdf-text'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-accidents-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})
const storedFiles = () => fs.readdirSync(storageDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

const NOW = new Date('2026-12-03T15:00:00Z')

/** An organization in Chicago with a truck, a trailer and a driver. */
async function chicago() {
  const org = await createOrg()
  await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'America/Chicago', dotNumber: '1234567' } })
  return { org, ...(await fleet(org)) }
}

const accident = (fields: Record<string, unknown>) =>
  AccidentSchema.parse({ occurredAt: '2026-11-20T07:30', city: 'Amarillo', state: 'tx', fatalities: 0, injuries: 0, ...fields })

const countOf = (org: Org) => prisma.accident.count({ where: { organizationId: org.organization.id } })

describe('the recordable rule (390.5)', () => {
  it.each([
    [{ fatalities: 0, injuries: 0, towAway: false }, false],
    [{ fatalities: 1, injuries: 0, towAway: false }, true],
    [{ fatalities: 0, injuries: 1, towAway: false }, true],
    [{ fatalities: 0, injuries: 0, towAway: true }, true],
    [{ fatalities: 2, injuries: 3, towAway: true }, true],
  ])('%o is recordable: %s', (counts, expected) => {
    expect(isRecordable(counts)).toBe(expected)
  })

  it('the list’s filter says the same as the policy', async () => {
    const { org, truck, driverId } = await chicago()
    const admin = actorOf(org)
    const cases = [
      { fatalities: 0, injuries: 0, towAway: false },
      { fatalities: 1, injuries: 0, towAway: false },
      { fatalities: 0, injuries: 2, towAway: false },
      { fatalities: 0, injuries: 0, towAway: true },
    ]
    for (const counts of cases) await createAccident(admin, accident({ driverId, truckId: truck.id, ...counts }), NOW)
    const listed = async (recordable: string) =>
      (await listAccidents(org.organization.id, AccidentListQuerySchema.parse({ recordable }))).items.map((row) => isRecordable(row))
    expect(await listed('yes')).toEqual([true, true, true])
    expect(await listed('no')).toEqual([false])
  })
})

describe('recording an accident', () => {
  it('reads the time on the organization’s clock and answers `recordable`; the organization’s own references only', async () => {
    const { org, truck, trailer, driverId } = await chicago()
    const created = await createAccident(
      actorOf(org, 'dispatcher'),
      accident({ driverId, truckId: truck.id, trailerId: trailer.id, towAway: true, reportNumber: 'APD-26-1120' }),
      NOW,
    )
    // 07:30 in Chicago (CST, UTC−6) is 13:30 UTC.
    expect(created.occurredAt.toISOString()).toBe('2026-11-20T13:30:00.000Z')
    expect([created.state, created.createdById, isRecordable(created)]).toEqual(['TX', org.users.dispatcher.id, true])
    expect(await prisma.auditEvent.count({ where: { entity: 'accident', entityId: created.id } })).toBe(1)
  })

  it('refuses a future time, negative counts, another organization’s driver or units, a user who is no driver: nothing written', async () => {
    const { org, truck, driverId } = await chicago()
    const other = await chicago()
    const admin = actorOf(org)
    const future = await refusal(createAccident(admin, accident({ driverId, truckId: truck.id, occurredAt: '2026-12-03T12:00' }), NOW))
    expect([future.code, future.fields]).toEqual(['validation_failed', { occurredAt: ['accidents.errors.future'] }])
    // A phone's clock a minute ahead is not the future.
    expect((await createAccident(admin, accident({ driverId, truckId: truck.id, occurredAt: '2026-12-03T09:01' }), NOW)).id).toBeTruthy()
    const before = await countOf(org)

    expect(AccidentSchema.safeParse({ ...accident({ driverId, truckId: truck.id }), injuries: -1 }).error?.issues[0]).toMatchObject({
      path: ['injuries'],
      message: 'validation.min0',
    })
    expect(AccidentSchema.safeParse({ ...accident({ driverId, truckId: truck.id }), fatalities: -2 }).error?.issues[0]?.path).toEqual(['fatalities'])

    const foreign = await refusal(
      createAccident(admin, accident({ driverId: other.driverId, truckId: other.truck.id, trailerId: other.trailer.id, loadId: other.truck.id }), NOW),
    )
    expect(foreign.fields).toEqual({
      driverId: ['accidents.errors.unknownDriver'],
      truckId: ['accidents.errors.unknownTruck'],
      trailerId: ['accidents.errors.unknownTrailer'],
      loadId: ['accidents.errors.unknownLoad'],
    })
    // The organization's dispatcher is a user of it, but not a driver.
    const notDriver = await refusal(createAccident(admin, accident({ driverId: org.users.dispatcher.id, truckId: truck.id }), NOW))
    expect(notDriver.fields).toEqual({ driverId: ['accidents.errors.unknownDriver'] })
    // The database holds the counts too.
    await expect(
      prisma.accident.create({
        data: { organizationId: org.organization.id, occurredAt: NOW, driverId, truckId: truck.id, city: 'X', state: 'TX', injuries: -1 },
      }),
    ).rejects.toThrow()
    expect(await countOf(org)).toBe(before)

    // The API: 400 with the field, in the caller's language, nothing written.
    const api = await callApi(collectionRoute, {
      method: 'POST',
      path: '/api/accidents',
      token: org.users.admin.token,
      headers: { 'Accept-Language': 'fr' },
      body: { occurredAt: '2099-01-01T00:00:00Z', driverId, truckId: truck.id, city: 'Amarillo', state: 'TX' },
    })
    expect([api.status, api.body.error.code, api.body.error.fields]).toEqual([
      400,
      'validation_failed',
      { occurredAt: ['Un accident ne peut pas être dans le futur : vérifiez la date et l’heure.'] },
    ])
    const negative = await callApi(collectionRoute, {
      method: 'POST',
      path: '/api/accidents',
      token: org.users.admin.token,
      body: { occurredAt: '2026-11-01T10:00:00Z', driverId: other.driverId, truckId: truck.id, city: 'Amarillo', state: 'TX', injuries: -3 },
    })
    expect([negative.status, Object.keys(negative.body.error.fields)]).toEqual([400, ['injuries']])
    expect(await countOf(org)).toBe(before)
  })

  it('saves at the version read: a stale edit or delete is 409 and the other edit stays', async () => {
    const { org, truck, driverId } = await chicago()
    const admin = actorOf(org)
    const created = await createAccident(admin, accident({ driverId, truckId: truck.id }), NOW)
    const saved = await updateAccident(admin, created.id, { ...accident({ driverId, truckId: truck.id, injuries: 2 }), version: created.version }, NOW)
    expect([saved.version, saved.injuries]).toEqual([2, 2])
    const stale = await refusal(updateAccident(admin, created.id, { ...accident({ driverId, truckId: truck.id, city: 'Lubbock' }), version: 1 }, NOW))
    expect(stale.code).toBe('conflict')
    expect((await refusal(deleteAccident(admin, created.id, 1))).code).toBe('conflict')
    const put = await callApi(itemRoute, {
      method: 'PUT',
      path: `/api/accidents/${created.id}`,
      params: { id: created.id },
      token: org.users.admin.token,
      body: { ...accident({ driverId, truckId: truck.id, city: 'Lubbock' }), version: 1 },
    })
    expect([put.status, put.body.error.code]).toEqual([409, 'conflict'])
    const stored = await prisma.accident.findUniqueOrThrow({ where: { id: created.id } })
    expect([stored.city, stored.injuries, stored.version]).toEqual(['Amarillo', 2, 2])
    await deleteAccident(admin, created.id, 2)
    expect(await countOf(org)).toBe(0)
  })
})

describe('an accident’s documents', () => {
  it('keeps a PDF, refuses a 20 MB file with a translated message and keeps nothing of it; deleting the accident removes its files', async () => {
    const { org, truck, driverId } = await chicago()
    const created = await createAccident(actorOf(org), accident({ driverId, truckId: truck.id }), NOW)
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string, language = 'en') => {
      const form = new FormData()
      form.append('file', new File([bytes], name, { type: 'application/pdf' }))
      return callApi(documentsRoute, {
        method: 'POST',
        path: `/api/accidents/${created.id}/documents`,
        params: { id: created.id },
        token: org.users.dispatcher.token,
        headers: { 'Accept-Language': language },
        form,
      })
    }
    const kept = await upload(PDF, 'police report.pdf')
    expect(kept.status).toBe(201)
    expect(kept.body.data).toMatchObject({ fileName: 'police report.pdf', contentType: 'application/pdf', sizeBytes: PDF.byteLength })
    const files = storedFiles()
    expect(files).toBe(1)

    const big = new Uint8Array(20 * 1024 * 1024)
    big.set(PDF)
    const tooBig = await upload(big, 'scan.pdf', 'vi')
    expect([tooBig.status, tooBig.body.error.code]).toEqual([413, 'payload_too_large'])
    expect(tooBig.body.error.fields.file[0]).not.toMatch(/^loads\./)
    expect(await prisma.accidentDocument.count({ where: { accidentId: created.id } })).toBe(1)
    expect(storedFiles()).toBe(files)

    // The page's form: the refusal at the file input, in the reader's language, nothing kept.
    const form = new FormData()
    form.append('file', new File([big], 'scan.pdf', { type: 'application/pdf' }))
    const page = await callPage(viewPage.action, `/dashboard/accidents/${created.id}`, org.users.admin.id, { id: created.id }, { method: 'POST', body: form })
    const refused = refusalOf(page)
    expect(page.status).toBe(413)
    expect(refused?.message).toBe('The document was not added.')
    expect(refused?.fields.file?.[0]).toContain('15')
    expect(await prisma.accidentDocument.count({ where: { accidentId: created.id } })).toBe(1)
    expect(storedFiles()).toBe(files)

    // Read back by those who read accidents; another organization's is not found.
    const documentId = kept.body.data.id as string
    const read = await callApi(documentRoute, {
      path: `/api/accidents/${created.id}/documents/${documentId}`,
      params: { id: created.id, documentId },
      token: org.users.viewer.token,
    })
    expect(read.status).toBe(200)
    const elsewhere = await createOrg()
    expect(
      (
        await callApi(documentRoute, {
          path: `/api/accidents/${created.id}/documents/${documentId}`,
          params: { id: created.id, documentId },
          token: elsewhere.users.admin.token,
        })
      ).status,
    ).toBe(404)

    await deleteAccident(actorOf(org), created.id)
    expect(await prisma.accidentDocument.count({ where: { accidentId: created.id } })).toBe(0)
    expect(storedFiles()).toBe(0)
    // A document for an accident that is gone is refused before anything is stored.
    const gone = new Request(`http://localhost/api/accidents/${created.id}/documents`, { method: 'POST', body: new FormData() })
    expect((await refusal(uploadAccidentDocument(actorOf(org), created.id, gone))).code).toBe('not_found')
  })
})

describe('the pages', () => {
  it('records an accident from a load’s page: its driver and units filled in, then in the list as recordable', async () => {
    const { org, broker, truck, trailer, driverId } = await chicago()
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const editor = await callPage(editorPage.loader, `/dashboard/accidents/new?loadId=${load.id}`, org.users.dispatcher.id)
    expect(editor.data?.defaultValue).toEqual({ loadId: load.id, driverId, truckId: truck.id, trailerId: trailer.id })
    // Another organization's load fills in nothing.
    const other = await createOrg()
    expect((await callPage(editorPage.loader, `/dashboard/accidents/new?loadId=${load.id}`, other.users.admin.id)).data?.defaultValue).toEqual({})

    const saved = await callPage(
      editorPage.action,
      '/dashboard/accidents/new',
      org.users.dispatcher.id,
      {},
      postForm({
        occurredAt: '2026-11-30T16:45',
        city: 'Oklahoma City',
        state: 'OK',
        driverId,
        truckId: truck.id,
        trailerId: trailer.id,
        loadId: load.id,
        fatalities: '0',
        injuries: '1',
      }),
    )
    expect(saved.status).toBe(302)
    expect(saved.toast?.title).toBe('Accident in Oklahoma City, OK recorded')
    const list = await callPage(listPage.loader, '/dashboard/accidents?recordable=yes', org.users.accountant.id)
    const rows = unpackRows(list.data?.rows as never) as Array<{ city: string; recordable: boolean; driver: string; injuries: number }>
    expect(rows.map((row) => [row.city, row.recordable, row.driver, row.injuries])).toEqual([['Oklahoma City', true, 'driver Tester', 1]])

    // A future time from the form: the message at its field, nothing written.
    const future = await callPage(
      editorPage.action,
      '/dashboard/accidents/new',
      org.users.dispatcher.id,
      {},
      postForm({ occurredAt: '2099-01-01T00:00', city: 'Tulsa', state: 'OK', driverId, truckId: truck.id }),
    )
    expect(future.status).toBe(400)
    expect(refusalOf(future)?.fields.occurredAt).toEqual(['An accident cannot be in the future: check the date and time.'])
    expect(await countOf(org)).toBe(1)

    // Drivers and mechanics have no access; viewers read but do not write.
    for (const role of ['driver', 'mechanic'] as const)
      expect((await callPage(listPage.loader, '/dashboard/accidents', org.users[role].id)).status, role).toBe(403)
    expect((await callPage(editorPage.loader, '/dashboard/accidents/new', org.users.viewer.id)).status).toBe(403)
  })
})

describe('the register report (390.15(b))', () => {
  it('lists the 3 years up to the chosen day, with the 390.15 columns and totals, as CSV and PDF', async () => {
    const { org, truck, driverId } = await chicago()
    const admin = actorOf(org)
    expect(registerWindow('2026-12-05')).toEqual({ from: '2023-12-06', to: '2026-12-05' })
    expect(registerWindow('2028-02-29')).toEqual({ from: '2025-03-01', to: '2028-02-29' })
    const at = (occurredAt: string, fields: Record<string, unknown> = {}) =>
      createAccident(admin, accident({ driverId, truckId: truck.id, occurredAt, ...fields }), NOW)
    // The day before the window (on Chicago's calendar), its first and last minutes, and the day after.
    await at('2023-12-01T23:59', { city: 'Too Old' })
    await at('2023-12-02T00:00', { city: 'Abilene', fatalities: 1, hazmatReleased: true })
    await at('2026-06-01T12:00', { city: 'El Paso', injuries: 2 })
    await at('2026-12-01T23:59', { city: 'Waco', towAway: false })
    const other = await chicago()
    await createAccident(actorOf(other.org), accident({ driverId: other.driverId, truckId: other.truck.id, city: 'Elsewhere' }), NOW)

    const csv = await callPage(registerFile.loader, '/dashboard/accidents/register/file?until=2026-12-01&format=csv', org.users.viewer.id)
    expect([csv.status, csv.response?.headers.get('Content-Type')]).toEqual([200, 'text/csv; charset=utf-8'])
    const lines = (await csv.response!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toContain('USDOT 1234567')
    expect(lines[0]).toContain('2023-12-02 to 2026-12-01')
    expect(lines[1]).toBe(
      'Date and time,City,State,Driver,Injured (treated away from the scene),Fatalities,Hazardous materials released,Recordable,Report number',
    )
    expect(lines.slice(2)).toEqual([
      '2023-12-02 00:00,Abilene,TX,driver Tester,0,1,Yes,Yes,',
      '2026-06-01 12:00,El Paso,TX,driver Tester,2,0,No,Yes,',
      '2026-12-01 23:59,Waco,TX,driver Tester,0,0,No,No,',
      'Total: 3 accidents,,,,2,1,1,2,',
    ])
    // The window moves with the chosen day: three years back from 2026-12-02 leaves 2023-12-02 out.
    const later = await callPage(registerFile.loader, '/dashboard/accidents/register/file?until=2026-12-02', org.users.admin.id)
    const laterText = await later.response!.text()
    expect(laterText).not.toContain('Abilene')
    expect(laterText).toContain('El Paso')

    const pdf = await callPage(registerFile.loader, '/dashboard/accidents/register/file?until=2026-12-01&format=pdf', org.users.accountant.id)
    expect([pdf.status, pdf.response?.headers.get('Content-Type')]).toEqual([200, 'application/pdf'])
    const text = await pdfText(new Uint8Array(await pdf.response!.arrayBuffer()))
    for (const words of ['Accident register', org.organization.name, '1234567', 'Abilene', 'El Paso', 'Waco', '49 CFR 390.15', 'Recordable accidents'])
      expect(text).toContain(words)
    expect(text).not.toContain('Too Old')
    expect(text).not.toContain('Elsewhere')

    // Drivers have no access to it.
    expect((await callPage(registerFile.loader, '/dashboard/accidents/register/file', org.users.driver.id)).status).toBe(403)
  })
})

let city = 0

describeResourceContract({
  path: '/api/accidents',
  entity: 'accident',
  collection: collectionRoute,
  item: itemRoute,
  validBody: async (org) => {
    const organizationId = org.organization.id
    const truck =
      (await prisma.truck.findFirst({ where: { organizationId } })) ??
      (await prisma.truck.create({ data: { organizationId, unitNumber: unique('T').slice(0, 20) } }))
    return {
      occurredAt: '2026-11-02T10:15:00Z',
      driverId: org.users.driver.id,
      truckId: truck.id,
      city: `Amarillo ${++city}`,
      state: 'tx',
      injuries: 1,
      towAway: false,
      hazmatReleased: false,
    }
  },
  change: { field: 'notes', value: 'Rear-ended at a light' },
  invalidBodies: (org) => [
    { body: {}, field: 'occurredAt' },
    { body: { occurredAt: '2026-11-02T10:15:00Z', driverId: org.users.driver.id, truckId: 'x', city: 'A', state: 'ZZ' }, field: 'state' },
    { body: { occurredAt: '2026-11-02T10:15:00Z', driverId: org.users.driver.id, truckId: 'x', city: 'A', state: 'TX', injuries: -1 }, field: 'injuries' },
    { body: { occurredAt: '2026-11-02T10:15:00Z', driverId: org.users.driver.id, truckId: 'x', city: 'A', state: 'TX', fatalities: 1.5 }, field: 'fatalities' },
    { body: { occurredAt: '2099-11-02T10:15:00Z', driverId: org.users.driver.id, truckId: org.company.id, city: 'A', state: 'TX' }, field: 'occurredAt' },
    { body: { occurredAt: '2026-11-02T10:15:00Z', driverId: org.users.admin.id, truckId: org.company.id, city: 'A', state: 'TX' }, field: 'driverId' },
  ],
  count: (organizationId) => prisma.accident.count({ where: { organizationId } }),
})
