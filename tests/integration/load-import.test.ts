/** CSV import of loads (app/models/loads/load-import.server.ts), its API and its page, against this file's database. */
import { describe, expect, it } from 'vitest'

import en from '~/locales/en'
import { checkLoadImport, type ImportedLoad, importLoads } from '~/models/loads/load-import.server'
import * as importApi from '~/routes/api/imports'
import * as importPage from '~/routes/dashboard/imports/page'
import { LOAD_IMPORT_MAX_ERRORS, loadImportTemplate } from '~/schemas/load-import-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { expectDocumentedAnswer } from '../contract-kit'
import { actorOf, createOrg, fleet, unique } from '../helpers'
import { callPage, type Handler, refusalOf } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

const HEADER =
  'Broker,brokerReference,status,linehaul,loaded_miles,Pickup City,pickupState,pickupStart,pickupFacility,deliveryCity,deliveryState,deliveryStart,truck,notes'

/** The shared fleet, and a broker on hold (listed, but refused for new loads). */
async function brokers(org: Org) {
  const [{ broker, truck }, onHold] = await Promise.all([
    fleet(org),
    prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Held Freight'), status: 'on_hold' } }),
  ])
  return { broker, onHold, truck }
}

function row(fields: Partial<Record<string, string>> & { broker: string }) {
  const cells = [
    fields.broker,
    fields.brokerReference ?? 'PL-1',
    fields.status ?? '',
    fields.linehaul ?? '"2,450.00"',
    fields.loadedMiles ?? '812',
    fields.pickupCity ?? 'Dallas',
    'TX',
    fields.pickupStart ?? '2026-12-01 08:00',
    fields.pickupFacility ?? '"Trinity Cold Storage, Dock 4"',
    fields.deliveryCity ?? 'Memphis',
    'TN',
    fields.deliveryStart ?? '2026-12-02T14:00',
    fields.truck ?? '',
    fields.notes ?? '',
  ]
  return cells.join(',')
}

function csv(...rows: string[]) {
  // A spreadsheet's export: a byte-order mark and CRLF line ends.
  return `\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`
}

function apiImport(org: Org, body: string, options: { dryRun?: boolean; type?: string; role?: keyof Org['users'] } = {}) {
  const request = new Request(`http://localhost/api/loads/import${options.dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${org.users[options.role ?? 'dispatcher'].token}`,
      'Content-Type': options.type ?? 'text/csv',
      [CLIENT_IP_HEADER]: '198.51.100.4',
    },
    body,
  })
  return importApi.action({ request, params: {}, context: {} } as never).then(async (response) => {
    const answer = { status: response.status, body: await response.json() }
    expectDocumentedAnswer('POST', `/api/loads/import${options.dryRun ? '?dryRun=true' : ''}`, answer)
    return answer
  })
}

describe('checking a file', () => {
  it('turns each row into a load the editor would accept: quoted commas, a BOM, CRLF, times on the organization’s clock', async () => {
    const org = await createOrg()
    const { broker, truck } = await brokers(org)
    const loads: ImportedLoad[] = []
    const check = await checkLoadImport(
      org.organization.id,
      csv(row({ broker: broker.name.toUpperCase(), truck: truck.unitNumber }), row({ broker: broker.name, status: 'draft' })),
      (load) => void loads.push(load),
    )
    expect(check).toMatchObject({ rows: 2, valid: 2, errors: [], errorCount: 0 })
    expect(loads[0].input).toMatchObject({ brokerId: broker.id, truckId: truck.id, linehaulCents: 245_000, loadedMiles: 812 })
    expect(loads[0].input.stops[0]).toMatchObject({ type: 'pickup', facilityName: 'Trinity Cold Storage, Dock 4', windowStart: '2026-12-01T08:00' })
    expect(loads.map((load) => load.status)).toEqual(['booked', 'draft'])
  })

  it('reports every problem by row and column, header problems first', async () => {
    const org = await createOrg()
    const { broker, onHold } = await brokers(org)
    const other = await createOrg()
    const foreignTruck = await prisma.truck.create({ data: { organizationId: other.organization.id, unitNumber: unique('X').slice(0, 20) } })
    const check = await checkLoadImport(
      org.organization.id,
      csv(
        row({ broker: broker.name }),
        row({ broker: 'Nobody Logistics' }),
        row({ broker: onHold.name }),
        row({ broker: broker.name, pickupStart: '2026-02-30 08:00', status: 'delivered', linehaul: '12.345' }),
        row({ broker: broker.name, deliveryCity: '', truck: foreignTruck.unitNumber }),
      ),
    )
    expect(check.valid).toBe(1)
    expect(check.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [3, 'broker', 'loadImport.errors.unknownBroker'],
      [4, 'broker', 'brokers.errors.onHold'],
      [5, 'status', 'loadImport.errors.status'],
      [5, 'linehaul', 'loadImport.errors.amount'],
      [5, 'pickupStart', 'validation.dateTime'],
      [6, 'truck', 'loadImport.errors.unknownTruck'],
      [6, 'deliveryCity', 'validation.required'],
    ])
    const header = await checkLoadImport(org.organization.id, 'broker,pickupCity,colour,broker\nA,B,C,D\n')
    expect(header.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [1, 'colour', 'imports.errors.unknownColumn'],
      [1, 'broker', 'imports.errors.duplicateColumn'],
      [1, 'deliveryCity', 'imports.errors.missingColumn'],
    ])
  })
})

describe('importing', () => {
  it('writes every load with its stops and numbers, or none when one row is wrong', async () => {
    const org = await createOrg()
    const { broker } = await brokers(org)
    const rows = Array.from({ length: 30 }, (_, i) => row({ broker: broker.name, brokerReference: `PL-${i}` }))
    const refused = await apiImport(org, csv(...rows, row({ broker: 'Nobody' })))
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('validation_failed')
    expect(refused.body.error.fields).toEqual({ 'rows.32.broker': ['No broker by this name in your organization.'] })
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const created = await apiImport(org, csv(...rows))
    expect(created).toMatchObject({ status: 201, body: { data: { created: 30, first: 'L-000001', last: 'L-000030' } } })
    const loads = await prisma.load.findMany({
      where: { organizationId: org.organization.id },
      include: { stops: { orderBy: { sequence: 'asc' } } },
      orderBy: { loadNumber: 'asc' },
    })
    expect(loads[29]).toMatchObject({
      loadNumber: 'L-000030',
      brokerReference: 'PL-29',
      status: 'booked',
      pickupCity: 'Dallas',
      deliveryCity: 'Memphis',
      linehaulCents: 245_000,
    })
    // 08:00 in Chicago in December is 14:00 UTC.
    expect(loads[0].stops.map((stop) => [stop.type, stop.windowStart?.toISOString()])).toEqual([
      ['pickup', '2026-12-01T14:00:00.000Z'],
      ['delivery', '2026-12-02T20:00:00.000Z'],
    ])
    expect(await prisma.auditEvent.count({ where: { organizationId: org.organization.id, entity: 'load', action: 'create' } })).toBe(30)
  })

  it('refuses a row dated out of the accepted years in the dry run, and the import answers 400 with nothing written', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const file = csv(
      row({ broker: broker.name }),
      row({ broker: broker.name, pickupStart: '0001-01-01 08:00' }),
      row({ broker: broker.name, deliveryStart: '9999-12-31T23:30' }),
    )
    const dry = await apiImport(org, file, { dryRun: true })
    expect(dry.body.data).toMatchObject({
      rows: 3,
      valid: 1,
      errorCount: 2,
      errors: [
        { row: 3, column: 'pickupStart', message: 'Enter a date between the years 1950 and 2200.' },
        { row: 4, column: 'deliveryStart', message: 'Enter a date between the years 1950 and 2200.' },
      ],
    })
    const refused = await apiImport(org, file)
    expect([refused.status, refused.body.error.fields]).toEqual([
      400,
      { 'rows.3.pickupStart': ['Enter a date between the years 1950 and 2200.'], 'rows.4.deliveryStart': ['Enter a date between the years 1950 and 2200.'] },
    ])
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('reads a file larger than one slice of the stream, keeps the first 1,000 errors and counts them all, and rolls back a file wrong after its first batches', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    // Accented text across the parser's 64 KB slices; 1,200 rows, each wrong twice at the end.
    const good = Array.from({ length: 1_200 }, (_, i) =>
      row({ broker: broker.name, brokerReference: `PL-${i}`, notes: `"Crème brûlée, dock ${i}, ${'é'.repeat(40)}"` }),
    )
    const file = csv(...good)
    expect(Buffer.byteLength(file)).toBeGreaterThan(128 * 1024)
    const loads: ImportedLoad[] = []
    const check = await checkLoadImport(org.organization.id, file, (load) => void loads.push(load))
    expect(check).toMatchObject({ rows: 1_200, valid: 1_200, errorCount: 0 })
    expect(loads[1_199].input.notes).toBe(`Crème brûlée, dock 1199, ${'é'.repeat(40)}`)

    const bad = csv(...Array.from({ length: 1_200 }, () => row({ broker: 'Nobody', pickupCity: '' })))
    const wrong = await checkLoadImport(org.organization.id, bad)
    expect([wrong.rows, wrong.valid, wrong.errorCount, wrong.errors.length]).toEqual([1_200, 0, 2_400, LOAD_IMPORT_MAX_ERRORS])

    // 1,100 good rows are written (eleven batches) before the wrong one: the transaction takes them back.
    const late = await importLoads(actorOf(org), csv(...good.slice(0, 1_100), row({ broker: 'Nobody' })))
    expect([late.result, late.check.errorCount]).toEqual([null, 1])
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).nextLoadNumber).toBe(1)
  })

  it('gives two imports at once distinct numbers without gaps', async () => {
    const org = await createOrg()
    const { broker } = await brokers(org)
    const file = csv(...Array.from({ length: 5 }, () => row({ broker: broker.name })))
    const [first, second] = await Promise.all([
      importLoads(actorOf(org), file).then((outcome) => outcome.result!),
      importLoads(actorOf(org), file).then((outcome) => outcome.result!),
    ])
    expect([first.first, first.last, second.first, second.last].sort()).toEqual(['L-000001', 'L-000005', 'L-000006', 'L-000010'])
  })

  it('answers a dry run with every error and writes nothing; refuses roles that cannot create loads and bodies that are not CSV', async () => {
    const org = await createOrg()
    const { broker } = await brokers(org)
    const dry = await apiImport(org, csv(row({ broker: broker.name }), row({ broker: broker.name, pickupCity: '' })), { dryRun: true })
    expect(dry).toMatchObject({
      status: 200,
      body: { data: { rows: 2, valid: 1, errors: [{ row: 3, column: 'pickupCity', message: 'This field is required.' }] } },
    })
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect((await apiImport(org, csv(row({ broker: broker.name })), { role: 'viewer' })).status).toBe(403)
    expect((await apiImport(org, '{"rows":[]}', { type: 'application/json' })).status).toBe(415)
    expect((await apiImport(org, 'broker,pickupCity,deliveryCity\n"unclosed,Dallas,Tulsa\n')).body.error.fields).toEqual({
      file: ['The file is not valid CSV (line 2): check its quotes.'],
    })
    // The template is a file the import accepts, once its broker exists.
    await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Prairie Line Logistics' } })
    expect((await apiImport(org, loadImportTemplate(), { dryRun: true })).body.data).toMatchObject({ rows: 1, valid: 1, errors: [] })
  })
})

describe('the import page', () => {
  async function post(org: Org, intent: string, content: string, role: keyof Org['users'] = 'dispatcher') {
    const form = new FormData()
    form.append('file', new File([content], 'loads.csv', { type: 'text/csv' }))
    form.append('intent', intent)
    return callPage(importPage.action as Handler, '/dashboard/loads/import', org.users[role].id, {}, { method: 'POST', body: form })
  }

  it('shows a dry run’s problems by row and column, imports a clean file and goes to the list, and is for roles that create loads', async () => {
    const org = await createOrg()
    const { broker } = await brokers(org)
    const checked = await post(org, 'dryRun', csv(row({ broker: broker.name, pickupStart: 'tomorrow' })))
    expect(checked.status).toBe(200)
    expect(checked.data?.outcome).toMatchObject({ dryRun: true, rows: 1, valid: 0, errorCount: 1, errors: [{ row: 2, column: 'pickupStart' }] })
    const imported = await post(org, 'import', csv(row({ broker: broker.name })))
    expect([imported.status, imported.location]).toEqual([302, '/dashboard/loads/list?sort=createdAt&dir=desc'])
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(1)
    expect((await post(org, 'import', csv(row({ broker: broker.name })), 'accountant')).status).toBe(403)
    // No file: the page-action protocol's refusal, above the form.
    const empty = await callPage(importPage.action as Handler, '/dashboard/loads/import', org.users.dispatcher.id, {}, { method: 'POST', body: new FormData() })
    expect([empty.status, refusalOf(empty)?.intent, refusalOf(empty)?.message]).toEqual([400, 'import', en.imports.errors.noFile])
    expect((await callPage(importPage.loader as Handler, '/dashboard/loads/import', org.users.viewer.id)).status).toBe(403)
  })
})
