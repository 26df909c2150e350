/**
 * The bench's factoring schedules and webhook endpoints, added to the bench
 * user's organization after the seed: 150 schedules of accounts (every status, 1–4 of the
 * organization's invoices each, none live so no invoice's rules change) and the most endpoints an
 * organization may have (MAX_WEBHOOK_ENDPOINTS), some switched off, each with a few deliveries.
 * One multi-row INSERT per table in one transaction; rows are marked by their `bench-` ids, so a
 * kept database (--keep-data) is seeded once.
 */
import pg from 'pg'

import { WEBHOOK_EVENTS } from '../../app/schemas/webhook-options'
import { insert, seedOnce } from './messages-fixtures'

export const SCHEDULES = 150
export const WEBHOOKS = 20
const STATUSES = ['open', 'sent', 'purchased', 'void'] as const
type Row = Record<string, unknown>
const pad = (n: number) => String(n).padStart(4, '0')

async function benchOrganization(client: pg.ClientBase, email: string) {
  const { rows } = await client.query<{ id: string; organizationId: string }>(`SELECT id, "organizationId" FROM "User" WHERE email = $1`, [email])
  if (!rows[0]) throw new Error(`no user ${email} to give schedules and webhooks`)
  return rows[0]
}

/** 150 schedules of accounts of the bench organization; seeded once (their `bench-` ids). */
export function seedSchedules(url: string, email: string) {
  return seedOnce(url, 'FactoringSchedule', async (client) => {
    const admin = await benchOrganization(client, email)
    const { rows: invoices } = await client.query<{ id: string; invoiceNumber: string; totalCents: number }>(
      `SELECT id, "invoiceNumber", "totalCents" FROM "Invoice" WHERE "organizationId" = $1 ORDER BY "invoiceNumber" LIMIT 400`,
      [admin.organizationId],
    )
    if (!invoices.length) throw new Error('the bench organization needs invoices for its schedules')
    const base = Date.now() - SCHEDULES * 3_600_000 - 86_400_000
    const at = (ms: number) => new Date(base + ms).toISOString()
    const schedules: Row[] = []
    const items: Row[] = []
    for (let i = 0; i < SCHEDULES; i++) {
      const status = STATUSES[i % STATUSES.length]
      const created = i * 3_600_000 + 11
      let total = 0
      let advance = 0
      let fee = 0
      for (let k = 0; k < 1 + (i % 4); k++) {
        const invoice = invoices[(i * 3 + k) % invoices.length]
        const amount = Math.max(100, invoice.totalCents)
        const lineAdvance = Math.round((amount * 9000) / 10_000)
        const lineFee = Math.round((amount * 300) / 10_000)
        total += amount
        advance += lineAdvance
        fee += lineFee
        items.push({
          id: `bench-fsi-${pad(i)}-${k}`,
          scheduleId: `bench-fs-${pad(i)}`,
          invoiceId: invoice.id,
          invoiceNumber: invoice.invoiceNumber,
          amountCents: amount,
          advanceCents: lineAdvance,
          feeCents: lineFee,
          reserveCents: amount - lineAdvance - lineFee,
          sortOrder: k,
        })
      }
      schedules.push({
        id: `bench-fs-${pad(i)}`,
        organizationId: admin.organizationId,
        number: `SCH-B${pad(i)}`,
        status,
        factorName: 'Bench Capital Factoring',
        factorEmail: i % 5 === 0 ? null : 'schedules@bench-factor.example',
        advanceBasisPoints: 9000,
        feeBasisPoints: 300,
        totalCents: total,
        advanceCents: advance,
        feeCents: fee,
        reserveCents: total - advance - fee,
        reserveReleasedCents: status === 'purchased' && i % 3 === 0 ? total - advance - fee : 0,
        reserveReleasedAt: status === 'purchased' && i % 3 === 0 ? at(created + 20 * 86_400_000).slice(0, 10) : null,
        purchasedAt: status === 'purchased' ? at(created + 2 * 86_400_000).slice(0, 10) : null,
        sentAt: status === 'open' ? null : at(created + 60_000),
        emailStatus: status === 'open' ? null : 'sent',
        emailedAt: status === 'open' ? null : at(created + 90_000),
        voidedAt: status === 'void' ? at(created + 86_400_000) : null,
        createdById: admin.id,
        createdAt: at(created),
        updatedAt: at(created + 86_400_000),
      })
    }
    await insert(
      client,
      'FactoringSchedule',
      {
        id: 'text',
        organizationId: 'text',
        number: 'text',
        status: '"FactoringScheduleStatus"',
        factorName: 'text',
        factorEmail: 'text',
        advanceBasisPoints: 'int',
        feeBasisPoints: 'int',
        totalCents: 'int',
        advanceCents: 'int',
        feeCents: 'int',
        reserveCents: 'int',
        reserveReleasedCents: 'int',
        reserveReleasedAt: 'date',
        purchasedAt: 'date',
        sentAt: 'timestamptz',
        emailStatus: '"InvoiceEmailStatus"',
        emailedAt: 'timestamptz',
        voidedAt: 'timestamptz',
        createdById: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      schedules,
    )
    await insert(
      client,
      'FactoringScheduleItem',
      {
        id: 'text',
        scheduleId: 'text',
        invoiceId: 'text',
        invoiceNumber: 'text',
        amountCents: 'int',
        advanceCents: 'int',
        feeCents: 'int',
        reserveCents: 'int',
        sortOrder: 'int',
      },
      items,
    )
  })
}

/** The bench organization's webhook endpoints, as many as it may have, each with deliveries; seeded once. */
export function seedWebhooks(url: string, email: string) {
  return seedOnce(url, 'WebhookEndpoint', async (client) => {
    const admin = await benchOrganization(client, email)
    const base = Date.now() - WEBHOOKS * 86_400_000
    const at = (ms: number) => new Date(base + ms).toISOString()
    const endpoints: Row[] = []
    const deliveries: Row[] = []
    for (let i = 0; i < WEBHOOKS; i++) {
      const created = i * 86_400_000 + 13
      const off = i % 7 === 6
      endpoints.push({
        id: `bench-wh-${pad(i)}`,
        organizationId: admin.organizationId,
        url: `https://hooks${i}.bench.example/freightdesk/${i}`,
        description: i % 3 === 0 ? null : `Bench receiver ${i}`,
        events: `{${WEBHOOK_EVENTS.filter((_, k) => (i + k) % 3 !== 0).join(',')}}`,
        secret: 'whsec_YmVuY2hzZWNyZXRiZW5jaHNlY3JldGJlbmNo',
        active: !off,
        disabledReason: off && i % 2 === 0 ? 'failing' : null,
        failingSince: off ? at(created + 3_600_000) : null,
        createdById: admin.id,
        createdAt: at(created),
        updatedAt: at(created + 60_000),
      })
      for (let k = 0; k < 5; k++) {
        deliveries.push({
          id: `msg_bench${pad(i)}${k}`,
          endpointId: `bench-wh-${pad(i)}`,
          organizationId: admin.organizationId,
          eventType: WEBHOOK_EVENTS[(i + k) % WEBHOOK_EVENTS.length],
          payload: { type: WEBHOOK_EVENTS[(i + k) % WEBHOOK_EVENTS.length], data: { id: `bench-${i}-${k}` } },
          state: k === 4 && off ? 'failed' : 'delivered',
          attempts: 1,
          lastStatusCode: k === 4 && off ? 500 : 200,
          durationMs: 40 + k,
          createdAt: at(created + (k + 1) * 3_600_000),
          updatedAt: at(created + (k + 1) * 3_600_000),
        })
      }
    }
    await insert(
      client,
      'WebhookEndpoint',
      {
        id: 'text',
        organizationId: 'text',
        url: 'text',
        description: 'text',
        events: 'text[]',
        secret: 'text',
        active: 'boolean',
        disabledReason: 'text',
        failingSince: 'timestamptz',
        createdById: 'text',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      endpoints,
    )
    await insert(
      client,
      'WebhookDelivery',
      {
        id: 'text',
        endpointId: 'text',
        organizationId: 'text',
        eventType: 'text',
        payload: 'jsonb',
        state: '"WebhookDeliveryState"',
        attempts: 'int',
        lastStatusCode: 'int',
        durationMs: 'int',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
      },
      deliveries,
    )
  })
}
