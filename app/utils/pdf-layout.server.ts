/**
 * The invoice as a PDF (pdfkit), in the invoice's language: the same parts as the printable page
 * (from, bill to, remit to, lines, totals, payments, notes). Everything it prints arrives already
 * translated and formatted, so this file only lays out. The same invoice gives the same bytes: the
 * creation date is the invoice's last change, fonts are files we ship (DejaVu Sans, which covers
 * Latin, Vietnamese and Arabic) or, for Chinese, the system's Noto Sans CJK when installed, and
 * pdfkit's document id is derived from the metadata.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

export type InvoicePdf = {
  language: string
  dir: 'ltr' | 'rtl'
  /** The PDF's creation date: the invoice's `updatedAt`, so the bytes only change with the invoice. */
  changedAt: Date
  title: string
  number: string
  status: string | null
  facts: Array<{ label: string; value: string }>
  from: { heading: string; name: string; lines: string[] }
  billTo: { heading: string; name: string; lines: string[] }
  remitTo: { heading: string; text: string } | null
  columns: { item: string; quantity: string; unitPrice: string; amount: string }
  items: Array<{ title: string; description: string | null; quantity: string; unitPrice: string; amount: string }>
  totals: Array<{ label: string; value: string; strong?: boolean }>
  payments: { heading: string; lines: string[] } | null
  notes: string | null
}

const require = createRequire(import.meta.url)
const DEJAVU = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'))
const CJK_DIRS = ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/noto-cjk', '/usr/share/fonts/google-noto-cjk']

type FontPair = { regular: [string, string?]; bold: [string, string?] }

function cjkFonts(): FontPair | null {
  for (const dir of CJK_DIRS) {
    const regular = path.join(dir, 'NotoSansCJK-Regular.ttc')
    const bold = path.join(dir, 'NotoSansCJK-Bold.ttc')
    if (fs.existsSync(regular) && fs.existsSync(bold)) return { regular: [regular, 'NotoSansCJKsc-Regular'], bold: [bold, 'NotoSansCJKsc-Bold'] }
  }
  return null
}

/** Chinese needs a CJK font (Debian: fonts-noto-cjk); without one it falls back to DejaVu. */
function fontsFor(language: string): FontPair {
  if (language === 'cn') {
    const cjk = cjkFonts()
    if (cjk) return cjk
  }
  return { regular: [path.join(DEJAVU, 'ttf/DejaVuSans.ttf')], bold: [path.join(DEJAVU, 'ttf/DejaVuSans-Bold.ttf')] }
}

/** Arabic letters (not its digits, which run left to right like ours). */
const ARABIC = /[\u0600-\u065F\u066E-\u06EF\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/
const LEFT_TO_RIGHT = /[\p{L}\p{N}\p{Sc}]/u
/** Anything fontkit takes for Arabic script, which it lays out right to left: Arabic digits too. */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/
/** Direction marks Intl puts around numbers: they have no glyph, and our runs do their work. */
const MARKS = /[\u200E\u200F\u061C]/g

/**
 * The runs of a line of Arabic-first text in the order they are drawn, left to right: a minimal
 * bidi for what an invoice prints. pdfkit draws a string in its logical order, and its layout engine
 * (fontkit) shapes an Arabic run and reverses it; a number or a Latin name inside must stay as it
 * is, so the line is cut into right-to-left and left-to-right runs and the runs are reversed.
 * Spaces and punctuation between two runs of one direction belong to them; others to the line.
 */
export function visualRuns(line: string): Array<{ text: string; rtl: boolean }> {
  const kinds = [...line].map((char) => (ARABIC.test(char) ? 'r' : LEFT_TO_RIGHT.test(char) ? 'l' : 'n'))
  const chars = [...line]
  const strong = (from: number, step: number) => {
    for (let index = from; index >= 0 && index < kinds.length; index += step) if (kinds[index] !== 'n') return kinds[index]
    return 'r'
  }
  const resolved = kinds.map((kind, index) => (kind !== 'n' ? kind : strong(index, -1) === strong(index, 1) ? strong(index, -1) : 'r'))
  const runs: Array<{ text: string; rtl: boolean }> = []
  resolved.forEach((kind, index) => {
    const last = runs.at(-1)
    if (last && last.rtl === (kind === 'r')) last.text += chars[index]
    else runs.push({ text: chars[index], rtl: kind === 'r' })
  })
  return runs.reverse()
}

/** A left-to-right run cut where Arabic script (its digits) starts or stops: fontkit reverses those pieces. */
function scriptPieces(run: string) {
  return run.match(new RegExp(`${ARABIC_SCRIPT.source}+|[^${ARABIC_SCRIPT.source.slice(1, -1)}]+`, 'g')) ?? []
}

const PAGE = { width: 612, height: 792, margin: 48 }
const INK = '#1c252e'
const MUTED = '#637381'
const LINE = '#dfe3e8'

export async function renderInvoicePdf(invoice: InvoicePdf): Promise<Buffer> {
  // pdfkit and its font engine are ~25 MiB of a server's memory: loaded with the first PDF, not at start.
  const { default: PDFDocument } = await import('pdfkit')
  const fonts = fontsFor(invoice.language)
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    compress: true,
    lang: invoice.language === 'cn' ? 'zh-CN' : invoice.language,
    info: { Title: `${invoice.title} ${invoice.number}`, Creator: 'Freightdesk', Producer: 'Freightdesk', CreationDate: invoice.changedAt },
    // Pages are added by hand below, where a row would not fit.
    autoFirstPage: true,
  })
  doc.registerFont('body', ...fonts.regular)
  doc.registerFont('bold', ...fonts.bold)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const rtl = invoice.dir === 'rtl'
  const content = PAGE.width - 2 * PAGE.margin
  const bottom = PAGE.height - PAGE.margin
  /** A box `left` points from the start edge (the right one in Arabic), as pdfkit's x. */
  const x = (left: number, width: number) => (rtl ? PAGE.width - PAGE.margin - left - width : PAGE.margin + left)
  const start = rtl ? 'right' : 'left'
  const end = rtl ? 'left' : 'right'
  let y = PAGE.margin

  /** Right-to-left text: wrapped by words in reading order, each line drawn as visual runs. */
  const rtlLines = (value: string, width: number) => {
    const lines: string[] = []
    for (const paragraph of value.split('\n')) {
      let line = ''
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word
        if (line && doc.widthOfString(next, { features: [] }) > width) {
          lines.push(line)
          line = word
        } else line = next
      }
      lines.push(line)
    }
    return lines
  }
  const text = (
    value: string,
    left: number,
    width: number,
    options: { font?: 'body' | 'bold'; size?: number; color?: string; align?: 'start' | 'end' } = {},
  ) => {
    doc
      .font(options.font ?? 'body')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? INK)
    const align = options.align === 'end' ? end : start
    if (rtl) value = value.replace(MARKS, '')
    if (!rtl || !ARABIC_SCRIPT.test(value)) {
      doc.text(value, x(left, width), y, { width, align })
      return doc.heightOfString(value, { width, align })
    }
    const lineHeight = doc.currentLineHeight(true)
    const lines = rtlLines(value, width)
    lines.forEach((line, index) => {
      // `features` makes pdfkit lay a run out whole, so fontkit shapes it and reverses it: right for
      // Arabic words; a number in Arabic digits is reversed beforehand so it comes out as written.
      const pieces = visualRuns(line).flatMap((run) =>
        run.rtl
          ? [{ text: run.text, arabic: true, reverse: false }]
          : scriptPieces(run.text).map((text) => ({ text, arabic: ARABIC_SCRIPT.test(text), reverse: true })),
      )
      const runs = pieces.map((piece) => {
        const drawn = piece.arabic && piece.reverse ? [...piece.text].reverse().join('') : piece.text
        const options = piece.arabic ? { features: [] } : {}
        return { drawn, options, width: doc.widthOfString(drawn, options) }
      })
      const total = runs.reduce((sum, run) => sum + run.width, 0)
      let at = align === 'right' ? x(left, width) + width - total : x(left, width)
      for (const run of runs) {
        doc.text(run.drawn, at, y + index * lineHeight, { lineBreak: false, ...run.options })
        at += run.width
      }
    })
    return lines.length * lineHeight
  }
  const height = (value: string, width: number, font: 'body' | 'bold' = 'body', size = 10) => {
    doc.font(font).fontSize(size)
    return rtl && ARABIC_SCRIPT.test(value) ? rtlLines(value, width).length * doc.currentLineHeight(true) : doc.heightOfString(value, { width })
  }
  const rule = (color = LINE) => {
    doc
      .moveTo(PAGE.margin, y)
      .lineTo(PAGE.width - PAGE.margin, y)
      .lineWidth(0.75)
      .strokeColor(color)
      .stroke()
  }
  const room = (needed: number) => {
    if (y + needed <= bottom) return
    doc.addPage()
    y = PAGE.margin
  }

  // Header: who it is from (start side), the title, number and dates (end side).
  const half = content / 2 - 12
  const headerTop = y
  let left = text(invoice.from.name, 0, half, { font: 'bold', size: 14 }) + 4
  for (const line of invoice.from.lines) {
    y = headerTop + left
    left += text(line, 0, half, { size: 9, color: MUTED }) + 1
  }
  y = headerTop
  let right = text(invoice.title, half + 24, half, { font: 'bold', size: 20, align: 'end' }) + 2
  const endLine = (value: string, options: Parameters<typeof text>[3]) => {
    y = headerTop + right
    right += text(value, half + 24, half, { align: 'end', ...options }) + 2
  }
  endLine(invoice.number, { font: 'bold', size: 12 })
  if (invoice.status) endLine(invoice.status, { size: 9, color: MUTED })
  right += 4
  for (const fact of invoice.facts) endLine(`${fact.label}: ${fact.value}`, { size: 9 })
  y = headerTop + Math.max(left, right) + 24

  // Parties.
  const party = (heading: string, name: string, lines: string[], left: number) => {
    const top = y
    let h = text(heading.toUpperCase(), left, half, { font: 'bold', size: 8, color: MUTED }) + 3
    y = top + h
    h += text(name, left, half, { font: 'bold', size: 11 }) + 2
    for (const line of lines) {
      y = top + h
      h += text(line, left, half, { size: 9, color: MUTED }) + 1
    }
    y = top
    return h
  }
  const partiesTop = y
  const billHeight = party(invoice.billTo.heading, invoice.billTo.name, invoice.billTo.lines, 0)
  y = partiesTop
  let remitHeight = 0
  if (invoice.remitTo) {
    remitHeight = text(invoice.remitTo.heading.toUpperCase(), half + 24, half, { font: 'bold', size: 8, color: MUTED }) + 3
    y = partiesTop + remitHeight
    remitHeight += text(invoice.remitTo.text, half + 24, half, { size: 10 })
  }
  y = partiesTop + Math.max(billHeight, remitHeight) + 24

  // Lines.
  const cols = { amount: 90, unitPrice: 90, quantity: 56 }
  const itemWidth = content - cols.amount - cols.unitPrice - cols.quantity - 24
  const at = { item: 0, quantity: itemWidth + 8, unitPrice: itemWidth + 8 + cols.quantity + 8, amount: content - cols.amount }
  const header = () => {
    room(24)
    const top = y
    text(invoice.columns.item, at.item, itemWidth, { font: 'bold', size: 9, color: MUTED })
    text(invoice.columns.quantity, at.quantity, cols.quantity, { font: 'bold', size: 9, color: MUTED, align: 'end' })
    text(invoice.columns.unitPrice, at.unitPrice, cols.unitPrice, { font: 'bold', size: 9, color: MUTED, align: 'end' })
    text(invoice.columns.amount, at.amount, cols.amount, { font: 'bold', size: 9, color: MUTED, align: 'end' })
    y = top + 16
    rule(INK)
    y += 6
  }
  header()
  for (const item of invoice.items) {
    const rowHeight = height(item.title, itemWidth, 'bold') + (item.description ? height(item.description, itemWidth, 'body', 8.5) + 2 : 0) + 10
    if (y + rowHeight > bottom) {
      doc.addPage()
      y = PAGE.margin
      header()
    }
    const top = y
    const titleHeight = text(item.title, at.item, itemWidth, { font: 'bold' })
    if (item.description) {
      y = top + titleHeight + 2
      text(item.description, at.item, itemWidth, { size: 8.5, color: MUTED })
    }
    y = top
    text(item.quantity, at.quantity, cols.quantity, { align: 'end' })
    text(item.unitPrice, at.unitPrice, cols.unitPrice, { align: 'end' })
    text(item.amount, at.amount, cols.amount, { align: 'end' })
    y = top + rowHeight - 4
    rule()
    y += 6
  }

  // Totals, at the end side.
  y += 6
  const labelWidth = 150
  for (const total of invoice.totals) {
    room(18)
    const top = y
    const font = total.strong ? 'bold' : 'body'
    text(total.label, content - cols.amount - labelWidth - 8, labelWidth, { font, align: 'end', color: total.strong ? INK : MUTED })
    text(total.value, at.amount, cols.amount, { font, align: 'end' })
    y = top + 16
  }

  if (invoice.payments) {
    y += 12
    room(30)
    y += text(invoice.payments.heading.toUpperCase(), 0, content, { font: 'bold', size: 8, color: MUTED }) + 3
    for (const line of invoice.payments.lines) {
      room(14)
      y += text(line, 0, content, { size: 9 }) + 2
    }
  }

  if (invoice.notes) {
    y += 16
    room(30)
    y += text(invoice.notes, 0, content, { size: 9, color: MUTED })
  }

  doc.end()
  return done
}
