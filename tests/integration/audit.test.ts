/** The audit page: who changed what and when, for admins only, filtered in the organization's time zone. */
import { describe, expect, it } from 'vitest'

import { listAuditEvents } from '~/models/audit/audit-log.server'
import { createInvoice } from '~/models/invoices/invoice.server'
import { createTruck, deleteTruck, updateTruck } from '~/models/reference/truck.server'
import * as auditPage from '~/routes/dashboard/audit'
import { AuditListQuerySchema } from '~/schemas/audit'
import { InvoiceSchema } from '~/schemas/invoice'
import { parseListQuery } from '~/schemas/list-query'
import { TruckSchema, TruckUpdateSchema } from '~/schemas/truck'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'
import { zonedDayStart } from '~/utils/time'

import { actorOf, createOrg, unique } from '../helpers'
import { callPage, type Handler } from '../page-helpers'

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
      const { status: got } = await callPage(auditPage.loader as Handler, '/dashboard/audit', org.users[role].id)
      expect([role, got]).toEqual([role, status])
    }
  })

  it('names an invoice by its number and puts its fields and values in words: money, statuses, counts', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker'), billingEmail: 'ap@broker.test' } })
    const invoice = await createInvoice(
      actorOf(org, 'accountant'),
      InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'Detention', unitPriceCents: 125_000 }] }),
    )
    const truck = await createTruck(actorOf(org), TruckSchema.parse({ unitNumber: 'AU-2', status: 'available' }))
    await updateTruck(actorOf(org), truck.id, TruckUpdateSchema.parse({ unitNumber: 'AU-2', status: 'out_of_service', version: truck.version }))

    const page = await callPage(auditPage.loader as Handler, '/dashboard/audit', org.users.admin.id)
    type Change = { field: string; label: string; before: { text: string; raw: boolean } | null; after: { text: string; raw: boolean } | null }
    const items = (page.data as { items: Array<{ entity: string; action: string; recordName: string | null; changes: Change[] }> }).items
    const created = items.find((event) => event.entity === 'invoice' && event.action === 'create')!
    expect(created.recordName).toBe(invoice.invoiceNumber)
    const change = (field: string) => created.changes.find((candidate) => candidate.field === field)
    expect(change('totalCents')).toMatchObject({ label: 'Total', before: null, after: { text: '$1,250.00', raw: false } })
    expect(change('invoiceNumber')).toMatchObject({ label: 'Invoice', after: { text: invoice.invoiceNumber, raw: true } })
    const status = items.find((event) => event.entity === 'truck' && event.action === 'update')!.changes[0]
    expect(status).toMatchObject({ label: 'Status', before: { text: 'Available', raw: false }, after: { text: 'Out of service', raw: false } })

    // In French, the same events in French words and money.
    const french = await callPage(auditPage.loader as Handler, '/dashboard/audit', org.users.admin.id, {}, { headers: { 'Accept-Language': 'fr' } })
    const frenchItems = (french.data as { items: Array<{ entity: string; action: string; changes: Change[] }> }).items
    const total = frenchItems
      .find((event) => event.entity === 'invoice' && event.action === 'create')!
      .changes.find((candidate) => candidate.field === 'totalCents')!
    expect(total.label).toBe('Total')
    expect(total.after?.text.replace(/\s/g, ' ')).toBe('1 250,00 $US')
  })
})
