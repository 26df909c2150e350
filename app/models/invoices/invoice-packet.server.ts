/**
 * An invoice's billing packet: one PDF with a cover page, the invoice, then each of its
 * loads' rate confirmations, bills of lading and proofs of delivery, in that order, load by load in
 * the invoice's line order. What a factor or a broker's payables desk asks for with every invoice.
 * PDFs are copied page by page (pdf-lib); PNG, JPEG and WebP images become a page each, scaled to
 * fit. A document that cannot be read (damaged, encrypted, missing from storage, another type) is
 * listed on the cover page as left out: the packet is still made, never a 500.
 */
import type { PDFDocument, PDFPage } from 'pdf-lib'

import type { LoadDocumentKind } from '~/generated/prisma/client'
import { getFixedT } from '~/i18n.server'
import { prisma } from '~/utils/db.server'
import { renderInvoicePdf } from '~/utils/pdf-layout.server'
import { fileStorage } from '~/utils/storage.server'

import { getInvoice } from './invoice.server'
import { invoicePdfContent, pdfDownload } from './invoice-pdf.server'

/** The packet's order of a load's papers. */
export const PACKET_KINDS: readonly LoadDocumentKind[] = ['rateConn', 'bols', 'pod']

/** A document larger than this is left out (listed on the cover): the packet is built in memory. */
const MAX_DOCUMENT_BYTES = 30 * 1024 * 1024
const LETTER = { width: 612, height: 792, margin: 36 }

/** pdf-lib, loaded with the first packet: its code would otherwise sit on every server's heap, which the collector walks (ADR 080). */
const pdfLib = async () => (await import('pdf-lib')).PDFDocument

type PacketDocument = { id: string; loadNumber: string; kind: LoadDocumentKind; fileName: string; contentType: string; storageKey: string; sizeBytes: number }
/** One document as it went into the packet: its pages, or why it was left out. */
export type PacketEntry = PacketDocument & ({ included: true; pages: PDFDocument } | { included: false; reason: 'unreadable' | 'missing' | 'tooLarge' })

/** The invoice's loads' papers in packet order: load by load as the invoice lists them, then kind, then upload time. */
export async function packetDocuments(organizationId: string, items: ReadonlyArray<{ loadId: string | null }>): Promise<PacketDocument[]> {
  const loadIds = [...new Set(items.map((item) => item.loadId).filter((id): id is string => Boolean(id)))]
  if (!loadIds.length) return []
  const documents = await prisma.loadDocument.findMany({
    where: { organizationId, loadId: { in: loadIds }, kind: { in: [...PACKET_KINDS] } },
    select: {
      id: true,
      loadId: true,
      kind: true,
      fileName: true,
      contentType: true,
      storageKey: true,
      sizeBytes: true,
      load: { select: { loadNumber: true } },
    },
    orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }],
  })
  const rank = (document: (typeof documents)[number]) => loadIds.indexOf(document.loadId) * PACKET_KINDS.length + PACKET_KINDS.indexOf(document.kind)
  return documents
    .map((document, index) => ({ document, index }))
    .sort((a, b) => rank(a.document) - rank(b.document) || a.index - b.index)
    .map(({ document: { load, loadId: _loadId, ...document } }) => ({ ...document, loadNumber: load.loadNumber }))
}

async function readStored(storageKey: string) {
  const object = await fileStorage().get(storageKey)
  return object ? new Uint8Array(await new Response(object.body).arrayBuffer()) : null
}

/** An image on a page of its own, as large as fits inside the margins (never enlarged past its size). */
async function imagePage(bytes: Uint8Array, contentType: string) {
  const Pdf = await pdfLib()
  const pdf = await Pdf.create()
  let image
  if (contentType === 'image/png') image = await pdf.embedPng(bytes)
  else if (contentType === 'image/jpeg') image = await pdf.embedJpg(bytes)
  else {
    // pdf-lib reads PNG and JPEG only: a WebP becomes a PNG first. sharp is loaded with the first one.
    const { default: sharp } = await import('sharp')
    image = await pdf.embedPng(await sharp(bytes, { limitInputPixels: 80_000_000 }).png().toBuffer())
  }
  const room = { width: LETTER.width - 2 * LETTER.margin, height: LETTER.height - 2 * LETTER.margin }
  const scale = Math.min(1, room.width / image.width, room.height / image.height)
  const size = { width: image.width * scale, height: image.height * scale }
  const page: PDFPage = pdf.addPage([LETTER.width, LETTER.height])
  page.drawImage(image, { x: (LETTER.width - size.width) / 2, y: (LETTER.height - size.height) / 2, ...size })
  return pdf
}

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp'])

/** A document's pages, or why it cannot be in the packet. Never throws for what the file holds. */
export async function packetEntry(document: PacketDocument): Promise<PacketEntry> {
  if (document.sizeBytes > MAX_DOCUMENT_BYTES) return { ...document, included: false, reason: 'tooLarge' }
  const bytes = await readStored(document.storageKey)
  if (!bytes) return { ...document, included: false, reason: 'missing' }
  try {
    if (document.contentType === 'application/pdf') {
      // An encrypted PDF is refused (its pages could not be copied readable).
      const Pdf = await pdfLib()
      const pages = await Pdf.load(bytes, { updateMetadata: false })
      if (pages.getPageCount() === 0) return { ...document, included: false, reason: 'unreadable' }
      return { ...document, included: true, pages }
    }
    if (IMAGE_TYPES.has(document.contentType)) return { ...document, included: true, pages: await imagePage(bytes, document.contentType) }
  } catch {
    // A damaged or encrypted file: listed on the cover below.
  }
  return { ...document, included: false, reason: 'unreadable' }
}

/** The packet of one of the organization's invoices: file name, bytes, and what went in. */
export async function invoicePacket(organizationId: string, id: string) {
  const invoice = await getInvoice(organizationId, id)
  const [content, documents] = await Promise.all([invoicePdfContent(invoice), packetDocuments(organizationId, invoice.items)])
  const invoiceBytes = await renderInvoicePdf(content)
  const Pdf = await pdfLib()
  const invoicePages = await Pdf.load(invoiceBytes)
  // One at a time: a packet of twenty scans must not hold twenty reads in flight.
  const entries: PacketEntry[] = []
  for (const document of documents) entries.push(await packetEntry(document))

  const t = getFixedT(invoice.language)
  const kindLabel = (kind: LoadDocumentKind) => t(`invoices.packet.kind.${kind}`)
  const left = entries.filter((entry) => !entry.included).length
  const pageCount = (entry: PacketEntry) => (entry.included ? entry.pages.getPageCount() : 0)
  // The cover reuses the invoice's layout: its table lists what the packet holds.
  const cover = await Pdf.load(
    await renderInvoicePdf({
      ...content,
      title: t('invoices.packet.title'),
      status: null,
      facts: [...content.facts, { label: t('invoices.packet.documents'), value: String(entries.length) }],
      columns: {
        item: t('invoices.packet.document'),
        quantity: t('invoices.packet.pages'),
        unitPrice: t('invoices.packet.load'),
        amount: t('invoices.packet.state'),
      },
      items: [
        {
          title: `${t('invoices.pdf.title')} ${invoice.invoiceNumber}`,
          description: null,
          quantity: String(invoicePages.getPageCount()),
          unitPrice: '',
          amount: t('invoices.packet.included'),
        },
        ...entries.map((entry) => ({
          title: kindLabel(entry.kind),
          description: entry.included ? entry.fileName : `${entry.fileName} · ${t(`invoices.packet.left.${entry.reason}`)}`,
          quantity: entry.included ? String(pageCount(entry)) : '—',
          unitPrice: entry.loadNumber,
          amount: entry.included ? t('invoices.packet.included') : t('invoices.packet.leftOut'),
        })),
      ],
      totals: [
        {
          label: t('invoices.packet.totalPages'),
          value: String(invoicePages.getPageCount() + entries.reduce((sum, entry) => sum + pageCount(entry), 0)),
          strong: true,
        },
      ],
      payments: null,
      notes: left ? t('invoices.packet.leftNote') : null,
    }),
  )

  const packet = await Pdf.create()
  packet.setTitle(`${t('invoices.packet.title')} ${invoice.invoiceNumber}`)
  packet.setCreator('Freightdesk')
  packet.setProducer('Freightdesk')
  packet.setCreationDate(invoice.updatedAt)
  packet.setModificationDate(invoice.updatedAt)
  for (const source of [cover, invoicePages, ...entries.flatMap((entry) => (entry.included ? [entry.pages] : []))]) {
    for (const page of await packet.copyPages(source, source.getPageIndices())) packet.addPage(page)
  }
  const bytes = await packet.save()
  return {
    filename: `${invoice.invoiceNumber}-packet.pdf`,
    bytes,
    entries: entries.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      fileName: entry.fileName,
      loadNumber: entry.loadNumber,
      included: entry.included,
      pages: pageCount(entry),
    })),
  }
}

/** The packet as a download, for the invoice page and the API alike: an attachment, never cached. */
export async function invoicePacketResponse(request: Request, organizationId: string, id: string) {
  const { filename, bytes } = await invoicePacket(organizationId, id)
  return pdfDownload(request.method, filename, bytes)
}
