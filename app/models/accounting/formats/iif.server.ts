/**
 * QuickBooks Desktop's IIF (ADR 144): one tab-separated file, Windows-1252, CRLF. Each entry is
 * one transaction, a TRNS row (the counter account: A/R, A/P, the bank; a journal's first line),
 * one SPL row per line and ENDTRNS; its amounts add up to 0.00 (debits positive). Invoices are
 * INVOICE, payments PAYMENT, bills BILL, expenses CHECK, journals GENERAL JOURNAL; a reversal of
 * an invoice is a CREDIT MEMO and of anything else a GENERAL JOURNAL with every sign flipped.
 * Names longer than QuickBooks holds are cut, and kept apart (`iifName`, ADR 151).
 */
import { createHash } from 'node:crypto'

import type { AccountingEntry } from '../entry'
import { checkEntry, cleanText, decimalAmount, entryMemo, exactQuantity, postings, PROGRESS_EVERY, reversalNumber, usDate } from './common.server'

const HEADER = [
  ['!TRNS', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'DUEDATE'],
  ['!SPL', 'TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO', 'INVITEM', 'QNTY', 'PRICE'],
  ['!ENDTRNS'],
]

const ROW_END = '\r\n'

/** The TRNSTYPE QuickBooks files the entry as. */
export function iifTransactionType(entry: AccountingEntry) {
  if (entry.type === 'invoice') return entry.reverses ? 'CREDIT MEMO' : 'INVOICE'
  if (entry.reverses || entry.type === 'journal') return 'GENERAL JOURNAL'
  return { payment: 'PAYMENT', bill: 'BILL', expense: 'CHECK' }[entry.type]
}

/**
 * A text field: cleaned of tabs and line breaks (`cleanText`); wrapped in double quotes, inner
 * quotes doubled, when it holds a comma or a double quote (as a spreadsheet saves tab-delimited
 * text, which is how Intuit says to make IIF files, and as QuickBooks' own comma-delimited IIF reads).
 */
export function iifText(value: string | null | undefined) {
  const text = cleanText(value ?? '')
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * QuickBooks Desktop's longest names (Intuit's qbXML reference: a customer's or vendor's `Name`
 * 41 characters; an account's and an item's `Name` 31, each level of `Parent:Child` on its own).
 * Longer, the import stops at the row (ADR 151).
 */
export const IIF_NAME_LIMITS = { party: 41, account: 31, item: 31 } as const

/** Characters QuickBooks will hold for one character of ours: 1 in Windows-1252, else 6 per UTF-16 unit (`\uXXXX`, see `windows1252`). */
function heldLength(char: string) {
  const code = char.codePointAt(0) ?? 0
  const inCodePage = code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code <= 0x7f) || (code >= 0xa0 && code <= 0xff) || code in CP1252_HIGH
  return inCodePage ? 1 : 6 * char.length
}

/** The longest start of `text` QuickBooks holds in `limit` characters, cut between characters (never inside a surrogate pair or an escape). */
export function cutIifText(text: string, limit: number) {
  let held = 0
  let cut = ''
  for (const char of text) {
    held += heldLength(char)
    if (held > limit) break
    cut += char
  }
  return cut
}

/**
 * A name as QuickBooks Desktop can hold it in `limit` characters. A name that fits is left as it
 * is; a longer one is cut and ends in `~` and five letters or digits from a hash of the whole
 * name, so two names that cut to the same start stay two names, and a name is cut the same way
 * in every file (QuickBooks matches names by their text).
 */
export function iifName(value: string, limit: number) {
  const text = cleanText(value)
  if ([...text].reduce((sum, char) => sum + heldLength(char), 0) <= limit) return text
  const hash = BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 12)}`)
    .toString(36)
    .padStart(5, '0')
    .slice(-5)
  const tag = `~${hash.toUpperCase()}`
  return `${cutIifText(text, limit - tag.length).trimEnd()}${tag}`
}

/** An account or item name, each level of `Parent:Child` cut on its own. */
export function iifListName(value: string, limit: number) {
  return value
    .split(':')
    .map((level) => iifName(level, limit))
    .join(':')
}

/**
 * QuickBooks Desktop keeps 11 characters of a transaction's number (qbXML `RefNumber`). A longer
 * one (a reserve release's `SCH-000007-1`, its reversal's `…R`) drops its separators first, then
 * keeps its last 11 characters, the part that tells numbers apart; the memo still names it whole.
 */
export const IIF_DOCNUM_LIMIT = 11

export function iifDocNumber(number: string) {
  if (number.length <= IIF_DOCNUM_LIMIT) return number
  const compact = number.replace(/[^0-9A-Za-z]/g, '')
  return compact.length <= IIF_DOCNUM_LIMIT ? compact : compact.slice(-IIF_DOCNUM_LIMIT)
}

/** A quantity with the amount's sign (an invoice's income lines are negative, and so their quantity). */
function signedQuantity(quantity: string, cents: number) {
  return cents < 0 && !/^0*(\.0*)?$/.test(quantity) ? `-${quantity}` : quantity
}

/** The rows of one entry, ENDTRNS included. */
export function iifRows(entry: AccountingEntry): string[][] {
  checkEntry(entry)
  const type = iifTransactionType(entry)
  const date = usDate(entry.date)
  const name = iifText(entry.party ? iifName(entry.party.name, IIF_NAME_LIMITS.party) : '')
  const account = (value: string) => iifText(iifListName(value, IIF_NAME_LIMITS.account))
  const number = iifText(iifDocNumber(reversalNumber(entry)))
  const [head, ...splits] = postings(entry)
  const dueDate = type === 'INVOICE' || type === 'BILL' ? usDate(entry.dueDate ?? entry.date) : ''
  // A journal's first line is its TRNS row: the row carries the entry's memo and that line's description.
  const headMemo = entry.type === 'journal' ? [entryMemo(entry), head.description].filter(Boolean).join(': ') : entryMemo(entry)
  return [
    ['TRNS', type, date, account(head.account), name, decimalAmount(head.cents), number, iifText(headMemo), dueDate],
    ...splits.map((split) => {
      const exact = split.line ? exactQuantity(split.line) : null
      return [
        'SPL',
        type,
        date,
        account(split.account),
        name,
        decimalAmount(split.cents),
        number,
        iifText(split.description),
        split.line?.item ? iifText(iifListName(split.line.item, IIF_NAME_LIMITS.item)) : '',
        exact ? signedQuantity(exact.quantity, split.cents) : '',
        exact ? exact.unitPrice : '',
      ]
    }),
    ['ENDTRNS'],
  ]
}

// Windows-1252's letters at 0x80–0x9F (the rest of 0x00–0xFF is Latin-1, the same code points).
const CP1252_HIGH: Record<number, number> = {
  0x20ac: 0x80,
  0x201a: 0x82,
  0x0192: 0x83,
  0x201e: 0x84,
  0x2026: 0x85,
  0x2020: 0x86,
  0x2021: 0x87,
  0x02c6: 0x88,
  0x2030: 0x89,
  0x0160: 0x8a,
  0x2039: 0x8b,
  0x0152: 0x8c,
  0x017d: 0x8e,
  0x2018: 0x91,
  0x2019: 0x92,
  0x201c: 0x93,
  0x201d: 0x94,
  0x2022: 0x95,
  0x2013: 0x96,
  0x2014: 0x97,
  0x02dc: 0x98,
  0x2122: 0x99,
  0x0161: 0x9a,
  0x203a: 0x9b,
  0x0153: 0x9c,
  0x017e: 0x9e,
  0x0178: 0x9f,
}

/**
 * Text in Windows-1252, the code page QuickBooks Desktop (US) reads and stores text in: ASCII,
 * the Latin-1 letters and the 27 others of 0x80–0x9F come through as they are. A character
 * outside it (Vietnamese ễ, Chinese, Arabic) QuickBooks would turn into `?`, so different names
 * would collapse into one; it is written as `\uXXXX` (UTF-16 code units, as JSON writes them)
 * instead, which keeps every name distinct and the original recoverable.
 */
export function windows1252(text: string): Uint8Array {
  // Latin-1 writes U+0000–U+00FF as the byte of the same value: each other character becomes its
  // Windows-1252 byte (as the U+0080–U+009F character of that value) or its escape first.
  const bytewise = text.replace(/[^\t\n\r\u0020-\u007f\u00a0-\u00ff]/gu, (char) => {
    const byte = CP1252_HIGH[char.codePointAt(0) ?? 0]
    if (byte !== undefined) return String.fromCharCode(byte)
    return Array.from({ length: char.length }, (_, index) => `\\u${char.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`).join('')
  })
  return Buffer.from(bytewise, 'latin1')
}

// The file is written in chunks of about this many characters.
const CHUNK_CHARS = 64 * 1024

export async function writeIif(
  entries: AsyncIterable<AccountingEntry>,
  write: (chunk: Uint8Array) => Promise<void>,
  onProgress?: (entryCount: number) => void | Promise<void>,
) {
  let pending = HEADER.map((row) => row.join('\t') + ROW_END).join('')
  let entryCount = 0
  for await (const entry of entries) {
    const rows = iifRows(entry)
    pending += rows.map((row) => row.join('\t') + ROW_END).join('')
    entryCount += 1
    if (pending.length >= CHUNK_CHARS) {
      await write(windows1252(pending))
      pending = ''
    }
    if (onProgress && entryCount % PROGRESS_EVERY === 0) await onProgress(entryCount)
  }
  if (pending) await write(windows1252(pending))
  return { entryCount, files: [] }
}
