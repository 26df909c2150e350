/**
 * The CSV import of every list other than loads (app/models/records/record-import.server.ts through the
 * pipeline app/models/records/csv-import.server.ts, ADR 108), its API and its page, against this file's
 * database. Each list: a good file, a refused file writes nothing, a dry run writes nothing,
 * duplicates in the file and in the database, a mapping of headers that do not match.
 */
import { describe, expect, it } from 'vitest'

import en from '~/locales/en'
import { runImport } from '~/models/records/csv-import.server'
import { recordImportList } from '~/models/records/record-import.server'
import * as importApi from '~/routes/api/imports'
import * as importPage from '~/routes/dashboard/imports/page'
import * as templateRoute from '~/routes/dashboard/imports/template'
import { csvText, IMPORT_MAX_CELL, IMPORT_MAX_COLUMNS, IMPORT_PATHS, type RecordImportName, recordImportTemplate } from '~/schemas/import-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { expectDocumentedAnswer } from '../contract-kit'
import { actorOf, createOrg, unique } from '../helpers'
import { callPage, type Handler } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

/** Each list: a header as a spreadsheet might spell it, a good row, a row its editor refuses, its unique column and message, its count. */
type Case = {
  name: RecordImportName
  header: string[]
  row: (i: number, tag: string) => string[]
  bad: (tag: string) => { cells: string[]; column: string }
  uniqueColumn: string
  duplicate: string
  /** The row's unique value as already stored (in another case), and how to store it. */
  existing: (org: Org, value: string) => Promise<unknown>
  count: (org: Org) => Promise<number>
}

const CASES: Case[] = [
  {
    name: 'trucks',
    header: ['Unit Number', 'status', 'Make', 'year', 'Company'],
    row: (i, tag) => [`T${tag}-${i}`, 'Available', 'Volvo', '2021', ''],
    bad: (tag) => ({ cells: [`T${tag}-bad`, 'parked', 'Volvo', '2021', ''], column: 'status' }),
    uniqueColumn: 'unitNumber',
    duplicate: 'trucks.errors.duplicateUnit',
    existing: (org, value) => prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: value.toLowerCase() } }),
    count: (org) => prisma.truck.count({ where: { organizationId: org.organization.id } }),
  },
  {
    name: 'trailers',
    header: ['unit_number', 'Type', 'length ft'],
    row: (i, tag) => [`R${tag}-${i}`, 'Reefer', '53'],
    bad: (tag) => ({ cells: [`R${tag}-bad`, 'reefer', '900'], column: 'lengthFt' }),
    uniqueColumn: 'unitNumber',
    duplicate: 'trailers.errors.duplicateUnit',
    existing: (org, value) => prisma.trailer.create({ data: { organizationId: org.organization.id, unitNumber: value.toLowerCase() } }),
    count: (org) => prisma.trailer.count({ where: { organizationId: org.organization.id } }),
  },
  {
    name: 'brokers',
    header: ['Name', 'payment terms', 'Credit Limit', 'send packet', 'email'],
    row: (i, tag) => [`Broker ${tag} ${i}`, 'Net 30', '2,500.00', 'yes', ''],
    bad: (tag) => ({ cells: [`Broker ${tag} bad`, 'net_30', '', 'no', 'not-an-email'], column: 'email' }),
    uniqueColumn: 'name',
    duplicate: 'brokers.errors.duplicateName',
    existing: (org, value) => prisma.broker.create({ data: { organizationId: org.organization.id, name: value.toLowerCase() } }),
    count: (org) => prisma.broker.count({ where: { organizationId: org.organization.id } }),
  },
  {
    name: 'companies',
    header: ['name', 'Kind', 'city', 'country'],
    row: (i, tag) => [`Haulers ${tag} ${i}`, 'factor', 'Dallas', 'us'],
    bad: (tag) => ({ cells: [`Haulers ${tag} bad`, 'own_fleet', 'Dallas', 'USA'], column: 'country' }),
    uniqueColumn: 'name',
    duplicate: 'companies.errors.duplicateName',
    existing: (org, value) => prisma.company.create({ data: { organizationId: org.organization.id, name: value.toLowerCase() } }),
    count: (org) => prisma.company.count({ where: { organizationId: org.organization.id } }),
  },
  {
    name: 'products',
    header: ['SKU', 'name', 'Price', 'colors'],
    row: (i, tag) => [`SKU-${tag}-${i}`, `Mount ${i}`, '49.90', 'Black, Grey'],
    bad: (tag) => ({ cells: [`SKU-${tag}-bad`, 'Mount', 'free', ''], column: 'price' }),
    uniqueColumn: 'sku',
    duplicate: 'products.errors.duplicateSku',
    existing: (org, value) =>
      prisma.product.create({
        data: { organizationId: org.organization.id, sku: value.toLowerCase(), name: 'Old', priceCents: 100, description: '', category: '' },
      }),
    count: (org) => prisma.product.count({ where: { organizationId: org.organization.id } }),
  },
  {
    name: 'drivers',
    header: ['Email', 'first name', 'last name', 'License Number', 'CDL class'],
    row: (i, tag) => [`driver${i}.${tag}@example.test`, 'Sam', `Ortiz ${i}`, `D${i}`, 'a'],
    bad: (tag) => ({ cells: [`bad.${tag}@example.test`, '', 'Ortiz', 'D1', 'A'], column: 'firstName' }),
    uniqueColumn: 'email',
    duplicate: 'users.errors.emailTaken',
    existing: (org, value) =>
      prisma.user.create({ data: { organizationId: org.organization.id, email: value.toLowerCase(), passwordHash: 'x', firstName: 'A', lastName: 'B' } }),
    count: (org) => prisma.user.count({ where: { organizationId: org.organization.id, role: 'driver' } }),
  },
]

const file = (header: string[], rows: string[][]) => `\uFEFF${csvText(header, rows)}`
const auditCount = (org: Org) => prisma.auditEvent.count({ where: { organizationId: org.organization.id, action: 'create' } })

async function importFile(org: Org, name: RecordImportName, content: string, options: { dryRun?: boolean; mapping?: Record<string, string> } = {}) {
  const list = await recordImportList(name, org.organization.id)
  return runImport(list, actorOf(org), content, options)
}

describe.each(CASES)('importing $name', (c) => {
  it('imports a good file through the editor’s schema and model: every row, its audit event, and the template itself', async () => {
    const org = await createOrg()
    const tag = unique('g').slice(2)
    const [before, audits] = [await c.count(org), await auditCount(org)]
    const { check, result } = await importFile(org, c.name, file(c.header, [c.row(1, tag), c.row(2, tag)]))
    expect(check).toMatchObject({ rows: 2, valid: 2, errors: [], errorCount: 0 })
    expect(result).toEqual({ created: 2 })
    expect(await c.count(org)).toBe(before + 2)
    expect(await auditCount(org)).toBe(audits + 2)
    const template = await importFile(org, c.name, recordImportTemplate(c.name).replace('sam.ortiz@', `sam.${tag}@`))
    expect([template.check.errors, template.result]).toEqual([[], { created: 1 }])
    // The first test of the file also loads every module the import uses.
  }, 120_000)

  it('writes nothing when one row is refused, and says which row and column', async () => {
    const org = await createOrg()
    const tag = unique('r').slice(2)
    const before = await c.count(org)
    const bad = c.bad(tag)
    const { check, result } = await importFile(org, c.name, file(c.header, [c.row(1, tag), c.row(2, tag), bad.cells]))
    expect(result).toBeNull()
    expect(check).toMatchObject({ rows: 3, valid: 2, errorCount: 1 })
    expect(check.errors[0]).toMatchObject({ row: 4, column: bad.column })
    expect(await c.count(org)).toBe(before)
  })

  it('runs a dry run through the same writes and rolls it back: nothing written, every problem found', async () => {
    const org = await createOrg()
    const tag = unique('d').slice(2)
    const [before, audits] = [await c.count(org), await auditCount(org)]
    const { check, result } = await importFile(org, c.name, file(c.header, [c.row(1, tag), c.bad(tag).cells]), { dryRun: true })
    expect(result).toBeNull()
    expect(check).toMatchObject({ rows: 2, valid: 1, errorCount: 1 })
    const clean = await importFile(org, c.name, file(c.header, [c.row(1, tag)]), { dryRun: true })
    expect([clean.check.valid, clean.check.errorCount, clean.result]).toEqual([1, 0, null])
    expect([await c.count(org), await auditCount(org)]).toEqual([before, audits])
  })

  it('refuses a value already in the database (in another case) and one repeated in the file, in the dry run as in the import', async () => {
    const org = await createOrg()
    const tag = unique('u').slice(2)
    const taken = c.row(1, tag)
    await c.existing(org, taken[0])
    const before = await c.count(org)
    // Row 2 is taken in the database, row 4 repeats row 3 in another case.
    const repeated = c.row(2, tag)
    const rows = [taken, repeated, [repeated[0].toUpperCase(), ...repeated.slice(1)]]
    for (const dryRun of [true, false]) {
      const { check, result } = await importFile(org, c.name, file(c.header, rows), { dryRun })
      expect(result).toBeNull()
      expect(check.errors.map((error) => [error.row, error.column, error.message])).toEqual([
        [2, c.uniqueColumn, c.duplicate],
        [4, c.uniqueColumn, c.duplicate],
      ])
    }
    expect(await c.count(org)).toBe(before)
  })

  it('matches headers that do not match through a mapping, or leaves them out', async () => {
    const org = await createOrg()
    const tag = unique('m').slice(2)
    const header = ['Ref', ...c.header.slice(1), 'Colour of the day']
    const rows = [[...c.row(1, tag), 'blue']]
    const unmapped = await importFile(org, c.name, file(header, rows), { dryRun: true })
    expect(unmapped.check.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [1, 'Ref', 'imports.errors.unknownColumn'],
      [1, 'Colour of the day', 'imports.errors.unknownColumn'],
      [1, c.header[0] === 'SKU' ? 'sku' : c.uniqueColumn, 'imports.errors.missingColumn'],
    ])
    expect(unmapped.check.headers[0]).toEqual({ header: 'Ref', column: null })
    const mapping = { ref: c.uniqueColumn, 'COLOUR OF THE DAY': '' }
    const mapped = await importFile(org, c.name, file(header, rows), { mapping })
    expect([mapped.check.errors, mapped.result]).toEqual([[], { created: 1 }])
    const wrong = await importFile(org, c.name, file(header, rows), { mapping: { Ref: 'nothing', 'Colour of the day': '' } })
    expect(wrong.check.errors[0]).toMatchObject({ row: 1, column: 'Ref', message: 'imports.errors.unknownMapping', params: { column: 'nothing' } })
  })
})

describe('what every list shares', () => {
  it('looks companies and drivers up by name and email, in the organization only, and fills custom fields by their key', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await prisma.customFieldDefinition.create({
      data: { organizationId: org.organization.id, listName: 'trucks', key: 'fuel_card', label: 'Fuel card', type: 'text' },
    })
    const header = ['unitNumber', 'company', 'primaryDriver', 'fuel_card']
    const { check, result } = await importFile(
      org,
      'trucks',
      file(header, [
        ['T-1', org.company.name.toUpperCase(), org.users.driver.email, 'FC-1'],
        ['T-2', other.company.name, other.users.driver.email, ''],
      ]),
    )
    expect(result).toBeNull()
    expect(check.errors.map((error) => [error.row, error.column, error.message])).toEqual([
      [3, 'company', 'imports.errors.unknownCompany'],
      [3, 'primaryDriver', 'imports.errors.unknownDriver'],
    ])
    await importFile(org, 'trucks', file(header, [['T-1', org.company.name, org.users.driver.email, 'FC-1']]))
    expect(await prisma.truck.findFirst({ where: { organizationId: org.organization.id, unitNumber: 'T-1' } })).toMatchObject({
      companyId: org.company.id,
      primaryDriverId: org.users.driver.id,
      customFields: { fuel_card: 'FC-1' },
    })
  })

  it('creates drivers as invited users with their profile; the invitation emails only when asked', async () => {
    const org = await createOrg()
    const tag = unique('i').slice(2)
    const jobs = async () =>
      (
        await prisma.$queryRaw<Array<{ n: number }>>`
          SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
          JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'invitation_email'`
      )[0].n
    const header = ['email', 'firstName', 'lastName', 'licenseNumber', 'payMethod', 'payRate']
    const before = await jobs()
    const silent = await runImport(
      await recordImportList('drivers', org.organization.id),
      actorOf(org),
      file(header, [[`a.${tag}@example.test`, 'A', 'B', 'D1', 'per_mile', '0.62']]),
    )
    expect(silent.result).toEqual({ created: 1 })
    const driver = await prisma.user.findFirstOrThrow({ where: { email: `a.${tag}@example.test` }, include: { driverProfile: true } })
    expect(driver).toMatchObject({ role: 'driver', status: 'invited', organizationId: org.organization.id })
    expect(driver.driverProfile).toMatchObject({ licenseNumber: 'D1', payMethod: 'per_mile', payRate: 62 })
    expect(await jobs()).toBe(before)
    const invited = await runImport(
      await recordImportList('drivers', org.organization.id, { invite: true, language: 'fr' }),
      actorOf(org),
      file(header, [[`b.${tag}@example.test`, 'C', 'D', '', '', '']]),
    )
    expect(invited.result).toEqual({ created: 1 })
    expect(await jobs()).toBe(before + 1)
    // Only an admin adds users: a dispatcher's import of drivers is refused row by row, nothing written.
    const refused = await runImport(
      await recordImportList('drivers', org.organization.id),
      actorOf(org, 'dispatcher'),
      file(header, [[`c.${tag}@example.test`, 'E', 'F', '', '', '']]),
    )
    expect([refused.result, refused.check.errors[0]]).toEqual([null, { row: 2, column: null, message: 'api.forbidden' }])
  })

  it('bounds the file before reading it: columns, cells, rows, records, text', async () => {
    const org = await createOrg()
    const wide = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `c${i}`)
    await expect(importFile(org, 'trucks', file(wide, [wide]))).rejects.toMatchObject({ fields: { file: ['imports.errors.tooManyColumns'] } })
    const long = await importFile(org, 'trucks', file(['unitNumber', 'notes'], [['T-1', 'x'.repeat(IMPORT_MAX_CELL + 1)]]), { dryRun: true })
    expect(long.check.errors).toEqual([{ row: 2, column: 'notes', message: 'imports.errors.cellTooLong', params: { max: IMPORT_MAX_CELL } }])
    const rows = Array.from({ length: 501 }, (_, i) => [`d${i}@example.test`, 'A', 'B'])
    await expect(importFile(org, 'drivers', file(['email', 'firstName', 'lastName'], rows))).rejects.toMatchObject({
      fields: { file: ['imports.errors.tooManyRows'] },
    })
    await expect(importFile(org, 'trucks', `unitNumber\n"${'x'.repeat(200 * 1024)}`)).rejects.toMatchObject({
      fields: { file: ['imports.errors.recordTooLong'] },
    })
    await expect(importFile(org, 'trucks', 'unitNumber\nT\u0000-1\n')).rejects.toMatchObject({ fields: { file: ['imports.errors.notText'] } })
    await expect(importFile(org, 'trucks', 'unitNumber\n')).rejects.toMatchObject({ fields: { file: ['imports.errors.empty'] } })
  })
})

describe('the API', () => {
  function post(org: Org, path: string, body: BodyInit, options: { type?: string; role?: keyof Org['users'] } = {}) {
    const request = new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${org.users[options.role ?? 'admin'].token}`,
        ...(options.type === 'multipart' ? {} : { 'Content-Type': options.type ?? 'text/csv' }),
        [CLIENT_IP_HEADER]: '198.51.100.4',
      },
      body,
    })
    return importApi.action({ request, params: {}, context: {} } as never).then(async (response) => {
      const answer = { status: response.status, body: await response.json() }
      expectDocumentedAnswer('POST', path, answer)
      return answer
    })
  }

  it('answers a dry run with translated errors and the headers, a refused import 400 with stable codes and nothing written, a clean one 201', async () => {
    const org = await createOrg()
    const csv = file(
      ['unitNumber', 'year'],
      [
        ['T-1', '2021'],
        ['T-2', 'soon'],
      ],
    )
    const dry = await post(org, '/api/trucks/import?dryRun=true', csv)
    expect(dry).toMatchObject({
      status: 200,
      body: {
        data: {
          rows: 2,
          valid: 1,
          errorCount: 1,
          created: 0,
          duplicates: 0,
          errors: [{ row: 3, field: 'year', column: 'year' }],
          headers: [
            { header: 'unitNumber', column: 'unitNumber' },
            { header: 'year', column: 'year' },
          ],
        },
      },
    })
    expect(dry.body.data.errors[0].message).toBe(en.validation.number)
    const refused = await post(org, '/api/trucks/import', csv)
    expect([refused.status, refused.body.error.code, Object.keys(refused.body.error.fields)]).toEqual([400, 'validation_failed', ['rows.3.year']])
    // The contract's answer beside the error (ADR 143): nothing created, the refused row at its field.
    expect([refused.body.created, refused.body.duplicates, refused.body.errors]).toEqual([
      0,
      0,
      [{ row: 3, field: 'year', column: 'year', message: en.validation.number }],
    ])
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
    const created = await post(org, '/api/trucks/import', file(['unitNumber'], [['T-1'], ['T-2']]))
    expect(created).toEqual({ status: 201, body: { data: { created: 2, duplicates: 0, errors: [] } } })
  })

  it('takes a multipart file with a mapping, refuses bad mappings, other media, roles that cannot create, and answers every list', async () => {
    const org = await createOrg()
    const form = new FormData()
    form.append('file', new File([file(['Customer'], [['Acme Freight']])], 'brokers.csv', { type: 'text/csv' }))
    form.append('mapping', JSON.stringify({ Customer: 'name' }))
    // A `dryRun` field of the form (the contract's way, ADR 137) is a dry run, never a write.
    form.append('dryRun', 'true')
    const dry = await post(org, '/api/brokers/import', form, { type: 'multipart' })
    expect([dry.status, dry.body.data.valid, dry.body.data.errors, dry.body.data.created, dry.body.data.duplicates]).toEqual([200, 1, [], 0, 0])
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(0)
    form.delete('dryRun')
    expect(await post(org, '/api/brokers/import', form, { type: 'multipart' })).toEqual({
      status: 201,
      body: { data: { created: 1, duplicates: 0, errors: [] } },
    })
    const badMapping = await post(org, `/api/brokers/import?mapping=${encodeURIComponent('["name"]')}`, file(['name'], [['B']]))
    expect([badMapping.status, badMapping.body.error.code, badMapping.body.error.fields]).toEqual([
      400,
      'validation_failed',
      { mapping: [en.imports.errors.mapping] },
    ])
    expect((await post(org, '/api/brokers/import', '{}', { type: 'application/json' })).body.error.code).toBe('unsupported_media_type')
    expect((await post(org, '/api/trucks/import', file(['unitNumber'], [['T-9']]), { role: 'viewer' })).status).toBe(403)
    const dispatcherDrivers = await post(org, '/api/users/import', file(['email', 'firstName', 'lastName'], [['x@example.test', 'A', 'B']]), {
      role: 'dispatcher',
    })
    expect(dispatcherDrivers.status).toBe(403)
    for (const name of ['trucks', 'trailers', 'brokers', 'companies', 'products', 'drivers'] as const) {
      // An email is one account's in the whole database: the template's driver may exist already.
      const template = recordImportTemplate(name).replace('sam.ortiz@', `sam.${unique()}@`)
      const answer = await post(org, `${IMPORT_PATHS[name].api}?dryRun=true`, template)
      expect([name, answer.status, answer.body.data.errors]).toEqual([name, 200, []])
    }
    // The specification's singular path imports companies too.
    const singular = await post(org, '/api/company/import', recordImportTemplate('companies'))
    expect([singular.status, singular.body.data?.created]).toEqual([201, 1])
  })
})

describe('hostile files through the API', () => {
  it('answers each with 400, 413 or 415 and a stable code, never a server error, and writes nothing', async () => {
    const org = await createOrg()
    const send = (body: BodyInit, type = 'text/csv', query = '') =>
      importApi
        .action({
          request: new Request(`http://localhost/api/trucks/import${query}`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${org.users.admin.token}`, ...(type ? { 'Content-Type': type } : {}), [CLIENT_IP_HEADER]: '198.51.100.5' },
            body,
          }),
          params: {},
          context: {},
        } as never)
        .then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: { code: string } } }))
    const twoFiles = new FormData()
    twoFiles.append('file', new File(['unitNumber\nT-1\n'], 'a.csv', { type: 'text/csv' }))
    twoFiles.append('file', new File(['unitNumber\nT-2\n'], 'b.csv', { type: 'text/csv' }))
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`
    const cases: Array<[string, () => ReturnType<typeof send>]> = [
      [
        'bytes that are not UTF-8',
        () => send(new Uint8Array([0x75, 0x6e, 0x69, 0x74, 0x4e, 0x75, 0x6d, 0x62, 0x65, 0x72, 0x0a, 0xff, 0xfe, 0xc3, 0x28, 0x0a])),
      ],
      ['a gzip file sent as CSV', () => send(new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00]))],
      ['UTF-16 with its byte order mark', () => send(new Uint8Array([0xff, 0xfe, 0x75, 0x00, 0x6e, 0x00, 0x0a, 0x00]))],
      ['a quote never closed', () => send('unitNumber,notes\nT-1,"open\nT-2,x\n')],
      ['a header named twice', () => send('unitNumber,unitNumber\nT-1,T-2\n')],
      ['a NUL in a header', () => send('unit\u0000Number\nT-1\n')],
      ['a mapping nested 5,000 deep', () => send('Unit\nT-1\n', 'text/csv', `?mapping=${encodeURIComponent(deep)}`)],
      [
        'a mapping naming __proto__',
        () => send('Unit\nT-1\n', 'text/csv', `?mapping=${encodeURIComponent('{"__proto__":{"unitNumber":"x"},"Unit":"polluted"}')}`),
      ],
      ['a mapping to an unknown column', () => send('Unit\nT-1\n', 'text/csv', `?mapping=${encodeURIComponent('{"Unit":"constructor"}')}`)],
      ['two file parts', () => send(twoFiles, '')],
      [
        'a multipart body without its boundary',
        () => send('--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nunitNumber\nT-1\n--x--', 'multipart/form-data'),
      ],
      ['no body', () => send('')],
      // Past IMPORT_MAX_BYTES (10 MB), refused before a row is read.
      ['a file over 10 MB', () => send(`unitNumber\n${'T-1\n'.repeat(2_700_000)}`)],
    ]
    const answers: Array<[string, number, string | undefined]> = []
    for (const [label, run] of cases) {
      const answer = await run()
      answers.push([label, answer.status, answer.body.error?.code])
    }
    for (const [label, status, code] of answers) {
      expect({ label, refused: [400, 413, 415].includes(status), code: typeof code }).toEqual({ label, refused: true, code: 'string' })
    }
    expect(answers.find(([label]) => label === 'a file over 10 MB')).toEqual(['a file over 10 MB', 413, 'payload_too_large'])
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
    // The __proto__ mapping polluted nothing.
    expect(Object.prototype).not.toHaveProperty('unitNumber')
  })
})

describe('the import page and template', () => {
  async function submit(org: Org, path: string, fields: Record<string, string>, content?: string, role: keyof Org['users'] = 'admin') {
    const form = new FormData()
    if (content !== undefined) form.append('file', new File([content], 'list.csv', { type: 'text/csv' }))
    for (const [key, value] of Object.entries(fields)) form.append(key, value)
    return callPage(importPage.action as Handler, path, org.users[role].id, {}, { method: 'POST', body: form })
  }

  it('checks, shows the mapping step for headers that match nothing, imports with the mapping chosen, and goes to the list', async () => {
    const org = await createOrg()
    const csv = file(['Unit #', 'Make'], [['T-1', 'Volvo']])
    const checked = await submit(org, '/dashboard/trucks/import', { intent: 'dryRun' }, csv)
    expect(checked.status).toBe(200)
    expect(checked.data?.outcome).toMatchObject({
      dryRun: true,
      mapping: true,
      headers: [
        { header: 'Unit #', column: null },
        { header: 'Make', column: 'make' },
      ],
    })
    expect((checked.data?.outcome as { errors: unknown[] }).errors[0]).toMatchObject({ row: 1, column: 'Unit #', message: en.imports.errors.unknownColumn })
    const fields = { intent: 'import', 'header-0': 'Unit #', 'map-0': 'unitNumber', 'header-1': 'Make', 'map-1': 'make' }
    const imported = await submit(org, '/dashboard/trucks/import', fields, csv)
    expect([imported.status, imported.location]).toEqual([302, '/dashboard/trucks/list?sort=createdAt&dir=desc'])
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(1)
    expect((await submit(org, '/dashboard/trucks/import', { intent: 'import' }, csv, 'viewer')).status).toBe(403)
    expect((await callPage(importPage.loader as Handler, '/dashboard/user/import', org.users.dispatcher.id)).status).toBe(403)
  })

  it('serves each list’s template to those who may import it', async () => {
    const org = await createOrg()
    const response = await callPage(templateRoute.loader as Handler, '/dashboard/e-commerce/import/template', org.users.admin.id)
    expect(response.status).toBe(200)
    expect(response.headers?.get('Content-Disposition')).toContain('freightdesk-products-template.csv')
    expect((await callPage(templateRoute.loader as Handler, '/dashboard/trailers/import/template', org.users.viewer.id)).status).toBe(403)
  })

  it('ends the template with a column per active custom field of the organization, with examples the import accepts', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const definitions = [
      { key: 'fuel_card', label: 'Fuel card', type: 'text', required: true },
      { key: 'axles', label: 'Axles', type: 'number', required: true },
      { key: 'tier', label: 'Tier', type: 'select', options: ['gold', 'silver'], required: true },
      { key: 'apu', label: 'APU', type: 'boolean' },
      { key: 'retired', label: 'Retired', type: 'text', active: false },
    ] as const
    for (const definition of definitions)
      await prisma.customFieldDefinition.create({
        data: { organizationId: org.organization.id, listName: 'trucks', ...definition, options: 'options' in definition ? [...definition.options] : [] },
      })
    await prisma.customFieldDefinition.create({
      data: { organizationId: other.organization.id, listName: 'trucks', key: 'theirs', label: 'Theirs', type: 'text' },
    })
    const answer = await callPage(templateRoute.loader as Handler, '/dashboard/trucks/import/template', org.users.admin.id)
    const template = await answer.response!.text()
    const [header] = template.replace(/^\uFEFF/, '').split(/\r?\n/)
    // In the order the editor shows them (sort order, then key); the inactive one and the other organization's left out.
    expect(header.split(',').slice(-5)).toEqual(['notes', 'apu', 'axles', 'fuel_card', 'tier'])
    const { check, result } = await importFile(org, 'trucks', template)
    expect([check.errors, result]).toEqual([[], { created: 1 }])
    expect((await prisma.truck.findFirstOrThrow({ where: { organizationId: org.organization.id } })).customFields).toEqual({
      fuel_card: 'Fuel card',
      axles: 0,
      tier: 'gold',
      apu: false,
    })
  })
})
