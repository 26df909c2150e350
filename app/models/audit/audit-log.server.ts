/** The audit trail's reader: the audit page's rows with their records' current names. */
import type { Prisma } from '~/generated/prisma/client'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { paging } from '~/models/records/records.server'
import type { AuditListQuery } from '~/schemas/audit'
import type { AuditEntity } from '~/schemas/audit-options'
import { formatQuoteNumber } from '~/schemas/quote-options'
import { prisma } from '~/utils/db.server'
import { nextDay, zonedDayStart } from '~/utils/time'

const userSelect = { select: { id: true, firstName: true, lastName: true, email: true } } as const

/**
 * Names for the records on one page of events (`T-0101`, `ACME Logistics`): looked up in one query
 * per entity. A deleted record keeps the name its delete event recorded.
 */
const RECORD_NAMES: Partial<Record<AuditEntity, (organizationId: string, ids: string[]) => Promise<Array<{ id: string; name: string }>>>> = {
  truck: async (organizationId, ids) =>
    (await prisma.truck.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, unitNumber: true } })).map((row) => ({
      id: row.id,
      name: row.unitNumber,
    })),
  trailer: async (organizationId, ids) =>
    (await prisma.trailer.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, unitNumber: true } })).map((row) => ({
      id: row.id,
      name: row.unitNumber,
    })),
  // The organization's own record: only ever the caller's.
  organization: async (organizationId, ids) =>
    ids.includes(organizationId) ? prisma.organization.findMany({ where: { id: organizationId }, select: { id: true, name: true } }) : [],
  broker: async (organizationId, ids) => prisma.broker.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, name: true } }),
  company: async (organizationId, ids) => prisma.company.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, name: true } }),
  user: async (organizationId, ids) =>
    (await prisma.user.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, firstName: true, lastName: true } })).map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}`.trim(),
    })),
  customField: async (organizationId, ids) =>
    (await prisma.customFieldDefinition.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, label: true } })).map((row) => ({
      id: row.id,
      name: row.label,
    })),
  load: async (organizationId, ids) =>
    (await prisma.load.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, loadNumber: true } })).map((row) => ({
      id: row.id,
      name: row.loadNumber,
    })),
  apiKey: async (organizationId, ids) => prisma.apiKey.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, name: true } }),
  invoice: async (organizationId, ids) =>
    (await prisma.invoice.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, invoiceNumber: true } })).map((row) => ({
      id: row.id,
      name: row.invoiceNumber,
    })),
  product: async (organizationId, ids) =>
    (await prisma.product.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, name: true } })).map((row) => ({
      id: row.id,
      name: row.name,
    })),
  webhook: async (organizationId, ids) =>
    (await prisma.webhookEndpoint.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, url: true } })).map((row) => ({
      id: row.id,
      name: row.url,
    })),
  post: async (organizationId, ids) =>
    prisma.post
      .findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, title: true } })
      .then((rows) => rows.map((row) => ({ id: row.id, name: row.title }))),
  storeOrder: async (organizationId, ids) =>
    (await prisma.storeOrder.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, orderNumber: true } })).map((row) => ({
      id: row.id,
      name: row.orderNumber,
    })),
  settlement: async (organizationId, ids) =>
    (await prisma.settlement.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, number: true } })).map((row) => ({
      id: row.id,
      name: row.number,
    })),
  // A schedule of accounts by its number (the agreement's entries carry the organization's id: no name).
  factoring: async (organizationId, ids) =>
    (await prisma.factoringSchedule.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, number: true } })).map((row) => ({
      id: row.id,
      name: row.number,
    })),
  calendarEvent: async (organizationId, ids) =>
    (await prisma.calendarEvent.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, title: true } })).map((row) => ({
      id: row.id,
      name: row.title,
    })),
  quoteRequest: async (organizationId, ids) =>
    (await prisma.quoteRequest.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true, number: true } })).map((row) => ({
      id: row.id,
      name: formatQuoteNumber(row.number),
    })),
}

/** A name a create or delete event recorded (`unitNumber`, `name`, `email` …). */
function recordedName(changes: Record<string, { before: unknown; after: unknown }>) {
  for (const field of ['unitNumber', 'loadNumber', 'invoiceNumber', 'number', 'name', 'title', 'label', 'email', 'key']) {
    const value = changes[field]?.before ?? changes[field]?.after
    if (typeof value === 'string' && value) return value
  }
  return null
}

/** The organization's audit trail, newest first, filtered as the page's URL says. */
export async function listAuditEvents(organizationId: string, query: AuditListQuery) {
  const timeZone = await organizationTimeZone(organizationId)
  const where: Prisma.AuditEventWhereInput = {
    organizationId,
    ...(query.entity ? { entity: query.entity } : {}),
    ...(query.entityId ? { entityId: query.entityId } : {}),
    ...(query.userId ? { userId: query.userId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.from || query.to
      ? {
          at: {
            ...(query.from ? { gte: zonedDayStart(query.from, timeZone) } : {}),
            ...(query.to ? { lt: zonedDayStart(nextDay(query.to), timeZone) } : {}),
          },
        }
      : {}),
  }
  const [total, rows] = await Promise.all([
    prisma.auditEvent.count({ where }),
    prisma.auditEvent.findMany({ where, include: { user: userSelect }, orderBy: [{ at: query.dir }, { id: query.dir }], ...paging(query) }),
  ])
  const names = new Map<string, string>()
  const idsByEntity = new Map<AuditEntity, string[]>()
  for (const row of rows) {
    const entity = row.entity as AuditEntity
    if (RECORD_NAMES[entity]) idsByEntity.set(entity, [...(idsByEntity.get(entity) ?? []), row.entityId])
  }
  await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      for (const record of await RECORD_NAMES[entity]!(organizationId, [...new Set(ids)])) names.set(`${entity}:${record.id}`, record.name)
    }),
  )
  const items = rows.map((row) => {
    const changes = (row.changes ?? {}) as Record<string, { before: unknown; after: unknown }>
    const live = names.get(`${row.entity}:${row.entityId}`)
    return {
      id: row.id,
      at: row.at.toISOString(),
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      recordName: live ?? recordedName(changes),
      recordExists: live !== undefined,
      user: row.user ? { id: row.user.id, name: `${row.user.firstName} ${row.user.lastName}`.trim(), email: row.user.email } : null,
      ip: row.ip,
      changes: Object.entries(changes).map(([field, change]) => ({ field, before: change.before, after: change.after })),
    }
  })
  return { items, total, page: query.page, pageSize: query.pageSize, timeZone }
}

/** The people who appear in an organization's trail, for the page's user filter. */
export function listAuditUsers(organizationId: string) {
  return prisma.user.findMany({
    where: { organizationId },
    select: { id: true, firstName: true, lastName: true },
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
  })
}
