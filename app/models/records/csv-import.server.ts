/**
 * The one CSV import pipeline (ADR 032, 045, 108), used by every list that imports: loads
 * (load-import.server.ts) and trucks, trailers, brokers, companies, products and drivers
 * (record-import.server.ts). A list declares its columns, how a row becomes its editor's input and
 * how valid rows are written; the pipeline does the rest the same way for all:
 *
 * - the file is bounded before it is read (size by the caller, then no NUL, at most
 *   IMPORT_MAX_COLUMNS columns, records of at most IMPORT_MAX_RECORD_BYTES, cells of at most
 *   IMPORT_MAX_CELL characters, the list's most rows);
 * - headers are matched without regard to case, spaces, `_` or `-`, or by an explicit mapping
 *   (file header → column, or "" to leave a column out), or by the other names a list gives a column
 *   (a fuel card's export: `Units/Gallons` fills `gallons`); an unknown column is an error, since a
 *   typo would otherwise drop data silently, unless the list leaves other headers out;
 * - the bytes stay off the JavaScript heap and are parsed as a stream, twice: the header, the row
 *   count and the names rows refer to first (looked up once per kind), then each row on its own;
 * - every problem is reported by CSV line (the header is line 1), column and i18n key; at most
 *   IMPORT_MAX_ERRORS are kept, all are counted;
 * - the import writes in one transaction, rolled back when any row has an error: nothing is written
 *   unless every row is. A list whose writes find problems of their own (a name already taken, in
 *   the database or earlier in the file) runs its dry run the same way and rolls it back, so the
 *   dry run reports exactly what the import would refuse;
 * - a list may skip rows without refusing them (a fuel card's cash advance, a purchase imported
 *   before): its check or its writer names the reason, and the rows skipped are counted by reason.
 */
import { Readable } from 'node:stream'

import { type Options, parse } from 'csv-parse'

import type { Actor } from '~/models/audit/audit.server'
import { IMPORT_MAX_CELL, IMPORT_MAX_COLUMNS, IMPORT_MAX_ERRORS, IMPORT_MAX_RECORD_BYTES, normalizeHeader } from '~/schemas/import-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

/** One problem: the CSV line (the header is line 1), the column's header, an i18n key and its values. */
export type ImportError = { row: number; column: string | null; message: string; params?: Record<string, string | number> }

/** How each header of the file was read: the column it fills, or none (unknown, or left out by the mapping). */
export type HeaderMatch = { header: string; column: string | null }

/** What a check found: the rows, how many are valid, the first errors and how many there are in all. */
export type ImportCheck = {
  rows: number
  valid: number
  /** The first IMPORT_MAX_ERRORS errors, in file order. */
  errors: ImportError[]
  errorCount: number
  /** The file's headers and the columns they fill: what a mapping step shows. */
  headers: HeaderMatch[]
  /** Rows neither written nor refused, by reason (only for a list that skips rows). */
  skipped?: Record<string, number>
}

/** The file as it arrives: bytes (kept off the JavaScript heap) or text. */
export type ImportFile = Uint8Array | string

/** File header → column key, or "" for a column to leave out; headers compared as the automatic match compares them. */
export type ImportMapping = Record<string, string>

/** A row's cells by column key (empty cells left out). */
export type ImportRow = Record<string, string>

/** A row that passed the list's check, waiting to be written. */
export type CheckedRow<Value> = { row: number; value: Value }

/** What a writer did with a batch: the rows refused (a name taken) as errors, and how many it skipped, by reason. */
export type WriteOutcome = { refused: ImportError[]; skipped?: Record<string, number> }

export type ImportWriter<Value> = {
  /** Rows written a statement (or a transaction step) at a time. */
  batch: number
  /** Writes the rows in the import's transaction. */
  write(rows: Array<CheckedRow<Value>>): Promise<WriteOutcome>
  /** The import's answer once every row is written. */
  result(created: number): Record<string, unknown> & { created: number }
}

export type ImportList<Value, Context> = {
  /** The column keys; headers are matched to them. */
  columns: readonly string[]
  required: readonly string[]
  maxRows: number
  /** Other headers that fill a column (column key → names), matched as headers are. */
  aliases?: Readonly<Record<string, readonly string[]>>
  /** Headers that fill no column are left out instead of refused (an export with many columns the list does not read). */
  leaveOutOthers?: boolean
  /** Why rows may be skipped (reason → i18n key of the count, `{{count}}`): the check's `skip`, the writer's `skipped`. */
  skips?: Readonly<Record<string, string>>
  /** Columns whose values the first pass collects, for `prepare` to look up once per kind. */
  collect?: readonly string[]
  /** After the first pass: what checking rows needs (the names looked up), or errors of the whole file. */
  prepare(organizationId: string, collected: Record<string, Set<string>>): Promise<{ context: Context; errors: ImportError[] }>
  /** A row's problems, or the value it becomes (its editor's input, checked by the editor's schema), or why it is skipped. */
  check(row: ImportRow, line: number, context: Context): { errors: ImportError[]; value?: Value; skip?: string }
  /** The writer of one import, inside its transaction. */
  writer(tx: Tx, actor: Actor, context: Context): ImportWriter<Value>
  /** Whether a dry run writes and rolls back: yes when writes find problems the check cannot. */
  dryRunWrites: boolean
}

export type ImportOptions = { mapping?: ImportMapping }

const PARSE_OPTIONS: Options = { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true, max_record_size: IMPORT_MAX_RECORD_BYTES }
// The parser is fed this much at a time: it reads ahead by one slice, never the whole file.
const SLICE = 64 * 1024

const refuse = (key: string, params?: Record<string, string | number>) =>
  new DomainError('validation_failed', 'validation.failed', { fields: { file: [key] }, ...(params ? { params } : {}) })

function malformed(error: unknown) {
  const { lines = 1, code } = error as { lines?: number; code?: string }
  if (code === 'CSV_MAX_RECORD_SIZE') return refuse('imports.errors.recordTooLong', { line: lines, size: IMPORT_MAX_RECORD_BYTES / 1024 })
  return refuse('imports.errors.malformed', { line: lines })
}

/** The file's records (the header first) as text cells, parsed as a stream; a malformed file is one error at its line. */
async function* records(file: Uint8Array): AsyncGenerator<string[]> {
  const slices = function* () {
    for (let start = 0; start < file.length; start += SLICE) yield file.subarray(start, start + SLICE)
  }
  const parser = parse(PARSE_OPTIONS)
  const source = Readable.from(slices(), { objectMode: false })
  source.pipe(parser)
  try {
    for await (const record of parser) yield record as string[]
  } catch (error) {
    throw malformed(error)
  } finally {
    source.destroy()
    parser.destroy()
  }
}

type Header = Array<string | null>

/**
 * The header's columns: by the mapping where it names the header, else by the automatic match.
 * Unknown, repeated and missing required columns, and a mapping to no column, are errors at line 1.
 */
function readHeader<Value, Context>(cells: string[], list: ImportList<Value, Context>, mapping: ImportMapping | undefined) {
  const { columns, required } = list
  if (cells.length > IMPORT_MAX_COLUMNS) throw refuse('imports.errors.tooManyColumns', { max: IMPORT_MAX_COLUMNS })
  const known = new Map(columns.map((column) => [normalizeHeader(column), column]))
  for (const [column, names] of Object.entries(list.aliases ?? {})) for (const name of names) known.set(normalizeHeader(name), column)
  const mapped = new Map(Object.entries(mapping ?? {}).map(([header, column]) => [normalizeHeader(header), column]))
  const errors: ImportError[] = []
  const header: Header = cells.map((cell) => {
    const chosen = mapped.get(normalizeHeader(cell))
    if (chosen === undefined) {
      const column = known.get(normalizeHeader(cell)) ?? null
      if (!column && !list.leaveOutOthers) errors.push({ row: 1, column: cell, message: 'imports.errors.unknownColumn' })
      return column
    }
    if (chosen === '') return null
    const column = known.get(normalizeHeader(chosen)) ?? null
    if (!column) errors.push({ row: 1, column: cell, message: 'imports.errors.unknownMapping', params: { column: chosen } })
    return column
  })
  header.forEach((column, index) => {
    if (column && header.indexOf(column) !== index) errors.push({ row: 1, column: cells[index], message: 'imports.errors.duplicateColumn' })
  })
  for (const column of required) if (!header.includes(column)) errors.push({ row: 1, column, message: 'imports.errors.missingColumn' })
  return { header, errors, headers: cells.map((cell, index) => ({ header: cell, column: header[index] })) }
}

/** A row's cells by column; a cell longer than any field takes is its row's error, not read further. */
function rowOf(header: Header, cells: string[], line: number, errors?: ImportError[]): ImportRow {
  const row: ImportRow = {}
  header.forEach((column, index) => {
    const cell = cells[index]
    if (!column || !cell) return
    if (cell.length > IMPORT_MAX_CELL) errors?.push({ row: line, column, message: 'imports.errors.cellTooLong', params: { max: IMPORT_MAX_CELL } })
    else row[column] = cell
  })
  return row
}

/**
 * The first pass: the header, the number of rows, and each value of the columns to look up. A file
 * that is not text, empty, too wide or too long is refused whole.
 */
async function firstPass<Value, Context>(list: ImportList<Value, Context>, organizationId: string, file: Uint8Array, options: ImportOptions) {
  // NUL is no character of a text file (and PostgreSQL refuses it); UTF-8 decoding leaves no lone surrogate.
  if (file.includes(0)) throw refuse('imports.errors.notText')
  let read: ReturnType<typeof readHeader> | null = null
  let rows = 0
  const collected = Object.fromEntries((list.collect ?? []).map((column) => [column, new Set<string>()]))
  for await (const cells of records(file)) {
    if (!read) {
      read = readHeader(cells, list, options.mapping)
      continue
    }
    if (++rows > list.maxRows) throw refuse('imports.errors.tooManyRows', { max: list.maxRows })
    const row = rowOf(read.header, cells, rows + 1)
    for (const column of list.collect ?? []) if (row[column]) collected[column].add(row[column])
  }
  if (!read || rows === 0) throw refuse('imports.errors.empty')
  if (read.errors.length) return { ...read, rows, context: null }
  const prepared = await list.prepare(organizationId, collected)
  return { ...read, rows, errors: prepared.errors, context: prepared.context }
}

/** Counts every error, keeps the first IMPORT_MAX_ERRORS, remembers which rows had one, and counts the rows skipped. */
function tally<Value, Context>(list: ImportList<Value, Context>, check: ImportCheck) {
  const wrongRows = new Set<number>()
  let skippedRows = 0
  if (list.skips) check.skipped = Object.fromEntries(Object.keys(list.skips).map((reason) => [reason, 0]))
  return {
    report(errors: ImportError[]) {
      check.errorCount += errors.length
      check.errors.push(...errors.slice(0, Math.max(0, IMPORT_MAX_ERRORS - check.errors.length)))
      for (const error of errors) if (error.row > 1) wrongRows.add(error.row)
    },
    skip(skipped: Record<string, number> | undefined) {
      for (const [reason, count] of Object.entries(skipped ?? {})) {
        if (!check.skipped || !(reason in check.skipped)) throw new Error(`Undeclared skip reason: ${reason}`)
        check.skipped[reason] += count
        skippedRows += count
      }
    },
    finish() {
      check.valid = check.rows - wrongRows.size - skippedRows
      return check
    },
  }
}

const toBytes = (content: ImportFile) => (typeof content === 'string' ? Buffer.from(content) : content)

/**
 * Checks every row without writing (the dry run of a list whose check finds every problem).
 * `onValue` receives each valid row's value as it is checked.
 */
export async function checkImport<Value, Context>(
  list: ImportList<Value, Context>,
  organizationId: string,
  content: ImportFile,
  options: ImportOptions & { onValue?: (row: CheckedRow<Value>) => void | Promise<void> } = {},
): Promise<ImportCheck> {
  const file = toBytes(content)
  const first = await firstPass(list, organizationId, file, options)
  const check: ImportCheck = { rows: first.rows, valid: 0, errors: [], errorCount: 0, headers: first.headers }
  const { report, skip, finish } = tally(list, check)
  report(first.errors)
  if (first.context === null) return { ...finish(), valid: 0 }
  let line = 0
  for await (const cells of records(file)) {
    if (++line === 1) continue
    const errors: ImportError[] = []
    const checked = list.check(rowOf(first.header, cells, line, errors), line, first.context)
    report([...errors, ...checked.errors])
    if (checked.skip && !errors.length && !checked.errors.length) skip({ [checked.skip]: 1 })
    if (checked.value !== undefined && !errors.length && options.onValue) await options.onValue({ row: line, value: checked.value })
  }
  return finish()
}

// Stands for "the file has errors" (or "this is a dry run") inside the import's transaction: thrown to roll it back.
const ROLLBACK = Symbol('rollback')

/**
 * The import: each row checked as by checkImport and written as it comes, `writer.batch` at a
 * time, in one transaction; nothing is kept when any row has an error (then `result` is null and
 * `check` says why). With `dryRun` the same runs and is always rolled back: for lists whose writes
 * find problems of their own, the dry run that finds them.
 */
export async function runImport<Value, Context>(
  list: ImportList<Value, Context>,
  actor: Actor,
  content: ImportFile,
  options: ImportOptions & { dryRun?: boolean } = {},
): Promise<{ check: ImportCheck; result: (Record<string, unknown> & { created: number }) | null }> {
  if (options.dryRun && !list.dryRunWrites) return { check: await checkImport(list, actor.organizationId, content, options), result: null }
  const file = toBytes(content)
  const first = await firstPass(list, actor.organizationId, file, options)
  const check: ImportCheck = { rows: first.rows, valid: 0, errors: [], errorCount: 0, headers: first.headers }
  const { report, skip, finish } = tally(list, check)
  report(first.errors)
  const context = first.context
  if (context === null) return { check: { ...finish(), valid: 0 }, result: null }
  try {
    const result = await prisma.$transaction(
      async (tx) => {
        const writer = list.writer(tx, actor, context)
        let pending: Array<CheckedRow<Value>> = []
        let created = 0
        const flush = async () => {
          const { refused, skipped } = await writer.write(pending)
          report(refused)
          skip(skipped)
          created += pending.length - new Set(refused.map((error) => error.row)).size - Object.values(skipped ?? {}).reduce((sum, count) => sum + count, 0)
          pending = []
        }
        let line = 0
        for await (const cells of records(file)) {
          if (++line === 1) continue
          const errors: ImportError[] = []
          const checked = list.check(rowOf(first.header, cells, line, errors), line, context)
          report([...errors, ...checked.errors])
          if (checked.skip && !errors.length && !checked.errors.length) skip({ [checked.skip]: 1 })
          // Once a row is wrong the file is refused; a list whose writes find problems writes on to find them all.
          if (checked.value === undefined || errors.length || (check.errorCount && !list.dryRunWrites)) continue
          pending.push({ row: line, value: checked.value })
          if (pending.length >= writer.batch) await flush()
        }
        if (pending.length) await flush()
        if (check.errorCount || options.dryRun) throw ROLLBACK
        return { ...writer.result(created), ...(check.skipped ? { skipped: { ...check.skipped } } : {}) }
      },
      { timeout: 120_000, maxWait: 10_000 },
    )
    return { check: finish(), result }
  } catch (error) {
    if (error === ROLLBACK) return { check: finish(), result: null }
    throw error
  }
}

/** A refused import as the API's 400: every kept error, translated with its values, in `fields` as `rows.<line>.<column>`. */
export function importRefusal(check: ImportCheck, t: (key: string, params?: Record<string, string | number>) => string) {
  const fields: Record<string, string[]> = {}
  for (const error of check.errors) (fields[`rows.${error.row}.${error.column ?? '_'}`] ??= []).push(t(error.message, error.params))
  return new DomainError('validation_failed', 'imports.errors.fileHasErrors', { fields, params: { errors: check.errorCount } })
}
