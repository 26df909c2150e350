/**
 * The fuel-card import (ADR 123): WEX, EFS and Comdata exports and our template through the CSV
 * pipeline (app/models/fuel-tax/fuel-import.server.ts), the fuel purchase model's bulk write, the
 * API and the page, against this file's database. The fixtures in tests/fixtures/fuel-cards are
 * invented: each row's gallons, cents, card digits and fuel type are asserted exactly.
 */
import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import en from '~/locales/en'
import { fuelImportList, fuelTypeOf } from '~/models/fuel-tax/fuel-import.server'
import { fileIftaReturn, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { runImport } from '~/models/records/csv-import.server'
import * as importApi from '~/routes/api/imports'
import * as importPage from '~/routes/dashboard/imports/page'
import * as templateRoute from '~/routes/dashboard/imports/template'
import type { FuelCardFormat } from '~/schemas/fuel-import-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { expectDocumentedAnswer } from '../contract-kit'
import { actorOf, createOrg } from '../helpers'
import { callPage, type Handler } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/fuel-cards', name), 'utf8')
const WEX = fixture('wex.csv')
const EFS = fixture('efs.csv')
const COMDATA = fixture('comdata.csv')
const GENERIC = fixture('generic.csv')

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
type FleetOrg = Awaited<ReturnType<typeof fleetOrg>>

function importFile(org: Org, format: FuelCardFormat, content: string, options: { dryRun?: boolean; role?: keyof Org['users'] } = {}) {
  return runImport(fuelImportList(format), actorOf(org, options.role ?? 'accountant'), content, { dryRun: options.dryRun })
}

/** The organization's purchases as plain facts, in date order. */
async function purchasesOf(org: FleetOrg) {
  const units = Object.fromEntries(Object.entries(org.trucks).map(([unit, id]) => [id, unit]))
  const rows = await prisma.fuelPurchase.findMany({
    where: { organizationId: org.organization.id },
    orderBy: [{ purchasedAt: 'asc' }, { gallonsMilli: 'asc' }],
  })
  return rows.map((row) => ({
    day: row.purchasedAt.toISOString().slice(0, 10),
    unit: units[row.truckId],
    state: row.jurisdiction,
    fuelType: row.fuelType,
    gallonsMilli: row.gallonsMilli,
    totalCents: row.totalCents,
    cardLast4: row.cardLast4,
    reference: row.reference,
    vendor: row.vendor,
    city: row.city,
    odometer: row.odometer,
    taxPaid: row.taxPaid,
  }))
}

const count = (org: Org) => prisma.fuelPurchase.count({ where: { organizationId: org.organization.id } })

describe('reading each card’s export', () => {
  it('imports a WEX export: exact gallons, cents, last four digits and fuel type per row; DEF and a cash advance skipped; an audit event each', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'wex', WEX)
    expect(check).toMatchObject({ rows: 6, valid: 4, errors: [], errorCount: 0, skipped: { duplicate: 0, notFuel: 2 } })
    expect(check.headers.filter((header) => header.column === null).map((header) => header.header)).toEqual([
      'Account Number',
      'Driver Last Name',
      'Price Per Unit',
    ])
    expect(result).toEqual({ created: 4, skipped: { duplicate: 0, notFuel: 2 } })
    expect(await purchasesOf(org)).toEqual([
      {
        day: '2026-07-14',
        unit: 'T-101',
        state: 'TX',
        fuelType: 'diesel',
        gallonsMilli: 120_125,
        totalCents: 45_635,
        cardLast4: '6789',
        reference: '610045871',
        vendor: 'PILOT TRAVEL CENTER #412',
        city: 'AMARILLO',
        odometer: 412_350,
        taxPaid: true,
      },
      // 98.4567 gallons: three decimals, half up; the unit in another case, the state in lower case.
      {
        day: '2026-07-18',
        unit: 'T-102',
        state: 'OK',
        fuelType: 'diesel',
        gallonsMilli: 98_457,
        totalCents: 35_937,
        cardLast4: '4821',
        reference: '610046320',
        vendor: 'LOVES #287',
        city: 'OKLAHOMA CITY',
        odometer: 215_004,
        taxPaid: true,
      },
      {
        day: '2026-08-02',
        unit: 'T-101',
        state: 'NM',
        fuelType: 'gasoline',
        gallonsMilli: 15_000,
        totalCents: 4_949,
        cardLast4: '6789',
        reference: '610047001',
        vendor: 'FLYING J #640',
        city: 'GALLUP',
        odometer: null,
        taxPaid: true,
      },
      {
        day: '2026-09-29',
        unit: 'T-102',
        state: 'OK',
        fuelType: 'diesel',
        gallonsMilli: 287_500,
        totalCents: 104_949,
        cardLast4: '4821',
        reference: '610049999',
        vendor: 'TA OKLAHOMA CITY',
        city: 'OKLAHOMA CITY',
        odometer: 216_320,
        taxPaid: true,
      },
    ])
    const audits = await prisma.auditEvent.findMany({ where: { organizationId: org.organization.id, entity: 'fuelPurchase', action: 'create' } })
    expect(audits).toHaveLength(4)
    expect(audits.map((audit) => audit.userId)).toEqual(Array(4).fill(org.users.accountant.id))
    // Only the last four digits: the card's number is in no column and no audit event.
    const stored = JSON.stringify([await prisma.fuelPurchase.findMany({ where: { organizationId: org.organization.id } }), audits])
    expect(stored).not.toContain('3456')
    expect(stored).not.toContain('0496')
  }, 120_000)

  it('imports an EFS export: masked cards, times as 1432, a Canadian province; DEF, scale and cash advance skipped', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'efs', EFS)
    expect(check).toMatchObject({ rows: 6, valid: 3, errorCount: 0, skipped: { duplicate: 0, notFuel: 3 } })
    expect(result).toEqual({ created: 3, skipped: { duplicate: 0, notFuel: 3 } })
    expect((await purchasesOf(org)).map((p) => [p.day, p.unit, p.state, p.fuelType, p.gallonsMilli, p.totalCents, p.cardLast4, p.reference, p.vendor])).toEqual(
      [
        ['2026-07-03', 'T-101', 'TX', 'diesel', 110_000, 39_589, '1111', 'A77120', 'TA EL PASO'],
        ['2026-07-09', 'T-102', 'WY', 'diesel', 142_250, 51_210, '1111', 'A78002', 'PETRO RAWLINS'],
        ['2026-08-21', 'T-102', 'ON', 'diesel', 80_500, 30_188, '2222', 'A79544', 'FLYING J LONDON'],
      ],
    )
  })

  it('imports a Comdata export: two-digit years, reefer fuel skipped, an odometer of 0 read as none', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'comdata', COMDATA)
    expect(check).toMatchObject({ rows: 3, valid: 2, errorCount: 0, skipped: { duplicate: 0, notFuel: 1 } })
    expect(result).toEqual({ created: 2, skipped: { duplicate: 0, notFuel: 1 } })
    expect((await purchasesOf(org)).map((p) => [p.day, p.unit, p.state, p.fuelType, p.gallonsMilli, p.totalCents, p.cardLast4, p.odometer])).toEqual([
      ['2026-07-22', 'T-101', 'MO', 'diesel', 130_333, 45_082, '5555', 418_004],
      ['2026-08-05', 'T-102', 'CA', 'diesel', 95_000, 48_726, '5555', null],
    ])
  })

  it('imports our template: tax paid “no”, biodiesel, a date with its time, no transaction number (the key is a hash)', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'generic', GENERIC)
    expect([check.errors, result]).toEqual([[], { created: 2, skipped: { duplicate: 0, notFuel: 0 } }])
    expect(
      (await purchasesOf(org)).map((p) => [p.day, p.unit, p.state, p.fuelType, p.gallonsMilli, p.totalCents, p.taxPaid, p.cardLast4, p.reference]),
    ).toEqual([
      ['2026-08-11', 'T-101', 'AR', 'diesel', 75_250, 27_015, false, null, null],
      ['2026-08-12', 'T-102', 'TN', 'biodiesel', 60_000, 22_140, true, null, null],
    ])
    // Read again, both rows are the same purchases.
    expect((await importFile(org, 'generic', GENERIC)).result).toEqual({ created: 0, skipped: { duplicate: 2, notFuel: 0 } })
  })

  it('reads a card’s product as a fuel type, or as no fuel', () => {
    const read = (products: string[]) => products.map(fuelTypeOf)
    expect(read(['ULSD', 'DSL', 'Diesel #2', '#2', 'Clear diesel', 'diesel', 'TRK DSL'])).toEqual(Array(7).fill('diesel'))
    expect(read(['Unleaded Regular', 'UNL', 'Gasoline', 'Premium', 'gasoline'])).toEqual(Array(5).fill('gasoline'))
    expect(read(['B20', 'BDSL', 'Bio Diesel', 'E85', 'Propane', 'CNG', 'lng'])).toEqual(['biodiesel', 'biodiesel', 'biodiesel', 'e85', 'propane', 'cng', 'lng'])
    expect(
      read(['DEF', 'Diesel Exhaust Fluid', 'DEFD', 'Reefer Diesel', 'RFR', 'Oil', 'Scale', 'SCLE', 'Cash Advance', 'CADV', 'Fees', 'Car wash', 'Lodging']),
    ).toEqual(Array(13).fill(null))
  })
})

describe('duplicates', () => {
  it('runs a dry run that writes nothing and counts what the import would do', async () => {
    const org = await fleetOrg()
    const { check, result } = await importFile(org, 'wex', WEX, { dryRun: true })
    expect(result).toBeNull()
    expect(check).toMatchObject({ rows: 6, valid: 4, errorCount: 0, skipped: { duplicate: 0, notFuel: 2 } })
    expect(await count(org)).toBe(0)
    expect(await prisma.auditEvent.count({ where: { organizationId: org.organization.id, entity: 'fuelPurchase' } })).toBe(0)
  })

  it('skips every row of a file imported again, also in its dry run', async () => {
    const org = await fleetOrg()
    await importFile(org, 'wex', WEX)
    const dry = await importFile(org, 'wex', WEX, { dryRun: true })
    expect(dry.check).toMatchObject({ valid: 0, errorCount: 0, skipped: { duplicate: 4, notFuel: 2 } })
    expect((await importFile(org, 'wex', WEX)).result).toEqual({ created: 0, skipped: { duplicate: 4, notFuel: 2 } })
    expect(await count(org)).toBe(4)
  })

  it('skips a transaction repeated in the same file', async () => {
    const org = await fleetOrg()
    const lines = WEX.trim().split('\n')
    const { check, result } = await importFile(org, 'wex', [...lines, lines[1], lines[4]].join('\n'))
    expect(check).toMatchObject({ rows: 8, valid: 4, errorCount: 0 })
    expect(result).toEqual({ created: 4, skipped: { duplicate: 2, notFuel: 2 } })
    expect(await count(org)).toBe(4)
  })

  it('creates each purchase once when the same file is imported twice at the same moment', async () => {
    const org = await fleetOrg()
    const answers = await Promise.all([importFile(org, 'wex', WEX), importFile(org, 'wex', WEX), importFile(org, 'efs', EFS), importFile(org, 'efs', EFS)])
    expect(answers.map((answer) => answer.check.errorCount)).toEqual([0, 0, 0, 0])
    const created = answers.map((answer) => answer.result!.created)
    expect([created[0] + created[1], created[2] + created[3]]).toEqual([4, 3])
    expect(answers.map((answer) => (answer.result!.skipped as { duplicate: number }).duplicate)).toEqual(
      created.map((made, index) => (index < 2 ? 4 : 3) - made),
    )
    expect(await count(org)).toBe(7)
  })
})

describe('refused rows', () => {
  const header = 'date,unit,state,product,gallons,amount,card,transaction'

  it('names the line and column of an unknown unit, another organization’s unit, zero gallons, an unknown state and a bad date; writes nothing', async () => {
    const org = await fleetOrg()
    const other = await createOrg()
    await prisma.truck.create({ data: { organizationId: other.organization.id, unitNumber: 'X-900' } })
    const csv = [
      header,
      '2026-07-01,T-101,TX,ULSD,100,380.00,7071049600123456789,1',
      '2026-07-02,T-999,TX,ULSD,100,380.00,7071049600123456789,2',
      '2026-07-03,X-900,TX,ULSD,100,380.00,7071049600123456789,3',
      '2026-07-04,T-101,TX,ULSD,0,380.00,7071049600123456789,4',
      '2026-07-05,T-101,ZZ,ULSD,100,380.00,7071049600123456789,5',
      '02/30/2026,T-101,TX,ULSD,100,380.00,7071049600123456789,6',
      '2026-07-06,T-101,TX,ULSD,-5,380.00,7071049600123456789,7',
      '2026-07-07,T-101,TX,ULSD,100,380.00,12,8',
    ].join('\n')
    const { check, result } = await importFile(org, 'generic', csv)
    expect(result).toBeNull()
    expect(check.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [3, 'unit', 'fuelImport.errors.unknownUnit'],
      [4, 'unit', 'fuelImport.errors.unknownUnit'],
      [5, 'gallons', 'ifta.errors.gallonsPositive'],
      [6, 'state', 'ifta.errors.jurisdiction'],
      [7, 'date', 'fuelImport.errors.date'],
      [8, 'gallons', 'ifta.errors.gallonsPositive'],
      [9, 'card', 'fuelImport.errors.card'],
    ])
    expect(check.valid).toBe(1)
    expect(await count(org)).toBe(0)
    // The card's number is in no error.
    expect(JSON.stringify(check)).not.toContain('123456789')
  })

  it('refuses a purchase dated in a filed quarter at its row, and skips rows imported before the filing as duplicates', async () => {
    const org = await fleetOrg()
    const accountant = actorOf(org, 'accountant')
    await importFile(org, 'comdata', COMDATA)
    await fileIftaReturn(accountant, requireQuarter('2026-Q3'), '2026-10-20')
    const again = await importFile(org, 'comdata', COMDATA)
    expect([again.check.errors, again.result]).toEqual([[], { created: 0, skipped: { duplicate: 2, notFuel: 1 } }])
    const { check, result } = await importFile(org, 'wex', WEX)
    expect(result).toBeNull()
    expect(check.errors.map((error) => [error.row, error.column, error.message, error.params])).toEqual([
      [2, 'date', 'ifta.errors.periodClosed', { quarter: '2026-Q3' }],
      [4, 'date', 'ifta.errors.periodClosed', { quarter: '2026-Q3' }],
      [5, 'date', 'ifta.errors.periodClosed', { quarter: '2026-Q3' }],
      [6, 'date', 'ifta.errors.periodClosed', { quarter: '2026-Q3' }],
    ])
    expect(await count(org)).toBe(2)
  })

  it('refuses the whole file to a role that may not create fuel purchases', async () => {
    const org = await fleetOrg()
    await expect(importFile(org, 'wex', WEX, { role: 'viewer' })).rejects.toMatchObject({ code: 'forbidden' })
    expect(await count(org)).toBe(0)
  })
})

describe('POST /api/fuel-purchases/import', () => {
  function post(org: Org, query: string, body: BodyInit, type: string | null = 'text/csv', role: keyof Org['users'] = 'accountant') {
    const path = `/api/fuel-purchases/import${query}`
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${org.users[role].token}`, ...(type ? { 'Content-Type': type } : {}), [CLIENT_IP_HEADER]: '198.51.100.6' },
      body,
    })
    return importApi.action({ request, params: {}, context: {} } as never).then(async (response) => {
      const answer = { status: response.status, body: await response.json() }
      expectDocumentedAnswer('POST', path, answer)
      return answer
    })
  }

  it('checks, imports and skips by the format chosen in the query or the multipart form', async () => {
    const org = await fleetOrg()
    const dry = await post(org, '?dryRun=true&format=wex', WEX)
    expect(dry).toMatchObject({ status: 200, body: { data: { rows: 6, valid: 4, errorCount: 0, errors: [], skipped: { duplicate: 0, notFuel: 2 } } } })
    const form = new FormData()
    form.append('file', new File([WEX], 'wex.csv', { type: 'text/csv' }))
    form.append('format', 'wex')
    expect(await post(org, '', form, null)).toEqual({
      status: 201,
      body: { data: { created: 4, skipped: { duplicate: 0, notFuel: 2 }, duplicates: 0, errors: [] } },
    })
    expect(await post(org, '?format=wex', WEX)).toEqual({
      status: 201,
      body: { data: { created: 0, skipped: { duplicate: 4, notFuel: 2 }, duplicates: 4, errors: [] } },
    })
    // Read as our template, a card's headers are not part of the format.
    const generic = await post(org, '?dryRun=true', WEX)
    expect(generic.body.data.errors[0]).toMatchObject({ row: 1, column: 'Account Number', message: en.imports.errors.unknownColumn })
    expect((await post(org, '?format=fleetone', WEX)).body.error).toMatchObject({
      code: 'validation_failed',
      fields: { format: [en.fuelImport.errors.format] },
    })
    expect((await post(org, '?format=wex', WEX, 'text/csv', 'viewer')).status).toBe(403)
  })

  it('refuses a file with problems with each one by line and column, never echoing the card number', async () => {
    const org = await fleetOrg()
    const refused = await post(org, '?format=wex', WEX.replace('610046320,t-102', '610046320,T-404'))
    expect([refused.status, refused.body.error.code, refused.body.error.fields]).toEqual([
      400,
      'validation_failed',
      { 'rows.4.unit': [en.fuelImport.errors.unknownUnit] },
    ])
    expect(JSON.stringify(refused.body)).not.toContain('4821')
    expect(await count(org)).toBe(0)
  })

  // The contract (ADR 137): `format=csv` is the generic CSV, and every answer carries `{ created, duplicates, errors [{ row, field, message }] }`.
  it('takes format=csv as our template, in the query or the multipart form, with dryRun as a form field too', async () => {
    const org = await fleetOrg()
    const form = (fields: Record<string, string>) => {
      const body = new FormData()
      body.append('file', new File([GENERIC], 'fuel.csv', { type: 'text/csv' }))
      for (const [name, value] of Object.entries(fields)) body.append(name, value)
      return body
    }
    const dry = await post(org, '', form({ format: 'csv', dryRun: 'true' }), null)
    expect(dry).toEqual({
      status: 200,
      body: {
        data: expect.objectContaining({ rows: 2, valid: 2, errorCount: 0, created: 0, duplicates: 0, errors: [], skipped: { duplicate: 0, notFuel: 0 } }),
      },
    })
    expect(await count(org)).toBe(0)
    expect(await post(org, '?format=csv', GENERIC)).toEqual({
      status: 201,
      body: { data: { created: 2, duplicates: 0, errors: [], skipped: { duplicate: 0, notFuel: 0 } } },
    })
    expect(await post(org, '', form({ format: 'csv' }), null)).toEqual({
      status: 201,
      body: { data: { created: 0, duplicates: 2, errors: [], skipped: { duplicate: 2, notFuel: 0 } } },
    })
    // `generic`, the app's own name, still works.
    expect((await post(org, '?format=generic&dryRun=true', GENERIC)).body.data).toMatchObject({ created: 0, duplicates: 2, valid: 0 })
    expect(await count(org)).toBe(2)
  })

  it('names a refused row by { row, field, message } in the dry run and in the 400, writing nothing', async () => {
    const org = await fleetOrg()
    const bad = GENERIC.replace('T-102,tn,B20,60.000', 'T-102,tn,B20,0')
    const dry = await post(org, '?format=csv&dryRun=true', bad)
    expect(dry.body.data).toMatchObject({ created: 0, duplicates: 0, errorCount: 1 })
    expect(dry.body.data.errors).toEqual([{ row: 3, field: 'gallons', column: 'gallons', message: expect.any(String) }])
    const refused = await post(org, '?format=csv', bad)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: { code: 'validation_failed' }, created: 0, duplicates: 0 })
    expect(refused.body.errors).toEqual([{ row: 3, field: 'gallons', column: 'gallons', message: refused.body.error.fields['rows.3.gallons'][0] }])
    expect(await count(org)).toBe(0)
  })

  it('answers a malformed CSV with a clear JSON error and a 50 MB file with 413, writing nothing', async () => {
    const org = await fleetOrg()
    const malformed = await post(org, '?format=wex', 'Card Number,Transaction Date\n"7071,07/14/2026\n')
    expect([malformed.status, malformed.body.error.code, malformed.body.error.fields]).toEqual([
      400,
      'validation_failed',
      { file: [en.imports.errors.malformed.replace('{{line}}', '2')] },
    ])
    const big = new FormData()
    big.append('file', new File([new Uint8Array(50 * 1024 * 1024).fill(0x41)], 'big.csv', { type: 'text/csv' }))
    const tooLarge = await post(org, '?format=wex', big, null)
    expect([tooLarge.status, tooLarge.body.error.code]).toEqual([413, 'payload_too_large'])
    expect(await count(org)).toBe(0)
  })
})

describe('the fuel import page and template', () => {
  async function submit(org: Org, fields: Record<string, string>, content: string, role: keyof Org['users'] = 'accountant') {
    const form = new FormData()
    form.append('file', new File([content], 'fuel.csv', { type: 'text/csv' }))
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    return callPage(importPage.action as Handler, '/dashboard/fuel/import', org.users[role].id, {}, { method: 'POST', body: form })
  }

  it('checks with the card’s format and shows the counts, then imports and goes to the list with a toast', async () => {
    const org = await fleetOrg()
    const checked = await submit(org, { intent: 'dryRun', format: 'wex' }, WEX)
    expect(checked.status).toBe(200)
    expect(checked.data?.outcome).toMatchObject({
      dryRun: true,
      rows: 6,
      valid: 4,
      errorCount: 0,
      mapping: false,
      format: 'wex',
      skipped: [en.fuelImport.skipped.notFuel.replace('{{count}}', '2')],
    })
    const imported = await submit(org, { intent: 'import', format: 'wex' }, WEX)
    expect([imported.status, imported.location]).toEqual([302, '/dashboard/fuel/list?sort=createdAt&dir=desc'])
    expect(imported.toast?.title).toBe('4 fuel purchases imported; 0 duplicates and 2 rows that are not fuel skipped')
    const again = await submit(org, { intent: 'dryRun', format: 'wex' }, WEX)
    expect((again.data?.outcome as { skipped: string[] }).skipped).toEqual([
      en.fuelImport.skipped.duplicate.replace('{{count}}', '4'),
      en.fuelImport.skipped.notFuel.replace('{{count}}', '2'),
    ])
    expect((await submit(org, { intent: 'dryRun', format: 'nope' }, WEX)).status).toBe(400)
    expect((await submit(org, { intent: 'import', format: 'wex' }, WEX, 'viewer')).status).toBe(403)
    expect((await callPage(importPage.loader as Handler, '/dashboard/fuel/import', org.users.admin.id)).status).toBe(200)
    expect((await callPage(importPage.loader as Handler, '/dashboard/fuel/import', org.users.dispatcher.id)).status).toBe(403)
  })

  it('shows the mapping step for a generic file whose headers match nothing, and serves the template, which imports as it is', async () => {
    const org = await fleetOrg()
    const checked = await submit(org, { intent: 'dryRun' }, 'Fecha,unit,state,gallons,amount\n2026-07-01,T-101,TX,10,38.00\n')
    expect(checked.data?.outcome).toMatchObject({ mapping: true, headers: [{ header: 'Fecha', column: null }, { header: 'unit', column: 'unit' }, {}, {}, {}] })
    const template = await callPage(templateRoute.loader as Handler, '/dashboard/fuel/import/template', org.users.accountant.id)
    expect(template.response?.headers.get('Content-Disposition')).toContain('freightdesk-fuelPurchases-template.csv')
    const text = await template.response!.text()
    expect((await importFile(org, 'generic', text)).result).toEqual({ created: 1, skipped: { duplicate: 0, notFuel: 0 } })
    expect((await callPage(templateRoute.loader as Handler, '/dashboard/fuel/import/template', org.users.viewer.id)).status).toBe(403)
  })
})
