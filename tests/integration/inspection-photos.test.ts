/**
 * Photos of DVIR defects (ADR 135): uploaded by the driver before filing (images only, by their
 * bytes; 15 MB at most, nothing kept when refused), attached with the report in its transaction
 * (only the filer's own uploads, not yet attached), read by the report's readers, listed by the
 * files manager and kept with the report 3 months, and an upload never attached removed a day later.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { listFiles } from '~/models/files/stored-file.server'
import { deleteInspectionPhoto, ORPHAN_PHOTO_MS, releaseOrphanPhoto } from '~/models/maintenance/inspection-photo.server'
import * as fileItem from '~/routes/api/files/item'
import * as inspectionsRoute from '~/routes/api/inspections/collection'
import * as inspectionRoute from '~/routes/api/inspections/item'
import * as photoRoute from '~/routes/api/inspections/photo'
import * as photosRoute from '~/routes/api/inspections/photos'
import * as newPage from '~/routes/dashboard/inspections/new'
import * as pagePhoto from '~/routes/dashboard/inspections/photo'
import { FileListQuerySchema } from '~/schemas/stored-file'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, unique } from '../helpers'
import { callPage, refusalOf } from '../page-helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-inspection-photos-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
/** A PNG's signature followed by 20 MB: a phone's full-size photo. */
const HUGE = (() => {
  const bytes = new Uint8Array(20 * 1024 * 1024)
  bytes.set(PNG)
  return bytes
})()

let org: Org
let other: Org
beforeAll(async () => {
  ;[org, other] = await Promise.all([createOrg(), createOrg()])
})

const truckOf = (owner: Org) => prisma.truck.create({ data: { organizationId: owner.organization.id, unitNumber: unique('P').slice(0, 20) } })

function photoForm(bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }))
  return form
}

const upload = (token: string, bytes: Uint8Array = PNG, name = 'brakes.png') =>
  callApi(photosRoute, { method: 'POST', path: '/api/inspections/photos', token, form: photoForm(bytes, name) })

const report = (truckId: string, photoIds: string[], extra: Record<string, unknown> = {}) => ({
  truckId,
  kind: 'pre_trip',
  inspectedAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  odometer: 120_000,
  defects: [{ item: 'service_brakes', note: 'Air leak', outOfService: true, photoIds }],
  ...extra,
})

const file = (token: string, body: Record<string, unknown>) => callApi(inspectionsRoute, { method: 'POST', path: '/api/inspections', token, body })

function storedFiles(owner: Org) {
  const dir = path.join(storageDir, 'inspections', owner.organization.id)
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []
}

async function readPhoto(id: string, token: string) {
  const request = new Request(`http://localhost/api/inspections/photos/${id}`, { headers: { Authorization: `Bearer ${token}` } })
  return photoRoute.loader({ request, params: { id }, context: {} } as never)
}

describe('defect photos through the API', () => {
  it('uploads a photo, attaches it to its defect when the report is filed, and serves it to the report’s readers', async () => {
    const truck = await truckOf(org)
    const uploaded = await upload(org.users.driver.token, PNG, 'front "axle".txt')
    expect(uploaded.status).toBe(201)
    expect(uploaded.body.data).toEqual({
      id: expect.any(String),
      fileName: 'front axle.png',
      contentType: 'image/png',
      sizeBytes: PNG.byteLength,
      url: `/api/inspections/photos/${uploaded.body.data.id}`,
    })
    const photoId: string = uploaded.body.data.id
    const row = await prisma.inspectionPhoto.findUniqueOrThrow({ where: { id: photoId } })
    expect(row).toMatchObject({ inspectionId: null, defectId: null, uploadedById: org.users.driver.id })
    expect(fs.readFileSync(path.join(storageDir, row.storageKey))).toEqual(PNG)
    // Its removal waits in the queue, a day on; not yet a file of the files manager.
    const [job] = await prisma.$queryRaw<Array<{ run_at: Date }>>`
      SELECT j.run_at FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'release_inspection_photo' AND j.payload->>'photoId' = ${photoId}`
    expect(Math.abs(job.run_at.getTime() - (row.createdAt.getTime() + ORPHAN_PHOTO_MS))).toBeLessThan(1000)
    const files = (owner: Org) =>
      listFiles({ id: owner.users.admin.id, organizationId: owner.organization.id, role: 'admin' }, FileListQuerySchema.parse({ kind: 'inspection_photo' }))
    expect((await files(org)).items.map((each) => each.id)).not.toContain(photoId)

    const filed = await file(org.users.driver.token, report(truck.id, [photoId]))
    expect(filed.status).toBe(201)
    const [defect] = filed.body.data.defects
    expect(defect.photos).toEqual([uploaded.body.data])
    expect(await prisma.inspectionPhoto.findUniqueOrThrow({ where: { id: photoId } })).toMatchObject({ inspectionId: filed.body.data.id, defectId: defect.id })

    const read = await callApi(inspectionRoute, {
      path: `/api/inspections/${filed.body.data.id}`,
      params: { id: filed.body.data.id },
      token: org.users.viewer.token,
    })
    expect(read.body.data.defects[0].photos).toEqual([uploaded.body.data])
    const bytes = await readPhoto(photoId, org.users.dispatcher.token)
    expect([bytes.status, bytes.headers.get('Content-Type'), bytes.headers.get('X-Content-Type-Options')]).toEqual([200, 'image/png', 'nosniff'])
    expect(Buffer.from(await bytes.arrayBuffer())).toEqual(PNG)
    // Another organization never reads it.
    expect((await readPhoto(photoId, other.users.admin.token)).status).toBe(404)

    // The files manager lists it as the report's, labelled by its unit and day, linking to the report.
    const listed = (await files(org)).items.find((each) => each.id === photoId)
    expect(listed).toMatchObject({
      kind: 'inspection_photo',
      record: {
        type: 'inspection',
        id: filed.body.data.id,
        label: `${truck.unitNumber} · ${filed.body.data.inspectedAt.slice(0, 10)}`,
        path: `/dashboard/inspections/${filed.body.data.id}`,
      },
      deleteRefusal: { code: 'in_use', key: 'inspections.photos.errors.retained' },
    })
    // The release job finds it attached: it stays, even a day later.
    expect(await releaseOrphanPhoto(photoId, new Date(Date.now() + 2 * ORPHAN_PHOTO_MS))).toBe(false)
    expect(storedFiles(org).map((entry) => entry.name)).toContain(path.basename(row.storageKey))
  })

  it('refuses another user’s, another organization’s and an attached photo at its defect, filing nothing', async () => {
    const truck = await truckOf(org)
    const driverId = org.users.driver.id
    const theirs = (await upload(org.users.admin.token)).body.data.id
    const foreign = (await upload(other.users.driver.token)).body.data.id
    const attached = (await upload(org.users.driver.token)).body.data.id
    expect((await file(org.users.driver.token, report(truck.id, [attached]))).status).toBe(201)
    const before = await prisma.inspection.count({ where: { driverId } })

    for (const photoId of [theirs, foreign, attached, 'c0000000000000000000000000']) {
      const refused = await file(org.users.driver.token, report(truck.id, [photoId]))
      expect([refused.status, refused.body.error.code, refused.body.error.fields]).toEqual([
        400,
        'validation_failed',
        { 'defects.0.photoIds': ['Attach only photos you uploaded for this report and not yet attached.'] },
      ])
    }
    const twice = await file(org.users.driver.token, report(truck.id, [attached, attached]))
    expect([twice.status, twice.body.error.code]).toEqual([400, 'validation_failed'])
    expect(await prisma.inspection.count({ where: { driverId } })).toBe(before)
    expect(await prisma.inspectionPhoto.findUniqueOrThrow({ where: { id: theirs } })).toMatchObject({ inspectionId: null })
  })

  it('refuses a 20 MB photo (413) and a file that is not an image (415), writing nothing', async () => {
    const owner = await createOrg()
    const huge = await upload(owner.users.driver.token, HUGE, 'phone.png')
    expect([huge.status, huge.body.error.code, huge.body.error.fields.file]).toEqual([413, 'payload_too_large', ['The file is larger than 15 MB.']])
    const pdf = await upload(owner.users.driver.token, PDF, 'photo.png')
    expect([pdf.status, pdf.body.error.code, pdf.body.error.fields.file]).toEqual([
      415,
      'unsupported_media_type',
      ['Only JPEG, PNG and WebP photos are accepted (checked by their content, not their name).'],
    ])
    // Only those who file reports upload.
    for (const role of ['dispatcher', 'viewer'] as const) expect((await upload(owner.users[role].token)).status).toBe(403)
    expect(await prisma.inspectionPhoto.count({ where: { organizationId: owner.organization.id } })).toBe(0)
    expect(storedFiles(owner)).toHaveLength(0)
  })

  it('removes an upload never attached a day later, its row and its file; an unattached upload is read by its uploader only', async () => {
    const owner = await createOrg()
    const photoId: string = (await upload(owner.users.driver.token)).body.data.id
    const { storageKey, createdAt } = await prisma.inspectionPhoto.findUniqueOrThrow({ where: { id: photoId } })
    expect((await readPhoto(photoId, owner.users.driver.token)).status).toBe(200)
    expect((await readPhoto(photoId, owner.users.admin.token)).status).toBe(404)

    expect(await releaseOrphanPhoto(photoId, new Date(createdAt.getTime() + ORPHAN_PHOTO_MS - 1000))).toBe(false)
    expect(await releaseOrphanPhoto(photoId, new Date(createdAt.getTime() + ORPHAN_PHOTO_MS))).toBe(true)
    expect(await prisma.inspectionPhoto.findUnique({ where: { id: photoId } })).toBeNull()
    expect(fs.existsSync(path.join(storageDir, storageKey))).toBe(false)
    const truck = await truckOf(owner)
    expect((await file(owner.users.driver.token, report(truck.id, [photoId]))).status).toBe(400)
  })

  it('keeps a report’s photo 3 months: the files manager deletes it after, by those who certify reports', async () => {
    const owner = await createOrg()
    const truck = await truckOf(owner)
    const photoId: string = (await upload(owner.users.driver.token)).body.data.id
    const filed = await file(owner.users.driver.token, report(truck.id, [photoId]))
    const early = await callApi(fileItem, { method: 'DELETE', path: `/api/files/${photoId}`, params: { id: photoId }, token: owner.users.admin.token })
    expect([early.status, early.body.error.code]).toEqual([409, 'in_use'])
    const inspectedAt = new Date(filed.body.data.inspectedAt)
    const later = new Date(inspectedAt.getTime() + 100 * 24 * 60 * 60_000)
    await expect(deleteInspectionPhoto(actorOf(owner, 'viewer'), photoId, later)).rejects.toMatchObject({ code: 'forbidden' })
    const { storageKey } = await prisma.inspectionPhoto.findUniqueOrThrow({ where: { id: photoId } })
    await deleteInspectionPhoto(actorOf(owner, 'dispatcher'), photoId, later)
    expect(await prisma.inspectionPhoto.findUnique({ where: { id: photoId } })).toBeNull()
    expect(await prisma.storedFile.findUnique({ where: { id: photoId } })).toBeNull()
    expect(fs.existsSync(path.join(storageDir, storageKey))).toBe(false)
  })
})

describe('defect photos from the filing form (JavaScript off)', () => {
  function formBody(truckId: string, photos: Array<{ line: number; bytes: Uint8Array; name: string }>, extra: Record<string, string> = {}) {
    const form = new FormData()
    const fields: Record<string, string> = {
      truckId,
      kind: 'post_trip',
      inspectedAt: '2026-12-01T08:00',
      odometer: '130000',
      'defects[0].item': 'service_brakes',
      'defects[0].note': 'Air leak',
      'defects[0].outOfService': 'on',
      ...extra,
    }
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    for (const photo of photos) form.append(`defects[${photo.line}].photos`, new File([new Uint8Array(photo.bytes)], photo.name, { type: 'image/png' }))
    // A line with no photo chosen sends an empty part.
    form.append('defects[4].photos', new File([], '', { type: 'application/octet-stream' }))
    return { method: 'POST', body: form }
  }

  it('files the report with the line’s photos in one post', async () => {
    const owner = await createOrg()
    const truck = await truckOf(owner)
    const posted = await callPage(
      newPage.action,
      '/dashboard/inspections/new',
      owner.users.driver.id,
      {},
      formBody(truck.id, [
        { line: 0, bytes: PNG, name: 'a.png' },
        { line: 0, bytes: PNG, name: 'b.png' },
      ]),
    )
    expect(posted.status).toBe(302)
    const id = posted.location!.split('/').at(-1)!
    const photos = await prisma.inspectionPhoto.findMany({ where: { inspectionId: id }, orderBy: { fileName: 'asc' } })
    expect(photos.map((photo) => photo.fileName)).toEqual(['a.png', 'b.png'])
    const shown = await callPage(pagePhoto.loader, `/dashboard/inspections/photos/${photos[0].id}`, owner.users.viewer.id, { id: photos[0].id })
    expect([shown.status, shown.response?.headers.get('Content-Type')]).toEqual([200, 'image/png'])
  })

  it('answers a 20 MB photo at its line, with the form as typed and the other photo kept, the report not filed', async () => {
    const owner = await createOrg()
    const truck = await truckOf(owner)
    const posted = await callPage(
      newPage.action,
      '/dashboard/inspections/new',
      owner.users.driver.id,
      {},
      formBody(truck.id, [
        { line: 0, bytes: PNG, name: 'ok.png' },
        { line: 0, bytes: HUGE, name: 'huge.png' },
      ]),
    )
    expect(posted.status).toBe(413)
    const refused = refusalOf(posted)!
    expect(refused.fields['defects[0].photos']).toEqual(['The file is larger than 15 MB.'])
    expect(await prisma.inspection.count({ where: { organizationId: owner.organization.id } })).toBe(0)
    // The accepted photo waits as an upload, named in the form's reply so the next post attaches it.
    const kept = await prisma.inspectionPhoto.findMany({ where: { organizationId: owner.organization.id } })
    expect(kept.map((photo) => [photo.fileName, photo.inspectionId])).toEqual([['ok.png', null]])
    expect(storedFiles(owner)).toHaveLength(1)
    const reply = (posted.data as { result: { initialValue: { defects: Array<{ photoIds?: string | string[] }> } } }).result.initialValue
    expect(([] as string[]).concat(reply.defects[0].photoIds ?? [])).toEqual([kept[0].id])
  })
})
