/**
 * A PDF's text as lines of cells (ADR 055), read with unpdf (pdf.js): every page's positioned
 * pieces, grouped by ./rate-confirmation-lines. No database: the rules' unit tests read the
 * generated PDFs through it.
 */
import { getDocumentProxy } from 'unpdf'

import { linesOf, type PositionedText, type TextLine } from './rate-confirmation-lines'

/** Pages read: a rate confirmation's facts are on its first pages, its terms after them. */
const MAX_PAGES = 6

/** Null when the bytes are not a PDF pdf.js can open. */
export async function pdfTextLines(bytes: Uint8Array): Promise<TextLine[] | null> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>
  try {
    // pdf.js takes the buffer it is given: a copy, so the caller's bytes stay usable.
    document = await getDocumentProxy(bytes.slice(), { stopAtErrors: false, verbosity: 0 })
  } catch {
    return null
  }
  try {
    const pieces: PositionedText[] = []
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      for (const item of content.items) {
        if (!('str' in item)) continue
        const [a, b, , , x, y] = item.transform as number[]
        pieces.push({ page: number, str: item.str, x, y, width: item.width, size: Math.hypot(a, b) || item.height || 10 })
      }
    }
    return linesOf(pieces)
  } catch {
    return null
  } finally {
    await document.loadingTask.destroy().catch(() => {})
  }
}
