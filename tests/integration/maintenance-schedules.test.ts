/**
 * Preventive maintenance schedules (ADR 133): the model (create, update and delete at a version,
 * status by days and by the unit's odometer, the due list), what the database refuses by itself
 * (CHECKs, a task once per unit in any case, a unit with schedules kept), another organization's
 * unit, markSchedulesDone for work orders, the editor's form and the API's contract.
 */
import { describe, expect, it } from 'vitest'

import { calendarItems } from '~/models/calendar.server'
import {
  countDueSchedules,
  createSchedule,
  deleteSchedule,
  getSchedule,
  listDueSchedules,
  listSchedules,
  markSchedulesDone,
  updateSchedule,
} from '~/models/maintenance/maintenance-schedule.server'
import { organizationToday } from '~/models/organization/organization.server'
import { isoDate } from '~/models/records/records.server'
import { deleteTrailer } from '~/models/reference/trailer.server'
import { deleteTruck } from '~/models/reference/truck.server'
import { addDays } from '~/policies/maintenance-schedule'
import * as dueRoute from '~/routes/api/maintenance/due'
import * as scheduleRoute from '~/routes/api/maintenance/schedule'
import * as schedulesRoute from '~/routes/api/maintenance/schedules'
import * as editorPage from '~/routes/dashboard/schedules/editor'
import * as listPage from '~/routes/dashboard/schedules/list'
import { MaintenanceScheduleListQuerySchema, MaintenanceScheduleSchema } from '~/schemas/maintenance-schedule'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, refusal, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

const LIST = MaintenanceScheduleListQuerySchema.parse({})

async function unitsOf(org: Org) {
  const organizationId = org.organization.id
  const [truck, trailer] = await Promise.all([
    prisma.truck.create({ data: { organizationId, unitNumber: unique('T').slice(0, 20) } }),
    prisma.trailer.create({ data: { organizationId, unitNumber: unique('TR').slice(0, 20) } }),
  ])
  return { truck, trailer }
}

/** The truck's odometer as an inspection report states it (the unit's latest reading). */
function readOdometer(org: Org, truckId: string, odometer: number) {
  return prisma.inspection.create({
    data: { organizationId: org.organization.id, truckId, kind: 'pre_trip', inspectedAt: new Date(), odometer, driverId: org.users.driver.id },
  })
}

const schedule = (fields: Record<string, unknown>) => MaintenanceScheduleSchema.parse({ task: 'Oil change', ...fields })

describe('maintenance schedules', () => {
  it('computes the next due day and odometer and the status today, by days and by the unit’s odometer, whichever comes first', async () => {
    const org = await createOrg()
    const { truck, trailer } = await unitsOf(org)
    const today = await organizationToday(org.organization.id)
    const admin = actorOf(org)
    const byDays = await createSchedule(admin, schedule({ trailerId: trailer.id, task: 'Annual inspection', everyDays: 365, lastDoneAt: addDays(today, -366) }))
    expect(byDays).toMatchObject({ nextDueAt: addDays(today, -1), nextDueOdometer: null, status: 'overdue' })

    const byMiles = await createSchedule(admin, schedule({ truckId: truck.id, everyMiles: 25_000, lastDoneAt: today, lastDoneOdometer: 100_000 }))
    // No reading since it was done: no miles since.
    expect(byMiles).toMatchObject({ nextDueOdometer: 125_000, nextDueAt: null, odometer: null, status: 'ok' })
    await readOdometer(org, truck.id, 124_600)
    expect(await getSchedule(org.organization.id, byMiles.id)).toMatchObject({ odometer: 124_600, status: 'due_soon' })
    await readOdometer(org, truck.id, 125_001)
    expect((await getSchedule(org.organization.id, byMiles.id)).status).toBe('overdue')

    const both = await createSchedule(
      admin,
      schedule({ truckId: truck.id, task: 'Brake adjustment', everyDays: 90, everyMiles: 50_000, lastDoneAt: addDays(today, -85), lastDoneOdometer: 120_000 }),
    )
    expect(both).toMatchObject({ nextDueAt: addDays(today, 5), nextDueOdometer: 170_000, status: 'due_soon' })

    // The list filters by unit and by status; the due list and the dashboard's counts agree.
    const overdue = await listSchedules(org.organization.id, { ...LIST, status: 'overdue' })
    expect(overdue.items.map((row) => row.id).sort()).toEqual([byDays.id, byMiles.id].sort())
    expect((await listSchedules(org.organization.id, { ...LIST, trailerId: trailer.id })).items.map((row) => row.id)).toEqual([byDays.id])
    expect((await listSchedules(org.organization.id, { ...LIST, status: 'due_soon', truckId: truck.id })).items.map((row) => row.id)).toEqual([both.id])
    expect((await listDueSchedules(org.organization.id)).map((row) => row.status)).toEqual(['overdue', 'overdue', 'due_soon'])
    expect(await countDueSchedules(org.organization.id)).toEqual({ overdue: 2, due_soon: 1 })

    // The calendar shows the next due days of schedules by days.
    const calendar = await calendarItems({ id: org.users.admin.id, organizationId: org.organization.id, role: 'admin' }, addDays(today, -3), addDays(today, 10))
    expect(calendar.filter((item) => item.kind === 'maintenance').map((item) => [item.startDay, item.title, item.subject])).toEqual([
      [addDays(today, -1), 'Annual inspection', trailer.unitNumber],
      [addDays(today, 5), 'Brake adjustment', truck.unitNumber],
    ])
    expect(
      (await calendarItems({ id: org.users.driver.id, organizationId: org.organization.id, role: 'driver' }, today, addDays(today, 10))).some(
        (item) => item.kind === 'maintenance',
      ),
    ).toBe(false)
  })

  it('updates and deletes at the version read: a stale one is 409 and changes nothing', async () => {
    const org = await createOrg()
    const { truck } = await unitsOf(org)
    const today = await organizationToday(org.organization.id)
    const created = await createSchedule(actorOf(org), schedule({ truckId: truck.id, everyDays: 30, lastDoneAt: today }))
    const updated = await updateSchedule(actorOf(org, 'dispatcher'), created.id, {
      ...schedule({ truckId: truck.id, everyDays: 60, lastDoneAt: today }),
      version: 1,
    })
    expect([updated.version, updated.everyDays, updated.nextDueAt]).toEqual([2, 60, addDays(today, 60)])
    const stale = await refusal(updateSchedule(actorOf(org), created.id, { ...schedule({ truckId: truck.id, everyDays: 7, lastDoneAt: today }), version: 1 }))
    expect(stale.code).toBe('conflict')
    expect((await refusal(deleteSchedule(actorOf(org), created.id, 1))).code).toBe('conflict')
    expect((await getSchedule(org.organization.id, created.id)).everyDays).toBe(60)
    // Accountants and viewers read; they change nothing.
    expect(
      (await refusal(createSchedule(actorOf(org, 'accountant'), schedule({ truckId: truck.id, task: 'Tires', everyDays: 30, lastDoneAt: today })))).code,
    ).toBe('forbidden')
    await deleteSchedule(actorOf(org), created.id, 2)
    expect(await prisma.maintenanceSchedule.count({ where: { id: created.id } })).toBe(0)
    expect(await prisma.auditEvent.count({ where: { entity: 'maintenanceSchedule', entityId: created.id } })).toBe(3)
  })

  it('keeps a task once per unit whatever its case, and refuses another organization’s unit and a day ahead', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck, trailer } = await unitsOf(org)
    const other = await unitsOf(elsewhere)
    const today = await organizationToday(org.organization.id)
    const admin = actorOf(org)
    await createSchedule(admin, schedule({ truckId: truck.id, task: 'Oil change', everyDays: 90, lastDoneAt: today }))
    const twice = await refusal(createSchedule(admin, schedule({ truckId: truck.id, task: 'OIL CHANGE', everyDays: 30, lastDoneAt: today })))
    expect([twice.code, twice.fields]).toEqual(['validation_failed', { task: ['schedules.errors.duplicateTask'] }])
    // Another unit may have the same task.
    await createSchedule(admin, schedule({ trailerId: trailer.id, task: 'oil change', everyDays: 90, lastDoneAt: today }))
    // The index has the last word (two writes racing past the check).
    await expect(
      prisma.maintenanceSchedule.create({
        data: { organizationId: org.organization.id, truckId: truck.id, task: 'Oil Change', everyDays: 5, lastDoneAt: new Date(`${today}T00:00:00Z`) },
      }),
    ).rejects.toThrow()

    const foreign = await refusal(createSchedule(admin, schedule({ truckId: other.truck.id, task: 'Tires', everyDays: 30, lastDoneAt: today })))
    expect(foreign.fields).toEqual({ truckId: ['schedules.errors.unknownTruck'] })
    const foreignTrailer = await refusal(createSchedule(admin, schedule({ trailerId: other.trailer.id, task: 'Tires', everyDays: 30, lastDoneAt: today })))
    expect(foreignTrailer.fields).toEqual({ trailerId: ['schedules.errors.unknownTrailer'] })
    const ahead = await refusal(createSchedule(admin, schedule({ truckId: truck.id, task: 'Tires', everyDays: 30, lastDoneAt: addDays(today, 2) })))
    expect(ahead.fields).toEqual({ lastDoneAt: ['schedules.errors.doneAhead'] })
    expect(await prisma.maintenanceSchedule.count({ where: { organizationId: org.organization.id } })).toBe(2)
  })

  it('holds its rules in the database too: one unit, an interval, positive numbers, miles from an odometer and for trucks only', async () => {
    const org = await createOrg()
    const { truck, trailer } = await unitsOf(org)
    const insert = (fields: {
      truckId?: string | null
      trailerId?: string | null
      everyDays?: number | null
      everyMiles?: number | null
      odometer?: number | null
    }) =>
      prisma.$executeRaw`
        INSERT INTO "MaintenanceSchedule" ("id", "organizationId", "truckId", "trailerId", "task", "everyDays", "everyMiles", "lastDoneAt", "lastDoneOdometer", "updatedAt")
        VALUES (${unique('s')}, ${org.organization.id}, ${fields.truckId ?? null}, ${fields.trailerId ?? null}, ${unique('task')},
          ${fields.everyDays ?? null}::int, ${fields.everyMiles ?? null}::int, '2026-01-01', ${fields.odometer ?? null}::int, now())`
    const refusedBy = async (pending: Promise<unknown>) =>
      String(
        await pending.then(
          () => 'accepted',
          (error: unknown) => (error as Error).message,
        ),
      )
    expect(await refusedBy(insert({ truckId: truck.id, trailerId: trailer.id, everyDays: 30 }))).toContain('MaintenanceSchedule_unit_check')
    expect(await refusedBy(insert({ everyDays: 30 }))).toContain('MaintenanceSchedule_unit_check')
    expect(await refusedBy(insert({ truckId: truck.id }))).toContain('MaintenanceSchedule_interval_check')
    expect(await refusedBy(insert({ truckId: truck.id, everyDays: 0 }))).toContain('MaintenanceSchedule_interval_check')
    expect(await refusedBy(insert({ truckId: truck.id, everyMiles: -5, odometer: 10 }))).toContain('MaintenanceSchedule_interval_check')
    expect(await refusedBy(insert({ truckId: truck.id, everyMiles: 5_000 }))).toContain('MaintenanceSchedule_miles_check')
    expect(await refusedBy(insert({ trailerId: trailer.id, everyMiles: 5_000, odometer: 10 }))).toContain('MaintenanceSchedule_miles_check')
    expect(await refusedBy(insert({ truckId: truck.id, everyDays: 30, odometer: -1 }))).toContain('MaintenanceSchedule_odometer_check')
    expect(await refusedBy(insert({ truckId: truck.id, everyDays: 30, everyMiles: 5_000, odometer: 10 }))).toBe('accepted')

    // The schema says the same at the fields first.
    const parsed = MaintenanceScheduleSchema.safeParse({ trailerId: trailer.id, task: 'Tires', everyMiles: 5_000, lastDoneAt: '2026-01-01' })
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['everyMiles', 'schedules.errors.trailerMiles']])
    const none = MaintenanceScheduleSchema.safeParse({ task: 'Tires', lastDoneAt: '2026-01-01' })
    expect(none.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['truckId', 'schedules.errors.oneUnit'],
      ['everyDays', 'schedules.errors.interval'],
    ])
  })

  it('keeps a truck or trailer that has schedules: deleting it is 409 in_use', async () => {
    const org = await createOrg()
    const { truck, trailer } = await unitsOf(org)
    const today = await organizationToday(org.organization.id)
    await createSchedule(actorOf(org), schedule({ truckId: truck.id, everyDays: 30, lastDoneAt: today }))
    await createSchedule(actorOf(org), schedule({ trailerId: trailer.id, everyDays: 30, lastDoneAt: today }))
    expect((await refusal(deleteTruck(actorOf(org), truck.id))).code).toBe('in_use')
    expect((await refusal(deleteTrailer(actorOf(org), trailer.id))).code).toBe('in_use')
  })

  it('marks schedules done for a work order of their unit, never moving them back, and refuses another unit’s or organization’s', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck, trailer } = await unitsOf(org)
    const other = await unitsOf(org)
    const today = await organizationToday(org.organization.id)
    const admin = actorOf(org)
    const oil = await createSchedule(
      admin,
      schedule({ truckId: truck.id, everyMiles: 10_000, everyDays: 180, lastDoneAt: addDays(today, -200), lastDoneOdometer: 80_000 }),
    )
    const brakes = await createSchedule(admin, schedule({ truckId: truck.id, task: 'Brakes', everyDays: 30, lastDoneAt: addDays(today, -40) }))
    const trailerOne = await createSchedule(admin, schedule({ trailerId: trailer.id, task: 'Lights', everyDays: 30, lastDoneAt: addDays(today, -40) }))
    const otherOne = await createSchedule(admin, schedule({ truckId: other.truck.id, task: 'Tires', everyDays: 30, lastDoneAt: addDays(today, -40) }))
    const foreign = await createSchedule(
      actorOf(elsewhere),
      schedule({ truckId: (await unitsOf(elsewhere)).truck.id, task: 'Tires', everyDays: 30, lastDoneAt: today }),
    )
    const mark = (ids: string[], unit: { truckId?: string | null; trailerId?: string | null }, odometer: number | null, doneAt = new Date()) =>
      prisma.$transaction((tx) => markSchedulesDone(tx, org.organization.id, ids, unit, { doneAt, odometer }))

    for (const [ids, unit] of [
      [[oil.id, otherOne.id], { truckId: truck.id }],
      [[oil.id, foreign.id], { truckId: truck.id }],
      [[trailerOne.id], { truckId: truck.id }],
      [[oil.id], { trailerId: trailer.id }],
    ] as const) {
      const refused = await refusal(mark([...ids], unit, 95_000))
      expect([refused.code, refused.fields]).toEqual(['validation_failed', { scheduleIds: ['schedules.errors.otherUnit'] }])
    }
    expect((await prisma.maintenanceSchedule.findUniqueOrThrow({ where: { id: oil.id } })).version).toBe(1)

    await mark([oil.id, brakes.id], { truckId: truck.id }, 95_000)
    const [doneOil, doneBrakes] = await Promise.all([getSchedule(org.organization.id, oil.id), getSchedule(org.organization.id, brakes.id)])
    expect([isoDate(doneOil.lastDoneAt), doneOil.lastDoneOdometer, doneOil.version, doneOil.status, doneOil.nextDueOdometer]).toEqual([
      today,
      95_000,
      2,
      'ok',
      105_000,
    ])
    expect([isoDate(doneBrakes.lastDoneAt), doneBrakes.lastDoneOdometer, doneBrakes.version, doneBrakes.status]).toEqual([today, 95_000, 2, 'ok'])

    // A work order dated before the last service does not undo it; without an odometer the truck's latest reading counts.
    await mark([oil.id], { truckId: truck.id }, 90_000, new Date(Date.now() - 10 * 86_400_000))
    expect(await prisma.maintenanceSchedule.findUniqueOrThrow({ where: { id: oil.id } })).toMatchObject({ lastDoneOdometer: 95_000, version: 3 })
    await readOdometer(org, truck.id, 97_500)
    await mark([oil.id], { truckId: truck.id }, null)
    expect((await prisma.maintenanceSchedule.findUniqueOrThrow({ where: { id: oil.id } })).lastDoneOdometer).toBe(97_500)
    await mark([trailerOne.id], { trailerId: trailer.id }, null)
    expect(await prisma.maintenanceSchedule.findUniqueOrThrow({ where: { id: trailerOne.id } })).toMatchObject({ lastDoneOdometer: null, version: 2 })
    expect(await mark([], { truckId: truck.id }, null)).toEqual([])
  })

  it('saves from the editor’s form without JavaScript and answers a refused one at its fields', async () => {
    const org = await createOrg()
    const { truck } = await unitsOf(org)
    const today = await organizationToday(org.organization.id)
    const fields = {
      task: 'Oil change',
      truckId: truck.id,
      trailerId: '',
      everyDays: '',
      everyMiles: '15000',
      lastDoneAt: today,
      lastDoneOdometer: '',
      notes: '',
    }
    const refused = await callPage(editorPage.action, '/dashboard/maintenance/schedules/new', org.users.admin.id, {}, postForm(fields))
    expect(refused.status).toBe(400)
    expect(refusalOf(refused)!.fields).toEqual({ lastDoneOdometer: [expect.any(String)] })
    expect(await prisma.maintenanceSchedule.count({ where: { truckId: truck.id } })).toBe(0)

    const saved = await callPage(
      editorPage.action,
      '/dashboard/maintenance/schedules/new',
      org.users.admin.id,
      {},
      postForm({ ...fields, lastDoneOdometer: '200000' }),
    )
    expect(saved.status).toBe(302)
    expect(await prisma.maintenanceSchedule.findFirstOrThrow({ where: { truckId: truck.id } })).toMatchObject({ everyMiles: 15_000, lastDoneOdometer: 200_000 })
    const page = await callPage(listPage.loader, '/dashboard/maintenance/schedules?status=ok', org.users.viewer.id)
    expect([page.status, page.data?.total, page.data?.canCreate]).toEqual([200, 1, false])
    expect((await callPage(listPage.loader, '/dashboard/maintenance/schedules', org.users.driver.id)).status).toBe(403)
  })

  it('answers the API as documented: 201 with the due fields, 400 at the field, 403, 404 for another organization’s, 409, the due list', async () => {
    const org = await createOrg()
    const elsewhere = await createOrg()
    const { truck } = await unitsOf(org)
    const today = await organizationToday(org.organization.id)
    const path = '/api/maintenance/schedules'
    const body = { truckId: truck.id, task: 'DOT annual', everyDays: 365, lastDoneAt: addDays(today, -360) }
    expect((await callApi(schedulesRoute, { method: 'POST', path, token: org.users.viewer.token, body })).status).toBe(403)
    expect((await callApi(schedulesRoute, { path, token: org.users.driver.token })).status).toBe(403)
    const bad = await callApi(schedulesRoute, { method: 'POST', path, token: org.users.admin.token, body: { ...body, everyDays: 0, task: '' } })
    expect([bad.status, bad.body.error?.code, Object.keys(bad.body.error?.fields ?? {}).sort()]).toEqual([400, 'validation_failed', ['everyDays', 'task']])
    const created = await callApi(schedulesRoute, { method: 'POST', path, token: org.users.dispatcher.token, body })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ nextDueAt: addDays(today, 5), nextDueOdometer: null, status: 'due_soon', truck: { id: truck.id }, version: 1 })
    const id = created.body.data.id as string
    const duplicate = await callApi(schedulesRoute, { method: 'POST', path, token: org.users.admin.token, body: { ...body, task: 'dot ANNUAL' } })
    expect([duplicate.status, duplicate.body.error?.fields]).toEqual([400, { task: [expect.any(String)] }])

    const listed = await callApi(schedulesRoute, { path: `${path}?status=due_soon`, token: org.users.accountant.token })
    expect([listed.status, listed.body.meta?.total, listed.body.data?.[0]?.id]).toEqual([200, 1, id])
    expect((await callApi(schedulesRoute, { path: `${path}?status=overdue`, token: org.users.viewer.token })).body.meta?.total).toBe(0)
    const item = `${path}/${id}`
    expect((await callApi(scheduleRoute, { path: item, params: { id }, token: elsewhere.users.admin.token })).status).toBe(404)
    expect((await callApi(scheduleRoute, { path: item, params: { id }, token: org.users.viewer.token })).body.data?.status).toBe('due_soon')

    // PUT the record as read, changed: read-only fields sent back are ignored.
    const put = await callApi(scheduleRoute, {
      method: 'PUT',
      path: item,
      params: { id },
      token: org.users.admin.token,
      body: { ...created.body.data, lastDoneAt: addDays(today, -400) },
    })
    expect([put.status, put.body.data?.status, put.body.data?.version]).toEqual([200, 'overdue', 2])
    const stale = await callApi(scheduleRoute, { method: 'PUT', path: item, params: { id }, token: org.users.admin.token, body: created.body.data })
    expect([stale.status, stale.body.error?.code]).toEqual([409, 'conflict'])

    const due = await callApi(dueRoute, { path: '/api/maintenance/due', token: org.users.viewer.token })
    expect([due.status, due.body.data?.map((row: { id: string }) => row.id), due.body.meta?.total]).toEqual([200, [id], 1])
    expect((await callApi(dueRoute, { path: '/api/maintenance/due', token: elsewhere.users.admin.token })).body.data).toEqual([])

    const csv = await schedulesRoute.loader({
      request: new Request(`http://localhost${path}?format=csv&status=overdue`, { headers: { Authorization: `Bearer ${org.users.viewer.token}` } }),
      params: {},
      context: {},
    } as never)
    const [header, row] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n')
    expect([header, row?.split(',').slice(0, 1), row?.includes('overdue')]).toEqual([
      'task,unitNumber,everyDays,everyMiles,lastDoneAt,lastDoneOdometer,nextDueAt,nextDueOdometer,status,notes,id',
      ['DOT annual'],
      true,
    ])

    expect((await callApi(scheduleRoute, { method: 'DELETE', path: `${item}?version=1`, params: { id }, token: org.users.admin.token })).status).toBe(409)
    expect((await callApi(scheduleRoute, { method: 'DELETE', path: item, params: { id }, token: org.users.viewer.token })).status).toBe(403)
    const deleted = await callApi(scheduleRoute, { method: 'DELETE', path: `${item}?version=2`, params: { id }, token: org.users.admin.token })
    expect([deleted.status, deleted.body.data]).toEqual([200, { id, deleted: true }])
  })
})
