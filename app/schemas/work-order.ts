/**
 * A work order (ADR 132): one schema for `POST/PUT /api/work-orders` and, through
 * `workOrderFromForm`, for the editor at /dashboard/work-orders/new and …/:id/edit (the form types
 * a line's unit cost in dollars; the API sends cents). The unit is a truck or a trailer, never both.
 */
import { z } from 'zod'

import { hasAtMostDecimals, SCALE } from '~/utils/money'

import { instant } from './api-record'
import { dateTime, requiredText, withVersion } from './fields'
import { odometer } from './fuel-purchase'
import { enumFilter, idFilter, listQuery } from './list-query'
import { cents, requiredDollars } from './money-fields'
import { idText, requiredId } from './text'
import { VersionSchema } from './version'
import {
  MAX_WORK_ORDER_DEFECTS,
  MAX_WORK_ORDER_LINES,
  MAX_WORK_ORDER_SCHEDULES,
  WORK_ORDER_DESCRIPTION_MAX,
  WORK_ORDER_KINDS,
  WORK_ORDER_LINE_KINDS,
  WORK_ORDER_SORTS,
  WORK_ORDER_STATUSES,
} from './work-order-options'

/** Hours or pieces: positive, at most three decimals, at most 10,000. */
function quantity() {
  return z
    .number({ error: 'validation.number' })
    .positive('validation.tooSmall')
    .max(10_000, 'validation.tooLarge')
    .refine((value) => hasAtMostDecimals(value, SCALE.milli), 'workOrders.errors.quantityDecimals')
}

const lineFields = {
  kind: z.enum(WORK_ORDER_LINE_KINDS, { error: 'validation.choice' }),
  description: requiredText(200),
  quantity: quantity(),
  productId: idText().optional(),
}

type LineShape = { kind: string; quantity: number; productId?: string }

/** A product's part is a whole number of items (the store counts whole items); labor names no product. */
function lineRules(line: LineShape, ctx: z.RefinementCtx) {
  if (!line.productId) return
  if (line.kind !== 'part') ctx.addIssue({ code: 'custom', path: ['productId'], message: 'workOrders.errors.productOnLabor' })
  else if (!Number.isInteger(line.quantity)) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'workOrders.errors.wholeParts' })
}

const ApiLine = z.object({ ...lineFields, unitCostCents: cents('amount') }).superRefine(lineRules)
const FormLine = z.object({ ...lineFields, unitCost: requiredDollars('workOrders.errors.unitCost', 'amount') }).superRefine(lineRules)

const defectIds = () =>
  z
    .array(requiredId(), { error: 'validation.choice' })
    .max(MAX_WORK_ORDER_DEFECTS, 'workOrders.errors.tooManyDefects')
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'workOrders.errors.duplicateDefect')

const scheduleIds = () =>
  z
    .array(requiredId(), { error: 'validation.choice' })
    .max(MAX_WORK_ORDER_SCHEDULES, 'workOrders.errors.tooManySchedules')
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, 'workOrders.errors.duplicateSchedule')

function fields<Line extends z.ZodType>(line: Line) {
  return z.object({
    truckId: idText().optional(),
    trailerId: idText().optional(),
    kind: z.enum(WORK_ORDER_KINDS, { error: 'validation.choice' }),
    description: requiredText(WORK_ORDER_DESCRIPTION_MAX),
    odometer: odometer().optional(),
    lines: z.array(line, { error: 'validation.choice' }).max(MAX_WORK_ORDER_LINES, 'workOrders.errors.tooManyLines').default([]),
    defectIds: defectIds(),
    /** The preventive schedules it carries out (ADR 133): completing the order marks them done. */
    scheduleIds: scheduleIds(),
  })
}

/** One unit: a truck or a trailer (the database holds it too). */
function unitRule(order: { truckId?: string; trailerId?: string }, ctx: z.RefinementCtx) {
  if (!order.truckId && !order.trailerId) ctx.addIssue({ code: 'custom', path: ['truckId'], message: 'workOrders.errors.unitRequired' })
  if (order.truckId && order.trailerId) ctx.addIssue({ code: 'custom', path: ['trailerId'], message: 'workOrders.errors.oneUnit' })
}

export const WorkOrderSchema = fields(ApiLine).superRefine(unitRule)
export type WorkOrderInput = z.infer<typeof WorkOrderSchema>
export const WorkOrderUpdateSchema = withVersion(fields(ApiLine)).superRefine(unitRule)
export type WorkOrderUpdate = z.infer<typeof WorkOrderUpdateSchema>

/** The editor's form: the same fields, a line's unit cost in dollars as typed. */
export const WorkOrderFormSchema = fields(FormLine).superRefine(unitRule)
export const WorkOrderFormUpdateSchema = withVersion(fields(FormLine)).superRefine(unitRule)

/** The model's input from the editor's values: each line's unit cost, already in cents, under its API name. */
export function workOrderFromForm<T extends { lines: Array<z.output<typeof FormLine>> }>(
  form: T,
): Omit<T, 'lines'> & { lines: Array<z.output<typeof ApiLine>> } {
  return { ...form, lines: form.lines.map(({ unitCost, ...line }) => ({ ...line, unitCostCents: unitCost })) }
}

/** `POST …/{id}/complete`: when, and the odometer read then (the unit's, for its schedules and history). */
export const WorkOrderCompleteSchema = z.object({
  completedAt: dateTime(),
  odometer: odometer(),
  version: VersionSchema.optional(),
})
export type WorkOrderCompleteInput = z.infer<typeof WorkOrderCompleteSchema>

/** The list's query: unit, status, kind; newest first. Bad values fall back. */
export const WorkOrderListQuerySchema = listQuery({
  sorts: WORK_ORDER_SORTS,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { truckId: idFilter(), trailerId: idFilter(), status: enumFilter(WORK_ORDER_STATUSES), kind: enumFilter(WORK_ORDER_KINDS) },
})
export type WorkOrderListQuery = z.infer<typeof WorkOrderListQuerySchema>

const unit = () => z.object({ id: z.string(), unitNumber: z.string() }).nullable()

/** A work order as the API answers it (serializeWorkOrder): the OpenAPI's `WorkOrder`. */
export const WorkOrderRecordSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  number: z.string(),
  truckId: z.string().nullable(),
  truck: unit(),
  trailerId: z.string().nullable(),
  trailer: unit(),
  kind: z.enum(WORK_ORDER_KINDS),
  status: z.enum(WORK_ORDER_STATUSES),
  description: z.string(),
  odometer: z.number().int().nullable(),
  lines: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(WORK_ORDER_LINE_KINDS),
      description: z.string(),
      quantity: z.number(),
      unitCostCents: z.number().int(),
      totalCents: z.number().int(),
      productId: z.string().nullable(),
    }),
  ),
  defectIds: z.array(z.string()),
  scheduleIds: z.array(z.string()),
  totalCents: z.number().int(),
  completedAt: instant().nullable(),
  completedById: z.string().nullable(),
  canceledAt: instant().nullable(),
  createdAt: instant(),
  updatedAt: instant(),
  version: z.number().int(),
})
export type WorkOrderRecord = z.infer<typeof WorkOrderRecordSchema>

/** Start, cancel: the version the client saw. */
export const WorkOrderActionSchema = z.object({ version: VersionSchema.optional() })
