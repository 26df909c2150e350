/**
 * Preventive maintenance schedules (ADR 133): per unit and task, every N miles and/or N days from
 * when it was last done. Reference data on the record store, shared by
 * /dashboard/maintenance/schedules/* and /api/maintenance/schedules; the due arithmetic is the
 * policy's (app/policies/maintenance-schedule.ts), on the organization's today and the unit's
 * latest odometer. Completing a work order marks its schedules done (markSchedulesDone).
 */
import type { MaintenanceSchedule } from '~/generated/prisma/client'
import type { Actor } from '~/models/audit/audit.server'
import { organizationToday } from '~/models/organization/organization.server'
import { recordStore, sortOrder } from '~/models/records/record-store.server'
import { isoDate, isUniqueViolation, ownReference, toDateOnly } from '~/models/records/records.server'
import { listTruckOptions } from '~/models/reference/truck.server'
import { type ScheduleDue, scheduleDue } from '~/policies/maintenance-schedule'
import type { MaintenanceScheduleInput, MaintenanceScheduleListQuery, MaintenanceScheduleRecord } from '~/schemas/maintenance-schedule'
import type { ScheduleStatus } from '~/schemas/maintenance-schedule-options'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { latestOdometers } from './unit-odometer.server'

type UnitRef = { id: string; unitNumber: string }
export type ScheduleWithUnit = MaintenanceSchedule & { truck: UnitRef | null; trailer: UnitRef | null }
/** A schedule with what the policy says of it today. */
export type ScheduleWithDue = ScheduleWithUnit & ScheduleDue & { odometer: number | null }

const include = { truck: { select: { id: true, unitNumber: true } }, trailer: { select: { id: true, unitNumber: true } } }
const NOT_FOUND = 'schedules.errors.notFound'
const DUPLICATE = { task: ['schedules.errors.duplicateTask'] }

/** Each schedule with its next due day and odometer and its status today. */
export async function withDue<Row extends ScheduleWithUnit>(organizationId: string, rows: Row[], db: Tx | typeof prisma = prisma) {
  if (!rows.length) return []
  const [today, odometers] = await Promise.all([
    organizationToday(organizationId, db),
    latestOdometers(
      db as Tx,
      rows.flatMap((row) => (row.truckId ? [row.truckId] : [])),
    ),
  ])
  return rows.map((row) => {
    const odometer = row.truckId ? (odometers.get(row.truckId) ?? null) : null
    const due = scheduleDue(
      { everyDays: row.everyDays, everyMiles: row.everyMiles, lastDoneAt: isoDate(row.lastDoneAt)!, lastDoneOdometer: row.lastDoneOdometer },
      today,
      odometer,
    )
    return { ...row, ...due, odometer }
  })
}

/**
 * The ids of the organization's schedules (of a unit, when named) with this status today: the
 * status is the policy's, on each unit's odometer, so the filter reads every schedule of the
 * organization, a few columns each (a fleet keeps tens per unit, not millions).
 */
async function idsWithStatus(organizationId: string, status: ScheduleStatus, unit: { truckId?: string; trailerId?: string }) {
  const rows = await prisma.maintenanceSchedule.findMany({
    where: { organizationId, truckId: unit.truckId, trailerId: unit.trailerId },
    include,
  })
  return (await withDue(organizationId, rows)).filter((row) => row.status === status).map((row) => row.id)
}

/** The task is the unit's once, in any case (the CITEXT column compares so). */
async function assertTaskFree(tx: Tx, organizationId: string, input: MaintenanceScheduleInput, id?: string) {
  const unit = input.truckId ? { truckId: input.truckId } : { trailerId: input.trailerId }
  const clash = await tx.maintenanceSchedule.findFirst({
    where: { organizationId, ...unit, task: input.task, ...(id ? { NOT: { id } } : {}) },
    select: { id: true },
  })
  if (clash) throw new DomainError('validation_failed', 'validation.failed', { fields: DUPLICATE })
}

/** Done today at the latest on the organization's clock: a date ahead is a typing mistake. */
async function assertNotAhead(tx: Tx, organizationId: string, input: MaintenanceScheduleInput) {
  if (input.lastDoneAt > (await organizationToday(organizationId, tx)))
    throw new DomainError('validation_failed', 'validation.failed', { fields: { lastDoneAt: ['schedules.errors.doneAhead'] } })
}

const schedules = recordStore<ScheduleWithUnit, MaintenanceScheduleInput, MaintenanceScheduleListQuery>({
  entity: 'maintenanceSchedule',
  table: (db) => db.maintenanceSchedule,
  include,
  notFound: NOT_FOUND,
  inUse: NOT_FOUND,
  // Per unit, not per organization: checked by `check` (assertTaskFree), raced by the indexes (below).
  unique: {},
  references: (organizationId, input) => [
    ownReference(organizationId, 'truck', 'truckId', input.truckId, 'schedules.errors.unknownTruck'),
    ownReference(organizationId, 'trailer', 'trailerId', input.trailerId, 'schedules.errors.unknownTrailer'),
  ],
  check: async (tx, organizationId, input, id) => {
    await Promise.all([assertTaskFree(tx, organizationId, input, id), assertNotAhead(tx, organizationId, input)])
  },
  toData: (input) => ({
    truckId: input.truckId ?? null,
    trailerId: input.trailerId ?? null,
    task: input.task,
    everyMiles: input.everyMiles ?? null,
    everyDays: input.everyDays ?? null,
    lastDoneAt: toDateOnly(input.lastDoneAt)!,
    lastDoneOdometer: input.lastDoneOdometer ?? null,
    notes: input.notes ?? null,
  }),
  where: async (organizationId, { q, truckId, trailerId, status }) => ({
    organizationId,
    truckId,
    trailerId,
    ...(status ? { id: { in: await idsWithStatus(organizationId, status, { truckId, trailerId }) } } : {}),
    ...(q
      ? {
          OR: [
            { task: { contains: q, mode: 'insensitive' } },
            { truck: { unitNumber: { contains: q, mode: 'insensitive' } } },
            { trailer: { unitNumber: { contains: q, mode: 'insensitive' } } },
          ],
        }
      : {}),
  }),
  orderBy: (query) => sortOrder(query, { nullable: ['everyDays', 'everyMiles'] }),
})

/** Two writes raced past assertTaskFree: the index's refusal as the same field error. */
async function taskUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'MaintenanceSchedule_truckId_task_key') || isUniqueViolation(error, 'MaintenanceSchedule_trailerId_task_key'))
      throw new DomainError('validation_failed', 'validation.failed', { fields: DUPLICATE })
    throw error
  }
}

/** The units a schedule may be for (the editor's pickers, the list's filters): trucks and trailers, in unit order. */
export async function listUnitOptions(organizationId: string) {
  const [trucks, trailers] = await Promise.all([
    listTruckOptions(organizationId),
    prisma.trailer.findMany({ where: { organizationId }, select: { id: true, unitNumber: true }, orderBy: { unitNumber: 'asc' } }),
  ])
  return { trucks, trailers }
}

/** One page of the list, each row with its due day, odometer and status. */
export async function listSchedules(organizationId: string, query: MaintenanceScheduleListQuery) {
  const page = await schedules.list(organizationId, query)
  return { ...page, items: await withDue(organizationId, page.items) }
}

export async function getSchedule(organizationId: string, id: string) {
  const [schedule] = await withDue(organizationId, [await schedules.get(organizationId, id)])
  return schedule
}

export async function createSchedule(actor: Actor, input: MaintenanceScheduleInput) {
  const row = await taskUnique(() => schedules.create(actor, input))
  return (await withDue(actor.organizationId, [row]))[0]
}

/** Saves the whole schedule if nobody changed it since `version` was read; otherwise 409, nothing written. */
export async function updateSchedule(actor: Actor, id: string, input: MaintenanceScheduleInput & { version: number }) {
  const row = await taskUnique(() => schedules.update(actor, id, input))
  return (await withDue(actor.organizationId, [row]))[0]
}

export const deleteSchedule = schedules.remove

/** Every schedule of the list's filters (all pages), for the CSV export. */
export async function* exportSchedules(organizationId: string, query: MaintenanceScheduleListQuery) {
  const batch: ScheduleWithUnit[] = []
  for await (const row of schedules.all(organizationId, query)) {
    batch.push(row)
    if (batch.length === 500) yield* await withDue(organizationId, batch.splice(0))
  }
  yield* await withDue(organizationId, batch)
}

/** The schedules due soon or overdue (of a unit, when named), overdue first, then by the nearest due day. */
export async function listDueSchedules(organizationId: string, unit: { truckId?: string; trailerId?: string } = {}) {
  const rows = await prisma.maintenanceSchedule.findMany({ where: { organizationId, ...unit }, include, orderBy: [{ task: 'asc' }, { id: 'asc' }] })
  const due = (await withDue(organizationId, rows)).filter((row) => row.status !== 'ok')
  const soonest = (row: ScheduleWithDue) => Math.min(row.daysLeft ?? Infinity, row.milesLeft === null ? Infinity : row.milesLeft / 1_000)
  return due.sort((a, b) => Number(b.status === 'overdue') - Number(a.status === 'overdue') || soonest(a) - soonest(b))
}

/** The dashboard card's counts. */
export async function countDueSchedules(organizationId: string) {
  const due = await listDueSchedules(organizationId)
  return { overdue: due.filter((row) => row.status === 'overdue').length, due_soon: due.filter((row) => row.status === 'due_soon').length }
}

/** A unit's schedules with their status, as its page shows them. */
export async function listUnitSchedules(organizationId: string, unit: { truckId: string } | { trailerId: string }) {
  const rows = await prisma.maintenanceSchedule.findMany({ where: { organizationId, ...unit }, include, orderBy: [{ task: 'asc' }, { id: 'asc' }] })
  return (await withDue(organizationId, rows)).map((row) => ({
    id: row.id,
    task: row.task,
    nextDueAt: row.nextDueAt,
    nextDueOdometer: row.nextDueOdometer,
    status: row.status,
  }))
}

/**
 * The schedules' next due days in a range of days (`YYYY-MM-DD`, inclusive), for the calendar:
 * days only (a due odometer has no day), computed by the database from the stored columns.
 */
export function schedulesDueBetween(organizationId: string, first: string, last: string, take: number) {
  return prisma.$queryRaw<Array<{ id: string; task: string; due: Date; truckId: string | null; trailerId: string | null; unitNumber: string }>>`
    SELECT s."id", s."task"::text AS "task", (s."lastDoneAt" + s."everyDays") AS "due", s."truckId", s."trailerId",
      COALESCE(t."unitNumber", r."unitNumber")::text AS "unitNumber"
    FROM "MaintenanceSchedule" s
    LEFT JOIN "Truck" t ON t."id" = s."truckId"
    LEFT JOIN "Trailer" r ON r."id" = s."trailerId"
    WHERE s."organizationId" = ${organizationId} AND s."everyDays" IS NOT NULL
      AND s."lastDoneAt" + s."everyDays" BETWEEN ${first}::date AND ${last}::date
    ORDER BY "due", s."id"
    LIMIT ${take}`
}

/** The API shape (MaintenanceScheduleRecordSchema): dates as YYYY-MM-DD so a client can PUT back what it read. */
export function serializeSchedule(schedule: ScheduleWithDue): MaintenanceScheduleRecord {
  return {
    id: schedule.id,
    organizationId: schedule.organizationId,
    truckId: schedule.truckId,
    trailerId: schedule.trailerId,
    truck: schedule.truck,
    trailer: schedule.trailer,
    task: schedule.task,
    everyMiles: schedule.everyMiles,
    everyDays: schedule.everyDays,
    lastDoneAt: isoDate(schedule.lastDoneAt)!,
    lastDoneOdometer: schedule.lastDoneOdometer,
    notes: schedule.notes,
    nextDueAt: schedule.nextDueAt,
    nextDueOdometer: schedule.nextDueOdometer,
    odometer: schedule.odometer,
    status: schedule.status,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
    version: schedule.version,
  }
}

/** The export's columns, for the page (translated) and `GET /api/maintenance/schedules?format=csv` (keys). */
export const SCHEDULE_CSV_COLUMNS: CsvColumn<ScheduleWithDue>[] = [
  { key: 'task', label: 'schedules.fields.task', value: (row) => row.task },
  { key: 'unitNumber', label: 'fields.unitNumber', value: (row) => (row.truck ?? row.trailer)?.unitNumber },
  { key: 'everyDays', label: 'schedules.fields.everyDays', value: (row) => row.everyDays },
  { key: 'everyMiles', label: 'schedules.fields.everyMiles', value: (row) => row.everyMiles },
  { key: 'lastDoneAt', label: 'schedules.fields.lastDoneAt', value: (row) => isoDate(row.lastDoneAt) },
  { key: 'lastDoneOdometer', label: 'schedules.fields.lastDoneOdometer', value: (row) => row.lastDoneOdometer },
  { key: 'nextDueAt', label: 'schedules.fields.nextDueAt', value: (row) => row.nextDueAt },
  { key: 'nextDueOdometer', label: 'schedules.fields.nextDueOdometer', value: (row) => row.nextDueOdometer },
  { key: 'status', label: 'fields.status', value: (row) => row.status, valueLabel: (value) => `schedules.status.${value}` },
  { key: 'notes', label: 'fields.notes', value: (row) => row.notes },
  { key: 'id', label: 'fields.id', value: (row) => row.id },
]

/** The unit a work order is for: a truck or a trailer. */
export type ScheduleUnit = { truckId?: string | null; trailerId?: string | null }

/**
 * Marks schedules done, in the caller's transaction (a work order completed): each schedule must
 * be the organization's and the work order's unit's, or nothing is written (400 naming
 * `scheduleIds`). The last done day is `doneAt`'s day on the organization's clock, the odometer
 * the one given, else the truck's latest reading; neither ever moves back (a work order dated
 * before the last service does not undo it). Each schedule's version goes up.
 */
export async function markSchedulesDone(
  tx: Tx,
  organizationId: string,
  scheduleIds: readonly string[],
  unit: ScheduleUnit,
  done: { doneAt: Date; odometer: number | null },
) {
  const ids = [...new Set(scheduleIds)]
  if (!ids.length) return []
  const rows = await tx.$queryRaw<Array<Pick<MaintenanceSchedule, 'id' | 'truckId' | 'trailerId' | 'lastDoneAt' | 'lastDoneOdometer'>>>`
    SELECT "id", "truckId", "trailerId", "lastDoneAt", "lastDoneOdometer" FROM "MaintenanceSchedule"
    WHERE "organizationId" = ${organizationId} AND "id" = ANY(${ids}::text[]) FOR UPDATE`
  const sameUnit = (row: (typeof rows)[number]) => row.truckId === (unit.truckId ?? null) && row.trailerId === (unit.trailerId ?? null)
  if (rows.length !== ids.length || !rows.every(sameUnit))
    throw new DomainError('validation_failed', 'validation.failed', { fields: { scheduleIds: ['schedules.errors.otherUnit'] } })
  const day = (await organizationToday(organizationId, tx, done.doneAt)) as string
  const odometer = done.odometer ?? (unit.truckId ? ((await latestOdometers(tx, [unit.truckId])).get(unit.truckId) ?? null) : null)
  for (const row of rows) {
    const lastDoneAt = isoDate(row.lastDoneAt)! > day ? row.lastDoneAt : toDateOnly(day)!
    const lastDoneOdometer = odometer === null ? row.lastDoneOdometer : Math.max(odometer, row.lastDoneOdometer ?? 0)
    await tx.maintenanceSchedule.update({ where: { id: row.id }, data: { lastDoneAt, lastDoneOdometer, version: { increment: 1 } } })
  }
  return ids
}
