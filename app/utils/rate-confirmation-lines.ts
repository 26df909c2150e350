/**
 * A PDF page's text as lines of cells (ADR 055): the positioned pieces a PDF reader gives
 * (app/models/loads/rate-confirmation.server.ts reads them with unpdf) grouped into lines by height on
 * the page, and within a line into cells where a wide gap separates two pieces, as a table's
 * columns or a label and its value are. Pure: the rules (./rate-confirmation-rules) read these.
 */

/** One piece of text where the PDF draws it: x and y from the page's bottom left, in points. */
export type PositionedText = { page: number; str: string; x: number; y: number; width: number; size: number }
export type TextCell = { x: number; text: string }
export type TextLine = { cells: TextCell[]; text: string }

/** A gap wider than this many font sizes starts a new cell. */
const CELL_GAP = 1.2

export function linesOf(pieces: PositionedText[]): TextLine[] {
  const visible = pieces.filter((piece) => piece.str.trim() !== '')
  const sorted = [...visible].sort((a, b) => a.page - b.page || b.y - a.y || a.x - b.x)
  const rows: PositionedText[][] = []
  for (const piece of sorted) {
    const row = rows.at(-1)
    const first = row?.[0]
    if (row && first && first.page === piece.page && Math.abs(first.y - piece.y) <= Math.max(2, piece.size * 0.35)) row.push(piece)
    else rows.push([piece])
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x)
    const cells: TextCell[] = []
    let end = -Infinity
    for (const piece of row) {
      const gap = piece.x - end
      const cell = cells.at(-1)
      const text = piece.str.replace(/\s+/g, ' ')
      if (cell && gap <= piece.size * CELL_GAP) cell.text += gap > piece.size * 0.15 && !cell.text.endsWith(' ') && !text.startsWith(' ') ? ` ${text}` : text
      else cells.push({ x: piece.x, text })
      end = Math.max(end, piece.x + piece.width)
    }
    const trimmed = cells.map((cell) => ({ x: cell.x, text: cell.text.trim() })).filter((cell) => cell.text !== '')
    return { cells: trimmed, text: trimmed.map((cell) => cell.text).join('  ') }
  })
}
