/**
 * CSV import of loads (issue 9): one row per load with its first pickup and last delivery. A check
 * (the dry run) reports every error by row and column and writes nothing; the import runs the same
 * check and then writes every load, or none, in one transaction. Each row becomes the input of the
 * load editor and is validated by the same schema (LoadSchema); references are looked up once per
 * kind for the whole file, by the names people type (broker and company names, driver emails, unit
 * numbers), case-insensitively as the database compares them.
 */
import { randomBytes } from 'node:crypto'
import { parse } from 'csv-parse/sync'
import { parseDollars } from '~/schemas/dollars'
import { LoadSchema, type LoadInput } from '~/schemas/load'
import { LOAD_IMPORT_COLUMNS, LOAD_IMPORT_MAX_ROWS, LOAD_IMPORT_REQUIRED, LOAD_IMPORT_STATUSES, type LoadImportColumn } from '~/schemas/load-import-options'
import { formatLoadNumber } from '~/schemas/load-options'
import { isSaveableText } from '~/schemas/text'
import { prisma } from '~/utils/db.server'
import { DomainError, isDomainError } from '~/utils/errors.server'
import { diffFields, type Actor } from './audit.server'
import { resolveCustomFields } from './custom-fields.server'
import { loadTimeZone, newLoadRecord } from './load.server'

/** One problem: the CSV line (the header is line 1), the column's header, an i18n key and its values. */
export type ImportError = { row: number; column: string | null; message: string; params?: Record<string, string | number> }

export type ImportCheck = {
  rows: number
  valid: number
  errors: ImportError[]
  loads: Array<{ row: number; input: LoadInput; status: (typeof LOAD_IMPORT_STATUSES)[number] }>
}

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

/** The file's rows as text cells; a malformed file (an unclosed quote …) is one error at its line. */
function readCsv(csv: string): string[][] {
  try {
    return parse(csv, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as string[][]
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1
    throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loadImport.errors.malformed'] }, params: { line } })
  }
}

/** Every error of the file, and each valid row as the load it becomes. Writes nothing. */
export async function checkLoadImport(organizationId: string, csv: string): Promise<ImportCheck> {
  if (!isSaveableText(csv)) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loadImport.errors.notText'] } })
  const table = readCsv(csv)
  if (table.length < 2) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loadImport.errors.empty'] } })
  if (table.length - 1 > LOAD_IMPORT_MAX_ROWS)
    throw new DomainError('validation_failed', 'validation.failed', {
      fields: { file: ['loadImport.errors.tooManyRows'] },
      params: { max: LOAD_IMPORT_MAX_ROWS },
    })

  // The header: known columns only, each once, the required ones present.
  const errors: ImportError[] = []
  const header = table[0].map((cell) => HEADERS.get(normalize(cell)) ?? null)
  table[0].forEach((cell, index) => {
    if (!header[index]) errors.push({ row: 1, column: cell, message: 'loadImport.errors.unknownColumn' })
    else if (header.indexOf(header[index]) !== index) errors.push({ row: 1, column: cell, message: 'loadImport.errors.duplicateColumn' })
  })
  for (const column of LOAD_IMPORT_REQUIRED) if (!header.includes(column)) errors.push({ row: 1, column, message: 'loadImport.errors.missingColumn' })
  if (errors.length) return { rows: table.length - 1, valid: 0, errors, loads: [] }

  const rows = table.slice(1).map((cells) => {
    const row: Partial<Record<LoadImportColumn, string>> = {}
    header.forEach((column, index) => {
      if (column && cells[index]) row[column] = cells[index]
    })
    return row
  })
  const lookups = await lookUp(organizationId, rows)
  try {
    await resolveCustomFields(prisma, organizationId, 'loads', undefined)
  } catch (error) {
    if (!isDomainError(error)) throw error
    errors.push({ row: 1, column: null, message: 'loadImport.errors.requiredCustomFields' })
  }

  const loads: ImportCheck['loads'] = []
  rows.forEach((row, index) => {
    const line = index + 2
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
    errors.push(...rowErrors)
    if (parsed.success && rowErrors.length === 0) loads.push({ row: line, input: parsed.data, status })
  })
  return { rows: rows.length, valid: loads.length, errors, loads }
}

/** The file's references, one query per kind: names, emails and unit numbers to ids. */
async function lookUp(organizationId: string, rows: Array<Partial<Record<LoadImportColumn, string>>>) {
  const values = (column: LoadImportColumn) => [...new Set(rows.flatMap((row) => (row[column] ? [row[column]] : [])))]
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

const BATCH = 500

/** An id like Prisma's cuid (25 characters, a letter first), for rows inserted set-based. */
function newId() {
  return `c${randomBytes(16).toString('hex').slice(0, 24)}`
}

/**
 * The import of a checked file (checkLoadImport): every load in one transaction, or nothing when
 * any row has an error. The numbers for all rows are taken at once under the organization's row
 * lock, so they run on without gaps. Loads, stops and audit events go in set-based inserts
 * (`unnest` of one array per column, 500 loads a statement): Prisma's createMany held ~100 KB of
 * heap per load, and a 20,000-row file took 1.7 GB.
 */
export async function importLoads(actor: Actor, check: ImportCheck) {
  if (check.errors.length) throw new DomainError('validation_failed', 'loadImport.errors.fileHasErrors', { params: { errors: check.errors.length } })
  const timeZone = await loadTimeZone(actor.organizationId)
  return prisma.$transaction(
    async (tx) => {
      const [{ first }] = await tx.$queryRaw<Array<{ first: number }>>`
        UPDATE "Organization" SET "nextLoadNumber" = "nextLoadNumber" + ${check.loads.length} WHERE "id" = ${actor.organizationId}
        RETURNING "nextLoadNumber" - ${check.loads.length} AS "first"`
      for (let start = 0; start < check.loads.length; start += BATCH) {
        const batch = check.loads.slice(start, start + BATCH).map((load, offset) => ({
          ...load,
          ...newLoadRecord(load.input, timeZone),
          id: newId(),
          number: formatLoadNumber(first + start + offset),
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
      }
      return { created: check.loads.length, first: formatLoadNumber(first), last: formatLoadNumber(first + check.loads.length - 1) }
    },
    { timeout: 120_000, maxWait: 10_000 },
  )
}
