/**
 * QuickBooks Online's CSV imports (ADR 144), a ZIP of one CSV per importer the batch needs:
 * `invoices.csv` (Import data → Invoices: one row per line, the importer's own column names),
 * `bills.csv` (Import data → Bills: one row per account line) and `journal-entries.csv` (Import
 * data → Journal entries) for everything QuickBooks Online has no importer of its own for:
 * payments received (debit the bank, credit A/R naming the customer), expenses (debit the
 * expense lines, credit the bank or card), factoring journals, and every reversal (QuickBooks
 * Online imports neither credit memos nor vendor credits): the original's postings, signs
 * flipped. Dates MM/DD/YYYY, amounts 0.00.
 */
import type { AccountingEntry } from '../entry'
import { type CsvRow, decimalAmount, entryMemo, exactQuantity, postings, reversalNumber, usDate } from './common.server'

/** The invoice importer's sample file's names, its asterisks (required columns) included, so the import maps them by itself (ADR 152). */
export const QBO_INVOICE_COLUMNS = [
  '*InvoiceNo',
  '*Customer',
  '*InvoiceDate',
  '*DueDate',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  '*ItemAmount',
] as const
export const QBO_BILL_COLUMNS = ['Bill No', 'Vendor', 'Bill Date', 'Due Date', 'Memo', 'Account', 'Line Description', 'Line Amount'] as const
export const QBO_JOURNAL_COLUMNS = ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name'] as const

/** The rows of one entry, each with the CSV it belongs to. */
export function qboRows(entry: AccountingEntry): CsvRow[] {
  const name = entry.party?.name ?? ''
  const date = usDate(entry.date)
  if (entry.type === 'invoice' && !entry.reverses)
    return entry.lines.map((line) => {
      const exact = exactQuantity(line)
      return {
        file: 'invoices.csv',
        header: QBO_INVOICE_COLUMNS,
        cells: [
          entry.number,
          name,
          date,
          usDate(entry.dueDate ?? entry.date),
          entry.memo,
          line.item ?? '',
          line.description,
          exact?.quantity ?? '',
          exact?.unitPrice ?? '',
          decimalAmount(line.amountCents),
        ],
      }
    })
  if (entry.type === 'bill' && !entry.reverses)
    return entry.lines.map((line) => ({
      file: 'bills.csv',
      header: QBO_BILL_COLUMNS,
      cells: [entry.number, name, date, usDate(entry.dueDate ?? entry.date), entry.memo, line.account, line.description, decimalAmount(line.amountCents)],
    }))
  return postings(entry).map((posting) => ({
    file: 'journal-entries.csv',
    header: QBO_JOURNAL_COLUMNS,
    cells: [
      reversalNumber(entry),
      date,
      posting.account,
      posting.cents >= 0 ? decimalAmount(posting.cents) : '',
      posting.cents < 0 ? decimalAmount(-posting.cents) : '',
      posting.line ? posting.description : entryMemo(entry),
      name,
    ],
  }))
}
