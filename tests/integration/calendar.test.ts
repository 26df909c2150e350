/** The calendar (app/models/calendar.server.ts and its pages) against this file's database. */
import { describe, expect, it } from 'vitest'

import { calendarItems, createCalendarEvent, updateCalendarEvent } from '~/models/calendar.server'
import * as calendarEvent from '~/routes/dashboard/calendar/event'
import * as calendarPage from '~/routes/dashboard/calendar/index'
import { CalendarEventSchema, CalendarEventUpdateSchema } from '~/schemas/calendar'
import { visibleDays } from '~/schemas/calendar-options'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { actorOf, createOrg, unique } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>
const viewer = (org: Org, role: keyof Org['users']) => ({ id: org.users[role].id, organizationId: org.organization.id, role })

/** A load of the organization's driver picked up on Dec 3 at 08:00 Chicago, a truck and a license due that month. */
async function dated(org: Org) {
  const organizationId = org.organization.id
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Broker') } })
  const load = await prisma.load.create({
    data: {
      organizationId,
      brokerId: broker.id,
      loadNumber: unique('L'),
      driverId: org.users.driver.id,
      stops: { create: [{ sequence: 1, type: 'pickup', city: 'Dallas', windowStart: new Date('2026-12-03T14:00:00Z') }] },
    },
  })
  const other = await prisma.load.create({
    data: {
      organizationId,
      brokerId: broker.id,
      loadNumber: unique('L'),
      stops: { create: [{ sequence: 1, type: 'delivery', city: 'Tulsa', windowStart: new Date('2026-12-04T18:00:00Z') }] },
    },
  })
  await prisma.truck.create({ data: { organizationId, unitNumber: unique('T').slice(0, 20), inspectionDue: new Date('2026-12-10') } })
  await prisma.driverProfile.create({ data: { organizationId, userId: org.users.driver.id, licenseExpiry: new Date('2026-12-20') } })
  return { load, other }
}

describe('calendar items', () => {
  it('show stop windows, due dates and expiries of the visible days, each only to roles that may read it', async () => {
    const org = await createOrg()
    const { load } = await dated(org)
    const kinds = async (role: keyof Org['users']) =>
      (await calendarItems(viewer(org, role), '2026-11-30', '2027-01-10')).map((item) => [item.kind, item.startDay, item.startTime])
    expect(await kinds('admin')).toEqual([
      ['pickup', '2026-12-03', '08:00'],
      ['delivery', '2026-12-04', '12:00'],
      ['inspection', '2026-12-10', null],
      ['license', '2026-12-20', null],
    ])
    // Accountants read loads but not trucks or drivers; a driver sees their own load and license only.
    expect((await kinds('accountant')).map(([kind]) => kind)).toEqual(['pickup', 'delivery'])
    const driver = await calendarItems(viewer(org, 'driver'), '2026-11-30', '2027-01-10')
    expect(driver.map((item) => [item.kind, item.href])).toEqual([
      ['pickup', `/dashboard/loads/${load.id}`],
      ['license', null],
    ])
    // Outside the visible days, nothing; another organization sees none of it.
    expect(await calendarItems(viewer(org, 'admin'), '2027-01-01', '2027-01-31')).toEqual([])
    const stranger = await createOrg()
    expect(await calendarItems(viewer(stranger, 'admin'), '2026-11-30', '2027-01-10')).toEqual([])
  })

  it('keep user events on the organization’s clock, refuse an end before the start, and a stale edit', async () => {
    const org = await createOrg()
    const event = await createCalendarEvent(
      actorOf(org, 'dispatcher'),
      CalendarEventSchema.parse({ title: 'Safety meeting', startDate: '2026-12-07', startTime: '23:30', endTime: '23:59' }),
    )
    // 23:30 in Chicago is already the 8th in UTC: the calendar shows it on the 7th.
    expect(event.startsAt.toISOString()).toBe('2026-12-08T05:30:00.000Z')
    const [item] = await calendarItems(viewer(org, 'viewer'), '2026-12-07', '2026-12-07')
    expect([item.title, item.startDay, item.startTime, item.href]).toEqual(['Safety meeting', '2026-12-07', '23:30', null])
    const backwards = CalendarEventSchema.safeParse({ title: 'x', startDate: '2026-12-07', endDate: '2026-12-06' })
    expect(backwards.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['endDate', 'calendar.errors.endBeforeStart']])
    await updateCalendarEvent(actorOf(org), event.id, CalendarEventUpdateSchema.parse({ title: 'Moved', startDate: '2026-12-09', version: event.version }))
    const stale = await updateCalendarEvent(
      actorOf(org),
      event.id,
      CalendarEventUpdateSchema.parse({ title: 'Lost', startDate: '2026-12-09', version: event.version }),
    ).catch((error: unknown) => error)
    expect((stale as DomainError).code).toBe('conflict')
    expect((await prisma.calendarEvent.findUniqueOrThrow({ where: { id: event.id } })).title).toBe('Moved')
  })

  it('lays out six weeks from the Monday before the first, or the week', () => {
    const month = visibleDays('month', '2026-12-15')
    expect([month[0], month.at(-1), month.length]).toEqual(['2026-11-30', '2027-01-10', 42])
    expect(visibleDays('week', '2026-12-15')).toEqual(['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18', '2026-12-19', '2026-12-20'])
  })
})

describe('calendar pages', () => {
  it('render the month for every role, and create, edit and delete events for roles that may', async () => {
    const org = await createOrg()
    await dated(org)
    const page = await callPage(calendarPage.loader as Handler, '/dashboard/calendar?view=month&date=2026-12-15', org.users.driver.id)
    expect(page.data).toMatchObject({ view: 'month', date: '2026-12-15', canCreate: false })
    const bad = await callPage(calendarPage.loader as Handler, '/dashboard/calendar?view=year&date=2026-02-30', org.users.viewer.id)
    expect(bad.data).toMatchObject({ view: 'month' })
    // A range dragged on the calendar preselects both days; an end before the start, or not a day, is dropped.
    const form = (query: string) => callPage(calendarEvent.loader as Handler, `/dashboard/calendar/new?${query}`, org.users.dispatcher.id)
    expect((await form('date=2026-12-15&end=2026-12-17')).data).toMatchObject({ event: { startDate: '2026-12-15', endDate: '2026-12-17' } })
    expect((await form('date=2026-12-15&end=2026-12-14')).data).toMatchObject({ event: { startDate: '2026-12-15', endDate: '' } })
    expect((await form('date=2026-12-15&end=%00')).data).toMatchObject({ event: { startDate: '2026-12-15', endDate: '' } })

    const post = (path: string, fields: Record<string, string>, role: keyof Org['users'] = 'dispatcher', params: Record<string, string> = {}) =>
      callPage(calendarEvent.action as Handler, path, org.users[role].id, params, postForm({ intent: 'save', ...fields }))
    expect((await post('/dashboard/calendar/new', { title: 'Yard day', startDate: '2026-12-11' }, 'viewer')).status).toBe(403)
    const refused = await post('/dashboard/calendar/new', { title: '', startDate: '2026-12-11', endDate: '2026-12-10' })
    expect(refused.status).toBe(400)
    expect(Object.keys(refusalOf(refused)!.fields)).toEqual(['title'])
    const nul = await post('/dashboard/calendar/new', { title: 'Yard\u0000day', startDate: '2026-12-11' })
    expect([nul.status, Object.keys(refusalOf(nul)!.fields)]).toEqual([400, ['title']])
    const backwards = await post('/dashboard/calendar/new', { title: 'Yard day', startDate: '2026-12-11', endDate: '2026-12-10' })
    expect([backwards.status, refusalOf(backwards)?.fields.endDate]).toEqual([400, ['The event ends before it starts.']])
    const created = await post('/dashboard/calendar/new', { title: 'Yard day', startDate: '2026-12-11' })
    expect([created.status, created.location]).toEqual([302, '/dashboard/calendar?date=2026-12-11'])
    const event = await prisma.calendarEvent.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(event.allDay).toBe(true)
    const edited = await post(
      `/dashboard/calendar/events/${event.id}`,
      { title: 'Yard day (moved)', startDate: '2026-12-12', version: String(event.version) },
      'accountant',
      { id: event.id },
    )
    expect(edited.status).toBe(302)
    const deleted = await post(`/dashboard/calendar/events/${event.id}`, { intent: 'delete', version: String(event.version + 1) }, 'admin', { id: event.id })
    expect(deleted.status).toBe(302)
    expect(await prisma.calendarEvent.count({ where: { organizationId: org.organization.id } })).toBe(0)
    const other = await createOrg()
    expect((await callPage(calendarEvent.loader as Handler, `/dashboard/calendar/events/${event.id}`, other.users.admin.id, { id: event.id })).status).toBe(404)
  })
})
