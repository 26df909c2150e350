/**
 * Lean reads (ADR 081): the lists that read through `readRows` instead of Prisma's query engine.
 * Their rows must be what Prisma would give for the same records (types parsed alike, whatever
 * the server's time zone), their searches match what was typed (`%` and `_` are characters), their
 * sort keys are columns, and a database that cannot answer is still a 503, not a 500.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

import { Prisma } from '~/generated/prisma/client'
import { listSchedules } from '~/models/factoring/factoring.server'
import { folderCounts, listMail, mailboxLabels } from '~/models/mail/mailbox.server'
import { ilikeAny, leanListPage, sortSql } from '~/models/records/records.server'
import { listTrucks } from '~/models/reference/truck.server'
import { listSettlements } from '~/models/settlements/settlement.server'
import { getSessionUser } from '~/models/users/auth.server'
import { listUsers } from '~/models/users/user.server'
import { listWebhookEndpoints, listWebhooks } from '~/models/webhooks/webhook.server'
import { settlementScope } from '~/policies/settlement'
import { ScheduleListQuerySchema } from '~/schemas/factoring'
import { parseListQuery } from '~/schemas/list-query'
import { MailListQuerySchema } from '~/schemas/mail'
import { SettlementListQuerySchema } from '~/schemas/settlement'
import { TruckListQuerySchema } from '~/schemas/truck'
import { UserListQuerySchema } from '~/schemas/user'
import { prisma, readRows } from '~/utils/db.server'
import { isDatabaseUnavailable } from '~/utils/errors.server'

import { createOrg, type Org, unique } from '../helpers'

const query = <T>(schema: Parameters<typeof parseListQuery>[0], params: Record<string, string> = {}) => parseListQuery(schema, new URLSearchParams(params)) as T

const originalTz = process.env.TZ
afterEach(() => {
  process.env.TZ = originalTz
})

/** A settlement of the organization's driver over one week, with a number of its own. */
async function settlement(org: Org, number: string, periodStart: string, status: 'draft' | 'approved' = 'draft') {
  const start = new Date(`${periodStart}T00:00:00Z`)
  return prisma.settlement.create({
    data: {
      organizationId: org.organization.id,
      number,
      driverId: org.users.driver.id,
      periodStart: start,
      periodEnd: new Date(start.getTime() + 6 * 86_400_000),
      status,
      grossCents: 150_000,
      deductionsCents: 2_500,
      netCents: 147_500,
      voidedAt: null,
    },
  })
}

describe('readRows', () => {
  it('parses dates and timestamps as Prisma does, in any time zone of the server', async () => {
    process.env.TZ = 'America/New_York'
    const [row] = await readRows<{ day: Date; stamp: Date; zoned: Date }>(
      Prisma.sql`SELECT CAST('2026-01-02' AS date) AS "day", CAST('2026-01-02 03:04:05.678' AS timestamp) AS "stamp", CAST('2026-01-02 03:04:05.678+00' AS timestamptz) AS "zoned"`,
    )
    expect(row!.day.toISOString()).toBe('2026-01-02T00:00:00.000Z')
    expect(row!.stamp.toISOString()).toBe('2026-01-02T03:04:05.678Z')
    expect(row!.zoned.toISOString()).toBe('2026-01-02T03:04:05.678Z')
  })

  it('gives the same records as Prisma: dates, enums, jsonb, text[], null', async () => {
    process.env.TZ = 'Asia/Tokyo'
    const org = await createOrg()
    const made = await settlement(org, unique('S'), '2026-11-02')
    const mail = await prisma.mailMessage.create({
      data: {
        organizationId: org.organization.id,
        fromEmail: 'ops@broker.test',
        to: [{ name: 'Dispatch', email: 'dispatch@carrier.test' }],
        subject: 'Rate con',
        labels: ['rates', 'acme'],
        attachmentList: [{ id: 'a1', fileName: 'rc.pdf', contentType: 'application/pdf', sizeBytes: 1234 }],
        sentAt: null,
      },
    })
    const hook = await prisma.webhookEndpoint.create({
      data: { organizationId: org.organization.id, url: 'https://hooks.example.test/in', events: ['load.created'], secret: 'whsec_x' },
    })
    const [settlementRow] = await readRows(Prisma.sql`SELECT * FROM "Settlement" WHERE "id" = ${made.id}`)
    const [mailRow] = await readRows(Prisma.sql`SELECT * FROM "MailMessage" WHERE "id" = ${mail.id}`)
    const [hookRow] = await readRows(Prisma.sql`SELECT * FROM "WebhookEndpoint" WHERE "id" = ${hook.id}`)
    expect(settlementRow).toEqual(await prisma.settlement.findUniqueOrThrow({ where: { id: made.id } }))
    expect(mailRow).toEqual(await prisma.mailMessage.findUniqueOrThrow({ where: { id: mail.id } }))
    expect(hookRow).toEqual(await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } }))
  })

  it('reads the signed-in user of a session, and nobody for an unknown one', async () => {
    const org = await createOrg()
    const user = await getSessionUser(org.users.dispatcher.sessionId)
    expect(user).toMatchObject({ id: org.users.dispatcher.id, organizationId: org.organization.id, role: 'dispatcher', emailVerified: false })
    expect(await getSessionUser('c000000000000000000000000')).toBeNull()
  })
})

describe('lean lists', () => {
  it('pages settlements with their driver, filtered, sorted and searched', async () => {
    const org = await createOrg()
    const tag = unique('S').toUpperCase()
    await settlement(org, `${tag}-1`, '2026-10-05', 'approved')
    await settlement(org, `${tag}-2`, '2026-10-12')
    await settlement(org, `${tag}-3`, '2026-10-19')
    const scope = settlementScope({ organizationId: org.organization.id, role: 'admin', id: org.users.admin.id })
    const byNumber = await listSettlements(scope, query(SettlementListQuerySchema, { sort: 'number', dir: 'desc' }))
    expect(byNumber.total).toBe(3)
    expect(byNumber.items.map((row) => row.number)).toEqual([`${tag}-3`, `${tag}-2`, `${tag}-1`])
    expect(byNumber.items[0]!.driver).toEqual({ id: org.users.driver.id, firstName: 'driver', lastName: 'Tester', email: org.users.driver.email })
    // Past the last page: no rows, the total still told.
    const past = await listSettlements(scope, query(SettlementListQuerySchema, { page: '2' }))
    expect(past).toMatchObject({ items: [], total: 3, page: 2, pageSize: 25 })
    // A period that overlaps the second week only; a status; a search in another case.
    const overlapping = await listSettlements(scope, query(SettlementListQuerySchema, { from: '2026-10-13', to: '2026-10-14' }))
    expect(overlapping.items.map((row) => row.number)).toEqual([`${tag}-2`])
    expect((await listSettlements(scope, query(SettlementListQuerySchema, { status: 'approved' }))).items.map((row) => row.number)).toEqual([`${tag}-1`])
    expect((await listSettlements(scope, query(SettlementListQuerySchema, { q: `${tag}-3`.toLowerCase() }))).total).toBe(1)
    // A driver reads their own only, whatever driver they ask for.
    const other = await createOrg()
    const driverScope = settlementScope({ organizationId: org.organization.id, role: 'driver', id: other.users.driver.id })
    expect((await listSettlements(driverScope, query(SettlementListQuerySchema, { driverId: org.users.driver.id }))).total).toBe(0)
  })

  it('matches `%` and `_` as typed, not as patterns', async () => {
    const org = await createOrg()
    await settlement(org, 'S-100', '2026-10-05')
    await settlement(org, 'S_100%', '2026-10-12')
    const scope = settlementScope({ organizationId: org.organization.id, role: 'admin', id: org.users.admin.id })
    for (const q of ['%', '_', 'S_1', '0%']) {
      const found = await listSettlements(scope, query(SettlementListQuerySchema, { q }))
      expect(
        found.items.map((row) => row.number),
        q,
      ).toEqual(['S_100%'])
    }
    expect((await listSchedules(org.organization.id, query(ScheduleListQuerySchema, { q: '%' }))).total).toBe(0)
  })

  it('lists a mailbox folder newest first, by label and search, with each message’s attachments', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute))
    await prisma.mailMessage.createMany({
      data: [
        { organizationId, fromEmail: 'a@broker.test', subject: 'Load 1', labels: ['rates'], createdAt: at(1) },
        { organizationId, fromEmail: 'b@broker.test', subject: 'Load 2', isStarred: true, createdAt: at(2) },
        { organizationId, fromEmail: 'c@broker.test', subject: 'Old', folder: 'trash', trashedFrom: 'inbox', isStarred: true, createdAt: at(3) },
        { organizationId, ownerId: org.users.dispatcher.id, fromEmail: 'd@carrier.test', subject: 'Mine', createdAt: at(4) },
      ],
    })
    const dispatcher = { id: org.users.dispatcher.id, organizationId, role: 'dispatcher' as const }
    const inbox = await listMail(dispatcher, query(MailListQuerySchema, { box: 'shared', folder: 'inbox' }))
    expect(inbox.rows.map((row) => row.subject)).toEqual(['Load 2', 'Load 1'])
    expect(inbox.rows[0]!.attachments).toEqual([])
    const starred = await listMail(dispatcher, query(MailListQuerySchema, { box: 'shared', folder: 'starred' }))
    expect(starred.rows.map((row) => row.subject)).toEqual(['Load 2'])
    expect((await listMail(dispatcher, query(MailListQuerySchema, { box: 'shared', folder: 'inbox', label: 'rates' }))).total).toBe(1)
    expect((await listMail(dispatcher, query(MailListQuerySchema, { box: 'shared', folder: 'all', q: 'LOAD' }))).total).toBe(2)
    const own = await listMail(dispatcher, query(MailListQuerySchema, { box: 'own', folder: 'inbox' }))
    expect(own.rows.map((row) => row.subject)).toEqual(['Mine'])
    // The folder pane: counts and labels of one mailbox, none of a mailbox the role does not read.
    const shared = await folderCounts(dispatcher, 'shared')
    expect([shared.inbox, shared.trash, shared.sent]).toEqual([
      { unread: 2, total: 2 },
      { unread: 1, total: 1 },
      { unread: 0, total: 0 },
    ])
    expect((await folderCounts(dispatcher, 'own')).inbox).toEqual({ unread: 1, total: 1 })
    expect(await mailboxLabels(dispatcher, 'shared')).toEqual(['rates'])
    expect(await mailboxLabels(dispatcher, 'own')).toEqual([])
    const driver = { id: org.users.driver.id, organizationId, role: 'driver' as const }
    expect((await folderCounts(driver, 'shared')).inbox).toEqual({ unread: 0, total: 0 })
  })

  it('the Prisma lists match `%` and `_` as typed too (trucks, users)', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    await prisma.truck.createMany({
      data: [
        { organizationId, unitNumber: 'T-100' },
        { organizationId, unitNumber: 'T_100%' },
      ],
    })
    for (const q of ['%', '_', 'T_1', '0%']) {
      const trucks = await listTrucks(organizationId, query(TruckListQuerySchema, { q }))
      expect(
        trucks.items.map((row) => row.unitNumber),
        q,
      ).toEqual(['T_100%'])
    }
    expect((await listUsers(organizationId, query(UserListQuerySchema, { q: '_' }))).total).toBe(0)
    expect((await listUsers(organizationId, query(UserListQuerySchema, { q: 'DRIVER' }))).total).toBe(1)
  })

  it('lists webhook endpoints with their last delivery', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const endpoint = await prisma.webhookEndpoint.create({
      data: { organizationId, url: 'https://a.example.test/', events: ['load.created'], secret: 'whsec_a' },
    })
    const quiet = await prisma.webhookEndpoint.create({ data: { organizationId, url: 'https://b.example.test/', events: ['load.created'], secret: 'whsec_b' } })
    const delivery = (state: 'failed' | 'delivered', lastStatusCode: number, minute: number) => ({
      id: unique('msg'),
      endpointId: endpoint.id,
      organizationId,
      eventType: 'load.created',
      payload: {},
      state,
      lastStatusCode,
      createdAt: new Date(Date.UTC(2026, 10, 27, 9, minute)),
    })
    await prisma.webhookDelivery.createMany({ data: [delivery('failed', 500, 1), delivery('delivered', 204, 2)] })
    const rows = await listWebhooks(organizationId)
    expect(rows.map((row) => [row.id, row.lastState, row.lastStatusCode])).toEqual([
      [endpoint.id, 'delivered', 204],
      [quiet.id, null, null],
    ])
    expect(rows[0]).not.toHaveProperty('secret')
  })

  it('lists webhook endpoints oldest first, never with their secret', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const first = await prisma.webhookEndpoint.create({ data: { organizationId, url: 'https://a.example.test/', events: ['load.created'], secret: 'whsec_a' } })
    const second = await prisma.webhookEndpoint.create({ data: { organizationId, url: 'https://b.example.test/', events: [], secret: 'whsec_b' } })
    const rows = await listWebhookEndpoints(organizationId)
    expect(rows.map((row) => row.id)).toEqual([first.id, second.id])
    expect(rows[1]!.events).toEqual([])
    expect(rows[0]).not.toHaveProperty('secret')
  })

  it('refuses a sort key that is not a column name, and builds an OR of ILIKEs', () => {
    expect(() => sortSql('s', 'number"; DROP TABLE "Settlement', 'asc')).toThrow(/not a column/)
    expect(sortSql('s', 'number', 'desc').sql).toBe('s."number" DESC, s."id" DESC')
    const search = ilikeAny('50%', [Prisma.sql`a`, Prisma.sql`b`])
    expect(search.text).toBe('(a ILIKE $1 OR b ILIKE $2)')
    expect(search.values).toEqual(['%50\\%%', '%50\\%%'])
  })

  it('answers an empty list with a total of 0', async () => {
    const result = await leanListPage(
      { page: 1, pageSize: 20 },
      {
        columns: Prisma.sql`w.*`,
        from: Prisma.sql`"WebhookEndpoint" w`,
        where: [Prisma.sql`w."organizationId" = ${'nobody'}`],
        orderBy: sortSql('w', 'createdAt', 'asc'),
      },
    )
    expect(result).toEqual({ items: [], total: 0, page: 1, pageSize: 20 })
  })
})

describe('a database that cannot answer', () => {
  it('survives the database ending an idle connection when only lean reads have used the pool', async () => {
    const url = new URL(process.env.DATABASE_URL!)
    url.searchParams.set('application_name', unique('lean'))
    const name = url.searchParams.get('application_name')!
    const shared = process.env.DATABASE_URL
    process.env.DATABASE_URL = url.toString()
    try {
      // A client of its own (one per URL), used by readRows alone: PrismaPg has not listened yet.
      expect(await readRows<{ one: number }>(Prisma.sql`SELECT 1 AS "one"`)).toEqual([{ one: 1 }])
      process.env.DATABASE_URL = shared
      await prisma.$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${name}`
      await vi.waitFor(async () => expect(await prisma.$queryRaw`SELECT pid FROM pg_stat_activity WHERE application_name = ${name}`).toEqual([]))
      process.env.DATABASE_URL = url.toString()
      // The ended connection was dropped, not thrown at the process: the next read gets a new one.
      await vi.waitFor(async () => expect(await readRows<{ one: number }>(Prisma.sql`SELECT 1 AS "one"`)).toEqual([{ one: 1 }]))
    } finally {
      process.env.DATABASE_URL = shared
    }
  })

  it('is unavailable (503) when pg itself reports it, not a bug (500)', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }))).toBe(true)
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect(isDatabaseUnavailable(Object.assign(new Error('not found'), { code: 'P2025' }))).toBe(false)
  })
})
