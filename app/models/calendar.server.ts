/**
 * The calendar (ADR 034): what happens on which day for the organization, on its clock. Events are
 * the ones users put there and the dates the app already knows: load pickup and delivery windows,
 * truck and trailer registration and inspection due dates, driver license and medical card
 * expiries, the qualification file's items (ADR 140). Each kind is read only for the visible days, bounded, and only for roles that may
 * read it (a driver sees their own loads and their own papers).
 */
import { href } from 'react-router'

import { loadScope, loadScopeWhere } from '~/policies/load'
import type { CalendarEventInput, CalendarEventUpdate } from '~/schemas/calendar'
import { DERIVED_EVENTS_MAX, type EventColour, type EventKind, KIND_COLOUR, shiftDay } from '~/schemas/calendar-options'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { can, type Role } from '~/utils/permissions'
import { zonedDayStart, zonedInstant, zonedWallClock } from '~/utils/time'

import { type Actor, recordAudit } from './audit/audit.server'
import { qualificationsEndingBetween } from './compliance/compliance.server'
import { loadTimeZone } from './loads/load.server'
import { schedulesDueBetween } from './maintenance/maintenance-schedule.server'
import { assertActorMay, assertId, assertOneRow, assertVersion, requireFound } from './records/records.server'

const ENTITY = 'calendarEvent'
const NOT_FOUND = 'calendar.errors.notFound'

export type CalendarViewer = { id: string; organizationId: string; role: Role }

/** One event as the page shows it: its day(s) and times on the organization's clock. */
export type CalendarItem = {
  id: string
  kind: EventKind
  title: string
  colour: EventColour
  /** `YYYY-MM-DD` of its first and last day. */
  startDay: string
  endDay: string
  /** `HH:MM`, or null all day. */
  startTime: string | null
  endTime: string | null
  /** The record it comes from, or its own edit page. */
  href: string | null
  /** A load's number, a unit number, a person: who or what the date is about. */
  subject?: string
}

const day = (date: Date) => date.toISOString().slice(0, 10)

/** The events of the days `first` to `last` (inclusive) that this user may see. */
export async function calendarItems(viewer: CalendarViewer, first: string, last: string): Promise<CalendarItem[]> {
  const { organizationId } = viewer
  const timeZone = await loadTimeZone(organizationId)
  const from = zonedDayStart(first, timeZone)
  const to = zonedDayStart(shiftDay(last, 1), timeZone)
  const dates = { gte: new Date(`${first}T00:00:00Z`), lte: new Date(`${last}T00:00:00Z`) }
  // A driver's calendar is their own: their loads' stops, their license and medical card dates.
  const scope = loadScope(viewer)
  const driverOnly = Boolean(scope.driverId)
  const wall = (date: Date) => zonedWallClock(date, timeZone)
  const readsTrucks = can(viewer.role, 'read', 'truck')
  const readsTrailers = can(viewer.role, 'read', 'trailer')
  const readsDrivers = can(viewer.role, 'read', 'user')

  const [events, stops, trucks, trailers, drivers, schedules, qualifications] = await Promise.all([
    prisma.calendarEvent.findMany({
      where: { organizationId, startsAt: { lt: to }, endsAt: { gte: from } },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
      take: DERIVED_EVENTS_MAX,
    }),
    can(viewer.role, 'read', 'load')
      ? prisma.loadStop.findMany({
          where: { windowStart: { gte: from, lt: to }, load: { ...loadScopeWhere(scope), status: { not: 'canceled' } } },
          select: { id: true, type: true, city: true, windowStart: true, windowEnd: true, load: { select: { id: true, loadNumber: true } } },
          orderBy: { windowStart: 'asc' },
          take: DERIVED_EVENTS_MAX,
        })
      : [],
    readsTrucks
      ? prisma.truck.findMany({
          where: { organizationId, OR: [{ registrationExpiry: dates }, { inspectionDue: dates }] },
          select: { id: true, unitNumber: true, registrationExpiry: true, inspectionDue: true },
          take: DERIVED_EVENTS_MAX,
        })
      : [],
    readsTrailers
      ? prisma.trailer.findMany({
          where: { organizationId, OR: [{ registrationExpiry: dates }, { inspectionDue: dates }] },
          select: { id: true, unitNumber: true, registrationExpiry: true, inspectionDue: true },
          take: DERIVED_EVENTS_MAX,
        })
      : [],
    readsDrivers || driverOnly
      ? prisma.driverProfile.findMany({
          where: { organizationId, ...(driverOnly ? { userId: viewer.id } : {}), OR: [{ licenseExpiry: dates }, { medicalCardExpiry: dates }] },
          select: { userId: true, licenseExpiry: true, medicalCardExpiry: true, user: { select: { firstName: true, lastName: true } } },
          take: DERIVED_EVENTS_MAX,
        })
      : [],
    // Preventive maintenance's next due days (ADR 133): a schedule by days; a due odometer has no day.
    can(viewer.role, 'read', 'maintenanceSchedule') ? schedulesDueBetween(organizationId, first, last, DERIVED_EVENTS_MAX) : [],
    // The qualification file's accepted items (ADR 140): the last day each holds, by app/policies/qualification.ts.
    readsDrivers || driverOnly ? qualificationsEndingBetween(organizationId, driverOnly ? viewer.id : null, first, last) : [],
  ])

  const items: CalendarItem[] = events.map((event) => {
    const [startDay, startTime] = wall(event.startsAt).split('T')
    const [endDay, endTime] = wall(event.endsAt).split('T')
    return {
      id: event.id,
      kind: 'event',
      title: event.title,
      colour: event.colour as EventColour,
      startDay,
      endDay,
      startTime: event.allDay ? null : startTime,
      endTime: event.allDay ? null : endTime,
      href: can(viewer.role, 'update', 'calendarEvent') ? href('/dashboard/calendar/events/:id', { id: event.id }) : null,
    }
  })
  for (const stop of stops) {
    const [startDay, startTime] = wall(stop.windowStart!).split('T')
    items.push({
      id: `stop-${stop.id}`,
      kind: stop.type,
      title: stop.city,
      subject: stop.load.loadNumber,
      colour: KIND_COLOUR[stop.type],
      startDay,
      endDay: startDay,
      startTime,
      endTime: stop.windowEnd && wall(stop.windowEnd).startsWith(startDay) ? wall(stop.windowEnd).slice(11) : null,
      href: href('/dashboard/loads/:id', { id: stop.load.id }),
    })
  }
  const dated = (
    kind: 'registration' | 'inspection' | 'license' | 'medical' | 'maintenance' | 'qualification',
    id: string,
    date: Date | null,
    subject: string,
    href: string | null,
    title = subject,
  ) => {
    const on = date ? day(date) : null
    if (!on || on < first || on > last) return
    items.push({
      id: `${kind}-${id}`,
      kind,
      title,
      subject,
      colour: KIND_COLOUR[kind],
      startDay: on,
      endDay: on,
      startTime: null,
      endTime: null,
      href,
    })
  }
  for (const truck of trucks) {
    dated('registration', truck.id, truck.registrationExpiry, truck.unitNumber, href('/dashboard/trucks/:id', { id: truck.id }))
    dated('inspection', truck.id, truck.inspectionDue, truck.unitNumber, href('/dashboard/trucks/:id', { id: truck.id }))
  }
  for (const trailer of trailers) {
    dated('registration', trailer.id, trailer.registrationExpiry, trailer.unitNumber, href('/dashboard/trailers/:id', { id: trailer.id }))
    dated('inspection', trailer.id, trailer.inspectionDue, trailer.unitNumber, href('/dashboard/trailers/:id', { id: trailer.id }))
  }
  for (const schedule of schedules) {
    dated('maintenance', schedule.id, schedule.due, schedule.unitNumber, href('/dashboard/maintenance/schedules/:id', { id: schedule.id }), schedule.task)
  }
  for (const driver of drivers) {
    const name = `${driver.user.firstName} ${driver.user.lastName}`.trim()
    const editPath = readsDrivers ? href('/dashboard/user/:id/edit', { id: driver.userId }) : null
    dated('license', driver.userId, driver.licenseExpiry, name, editPath)
    dated('medical', driver.userId, driver.medicalCardExpiry, name, editPath)
  }
  for (const item of qualifications) {
    const editPath = readsDrivers ? href('/dashboard/user/:id/edit', { id: item.driverId }) : null
    // The title is the kind's code: the page names it in the reader's language (calendar.kinds.qualification).
    dated('qualification', item.id, item.validThrough, item.name, editPath, item.kind)
  }
  // All-day first, then by time.
  return items.sort((a, b) => a.startDay.localeCompare(b.startDay) || (a.startTime ?? '').localeCompare(b.startTime ?? '') || a.id.localeCompare(b.id))
}

/** The instants of a form's days and times on the organization's clock; no times: all day. */
function instants(input: CalendarEventInput, timeZone: string) {
  const allDay = !input.startTime
  const endDate = input.endDate ?? input.startDate
  return {
    allDay,
    startsAt: allDay ? zonedDayStart(input.startDate, timeZone) : zonedInstant(`${input.startDate}T${input.startTime}`, timeZone),
    // An all-day event ends at the start of its last day (it covers that day).
    endsAt: allDay ? zonedDayStart(endDate, timeZone) : zonedInstant(`${endDate}T${input.endTime ?? input.startTime}`, timeZone),
  }
}

export async function createCalendarEvent(actor: Actor, input: CalendarEventInput) {
  assertActorMay(actor, 'create', 'calendarEvent')
  const timeZone = await loadTimeZone(actor.organizationId)
  return prisma.$transaction(async (tx) => {
    const event = await tx.calendarEvent.create({
      data: {
        organizationId: actor.organizationId,
        title: input.title,
        notes: input.notes || null,
        colour: input.colour,
        createdById: actor.userId,
        ...instants(input, timeZone),
      },
    })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: event.id,
      action: 'create',
      after: { title: event.title, startsAt: event.startsAt.toISOString() },
    })
    return event
  })
}

export async function getCalendarEvent(organizationId: string, id: string) {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.calendarEvent.findFirst({ where: { id, organizationId } }), NOT_FOUND)
}

/** The form's values of a stored event, on the organization's clock. */
export async function calendarEventForm(organizationId: string, id: string) {
  const [event, timeZone] = await Promise.all([getCalendarEvent(organizationId, id), loadTimeZone(organizationId)])
  const [startDate, startTime] = zonedWallClock(event.startsAt, timeZone).split('T')
  const [endDate, endTime] = zonedWallClock(event.endsAt, timeZone).split('T')
  return {
    id: event.id,
    version: event.version,
    title: event.title,
    notes: event.notes ?? '',
    colour: event.colour,
    startDate,
    startTime: event.allDay ? '' : startTime,
    // A one-day event leaves the end day empty (the form's default), so moving its start moves it.
    endDate: endDate === startDate ? '' : endDate,
    endTime: event.allDay ? '' : endTime,
  }
}

export async function updateCalendarEvent(actor: Actor, id: string, input: CalendarEventUpdate) {
  assertActorMay(actor, 'update', 'calendarEvent')
  const timeZone = await loadTimeZone(actor.organizationId)
  return prisma.$transaction(async (tx) => {
    const before = requireFound(await tx.calendarEvent.findFirst({ where: { id, organizationId: actor.organizationId } }), NOT_FOUND)
    assertVersion(before, input.version)
    const data = { title: input.title, notes: input.notes || null, colour: input.colour, ...instants(input, timeZone) }
    assertOneRow(
      await tx.calendarEvent.updateMany({
        where: { id, organizationId: actor.organizationId, version: before.version },
        data: { ...data, version: { increment: 1 } },
      }),
    )
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: 'update',
      before: { title: before.title, startsAt: before.startsAt.toISOString() },
      after: { title: data.title, startsAt: data.startsAt.toISOString() },
    })
    return tx.calendarEvent.findUniqueOrThrow({ where: { id } })
  })
}

export async function deleteCalendarEvent(actor: Actor, id: string, version: number | undefined) {
  assertActorMay(actor, 'delete', 'calendarEvent')
  assertId(id, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const before = requireFound(await tx.calendarEvent.findFirst({ where: { id, organizationId: actor.organizationId } }), NOT_FOUND)
    assertVersion(before, version)
    const deleted = await tx.calendarEvent.deleteMany({ where: { id, organizationId: actor.organizationId, version: before.version } })
    if (deleted.count !== 1) throw new DomainError('conflict', 'errors.conflict')
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'delete', before: { title: before.title } })
    return before
  })
}
