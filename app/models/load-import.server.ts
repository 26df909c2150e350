/**
 * CSV import of loads (ADR 032): one row per load with its first pickup and last delivery. A check
 * (the dry run) reports the errors by row and column and writes nothing; the import runs the same
 * check and writes every load, or none, in one transaction. Each row becomes the input of the load
 * editor and is validated by the same schema (LoadSchema, so the same dates as everywhere);
 * references are looked up once per kind for the whole file, by the names people type (broker and
 * company names, driver emails, unit numbers), case-insensitively as the database compares them.
 *
 * Memory stays bounded at the largest file (ADR 045): the file's bytes are kept outside the
 * JavaScript heap and parsed as a stream, twice (the header and the references first, then each
 * row on its own), valid loads are written 100 at a time, and at most LOAD_IMPORT_MAX_ERRORS errors
 * are kept (all are counted). Neither the table of cells nor the loads of a whole file are ever held.
 */
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'

import { type Options, parse } from 'csv-parse'

import { type LoadInput, LoadSchema } from '~/schemas/load'
import {
  LOAD_IMPORT_COLUMNS,
  LOAD_IMPORT_MAX_ERRORS,
  LOAD_IMPORT_MAX_ROWS,
  LOAD_IMPORT_REQUIRED,
  LOAD_IMPORT_STATUSES,
  type LoadImportColumn,
} from '~/schemas/load-import-options'
import { formatLoadNumber } from '~/schemas/load-options'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError, isDomainError } from '~/utils/errors.server'
import { parseDollars } from '~/utils/money'

import { type Actor, diffFields } from './audit.server'
import { resolveCustomFields } from './custom-fields.server'
import { loadTimeZone, newLoadRecord } from './load.server'
import { assertActorMay, nextNumber } from './records.server'

/** One problem: the CSV line (the header is line 1), the column's header, an i18n key and its values. */
export type ImportError = { row: number; column: string | null; message: string; params?: Record<string, string | number> }

/** What a check found: the rows, how many are valid, the first errors and how many there are in all. */
export type ImportCheck = {
  rows: number
  valid: number
  /** The first LOAD_IMPORT_MAX_ERRORS errors, in file order. */
  errors: ImportError[]
  errorCount: number
}

/** A valid row: the load it becomes. */
export type ImportedLoad = { row: number; input: LoadInput; status: (typeof LOAD_IMPORT_STATUSES)[number] }

/** The file as it arrives: bytes (kept off the JavaScript heap) or text. */
export type ImportFile = Uint8Array | string

const normalize = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '')
const HEADERS = new Map(LOAD_IMPORT_COLUMNS.map((column) => [normalize(column), column]))

/** Where a schema issue's path points in the CSV. */
const STOP_FIELDS: Record<string, string> = {
  facilityName: 'Facility',
  line1: 'Address',
  city: 'City',
  state: 'State',
  postalCode: 'PostalCode',
  country: 'Country',
  windowStart: 'Start',
  windowEnd: 'End',
}
const LOAD_FIELDS: Record<string, LoadImportColumn> = {
  brokerId: 'broker',
  companyId: 'company',
  linehaulCents: 'linehaul',
  driverId: 'driver',
  truckId: 'truck',
  trailerId: 'trailer',
}
function columnOf(path: PropertyKey[]): string | null {
  const [first, index, field] = path
  if (first === 'stops') {
    if (typeof index !== 'number' || typeof field !== 'string') return null
    return `${index === 0 ? 'pickup' : 'delivery'}${STOP_FIELDS[field] ?? ''}`
  }
  return typeof first === 'string' ? (LOAD_FIELDS[first] ?? first) : null
}

const PARSE_OPTIONS: Options = { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }
// The parser is fed this much at a time: it reads ahead by one slice, never the whole file.
const SLICE = 64 * 1024

function malformed(error: unknown) {
  const line = (error as { lines?: number }).lines ?? 1
  return new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loadImport.errors.malformed'] }, params: { line } })
}

/** The file's records (the header first) as text cells, parsed as a stream; a malformed file is one error at its line. */
async function* records(file: Uint8Array): AsyncGenerator<string[]> {
  const slices = function* () {
    for (let start = 0; start < file.length; start += SLICE) yield file.subarray(start, start + SLICE)
  }
  const parser = parse(PARSE_OPTIONS)
  const source = Readable.from(slices(), { objectMode: false })
  source.pipe(parser)
  try {
    for await (const record of parser) yield record as string[]
  } catch (error) {
    throw malformed(error)
  } finally {
    source.destroy()
    parser.destroy()
  }
}

type Row = Partial<Record<LoadImportColumn, string>>
type Header = Array<LoadImportColumn | null>
const REFERENCE_COLUMNS = ['broker', 'company', 'driver', 'truck', 'trailer'] as const satisfies readonly LoadImportColumn[]

function rowOf(header: Header, cells: string[]): Row {
  const row: Row = {}
  header.forEach((column, index) => {
    if (column && cells[index]) row[column] = cells[index]
  })
  return row
}

/**
 * The first pass: the header (known columns only, each once, the required ones present), the
 * number of rows, and each reference the rows name, looked up once per kind. A file that is not
 * text, empty or too long is refused whole.
 */
async function prepare(organizationId: string, file: Uint8Array) {
  // NUL is no character of a text file (and PostgreSQL refuses it); UTF-8 decoding leaves no lone surrogate.
  if (file.includes(0)) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loadImport.errors.notText'] } })
  const errors: ImportError[] = []
  let header: Header | null = null
  let rows = 0
  const names = Object.fromEntries(REFERENCE_COLUMNS.map((column) => [column, new Set<string>()])) as Record<(typeof REFERENCE_COLUMNS)[number], Set<string>>
  for await (const cells of records(file)) {
    if (!header) {
      header = cells.map((cell) => HEADERS.get(normalize(cell)) ?? null)
      cells.forEach((cell, index) => {
        if (!header![index]) errors.push({ row: 1, column: cell, message: 'loadImport.errors.unknownColumn' })
        else if (header!.indexOf(header![index]) !== index) errors.push({ row: 1, column: cell, message: 'loadImport.errors.duplicateColumn' })
      })
      for (const column of LOAD_IMPORT_REQUIRED) if (!header.includes(column)) errors.push({ row: 1, column, message: 'loadImport.errors.missingColumn' })
      continue
    }
    if (++rows > LOAD_IMPORT_MAX_ROWS)
      throw new DomainError('validation_failed', 'validation.failed', {
        fields: { file: ['loadImport.errors.tooManyRows'] },
        params: { max: LOAD_IMPORT_MAX_ROWS },
      })
    const row = rowOf(header, cells)
    for (const column of REFERENCE_COLUMNS) if (row[column]) names[column].add(row[column])
  }
  if (!header || rows === 0) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loadImport.errors.empty'] } })
  if (errors.length) return { header, rows, errors, lookups: null }
  const lookups = await lookUp(organizationId, names)
  try {
    await resolveCustomFields(prisma, organizationId, 'loads', undefined)
  } catch (error) {
    if (!isDomainError(error)) throw error
    errors.push({ row: 1, column: null, message: 'loadImport.errors.requiredCustomFields' })
  }
  return { header, rows, errors, lookups }
}

type Lookups = Awaited<ReturnType<typeof lookUp>>

/** A row's problems, or the load it becomes. */
function checkRow(row: Row, line: number, lookups: Lookups): { errors: ImportError[]; load?: ImportedLoad } {
  const rowErrors: ImportError[] = []
  const fail = (column: LoadImportColumn, message: string, params?: ImportError['params']) => rowErrors.push({ row: line, column, message, params })
  const ref = (column: 'broker' | 'company' | 'driver' | 'truck' | 'trailer', found: Map<string, { id: string }>, message: string) => {
    const value = row[column]
    if (!value) return undefined
    const match = found.get(value.toLowerCase())
    if (!match) fail(column, message)
    return match?.id
  }
  const number = (column: LoadImportColumn) => {
    const value = row[column]
    if (!value) return undefined
    const parsed = Number(value.replace(/,/g, ''))
    if (!Number.isFinite(parsed)) fail(column, 'validation.number')
    return Number.isFinite(parsed) ? parsed : undefined
  }
  const when = (value: string | undefined) => value?.replace(/^(\d{4}-\d{2}-\d{2})[ ]/, '$1T')

  const brokerId = ref('broker', lookups.brokers, 'loadImport.errors.unknownBroker')
  if (brokerId && lookups.brokers.get(row.broker!.toLowerCase())?.status === 'on_hold') fail('broker', 'brokers.errors.onHold')
  const status = (row.status?.toLowerCase() ?? 'booked') as (typeof LOAD_IMPORT_STATUSES)[number]
  if (!LOAD_IMPORT_STATUSES.includes(status)) fail('status', 'loadImport.errors.status')
  const linehaulCents = row.linehaul ? parseDollars(row.linehaul) : 0
  if (linehaulCents === null) fail('linehaul', 'loadImport.errors.amount')
  const stop = (type: 'pickup' | 'delivery') => ({
    type,
    facilityName: row[`${type}Facility`],
    line1: row[`${type}Address`],
    city: row[`${type}City`] ?? '',
    state: row[`${type}State`],
    postalCode: row[`${type}PostalCode`],
    country: row[`${type}Country`],
    windowStart: when(row[`${type}Start`]),
    windowEnd: when(row[`${type}End`]),
  })
  const raw = {
    brokerId: brokerId ?? (row.broker ? 'c0000000000000000000000x' : ''),
    companyId: ref('company', lookups.companies, 'loadImport.errors.unknownCompany'),
    brokerReference: row.brokerReference,
    equipmentType: row.equipmentType?.toLowerCase(),
    commodity: row.commodity,
    weightLb: number('weightLb'),
    linehaulCents: linehaulCents ?? 0,
    loadedMiles: number('loadedMiles'),
    emptyMiles: number('emptyMiles'),
    driverId: ref('driver', lookups.drivers, 'loadImport.errors.unknownDriver'),
    truckId: ref('truck', lookups.trucks, 'loadImport.errors.unknownTruck'),
    trailerId: ref('trailer', lookups.trailers, 'loadImport.errors.unknownTrailer'),
    notes: row.notes,
    stops: [stop('pickup'), stop('delivery')],
  }
  const parsed = LoadSchema.safeParse(raw)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path)
      // A reference already reported as unknown is not reported twice.
      if (!rowErrors.some((error) => error.column === column)) rowErrors.push({ row: line, column, message: issue.message })
    }
  }
  return parsed.success && rowErrors.length === 0 ? { errors: [], load: { row: line, input: parsed.data, status } } : { errors: rowErrors }
}

/**
 * Every error of the file (the first LOAD_IMPORT_MAX_ERRORS kept, all counted). Writes nothing;
 * `onLoad` receives each valid row's load as it is checked (the import writes them in batches).
 */
export async function checkLoadImport(
  organizationId: string,
  content: ImportFile,
  onLoad?: (load: ImportedLoad) => void | Promise<void>,
): Promise<ImportCheck> {
  const file = typeof content === 'string' ? Buffer.from(content) : content
  const prepared = await prepare(organizationId, file)
  const check: ImportCheck = { rows: prepared.rows, valid: 0, errors: [], errorCount: 0 }
  const report = (errors: ImportError[]) => {
    check.errorCount += errors.length
    check.errors.push(...errors.slice(0, LOAD_IMPORT_MAX_ERRORS - check.errors.length))
  }
  report(prepared.errors)
  if (!prepared.lookups) return check
  let line = 0
  for await (const cells of records(file)) {
    if (++line === 1) continue
    const { errors, load } = checkRow(rowOf(prepared.header, cells), line, prepared.lookups)
    report(errors)
    if (load) {
      check.valid++
      if (onLoad && check.errorCount === 0) await onLoad(load)
    }
  }
  return check
}

/** The file's references, one query per kind: names, emails and unit numbers to ids. */
async function lookUp(organizationId: string, names: Record<(typeof REFERENCE_COLUMNS)[number], Set<string>>) {
  const values = (column: (typeof REFERENCE_COLUMNS)[number]) => [...names[column]]
  const [brokers, companies, drivers, trucks, trailers] = await Promise.all([
    prisma.broker.findMany({ where: { organizationId, name: { in: values('broker') } }, select: { id: true, name: true, status: true } }),
    prisma.company.findMany({ where: { organizationId, name: { in: values('company') } }, select: { id: true, name: true } }),
    prisma.user.findMany({ where: { organizationId, role: 'driver', email: { in: values('driver') } }, select: { id: true, email: true } }),
    prisma.truck.findMany({ where: { organizationId, unitNumber: { in: values('truck') } }, select: { id: true, unitNumber: true } }),
    prisma.trailer.findMany({ where: { organizationId, unitNumber: { in: values('trailer') } }, select: { id: true, unitNumber: true } }),
  ])
  const byKey = <Row extends { id: string }>(list: Row[], key: (row: Row) => string) => new Map(list.map((row) => [key(row).toLowerCase(), row]))
  return {
    brokers: byKey(brokers, (row) => row.name),
    companies: byKey(companies, (row) => row.name),
    drivers: byKey(drivers, (row) => row.email),
    trucks: byKey(trucks, (row) => row.unitNumber),
    trailers: byKey(trailers, (row) => row.unitNumber),
  }
}

// Loads a statement. Small on purpose: Prisma's debug module keeps the arguments of the last 100
// queries even with DEBUG off (@prisma/debug's argsHistory), so a batch's column arrays stay on
// the heap for the next 100 statements; at 500 loads that was ~20 MB of a 128 MB heap, at 100 ~5 MB.
const BATCH = 100

/** An id like Prisma's cuid (25 characters, a letter first), for rows inserted set-based. */
function newId() {
  return `c${randomBytes(16).toString('hex').slice(0, 24)}`
}

export type ImportResult = { created: number; first: string; last: string }

// Stands for "the file has errors" inside the import's transaction: thrown to roll it back.
const ROLLBACK = Symbol('rollback')

/**
 * The import: the file checked as by checkLoadImport, and its loads written BATCH at a time as they
 * are checked, all in one transaction, or nothing when any row has an error (then `result` is null
 * and `check` says why). Each batch takes its numbers with one `UPDATE … RETURNING`; the first
 * locks the organization's row to the end, so the numbers of a file run on without gaps even with
 * two imports at once. Loads, stops and audit events go in set-based inserts (`unnest` of one array
 * per column): Prisma's createMany held ~100 KB of heap per load, and a 20,000-row file took 1.7 GB.
 */
export async function importLoads(actor: Actor, content: ImportFile): Promise<{ check: ImportCheck; result: ImportResult | null }> {
  assertActorMay(actor, 'create', 'load')
  const timeZone = await loadTimeZone(actor.organizationId)
  let check: ImportCheck | null = null
  try {
    const result = await prisma.$transaction(
      async (tx) => {
        let pending: ImportedLoad[] = []
        let first: number | null = null
        let created = 0
        const flush = async () => {
          const numbers = await writeBatch(tx, actor, pending, timeZone)
          first ??= numbers
          created += pending.length
          pending = []
        }
        check = await checkLoadImport(actor.organizationId, content, async (load) => {
          pending.push(load)
          if (pending.length === BATCH) await flush()
        })
        if (check.errorCount) throw ROLLBACK
        if (pending.length) await flush()
        return { created, first: formatLoadNumber(first!), last: formatLoadNumber(first! + created - 1) }
      },
      { timeout: 120_000, maxWait: 10_000 },
    )
    return { check: check!, result }
  } catch (error) {
    if (error === ROLLBACK && check) return { check, result: null }
    throw error
  }
}

/** One batch: its numbers (the first returned), its loads, their stops and audit events. */
async function writeBatch(tx: Tx, actor: Actor, loads: ImportedLoad[], timeZone: string) {
  const first = await nextNumber(tx, actor.organizationId, 'nextLoadNumber', { count: loads.length })
  const batch = loads.map((load, offset) => ({
    ...load,
    ...newLoadRecord(load.input, timeZone),
    id: newId(),
    number: formatLoadNumber(first + offset),
  }))
  const column = <T>(pick: (load: (typeof batch)[number]) => T) => batch.map(pick)
  const iso = (date: Date | null) => date?.toISOString() ?? null
  await tx.$executeRaw`
    INSERT INTO "Load" ("id", "organizationId", "loadNumber", "status", "brokerId", "companyId", "brokerReference", "poNumbers", "bolNumber",
      "equipmentType", "commodity", "weightLb", "pieces", "temperatureF", "hazmat", "linehaulCents", "totalCents", "loadedMiles", "emptyMiles",
      "driverId", "truckId", "trailerId", "dispatcherId", "notes", "pickupAt", "pickupCity", "pickupState", "deliveryAt", "deliveryCity",
      "deliveryState", "updatedAt")
    SELECT id, ${actor.organizationId}, number, status::"LoadStatus", broker, company, reference, po, bol, equipment::"TrailerType", commodity,
      weight, pieces, temperature, hazmat, linehaul, total, loaded, empty, driver, truck, trailer, ${actor.userId}, notes, "pickupAt",
      "pickupCity", "pickupState", "deliveryAt", "deliveryCity", "deliveryState", now()
    FROM unnest(
      ${column((l) => l.id)}::text[], ${column((l) => l.number)}::text[], ${column((l) => l.status)}::text[],
      ${column((l) => l.data.brokerId)}::text[], ${column((l) => l.data.companyId)}::text[], ${column((l) => l.data.brokerReference)}::text[],
      ${column((l) => l.data.poNumbers)}::text[], ${column((l) => l.data.bolNumber)}::text[], ${column((l) => l.data.equipmentType)}::text[],
      ${column((l) => l.data.commodity)}::text[], ${column((l) => l.data.weightLb)}::int[], ${column((l) => l.data.pieces)}::int[],
      ${column((l) => l.data.temperatureF)}::int[], ${column((l) => l.data.hazmat)}::boolean[], ${column((l) => l.data.linehaulCents)}::int[],
      ${column((l) => l.data.totalCents)}::int[], ${column((l) => l.data.loadedMiles)}::int[], ${column((l) => l.data.emptyMiles)}::int[],
      ${column((l) => l.data.driverId)}::text[], ${column((l) => l.data.truckId)}::text[], ${column((l) => l.data.trailerId)}::text[],
      ${column((l) => l.data.notes)}::text[], ${column((l) => iso(l.data.pickupAt))}::timestamptz[], ${column((l) => l.data.pickupCity)}::text[],
      ${column((l) => l.data.pickupState)}::text[], ${column((l) => iso(l.data.deliveryAt))}::timestamptz[],
      ${column((l) => l.data.deliveryCity)}::text[], ${column((l) => l.data.deliveryState)}::text[]
    ) AS t(id, number, status, broker, company, reference, po, bol, equipment, commodity, weight, pieces, temperature, hazmat, linehaul,
      total, loaded, empty, driver, truck, trailer, notes, "pickupAt", "pickupCity", "pickupState", "deliveryAt", "deliveryCity", "deliveryState")`
  const stops = batch.flatMap((load) => load.stops.map((stop) => ({ ...stop, id: newId(), loadId: load.id })))
  const stop = <T>(pick: (row: (typeof stops)[number]) => T) => stops.map(pick)
  await tx.$executeRaw`
    INSERT INTO "LoadStop" ("id", "loadId", "sequence", "type", "facilityName", "line1", "city", "state", "postalCode", "country",
      "windowStart", "windowEnd", "appointmentRef", "notes")
    SELECT id, load, sequence, type::"StopType", facility, line1, city, state, postal, country, "windowStart", "windowEnd", appointment, notes
    FROM unnest(
      ${stop((s) => s.id)}::text[], ${stop((s) => s.loadId)}::text[], ${stop((s) => s.sequence)}::int[], ${stop((s) => s.type)}::text[],
      ${stop((s) => s.facilityName)}::text[], ${stop((s) => s.line1)}::text[], ${stop((s) => s.city)}::text[], ${stop((s) => s.state)}::text[],
      ${stop((s) => s.postalCode)}::text[], ${stop((s) => s.country)}::text[], ${stop((s) => iso(s.windowStart))}::timestamptz[],
      ${stop((s) => iso(s.windowEnd))}::timestamptz[], ${stop((s) => s.appointmentRef)}::text[], ${stop((s) => s.notes)}::text[]
    ) AS t(id, load, sequence, type, facility, line1, city, state, postal, country, "windowStart", "windowEnd", appointment, notes)`
  await tx.$executeRaw`
    INSERT INTO "AuditEvent" ("id", "organizationId", "userId", "entity", "entityId", "action", "changes", "ip")
    SELECT id, ${actor.organizationId}, ${actor.userId}, 'load', load, 'create'::"AuditAction", changes, ${actor.ip ?? null}
    FROM unnest(
      ${column(() => newId())}::text[], ${column((l) => l.id)}::text[],
      ${column((l) => JSON.stringify(diffFields(null, { loadNumber: l.number, importedFromRow: l.row })))}::jsonb[]
    ) AS t(id, load, changes)`
  return first
}
