/**
 * An invoice's billing packet: the cover, the invoice, then each load's rate
 * confirmations, BOLs and PODs in that order, load by load; images as pages; unreadable or missing
 * documents listed on the cover, never a failure. Real files in the storage module, parsed back.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { createInvoice } from '~/models/invoices/invoice.server'
import { invoicePacket } from '~/models/invoices/invoice-packet.server'
import * as apiPacket from '~/routes/api/invoices/packet'
import { InvoiceSchema } from '~/schemas/invoice'
import { prisma } from '~/utils/db.server'
import { fileStorage } from '~/utils/storage.server'

import { actorOf, callApi, createOrg, unique } from '../helpers'
import { pdfText } from '../pdf-text'

type Org = Awaited<ReturnType<typeof createOrg>>

/** A one-page PDF of the given size saying `label`. */
async function onePage(label: string, size: number) {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([size, size])
  page.drawText(label, { x: 20, y: size / 2, size: 18, font: await pdf.embedFont(StandardFonts.Helvetica) })
  return pdf.save()
}

const image = (format: 'png' | 'webp') =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    [format]()
    .toBuffer()

/** A stored document of the load (bytes null: the row exists but its file is gone). */
async function document(org: Org, loadId: string, kind: 'bols' | 'rateConn' | 'pod', fileName: string, contentType: string, bytes: Uint8Array | null) {
  const storageKey = `test/packets/${unique('doc')}`
  if (bytes)
    await fileStorage().put(
      storageKey,
      (async function* () {
        yield bytes
      })(),
    )
  return prisma.loadDocument.create({
    data: { organizationId: org.organization.id, loadId, kind, fileName, contentType, sizeBytes: bytes?.length ?? 1000, storageKey },
  })
}

async function invoiceWithPapers(org: Org) {
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Acme Freight') } })
  const load = (n: number) =>
    prisma.load.create({
      data: {
        organizationId: org.organization.id,
        brokerId: broker.id,
        loadNumber: unique(`L${n}`),
        status: 'delivered',
        linehaulCents: 100_000,
        totalCents: 100_000,
      },
    })
  const [first, second] = [await load(1), await load(2)]
  const invoice = await createInvoice(
    actorOf(org, 'accountant'),
    InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', loadIds: [first.id, second.id] }),
    'en',
  )
  const [a, b] = invoice.items.filter((item) => item.loadId).map((item) => (item.loadId === first.id ? first : second))
  // Uploaded out of packet order: the packet sorts them.
  await document(org, a.id, 'pod', 'pod-a.pdf', 'application/pdf', await onePage('POD A', 400))
  await document(org, a.id, 'rateConn', 'rc-a.pdf', 'application/pdf', await onePage('RATE CON A', 500))
  await document(org, a.id, 'bols', 'bol-a.png', 'image/png', await image('png'))
  await document(org, b.id, 'pod', 'pod-b.webp', 'image/webp', await image('webp'))
  await document(org, b.id, 'bols', 'bol-b.pdf', 'application/pdf', new TextEncoder().encode('%PDF-1.7\nnot really a pdf'))
  await document(org, b.id, 'rateConn', 'rc-b.pdf', 'application/pdf', null)
  return { invoice, a, b }
}

describe('the billing packet', () => {
  it('holds the cover, the invoice, then each load’s rate confirmations, BOLs and PODs; what cannot be read is listed on the cover', async () => {
    const org = await createOrg()
    const { invoice, a, b } = await invoiceWithPapers(org)
    const packet = await invoicePacket(org.organization.id, invoice.id)
    expect(packet.filename).toBe(`${invoice.invoiceNumber}-packet.pdf`)
    expect(packet.entries.map((entry) => [entry.loadNumber, entry.kind, entry.fileName, entry.included])).toEqual([
      [a.loadNumber, 'rateConn', 'rc-a.pdf', true],
      [a.loadNumber, 'bols', 'bol-a.png', true],
      [a.loadNumber, 'pod', 'pod-a.pdf', true],
      [b.loadNumber, 'rateConn', 'rc-b.pdf', false],
      [b.loadNumber, 'bols', 'bol-b.pdf', false],
      [b.loadNumber, 'pod', 'pod-b.webp', true],
    ])

    const pdf = await PDFDocument.load(packet.bytes)
    // Cover and invoice (Letter), the rate confirmation (500 pt), the BOL image (Letter), the POD (400 pt), the WebP POD (Letter).
    expect(pdf.getPages().map((page) => Math.round(page.getWidth()))).toEqual([612, 612, 500, 612, 400, 612])
    const text = await pdfText(packet.bytes)
    expect(text).toContain('Billing packet')
    expect(text).toContain(invoice.invoiceNumber)
    expect(text).toContain('rc-b.pdf · File missing')
    expect(text).toContain('bol-b.pdf · Cannot be read')
    expect(text.indexOf('rc-a.pdf')).toBeLessThan(text.indexOf('bol-a.png'))
    expect(text.indexOf('bol-a.png')).toBeLessThan(text.indexOf('pod-a.pdf'))
    expect(text.indexOf('RATE CON A')).toBeLessThan(text.indexOf('POD A'))
  })

  it('is a PDF download on the API for readers of invoices, another organization’s 404 and not a driver’s', async () => {
    const org = await createOrg()
    const { invoice } = await invoiceWithPapers(org)
    const path = `/api/invoice/${invoice.id}/packet`
    const answer = await fetchPacket(org.users.viewer.token, path, invoice.id)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toBe('application/pdf')
    expect(answer.headers.get('Content-Disposition')).toContain(`${invoice.invoiceNumber}-packet.pdf`)
    expect(answer.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await PDFDocument.load(new Uint8Array(await answer.arrayBuffer()))).getPageCount()).toBe(6)

    expect((await callApi(apiPacket, { path, params: { id: invoice.id }, token: org.users.driver.token })).status).toBe(403)
    const other = await createOrg()
    const foreign = await callApi(apiPacket, { path, params: { id: invoice.id }, token: other.users.admin.token })
    expect(foreign.status).toBe(404)
    expect(foreign.body.error.code).toBe('not_found')
  })
})

/** The binary answer itself (callApi reads JSON). */
async function fetchPacket(token: string, path: string, id: string) {
  const request = new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}`, 'X-Client-Ip': '198.51.100.9' } })
  return apiPacket.loader({ request, params: { id }, context: {} } as never)
}
