/**
 * The one PDF writer (pdfkit, ADR 124): a page that writes text in either direction, and the pieces
 * documents are made of (a header, a table, totals, a titled list, a note), shared by the invoice
 * (and the statements and schedules laid out as one) and the report documents (the IFTA return, trip
 * sheets). Everything it prints arrives already translated and formatted, so this file only lays
 * out. The same content gives the same bytes: the creation date is the content's last change, fonts
 * are files we ship (DejaVu Sans, which covers Latin, Vietnamese and Arabic) or, for Chinese, the
 * system's Noto Sans CJK when installed, and pdfkit's document id is derived from the metadata.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

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

const MARGIN = 48
const INK = '#1c252e'
const MUTED = '#637381'
const LINE = '#dfe3e8'

type Font = 'body' | 'bold'
type TextOptions = { font?: Font; size?: number; color?: string; align?: 'start' | 'end' }

/** What every document declares: its language and direction, metadata title and last change. */
type PdfSetup = { language: string; dir: 'ltr' | 'rtl'; changedAt: Date; title: string; landscape?: boolean }

/**
 * A document being written: `y` is where the next thing goes; `text` writes a box `left` points
 * from the start edge (the right one in Arabic) and answers its height; `room` starts a new page
 * when `needed` points do not fit (and says so).
 */
type PdfPage = Awaited<ReturnType<typeof openPdf>>

async function openPdf(setup: PdfSetup) {
  // pdfkit and its font engine are ~25 MiB of a server's memory: loaded with the first PDF, not at start.
  const { default: PDFDocument } = await import('pdfkit')
  const fonts = fontsFor(setup.language)
  const doc = new PDFDocument({
    size: 'LETTER',
    ...(setup.landscape ? { layout: 'landscape' as const } : {}),
    margin: MARGIN,
    compress: true,
    lang: setup.language === 'cn' ? 'zh-CN' : setup.language,
    info: { Title: setup.title, Creator: 'Freightdesk', Producer: 'Freightdesk', CreationDate: setup.changedAt },
    // Pages are added by hand, where a row would not fit.
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

  const rtl = setup.dir === 'rtl'
  const [pageWidth, pageHeight] = setup.landscape ? [792, 612] : [612, 792]
  /** A box `left` points from the start edge (the right one in Arabic), as pdfkit's x. */
  const x = (left: number, width: number) => (rtl ? pageWidth - MARGIN - left - width : MARGIN + left)
  const start = rtl ? 'right' : 'left'
  const end = rtl ? 'left' : 'right'

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

  const page = {
    content: pageWidth - 2 * MARGIN,
    bottom: pageHeight - MARGIN,
    y: MARGIN,
    text(value: string, left: number, width: number, options: TextOptions = {}) {
      const y = page.y
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
    },
    height(value: string, width: number, font: Font = 'body', size = 10) {
      doc.font(font).fontSize(size)
      return rtl && ARABIC_SCRIPT.test(value) ? rtlLines(value, width).length * doc.currentLineHeight(true) : doc.heightOfString(value, { width })
    },
    rule(color = LINE) {
      doc
        .moveTo(MARGIN, page.y)
        .lineTo(pageWidth - MARGIN, page.y)
        .lineWidth(0.75)
        .strokeColor(color)
        .stroke()
    },
    newPage() {
      doc.addPage()
      page.y = MARGIN
    },
    room(needed: number) {
      if (page.y + needed <= page.bottom) return false
      page.newPage()
      return true
    },
    end() {
      doc.end()
      return done
    },
  }
  return page
}

/* ---------------------------------------------------------------- the pieces */

type Party = { name: string; lines: string[] }

/**
 * A document's head: who it is from (start side: a name and its lines), and the title, number,
 * status and facts (end side).
 */
function drawHeader(
  page: PdfPage,
  head: { from: Party; title: string; number: string; status: string | null; facts: Array<{ label: string; value: string }> },
) {
  const half = page.content / 2 - 12
  const headerTop = page.y
  let left = page.text(head.from.name, 0, half, { font: 'bold', size: 14 }) + 4
  for (const line of head.from.lines) {
    page.y = headerTop + left
    left += page.text(line, 0, half, { size: 9, color: MUTED }) + 1
  }
  page.y = headerTop
  let right = page.text(head.title, half + 24, half, { font: 'bold', size: 20, align: 'end' }) + 2
  const endLine = (value: string, options: TextOptions) => {
    page.y = headerTop + right
    right += page.text(value, half + 24, half, { align: 'end', ...options }) + 2
  }
  endLine(head.number, { font: 'bold', size: 12 })
  if (head.status) endLine(head.status, { size: 9, color: MUTED })
  right += 4
  for (const fact of head.facts) endLine(`${fact.label}: ${fact.value}`, { size: 9 })
  page.y = headerTop + Math.max(left, right) + 24
}

/** A table's column: where it starts (points from the start edge), how wide, which side its text keeps. */
type PdfColumn = { left: number; width: number; align?: 'start' | 'end' }
/** A cell: its text and, under it, a smaller note (an invoice line's description). */
type PdfCell = { text: string; font?: Font; size?: number; note?: string | null }

/**
 * Rows under a header of labels, a rule under each; a row that does not fit starts a new page,
 * which repeats the header.
 */
function drawTable(page: PdfPage, columns: PdfColumn[], labels: string[], rows: PdfCell[][]) {
  const header = () => {
    // One line of labels takes 16 points; a label that wraps adds its extra lines.
    const line = page.height('0', page.content, 'bold', 9)
    const labelHeight = 16 + Math.max(0, ...labels.map((label, index) => page.height(label, columns[index].width, 'bold', 9) - line))
    page.room(labelHeight + 8)
    const top = page.y
    labels.forEach((label, index) =>
      page.text(label, columns[index].left, columns[index].width, { font: 'bold', size: 9, color: MUTED, align: columns[index].align }),
    )
    page.y = top + labelHeight
    page.rule(INK)
    page.y += 6
  }
  header()
  for (const cells of rows) {
    const rowHeight =
      Math.max(
        ...cells.map(
          (cell, index) =>
            page.height(cell.text, columns[index].width, cell.font, cell.size) +
            (cell.note ? page.height(cell.note, columns[index].width, 'body', 8.5) + 2 : 0),
        ),
      ) + 10
    if (page.y + rowHeight > page.bottom) {
      page.newPage()
      header()
    }
    const top = page.y
    cells.forEach((cell, index) => {
      const { left, width, align } = columns[index]
      page.y = top
      const height = page.text(cell.text, left, width, { font: cell.font, size: cell.size, align })
      if (cell.note) {
        page.y = top + height + 2
        page.text(cell.note, left, width, { size: 8.5, color: MUTED, align })
      }
    })
    page.y = top + rowHeight - 4
    page.rule()
    page.y += 6
  }
}

type Total = { label: string; value: string; strong?: boolean }

/** Label and figure pairs at the end side, the figure in a column `valueWidth` wide. */
function drawTotals(page: PdfPage, totals: Total[], widths: { label: number; value: number }) {
  page.y += 6
  for (const total of totals) {
    page.room(18)
    const top = page.y
    const font = total.strong ? 'bold' : 'body'
    page.text(total.label, page.content - widths.value - widths.label - 8, widths.label, { font, align: 'end', color: total.strong ? INK : MUTED })
    page.y = top
    page.text(total.value, page.content - widths.value, widths.value, { font, align: 'end' })
    page.y = top + 16
  }
}

/** A small heading, in capitals where the script has them, over what follows. */
function drawHeading(page: PdfPage, heading: string) {
  page.y += 12
  page.room(30)
  page.y += page.text(heading.toUpperCase(), 0, page.content, { font: 'bold', size: 8, color: MUTED }) + 3
}

/** A small heading over lines of text (payments, warnings, who recorded a trip). */
function drawList(page: PdfPage, heading: string, lines: string[]) {
  drawHeading(page, heading)
  for (const line of lines) {
    page.room(14)
    page.y += page.text(line, 0, page.content, { size: 9 }) + 2
  }
}

/* ---------------------------------------------------------------- the invoice */

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
  totals: Total[]
  payments: { heading: string; lines: string[] } | null
  notes: string | null
}

/** The invoice (and what is laid out as one): the head, the parties, the lines, totals, payments, notes. */
export async function renderInvoicePdf(invoice: InvoicePdf): Promise<Buffer> {
  const page = await openPdf({ language: invoice.language, dir: invoice.dir, changedAt: invoice.changedAt, title: `${invoice.title} ${invoice.number}` })
  drawHeader(page, invoice)

  // Parties.
  const half = page.content / 2 - 12
  const party = (heading: string, name: string, lines: string[], left: number) => {
    const top = page.y
    let h = page.text(heading.toUpperCase(), left, half, { font: 'bold', size: 8, color: MUTED }) + 3
    page.y = top + h
    h += page.text(name, left, half, { font: 'bold', size: 11 }) + 2
    for (const line of lines) {
      page.y = top + h
      h += page.text(line, left, half, { size: 9, color: MUTED }) + 1
    }
    page.y = top
    return h
  }
  const partiesTop = page.y
  const billHeight = party(invoice.billTo.heading, invoice.billTo.name, invoice.billTo.lines, 0)
  page.y = partiesTop
  let remitHeight = 0
  if (invoice.remitTo) {
    remitHeight = page.text(invoice.remitTo.heading.toUpperCase(), half + 24, half, { font: 'bold', size: 8, color: MUTED }) + 3
    page.y = partiesTop + remitHeight
    remitHeight += page.text(invoice.remitTo.text, half + 24, half, { size: 10 })
  }
  page.y = partiesTop + Math.max(billHeight, remitHeight) + 24

  // Lines.
  const cols = { amount: 90, unitPrice: 90, quantity: 56 }
  const itemWidth = page.content - cols.amount - cols.unitPrice - cols.quantity - 24
  const at = { quantity: itemWidth + 8, unitPrice: itemWidth + 8 + cols.quantity + 8, amount: page.content - cols.amount }
  drawTable(
    page,
    [
      { left: 0, width: itemWidth },
      { left: at.quantity, width: cols.quantity, align: 'end' },
      { left: at.unitPrice, width: cols.unitPrice, align: 'end' },
      { left: at.amount, width: cols.amount, align: 'end' },
    ],
    [invoice.columns.item, invoice.columns.quantity, invoice.columns.unitPrice, invoice.columns.amount],
    invoice.items.map((item) => [
      { text: item.title, font: 'bold', note: item.description },
      { text: item.quantity },
      { text: item.unitPrice },
      { text: item.amount },
    ]),
  )

  // Totals, at the end side.
  drawTotals(page, invoice.totals, { label: 150, value: cols.amount })
  if (invoice.payments) drawList(page, invoice.payments.heading, invoice.payments.lines)
  if (invoice.notes) {
    page.y += 16
    page.room(30)
    page.y += page.text(invoice.notes, 0, page.content, { size: 9, color: MUTED })
  }
  return page.end()
}

/* ---------------------------------------------------------------- reports */

/** A report table's column: its label, its share of the width, and which side its text keeps. */
type ReportColumn = { label: string; share: number; align?: 'start' | 'end' }

type ReportBlock =
  | { kind: 'table'; heading: string; columns: ReportColumn[]; rows: Array<{ cells: string[]; strong?: boolean }>; empty?: string }
  | { kind: 'totals'; rows: Total[] }
  | { kind: 'list'; heading: string; lines: string[] }

/** One sheet of a report: the invoice's head (from, title, number, status, facts), then its blocks. */
type ReportSheet = { from: Party; title: string; number: string; status: string | null; facts: Array<{ label: string; value: string }>; blocks: ReportBlock[] }

/**
 * A report (the IFTA return, trip sheets): sheets each starting on a page of their own, laid out by
 * the same pieces as the invoice, in the report's language and direction.
 */
export type ReportPdf = PdfSetup & { sheets: ReportSheet[] }

/** Columns side by side over the width, 8 points apart, each as wide as its share. */
function columnsOf(columns: ReportColumn[], width: number): PdfColumn[] {
  const gutter = 8
  const shares = columns.reduce((sum, column) => sum + column.share, 0)
  const free = width - gutter * (columns.length - 1)
  let left = 0
  return columns.map((column) => {
    const placed = { left, width: (free * column.share) / shares, align: column.align }
    left += placed.width + gutter
    return placed
  })
}

export async function renderReportPdf(report: ReportPdf): Promise<Buffer> {
  const page = await openPdf(report)
  report.sheets.forEach((sheet, index) => {
    if (index > 0) page.newPage()
    drawHeader(page, sheet)
    for (const block of sheet.blocks) {
      if (block.kind === 'list') drawList(page, block.heading, block.lines)
      else if (block.kind === 'totals') drawTotals(page, block.rows, { label: 320, value: 110 })
      else {
        drawHeading(page, block.heading)
        if (block.rows.length === 0 && block.empty) {
          page.y += page.text(block.empty, 0, page.content, { size: 9, color: MUTED }) + 6
          continue
        }
        drawTable(
          page,
          columnsOf(block.columns, page.content),
          block.columns.map((column) => column.label),
          block.rows.map((row) => row.cells.map((text) => ({ text, size: 8.5, font: row.strong ? ('bold' as const) : ('body' as const) }))),
        )
      }
    }
  })
  return page.end()
}
