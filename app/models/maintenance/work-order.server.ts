/**
 * Work orders (49 CFR 396.3; ADR 132), shared by the pages under /dashboard/work-orders and
 * /api/work-orders: a repair, preventive service or annual inspection of one unit, with lines of
 * parts and labor and the drivers' defects it repairs. Parts from the company store's products take
 * their stock in the order's own transaction (never below zero); completing the order certifies its
 * defects repaired, marks its preventive schedules done and, for an annual inspection, moves the
 * unit's next inspection a year on. The rules are app/policies/work-order.ts.
 */
import type { Prisma } from '~/generated/prisma/client'
import { assertBooksOpen } from '~/models/accounting/period-lock.server'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import {
  assertActorMay,
  assertId,
  assertReferences,
  listPage,
  lockForUpdate,
  nextNumber,
  ownReference,
  requireFound,
  throwRefusal,
} from '~/models/records/records.server'
import { unitServiceNotice } from '~/models/reference/unit-service.server'
import { CLOCK_SKEW_MS, ODOMETER_TOLERANCE_MILES } from '~/policies/inspection'
import type { UnitKind } from '~/policies/unit-service'
import { workOrderRefusal } from '~/policies/work-order'
import type { WorkOrderCompleteInput, WorkOrderInput, WorkOrderListQuery, WorkOrderRecord, WorkOrderUpdate } from '~/schemas/work-order'
import { formatWorkOrderNumber, type WorkOrderStatus } from '~/schemas/work-order-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { decimalUnits, lineTotalCents, MAX_DOCUMENT_CENTS, SCALE } from '~/utils/money'
import { zonedInstant, zonedWallClock } from '~/utils/time'

import { markSchedulesDone } from './maintenance-schedule.server'
import { latestOdometer } from './unit-odometer.server'

const NOT_FOUND = 'workOrders.errors.notFound'

const include = {
  truck: { select: { id: true, unitNumber: true } },
  trailer: { select: { id: true, unitNumber: true } },
  lines: { orderBy: { position: 'asc' }, include: { product: { select: { id: true, name: true, sku: true } } } },
  defects: {
    orderBy: { id: 'asc' },
    select: { id: true, item: true, note: true, outOfService: true, certifiedAt: true, inspectionId: true, inspection: { select: { inspectedAt: true } } },
  },
  completedBy: { select: { id: true, firstName: true, lastName: true } },
  schedules: { orderBy: { scheduleId: 'asc' }, select: { scheduleId: true, schedule: { select: { task: true } } } },
} satisfies Prisma.WorkOrderInclude
export type WorkOrderRow = Prisma.WorkOrderGetPayload<{ include: typeof include }>

type Unit = { truckId: string | null; trailerId: string | null }
const unitOf = (input: { truckId?: string; trailerId?: string }): Unit => ({ truckId: input.truckId || null, trailerId: input.trailerId || null })

function fieldError(field: string, key: string, params?: Record<string, unknown>): never {
  throw new DomainError('validation_failed', params ? key : 'validation.failed', { params, fields: { [field]: [key] } })
}

/** Each line's total (quantity × unit cost, rounded once) and the order's, which must fit a document. */
function pricedLines(lines: WorkOrderInput['lines']) {
  const priced = lines.map((line, position) => {
    const quantityMilli = decimalUnits(line.quantity, SCALE.milli)
    return {
      position,
      kind: line.kind,
      description: line.description,
      quantityMilli,
      unitCostCents: line.unitCostCents,
      totalCents: lineTotalCents(quantityMilli, line.unitCostCents),
      productId: line.productId || null,
    }
  })
  const totalCents = priced.reduce((sum, line) => sum + line.totalCents, 0)
  if (totalCents > MAX_DOCUMENT_CENTS) fieldError('lines', 'validation.money.documentTooLarge')
  return { priced, totalCents }
}

/** Whole items of each product the lines take. */
function partsByProduct(lines: ReadonlyArray<{ productId: string | null; quantityMilli: number }>) {
  const parts = new Map<string, number>()
  for (const line of lines) if (line.productId) parts.set(line.productId, (parts.get(line.productId) ?? 0) + line.quantityMilli / 1000)
  return parts
}

/** The products the lines name are the organization's, else a field error at the first line naming one that is not. */
async function assertProducts(tx: Tx, organizationId: string, lines: ReadonlyArray<{ productId: string | null }>) {
  const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))]
  if (!ids.length) return
  const found = new Set((await tx.product.findMany({ where: { organizationId, id: { in: ids } }, select: { id: true } })).map((product) => product.id))
  const bad = lines.findIndex((line) => line.productId && !found.has(line.productId))
  if (bad >= 0) fieldError(`lines[${bad}].productId`, 'workOrders.errors.product')
}

/**
 * Moves the store's stock by the difference between the parts an order held and the parts it holds
 * now: taken by a conditional UPDATE (`stock >= n`, so two orders at once never take the last item
 * twice, and the database's CHECK holds the floor too), given back unconditionally; in product id
 * order, so two orders never deadlock. Short of stock: a field error at the line, nothing written.
 */
async function moveStock(
  tx: Tx,
  organizationId: string,
  before: Map<string, number>,
  after: Map<string, number>,
  lines: ReadonlyArray<{ productId: string | null }>,
) {
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort()
  for (const productId of ids) {
    const take = (after.get(productId) ?? 0) - (before.get(productId) ?? 0)
    if (take > 0) {
      const taken = await tx.$executeRaw`
        UPDATE "Product" SET "stock" = "stock" - ${take}, "version" = "version" + 1, "updatedAt" = now()
        WHERE "id" = ${productId} AND "organizationId" = ${organizationId} AND "stock" >= ${take}`
      if (taken !== 1) {
        const product = await tx.product.findFirst({ where: { id: productId, organizationId }, select: { name: true, stock: true } })
        const index = lines.findIndex((line) => line.productId === productId)
        fieldError(`lines[${Math.max(index, 0)}].quantity`, 'workOrders.errors.outOfStock', { name: product?.name ?? '', stock: product?.stock ?? 0 })
      }
    } else if (take < 0) {
      await tx.$executeRaw`
        UPDATE "Product" SET "stock" = "stock" + ${-take}, "version" = "version" + 1, "updatedAt" = now()
        WHERE "id" = ${productId} AND "organizationId" = ${organizationId}`
    }
  }
}

/**
 * The defects an order repairs: each from a report of the order's unit (the truck, or the trailer a
 * report names), not yet certified, and not on another order that still holds it. A field error at
 * `defectIds` otherwise.
 */
async function assertDefects(tx: Tx, organizationId: string, unit: Unit, defectIds: readonly string[], orderId: string | null) {
  if (!defectIds.length) return
  const defects = await tx.inspectionDefect.findMany({
    where: { id: { in: [...defectIds] }, inspection: { organizationId } },
    select: { id: true, certifiedAt: true, workOrderId: true, inspection: { select: { truckId: true, trailerId: true } } },
  })
  const ok = defects.filter(
    (defect) =>
      (unit.truckId ? defect.inspection.truckId === unit.truckId : defect.inspection.trailerId === unit.trailerId) &&
      defect.certifiedAt === null &&
      (defect.workOrderId === null || defect.workOrderId === orderId),
  )
  if (ok.length !== defectIds.length) fieldError('defectIds', 'workOrders.errors.defect')
}

/** The preventive schedules an order carries out are the organization's, of the order's unit; else a field error at `scheduleIds`. */
async function assertSchedules(tx: Tx, organizationId: string, unit: Unit, scheduleIds: readonly string[]) {
  if (!scheduleIds.length) return
  const found = await tx.maintenanceSchedule.count({
    where: { id: { in: [...scheduleIds] }, organizationId, truckId: unit.truckId, trailerId: unit.trailerId },
  })
  if (found !== scheduleIds.length) fieldError('scheduleIds', 'workOrders.errors.schedule')
}

async function assertUnit(tx: Tx, organizationId: string, unit: Unit) {
  await assertReferences(tx, [
    ownReference(organizationId, 'truck', 'truckId', unit.truckId, 'workOrders.errors.truck'),
    ownReference(organizationId, 'trailer', 'trailerId', unit.trailerId, 'workOrders.errors.trailer'),
  ])
}

/** Opens an order: its number, its lines and their parts taken from stock, its defects linked; audited. */
export async function createWorkOrder(actor: Actor, input: WorkOrderInput): Promise<WorkOrderRow> {
  assertActorMay(actor, 'create', 'workOrder')
  const { organizationId } = actor
  const unit = unitOf(input)
  const { priced, totalCents } = pricedLines(input.lines)
  return prisma.$transaction(async (tx) => {
    await assertUnit(tx, organizationId, unit)
    await assertProducts(tx, organizationId, priced)
    await assertDefects(tx, organizationId, unit, input.defectIds, null)
    await assertSchedules(tx, organizationId, unit, input.scheduleIds)
    await moveStock(tx, organizationId, new Map(), partsByProduct(priced), priced)
    const number = formatWorkOrderNumber(await nextNumber(tx, organizationId, 'nextWorkOrderNumber'))
    const order = await tx.workOrder.create({
      data: {
        organizationId,
        number,
        ...unit,
        kind: input.kind,
        description: input.description,
        odometer: input.odometer ?? null,
        totalCents,
        createdById: actor.userId,
        lines: { create: priced },
        schedules: { create: input.scheduleIds.map((scheduleId) => ({ scheduleId })) },
      },
    })
    if (input.defectIds.length) await tx.inspectionDefect.updateMany({ where: { id: { in: input.defectIds } }, data: { workOrderId: order.id } })
    await recordAudit(tx, actor, {
      entity: 'workOrder',
      entityId: order.id,
      action: 'create',
      after: { number, ...unit, kind: input.kind, totalCents, lines: priced.length, defectIds: input.defectIds, scheduleIds: input.scheduleIds },
    })
    return requireFound(await tx.workOrder.findFirst({ where: { id: order.id }, include }), NOT_FOUND)
  })
}

async function lockOrder(tx: Tx, organizationId: string, id: string, version: number | undefined) {
  return lockForUpdate(tx, { table: 'WorkOrder', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
    tx.workOrder.findFirst({ where: { id, organizationId }, include }),
  )
}

/**
 * Edits an open or in-progress order at the version read (409): its lines are replaced (the store's
 * stock moves by the difference), its defects relinked; audited.
 */
export async function updateWorkOrder(actor: Actor, id: string, input: WorkOrderUpdate): Promise<WorkOrderRow> {
  assertActorMay(actor, 'update', 'workOrder')
  const { organizationId } = actor
  const unit = unitOf(input)
  const { priced, totalCents } = pricedLines(input.lines)
  return prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, organizationId, id, input.version)
    throwRefusal(workOrderRefusal('edit', order))
    await assertUnit(tx, organizationId, unit)
    await assertProducts(tx, organizationId, priced)
    await assertDefects(tx, organizationId, unit, input.defectIds, id)
    await assertSchedules(tx, organizationId, unit, input.scheduleIds)
    await moveStock(tx, organizationId, partsByProduct(order.lines), partsByProduct(priced), priced)
    await tx.workOrderLine.deleteMany({ where: { workOrderId: id } })
    await tx.workOrderSchedule.deleteMany({ where: { workOrderId: id } })
    await tx.inspectionDefect.updateMany({ where: { workOrderId: id, id: { notIn: input.defectIds } }, data: { workOrderId: null } })
    if (input.defectIds.length) await tx.inspectionDefect.updateMany({ where: { id: { in: input.defectIds } }, data: { workOrderId: id } })
    const updated = await tx.workOrder.update({
      where: { id },
      data: {
        ...unit,
        kind: input.kind,
        description: input.description,
        odometer: input.odometer ?? null,
        totalCents,
        lines: { create: priced },
        schedules: { create: input.scheduleIds.map((scheduleId) => ({ scheduleId })) },
        version: { increment: 1 },
      },
      include,
    })
    await recordAudit(tx, actor, {
      entity: 'workOrder',
      entityId: id,
      action: 'update',
      before: {
        ...unitOf({ truckId: order.truckId ?? undefined, trailerId: order.trailerId ?? undefined }),
        totalCents: order.totalCents,
        lines: order.lines.length,
      },
      after: { ...unit, totalCents, lines: priced.length, defectIds: input.defectIds, scheduleIds: input.scheduleIds },
    })
    return updated
  })
}

async function moveStatus(
  actor: Actor,
  id: string,
  version: number | undefined,
  to: WorkOrderStatus,
  write?: (tx: Tx, order: WorkOrderRow) => Promise<object>,
) {
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, organizationId, id, version)
    throwRefusal(workOrderRefusal(to === 'in_progress' ? 'start' : to === 'completed' ? 'complete' : 'cancel', order))
    const data = write ? await write(tx, order) : {}
    const moved = await tx.workOrder.update({ where: { id }, data: { status: to, ...data, version: { increment: 1 } }, include })
    await recordAudit(tx, actor, { entity: 'workOrder', entityId: id, action: 'status', before: { status: order.status }, after: { status: to, ...data } })
    return moved
  })
}

/** The shop starts the work: open → in progress. */
export async function startWorkOrder(actor: Actor, id: string, input: { version?: number }) {
  assertActorMay(actor, 'update', 'workOrder')
  return moveStatus(actor, id, input.version, 'in_progress')
}

/** Canceled before it was completed: its parts go back to stock and its defects to the open list. */
export async function cancelWorkOrder(actor: Actor, id: string, input: { version?: number }, now = new Date()) {
  assertActorMay(actor, 'update', 'workOrder')
  return moveStatus(actor, id, input.version, 'canceled', async (tx, order) => {
    await moveStock(tx, actor.organizationId, partsByProduct(order.lines), new Map(), [])
    await tx.inspectionDefect.updateMany({ where: { workOrderId: id }, data: { workOrderId: null } })
    return { canceledAt: now }
  })
}

/** The same day a year on (29 February → 28 February). */
function aYearOn(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const next = new Date(Date.UTC(year + 1, month - 1, date))
  if (next.getUTCDate() !== date) next.setUTCDate(0)
  return next
}

/**
 * Completes the order at the version read (409): when (not in the future beyond a clock's skew) and
 * the odometer then (not below the truck's latest reading less the tolerance). Its defects are
 * certified repaired, by the completer, naming the order (396.11(a)(3)); an annual inspection moves
 * the unit's next inspection to a year after the completion day (396.17). Audited.
 */
export async function completeWorkOrder(actor: Actor, id: string, input: WorkOrderCompleteInput, now = new Date()) {
  assertActorMay(actor, 'update', 'workOrder')
  const { organizationId } = actor
  const timeZone = await organizationTimeZone(organizationId)
  const completedAt = zonedInstant(input.completedAt, timeZone)
  if (completedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) fieldError('completedAt', 'workOrders.errors.future')
  return moveStatus(actor, id, input.version, 'completed', async (tx, order) => {
    // An order becomes an expense on the day it is completed (ADR 146): never on a day of closed books.
    await assertBooksOpen(tx, organizationId, [zonedWallClock(completedAt, timeZone).slice(0, 10)])
    if (order.truckId) {
      const latest = await latestOdometer(tx, order.truckId)
      if (latest !== null && input.odometer < latest - ODOMETER_TOLERANCE_MILES)
        throw new DomainError('validation_failed', 'workOrders.errors.odometerBackwards', {
          params: { latest },
          fields: { odometer: ['workOrders.errors.odometerBackwards'] },
        })
    }
    await tx.inspectionDefect.updateMany({
      where: { workOrderId: id, certifiedAt: null },
      data: { certifiedAt: completedAt, certifiedById: actor.userId, repaired: true, certificationNote: order.number },
    })
    // Its preventive schedules start again from this service (a trailer's by days only: it has no odometer).
    await markSchedulesDone(
      tx,
      organizationId,
      order.schedules.map((link) => link.scheduleId),
      { truckId: order.truckId, trailerId: order.trailerId },
      { doneAt: completedAt, odometer: order.truckId ? input.odometer : null },
    )
    if (order.kind === 'annual_inspection') {
      const inspectionDue = aYearOn(zonedWallClock(completedAt, timeZone).slice(0, 10))
      if (order.truckId) await tx.truck.update({ where: { id: order.truckId }, data: { inspectionDue, version: { increment: 1 } } })
      else if (order.trailerId) await tx.trailer.update({ where: { id: order.trailerId }, data: { inspectionDue, version: { increment: 1 } } })
    }
    return { completedAt, completedById: actor.userId, odometer: input.odometer }
  })
}

/** Deletes an order opened by mistake (open, nothing started) at the version read: its parts go back, its defects are freed. */
export async function deleteWorkOrder(actor: Actor, id: string, version: number | undefined) {
  assertActorMay(actor, 'delete', 'workOrder')
  const { organizationId } = actor
  await prisma.$transaction(async (tx) => {
    const order = await lockOrder(tx, organizationId, id, version)
    throwRefusal(workOrderRefusal('delete', order))
    await moveStock(tx, organizationId, partsByProduct(order.lines), new Map(), [])
    await tx.inspectionDefect.updateMany({ where: { workOrderId: id }, data: { workOrderId: null } })
    await tx.workOrder.delete({ where: { id } })
    await recordAudit(tx, actor, { entity: 'workOrder', entityId: id, action: 'delete', before: { number: order.number, totalCents: order.totalCents } })
  })
}

/**
 * What a list of orders reads: the API's record (serializeWorkOrder) and no more. The full include's
 * products, inspections, completer and schedule tasks are four more statements per page that no list
 * shows (the bench: GET /api/work-orders).
 */
const listInclude = {
  truck: { select: { id: true, unitNumber: true } },
  trailer: { select: { id: true, unitNumber: true } },
  lines: { orderBy: { position: 'asc' } },
  defects: { orderBy: { id: 'asc' }, select: { id: true } },
  schedules: { orderBy: { scheduleId: 'asc' }, select: { scheduleId: true } },
} satisfies Prisma.WorkOrderInclude
export type WorkOrderListRow = Prisma.WorkOrderGetPayload<{ include: typeof listInclude }>

function listWhere(organizationId: string, query: WorkOrderListQuery): Prisma.WorkOrderWhereInput {
  return { organizationId, truckId: query.truckId || undefined, trailerId: query.trailerId || undefined, status: query.status, kind: query.kind }
}

const listOrder = (query: WorkOrderListQuery): Prisma.WorkOrderOrderByWithRelationInput[] => [{ [query.sort]: query.dir }, { id: query.dir }]

/** One page of the organization's orders as the API answers them, newest first by default: by unit, status and kind. */
export async function listWorkOrders(organizationId: string, query: WorkOrderListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.workOrder.count({ where }),
    // The lines and defects (to-many) by their own queries: a JSON aggregate per row costs more (ADR 066).
    (window) => prisma.workOrder.findMany({ where, include: listInclude, relationLoadStrategy: 'query', orderBy: listOrder(query), ...window }),
  )
}

/**
 * The same page for the list page's table: the columns it shows and the unit's number (to-one,
 * joined in the same statement), without the lines, defects and schedules the API answers.
 */
export async function listWorkOrderTable(organizationId: string, query: WorkOrderListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.workOrder.count({ where }),
    (window) =>
      prisma.workOrder.findMany({
        where,
        select: {
          id: true,
          version: true,
          number: true,
          kind: true,
          status: true,
          description: true,
          totalCents: true,
          createdAt: true,
          completedAt: true,
          truck: { select: { unitNumber: true } },
          trailer: { select: { unitNumber: true } },
        },
        relationLoadStrategy: 'join',
        orderBy: listOrder(query),
        ...window,
      }),
  )
}

/** One order of the organization, or 404. */
export async function getWorkOrder(organizationId: string, id: string): Promise<WorkOrderRow> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.workOrder.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

/** A select of more units or products than this is unusable. */
const OPTIONS_MAX = 300

/**
 * What the editor offers: the organization's units, its store's products (with their stock), and
 * the defects no order holds yet (uncertified), each with its unit, to tick.
 */
export async function workOrderFormOptions(organizationId: string, orderId?: string) {
  const [trucks, trailers, products, defects, schedules] = await Promise.all([
    prisma.truck.findMany({ where: { organizationId }, select: { id: true, unitNumber: true }, orderBy: { unitNumber: 'asc' }, take: OPTIONS_MAX }),
    prisma.trailer.findMany({ where: { organizationId }, select: { id: true, unitNumber: true }, orderBy: { unitNumber: 'asc' }, take: OPTIONS_MAX }),
    prisma.product.findMany({
      where: { organizationId, status: 'active' },
      select: { id: true, name: true, sku: true, stock: true, priceCents: true },
      orderBy: { name: 'asc' },
      take: OPTIONS_MAX,
    }),
    prisma.inspectionDefect.findMany({
      where: { certifiedAt: null, inspection: { organizationId }, OR: [{ workOrderId: null }, ...(orderId ? [{ workOrderId: orderId }] : [])] },
      select: {
        id: true,
        item: true,
        note: true,
        outOfService: true,
        inspection: {
          select: { id: true, inspectedAt: true, truck: { select: { id: true, unitNumber: true } }, trailer: { select: { id: true, unitNumber: true } } },
        },
      },
      orderBy: [{ inspection: { inspectedAt: 'desc' } }, { id: 'asc' }],
      take: OPTIONS_MAX,
    }),
    prisma.maintenanceSchedule.findMany({
      where: { organizationId },
      select: { id: true, task: true, truckId: true, trailerId: true, truck: { select: { unitNumber: true } }, trailer: { select: { unitNumber: true } } },
      orderBy: [{ task: 'asc' }, { id: 'asc' }],
      take: OPTIONS_MAX,
    }),
  ])
  return { trucks, trailers, products, defects, schedules }
}

/**
 * A unit's maintenance on its page (396.3): whether it may go on a load on `day` (else the refusal's
 * key and parameters) and its latest work orders, newest first.
 */
export async function unitMaintenance(
  organizationId: string,
  kind: UnitKind,
  unit: { id: string; unitNumber: string; inspectionDue: Date | null },
  day: string,
) {
  const [notice, orders] = await Promise.all([
    unitServiceNotice(organizationId, kind, unit, day),
    prisma.workOrder.findMany({
      where: { organizationId, ...(kind === 'truck' ? { truckId: unit.id } : { trailerId: unit.id }) },
      select: { id: true, number: true, kind: true, status: true, totalCents: true, completedAt: true, createdAt: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 10,
    }),
  ])
  return {
    notice,
    orders: orders.map((order) => ({ ...order, completedAt: order.completedAt?.toISOString() ?? null, createdAt: order.createdAt.toISOString() })),
  }
}

/** The API shape (WorkOrderRecordSchema, the OpenAPI's `WorkOrder`). */
export function serializeWorkOrder(order: WorkOrderListRow): WorkOrderRecord {
  return {
    id: order.id,
    organizationId: order.organizationId,
    number: order.number,
    truckId: order.truckId,
    truck: order.truck,
    trailerId: order.trailerId,
    trailer: order.trailer,
    kind: order.kind,
    status: order.status,
    description: order.description,
    odometer: order.odometer,
    lines: order.lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      description: line.description,
      quantity: line.quantityMilli / 1000,
      unitCostCents: line.unitCostCents,
      totalCents: line.totalCents,
      productId: line.productId,
    })),
    defectIds: order.defects.map((defect) => defect.id),
    scheduleIds: order.schedules.map((link) => link.scheduleId),
    totalCents: order.totalCents,
    completedAt: order.completedAt?.toISOString() ?? null,
    completedById: order.completedById,
    canceledAt: order.canceledAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    version: order.version,
  }
}
