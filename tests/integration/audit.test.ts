/** The audit page: who changed what and when, for admins only, filtered in the organization's time zone. */
import { describe, expect, it } from 'vitest'
import { createSession } from '~/models/auth.server'
import { listAuditEvents } from '~/models/audit.server'
import { createTruck, deleteTruck, updateTruck } from '~/models/truck.server'
import * as auditPage from '~/routes/dashboard/audit'
import { AuditListQuerySchema } from '~/schemas/audit'
import { parseListQuery } from '~/schemas/list-query'
import { TruckSchema, TruckUpdateSchema } from '~/schemas/truck'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'
import { commitSessionCookie } from '~/requests/session.server'
import { zonedDayStart } from '~/utils/time'
import { actorOf, createOrg } from '../helpers'

const query = (params: Record<string, string> = {}) => parseListQuery(AuditListQuerySchema, new URLSearchParams(params))

describe('zonedDayStart', () => {
  it('finds midnight in the zone, across daylight-saving changes', () => {
    expect(zonedDayStart('2026-03-07', 'America/Chicago').toISOString()).toBe('2026-03-07T06:00:00.000Z')
    expect(zonedDayStart('2026-03-09', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z')
    expect(zonedDayStart('2026-11-02', 'America/Chicago').toISOString()).toBe('2026-11-02T06:00:00.000Z')
    expect(zonedDayStart('2026-11-23', 'Asia/Tokyo').toISOString()).toBe('2026-11-22T15:00:00.000Z')
    expect(zonedDayStart('2026-11-23', 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z')
  })
})

describe('listAuditEvents', () => {
  it('shows each change with its before and after, newest first, and the record by name even once deleted', async () => {
    const org = await createOrg()
    const truck = await createTruck(actorOf(org), TruckSchema.parse({ unitNumber: 'AU-1', status: 'available' }))
    const updated = await updateTruck(
      actorOf(org, 'dispatcher'),
      truck.id,
      TruckUpdateSchema.parse({ unitNumber: 'AU-1', status: 'maintenance', version: truck.version }),
    )
    let { items } = await listAuditEvents(org.organization.id, query())
    expect(items.map((event) => event.action)).toEqual(['update', 'create'])
    expect(items[0]).toMatchObject({
      entity: 'truck',
      entityId: truck.id,
      recordName: 'AU-1',
      recordExists: true,
      user: { id: org.users.dispatcher.id },
      changes: [{ field: 'status', before: 'available', after: 'maintenance' }],
    })

    await deleteTruck(actorOf(org), truck.id, updated.version)
    ;({ items } = await listAuditEvents(org.organization.id, query()))
    expect(items[0]).toMatchObject({ action: 'delete', recordName: 'AU-1', recordExists: false })
  })

  it('filters by record type, record, user, action and days in the organization time zone, and never shows another organization', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'Asia/Tokyo' } })
    const base = { organizationId: org.organization.id, entityId: 'x'.repeat(25), changes: {} }
    await prisma.auditEvent.createMany({
      data: [
        // 23:30 on the 22nd in UTC is 08:30 on the 23rd in Tokyo.
        { ...base, entity: 'truck', action: 'create', userId: org.users.admin.id, at: new Date('2026-11-22T23:30:00Z') },
        { ...base, entity: 'trailer', action: 'update', userId: org.users.dispatcher.id, at: new Date('2026-11-22T14:30:00Z') },
        { ...base, entity: 'truck', action: 'delete', userId: org.users.admin.id, at: new Date('2026-11-24T15:30:00Z') },
        { ...base, organizationId: other.organization.id, entity: 'truck', action: 'create', at: new Date('2026-11-23T01:00:00Z') },
      ],
    })
    const ids = async (params: Record<string, string>) =>
      (await listAuditEvents(org.organization.id, query(params))).items.map((event) => `${event.entity}:${event.action}`)
    expect(await ids({})).toEqual(['truck:delete', 'truck:create', 'trailer:update'])
    expect(await ids({ from: '2026-11-23', to: '2026-11-23' })).toEqual(['truck:create'])
    expect(await ids({ to: '2026-11-22' })).toEqual(['trailer:update'])
    expect(await ids({ from: '2026-11-25' })).toEqual(['truck:delete'])
    expect(await ids({ entity: 'truck' })).toEqual(['truck:delete', 'truck:create'])
    expect(await ids({ userId: org.users.dispatcher.id })).toEqual(['trailer:update'])
    expect(await ids({ action: 'create' })).toEqual(['truck:create'])
    expect(await ids({ entityId: 'y'.repeat(25) })).toEqual([])
    // Bad filter values fall back to "no filter" rather than failing the page.
    expect(await ids({ entity: 'nonsense', from: '2026-02-30' })).toHaveLength(3)
    expect((await listAuditEvents(org.organization.id, query())).timeZone).toBe('Asia/Tokyo')
  })
})

describe('/dashboard/audit', () => {
  it('opens for admins only', async () => {
    const org = await createOrg()
    const expected: Array<[Role, number]> = [
      ['admin', 200],
      ['dispatcher', 403],
      ['accountant', 403],
      ['driver', 403],
      ['viewer', 403],
    ]
    for (const [role, status] of expected) {
      const session = await createSession(org.users[role].id, 'web')
      const request = new Request('http://localhost/dashboard/audit', { headers: { Cookie: (await commitSessionCookie(session.id)).split(';')[0] } })
      let got: number
      try {
        const result = await auditPage.loader({ request, params: {}, context: {} } as never)
        got = result instanceof Response ? result.status : 200
      } catch (thrown) {
        got = thrown instanceof Response ? thrown.status : ((thrown as { init?: { status?: number } }).init?.status ?? 500)
      }
      expect([role, got]).toEqual([role, status])
    }
  })
})
