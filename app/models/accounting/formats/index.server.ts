/**
 * The accounting export's file writers (ADR 144): entries in, the format's bytes out,
 * streamed. QuickBooks Desktop gets one IIF file (./iif.server.ts); QuickBooks Online
 * (./qbo-csv.server.ts) and Xero (./xero-csv.server.ts) a ZIP of one CSV per importer the batch
 * needs. An entry a file cannot carry as it is (lines that do not add up) fails the export with an
 * AccountingEntryError rather than write a wrong transaction.
 */
import type { AccountingFormat } from '~/schemas/accounting-options'

import type { AccountingEntry } from '../entry'
import { writeCsvZip, type WriteOptions } from './common.server'
import { writeIif } from './iif.server'
import { qboRows } from './qbo-csv.server'
import { BankStatementNames, XERO_DEFAULT_TAX_RATE, xeroRows } from './xero-csv.server'

export type AccountingFile = {
  /** `freightdesk-export-000007.iif`, or `.zip` for the CSV formats (one CSV per importer). */
  fileName: string
  contentType: string
}

/** The file's name and type for a batch of this format. */
export function accountingFile(format: AccountingFormat, batchNumber: number): AccountingFile {
  const stem = `freightdesk-export-${String(batchNumber).padStart(6, '0')}`
  // IIF is Windows-1252, the code page QuickBooks Desktop reads (ADR 144).
  return format === 'qbd_iif'
    ? { fileName: `${stem}.iif`, contentType: 'text/plain; charset=windows-1252' }
    : { fileName: `${stem}.zip`, contentType: 'application/zip' }
}

export type AccountingFileOptions = WriteOptions & {
  /** Xero's tax rate name for every line (default "Tax Exempt"). */
  xeroTaxRate?: string
}

/**
 * Writes the entries in the format to `write` as they come (20,000 entries never sit in memory at
 * once: the caller reads them in pages; the ZIP formats spool each CSV to a temporary file). For
 * the CSV formats the output is a ZIP of one CSV per importer the entries need, listed in `files`
 * with their data rows. Resolves when everything is written.
 */
export async function writeAccountingFile(
  format: AccountingFormat,
  entries: AsyncIterable<AccountingEntry>,
  write: (chunk: Uint8Array) => Promise<void>,
  options: AccountingFileOptions = {},
): Promise<{ entryCount: number; files: Array<{ name: string; rowCount: number }> }> {
  switch (format) {
    case 'qbd_iif':
      return writeIif(entries, write, options.onProgress)
    case 'qbo_csv':
      return writeCsvZip(entries, write, qboRows, options)
    case 'xero_csv': {
      const bankNames = new BankStatementNames()
      return writeCsvZip(entries, write, (entry) => xeroRows(entry, bankNames, options.xeroTaxRate ?? XERO_DEFAULT_TAX_RATE), options)
    }
  }
}
