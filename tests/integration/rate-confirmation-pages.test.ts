/**
 * The new-load page read from a rate confirmation (ADR 055): the upload form, the sources by query
 * (a load's rate confirmation, a mail attachment), the marks, and the save that files the source
 * PDF as the new load's rate confirmation.
 */
import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { createLoad } from '~/models/loads/load.server'
import { runDueJobs } from '~/models/operations/jobs.server'
import * as loadEditor from '~/routes/dashboard/loads/editor'
import { LoadSchema } from '~/schemas/load'
import { prisma } from '~/utils/db.server'
import { fileStorage } from '~/utils/storage.server'

import { actorOf, createOrg, type Org } from '../helpers'
import { callPage, type Handler, type PageAnswer } from '../page-helpers'
import { RATE_CONFIRMATION_LAYOUTS, scanImage, scannedRateConfirmation } from '../rate-confirmations'

const [colon, table] = RATE_CONFIRMATION_LAYOUTS
const loader = loadEditor.loader as Handler
const action = loadEditor.action as Handler

function formFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => formFields(item, `${prefix}[${index}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => formFields(child, prefix ? `${prefix}.${key}` : key))
  return value === undefined || value === null ? [] : [[prefix, String(value)]]
}

function uploadForm(bytes: Uint8Array, name: string) {
  const form = new FormData()
  form.append('intent', 'extract')
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }))
  return { method: 'POST', body: form }
}

/** The form as the page holds it after reading, posted back as it is (plus what the user adds). */
function saveForm(defaults: Record<string, unknown>, prefill: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const body = new URLSearchParams(formFields({ ...defaults, ...extra }))
  const source = prefill.source as { kind: string; id: string; fileName: string }
  body.set('source', source.kind)
  body.set('sourceId', source.id)
  body.set('sourceName', source.fileName)
  body.set('sourceView', JSON.stringify(prefill.view))
  return { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
}

async function storedBytes(key: string) {
  const object = await fileStorage().get(key)
  return object ? Buffer.from(await new Response(object.body).arrayBuffer()) : null
}

async function rateConnOf(org: Org, bytes: Buffer) {
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: `Source broker ${randomBytes(4).toString('hex')}` } })
  const load = await createLoad(
    actorOf(org),
    LoadSchema.parse({
      brokerId: broker.id,
      stops: [
        { type: 'pickup', city: 'Dallas' },
        { type: 'delivery', city: 'Tulsa' },
      ],
    }),
  )
  const key = `loads/${org.organization.id}/${load.id}/${randomBytes(12).toString('base64url')}`
  await fileStorage().put(
    key,
    (async function* () {
      yield new Uint8Array(bytes)
    })(),
  )
  return prisma.loadDocument.create({
    data: {
      loadId: load.id,
      organizationId: org.organization.id,
      kind: 'rateConn',
      fileName: 'tender.pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      storageKey: key,
    },
  })
}

const data = (answer: PageAnswer) => answer.data as Record<string, unknown>

describe('the new-load page read from a rate confirmation', () => {
  it('reads an uploaded PDF into the form with every field marked, and files it as the new load’s rate confirmation on save', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Acme Logistics LLC' } })
    const pdf = await colon.pdf()
    const read = await callPage(action, '/dashboard/loads/new', org.users.dispatcher.id, {}, uploadForm(pdf, 'acme.pdf'))
    expect(read.status).toBe(200)
    const { prefill, defaultValue } = data(read) as { prefill: Record<string, unknown>; defaultValue: Record<string, unknown> }
    const { expected } = colon
    expect(defaultValue).toEqual({
      equipmentType: expected.equipmentType,
      brokerId: broker.id,
      brokerReference: expected.brokerReference,
      commodity: expected.commodity,
      weightLb: expected.weightLb,
      linehaul: '2450',
      stops: expected.stops.map((stop) => ({ ...stop, country: 'US' })),
      charges: [],
    })
    expect(prefill).toMatchObject({ source: { kind: 'upload', fileName: 'acme.pdf' }, view: { scanned: false, broker: { matched: true } } })
    expect(Object.values((prefill.view as { fields: Record<string, string> }).fields).every((state) => state === 'read')).toBe(true)
    // Nothing is saved until the form is.
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const saved = await callPage(action, '/dashboard/loads/new', org.users.dispatcher.id, {}, saveForm(defaultValue, prefill))
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    const load = await prisma.load.findFirstOrThrow({
      where: { organizationId: org.organization.id },
      include: { documents: true, stops: { orderBy: { sequence: 'asc' } } },
    })
    expect(load).toMatchObject({ brokerId: broker.id, brokerReference: 'AL-55821', linehaulCents: 245000, weightLb: 42000, commodity: 'Paper products' })
    expect(load.stops.map((stop) => [stop.type, stop.city, stop.postalCode])).toEqual([
      ['pickup', 'Chicago', '60607'],
      ['delivery', 'Dallas', '75207'],
    ])
    expect(load.documents).toMatchObject([{ kind: 'rateConn', fileName: 'acme.pdf', contentType: 'application/pdf', sizeBytes: pdf.length }])
    expect((await storedBytes(load.documents[0].storageKey))?.equals(pdf)).toBe(true)
    // The held upload is gone once filed.
    const token = (prefill.source as { id: string }).id
    expect(await storedBytes(`rate-confirmations/${org.organization.id}/${org.users.dispatcher.id}/${token}`)).toBeNull()
  })

  it('keeps the source and its marks after a refused save, and refuses another user’s held upload', async () => {
    const org = await createOrg()
    const read = await callPage(action, '/dashboard/loads/new', org.users.admin.id, {}, uploadForm(await table.pdf(), 'summit.pdf'))
    const { prefill, defaultValue } = data(read) as { prefill: Record<string, unknown>; defaultValue: Record<string, unknown> }
    // The broker is not on file: proposed, and the save without one is refused with the source kept.
    expect(prefill.view).toMatchObject({
      broker: { name: 'Summit Freight Brokerage', mcNumber: '765432', matched: false },
      fields: { broker: 'new', brokerReference: 'read' },
    })
    const refused = await callPage(action, '/dashboard/loads/new', org.users.admin.id, {}, saveForm(defaultValue, prefill))
    expect(refused.status).toBe(400)
    expect(data(refused).prefill).toEqual({ source: prefill.source, view: prefill.view })
    // The dispatcher names the admin's held upload: not theirs, not found.
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Summit Freight Brokerage' } })
    const other = await callPage(action, '/dashboard/loads/new', org.users.dispatcher.id, {}, saveForm(defaultValue, prefill, { brokerId: broker.id }))
    expect(other.status).toBe(404)
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('removes a held upload a day after it was read when the form is never saved', async () => {
    const org = await createOrg()
    const read = await callPage(action, '/dashboard/loads/new', org.users.admin.id, {}, uploadForm(await table.pdf(), 'never-saved.pdf'))
    const { source } = (data(read) as { prefill: { source: { id: string } } }).prefill
    const key = `rate-confirmations/${org.organization.id}/${org.users.admin.id}/${source.id}`
    expect(await fileStorage().get(key)).not.toBeNull()
    const [job] = await prisma.$queryRaw<Array<{ id: string; run_at: Date }>>`
      SELECT j.id::text, j.run_at FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'release_held_file' AND j.payload->>'key' = ${key}`
    expect(job!.run_at.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000)
    // A day later (the job made due now), the worker removes it.
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE id = ${job!.id}::bigint`
    await runDueJobs()
    const left = await fileStorage().get(key)
    await left?.body.cancel()
    expect(left).toBeNull()
  })

  it('says a scan is one and refuses a file that is not a PDF at the upload form', async () => {
    const org = await createOrg()
    const scan = await callPage(action, '/dashboard/loads/new', org.users.admin.id, {}, uploadForm(await scannedRateConfirmation(), 'scan.pdf'))
    expect(data(scan)).toMatchObject({ prefill: { view: { scanned: true } }, defaultValue: { stops: [{ type: 'pickup' }, { type: 'delivery' }] } })
    const png = await callPage(action, '/dashboard/loads/new', org.users.admin.id, {}, uploadForm(scanImage(), 'scan.pdf'))
    expect(png.status).toBe(400)
    expect(data(png).uploadError).toEqual({ message: 'loadForm.rateConfirmation.errors.notPdf' })
  })

  it('opens prefilled from a load’s rate confirmation (?source=document) and files a copy on the new load', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const pdf = await table.pdf()
    const document = await rateConnOf(org, pdf)
    const path = `/dashboard/loads/new?source=document&id=${document.id}`
    const page = await callPage(loader, path, org.users.dispatcher.id)
    expect(page.status).toBe(200)
    const { prefill, defaultValue } = data(page) as { prefill: Record<string, unknown>; defaultValue: { stops: unknown[] } }
    expect(prefill).toMatchObject({ source: { kind: 'document', id: document.id, fileName: 'tender.pdf' } })
    expect(defaultValue.stops).toHaveLength(3)
    // Another organization's document, or one that is not a rate confirmation: the 404 page.
    expect((await callPage(loader, path, other.users.admin.id)).status).toBe(404)
    const bol = await prisma.loadDocument.update({ where: { id: document.id }, data: { kind: 'bols' } })
    expect((await callPage(loader, path, org.users.dispatcher.id)).status).toBe(404)
    await prisma.loadDocument.update({ where: { id: bol.id }, data: { kind: 'rateConn' } })

    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Summit Freight Brokerage' } })
    const saved = await callPage(action, '/dashboard/loads/new', org.users.dispatcher.id, {}, saveForm(defaultValue, prefill, { brokerId: broker.id }))
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    const created = await prisma.load.findFirstOrThrow({ where: { organizationId: org.organization.id, brokerId: broker.id }, include: { documents: true } })
    expect(created.documents).toHaveLength(1)
    expect(created.documents[0]).toMatchObject({ kind: 'rateConn', fileName: 'tender.pdf' })
    // A copy under its own key: the source load keeps its file.
    expect(created.documents[0].storageKey).not.toBe(document.storageKey)
    expect((await storedBytes(created.documents[0].storageKey))?.equals(pdf)).toBe(true)
    expect((await storedBytes(document.storageKey))?.equals(pdf)).toBe(true)
  })

  it('opens prefilled from a mail attachment (?source=mail-attachment) the user may read, and is the 404 page otherwise', async () => {
    const org = await createOrg()
    const pdf = await colon.pdf()
    const attachment = async (ownerId: string | null) => {
      const key = `mail/${org.organization.id}/${randomBytes(12).toString('base64url')}`
      await fileStorage().put(
        key,
        (async function* () {
          yield new Uint8Array(pdf)
        })(),
      )
      const message = await prisma.mailMessage.create({ data: { organizationId: org.organization.id, ownerId, fromEmail: 'rates@acme.example' } })
      return prisma.mailAttachment.create({
        data: {
          messageId: message.id,
          organizationId: org.organization.id,
          fileName: 'acme.pdf',
          contentType: 'application/pdf',
          sizeBytes: pdf.length,
          storageKey: key,
        },
      })
    }
    const [shared, adminsOwn] = await Promise.all([attachment(null), attachment(org.users.admin.id)])
    const page = await callPage(loader, `/dashboard/loads/new?source=mail-attachment&id=${shared.id}`, org.users.dispatcher.id)
    expect(page.status).toBe(200)
    expect(data(page)).toMatchObject({
      prefill: { source: { kind: 'mail-attachment', id: shared.id, fileName: 'acme.pdf' }, view: { scanned: false } },
      defaultValue: { brokerReference: 'AL-55821', linehaul: '2450' },
    })
    expect((await callPage(loader, `/dashboard/loads/new?source=mail-attachment&id=${adminsOwn.id}`, org.users.dispatcher.id)).status).toBe(404)
  })

  it('links a load to the mail attachment it was read from, and makes a second load from it only when asked (ADR 099)', async () => {
    const org = await createOrg()
    await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Acme Logistics LLC' } })
    const pdf = await colon.pdf()
    const key = `mail/${org.organization.id}/${randomBytes(12).toString('base64url')}`
    await fileStorage().put(
      key,
      (async function* () {
        yield new Uint8Array(pdf)
      })(),
    )
    const message = await prisma.mailMessage.create({ data: { organizationId: org.organization.id, ownerId: null, fromEmail: 'rates@acme.example' } })
    const attachment = await prisma.mailAttachment.create({
      data: {
        messageId: message.id,
        organizationId: org.organization.id,
        fileName: 'acme.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        storageKey: key,
      },
    })
    const path = `/dashboard/loads/new?source=mail-attachment&id=${attachment.id}`
    const open = async () =>
      data(await callPage(loader, path, org.users.dispatcher.id)) as {
        prefill: Record<string, unknown>
        defaultValue: Record<string, unknown>
        alreadyMade: unknown[]
      }
    const first = await open()
    expect(first.alreadyMade).toEqual([])
    const saved = await callPage(action, path, org.users.dispatcher.id, {}, saveForm(first.defaultValue, first.prefill))
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    const made = await prisma.load.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(made.sourceMailAttachmentId).toBe(attachment.id)

    // Opened again: the page names the load; saving as before is refused and writes nothing.
    const second = await open()
    expect(second.alreadyMade).toEqual([{ id: made.id, loadNumber: made.loadNumber }])
    const refused = await callPage(action, path, org.users.dispatcher.id, {}, saveForm(second.defaultValue, second.prefill))
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.data)).toContain(`This document was already made into ${made.loadNumber}.`)
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(1)
    // Ticked: a second load, linked to the same attachment.
    const another = await callPage(action, path, org.users.dispatcher.id, {}, saveForm(second.defaultValue, second.prefill, { anotherLoad: 'on' }))
    expect(another.status).toBe(302)
    expect(await prisma.load.count({ where: { organizationId: org.organization.id, sourceMailAttachmentId: attachment.id } })).toBe(2)
  })
})
