/**
 * The ELD import (ADR 126): Samsara and Motive jurisdiction-miles reports and our template through
 * the CSV pipeline (app/models/fuel-tax/trip-import.server.ts), the trip model's import write, the
 * API and the page, against this file's database. The fixtures in tests/fixtures/eld are invented:
 * each trip's odometers, days and miles per state are asserted exactly.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import en from '~/locales/en'
import { fileIftaReturn, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { TRIP_LINE_ORDER } from '~/models/fuel-tax/trip.server'
import { tripImportList } from '~/models/fuel-tax/trip-import.server'
import { runImport } from '~/models/records/csv-import.server'
import * as importApi from '~/routes/api/imports'
import * as importPage from '~/routes/dashboard/imports/page'
import * as templateRoute from '~/routes/dashboard/imports/template'
import type { EldFormat } from '~/schemas/trip-import-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { expectDocumentedAnswer } from '../contract-kit'
import { actorOf, createOrg } from '../helpers'
import { callPage, type Handler, refusalOf } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/eld', name), 'utf8')
const SAMSARA = fixture('samsara.csv')
const MOTIVE = fixture('motive.csv')
const BAD = fixture('bad.csv')

/** An organization with the units the fixtures name. */
async function fleetOrg() {
  const org = await createOrg()
  const organizationId = org.organization.id
  const [t101, t102] = await Promise.all([
    prisma.truck.create({ data: { organizationId, unitNumber: 'T-101' } }),
    prisma.truck.create({ data: { organizationId, unitNumber: 'T-102' } }),
  ])
  return { ...org, trucks: { 'T-101': t101.id, 'T-102': t102.id } }
}

function importFile(org: Org, format: EldFormat, content: string, options: { dryRun?: boolean; role?: keyof Org['users'] } = {}) {
  return runImport(tripImportList(format), actorOf(org, options.role ?? 'accountant'), content, { dryRun: options.dryRun })
}

/** The organization's trips as plain facts, in the order they start, their states in the order the file ran through them (ADR 154). */
async function tripsOf(org: Org) {
  const trips = await prisma.trip.findMany({
    where: { organizationId: org.organization.id },
    include: { truck: true, jurisdictions: { orderBy: TRIP_LINE_ORDER } },
    orderBy: [{ startedAt: 'asc' }, { startOdometer: 'asc' }],
  })
  return trips.map((trip) => ({
    unit: trip.truck.unitNumber,
    days: [trip.startedAt.toISOString().slice(0, 10), trip.endedAt.toISOString().slice(0, 10)],
    odometer: [trip.startOdometer, trip.endOdometer],
    miles: trip.jurisdictions.map((line) => [line.jurisdiction, line.miles, line.taxableMiles]),
  }))
}

const count = (org: Org) => prisma.trip.count({ where: { organizationId: org.organization.id } })

const SAMSARA_TRIPS = [
  {
    unit: 'T-101',
    days: ['2026-10-14', '2026-10-15'],
    odometer: [412000, 412500],
    // Texas, Oklahoma, Texas again: one line a state, at its first place.
    miles: [
      ['TX', 260, 255],
      ['OK', 240, 240],
    ],
  },
  { unit: 'T-102', days: ['2026-10-16', '2026-10-16'], odometer: [300000, 300150], miles: [['NM', 150, 150]] },
  { unit: 'T-101', days: ['2026-10-20', '2026-10-20'], odometer: [413000, 413100], miles: [['TX', 100, 100]] },
]

describe('reading each ELD’s report', () => {
  it('makes one trip of a unit’s chained rows and another after a break: a Samsara report, full state names, tenths rounded, other columns left out', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'samsara', SAMSARA)
    expect(check).toMatchObject({ rows: 5, valid: 5, errors: [], errorCount: 0, skipped: { duplicate: 0 } })
    expect(check.headers.find((header) => header.header === 'Driver')).toEqual({ header: 'Driver', column: null })
    expect(result).toEqual({ created: 3, skipped: { duplicate: 0 } })
    expect(await tripsOf(org)).toEqual(SAMSARA_TRIPS)
    const audit = await prisma.auditEvent.findMany({ where: { organizationId: org.organization.id, entity: 'trip', action: 'create' } })
    expect(audit).toHaveLength(3)
  })

  it('reads a Motive report: units in any case, an odometer off by one mile still chains, two days apart is a new trip', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'motive', MOTIVE)
    expect([check.errors, result]).toEqual([[], { created: 2, skipped: { duplicate: 0 } }])
    expect(await tripsOf(org)).toEqual([
      {
        unit: 'T-102',
        days: ['2026-11-02', '2026-11-03'],
        odometer: [301000, 301500],
        miles: [
          ['NM', 200, 200],
          ['AZ', 150, 150],
          ['CA', 149, 149],
        ],
      },
      { unit: 'T-102', days: ['2026-11-05', '2026-11-05'], odometer: [301500, 301600], miles: [['CA', 100, 100]] },
    ])
  })

  it('imports the same file twice as once: the second time every row is a duplicate, counted as skipped', async () => {
    const org = await fleetOrg()
    await importFile(org, 'samsara', SAMSARA)
    const again = await importFile(org, 'samsara', SAMSARA)
    expect([again.check.errors, again.check.valid, again.result]).toEqual([[], 0, { created: 0, skipped: { duplicate: 5 } }])
    expect(await count(org)).toBe(3)
  })

  it('creates each trip once when the same file is imported twice at the same moment', async () => {
    const org = await fleetOrg()
    const answers = await Promise.all([importFile(org, 'samsara', SAMSARA), importFile(org, 'samsara', SAMSARA), importFile(org, 'motive', MOTIVE)])
    expect(answers.map((answer) => answer.check.errors)).toEqual([[], [], []])
    const samsara = answers.slice(0, 2).map((answer) => answer.result!.created)
    expect(samsara.toSorted()).toEqual([0, 3])
    expect(await tripsOf(org)).toEqual(expect.arrayContaining(SAMSARA_TRIPS))
    expect(await count(org)).toBe(3 + answers[2].result!.created)
  })

  it('writes nothing on a dry run, which still reports what the import would skip', async () => {
    const org = await fleetOrg()
    const dry = await importFile(org, 'samsara', SAMSARA, { dryRun: true })
    expect([dry.check.valid, dry.check.skipped, dry.result]).toEqual([5, { duplicate: 0 }, null])
    expect(await count(org)).toBe(0)
    await importFile(org, 'samsara', SAMSARA)
    const after = await importFile(org, 'samsara', SAMSARA, { dryRun: true })
    expect([after.check.valid, after.check.skipped]).toEqual([0, { duplicate: 5 }])
    expect(await count(org)).toBe(3)
  })

  it('names each bad row’s line and column by the trip’s rules, and writes nothing', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'generic', BAD)
    expect(result).toBeNull()
    expect(check.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [2, 'unit', 'eldImport.errors.unknownUnit'],
      [3, 'jurisdiction', 'ifta.errors.jurisdiction'],
      [4, 'endOdometer', 'ifta.errors.odometerBackwards'],
      [5, 'miles', 'ifta.errors.milesDontAdd'],
      [6, 'date', 'fuelImport.errors.date'],
      [7, 'startOdometer', 'eldImport.errors.odometer'],
    ])
    expect(await count(org)).toBe(0)
  })

  it('refuses a file that chains into miles that do not add up at the trip’s first row', async () => {
    const org = await fleetOrg()
    // Each row is within a mile, the trip of three is off by two.
    const file = 'unit,date,jurisdiction,startOdometer,endOdometer,miles\nT-101,2026-10-01,TX,1000,1100,101\nT-101,2026-10-01,OK,1100,1200,101\n'
    const { check, result } = await importFile(org, 'generic', file)
    expect(result).toBeNull()
    expect(check.errors.map((error) => [error.row, error.column, error.message])).toEqual([[2, 'miles', 'ifta.errors.milesDontAdd']])
    expect(await count(org)).toBe(0)
  })

  it('does not know another organization’s unit', async () => {
    const org = await fleetOrg()
    const other = await createOrg()
    await prisma.truck.create({ data: { organizationId: other.organization.id, unitNumber: 'T-555' } })
    const { check } = await importFile(org, 'generic', 'unit,date,jurisdiction,startOdometer,endOdometer\nT-555,2026-10-01,TX,100,200\n')
    expect(check.errors.map((error) => [error.row, error.column, error.message])).toEqual([[2, 'unit', 'eldImport.errors.unknownUnit']])
    expect(await prisma.trip.count({ where: { organizationId: { in: [org.organization.id, other.organization.id] } } })).toBe(0)
  })

  it('refuses a trip ending in a filed quarter at its last row, and skips trips imported before the filing as duplicates', async () => {
    const org = await fleetOrg()
    const file = 'unit,date,endDate,jurisdiction,startOdometer,endOdometer\nT-101,2026-09-29,,TX,5000,5100\nT-101,2026-09-30,2026-09-30,OK,5100,5300\n'
    await importFile(org, 'generic', file)
    await fileIftaReturn(actorOf(org, 'accountant'), requireQuarter('2026-Q3'), '2026-10-20')
    const again = await importFile(org, 'generic', file)
    expect([again.check.errors, again.result]).toEqual([[], { created: 0, skipped: { duplicate: 2 } }])
    const late = await importFile(
      org,
      'generic',
      'unit,date,jurisdiction,startOdometer,endOdometer\nT-102,2026-09-10,TX,100,200\nT-102,2026-09-10,TX,200,300\n',
    )
    expect(late.result).toBeNull()
    expect(late.check.errors.map((error) => [error.row, error.column, error.message, error.params])).toEqual([
      [3, 'date', 'ifta.errors.periodClosed', { quarter: '2026-Q3' }],
    ])
    expect(await count(org)).toBe(1)
  })

  it('refuses the whole file to a role that may not create trips', async () => {
    const org = await fleetOrg()
    await expect(importFile(org, 'samsara', SAMSARA, { role: 'viewer' })).rejects.toMatchObject({ code: 'forbidden' })
    expect(await count(org)).toBe(0)
  })
})

describe('POST /api/trips/import', () => {
  function post(org: Org, query: string, body: BodyInit, type: string | null = 'text/csv', role: keyof Org['users'] = 'accountant') {
    const path = `/api/trips/import${query}`
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${org.users[role].token}`, ...(type ? { 'Content-Type': type } : {}), [CLIENT_IP_HEADER]: '198.51.100.7' },
      body,
    })
    return importApi.action({ request, params: {}, context: {} } as never).then(async (response) => {
      const answer = { status: response.status, body: await response.json() }
      expectDocumentedAnswer('POST', path, answer)
      return answer
    })
  }

  it('checks, imports and skips by the format chosen in the query or the multipart form; refuses a format of no ELD', async () => {
    const org = await fleetOrg()
    const dry = await post(org, '?dryRun=true&format=samsara', SAMSARA)
    expect(dry).toMatchObject({ status: 200, body: { data: { rows: 5, valid: 5, errorCount: 0, errors: [], skipped: { duplicate: 0 } } } })
    const form = new FormData()
    form.append('file', new File([SAMSARA], 'samsara.csv', { type: 'text/csv' }))
    form.append('format', 'samsara')
    expect(await post(org, '', form, null)).toEqual({ status: 201, body: { data: { created: 3, skipped: { duplicate: 0 }, duplicates: 0, errors: [] } } })
    expect(await post(org, '?format=samsara', SAMSARA)).toEqual({
      status: 201,
      body: { data: { created: 0, skipped: { duplicate: 5 }, duplicates: 5, errors: [] } },
    })
    expect((await post(org, '?format=wex', SAMSARA)).status).toBe(400)
    const bad = await post(org, '', BAD)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.error.fields)).toContain('rows.2.unit')
    expect((await post(org, '?format=motive', MOTIVE, 'text/csv', 'viewer')).status).toBe(403)
  })

  // The contract (ADR 137): "the same way as fuel imports": `format=csv`, `{ created, duplicates, errors [{ row, field, message }] }`.
  it('takes format=csv as our template and answers the contract’s created, duplicates and errors', async () => {
    const org = await fleetOrg()
    const file = 'unit,date,jurisdiction,startOdometer,endOdometer,miles\nT-101,2026-10-01,TX,1000,1100,100\nT-101,2026-10-01,OK,1100,1200,100\n'
    const form = new FormData()
    form.append('file', new File([file], 'trips.csv', { type: 'text/csv' }))
    form.append('format', 'csv')
    form.append('dryRun', 'true')
    const dry = await post(org, '', form, null)
    expect(dry.status).toBe(200)
    expect(dry.body.data).toMatchObject({ rows: 2, valid: 2, created: 0, duplicates: 0, errors: [] })
    expect(await count(org)).toBe(0)
    expect(await post(org, '?format=csv', file)).toEqual({ status: 201, body: { data: { created: 1, duplicates: 0, errors: [], skipped: { duplicate: 0 } } } })
    expect((await post(org, '?format=csv', file)).body.data).toEqual({ created: 0, duplicates: 2, errors: [], skipped: { duplicate: 2 } })
    expect(await count(org)).toBe(1)
  })

  it('names each refused row by { row, field, message } in the dry run and in the 400, writing nothing', async () => {
    const org = await fleetOrg()
    const dry = await post(org, '?format=csv&dryRun=true', BAD)
    expect(dry.body.data.errors.slice(0, 2)).toEqual([
      { row: 2, field: 'unit', column: 'unit', message: en.eldImport.errors.unknownUnit },
      { row: 3, field: 'jurisdiction', column: 'jurisdiction', message: expect.any(String) },
    ])
    const refused = await post(org, '?format=csv', BAD)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: { code: 'validation_failed' }, created: 0, duplicates: 0 })
    expect(refused.body.errors.map((error: { row: number; field: string }) => [error.row, error.field])).toEqual([
      [2, 'unit'],
      [3, 'jurisdiction'],
      [4, 'endOdometer'],
      [5, 'miles'],
      [6, 'date'],
      [7, 'startOdometer'],
    ])
    expect(refused.body.errors[0].message).toBe(refused.body.error.fields['rows.2.unit'][0])
    expect(await count(org)).toBe(0)
  })
  it('answers a malformed CSV with a clear JSON error and a 50 MB file, as the body or a part, with 413, writing nothing', async () => {
    const org = await fleetOrg()
    const malformed = await post(org, '?format=samsara', 'Vehicle,Jurisdiction\n"T-101,TX\n')
    expect([malformed.status, malformed.body.error.code, malformed.body.error.fields]).toEqual([
      400,
      'validation_failed',
      { file: [en.imports.errors.malformed.replace('{{line}}', '2')] },
    ])
    const fifty = new Uint8Array(50 * 1024 * 1024).fill(0x41)
    const part = new FormData()
    part.append('file', new File([fifty], 'big.csv', { type: 'text/csv' }))
    part.append('format', 'samsara')
    for (const answer of [await post(org, '?format=samsara', fifty), await post(org, '', part, null)]) {
      expect([answer.status, answer.body.error.code]).toEqual([413, 'payload_too_large'])
      expect(answer.body.error.message).toBe(en.imports.errors.tooLarge.replace('{{size}}', '10'))
    }
    expect(await count(org)).toBe(0)
  })
})

describe('the trip import page and template', () => {
  async function submit(
    org: Org,
    fields: Record<string, string>,
    content: string | Uint8Array<ArrayBuffer>,
    role: keyof Org['users'] = 'accountant',
    language = 'en',
  ) {
    const form = new FormData()
    form.append('file', new File([content], 'trips.csv', { type: 'text/csv' }))
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    const headers = { Cookie: `i18nextLng=${language}` }
    return callPage(importPage.action as Handler, '/dashboard/trips/import', org.users[role].id, {}, { method: 'POST', body: form, headers })
  }

  it('refuses a malformed CSV and a 50 MB file with a message above the form, in the reader’s language, writing nothing', async () => {
    const org = await fleetOrg()
    const malformed = 'Vehicle,Jurisdiction\n"T-101,TX\n'
    for (const intent of ['dryRun', 'import']) {
      const refused = await submit(org, { intent, format: 'samsara' }, malformed)
      expect([refused.status, refusalOf(refused)?.message]).toEqual([400, 'The file is not valid CSV (line 2): check its quotes.'])
    }
    const french = await submit(org, { intent: 'import', format: 'samsara' }, malformed, 'accountant', 'fr')
    expect([french.status, refusalOf(french)?.message]).toEqual([400, 'Le fichier n’est pas un CSV valide (ligne 2) : vérifiez les guillemets.'])
    const fifty = new Uint8Array(50 * 1024 * 1024).fill(0x41)
    const big = await submit(org, { intent: 'import', format: 'samsara' }, fifty)
    expect([big.status, refusalOf(big)?.message]).toEqual([413, 'The file is larger than 10 MB.'])
    const bigFrench = await submit(org, { intent: 'import', format: 'samsara' }, fifty, 'accountant', 'fr')
    expect([bigFrench.status, refusalOf(bigFrench)?.message]).toEqual([413, 'Le fichier dépasse 10 Mo.'])
    expect(await count(org)).toBe(0)
  })

  it('checks with the ELD’s format, then imports and goes to the trips with a toast', async () => {
    const org = await fleetOrg()
    const checked = await submit(org, { intent: 'dryRun', format: 'samsara' }, SAMSARA)
    expect(checked.status).toBe(200)
    expect(checked.data?.outcome).toMatchObject({ dryRun: true, rows: 5, valid: 5, errorCount: 0, mapping: false, format: 'samsara', skipped: [] })
    const imported = await submit(org, { intent: 'import', format: 'samsara' }, SAMSARA)
    expect([imported.status, imported.location]).toEqual([302, '/dashboard/trips/list?sort=createdAt&dir=desc'])
    expect(imported.toast?.title).toBe('3 trips imported; 0 rows of trips imported before skipped')
    const again = await submit(org, { intent: 'dryRun', format: 'samsara' }, SAMSARA)
    expect((again.data?.outcome as { skipped: string[] }).skipped).toEqual([en.eldImport.skipped.duplicate.replace('{{count}}', '5')])
    expect((await submit(org, { intent: 'dryRun', format: 'wex' }, SAMSARA)).status).toBe(400)
    expect((await submit(org, { intent: 'import', format: 'samsara' }, SAMSARA, 'viewer')).status).toBe(403)
    expect((await callPage(importPage.loader as Handler, '/dashboard/trips/import', org.users.admin.id)).status).toBe(200)
  })

  it('serves the template, which imports as it is: one trip through two states', async () => {
    const org = await fleetOrg()
    const template = await callPage(templateRoute.loader as Handler, '/dashboard/trips/import/template', org.users.accountant.id)
    expect(template.response?.headers.get('Content-Disposition')).toContain('freightdesk-trips-template.csv')
    const text = await template.response!.text()
    expect((await importFile(org, 'generic', text)).result).toEqual({ created: 1, skipped: { duplicate: 0 } })
    expect(await tripsOf(org)).toEqual([
      {
        unit: 'T-101',
        days: ['2026-10-14', '2026-10-15'],
        odometer: [412000, 412420],
        miles: [
          ['TX', 180, 180],
          ['OK', 240, 240],
        ],
      },
    ])
    expect((await callPage(templateRoute.loader as Handler, '/dashboard/trips/import/template', org.users.viewer.id)).status).toBe(403)
  })
})
