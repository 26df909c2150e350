/**
 * The accounting export's file writers (issue 42): entries in, the format's bytes out, streamed.
 * PLACEHOLDER until the format writers land: a plain CSV of the entries' lines, so the export's
 * batches, pages and API can be built beside the writers. Replaced by the IIF, QuickBooks Online
 * and Xero writers; their signatures stay these.
 */
import type { AccountingFormat } from '~/schemas/accounting-options'

import type { AccountingEntry } from '../entry'

export type AccountingFile = {
  /** `freightdesk-export-000007.iif`, or `.zip` for the CSV formats (one CSV per importer). */
  fileName: string
  contentType: string
}

/** The file's name and type for a batch of this format. */
export function accountingFile(format: AccountingFormat, batchNumber: number): AccountingFile {
  const stem = `freightdesk-export-${String(batchNumber).padStart(6, '0')}`
  return format === 'qbd_iif'
    ? { fileName: `${stem}.iif`, contentType: 'text/plain; charset=utf-8' }
    : { fileName: `${stem}.zip`, contentType: 'application/zip' }
}

/**
 * Writes the entries in the format to `write` as they come (20,000 entries never sit in memory at
 * once: the caller reads them in pages). For the CSV formats the output is a ZIP of one CSV per
 * importer the entries need. Resolves when everything is written.
 */
export async function writeAccountingFile(
  format: AccountingFormat,
  entries: AsyncIterable<AccountingEntry>,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<{ entryCount: number }> {
  const encoder = new TextEncoder()
  let entryCount = 0
  await write(encoder.encode(`format,type,number,date,account,amount\n`))
  for await (const entry of entries) {
    entryCount += 1
    for (const line of entry.lines) await write(encoder.encode(`${format},${entry.type},${entry.number},${entry.date},"${line.account}",${line.amountCents}\n`))
  }
  return { entryCount }
}
