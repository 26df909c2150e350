/**
 * The accounting export's file writers (ADR 144): each format's output for the fixed entries is
 * the hand-checked file in tests/fixtures/accounting; every IIF transaction adds up to 0.00 and
 * every amount is the entry's own; 20,000 entries come out whole; a refused entry or a failed
 * write leaves no temporary file behind.
 */
import fs from 'node:fs'
import os from 'node:os'
import zlib from 'node:zlib'

import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import type { AccountingEntry } from '~/models/accounting/entry'
import { AccountingEntryError } from '~/models/accounting/formats/common.server'
import { cutIifText, IIF_NAME_LIMITS, iifDocNumber, iifListName, iifName, iifText, windows1252 } from '~/models/accounting/formats/iif.server'
import { accountingFile, writeAccountingFile } from '~/models/accounting/formats/index.server'
import type { AccountingFormat } from '~/schemas/accounting-options'

import { FIXTURE_ENTRIES, manyEntries } from '../fixtures/accounting/entries'

const FIXTURES = 'tests/fixtures/accounting'
const NOW = new Date('2026-12-01T00:00:00Z')

async function* each<T>(items: T[]) {
  yield* items
}

async function run(format: AccountingFormat, entries: AsyncIterable<AccountingEntry>) {
  const chunks: Uint8Array[] = []
  const result = await writeAccountingFile(format, entries, async (chunk) => void chunks.push(chunk), { now: NOW })
  return { ...result, bytes: Buffer.concat(chunks) }
}

/** The files of a ZIP by name (read through its central directory; stored or deflated entries). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(end).toBeGreaterThanOrEqual(0)
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const files = new Map<string, Buffer>()
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50)
    const method = zip.readUInt16LE(at + 10)
    const compressedSize = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(dataAt, dataAt + compressedSize)
    files.set(name, method === 0 ? Buffer.from(data) : zlib.inflateRawSync(data))
    at += 46 + nameLength + extraLength + commentLength
  }
  return files
}

/** An IIF file's transactions: the TRNS and SPL rows between ENDTRNS rows, as cells. */
function iifTransactions(bytes: Buffer) {
  // Windows-1252 agrees with Latin-1 on every byte the checks read (ASCII amounts, dates, types).
  const rows = bytes
    .toString('latin1')
    .split('\r\n')
    .filter(Boolean)
    .map((row) => row.split('\t'))
  expect(rows.slice(0, 3).map((row) => row[0])).toEqual(['!TRNS', '!SPL', '!ENDTRNS'])
  const transactions: string[][][] = []
  let open: string[][] = []
  for (const row of rows.slice(3)) {
    if (row[0] === 'ENDTRNS') {
      transactions.push(open)
      open = []
    } else open.push(row)
  }
  expect(open).toEqual([])
  return transactions
}

/** "-1234.50" → -123450, exactly. */
function cents(amount: string) {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount)
  if (!match) throw new Error(`not an amount: ${amount}`)
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]))
}

/** The absolute figures an entry's transaction must carry, in order: the total on the counter account, then each line. */
function ownFigures(entry: AccountingEntry) {
  const lines = entry.lines.map((line) => Math.abs(line.amountCents))
  return entry.type === 'journal' ? lines : [entry.totalCents, ...lines]
}

function checkIif(bytes: Buffer, entries: AccountingEntry[]) {
  const transactions = iifTransactions(bytes)
  expect(transactions).toHaveLength(entries.length)
  for (const [index, rows] of transactions.entries()) {
    const amounts = rows.map((row) => cents(row[5]))
    expect(rows[0][0]).toBe('TRNS')
    expect(rows.slice(1).every((row) => row[0] === 'SPL')).toBe(true)
    expect(
      amounts.reduce((sum, amount) => sum + amount, 0),
      `transaction ${index} balances`,
    ).toBe(0)
    expect(amounts.map(Math.abs), `transaction ${index} carries its entry's figures`).toEqual(ownFigures(entries[index]))
    // QuickBooks' signs: A/R and the bank are debited by invoices and payments; A/P and the bank credited by bills and checks; a credit memo credits A/R.
    const sign = { INVOICE: 1, PAYMENT: 1, BILL: -1, CHECK: -1, 'CREDIT MEMO': -1 }[rows[0][1]]
    if (sign) expect(Math.sign(amounts[0]), `transaction ${index}'s ${rows[0][1]} sign`).toBe(sign)
  }
}

function csv(text: Buffer) {
  return parse(text.toString('utf8'), { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[]
}

function tempLeftovers() {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('freightdesk-accounting-'))
}

describe('accounting file formats: the fixed entries', () => {
  it('writes the expected IIF, byte for byte', async () => {
    const { bytes, entryCount } = await run('qbd_iif', each(FIXTURE_ENTRIES))
    expect(entryCount).toBe(FIXTURE_ENTRIES.length)
    expect(bytes.equals(fs.readFileSync(`${FIXTURES}/expected.iif`))).toBe(true)
  })

  it('balances every IIF transaction with the entries’ own figures', async () => {
    checkIif((await run('qbd_iif', each(FIXTURE_ENTRIES))).bytes, FIXTURE_ENTRIES)
  })

  it('renders a reversed invoice as a credit memo taking the original back', async () => {
    const [reversal] = iifTransactions((await run('qbd_iif', each(FIXTURE_ENTRIES.slice(-1)))).bytes)
    expect(reversal.map((row) => [row[1], row[3], row[5], row[6]])).toEqual([
      ['CREDIT MEMO', 'Accounts Receivable', '-1800.00', 'INV-000088R'],
      ['CREDIT MEMO', 'Freight Income', '1800.00', 'INV-000088R'],
    ])
  })

  it('takes back every other kind of entry with the original’s postings flipped', async () => {
    const originals = FIXTURE_ENTRIES.filter((entry) => entry.type !== 'invoice')
    const reversals = originals.map((entry) => ({ ...entry, reverses: { batchNumber: 2 } }))
    const before = iifTransactions((await run('qbd_iif', each(originals))).bytes)
    const after = iifTransactions((await run('qbd_iif', each(reversals))).bytes)
    checkIif((await run('qbd_iif', each(reversals))).bytes, reversals)
    for (const [index, rows] of after.entries()) {
      expect(rows.every((row) => row[1] === 'GENERAL JOURNAL')).toBe(true)
      expect(rows.map((row) => [row[3], -cents(row[5])])).toEqual(before[index].map((row) => [row[3], cents(row[5])]))
      expect(rows[0][6]).toBe(iifDocNumber(`${originals[index].number}R`))
    }
    const qbo = csv(unzip((await run('qbo_csv', each(reversals))).bytes).get('journal-entries.csv')!)
    expect(qbo.reduce((sum, row) => sum + (row.Debits ? cents(row.Debits) : 0) - (row.Credits ? cents(row.Credits) : 0), 0)).toBe(0)
    const xero = unzip((await run('xero_csv', each(reversals))).bytes)
    // The payment's money goes back out of the bank; the expenses' comes back in; the advance and the reserve released go back out,
    // and the factor's clearing account gets back what the purchase took from it (ADR 152).
    expect(csv(xero.get('bank-statement-checking.csv')!).map((row) => row['*Amount'])).toEqual(['-2000.00', '623.50', '-9000.00', '-700.00'])
    expect(csv(xero.get('bank-statement-factor-clearing.csv')!).map((row) => row['*Amount'])).toEqual(['10000.00'])
    expect(csv(xero.get('bills.csv')!).map((row) => row['*UnitAmount'])).toEqual(['-1850.00', '150.00', '-612.34', '-145.50', '-95.00'])
  })

  for (const [format, folder] of [
    ['qbo_csv', 'qbo'],
    ['xero_csv', 'xero'],
  ] as const) {
    it(`writes the expected ${format} CSVs in its ZIP`, async () => {
      const { bytes, files } = await run(format, each(FIXTURE_ENTRIES))
      const unpacked = unzip(bytes)
      const expected = fs.readdirSync(`${FIXTURES}/${folder}`).sort()
      expect([...unpacked.keys()].sort()).toEqual(expected)
      expect(files.map((file) => file.name).sort()).toEqual(expected)
      for (const name of expected) expect(unpacked.get(name)?.toString('utf8'), name).toBe(fs.readFileSync(`${FIXTURES}/${folder}/${name}`, 'utf8'))
    })
  }

  it('keeps names with commas, quotes, tabs and non-Latin letters in the CSVs', async () => {
    const unpacked = unzip((await run('qbo_csv', each(FIXTURE_ENTRIES))).bytes)
    const names = [...csv(unpacked.get('journal-entries.csv')!), ...csv(unpacked.get('bills.csv')!)].map((row) => row.Name ?? row.Vendor)
    expect(new Set(names)).toEqual(
      new Set(['Big "D" Brokerage', 'Pilot Flying J #612', '深圳汽配 Truck Parts', 'الرياض للتمويل', 'Acme Logistics, Inc.', 'Nguyễn Văn Đức']),
    )
  })

  it('balances every QuickBooks Online journal entry and Xero manual journal', async () => {
    const qbo = csv(unzip((await run('qbo_csv', each(FIXTURE_ENTRIES))).bytes).get('journal-entries.csv')!)
    const qboTotals = new Map<string, number>()
    for (const row of qbo)
      qboTotals.set(row.JournalNo, (qboTotals.get(row.JournalNo) ?? 0) + (row.Debits ? cents(row.Debits) : 0) - (row.Credits ? cents(row.Credits) : 0))
    expect([...qboTotals.values()].every((total) => total === 0)).toBe(true)
    const xero = csv(unzip((await run('xero_csv', each(FIXTURE_ENTRIES))).bytes).get('manual-journals.csv')!)
    expect(xero.reduce((sum, row) => sum + cents(row['*Amount']), 0)).toBe(0)
  })
})

describe('accounting file formats: text and names', () => {
  it('writes IIF text in Windows-1252 and escapes what it cannot hold', () => {
    expect([...windows1252('Café – €5')]).toEqual([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x80, 0x35])
    expect(Buffer.from(windows1252('Đ中😀')).toString('latin1')).toBe('\\u0110\\u4E2D\\uD83D\\uDE00')
  })

  it('cuts IIF names to what QuickBooks Desktop holds, never inside a character, and keeps cut names apart', () => {
    const held = (text: string) => Buffer.from(windows1252(text)).length
    // Names that fit are left alone.
    expect(iifName('Acme Logistics, Inc.', IIF_NAME_LIMITS.party)).toBe('Acme Logistics, Inc.')
    const long = 'International Product Development Corporation of Texas'
    const cut = iifName(long, IIF_NAME_LIMITS.party)
    expect([held(cut), cut.startsWith('International Product Development'), /~[0-9A-Z]{5}$/.test(cut)]).toEqual([41, true, true])
    // The same name is cut the same way every time; two names with the same start stay two.
    expect(iifName(long, 41)).toBe(cut)
    const twin = iifName('International Product Development Corporation of Texas Inc', 41)
    expect([twin.slice(0, 35), twin === cut, held(twin)]).toEqual([cut.slice(0, 35), false, 41])
    // An emoji (a surrogate pair) or a letter written as \uXXXX is never split: what is kept is whole.
    const emoji = `${'a'.repeat(28)}😀😀`
    expect(cutIifText(emoji, 30)).toBe('a'.repeat(28))
    expect(cutIifText(emoji, 40)).toBe(`${'a'.repeat(28)}😀`)
    expect([cutIifText('Nguyễn', 9), cutIifText('Nguyễn', 10)]).toEqual(['Nguy', 'Nguyễ'])
    const vietnamese = iifName('Công ty Vận tải Nguyễn Văn Đức', 41)
    expect([held(vietnamese) <= 41, Buffer.from(vietnamese, 'utf8').toString('utf8') === vietnamese, /~[0-9A-Z]{5}$/.test(vietnamese)]).toEqual([
      true,
      true,
      true,
    ])
    // Account and item names: 31 for each level of Parent:Child.
    const account = iifListName('Income From Freight Operations Overall:Linehaul Revenue', IIF_NAME_LIMITS.account)
    expect(account.split(':').map((level) => held(level))).toEqual([31, 'Linehaul Revenue'.length])
    expect(iifListName('Income:Freight', 31)).toBe('Income:Freight')
  })

  it('writes the cut names in the IIF file', async () => {
    const long = { ...FIXTURE_ENTRIES[0], party: { name: 'A'.repeat(60), role: 'customer' as const } }
    const [rows] = iifTransactions((await run('qbd_iif', each([long]))).bytes)
    expect(new Set(rows.map((row) => row[4]))).toEqual(new Set([iifName('A'.repeat(60), 41)]))
    expect(rows[0][4]).toHaveLength(41)
  })

  it('writes a transaction number QuickBooks Desktop holds whole: 11 characters', async () => {
    expect(['INV-000123', 'INV-000123R', 'SCH-000007-1', 'SCH-000007-1R', 'SCH-000007-12'].map(iifDocNumber)).toEqual([
      'INV-000123',
      'INV-000123R',
      'SCH0000071',
      'SCH0000071R',
      'SCH00000712',
    ])
    expect(iifDocNumber('SETTLEMENT-2026-000042')).toBe('T2026000042')
    const release = { ...FIXTURE_ENTRIES[0], number: 'SCH-000007-1' }
    const [rows] = iifTransactions((await run('qbd_iif', each([release]))).bytes)
    expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(['SCH0000071']))
  })

  it('keeps an IIF row whole whatever a name holds', () => {
    expect(iifText('Tab\there\r\nand there')).toBe('Tab here and there')
    expect(iifText('Big "D", Inc.')).toBe('"Big ""D"", Inc."')
    expect(iifText('e\u0301')).toBe('é')
  })

  it('names the file by batch and format', () => {
    expect(accountingFile('qbd_iif', 7)).toEqual({ fileName: 'freightdesk-export-000007.iif', contentType: 'text/plain; charset=windows-1252' })
    expect(accountingFile('xero_csv', 12).fileName).toBe('freightdesk-export-000012.zip')
  })
})

describe('accounting file formats: refusals', () => {
  const unbalanced: AccountingEntry = { ...FIXTURE_ENTRIES[0], totalCents: FIXTURE_ENTRIES[0].totalCents + 1 }

  for (const format of ['qbd_iif', 'qbo_csv', 'xero_csv'] as const) {
    it(`refuses an entry whose lines do not add up (${format}) and leaves no temporary file`, async () => {
      const before = tempLeftovers()
      await expect(run(format, each([FIXTURE_ENTRIES[1], unbalanced]))).rejects.toBeInstanceOf(AccountingEntryError)
      expect(tempLeftovers()).toEqual(before)
    })
  }

  it('takes an expense with no vendor, and refuses a bill with none', async () => {
    const inHouse = { ...FIXTURE_ENTRIES[4], party: null }
    const [check] = iifTransactions((await run('qbd_iif', each([inHouse]))).bytes)
    expect(check.map((row) => row[4])).toEqual(['', '', ''])
    const bills = csv(unzip((await run('xero_csv', each([inHouse]))).bytes).get('bills.csv')!)
    expect(bills.map((row) => row['*ContactName'])).toEqual(['No vendor', 'No vendor'])
    await expect(run('qbo_csv', each([{ ...FIXTURE_ENTRIES[2], party: null }]))).rejects.toThrow(/without a customer or vendor/)
  })

  it('refuses a journal whose debits and credits differ', async () => {
    const journal = FIXTURE_ENTRIES[5]
    const lopsided = { ...journal, lines: journal.lines.map((line, index) => (index === 0 ? { ...line, amountCents: line.amountCents - 1 } : line)) }
    await expect(run('qbd_iif', each([lopsided]))).rejects.toThrow(/debits/)
  })

  it('removes the temporary files when the ZIP cannot be written', async () => {
    const before = tempLeftovers()
    const failing = async () => {
      throw new Error('client went away')
    }
    await expect(writeAccountingFile('xero_csv', each(FIXTURE_ENTRIES), failing)).rejects.toThrow('client went away')
    expect(tempLeftovers()).toEqual(before)
  })
})

describe('accounting file formats: 20,000 entries', () => {
  const COUNT = 20_000
  const fixtureRows = (pick: (entry: AccountingEntry) => number) => {
    let rows = 0
    for (let index = 0; index < COUNT; index += 1) rows += pick(FIXTURE_ENTRIES[index % FIXTURE_ENTRIES.length])
    return rows
  }

  it('writes every IIF transaction, balanced, with its own figures', async () => {
    const { bytes, entryCount } = await run('qbd_iif', manyEntries(COUNT))
    expect(entryCount).toBe(COUNT)
    const entries: AccountingEntry[] = []
    for await (const entry of manyEntries(COUNT)) entries.push(entry)
    checkIif(bytes, entries)
  })

  it('writes every QuickBooks Online row', async () => {
    const { bytes, entryCount, files } = await run('qbo_csv', manyEntries(COUNT))
    expect(entryCount).toBe(COUNT)
    const unpacked = unzip(bytes)
    const expected = {
      'invoices.csv': fixtureRows((entry) => (entry.type === 'invoice' && !entry.reverses ? entry.lines.length : 0)),
      'bills.csv': fixtureRows((entry) => (entry.type === 'bill' ? entry.lines.length : 0)),
      'journal-entries.csv': fixtureRows((entry) =>
        entry.type === 'journal' ? entry.lines.length : entry.type === 'invoice' && !entry.reverses ? 0 : entry.type === 'bill' ? 0 : entry.lines.length + 1,
      ),
    }
    for (const [name, rows] of Object.entries(expected)) {
      expect(csv(unpacked.get(name)!), name).toHaveLength(rows)
      expect(files.find((file) => file.name === name)?.rowCount).toBe(rows)
    }
  })

  it('writes every Xero row', async () => {
    const { bytes, entryCount } = await run('xero_csv', manyEntries(COUNT))
    expect(entryCount).toBe(COUNT)
    const unpacked = unzip(bytes)
    const statements = [...unpacked.keys()].filter((name) => name.startsWith('bank-statement-'))
    const counts = {
      'sales-invoices.csv': fixtureRows((entry) => (entry.type === 'invoice' ? entry.lines.length : 0)),
      'bills.csv': fixtureRows((entry) => (entry.type === 'bill' || entry.type === 'expense' ? entry.lines.length : 0)),
      'manual-journals.csv': fixtureRows((entry) => (entry.type === 'journal' ? entry.lines.length : 0)),
    }
    for (const [name, rows] of Object.entries(counts)) expect(csv(unpacked.get(name)!), name).toHaveLength(rows)
    const statementRows = statements.reduce((sum, name) => sum + csv(unpacked.get(name)!).length, 0)
    expect(statementRows).toBe(
      fixtureRows((entry) => (entry.type === 'payment' || entry.type === 'expense' ? 1 : entry.lines.filter((line) => line.clearingAccount).length)),
    )
    // No manual journal posts to a bank account: its lines go to their clearing account.
    expect(csv(unpacked.get('manual-journals.csv')!).some((row) => row['*AccountCode'] === 'Checking')).toBe(false)
    // Every statement line is its entry's total: money in for payments, out for expenses.
    const journal = csv(unpacked.get('manual-journals.csv')!)
    expect(journal.reduce((sum, row) => sum + cents(row['*Amount']), 0)).toBe(0)
  })
})
