/**
 * A load and the rate confirmation it was read from, both ways (ADR 103): the mail message names
 * the loads made from its PDF and offers another only as a second choice, the load's page links
 * back to the message or the document; and "Add a broker" opens the customer editor filled from
 * the PDF and comes back to the new load with the broker picked, by an on-site path only.
 */
import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { createLoad } from '~/models/loads/load.server'
import * as brokerEditor from '~/routes/dashboard/brokers/editor'
import * as loadEditor from '~/routes/dashboard/loads/editor'
import * as loadView from '~/routes/dashboard/loads/view'
import * as mailFolder from '~/routes/dashboard/mail/folder'
import { LoadSchema } from '~/schemas/load'
import { prisma } from '~/utils/db.server'
import { fileStorage } from '~/utils/storage.server'

import { actorOf, createOrg, type Org } from '../helpers'
import { callPage, type Handler, type PageAnswer, postForm } from '../page-helpers'
import { RATE_CONFIRMATION_LAYOUTS } from '../rate-confirmations'

const [colon, table, , , , letterhead] = RATE_CONFIRMATION_LAYOUTS
const data = (answer: PageAnswer) => answer.data as Record<string, unknown>

function formFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => formFields(item, `${prefix}[${index}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => formFields(child, prefix ? `${prefix}.${key}` : key))
  return value === undefined || value === null ? [] : [[prefix, String(value)]]
}

/** The new-load form as the page holds it, posted back (plus what the user adds). */
function saveForm(
  page: { defaultValue: Record<string, unknown>; prefill: { source: { kind: string; id: string; fileName: string }; view: unknown } },
  extra = {},
) {
  const body = new URLSearchParams(formFields({ ...page.defaultValue, ...extra }))
  body.set('source', page.prefill.source.kind)
  body.set('sourceId', page.prefill.source.id)
  body.set('sourceName', page.prefill.source.fileName)
  body.set('sourceView', JSON.stringify(page.prefill.view))
  return { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
}

async function store(key: string, bytes: Buffer) {
  await fileStorage().put(
    key,
    (async function* () {
      yield new Uint8Array(bytes)
    })(),
  )
}

/** A message in the shared inbox with a PDF and a picture attached. */
async function mailWithPdf(org: Org, pdf: Buffer, fileName = 'acme.pdf') {
  const organizationId = org.organization.id
  const message = await prisma.mailMessage.create({ data: { organizationId, ownerId: null, fromEmail: 'rates@acme.example', subject: 'Rate con' } })
  const attachment = async (name: string, contentType: string, bytes: Buffer) => {
    const key = `mail/${organizationId}/${randomBytes(12).toString('base64url')}`
    await store(key, bytes)
    return prisma.mailAttachment.create({
      data: { messageId: message.id, organizationId, fileName: name, contentType, sizeBytes: bytes.length, storageKey: key },
    })
  }
  const attachmentPdf = await attachment(fileName, 'application/pdf', pdf)
  await attachment('dock.png', 'image/png', Buffer.from('not really a picture'))
  return { message, attachment: attachmentPdf }
}

async function newLoadPage(org: Org, path: string) {
  const page = await callPage(loadEditor.loader as Handler, path, org.users.dispatcher.id)
  expect(page.status).toBe(200)
  return data(page) as { defaultValue: Record<string, unknown>; prefill: { source: { kind: string; id: string; fileName: string }; view: never } }
}

const mailPage = (org: Org, messageId: string) =>
  callPage(mailFolder.loader as Handler, `/dashboard/mail/inbox/${messageId}`, org.users.dispatcher.id, { folder: 'inbox', id: messageId })
const attachmentsOf = (answer: PageAnswer) =>
  (data(answer).message as { attachments: Array<{ fileName: string; madeInto: unknown[] }>; canCreateLoad: boolean }).attachments

describe('a load and its rate confirmation, both ways', () => {
  it('the mail message names the loads made from its PDF, and the load links back to the message', async () => {
    const org = await createOrg()
    await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Acme Logistics LLC' } })
    const { message, attachment } = await mailWithPdf(org, await colon.pdf())

    const before = await mailPage(org, message.id)
    expect(attachmentsOf(before).map((file) => [file.fileName, file.madeInto])).toEqual([
      ['acme.pdf', []],
      ['dock.png', []],
    ])
    expect((data(before).message as { canCreateLoad: boolean }).canCreateLoad).toBe(true)

    const path = `/dashboard/loads/new?source=mail-attachment&id=${attachment.id}`
    const saved = await callPage(loadEditor.action as Handler, path, org.users.dispatcher.id, {}, saveForm(await newLoadPage(org, path)))
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    const made = await prisma.load.findFirstOrThrow({ where: { organizationId: org.organization.id } })

    // The message: "Already made into L-…" beside the PDF only.
    expect(attachmentsOf(await mailPage(org, message.id)).map((file) => file.madeInto)).toEqual([[{ id: made.id, loadNumber: made.loadNumber }], []])
    // The load: read from that attachment, a link to its message (in the shared mailbox).
    const view = await callPage(loadView.loader as Handler, `/dashboard/loads/${made.id}`, org.users.dispatcher.id, { id: made.id })
    expect(data(view).source).toEqual({ kind: 'mail-attachment', fileName: 'acme.pdf', message: { id: message.id, folder: 'inbox', box: 'shared' } })
    // A viewer reads the shared mail but makes no loads: no offer.
    const viewer = await callPage(mailFolder.loader as Handler, `/dashboard/mail/inbox/${message.id}`, org.users.viewer.id, { folder: 'inbox', id: message.id })
    expect(viewer.status).toBe(200)
    expect((data(viewer).message as { canCreateLoad: boolean }).canCreateLoad).toBe(false)
  })

  it('a load’s rate confirmation names the loads made from it, and each of those links back to the load it came from', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Summit Freight Brokerage' } })
    const first = await createLoad(
      actorOf(org),
      LoadSchema.parse({
        brokerId: broker.id,
        stops: [
          { type: 'pickup', city: 'Dallas' },
          { type: 'delivery', city: 'Tulsa' },
        ],
      }),
    )
    const pdf = await table.pdf()
    const key = `loads/${org.organization.id}/${first.id}/${randomBytes(12).toString('base64url')}`
    await store(key, pdf)
    const document = await prisma.loadDocument.create({
      data: {
        loadId: first.id,
        organizationId: org.organization.id,
        kind: 'rateConn',
        fileName: 'tender.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        storageKey: key,
      },
    })
    const firstView = () => callPage(loadView.loader as Handler, `/dashboard/loads/${first.id}`, org.users.dispatcher.id, { id: first.id })
    const documentsOf = async () => (data(await firstView()).load as { documents: Array<{ id: string; madeInto: unknown[] }> }).documents
    expect(await documentsOf()).toMatchObject([{ id: document.id, madeInto: [] }])
    expect(data(await firstView()).source).toBeNull()

    const path = `/dashboard/loads/new?source=document&id=${document.id}`
    const saved = await callPage(
      loadEditor.action as Handler,
      path,
      org.users.dispatcher.id,
      {},
      saveForm(await newLoadPage(org, path), { brokerId: broker.id }),
    )
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    const second = await prisma.load.findFirstOrThrow({ where: { organizationId: org.organization.id, sourceDocumentId: document.id } })

    expect(await documentsOf()).toMatchObject([{ id: document.id, madeInto: [{ id: second.id, loadNumber: second.loadNumber }] }])
    const secondView = await callPage(loadView.loader as Handler, `/dashboard/loads/${second.id}`, org.users.dispatcher.id, { id: second.id })
    expect(data(secondView).source).toEqual({ kind: 'document', fileName: 'tender.pdf', load: { id: first.id, loadNumber: first.loadNumber } })
  })
})

describe('"Add a broker" from a rate confirmation', () => {
  const editorPath = (returnTo: string) => `/dashboard/brokers/new?${new URLSearchParams({ returnTo })}`

  it('opens the customer editor filled from the PDF and, saved, returns to the new load with the broker picked', async () => {
    const org = await createOrg()
    const { attachment } = await mailWithPdf(org, await letterhead.pdf(), 'keystone.pdf')
    const back = `/dashboard/loads/new?source=mail-attachment&id=${attachment.id}`
    // The new-load page proposes the broker, with a link to the editor that comes back here.
    const proposed = await newLoadPage(org, back)
    expect(proposed.prefill.view).toMatchObject({ broker: { name: 'Keystone Freight Solutions LLC', matched: false }, fields: { broker: 'new' } })

    const editor = await callPage(brokerEditor.loader as Handler, editorPath(back), org.users.dispatcher.id)
    expect(editor.status).toBe(200)
    const { expected } = letterhead
    expect(data(editor)).toMatchObject({
      returnTo: back,
      fromDocument: { fileName: 'keystone.pdf' },
      defaultValue: {
        type: 'broker',
        status: 'active',
        name: expected.brokerName,
        mcNumber: expected.brokerMc,
        contactName: expected.brokerContactName,
        phone: expected.brokerPhone,
        email: expected.brokerEmail,
        addressLine1: expected.brokerAddressLine1,
        city: expected.brokerCity,
        state: expected.brokerState,
        postalCode: expected.brokerPostalCode,
      },
    })

    const values = data(editor).defaultValue as Record<string, string>
    const saved = await callPage(brokerEditor.action as Handler, editorPath(back), org.users.dispatcher.id, {}, postForm({ ...values, returnTo: back }))
    const broker = await prisma.broker.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(broker).toMatchObject({ name: expected.brokerName, mcNumber: '554433', phone: '(215) 555-0199', city: 'Philadelphia', contactName: 'Maria Lopez' })
    expect(saved).toMatchObject({ status: 302, location: `${back}&brokerId=${broker.id}` })

    // Back on the new-load page: the form read again, the new broker picked.
    const returned = await newLoadPage(org, saved.location!)
    expect(returned.defaultValue).toMatchObject({ brokerId: broker.id, brokerReference: expected.brokerReference })
    expect(returned.prefill.view).toMatchObject({ broker: { matched: true }, fields: { broker: 'read' } })
  })

  it('comes back to the page’s own upload, for its uploader only', async () => {
    const org = await createOrg()
    const form = new FormData()
    form.append('intent', 'extract')
    form.append('file', new File([new Uint8Array(await letterhead.pdf())], 'keystone upload.pdf', { type: 'application/pdf' }))
    const read = await callPage(loadEditor.action as Handler, '/dashboard/loads/new', org.users.dispatcher.id, {}, { method: 'POST', body: form })
    const { source } = (data(read) as { prefill: { source: { id: string; fileName: string } } }).prefill
    const back = `/dashboard/loads/new?${new URLSearchParams({ source: 'upload', id: source.id, name: source.fileName })}`
    const editor = await callPage(brokerEditor.loader as Handler, editorPath(back), org.users.dispatcher.id)
    expect(data(editor)).toMatchObject({ returnTo: back, defaultValue: { name: 'Keystone Freight Solutions LLC', email: 'loads@keystonefreight.example' } })
    // Another user of the organization names it: not theirs, a plain editor; the upload's page is the 404 page.
    const other = await callPage(brokerEditor.loader as Handler, editorPath(back), org.users.admin.id)
    expect(data(other)).toMatchObject({ fromDocument: null, returnTo: '/dashboard/brokers/list' })
    expect((await callPage(loadEditor.loader as Handler, back, org.users.admin.id)).status).toBe(404)
    expect((await newLoadPage(org, back)).prefill.source).toMatchObject({ kind: 'upload', id: source.id })
  })

  it('never returns anywhere but this site’s new-load page', async () => {
    const org = await createOrg()
    const { attachment } = await mailWithPdf(org, await letterhead.pdf())
    const hostile = [
      `https://evil.example/dashboard/loads/new?source=mail-attachment&id=${attachment.id}`,
      `//evil.example/dashboard/loads/new?source=mail-attachment&id=${attachment.id}`,
      `/dashboard/loads/new/../../../evil?source=mail-attachment&id=${attachment.id}`,
      `/dashboard/loads/new?source=mail-attachment&id=${attachment.id}\\@evil.example`,
      `/dashboard/loads/new?source=elsewhere&id=${attachment.id}`,
      '/dashboard/users/list',
    ]
    for (const returnTo of hostile) {
      const editor = await callPage(brokerEditor.loader as Handler, editorPath(returnTo), org.users.dispatcher.id)
      expect(data(editor), returnTo).toMatchObject({ fromDocument: null, returnTo: '/dashboard/brokers/list' })
      const saved = await callPage(
        brokerEditor.action as Handler,
        editorPath(returnTo),
        org.users.dispatcher.id,
        {},
        postForm({ name: `Hostile ${randomBytes(3).toString('hex')}`, returnTo }),
      )
      expect(saved.location, returnTo).toMatch(/^\/dashboard\/brokers\/list\?changed=\w+$/)
    }
  })
})
