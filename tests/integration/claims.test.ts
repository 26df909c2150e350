/**
 * Claims (ADR 142): the status table, bad input refused at its field with nothing written, a claim's
 * payment deducted from the load's driver once (on the open draft, or by the next settlement; also
 * under concurrent clicks), a voided settlement freeing it, papers through the storage module (a
 * 20 MB file refused, nothing kept), the pages, and the API's contract for /api/claims.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createClaim, deleteClaim, getClaim, moveClaim, updateClaim } from '~/models/claims/claim.server'
import { RECORD_DOCUMENTS_MAX } from '~/models/files/streamed-upload.server'
import { createSettlement, deductClaim, removeSettlementLine, voidSettlement } from '~/models/settlements/settlement.server'
import * as claimsRoute from '~/routes/api/claims/collection'
import * as deductionRoute from '~/routes/api/claims/deduction'
import * as documentRoute from '~/routes/api/claims/document'
import * as documentsRoute from '~/routes/api/claims/documents'
import * as claimRoute from '~/routes/api/claims/item'
import * as statusRoute from '~/routes/api/claims/status'
import * as editorPage from '~/routes/dashboard/claims/editor'
import * as exportPage from '~/routes/dashboard/claims/export'
import * as listPage from '~/routes/dashboard/claims/list'
import * as viewPage from '~/routes/dashboard/claims/view'
import { ClaimSchema } from '~/schemas/claim'
import { SettlementCreateSchema } from '~/schemas/settlement'
import { prisma } from '~/utils/db.server'
import { unpackRows } from '~/utils/packed-rows'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, newLoad, type Org, refusal } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-claims-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PERIOD = { periodStart: '2026-12-01', periodEnd: '2026-12-07' }

/** An organization with its fleet and a load of its driver, from its broker. */
async function claimOrg() {
  const org = await createOrg()
  const { broker, driverId } = await fleet(org)
  const load = await newLoad(org, { brokerId: broker.id, driverId })
  return { org, broker, load, driverId }
}

const claimInput = (loadId: string, brokerId: string, fields: Record<string, unknown> = {}) =>
  ClaimSchema.parse({ loadId, kind: 'cargo_damage', claimantBrokerId: brokerId, filedOn: '2026-12-03', amountClaimedCents: 250_000, ...fields })

/** A claim settled with `paid` paid. */
async function settledClaim(org: Org, loadId: string, brokerId: string, paid = 120_000) {
  const claim = await createClaim(actorOf(org, 'dispatcher'), claimInput(loadId, brokerId))
  return moveClaim(actorOf(org, 'accountant'), claim.id, { status: 'settled', amountPaidCents: paid, version: claim.version })
}

const draftFor = (org: Org, fields: Record<string, string> = {}) =>
  createSettlement(actorOf(org, 'accountant'), SettlementCreateSchema.parse({ driverId: org.users.driver.id, ...PERIOD, ...fields }))

function storedFiles(org: Org) {
  const dir = path.join(storageDir, 'claims', org.organization.id)
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []
}

describe('claims', () => {
  it('moves open → investigating → settled → closed as the table allows; each move audited, a stale version a conflict', async () => {
    const { org, broker, load } = await claimOrg()
    const opened = await createClaim(actorOf(org, 'dispatcher'), claimInput(load.id, broker.id, { insurer: 'Great West', insurerClaimNumber: 'GW-77' }))
    expect([opened.number, opened.status, opened.amountPaidCents, opened.claimantBrokerId]).toEqual(['CL-000001', 'open', null, broker.id])
    const second = await createClaim(actorOf(org, 'accountant'), claimInput(load.id, broker.id))
    expect(second.number).toBe('CL-000002')

    const investigating = await moveClaim(actorOf(org, 'dispatcher'), opened.id, { status: 'investigating', version: opened.version })
    // Nothing moves back to open, and investigating cannot be closed before it is settled or denied.
    expect((await refusal(moveClaim(actorOf(org, 'admin'), opened.id, { status: 'open' }))).code).toBe('invalid_transition')
    expect((await refusal(moveClaim(actorOf(org, 'admin'), opened.id, { status: 'closed' }))).code).toBe('invalid_transition')
    expect((await refusal(moveClaim(actorOf(org, 'admin'), opened.id, { status: 'settled', version: opened.version }))).code).toBe('conflict')
    const settled = await moveClaim(actorOf(org, 'accountant'), opened.id, { status: 'settled', amountPaidCents: 90_000, version: investigating.version })
    expect([settled.status, settled.amountPaidCents]).toEqual(['settled', 90_000])
    const closed = await moveClaim(actorOf(org, 'admin'), opened.id, { status: 'closed', version: settled.version })
    expect(closed.status).toBe('closed')
    // A closed claim is the record: never edited, moved or deleted.
    expect((await refusal(updateClaim(actorOf(org, 'admin'), opened.id, { ...claimInput(load.id, broker.id), version: closed.version }))).code).toBe(
      'invalid_transition',
    )
    expect((await refusal(moveClaim(actorOf(org, 'admin'), opened.id, { status: 'denied' }))).code).toBe('invalid_transition')
    expect((await refusal(deleteClaim(actorOf(org, 'admin'), opened.id, undefined))).code).toBe('in_use')
    // An open one may be denied at once, then closed; an open one opened by mistake may be deleted.
    const denied = await moveClaim(actorOf(org, 'dispatcher'), second.id, { status: 'denied' })
    expect((await moveClaim(actorOf(org, 'dispatcher'), second.id, { status: 'closed', version: denied.version })).status).toBe('closed')
    const mistake = await createClaim(actorOf(org, 'admin'), claimInput(load.id, broker.id))
    await deleteClaim(actorOf(org, 'admin'), mistake.id, mistake.version)
    expect(await prisma.claim.count({ where: { id: mistake.id } })).toBe(0)
    expect(await prisma.auditEvent.count({ where: { entity: 'claim', entityId: opened.id } })).toBe(4)
    // Viewers read; drivers and mechanics neither read nor write.
    for (const role of ['viewer', 'driver', 'mechanic'] as const)
      expect((await refusal(createClaim(actorOf(org, role), claimInput(load.id, broker.id)))).code).toBe('forbidden')
  })

  it('refuses bad input at its field and writes nothing: negative amounts, paid over claimed, another organization’s load, broker or company', async () => {
    const { org, broker, load } = await claimOrg()
    const elsewhere = await claimOrg()
    const otherCompany = await prisma.company.create({ data: { organizationId: elsewhere.org.organization.id, name: 'Elsewhere Freight' } })
    const admin = actorOf(org, 'admin')
    const issues = (input: Record<string, unknown>) =>
      ClaimSchema.safeParse({
        loadId: load.id,
        kind: 'loss',
        claimantBrokerId: broker.id,
        filedOn: '2026-12-03',
        amountClaimedCents: 100,
        ...input,
      }).error?.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues({ amountClaimedCents: -1 })).toEqual([['amountClaimedCents', 'validation.min0']])
    expect(issues({ amountPaidCents: -5 })).toEqual([['amountPaidCents', 'validation.min0']])
    expect(issues({ amountPaidCents: 101 })).toEqual([['amountPaidCents', 'claims.errors.paidOverClaimed']])
    expect(issues({ claimantBrokerId: undefined })).toEqual([['claimantBrokerId', 'claims.errors.claimantRequired']])
    expect(issues({ claimantCompanyId: otherCompany.id })).toEqual([['claimantCompanyId', 'claims.errors.oneClaimant']])
    const fieldsOf = async (pending: Promise<unknown>) => (await refusal(pending)).fields
    expect(await fieldsOf(createClaim(admin, claimInput(elsewhere.load.id, broker.id)))).toEqual({ loadId: ['claims.errors.unknownLoad'] })
    expect(await fieldsOf(createClaim(admin, claimInput(load.id, elsewhere.broker.id)))).toEqual({ claimantBrokerId: ['claims.errors.unknownClaimant'] })
    expect(await fieldsOf(createClaim(admin, claimInput(load.id, '', { claimantBrokerId: undefined, claimantCompanyId: otherCompany.id })))).toEqual({
      claimantCompanyId: ['claims.errors.unknownClaimant'],
    })
    // What was paid is known once the claim is settled.
    expect(await fieldsOf(createClaim(admin, claimInput(load.id, broker.id, { amountPaidCents: 10 })))).toEqual({
      amountPaidCents: ['claims.errors.paidNotSettled'],
    })
    expect(await prisma.claim.count({ where: { organizationId: org.organization.id } })).toBe(0)
    const opened = await createClaim(admin, claimInput(load.id, broker.id))
    expect(await fieldsOf(moveClaim(admin, opened.id, { status: 'settled', amountPaidCents: 250_001 }))).toEqual({
      amountPaidCents: ['claims.errors.paidOverClaimed'],
    })
    expect(await fieldsOf(updateClaim(admin, opened.id, { ...claimInput(elsewhere.load.id, broker.id), version: opened.version }))).toEqual({
      loadId: ['claims.errors.unknownLoad'],
    })
    const still = await getClaim(org.organization.id, opened.id)
    expect([still.status, still.amountPaidCents, still.loadId, still.version]).toEqual(['open', null, load.id, 1])
    // The database holds the rules too: a negative amount, paid over claimed, two claimants.
    for (const data of [
      { amountClaimedCents: -1 },
      { amountPaidCents: 300_000 },
      { claimantCompanyId: (await prisma.company.create({ data: { organizationId: org.organization.id, name: 'Own' } })).id },
    ])
      await expect(prisma.claim.update({ where: { id: opened.id }, data })).rejects.toThrow(/check/i)
    // Another organization's claim is not found.
    expect((await refusal(getClaim(elsewhere.org.organization.id, opened.id))).code).toBe('not_found')
  })

  it('deducts a paid claim from the driver once: on the open draft, never twice, and the draft’s total follows', async () => {
    const { org, broker, load, driverId } = await claimOrg()
    const draft = await draftFor(org)
    const claim = await settledClaim(org, load.id, broker.id)
    const accountant = actorOf(org, 'accountant')
    // More than was paid, nothing, a dispatcher (who does not change settlements): refused, nothing written.
    expect((await refusal(deductClaim(accountant, claim.id, { amountCents: 120_001 }))).fields).toEqual({ amountCents: ['claims.errors.deductionOverPaid'] })
    expect((await refusal(deductClaim(actorOf(org, 'dispatcher'), claim.id, { amountCents: 100 }))).code).toBe('forbidden')
    expect((await refusal(deductClaim(accountant, claim.id, { amountCents: 50_000, version: claim.version + 5 }))).code).toBe('conflict')
    expect(await prisma.settlementItem.count({ where: { claimId: claim.id } })).toBe(0)

    const landed = await deductClaim(accountant, claim.id, { amountCents: 50_000, version: claim.version })
    expect(landed).toEqual({ id: draft.id, number: draft.number })
    const settlement = await prisma.settlement.findUniqueOrThrow({ where: { id: draft.id }, include: { items: true } })
    const line = settlement.items.find((item) => item.claimId === claim.id)!
    expect([line.type, Number(line.amountCents), line.liveClaimId, line.description]).toEqual([
      'deduction',
      50_000,
      claim.id,
      `${claim.number} · ${load.loadNumber}`,
    ])
    expect([Number(settlement.deductionsCents), settlement.version]).toEqual([Number(draft.deductionsCents) + 50_000, draft.version + 1])
    const after = await getClaim(org.organization.id, claim.id)
    expect([after.deductionDriverId, after.deductionCents, after.settlementItems[0]?.settlement.number]).toEqual([driverId, 50_000, draft.number])

    const again = await refusal(deductClaim(accountant, claim.id, { amountCents: 1_000 }))
    expect([again.code, again.messageKey]).toEqual(['in_use', 'claims.errors.alreadyDeducted'])
    // A claim with a deduction keeps its load, its paid amount above the deduction, and is not deleted.
    expect(
      (await refusal(updateClaim(accountant, claim.id, { ...claimInput(load.id, broker.id, { amountPaidCents: 40_000 }), version: after.version }))).fields,
    ).toEqual({
      amountPaidCents: ['claims.errors.paidBelowDeduction'],
    })
    expect((await refusal(deleteClaim(actorOf(org, 'admin'), claim.id, undefined))).code).toBe('in_use')
    // A claim not settled, or whose load has no driver, is not deducted.
    const open = await createClaim(accountant, claimInput(load.id, broker.id))
    expect((await refusal(deductClaim(accountant, open.id, { amountCents: 1 }))).messageKey).toBe('claims.errors.deductNotPaid')
    const driverless = await newLoad(org, { brokerId: broker.id })
    const noDriver = await settledClaim(org, driverless.id, broker.id)
    expect((await refusal(deductClaim(accountant, noDriver.id, { amountCents: 1 }))).messageKey).toBe('claims.errors.deductNoDriver')
  })

  it('under concurrent clicks exactly one deduction is written; the other is a clear 409', async () => {
    const { org, broker, load } = await claimOrg()
    await draftFor(org)
    const claim = await settledClaim(org, load.id, broker.id)
    const results = await Promise.allSettled(
      [0, 1, 2].map(() => deductClaim(actorOf(org, 'accountant'), claim.id, { amountCents: 60_000, version: claim.version })),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const refused = results
      .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
      .map((result) => [result.reason.code, result.reason.status])
    expect(refused).toEqual([
      ['in_use', 409],
      ['in_use', 409],
    ])
    expect(await prisma.settlementItem.count({ where: { claimId: claim.id } })).toBe(1)
    // The database holds it too: a second live line of the claim is refused by the unique index.
    const draft = await prisma.settlement.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    await expect(
      prisma.settlementItem.create({
        data: {
          settlementId: draft.id,
          organizationId: org.organization.id,
          type: 'deduction',
          claimId: claim.id,
          liveClaimId: claim.id,
          description: 'x',
          amountCents: 1,
        },
      }),
    ).rejects.toThrow()
  })

  it('without a draft the next settlement takes the deduction; a voided settlement frees it for the one after, never twice', async () => {
    const { org, broker, load } = await claimOrg()
    const claim = await settledClaim(org, load.id, broker.id)
    const accountant = actorOf(org, 'accountant')
    expect(await deductClaim(accountant, claim.id, { amountCents: 30_000 })).toBeNull()
    expect((await getClaim(org.organization.id, claim.id)).settlementItems).toEqual([])

    const first = await draftFor(org)
    expect(first.items.filter((item) => item.claimId === claim.id).map((item) => Number(item.amountCents))).toEqual([30_000])
    // A second settlement of another period while the first is live does not take it again.
    const second = await draftFor(org, { periodStart: '2026-12-08', periodEnd: '2026-12-14' })
    expect(second.items.filter((item) => item.claimId === claim.id)).toEqual([])

    await voidSettlement(accountant, first.id, undefined)
    expect(await prisma.settlementItem.count({ where: { liveClaimId: claim.id } })).toBe(0)
    // Freed: the claim waits again (its request kept, no second click taken), and the next settlement takes it once.
    expect((await refusal(deductClaim(accountant, claim.id, { amountCents: 1 }))).code).toBe('in_use')
    await prisma.settlement.delete({ where: { id: second.id } })
    const third = await draftFor(org, { periodStart: '2026-12-15', periodEnd: '2026-12-21' })
    const line = third.items.find((item) => item.claimId === claim.id)!
    expect([Number(line.amountCents), line.liveClaimId]).toEqual([30_000, claim.id])
    // A line taken off a draft frees it the same way.
    const removed = await removeSettlementLine(accountant, third.id, line.id, undefined)
    expect(removed.items.some((item) => item.claimId === claim.id)).toBe(false)
    expect(await prisma.settlementItem.count({ where: { liveClaimId: claim.id } })).toBe(0)
  })

  it('stores papers through the storage module; a 20 MB file or a wrong type is refused and nothing is kept', async () => {
    const { org, broker, load } = await claimOrg()
    const claim = await createClaim(actorOf(org, 'dispatcher'), claimInput(load.id, broker.id))
    const upload = (bytes: Uint8Array, name: string, token = org.users.dispatcher.token) => {
      const form = new FormData()
      form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }))
      return callApi(documentsRoute, { method: 'POST', path: `/api/claims/${claim.id}/documents`, params: { id: claim.id }, token, form })
    }
    const huge = new Uint8Array(20 * 1024 * 1024)
    huge.set(PNG)
    const tooLarge = await upload(huge, 'crushed.png')
    expect([tooLarge.status, tooLarge.body.error?.code, tooLarge.body.error?.fields]).toEqual([
      413,
      'payload_too_large',
      { file: ['The file is larger than 15 MB.'] },
    ])
    const wrong = await upload(new TextEncoder().encode('hello'), 'note.png')
    expect([wrong.status, wrong.body.error?.code]).toEqual([415, 'unsupported_media_type'])
    expect(await prisma.claimDocument.count({ where: { claimId: claim.id } })).toBe(0)
    expect(storedFiles(org)).toEqual([])
    expect((await upload(PNG, 'photo.png', org.users.viewer.token)).status).toBe(403)

    const stored = await upload(PNG, 'photo.png')
    expect([stored.status, stored.body.data?.documents.map((document: { fileName: string }) => document.fileName)]).toEqual([201, ['photo.png']])
    const documentId = stored.body.data.documents[0].id as string
    const file = await documentRoute.loader({
      request: new Request(`http://localhost/api/claims/${claim.id}/documents/${documentId}`, {
        headers: { Authorization: `Bearer ${org.users.viewer.token}` },
      }),
      params: { id: claim.id, documentId },
      context: {},
    } as never)
    expect([file.status, file.headers.get('Content-Type'), Buffer.from(await file.arrayBuffer())]).toEqual([200, 'image/png', PNG])
    expect(storedFiles(org)).toHaveLength(1)

    // A claim holds at most RECORD_DOCUMENTS_MAX papers: one more is refused at its field, its file not kept.
    await prisma.claimDocument.createMany({
      data: Array.from({ length: RECORD_DOCUMENTS_MAX - 1 }, (_, i) => ({
        claimId: claim.id,
        organizationId: org.organization.id,
        fileName: `paper-${i}.png`,
        contentType: 'image/png',
        sizeBytes: 1,
        storageKey: `claims/${org.organization.id}/${claim.id}/filler-${i}`,
      })),
    })
    const over = await upload(PNG, 'one-more.png')
    expect([over.status, over.body.error?.fields]).toEqual([400, { file: [`A claim holds at most ${RECORD_DOCUMENTS_MAX} papers.`] }])
    expect(await prisma.claimDocument.count({ where: { claimId: claim.id } })).toBe(RECORD_DOCUMENTS_MAX)
    expect(storedFiles(org)).toHaveLength(1)
    await prisma.claimDocument.deleteMany({ where: { claimId: claim.id, storageKey: { contains: '/filler-' } } })

    // From the page: a 20 MB file is refused at the upload form with a translated message, nothing kept.
    const pageForm = new FormData()
    pageForm.append('file', new File([huge], 'crushed.png'))
    const refused = await callPage(
      viewPage.action as Handler,
      `/dashboard/claims/${claim.id}`,
      org.users.dispatcher.id,
      { id: claim.id },
      { method: 'POST', body: pageForm },
    )
    expect([refused.status, refusalOf(refused)?.message, refusalOf(refused)?.fields.file]).toEqual([
      413,
      'The paper was not added.',
      ['The file is larger than 15 MB.'],
    ])
    expect(await prisma.claimDocument.count({ where: { claimId: claim.id } })).toBe(1)

    const removed = await callApi(documentRoute, {
      method: 'DELETE',
      path: `/api/claims/${claim.id}/documents/${documentId}`,
      params: { id: claim.id, documentId },
      token: org.users.dispatcher.token,
    })
    expect(removed.status).toBe(200)
    expect(storedFiles(org)).toEqual([])
  })

  it('answers the API as documented: 201, 400 at the field, 403, 404 for another organization’s, 409', async () => {
    const { org, broker, load, driverId } = await claimOrg()
    const elsewhere = await claimOrg()
    const apiPath = '/api/claims'
    const body = { loadId: load.id, kind: 'shortage', claimantBrokerId: broker.id, filedOn: '2026-12-02', amountClaimedCents: 80_000, insurer: 'Great West' }
    expect((await callApi(claimsRoute, { method: 'POST', path: apiPath, token: org.users.viewer.token, body })).status).toBe(403)
    expect((await callApi(claimsRoute, { path: apiPath, token: org.users.driver.token })).status).toBe(403)
    const bad = await callApi(claimsRoute, {
      method: 'POST',
      path: apiPath,
      token: org.users.admin.token,
      body: { ...body, amountClaimedCents: -5, loadId: elsewhere.load.id },
    })
    expect([bad.status, bad.body.error?.code, Object.keys(bad.body.error?.fields ?? {})]).toEqual([400, 'validation_failed', ['amountClaimedCents']])
    const foreign = await callApi(claimsRoute, { method: 'POST', path: apiPath, token: org.users.admin.token, body: { ...body, loadId: elsewhere.load.id } })
    expect([foreign.status, foreign.body.error?.fields]).toEqual([400, { loadId: ['Unknown load: choose one of your loads.'] }])
    expect(await prisma.claim.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const created = await callApi(claimsRoute, { method: 'POST', path: apiPath, token: org.users.dispatcher.token, body })
    expect([created.status, created.body.data?.status, created.body.data?.claimant]).toEqual([
      201,
      'open',
      { type: 'broker', id: broker.id, name: broker.name },
    ])
    const id = created.body.data.id as string
    const listed = await callApi(claimsRoute, {
      path: `${apiPath}?status=open&kind=shortage&loadId=${load.id}&from=2026-12-01&to=2026-12-03`,
      token: org.users.viewer.token,
    })
    expect([listed.status, listed.body.meta?.total, listed.body.data]).toEqual([200, 1, [created.body.data]])
    const outside = await callApi(claimsRoute, { path: `${apiPath}?from=2026-12-03`, token: org.users.viewer.token })
    expect(outside.body.meta?.total).toBe(0)
    expect((await callApi(claimRoute, { path: `${apiPath}/${id}`, params: { id }, token: elsewhere.org.users.admin.token })).status).toBe(404)

    const put = await callApi(claimRoute, {
      method: 'PUT',
      path: `${apiPath}/${id}`,
      params: { id },
      token: org.users.accountant.token,
      body: { ...body, amountClaimedCents: 90_000, version: 1 },
    })
    expect([put.status, put.body.data?.amountClaimedCents, put.body.data?.version]).toEqual([200, 90_000, 2])
    const stale = await callApi(claimRoute, {
      method: 'PUT',
      path: `${apiPath}/${id}`,
      params: { id },
      token: org.users.accountant.token,
      body: { ...body, version: 1 },
    })
    expect([stale.status, stale.body.error?.code]).toEqual([409, 'conflict'])
    const move = (payload: unknown) =>
      callApi(statusRoute, { method: 'POST', path: `${apiPath}/${id}/status`, params: { id }, token: org.users.accountant.token, body: payload })
    const over = await move({ status: 'settled', amountPaidCents: 90_001 })
    expect([over.status, over.body.error?.fields]).toEqual([400, { amountPaidCents: ['The amount paid cannot be more than the amount claimed.'] }])
    const closedEarly = await move({ status: 'closed' })
    expect([closedEarly.status, closedEarly.body.error?.code]).toEqual([409, 'invalid_transition'])
    const settled = await move({ status: 'settled', amountPaidCents: 70_000, version: 2 })
    expect([settled.status, settled.body.data?.status, settled.body.data?.amountPaidCents]).toEqual([200, 'settled', 70_000])

    const deduct = (payload: unknown) =>
      callApi(deductionRoute, { method: 'POST', path: `${apiPath}/${id}/deduction`, params: { id }, token: org.users.accountant.token, body: payload })
    expect(
      (
        await callApi(deductionRoute, {
          method: 'POST',
          path: `${apiPath}/${id}/deduction`,
          params: { id },
          token: org.users.dispatcher.token,
          body: { amountCents: 1 },
        })
      ).status,
    ).toBe(403)
    const negative = await deduct({ amountCents: -1 })
    expect([negative.status, Object.keys(negative.body.error?.fields ?? {})]).toEqual([400, ['amountCents']])
    const deducted = await deduct({ amountCents: 70_000 })
    expect([deducted.status, deducted.body.data?.deduction]).toEqual([
      200,
      { driver: { id: driverId, name: expect.any(String) }, amountCents: 70_000, requestedAt: expect.any(String), settlement: null },
    ])
    const twice = await deduct({ amountCents: 70_000 })
    expect([twice.status, twice.body.error?.code, twice.body.error?.message]).toEqual([409, 'in_use', 'This claim was already deducted from the driver’s pay.'])
    const deleted = await callApi(claimRoute, { method: 'DELETE', path: `${apiPath}/${id}`, params: { id }, token: org.users.admin.token })
    expect([deleted.status, deleted.body.error?.code]).toEqual([409, 'in_use'])
  })

  it('the pages: opened from a load (its broker prefilled), listed with filters and CSV, moved and deducted with toasts', async () => {
    const { org, broker, load } = await claimOrg()
    const dispatcher = org.users.dispatcher.id
    const fresh = await callPage(editorPage.loader as Handler, `/dashboard/claims/new?loadId=${load.id}`, dispatcher)
    expect(fresh.data?.defaultValue).toMatchObject({ loadId: load.id, claimant: `broker:${broker.id}` })
    expect((await callPage(editorPage.loader as Handler, '/dashboard/claims/new', org.users.viewer.id)).status).toBe(403)
    const form = { loadId: load.id, claimant: `broker:${broker.id}`, kind: 'cargo_damage', filedOn: '2026-12-03', amountClaimed: '-12' }
    const refused = await callPage(editorPage.action as Handler, '/dashboard/claims/new', dispatcher, {}, postForm(form))
    expect([refused.status, refusalOf(refused)?.fields.amountClaimed]).toEqual([400, ['Type an amount such as 1250.00 (no negative amounts).']])
    const foreign = await claimOrg()
    const unknown = await callPage(
      editorPage.action as Handler,
      '/dashboard/claims/new',
      dispatcher,
      {},
      postForm({ ...form, amountClaimed: '1,250.50', claimant: `broker:${foreign.broker.id}` }),
    )
    expect([unknown.status, refusalOf(unknown)?.fields.claimant]).toEqual([400, ['Unknown claimant: choose one of your customers or companies.']])
    expect(await prisma.claim.count({ where: { organizationId: org.organization.id } })).toBe(0)
    const saved = await callPage(editorPage.action as Handler, '/dashboard/claims/new', dispatcher, {}, postForm({ ...form, amountClaimed: '1,250.50' }))
    const claim = await prisma.claim.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect([saved.status, saved.location, claim.amountClaimedCents]).toEqual([302, `/dashboard/claims/${claim.id}`, 125_050])

    const list = await callPage(listPage.loader as Handler, `/dashboard/claims?loadId=${load.id}&status=open`, org.users.viewer.id)
    expect(unpackRows(list.data?.rows as never)).toEqual([
      expect.objectContaining({ id: claim.id, number: 'CL-000001', load: load.loadNumber, claimant: broker.name }),
    ])
    const none = await callPage(listPage.loader as Handler, '/dashboard/claims?status=denied', org.users.viewer.id)
    expect(none.data?.total).toBe(0)
    const csv = await callPage(exportPage.loader as Handler, '/dashboard/claims/export?status=open', org.users.viewer.id)
    const text = await csv.response!.text()
    expect(text).toContain('CL-000001')
    expect(text).toContain('1250.50')

    type ViewData = { offers: Record<string, boolean>; claim: { deduction: unknown } }
    const view = async (userId: string) => {
      const answer = await callPage(viewPage.loader as Handler, `/dashboard/claims/${claim.id}`, userId, { id: claim.id })
      return { status: answer.status, data: answer.data as ViewData | undefined }
    }
    expect((await view(org.users.viewer.id)).data?.offers).toMatchObject({ edit: false, settled: false, deduct: false, delete: false })
    expect((await view(org.users.driver.id)).status).toBe(403)
    expect((await view(dispatcher)).data?.offers).toMatchObject({ edit: true, investigating: true, settled: true, denied: true, closed: false, deduct: false })
    const settle = await callPage(
      viewPage.action as Handler,
      `/dashboard/claims/${claim.id}`,
      dispatcher,
      { id: claim.id },
      postForm({ intent: 'settled', amountPaid: '2000', version: '1' }),
    )
    expect([settle.status, refusalOf(settle)?.fields.amountPaid]).toEqual([400, ['The amount paid cannot be more than the amount claimed.']])
    const settled = await callPage(
      viewPage.action as Handler,
      `/dashboard/claims/${claim.id}`,
      dispatcher,
      { id: claim.id },
      postForm({ intent: 'settled', amountPaid: '1000', version: '1' }),
    )
    expect([settled.status, settled.toast?.title]).toEqual([302, 'Claim CL-000001: Settled'])
    // The dispatcher does not change settlements: the accountant deducts.
    expect((await view(dispatcher)).data?.offers.deduct).toBe(false)
    expect((await view(org.users.accountant.id)).data?.offers.deduct).toBe(true)
    const draft = await draftFor(org)
    const deducted = await callPage(
      viewPage.action as Handler,
      `/dashboard/claims/${claim.id}`,
      org.users.accountant.id,
      { id: claim.id },
      postForm({ intent: 'deduct', amount: '400', version: '2' }),
    )
    expect([deducted.status, deducted.toast?.title]).toEqual([302, `Deduction added to settlement ${draft.number}`])
    expect((await view(org.users.viewer.id)).data?.claim.deduction).toMatchObject({ amountCents: 40_000, settlement: { id: draft.id, number: draft.number } })
    const twice = await callPage(
      viewPage.action as Handler,
      `/dashboard/claims/${claim.id}`,
      org.users.accountant.id,
      { id: claim.id },
      postForm({ intent: 'deduct', amount: '400' }),
    )
    expect([twice.status, refusalOf(twice)?.message]).toEqual([409, 'This claim was already deducted from the driver’s pay.'])
  })
})
