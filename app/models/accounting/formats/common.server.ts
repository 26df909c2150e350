/**
 * What the three format writers share (ADR 144): the entry's checks, its postings as debits and
 * credits, amounts and dates as the files write them, the text clean-up, and the temporary CSV
 * files a ZIP is built from (one pass over the entries feeds several CSVs; memory stays flat).
 */
import { createReadStream } from 'node:fs'
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { csvLine } from '~/utils/csv.server'
import { formatDecimal, SCALE } from '~/utils/money'

import type { AccountingEntry, AccountingLine } from '../entry'

/** An entry no file can carry as it is (its lines do not add up, a date is not a date): the export fails, never writes half a transaction. */
export class AccountingEntryError extends Error {
  constructor(entry: Pick<AccountingEntry, 'number' | 'recordId'>, problem: string) {
    super(`accounting entry ${entry.number} (${entry.recordId}): ${problem}`)
    this.name = 'AccountingEntryError'
  }
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/**
 * Refuses an entry whose figures a file would misstate: every amount a safe integer of cents, the
 * total not negative, the lines adding up to the total (a journal's debits and its credits each
 * equal to it), at least one line, dates that are days.
 */
export function checkEntry(entry: AccountingEntry) {
  const refuse = (problem: string) => {
    throw new AccountingEntryError(entry, problem)
  }
  if (!DAY.test(entry.date)) refuse(`date ${entry.date} is not YYYY-MM-DD`)
  if (entry.dueDate !== null && !DAY.test(entry.dueDate)) refuse(`due date ${entry.dueDate} is not YYYY-MM-DD`)
  if (!Number.isSafeInteger(entry.totalCents) || entry.totalCents < 0) refuse(`total ${entry.totalCents} is not a non-negative whole number of cents`)
  if (entry.lines.length === 0) refuse('no lines')
  for (const line of entry.lines) if (!Number.isSafeInteger(line.amountCents)) refuse(`line amount ${line.amountCents} is not whole cents`)
  if (entry.type === 'journal') {
    const debits = sum(entry.lines.filter((line) => line.debit === true))
    const credits = sum(entry.lines.filter((line) => line.debit === false))
    if (entry.lines.some((line) => line.debit === undefined)) refuse('a journal line without debit true/false')
    if (debits !== entry.totalCents || credits !== entry.totalCents) refuse(`debits ${debits} and credits ${credits} differ from the total ${entry.totalCents}`)
  } else {
    if (sum(entry.lines) !== entry.totalCents) refuse(`lines add up to ${sum(entry.lines)}, not the total ${entry.totalCents}`)
    if (!entry.counterAccount) refuse(`${entry.type} entry without its counter account`)
    // A/R and A/P lines need a name; an expense may have none (a work order done in-house).
    if (!entry.party && entry.type !== 'expense') refuse(`${entry.type} entry without a customer or vendor`)
  }
}

function sum(lines: AccountingLine[]) {
  return lines.reduce((total, line) => total + line.amountCents, 0)
}

/** One side of a posting: `cents` positive for a debit, negative for a credit (QuickBooks' and Xero's journal sign). */
export type Posting = {
  account: string
  cents: number
  description: string
  /** The entry's own line it comes from; null for the counter posting (A/R, A/P, the bank). */
  line: AccountingLine | null
}

/**
 * The entry as debits and credits, the counter posting first (a journal: its lines in order).
 * Invoices and payments debit their counter account (A/R, the bank) and credit the lines (income,
 * A/R); bills and expenses credit theirs (A/P, the bank) and debit the lines. A reversal is the
 * same postings with every sign flipped: the books take the original back.
 */
export function postings(entry: AccountingEntry): Posting[] {
  const flip = entry.reverses ? -1 : 1
  if (entry.type === 'journal')
    return entry.lines.map((line) => ({
      account: line.account,
      cents: flip * (line.debit ? line.amountCents : -line.amountCents),
      description: line.description,
      line,
    }))
  const counterSign = entry.type === 'invoice' || entry.type === 'payment' ? 1 : -1
  return [
    { account: entry.counterAccount ?? '', cents: flip * counterSign * entry.totalCents, description: entry.memo, line: null },
    ...entry.lines.map((line) => ({ account: line.account, cents: -flip * counterSign * line.amountCents, description: line.description, line })),
  ]
}

/** Cents as the files write amounts: `1234.50`, `-12.00` (exact, no floating point). */
export function decimalAmount(cents: number) {
  return formatDecimal(cents, SCALE.cents)
}

/** `2026-11-05` → `11/05/2026` (QuickBooks Desktop and Online). */
export function usDate(day: string) {
  const [, year, month, date] = DAY.exec(day) ?? []
  return `${month}/${date}/${year}`
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** `2026-11-05` → `05 Nov 2026` (Xero's "dd mmm yyyy": read the same in every region). */
export function xeroDate(day: string) {
  const [, year, month, date] = DAY.exec(day) ?? []
  return `${date} ${MONTHS[Number(month) - 1]} ${year}`
}

/**
 * Text as one cell of one row: tabs, line breaks (also U+2028/2029, NEL) and other control
 * characters become one space each run, so no row breaks; composed (NFC), so an accent typed as
 * two code points is the one letter the books know. Nothing else changes: names must match.
 */
export function cleanText(value: string) {
  return value.normalize('NFC').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
}

/** The document number a reversal carries: the original's with `R` (`INV-000012R`): importers want numbers unique, and QuickBooks Desktop's 11 characters still hold `INV-000012R`. */
export function reversalNumber(entry: AccountingEntry) {
  return entry.reverses ? `${entry.number}R` : entry.number
}

/** The memo says what a reversal takes back, and from which export. */
export function entryMemo(entry: AccountingEntry) {
  if (!entry.reverses) return entry.memo
  const what = `Reversal of ${entry.number} (export ${entry.reverses.batchNumber})`
  return entry.memo ? `${what}: ${entry.memo}` : what
}

/**
 * A line's quantity and unit price when they multiply to its amount exactly (Xero computes a
 * line's amount from them; QuickBooks checks them against it); null otherwise (the file then
 * carries the amount alone, quantity 1 where the format needs one): the amount is what the books keep.
 */
export function exactQuantity(line: AccountingLine): { quantity: string; unitPrice: string } | null {
  if (line.quantity === null || line.unitPriceCents === null) return null
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(line.quantity)
  if (!match) return null
  const decimals = match[2]?.length ?? 0
  const units = BigInt(`${match[1]}${match[2] ?? ''}`)
  const product = units * BigInt(line.unitPriceCents)
  const scale = 10n ** BigInt(decimals)
  if (units === 0n || product % scale !== 0n || product / scale !== BigInt(Math.abs(line.amountCents))) return null
  return { quantity: line.quantity, unitPrice: decimalAmount(line.unitPriceCents) }
}

/** How often the writers report progress (entries). */
export const PROGRESS_EVERY = 500

type TempFile = { name: string; path: string; handle: FileHandle; pending: string[]; pendingLength: number; rowCount: number }

// Each file's rows are written in chunks of about this many characters: few writes, little memory.
const CHUNK_CHARS = 64 * 1024

/**
 * CSV files appended to in a temporary directory (os.tmpdir()) while the entries are read once,
 * then streamed into the ZIP in the order they were first written, and removed (`dispose`, also
 * after an error).
 */
export class TempCsvFiles {
  private files = new Map<string, TempFile>()
  private constructor(private directory: string) {}

  static async create() {
    return new TempCsvFiles(await mkdtemp(path.join(os.tmpdir(), 'freightdesk-accounting-')))
  }

  /** Appends a row to `name` (CSV quoting by csv-stringify, CRLF), creating the file with its header row first. */
  async append(name: string, header: readonly string[], cells: string[]) {
    let file = this.files.get(name)
    if (!file) {
      const filePath = path.join(this.directory, `${this.files.size}.csv`)
      const headerLine = csvLine([...header])
      file = { name, path: filePath, handle: await open(filePath, 'w'), pending: [headerLine], pendingLength: headerLine.length, rowCount: 0 }
      this.files.set(name, file)
    }
    const line = csvLine(cells.map(cleanText))
    file.pending.push(line)
    file.pendingLength += line.length
    file.rowCount += 1
    if (file.pendingLength >= CHUNK_CHARS) await this.flush(file)
  }

  private async flush(file: TempFile) {
    if (file.pending.length === 0) return
    const text = file.pending.join('')
    file.pending = []
    file.pendingLength = 0
    await file.handle.write(text, null, 'utf8')
  }

  /** The files written, in the order first written, with their data rows. */
  list() {
    return [...this.files.values()].map((file) => ({ name: file.name, rowCount: file.rowCount }))
  }

  /** Writes the files into a ZIP (deflated: CSV shrinks well) and the ZIP's bytes to `write`. */
  async zip(write: (chunk: Uint8Array) => Promise<void>, date: Date) {
    for (const file of this.files.values()) {
      await this.flush(file)
      await file.handle.close()
    }
    // Loaded with the first export: archiver's code would otherwise sit on every server's heap (ADR 080).
    const { ZipArchive } = await import('archiver')
    const archive = new ZipArchive({ zlib: { level: 6 } })
    for (const file of this.files.values()) archive.append(createReadStream(file.path), { name: file.name, date })
    const finalizing = archive.finalize()
    finalizing.catch(() => {})
    try {
      for await (const chunk of archive) await write(chunk as Uint8Array)
    } catch (error) {
      archive.abort()
      throw error
    }
    await finalizing
  }

  async dispose() {
    for (const file of this.files.values()) await file.handle.close().catch(() => {})
    await rm(this.directory, { recursive: true, force: true })
  }
}

/** One CSV row of a ZIP format: the file it goes to, that file's header, its cells (cleaned by `cleanText` on the way). */
export type CsvRow = { file: string; header: readonly string[]; cells: string[] }

export type WriteOptions = {
  /** Called every PROGRESS_EVERY entries with the count so far. */
  onProgress?: (entryCount: number) => void | Promise<void>
  /** The ZIP entries' modification time (default now). */
  now?: Date
}

/**
 * The ZIP formats' one pass: each entry's rows appended to their CSVs in temporary files, then the
 * files streamed into the ZIP; the temporary files are removed however it ends.
 */
export async function writeCsvZip(
  entries: AsyncIterable<AccountingEntry>,
  write: (chunk: Uint8Array) => Promise<void>,
  rowsOf: (entry: AccountingEntry) => CsvRow[],
  options: WriteOptions,
) {
  const files = await TempCsvFiles.create()
  try {
    let entryCount = 0
    for await (const entry of entries) {
      checkEntry(entry)
      for (const row of rowsOf(entry)) await files.append(row.file, row.header, row.cells)
      entryCount += 1
      if (options.onProgress && entryCount % PROGRESS_EVERY === 0) await options.onProgress(entryCount)
    }
    await files.zip(write, options.now ?? new Date())
    return { entryCount, files: files.list() }
  } finally {
    await files.dispose()
  }
}
