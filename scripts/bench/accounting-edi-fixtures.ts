/**
 * The bench's accounting export batches (ADR 145) and EDI traffic (ADRs 147-148), added to the bench
 * user's organization after the other fixtures: 300 batches, one a day back from now, in the three
 * formats, most ready with their file's size, some queued, running or failed; 3 trading partners
 * (on three of the organization's brokers), 2,000 messages in the log (204s in, 997s and 990s out,
 * a few rejected) and 500 tenders from the 204s, each with two to four stops. The batches' numbers
 * are taken from the organization's counter (`nextAccountingExportNumber`), which is moved past
 * them. What the accounting page, `GET /api/accounting/exports`, the EDI message log and tenders
 * (pages and API) read. Rows are marked by `bench-` ids, so a kept database is seeded once.
 */
import { insert, seedOnce } from './messages-fixtures'

export const ACCOUNTING_EXPORTS = 300
export const EDI_MESSAGES = 2_000
export const EDI_TENDERS = 500
const PARTNERS = 3
type Row = Record<string, unknown>
const pad = (n: number) => String(n).padStart(5, '0')

const FORMATS = ['qbd_iif', 'qbo_csv', 'xero_csv'] as const
const KINDS = ['invoices', 'payments', 'settlements', 'fuel', 'work_orders', 'factoring']
const CITIES = [
  ['Dallas', 'TX', '75201'],
  ['Memphis', 'TN', '38103'],
  ['Atlanta', 'GA', '30303'],
  ['Chicago', 'IL', '60601'],
  ['Denver', 'CO', '80202'],
  ['Phoenix', 'AZ', '85004'],
]

async function organizationOf(client: { query: typeof import('pg').Client.prototype.query }, email: string) {
  const { rows } = await client.query<{ id: string; organizationId: string }>(`SELECT id, "organizationId" FROM "User" WHERE email = $1`, [email])
  if (!rows[0]) throw new Error(`no user ${email} to give accounting exports and EDI`)
  return rows[0]
}

export function seedAccountingExports(url: string, email: string) {
  return seedOnce(url, 'AccountingExport', async (client) => {
    const { id: adminId, organizationId } = await organizationOf(client, email)
    const { rows: counter } = await client.query<{ first: number }>(
      `UPDATE "Organization" SET "nextAccountingExportNumber" = "nextAccountingExportNumber" + $2 WHERE id = $1 RETURNING "nextAccountingExportNumber" - $2 AS first`,
      [organizationId, ACCOUNTING_EXPORTS],
    )
    const first = counter[0].first
    const now = Date.now()
    const rows: Row[] = []
    for (let i = 0; i < ACCOUNTING_EXPORTS; i++) {
      // Newest first by index, distinct instants: app and baseline cannot order ties differently.
      const createdAt = now - (i + 1) * 86_400_000
      const format = FORMATS[i % FORMATS.length]
      const number = first + ACCOUNTING_EXPORTS - 1 - i
      const status = i === 0 ? 'running' : i === 1 ? 'queued' : i % 37 === 5 ? 'failed' : 'ready'
      const recordCount = 40 + ((i * 53) % 900)
      const day = new Date(createdAt).toISOString().slice(0, 10)
      const month = day.slice(0, 7)
      rows.push({
        id: `bench-ax-${pad(i)}`,
        organizationId,
        number,
        format,
        fromDate: `${month}-01`,
        toDate: day,
        kinds: `{${KINDS.slice(0, 2 + (i % 5)).join(',')}}`,
        includeExported: i % 11 === 0,
        recordCount,
        processedCount:
          status === 'ready' ? recordCount : status === 'running' ? Math.floor(recordCount / 2) : status === 'failed' ? Math.floor(recordCount / 3) : 0,
        status,
        error: status === 'failed' ? 'storage unavailable' : null,
        storageKey: status === 'ready' ? `accounting/${organizationId}/bench-ax-${pad(i)}` : null,
        fileName: `freightdesk-export-${String(number).padStart(6, '0')}.${format === 'qbd_iif' ? 'iif' : 'zip'}`,
        contentType: format === 'qbd_iif' ? 'text/plain; charset=windows-1252' : 'application/zip',
        sizeBytes: status === 'ready' ? recordCount * (format === 'qbd_iif' ? 410 : 180) : null,
        createdById: adminId,
        createdAt: new Date(createdAt).toISOString(),
        finishedAt: status === 'ready' || status === 'failed' ? new Date(createdAt + 9_000).toISOString() : null,
      })
    }
    await insert(
      client,
      'AccountingExport',
      {
        id: 'text',
        organizationId: 'text',
        number: 'int',
        format: '"AccountingFormat"',
        fromDate: 'date',
        toDate: 'date',
        kinds: '"AccountingKind"[]',
        includeExported: 'boolean',
        recordCount: 'int',
        processedCount: 'int',
        status: '"AccountingExportStatus"',
        error: 'text',
        storageKey: 'text',
        fileName: 'text',
        contentType: 'text',
        sizeBytes: 'int',
        createdById: 'text',
        createdAt: 'timestamptz',
        finishedAt: 'timestamptz',
      },
      rows,
    )
  })
}

export function seedEdi(url: string, email: string) {
  return seedOnce(url, 'EdiMessage', async (client) => {
    const { organizationId } = await organizationOf(client, email)
    const { rows: brokers } = await client.query<{ id: string; name: string }>(
      `SELECT id, name FROM "Broker" WHERE "organizationId" = $1 ORDER BY name, id LIMIT $2`,
      [organizationId, PARTNERS],
    )
    if (brokers.length < PARTNERS) throw new Error('the bench organization has too few brokers for its EDI partners')
    const now = Date.now()
    const partners = brokers.map((broker, p) => ({
      id: `bench-ep-${p}`,
      organizationId,
      name: `${broker.name} EDI`,
      brokerId: broker.id,
      isaQualifier: 'ZZ',
      isaId: `BENCHPARTNER${p}`,
      gsId: `BENCHGS${p}`,
      ourIsaQualifier: 'ZZ',
      ourIsaId: 'FREIGHTDESK',
      ourGsId: 'FREIGHTDESK',
      transport: 'manual',
      lastControlNumber: EDI_MESSAGES,
      createdAt: new Date(now - 400 * 86_400_000).toISOString(),
      updatedAt: new Date(now - 400 * 86_400_000).toISOString(),
    }))
    await insert(
      client,
      'EdiPartner',
      {
        id: 'text',
        organizationId: 'text',
        name: 'citext',
        brokerId: 'text',
        isaQualifier: 'text',
        isaId: 'citext',
        gsId: 'citext',
        ourIsaQualifier: 'text',
        ourIsaId: 'citext',
        ourGsId: 'citext',
        transport: '"EdiTransport"',
        lastControlNumber: 'int',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      partners,
    )
    const messages: Row[] = []
    const tenders: Row[] = []
    const stops: Row[] = []
    // Every fourth message is a 204 in (the first 500 make the tenders), the next its 997 out.
    for (let i = 0; i < EDI_MESSAGES; i++) {
      const createdAt = now - (i + 1) * 600_000
      const partner = partners[i % PARTNERS]
      const slot = i % 4
      const inbound = slot === 0 || slot === 3
      const type = slot === 0 ? '204' : slot === 1 ? '997' : slot === 2 ? '990' : '214'
      const rejected = slot === 0 && i % 40 === 20
      const control = String(100_000 + i).padStart(9, '0')
      messages.push({
        id: `bench-em-${pad(i)}`,
        organizationId,
        partnerId: partner.id,
        direction: inbound ? 'in' : 'out',
        type,
        status: rejected ? 'rejected' : inbound ? 'acknowledged' : 'sent',
        controlNumber: control,
        groupControlNumber: String(i + 1),
        transactionControlNumber: `${String(i + 1).padStart(4, '0')}`,
        ourControlNumber: inbound ? null : 100_000 + i,
        reason: rejected ? 'se_count' : null,
        reasonParams: rejected ? { expected: 12, found: 11 } : null,
        raw: `ISA*00*          *00*          *ZZ*${partner.isaId}*ZZ*FREIGHTDESK*261204*1200*U*00401*${control}*0*P*>~`,
        sizeBytes: 900 + (i % 400),
        createdAt: new Date(createdAt).toISOString(),
      })
      if (slot === 0 && !rejected && tenders.length < EDI_TENDERS) {
        const t = tenders.length
        const tenderId = `bench-et-${pad(t)}`
        const count = 2 + (t % 3)
        for (let s = 0; s < count; s++) {
          const [city, state, postalCode] = CITIES[(t + s) % CITIES.length]
          const windowStart = createdAt + (s + 1) * 86_400_000
          stops.push({
            id: `bench-es-${pad(t)}-${s}`,
            tenderId,
            sequence: s + 1,
            reason: s === 0 ? 'LD' : s === count - 1 ? 'UL' : 'PL',
            kind: s === 0 ? 'pickup' : s === count - 1 ? 'delivery' : 'other',
            name: `${city} ${s === 0 ? 'Shipper' : 'Receiver'} ${t}`,
            address: `${100 + s} Commerce St`,
            city,
            state,
            postalCode,
            windowStart: new Date(windowStart).toISOString(),
            windowEnd: new Date(windowStart + 4 * 3_600_000).toISOString(),
            weightLb: 20_000 + (t % 20) * 500,
            references: JSON.stringify([{ qualifier: 'PO', value: `PO${t}${s}` }]),
          })
        }
        const status = t % 10 === 0 ? 'accepted' : t % 10 === 1 ? 'declined' : t % 25 === 2 ? 'canceled' : 'pending'
        tenders.push({
          id: tenderId,
          organizationId,
          partnerId: partner.id,
          messageId: `bench-em-${pad(i)}`,
          shipmentId: `SHP${String(700_000 + t)}`,
          purpose: t % 30 === 7 ? 'change' : 'new',
          status,
          respondBy: new Date(createdAt + 7_200_000).toISOString(),
          references: JSON.stringify([{ qualifier: 'BM', value: `BOL${t}` }]),
          weightLb: 20_000 + (t % 20) * 500,
          equipmentType: t % 2 ? 'TL' : 'RT',
          rateCents: 150_000 + (t % 50) * 1_000,
          declineReason: status === 'declined' ? 'No capacity' : null,
          createdAt: new Date(createdAt).toISOString(),
          updatedAt: new Date(createdAt).toISOString(),
          version: status === 'pending' ? 1 : 2,
        })
      }
    }
    await insert(
      client,
      'EdiMessage',
      {
        id: 'text',
        organizationId: 'text',
        partnerId: 'text',
        direction: '"EdiDirection"',
        type: 'text',
        status: '"EdiMessageStatus"',
        controlNumber: 'text',
        groupControlNumber: 'text',
        transactionControlNumber: 'text',
        ourControlNumber: 'int',
        reason: 'text',
        reasonParams: 'jsonb',
        raw: 'text',
        sizeBytes: 'int',
        createdAt: 'timestamptz',
      },
      messages,
    )
    await insert(
      client,
      'EdiTender',
      {
        id: 'text',
        organizationId: 'text',
        partnerId: 'text',
        messageId: 'text',
        shipmentId: 'text',
        purpose: '"EdiTenderPurpose"',
        status: '"EdiTenderStatus"',
        respondBy: 'timestamptz',
        references: 'jsonb',
        weightLb: 'int',
        equipmentType: 'text',
        rateCents: 'int',
        declineReason: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        version: 'int',
      },
      tenders,
    )
    await insert(
      client,
      'EdiTenderStop',
      {
        id: 'text',
        tenderId: 'text',
        sequence: 'int',
        reason: 'text',
        kind: 'text',
        name: 'text',
        address: 'text',
        city: 'text',
        state: 'text',
        postalCode: 'text',
        windowStart: 'timestamptz',
        windowEnd: 'timestamptz',
        weightLb: 'int',
        references: 'jsonb',
      },
      stops,
    )
  })
}
