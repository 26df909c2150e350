/**
 * CSV exports of every list, for the page's Export button and the API's `?format=csv`: all rows
 * that match the list's filters (not one page), streamed as they are read, never held whole.
 */
import { stringify } from 'csv-stringify/sync'

import { formatMoney } from './format'

export type CsvValue = string | number | boolean | null | undefined

export type CsvColumn<Row> = {
  /** The API's header and the record's field name (`unitNumber`). */
  key: string
  /** The page export's header (an i18n key). */
  label: string
  value: (row: Row) => CsvValue
  /** For enums: the i18n key of a value's label in the page export (the API keeps the value). */
  valueLabel?: (value: string) => string
  /**
   * `value` is an amount in cents: the page's file (people) carries it as dollars with two
   * decimals (`csvDollars`); the API's `?format=csv` keeps the JSON's cents under its key.
   */
  money?: true
}

/**
 * An amount in a file people read: dollars with two decimals (`1234.50`, `-12.00`), which
 * spreadsheets sum and the factor's purchase report reads back; empty for no amount. Never through
 * `safeCell`: a negative amount is a number, not a formula.
 */
export function csvDollars(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : formatMoney('en', cents, { style: 'decimal' })
}

/**
 * What starts a formula in some spreadsheet: `=`, `+`, `-`, `@`, `|` (a DDE call in older Excel),
 * their full-width forms (`＝`, `＋`, `－`, `＠`, `｜`: an East Asian input method types them, and
 * Excel takes `＝1+1` as `=1+1`), tab and carriage return, also after leading blanks.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFF5C]|^[\t\r]/

/**
 * A text cell a spreadsheet would run as a formula (`=HYPERLINK(...)` typed into a notes field)
 * is prefixed with an apostrophe, which spreadsheets show as text. Numbers stay numbers.
 */
export function safeCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  // A plain decimal (`-34.125`, a credit's gallons) is a number, not a formula: it stays one.
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value
}

const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/

export type CsvOptions = {
  /** `key`: machine headers for programs; a function: translated headers for people. */
  headers: 'key' | ((i18nKey: string) => string)
  filename: string
  /** A UTF-8 byte-order mark, so spreadsheet programs read accents and Arabic correctly. */
  bom?: boolean
}

export function csvLine(cells: string[]) {
  return stringify([cells], { record_delimiter: 'windows' })
}

/**
 * A 200 text/csv response that pulls rows from `rows` as the client reads. The first batch is read
 * before answering, so a database that is down gives the usual error response; a failure part-way
 * errors the stream, so the download fails visibly instead of ending short.
 */
export async function csvResponse<Row>(rows: AsyncIterable<Row>, columns: CsvColumn<Row>[], options: CsvOptions) {
  const translate = options.headers === 'key' ? null : options.headers
  const header = csvLine(columns.map((column) => (translate ? translate(column.label) : column.key)))
  const encoder = new TextEncoder()
  const iterator = rows[Symbol.asyncIterator]()
  let pending: IteratorResult<Row> | null = await iterator.next()
  const cell = (column: CsvColumn<Row>, row: Row) => {
    const value = column.value(row)
    if (translate && column.money) return csvDollars(value as number | null)
    if (translate && column.valueLabel && typeof value === 'string') return translate(column.valueLabel(value))
    return safeCell(value)
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${options.bom ? '\uFEFF' : ''}${header}`))
    },
    async pull(controller) {
      // Up to 200 rows per chunk: fewer, larger writes than one per row.
      const lines: string[] = []
      while (lines.length < 200) {
        const next = pending ?? (await iterator.next())
        pending = null
        if (next.done) {
          if (lines.length) controller.enqueue(encoder.encode(lines.join('')))
          controller.close()
          return
        }
        lines.push(csvLine(columns.map((column) => cell(column, next.value))))
      }
      controller.enqueue(encoder.encode(lines.join('')))
    },
    async cancel() {
      await iterator.return?.()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${options.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}

/** `trucks-2026-11-23.csv` */
export function csvFilename(name: string, now = new Date()) {
  return `${name}-${now.toISOString().slice(0, 10)}.csv`
}

/** Does this API list request ask for CSV (`?format=csv`)? */
export function wantsCsv(url: URL) {
  return url.searchParams.get('format') === 'csv'
}
