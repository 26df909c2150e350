/**
 * The driver qualification file (ADR 139): the model (create, update, delete at a version, each
 * item's validThrough and status from the policy, audit events), the schema's refusals writing
 * nothing (an expiry before completion, a day ahead, a dated kind without expiry, a 20 MB
 * document), another organization's driver, a driver's renewed medical card pending until the
 * office accepts it (then the profile's medicalCardExpiry follows), the organization's settings,
 * the pages and the API's contract.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getComplianceSettings, updateComplianceSettings } from '~/models/compliance/compliance-settings.server'
import {
  createQualification,
  deleteQualification,
  getQualificationFile,
  reviewQualification,
  updateQualification,
} from '~/models/compliance/qualification.server'
import { organizationToday } from '~/models/organization/organization.server'
import { isoDate } from '~/models/records/records.server'
import { addDays } from '~/policies/maintenance-schedule'
import { addMonths } from '~/policies/qualification'
import * as settingsApi from '~/routes/api/compliance/settings'
import * as collectionApi from '~/routes/api/qualifications/collection'
import * as documentApi from '~/routes/api/qualifications/document'
import * as itemApi from '~/routes/api/qualifications/item'
import * as settingsPage from '~/routes/dashboard/compliance/settings'
import * as myPage from '~/routes/dashboard/users/my-qualifications'
import * as documentPage from '~/routes/dashboard/users/qualification-document'
import * as filePage from '~/routes/dashboard/users/qualifications'
import { ComplianceSettingsSchema, QualificationSchema } from '~/schemas/qualification'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, refusal } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-qualifications-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')

let org: Org
let other: Org
let today: string
beforeAll(async () => {
  ;[org, other] = await Promise.all([createOrg(), createOrg()])
  today = await organizationToday(org.organization.id)
})

const item = (fields: Record<string, unknown>) => QualificationSchema.parse(fields)

function storedFiles(owner: Org) {
  const dir = path.join(storageDir, 'qualifications', owner.organization.id)
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []
}

function multipart(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('file', new File([new Uint8Array(file.bytes)], file.name, { type: 'application/octet-stream' }))
  return form
}

/** A fresh driver of the organization (each test its own file). */
async function newDriver(owner: Org) {
  return prisma.user.create({
    data: {
      organizationId: owner.organization.id,
      email: `driver.${Math.random().toString(36).slice(2, 10)}@example.test`,
      passwordHash: 'x',
      firstName: 'Dana',
      lastName: 'Driver',
      role: 'driver',
    },
  })
}

describe('the qualification file', () => {
  it('adds, edits and deletes items at a version, each with its validThrough and status today, every write audited', async () => {
    const driver = await newDriver(org)
    const mvr = await createQualification(actorOf(org), driver.id, item({ kind: 'mvr', completedAt: addDays(today, -10), result: 'Clear' }))
    expect(mvr).toMatchObject({ review: 'accepted', validThrough: addDays(addMonths(addDays(today, -10), 12), -1), status: 'ok', version: 1 })
    const old = await createQualification(
      actorOf(org, 'dispatcher'),
      driver.id,
      item({ kind: 'annual_review', completedAt: addDays(addMonths(today, -12), 10) }),
    )
    expect(old.status).toBe('expiring')
    await createQualification(actorOf(org), driver.id, item({ kind: 'application', completedAt: '2020-01-01' }))

    const file = await getQualificationFile(actorOf(org, 'viewer'), driver.id)
    const byKind = Object.fromEntries(file.kinds.map((kind) => [kind.kind, kind.status]))
    expect(byKind).toMatchObject({ mvr: 'ok', annual_review: 'expiring', application: 'ok', road_test: 'missing', medical_certificate: 'missing' })

    const updated = await updateQualification(actorOf(org), driver.id, mvr.id, { ...item({ kind: 'mvr', completedAt: addDays(today, -400) }), version: 1 })
    expect([updated.version, updated.status]).toEqual([2, 'expired'])
    const stale = await refusal(updateQualification(actorOf(org), driver.id, mvr.id, { ...item({ kind: 'mvr', completedAt: today }), version: 1 }))
    expect(stale.code).toBe('conflict')
    expect((await refusal(deleteQualification(actorOf(org), driver.id, mvr.id, 1))).code).toBe('conflict')
    // Accountants, viewers and mechanics write nothing.
    for (const role of ['accountant', 'viewer', 'mechanic'] as const)
      expect((await refusal(createQualification(actorOf(org, role), driver.id, item({ kind: 'mvr', completedAt: today })))).code).toBe('forbidden')
    await deleteQualification(actorOf(org), driver.id, mvr.id, 2)
    expect(await prisma.driverQualification.count({ where: { id: mvr.id } })).toBe(0)
    expect(await prisma.auditEvent.count({ where: { entity: 'qualification', entityId: mvr.id } })).toBe(3)
  })

  it('refuses bad input with a translated message and writes nothing', async () => {
    const driver = await newDriver(org)
    const before = QualificationSchema.safeParse({ kind: 'mvr', completedAt: '2026-03-10', expiresAt: '2026-03-09' })
    expect(before.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['expiresAt', 'qualifications.errors.expiresBeforeDone']])
    expect(QualificationSchema.safeParse({ kind: 'medical_certificate', completedAt: '2026-03-10' }).error?.issues[0].message).toBe(
      'qualifications.errors.expiryRequired',
    )
    expect(QualificationSchema.safeParse({ kind: 'mvr', completedAt: addDays(today, 5) }).error?.issues[0].message).toBe('qualifications.errors.completedAhead')
    expect(QualificationSchema.safeParse({ kind: 'mvr', completedAt: today, result: 'x'.repeat(201) }).success).toBe(false)
    // Tomorrow on the organization's clock passes the schema's coarse check; the model refuses it.
    expect((await refusal(createQualification(actorOf(org), driver.id, item({ kind: 'mvr', completedAt: addDays(today, 1) })))).fields).toEqual({
      completedAt: ['qualifications.errors.completedAhead'],
    })

    // The page answers the message translated, at its field.
    const page = await callPage(
      filePage.action,
      `/dashboard/user/${driver.id}/qualifications`,
      org.users.admin.id,
      { id: driver.id },
      postForm({ intent: 'save', kind: 'mvr', completedAt: '2026-03-10', expiresAt: '2026-03-01' }),
    )
    expect(page.status).toBe(400)
    expect(refusalOf(page)!.fields.expiresAt).toEqual(['It expires before it was done: the expiry must be on or after the day it was done.'])

    // A 20 MB document: 413 with the message, nothing stored, no row.
    const big = new Uint8Array(20 * 1024 * 1024)
    big.set(PDF)
    const path = `/api/drivers/${driver.id}/qualifications`
    const tooLarge = await callApi(collectionApi, {
      method: 'POST',
      path,
      params: { userId: driver.id },
      token: org.users.admin.token,
      form: multipart({ kind: 'mvr', completedAt: today }, { bytes: big, name: 'mvr.pdf' }),
    })
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.body.error.fields.file[0]).toMatch(/15/)
    // The page too: the translated message at the file input.
    const pageBig = await callPage(
      filePage.action,
      path,
      org.users.admin.id,
      { id: driver.id },
      {
        method: 'POST',
        body: multipart({ intent: 'save', kind: 'mvr', completedAt: today }, { bytes: big, name: 'mvr.pdf' }),
      },
    )
    expect(pageBig.status).toBe(413)
    expect(refusalOf(pageBig)!.fields.file[0]).toMatch(/15/)
    // A good document on an item the schema refuses is not kept either.
    const refusedWithFile = await callApi(collectionApi, {
      method: 'POST',
      path,
      params: { userId: driver.id },
      token: org.users.admin.token,
      form: multipart({ kind: 'medical_certificate', completedAt: today }, { bytes: PDF, name: 'card.pdf' }),
    })
    expect(refusedWithFile.status).toBe(400)
    expect(refusedWithFile.body.error.fields.expiresAt).toEqual(['Give the expiry date printed on the card.'])
    expect(await prisma.driverQualification.count({ where: { driverId: driver.id } })).toBe(0)
    expect(storedFiles(org)).toHaveLength(0)
  })

  it('knows only the organization’s drivers: another organization’s, or a user who is not a driver, is 404', async () => {
    const theirs = await newDriver(other)
    for (const driverId of [theirs.id, org.users.dispatcher.id, 'nope'])
      expect((await refusal(createQualification(actorOf(org), driverId, item({ kind: 'mvr', completedAt: today })))).code).toBe('not_found')
    const path = `/api/drivers/${theirs.id}/qualifications`
    expect((await callApi(collectionApi, { path, params: { userId: theirs.id }, token: org.users.admin.token })).status).toBe(404)
    const posted = await callApi(collectionApi, {
      method: 'POST',
      path,
      params: { userId: theirs.id },
      token: org.users.admin.token,
      form: multipart({ kind: 'mvr', completedAt: today }, { bytes: PDF, name: 'mvr.pdf' }),
    })
    expect(posted.status).toBe(404)
    expect(storedFiles(org)).toHaveLength(0)
    expect(await prisma.driverQualification.count({ where: { driverId: theirs.id } })).toBe(0)
    // A driver reads only their own file.
    const mine = await newDriver(org)
    expect((await refusal(getQualificationFile(actorOf(org, 'driver'), mine.id))).code).toBe('not_found')
    expect((await callPage(filePage.loader, `/dashboard/user/${theirs.id}/qualifications`, org.users.admin.id, { id: theirs.id })).status).toBe(404)
  })

  it('keeps a driver’s renewed medical card pending until the office accepts it; accepted, the profile’s expiry follows it', async () => {
    const driver = org.users.driver
    const expiry = addDays(today, 700)
    const card = await createQualification(
      actorOf(org),
      driver.id,
      item({ kind: 'medical_certificate', completedAt: addDays(today, -700), expiresAt: addDays(today, 10) }),
    )
    expect(isoDate((await prisma.driverProfile.findUniqueOrThrow({ where: { userId: driver.id } })).medicalCardExpiry)).toBe(addDays(today, 10))
    expect(card.status).toBe('expiring')

    // The driver's own page: a renewed card with its photo, pending.
    const sent = await callPage(
      myPage.action,
      '/dashboard/user/qualifications',
      driver.id,
      {},
      {
        method: 'POST',
        body: multipart({ intent: 'save', kind: 'medical_certificate', completedAt: today, expiresAt: expiry }, { bytes: PDF, name: 'renewed card.pdf' }),
      },
    )
    expect(sent.status).toBe(302)
    const pending = await prisma.driverQualification.findFirstOrThrow({ where: { driverId: driver.id, review: 'pending' } })
    expect(pending).toMatchObject({ documentName: 'renewed card.pdf', documentType: 'application/pdf', uploadedById: driver.id })
    // It does not count yet: the kind is still expiring, the profile unchanged.
    const file = await getQualificationFile(actorOf(org, 'driver'), driver.id)
    expect(file.kinds.find((kind) => kind.kind === 'medical_certificate')!.status).toBe('expiring')
    expect(isoDate((await prisma.driverProfile.findUniqueOrThrow({ where: { userId: driver.id } })).medicalCardExpiry)).toBe(addDays(today, 10))
    // Drivers send only a medical card, with its document, and never accept their own.
    expect((await refusal(createQualification(actorOf(org, 'driver'), driver.id, item({ kind: 'mvr', completedAt: today })))).fields).toEqual({
      kind: ['qualifications.errors.driverKind'],
    })
    expect((await refusal(reviewQualification(actorOf(org, 'driver'), driver.id, pending.id, { review: 'accepted', version: 1 }))).code).toBe('forbidden')
    expect(
      (
        await callPage(
          filePage.action,
          `/dashboard/user/${driver.id}/qualifications`,
          driver.id,
          { id: driver.id },
          postForm({ intent: 'review', id: pending.id, version: '1', review: 'accepted' }),
        )
      ).status,
    ).toBe(403)

    // The office accepts it on the driver's file: it counts, and the profile's expiry is the card's.
    const userVersion = (await prisma.user.findUniqueOrThrow({ where: { id: driver.id } })).version
    const accepted = await callPage(
      filePage.action,
      `/dashboard/user/${driver.id}/qualifications`,
      org.users.dispatcher.id,
      { id: driver.id },
      postForm({ intent: 'review', id: pending.id, version: '1', review: 'accepted' }),
    )
    expect(accepted.status).toBe(302)
    expect(isoDate((await prisma.driverProfile.findUniqueOrThrow({ where: { userId: driver.id } })).medicalCardExpiry)).toBe(expiry)
    expect((await prisma.user.findUniqueOrThrow({ where: { id: driver.id } })).version).toBe(userVersion + 1)
    const after = await getQualificationFile(actorOf(org, 'driver'), driver.id)
    expect(after.kinds.find((kind) => kind.kind === 'medical_certificate')).toMatchObject({ status: 'ok', validThrough: expiry })

    // The document is read by the office and by the driver, never by another organization.
    const url = `/api/drivers/${driver.id}/qualifications/${pending.id}/document`
    const download = await documentApi.loader({
      request: new Request(`http://localhost${url}`, { headers: { Authorization: `Bearer ${org.users.viewer.token}` } }),
      params: { userId: driver.id, id: pending.id },
      context: {},
    } as never)
    expect([download.status, download.headers.get('Content-Type')]).toEqual([200, 'application/pdf'])
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)
    const pagePath = `/dashboard/user/${driver.id}/qualifications/${pending.id}/document`
    expect((await callPage(documentPage.loader, pagePath, driver.id, { id: driver.id, itemId: pending.id })).status).toBe(200)
    expect((await callPage(documentPage.loader, pagePath, other.users.admin.id, { id: driver.id, itemId: pending.id })).status).toBe(404)

    // Deleting the latest card puts the profile back on the one before.
    await deleteQualification(actorOf(org), driver.id, pending.id)
    expect(isoDate((await prisma.driverProfile.findUniqueOrThrow({ where: { userId: driver.id } })).medicalCardExpiry)).toBe(addDays(today, 10))
    expect(storedFiles(org)).toHaveLength(0)
    await deleteQualification(actorOf(org), driver.id, card.id)
  })

  it('keeps the organization’s required kinds and reminder days at a version, admins only', async () => {
    const owner = await createOrg()
    expect(await getComplianceSettings(owner.organization.id)).toEqual({ requiredKinds: [], reminderDays: 30, version: 0 })
    const saved = await updateComplianceSettings(
      actorOf(owner),
      ComplianceSettingsSchema.parse({ requiredKinds: ['mvr', 'application'], reminderDays: 45, version: 0 }),
    )
    expect(saved).toEqual({ requiredKinds: ['application', 'mvr'], reminderDays: 45, version: 1 })
    expect((await refusal(updateComplianceSettings(actorOf(owner), { requiredKinds: [], reminderDays: 10, version: 0 }))).code).toBe('conflict')
    expect((await refusal(updateComplianceSettings(actorOf(owner, 'dispatcher'), { requiredKinds: [], reminderDays: 10, version: 1 }))).code).toBe('forbidden')

    // The page: checkboxes and days, out of range refused at the field, nothing written.
    const form = new URLSearchParams([
      ['intent', 'save'],
      ['version', '1'],
      ['requiredKinds', 'medical_certificate'],
      ['reminderDays', '400'],
    ])
    const bad = await callPage(settingsPage.action, '/dashboard/compliance/settings', owner.users.admin.id, {}, postForm(form))
    expect([bad.status, Object.keys(refusalOf(bad)!.fields)]).toEqual([400, ['reminderDays']])
    form.set('reminderDays', '14')
    expect((await callPage(settingsPage.action, '/dashboard/compliance/settings', owner.users.admin.id, {}, postForm(form))).status).toBe(302)
    expect(await getComplianceSettings(owner.organization.id)).toEqual({ requiredKinds: ['medical_certificate'], reminderDays: 14, version: 2 })
    expect((await callPage(settingsPage.loader, '/dashboard/compliance/settings', owner.users.dispatcher.id)).status).toBe(403)

    // The API.
    const path = '/api/compliance/settings'
    expect((await callApi(settingsApi, { path, token: owner.users.viewer.token })).body.data).toEqual({
      requiredKinds: ['medical_certificate'],
      reminderDays: 14,
      version: 2,
    })
    expect(
      (await callApi(settingsApi, { method: 'PUT', path, token: owner.users.dispatcher.token, body: { requiredKinds: [], reminderDays: 1, version: 2 } }))
        .status,
    ).toBe(403)
    const put = await callApi(settingsApi, {
      method: 'PUT',
      path,
      token: owner.users.admin.token,
      body: { requiredKinds: ['license'], reminderDays: 0, version: 2 },
    })
    expect(put.body.data).toEqual({ requiredKinds: ['license'], reminderDays: 0, version: 3 })
    expect(
      (await callApi(settingsApi, { method: 'PUT', path, token: owner.users.admin.token, body: { requiredKinds: ['nope'], reminderDays: 0, version: 3 } }))
        .status,
    ).toBe(400)
    expect(
      (await callApi(settingsApi, { method: 'PUT', path, token: owner.users.admin.token, body: { requiredKinds: [], reminderDays: 0, version: 2 } })).status,
    ).toBe(409)
  })

  it('answers the API’s contract: JSON or multipart, status, validThrough, review, version, the document; stable error codes', async () => {
    const driver = await newDriver(org)
    const path = `/api/drivers/${driver.id}/qualifications`
    const params = { userId: driver.id }
    expect((await callApi(collectionApi, { path, params })).status).toBe(401)
    expect((await callApi(collectionApi, { path, params, token: org.users.mechanic.token })).status).toBe(403)
    const created = await callApi(collectionApi, {
      method: 'POST',
      path,
      params,
      token: org.users.admin.token,
      form: multipart(
        { kind: 'medical_certificate', completedAt: today, expiresAt: addDays(today, 365), result: 'Certified 2 years' },
        { bytes: PDF, name: 'card.pdf' },
      ),
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({
      kind: 'medical_certificate',
      review: 'accepted',
      status: 'ok',
      validThrough: addDays(today, 365),
      version: 1,
      document: { fileName: 'card.pdf', contentType: 'application/pdf', sizeBytes: PDF.byteLength, url: `${path}/${created.body.data.id}/document` },
    })
    const json = await callApi(collectionApi, { method: 'POST', path, params, token: org.users.dispatcher.token, body: { kind: 'mvr', completedAt: today } })
    expect([json.status, json.body.data.document, json.body.data.status]).toEqual([201, null, 'ok'])
    const bad = await callApi(collectionApi, {
      method: 'POST',
      path,
      params,
      token: org.users.admin.token,
      body: { kind: 'mvr', completedAt: today, expiresAt: addDays(today, -1) },
    })
    expect([bad.status, bad.body.error.code, Object.keys(bad.body.error.fields)]).toEqual([400, 'validation_failed', ['expiresAt']])
    expect(
      (await callApi(collectionApi, { method: 'POST', path, params, token: org.users.accountant.token, body: { kind: 'mvr', completedAt: today } })).status,
    ).toBe(403)

    const listed = await callApi(collectionApi, { path, params, token: org.users.viewer.token })
    expect(listed.body.data.map((row: { kind: string }) => row.kind)).toEqual(['mvr', 'medical_certificate'])
    const id = json.body.data.id
    const itemPath = `${path}/${id}`
    const itemParams = { userId: driver.id, id }
    expect((await callApi(itemApi, { path: itemPath, params: itemParams, token: other.users.admin.token })).status).toBe(404)
    const put = await callApi(itemApi, {
      method: 'PUT',
      path: itemPath,
      params: itemParams,
      token: org.users.admin.token,
      body: { ...json.body.data, result: 'Clear' },
    })
    expect([put.status, put.body.data.result, put.body.data.version]).toEqual([200, 'Clear', 2])
    const stale = await callApi(itemApi, { method: 'PUT', path: itemPath, params: itemParams, token: org.users.admin.token, body: json.body.data })
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict'])
    expect((await callApi(itemApi, { method: 'DELETE', path: `${itemPath}?version=1`, params: itemParams, token: org.users.admin.token })).status).toBe(409)
    const deleted = await callApi(itemApi, { method: 'DELETE', path: `${itemPath}?version=2`, params: itemParams, token: org.users.admin.token })
    expect(deleted.body.data).toEqual({ id, deleted: true })
    expect((await callApi(itemApi, { path: itemPath, params: itemParams, token: org.users.admin.token })).status).toBe(404)
    // A driver reads their own file through the API, not a colleague's.
    expect((await callApi(collectionApi, { path, params, token: org.users.driver.token })).status).toBe(404)
    const own = `/api/drivers/${org.users.driver.id}/qualifications`
    expect((await callApi(collectionApi, { path: own, params: { userId: org.users.driver.id }, token: org.users.driver.token })).status).toBe(200)
  })

  it('shows the file on the driver’s page, read-only for a viewer, and the driver’s own page', async () => {
    const driver = await newDriver(org)
    const empty = await callPage(filePage.loader, `/dashboard/user/${driver.id}/qualifications`, org.users.admin.id, { id: driver.id })
    expect(empty.data).toMatchObject({ canCreate: true, canUpdate: true })
    const added = await callPage(
      filePage.action,
      `/dashboard/user/${driver.id}/qualifications`,
      org.users.admin.id,
      { id: driver.id },
      { method: 'POST', body: multipart({ intent: 'save', kind: 'road_test', completedAt: today, result: 'Passed' }, { bytes: PDF, name: 'road test.pdf' }) },
    )
    expect(added.status).toBe(302)
    const viewer = await callPage(filePage.loader, `/dashboard/user/${driver.id}/qualifications`, org.users.viewer.id, { id: driver.id })
    expect(viewer.data).toMatchObject({ canCreate: false, canUpdate: false, canDelete: false })
    const roadTest = (viewer.data!.kinds as Array<{ kind: string; status: string; items: Array<{ id: string; version: number; document: unknown }> }>).find(
      (kind) => kind.kind === 'road_test',
    )!
    expect(roadTest.status).toBe('ok')
    expect(roadTest.items[0].document).toMatchObject({ fileName: 'road test.pdf' })
    expect(
      (
        await callPage(
          filePage.action,
          `/dashboard/user/${driver.id}/qualifications`,
          org.users.viewer.id,
          { id: driver.id },
          postForm({ intent: 'delete', id: roadTest.items[0].id, version: '1' }),
        )
      ).status,
    ).toBe(403)
    // Editing without JavaScript: ?edit= opens the item's form; a new document replaces the old one's file.
    const editing = await callPage(filePage.loader, `/dashboard/user/${driver.id}/qualifications?edit=${roadTest.items[0].id}`, org.users.dispatcher.id, {
      id: driver.id,
    })
    expect((editing.data!.editing as { id: string }).id).toBe(roadTest.items[0].id)
    const replaced = await callPage(
      filePage.action,
      `/dashboard/user/${driver.id}/qualifications`,
      org.users.dispatcher.id,
      { id: driver.id },
      {
        method: 'POST',
        body: multipart({ intent: 'save', id: roadTest.items[0].id, version: '1', kind: 'road_test', completedAt: today }, { bytes: PDF, name: 'second.pdf' }),
      },
    )
    expect(replaced.status).toBe(302)
    expect(storedFiles(org).filter((entry) => entry.parentPath.includes(driver.id))).toHaveLength(1)
    expect(
      (
        await callPage(
          filePage.action,
          `/dashboard/user/${driver.id}/qualifications`,
          org.users.admin.id,
          { id: driver.id },
          postForm({ intent: 'delete', id: roadTest.items[0].id, version: '2' }),
        )
      ).status,
    ).toBe(302)
    expect(storedFiles(org).filter((entry) => entry.parentPath.includes(driver.id))).toHaveLength(0)
    // The driver's own page is a driver's.
    expect((await callPage(myPage.loader, '/dashboard/user/qualifications', org.users.driver.id)).status).toBe(200)
    expect((await callPage(myPage.loader, '/dashboard/user/qualifications', org.users.admin.id)).status).toBe(404)
  })
})
