/**
 * The compliance dashboard and what it makes the dispatch do (ADR 140): every active driver × kind
 * on the organization's today (accepted items only), its filters, CSV and API; a driver with a
 * required kind expired or missing on a load's day refused at dispatch, on a new load and on a
 * change of driver (409 out_of_service), and shown so on the editor's picker, the board and the
 * load page; the calendar's expiries; and the expiry reminder, sent once however many runs race.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { calendarItems } from '~/models/calendar.server'
import { complianceMatrix, driverQualificationRefusals } from '~/models/compliance/compliance.server'
import { queueComplianceReminders } from '~/models/compliance/compliance-reminders.server'
import { getLoad, updateLoad } from '~/models/loads/load.server'
import { loadBoard } from '~/models/loads/load-board.server'
import { loadEditorOptions } from '~/models/loads/load-pickers.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { runDueJobs, scheduledTasks } from '~/models/operations/jobs.server'
import { complianceRemindersTask } from '~/models/tasks/compliance-reminders.server'
import * as complianceApi from '~/routes/api/compliance/matrix'
import * as loadsApi from '~/routes/api/loads/collection'
import * as dashboardPage from '~/routes/dashboard/compliance/dashboard'
import * as exportPage from '~/routes/dashboard/compliance/export'
import * as loadPage from '~/routes/dashboard/loads/view'
import { ComplianceQuerySchema } from '~/schemas/compliance'
import { LoadUpdateSchema } from '~/schemas/load'
import type { QualificationKind, QualificationReview } from '~/schemas/qualification-options'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, LOAD_STOPS, newLoad, type Org, refusal, unique } from '../helpers'
import { callPage, type Handler } from '../page-helpers'

const NOW = new Date('2026-12-03T15:00:00Z')

/** An item of a driver's file, written as the other pages would (accepted unless said). */
function item(
  org: Org,
  driverId: string,
  kind: QualificationKind,
  completedAt: string,
  expiresAt: string | null = null,
  review: QualificationReview = 'accepted',
) {
  return prisma.driverQualification.create({
    data: {
      organizationId: org.organization.id,
      driverId,
      kind,
      completedAt: new Date(`${completedAt}T00:00:00Z`),
      expiresAt: expiresAt ? new Date(`${expiresAt}T00:00:00Z`) : null,
      review,
    },
  })
}

function requireKinds(org: Org, requiredKinds: QualificationKind[], reminderDays = 30) {
  return prisma.complianceSettings.upsert({
    where: { organizationId: org.organization.id },
    create: { organizationId: org.organization.id, requiredKinds, reminderDays },
    update: { requiredKinds, reminderDays },
  })
}

async function anotherDriver(org: Org, firstName: string, lastName = 'Driver') {
  return prisma.user.create({
    data: { organizationId: org.organization.id, email: `${unique('d')}@example.test`, firstName, lastName, role: 'driver', passwordHash: 'x' },
  })
}

/** `YYYY-MM-DD` `days` from today (UTC), for the pages that read the real clock. */
const fromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const cellsOf = (row: { cells: Array<{ kind: string; status: string; validThrough: string | null }> }, kinds: string[]) =>
  Object.fromEntries(row.cells.filter((cell) => kinds.includes(cell.kind)).map((cell) => [cell.kind, [cell.status, cell.validThrough]]))

describe('the compliance matrix', () => {
  it('reads every active driver × kind on the organization’s today, accepted items only, with the filters and summary', async () => {
    const org = await createOrg()
    const driverId = org.users.driver.id
    const other = await anotherDriver(org, 'Zoe', 'Zulu')
    const gone = await anotherDriver(org, 'Gone', 'Banned')
    await prisma.user.update({ where: { id: gone.id }, data: { status: 'banned' } })
    await Promise.all([
      item(org, driverId, 'mvr', '2025-12-20'), // holds through 2026-12-19: expiring
      item(org, driverId, 'medical_certificate', '2024-11-30', '2026-11-30'), // expired
      item(org, driverId, 'application', '2024-01-10'), // never expires: ok
      item(org, driverId, 'annual_review', '2026-06-01'), // through 2027-05-31: ok
      item(org, driverId, 'drug_test', '2026-11-01', null, 'pending'), // a driver's upload not yet accepted: missing
      item(org, driverId, 'road_test', '2026-11-01', null, 'rejected'), // missing
      item(org, other.id, 'mvr', '2025-01-01'), // through 2025-12-31: expired
      item(org, gone.id, 'mvr', '2026-06-01'),
    ])
    const query = (fields: Record<string, string> = {}) => ComplianceQuerySchema.parse(fields)
    const matrix = await complianceMatrix(org.organization.id, query(), NOW)
    expect([matrix.day, matrix.kinds, matrix.total, matrix.items.map((row) => row.name)]).toEqual([
      '2026-12-03',
      ['application', 'mvr', 'road_test', 'medical_certificate', 'clearinghouse_query', 'drug_test', 'annual_review', 'license'],
      2,
      ['driver Tester', 'Zoe Zulu'],
    ])
    expect(cellsOf(matrix.items[0]!, ['application', 'mvr', 'road_test', 'medical_certificate', 'drug_test', 'annual_review'])).toEqual({
      application: ['ok', null],
      mvr: ['expiring', '2026-12-19'],
      road_test: ['missing', null],
      medical_certificate: ['expired', '2026-11-30'],
      drug_test: ['missing', null],
      annual_review: ['ok', '2027-05-31'],
    })
    // 2 drivers × 8 kinds: 2 ok, 1 expiring, 2 expired, 11 missing.
    expect(matrix.summary).toEqual({ ok: 2, expiring: 1, expired: 2, missing: 11 })

    // Filters: a status keeps the drivers with a kind in it; a kind its column; a name; the required kinds.
    expect((await complianceMatrix(org.organization.id, query({ status: 'expiring' }), NOW)).items.map((row) => row.driverId)).toEqual([driverId])
    const mvr = await complianceMatrix(org.organization.id, query({ kind: 'mvr', status: 'expired' }), NOW)
    expect([mvr.kinds, mvr.items.map((row) => row.driverId), mvr.summary]).toEqual([['mvr'], [other.id], { ok: 0, expiring: 1, expired: 1, missing: 0 }])
    expect((await complianceMatrix(org.organization.id, query({ q: 'zul' }), NOW)).items.map((row) => row.driverId)).toEqual([other.id])
    await requireKinds(org, ['mvr', 'other'])
    const required = await complianceMatrix(org.organization.id, query({ required: '1' }), NOW)
    expect([required.kinds, required.requiredKinds, required.items[0]!.cells.map((cell) => cell.required)]).toEqual([
      ['mvr', 'other'],
      ['mvr', 'other'],
      [true, true],
    ])
    // Paged by driver.
    const paged = await complianceMatrix(org.organization.id, query({ pageSize: '10', page: '3' }), NOW)
    expect([paged.page, paged.items.length]).toEqual([1, 2])
  })

  it('is the page, its CSV and GET /api/compliance, read by the office and not by drivers or mechanics', async () => {
    const org = await createOrg()
    const driverId = org.users.driver.id
    await Promise.all([item(org, driverId, 'mvr', '2020-01-01'), item(org, driverId, 'medical_certificate', '2026-01-01', fromToday(200))])
    await requireKinds(org, ['mvr'])
    for (const role of ['admin', 'dispatcher', 'accountant', 'viewer'] as const) {
      expect((await callPage(dashboardPage.loader as Handler, '/dashboard/compliance', org.users[role].id)).status, role).toBe(200)
    }
    for (const role of ['driver', 'mechanic'] as const) {
      expect((await callPage(dashboardPage.loader as Handler, '/dashboard/compliance', org.users[role].id)).status, role).toBe(403)
      expect((await callPage(exportPage.loader as Handler, '/dashboard/compliance/export', org.users[role].id)).status, role).toBe(403)
    }
    const page = (await callPage(dashboardPage.loader as Handler, '/dashboard/compliance?status=expired', org.users.viewer.id)).data as {
      rows: Array<{ id: string; cells: Array<[string, string | null]> }>
      kinds: string[]
      requiredKinds: string[]
    }
    expect([page.rows.map((row) => row.id), page.requiredKinds]).toEqual([[driverId], ['mvr']])
    expect(page.rows[0]!.cells[page.kinds.indexOf('mvr')]).toEqual(['expired', '2020-12-31'])

    // The CSV: a line per driver and kind the filters keep, in the reader's language.
    const csv = await callPage(exportPage.loader as Handler, '/dashboard/compliance/export?kind=mvr', org.users.accountant.id)
    expect(csv.response?.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const lines = (await csv.response!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/)
    expect(lines).toEqual(['Driver ID,Driver,Kind,Required,Status,Valid through', `${driverId},driver Tester,Motor vehicle record,true,Expired,2020-12-31`])

    // The API: per driver and kind, documented (contract-kit checks the answer against the OpenAPI schema).
    const api = await callApi(complianceApi, { path: '/api/compliance?kind=medical_certificate', token: org.users.dispatcher.token })
    expect(api.status).toBe(200)
    expect(api.body).toEqual({
      data: [{ driverId, name: 'driver Tester', kinds: [{ kind: 'medical_certificate', required: false, status: 'ok', validThrough: fromToday(200) }] }],
      meta: { total: 1, page: 1, pageSize: 25, day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), requiredKinds: ['mvr'] },
    })
    expect((await callApi(complianceApi, { path: '/api/compliance', token: org.users.driver.token })).status).toBe(403)
    expect((await callApi(complianceApi, { path: '/api/compliance' })).status).toBe(401)
    expect((await callApi(complianceApi, { method: 'POST', path: '/api/compliance', token: org.users.admin.token, body: {} })).status).toBe(405)
    // Another organization sees none of these drivers.
    const elsewhere = await createOrg()
    const theirs = await callApi(complianceApi, { path: '/api/compliance', token: elsewhere.users.admin.token })
    expect((theirs.body as { data: Array<{ driverId: string }> }).data.map((row) => row.driverId)).toEqual([elsewhere.users.driver.id])
  })

  it('puts each accepted item’s last day on the calendar', async () => {
    const org = await createOrg()
    await Promise.all([
      item(org, org.users.driver.id, 'mvr', '2025-12-20'),
      item(org, org.users.driver.id, 'medical_certificate', '2025-01-01', '2026-12-24', 'pending'),
    ])
    const items = await calendarItems({ id: org.users.admin.id, organizationId: org.organization.id, role: 'admin' }, '2026-11-30', '2027-01-10')
    expect(items.filter((entry) => entry.kind === 'qualification').map((entry) => [entry.startDay, entry.title, entry.subject])).toEqual([
      ['2026-12-19', 'mvr', 'driver Tester'],
    ])
  })
})

describe('the dispatch honours the qualification file', () => {
  it('refuses a driver whose required MVR expired or is missing (409 out_of_service), and not when the kind is not required', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const dispatch = () => moveLoad(actorOf(org, 'dispatcher'), load.id, { status: 'dispatched', version: load.version })
    // Nothing required: a file without an MVR does not matter to the dispatch.
    const mvr = await item(org, driverId, 'mvr', '2025-01-15') // held through 2026-01-14
    await requireKinds(org, ['clearinghouse_query'])
    await item(org, driverId, 'clearinghouse_query', '2026-06-01')
    const unrequired = await newLoad(org, { brokerId: broker.id, driverId })
    expect(unrequired.driverId).toBe(driverId)

    await requireKinds(org, ['clearinghouse_query', 'mvr'])
    const expired = await refusal(dispatch())
    expect([expired.code, expired.messageKey, expired.options.params, expired.fields]).toEqual([
      'out_of_service',
      'compliance.errors.driver.expired',
      { kind: 'mvr' },
      { driverId: ['compliance.errors.driver.expired'] },
    ])
    await prisma.driverQualification.delete({ where: { id: mvr.id } })
    const missing = await refusal(dispatch())
    expect([missing.code, missing.messageKey, missing.options.params]).toEqual(['out_of_service', 'compliance.errors.driver.missing', { kind: 'mvr' }])
    // A renewed MVR still waiting for the office's review does not count.
    const renewed = await item(org, driverId, 'mvr', '2026-11-20', null, 'pending')
    expect((await refusal(dispatch())).messageKey).toBe('compliance.errors.driver.missing')
    await prisma.driverQualification.update({ where: { id: renewed.id }, data: { review: 'accepted' } })
    expect((await dispatch()).status).toBe('dispatched')
  })

  it('refuses a new load and a change of driver (the API too), and says why on the picker, the board and the load page', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const fit = await anotherDriver(org, 'Fit')
    await prisma.driverProfile.create({
      data: { organizationId: org.organization.id, userId: fit.id, licenseExpiry: new Date('2027-06-30'), medicalCardExpiry: new Date('2027-06-30') },
    })
    await item(org, fit.id, 'mvr', '2026-11-01')
    // Booked before the organization required the MVR.
    const booked = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    await requireKinds(org, ['mvr'])

    const created = await refusal(newLoad(org, { brokerId: broker.id, driverId }))
    expect([created.code, created.fields]).toEqual(['out_of_service', { driverId: ['compliance.errors.driver.missing'] }])
    const api = await callApi(loadsApi, {
      method: 'POST',
      path: '/api/loads',
      token: org.users.dispatcher.token,
      body: { brokerId: broker.id, driverId, stops: LOAD_STOPS, linehaulCents: 100_000 },
    })
    expect([api.status, (api.body as { error: { code: string; message: string } }).error.code]).toEqual([409, 'out_of_service'])
    expect((api.body as { error: { message: string } }).error.message).toBe(
      'The driver has no accepted Motor vehicle record on file: the organization requires it for dispatch.',
    )
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(1)

    // A load of the fit driver given the unfit one is refused; keeping its own driver is not checked again until dispatch.
    const other = await newLoad(org, { brokerId: broker.id, driverId: fit.id })
    const full = await getLoad(actorOf(org), other.id)
    const edit = (fields: Record<string, unknown>) =>
      updateLoad(
        actorOf(org),
        other.id,
        LoadUpdateSchema.parse({
          brokerId: broker.id,
          stops: full.stops.map((stop) => ({ id: stop.id, type: stop.type, city: stop.city, state: stop.state, windowStart: '2026-12-01T08:00' })),
          linehaulCents: 150_000,
          version: full.version,
          ...fields,
        }),
      )
    expect((await refusal(edit({ driverId }))).fields).toEqual({ driverId: ['compliance.errors.driver.missing'] })
    expect((await edit({ driverId: fit.id, notes: 'same driver' })).notes).toBe('same driver')

    // The picker lists the unfit driver as unavailable, with the reason; the fit one is offered.
    const options = await loadEditorOptions(org.organization.id)
    expect(options.drivers.map((driver) => [driver.id, driver.status, driver.outOfService])).toEqual(
      expect.arrayContaining([
        [driverId, 'out_of_service', { key: 'compliance.errors.driver.missing', params: { kind: 'mvr' } }],
        [fit.id, 'active', null],
      ]),
    )
    // The board's card and the load page say why and offer no dispatch.
    const reason = { key: 'compliance.errors.driver.missing', params: { kind: 'mvr' } }
    const card = (await loadBoard(org.organization.id)).columns.flatMap((column) => column.cards).find((row) => row.id === booked.id)
    expect(card?.outOfService).toEqual(reason)
    const page = (await callPage(loadPage.loader, `/dashboard/loads/${booked.id}`, org.users.dispatcher.id, { id: booked.id })).data!
    expect([page.outOfService, (page.offers as { moves: string[] }).moves]).toEqual([reason, ['canceled']])
  })

  it('reads the file on the pickup day in the organization’s time zone', async () => {
    const org = await createOrg()
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'America/Chicago' } })
    const { broker, truck, trailer, driverId } = await fleet(org)
    // The MVR reviewed on 2025-12-02 holds through 2026-12-01.
    await item(org, driverId, 'mvr', '2025-12-02')
    await requireKinds(org, ['mvr'])
    const at = (windowStart: string) => [{ ...LOAD_STOPS[0], windowStart }, LOAD_STOPS[1]]
    // 8 pm in Chicago on December 1st is 02:00 UTC on the 2nd: still the 1st's load.
    const evening = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id, stops: at('2026-12-01T20:00') })
    const refusals = await driverQualificationRefusals(prisma, org.organization.id, [
      { id: 'first', driverId, day: '2026-12-01' },
      { id: 'second', driverId, day: '2026-12-02' },
    ])
    expect([...refusals.keys()]).toEqual(['second'])
    expect((await refusal(newLoad(org, { brokerId: broker.id, driverId, stops: at('2026-12-02T06:00') }))).messageKey).toBe('compliance.errors.driver.expired')
    expect((await moveLoad(actorOf(org, 'dispatcher'), evening.id, { status: 'dispatched', version: evening.version })).status).toBe('dispatched')
  })
})

describe('the expiry reminder', () => {
  afterEach(async () => {
    await fs.rm(process.env.OUTBOX_DIR!, { recursive: true, force: true })
  })

  async function outbox() {
    const dir = process.env.OUTBOX_DIR!
    const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort()
    return Promise.all(files.map(async (file) => JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as { to: unknown; subject: string; text: string }))
  }

  it('goes to the admins reminderDays before the item ends, once, even when two runs race, in the organization’s language', async () => {
    const org = await createOrg()
    await prisma.organization.update({ where: { id: org.organization.id }, data: { language: 'fr' } })
    await requireKinds(org, [], 20)
    const driverId = org.users.driver.id
    // Ends 2026-12-19: reminded from 2026-11-29 (20 days before).
    const due = await item(org, driverId, 'mvr', '2025-12-20')
    // Ends 2027-01-31: not yet; never expires: never; superseded by a later one: not reminded.
    const later = await item(org, driverId, 'medical_certificate', '2026-01-01', '2027-01-31')
    await item(org, driverId, 'application', '2024-01-01')
    const old = await item(org, driverId, 'clearinghouse_query', '2025-12-10')
    await item(org, driverId, 'clearinghouse_query', '2026-11-15')

    const runs = await Promise.all([queueComplianceReminders(NOW), queueComplianceReminders(NOW)])
    const mine = runs.flat().filter((id) => [due.id, later.id, old.id].includes(id))
    expect(mine).toEqual([due.id])
    await runDueJobs()
    expect(await queueComplianceReminders(NOW)).not.toContain(due.id)
    await runDueJobs()
    const sent = (await outbox()).filter((message) => JSON.stringify(message.to).includes(org.users.admin.email))
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toBe('driver Tester : Relevé de conduite (MVR) expire le 2026-12-19')
    expect(sent[0]!.text).toContain(`/dashboard/user/${driverId}/qualifications`)
    expect(sent[0]!.text).toContain('/dashboard/compliance')
    expect((await prisma.driverQualification.findUniqueOrThrow({ where: { id: due.id } })).remindedAt).toEqual(NOW)
  })

  it('runs hourly from the job queue (COMPLIANCE_REMINDER_SCHEDULE, `off` for none) and reminds what is due today', async () => {
    expect(await scheduledTasks()).toContainEqual({ task: 'compliance_reminders', match: '20 * * * *', identifier: 'compliance_reminders' })
    process.env.COMPLIANCE_REMINDER_SCHEDULE = 'off'
    expect((await scheduledTasks()).map((scheduled) => scheduled.task)).not.toContain('compliance_reminders')
    delete process.env.COMPLIANCE_REMINDER_SCHEDULE

    const org = await createOrg()
    await requireKinds(org, [], 30)
    // A medical card that ends in ten days (UTC days; the organization's day is at most one off).
    const ends = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
    const card = await item(org, org.users.driver.id, 'medical_certificate', '2025-06-01', ends)
    await complianceRemindersTask.enqueue(prisma, {})
    await runDueJobs()
    await runDueJobs()
    expect((await prisma.driverQualification.findUniqueOrThrow({ where: { id: card.id } })).remindedAt).not.toBeNull()
    expect((await outbox()).filter((message) => JSON.stringify(message.to).includes(org.users.admin.email))).toHaveLength(1)
  })
})
