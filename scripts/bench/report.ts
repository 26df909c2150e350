/** Plain-text tables for the bench's output (Markdown-compatible, so they paste into an issue). */

export type Column<T> = { title: string; value: (row: T) => string | number; align?: 'left' | 'right' }

export function table<T>(rows: T[], columns: Column<T>[]) {
  const cells = rows.map((row) => columns.map((column) => String(column.value(row))))
  const widths = columns.map((column, i) => Math.max(column.title.length, ...cells.map((row) => row[i].length)))
  const align = (text: string, i: number) => (columns[i].align === 'left' ? text.padEnd(widths[i]) : text.padStart(widths[i]))
  const line = (values: string[]) => `| ${values.map(align).join(' | ')} |`
  const rule = `|${widths.map((width, i) => (columns[i].align === 'left' ? `:${'-'.repeat(width + 1)}` : `${'-'.repeat(width + 1)}:`)).join('|')}|`
  return [line(columns.map((column) => column.title)), rule, ...cells.map(line)].join('\n')
}

export const kib = (bytes: number) => (bytes / 1024).toFixed(1)
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–')
export const int = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '–')

export function heading(text: string) {
  console.info(`\n## ${text}\n`)
}
