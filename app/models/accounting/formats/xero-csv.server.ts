/**
 * Xero's CSV imports (ADR 144), a ZIP of one CSV per importer the batch needs, with the column
 * names of Xero's own templates (asterisks included): `sales-invoices.csv` (Sales → Import;
 * a reversal is a credit note: Xero imports "invoices with negative amounts" as credit notes),
 * `bills.csv` (Purchases → Import; settlements, and expenses too: Xero imports no spend money),
 * `manual-journals.csv` (factoring journals; positive amounts debit; a line on a bank account, the
 * advance's, the factor's or a reserve release's, posts to its clearing account instead, ADR 151, 152), and one
 * `bank-statement-<account>.csv` per bank account (Import a Statement) with the money that moved:
 * payments received, to reconcile against the invoices named in Reference, and expenses paid, to
 * reconcile against their bills (Xero has no payment importer and refuses manual journals on bank
 * accounts). Dates "dd mmm yyyy", amounts 0.00.
 */
import type { AccountingEntry, AccountingLine } from '../entry'
import { cleanText, type CsvRow, decimalAmount, entryMemo, exactQuantity, postings, reversalNumber, xeroDate } from './common.server'

const ADDRESS = [
  'EmailAddress',
  'POAddressLine1',
  'POAddressLine2',
  'POAddressLine3',
  'POAddressLine4',
  'POCity',
  'PORegion',
  'POPostalCode',
  'POCountry',
] as const
const TRACKING = ['TrackingName1', 'TrackingOption1', 'TrackingName2', 'TrackingOption2'] as const

export const XERO_SALES_INVOICE_COLUMNS = [
  '*ContactName',
  ...ADDRESS,
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  '*Description',
  '*Quantity',
  '*UnitAmount',
  'Discount',
  '*AccountCode',
  '*TaxType',
  ...TRACKING,
  'Currency',
  'BrandingTheme',
] as const
export const XERO_BILL_COLUMNS = [
  '*ContactName',
  ...ADDRESS,
  '*InvoiceNumber',
  '*InvoiceDate',
  '*DueDate',
  'InventoryItemCode',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  ...TRACKING,
  'Currency',
] as const
export const XERO_JOURNAL_COLUMNS = ['*Narration', '*Date', 'Description', '*AccountCode', '*TaxRate', '*Amount', ...TRACKING] as const
export const XERO_BANK_STATEMENT_COLUMNS = ['*Date', '*Amount', 'Payee', 'Description', 'Reference'] as const

/** The tax rate Xero's importers require on every line: a US carrier's freight is not taxed ("Tax Exempt"); the settings may name another. */
export const XERO_DEFAULT_TAX_RATE = 'Tax Exempt'

const blanks = (count: number) => Array.from({ length: count }, () => '')

/** Quantity and unit amount of a line as Xero multiplies them, with the sign the document needs (`flip` −1: a credit note). */
function quantityAndUnit(line: AccountingLine, flip: number) {
  const cents = flip * line.amountCents
  const exact = exactQuantity(line)
  return exact ? [exact.quantity, `${cents < 0 ? '-' : ''}${exact.unitPrice}`] : ['1', decimalAmount(cents)]
}

/**
 * The file a bank account's statement lines go to: `bank-statement-<account>.csv`, the account's
 * name in plain letters; a second account with the same plain name gets `-2`, and so on.
 */
export class BankStatementNames {
  private names = new Map<string, string>()
  private used = new Set<string>()

  nameOf(account: string) {
    let name = this.names.get(account)
    if (name) return name
    const plain =
      cleanText(account)
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 60) || 'account'
    name = `bank-statement-${plain}.csv`
    for (let suffix = 2; this.used.has(name); suffix += 1) name = `bank-statement-${plain}-${suffix}.csv`
    this.names.set(account, name)
    this.used.add(name)
    return name
  }
}

/** The contact of an expense with no vendor (a work order done in-house): Xero's bills require one. */
export const XERO_NO_VENDOR = 'No vendor'

/** The rows of one entry, each with the CSV it belongs to (`bankNames` names the statement files across the batch). */
export function xeroRows(entry: AccountingEntry, bankNames: BankStatementNames, taxRate = XERO_DEFAULT_TAX_RATE): CsvRow[] {
  const name = entry.party?.name ?? (entry.type === 'expense' ? XERO_NO_VENDOR : '')
  const date = xeroDate(entry.date)
  const dueDate = xeroDate(entry.dueDate ?? entry.date)
  const number = reversalNumber(entry)
  const flip = entry.reverses ? -1 : 1
  const description = (line: AccountingLine) => line.description || line.item || line.account
  const bankLine = (cents: number, reference: string): CsvRow => ({
    file: bankNames.nameOf(entry.counterAccount ?? ''),
    header: XERO_BANK_STATEMENT_COLUMNS,
    cells: [date, decimalAmount(cents), name, entryMemo(entry), reference],
  })
  switch (entry.type) {
    case 'invoice':
      return entry.lines.map((line) => ({
        file: 'sales-invoices.csv',
        header: XERO_SALES_INVOICE_COLUMNS,
        cells: [
          name,
          ...blanks(ADDRESS.length),
          number,
          entryMemo(entry),
          date,
          dueDate,
          line.item ?? '',
          description(line),
          ...quantityAndUnit(line, flip),
          '',
          line.account,
          taxRate,
          ...blanks(TRACKING.length),
          '',
          '',
        ],
      }))
    case 'bill':
    case 'expense': {
      const bill = entry.lines.map((line) => ({
        file: 'bills.csv',
        header: XERO_BILL_COLUMNS,
        cells: [
          name,
          ...blanks(ADDRESS.length),
          number,
          date,
          entry.type === 'bill' ? dueDate : date,
          line.item ?? '',
          description(line),
          ...quantityAndUnit(line, flip),
          line.account,
          taxRate,
          ...blanks(TRACKING.length),
          '',
        ],
      }))
      // An expense was paid at once: the money leaving the bank (coming back, for a reversal) is a statement line to reconcile against its bill.
      return entry.type === 'expense' ? [...bill, bankLine(-flip * entry.totalCents, number)] : bill
    }
    case 'payment':
      return [bankLine(flip * entry.totalCents, entry.applied.map((invoice) => invoice.number).join(' ') || number)]
    case 'journal': {
      // Xero groups rows into one journal by narration and date: the number keeps each entry its own.
      const narration = [number, entryMemo(entry)].filter(Boolean).join(' ')
      const rows: CsvRow[] = []
      const statement: CsvRow[] = []
      for (const posting of postings(entry)) {
        // Xero refuses manual journals on bank accounts: the journal posts to the clearing account,
        // and the money is a statement line on the bank, to code to that account (ADR 151).
        const clearing = posting.line?.clearingAccount
        rows.push({
          file: 'manual-journals.csv',
          header: XERO_JOURNAL_COLUMNS,
          cells: [narration, date, posting.description, clearing ?? posting.account, taxRate, decimalAmount(posting.cents), ...blanks(TRACKING.length)],
        })
        if (clearing)
          statement.push({
            file: bankNames.nameOf(posting.account),
            header: XERO_BANK_STATEMENT_COLUMNS,
            cells: [date, decimalAmount(posting.cents), name, entryMemo(entry), number],
          })
      }
      return [...rows, ...statement]
    }
  }
}
