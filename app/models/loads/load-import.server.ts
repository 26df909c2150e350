/**
 * CSV import of loads (ADR 032), one list of the import pipeline (app/models/records/csv-import.server.ts,
 * ADR 108): one row per load with its first pickup and last delivery. Each row becomes the input of
 * the load editor and is validated by the same schema (LoadSchema, so the same dates as
 * everywhere); references are looked up once per kind for the whole file, by the names people type
 * (broker and company names, driver emails, unit numbers), case-insensitively as the database
 * compares them. Valid loads are written 100 at a time, set-based (ADR 045).
 */
import { type Actor, diffFields } from '~/models/audit/audit.server'
import { resolveCustomFields } from '~/models/organization/custom-fields.server'
import { checkImport, type ImportCheck, type ImportError, type ImportFile, type ImportList, runImport } from '~/models/records/csv-import.server'
import { assertActorMay, newId, nextNumber } from '~/models/records/records.server'
import type { LoadImportWrittenRecord } from '~/schemas/import'
import { type LoadInput, LoadSchema } from '~/schemas/load'
import { LOAD_IMPORT_COLUMNS, LOAD_IMPORT_MAX_ROWS, LOAD_IMPORT_REQUIRED, LOAD_IMPORT_STATUSES, type LoadImportColumn } from '~/schemas/load-import-options'
import { formatLoadNumber } from '~/schemas/load-options'
import { prisma, type Tx } from '~/utils/db.server'
import { isDomainError } from '~/utils/errors.server'
import { parseDollars } from '~/utils/money'

import { loadTimeZone, newLoadRecord } from './load.server'

/** A valid row: the load it becomes. */
export type ImportedLoad = { row: number; input: LoadInput; status: (typeof LOAD_IMPORT_STATUSES)[number] }

export type { ImportCheck, ImportError, ImportFile }

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

type Row = Partial<Record<LoadImportColumn, string>>
const REFERENCE_COLUMNS = ['broker', 'company', 'driver', 'truck', 'trailer'] as const satisfies readonly LoadImportColumn[]

/** A row's problems, or the load it becomes. */
function checkRow(row: Row, line: number, lookups: Lookups): { errors: ImportError[]; value?: ImportedLoad } {
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
    companyId: ref('company', lookups.companies, 'imports.errors.unknownCompany'),
    brokerReference: row.brokerReference,
    equipmentType: row.equipmentType?.toLowerCase(),
    commodity: row.commodity,
    weightLb: number('weightLb'),
    linehaulCents: linehaulCents ?? 0,
    loadedMiles: number('loadedMiles'),
    emptyMiles: number('emptyMiles'),
    driverId: ref('driver', lookups.drivers, 'imports.errors.unknownDriver'),
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
  return parsed.success && rowErrors.length === 0 ? { errors: [], value: { row: line, input: parsed.data, status } } : { errors: rowErrors }
}

type Lookups = Awaited<ReturnType<typeof lookUp>>

/** The file's references, one query per kind: names, emails and unit numbers to ids. */
async function lookUp(organizationId: string, names: Record<string, Set<string>>) {
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

/**
 * Loads as a list of the import pipeline (app/models/records/csv-import.server.ts). The check finds every
 * problem (references are looked up for the whole file), so a dry run writes nothing. The writer
 * takes each batch's numbers with one `UPDATE … RETURNING`; the first locks the organization's row
 * to the end, so the numbers of a file run on without gaps even with two imports at once. Loads,
 * stops and audit events go in set-based inserts (`unnest` of one array per column): Prisma's
 * createMany held ~100 KB of heap per load, and a 20,000-row file took 1.7 GB.
 */
export const LOAD_IMPORT: ImportList<ImportedLoad, Lookups> = {
  columns: LOAD_IMPORT_COLUMNS,
  required: LOAD_IMPORT_REQUIRED,
  maxRows: LOAD_IMPORT_MAX_ROWS,
  collect: REFERENCE_COLUMNS,
  async prepare(organizationId, collected) {
    const errors: ImportError[] = []
    const lookups = await lookUp(organizationId, collected)
    try {
      await resolveCustomFields(prisma, organizationId, 'loads', undefined)
    } catch (error) {
      if (!isDomainError(error)) throw error
      errors.push({ row: 1, column: null, message: 'loadImport.errors.requiredCustomFields' })
    }
    return { context: lookups, errors }
  },
  check: (row, line, lookups) => checkRow(row as Row, line, lookups),
  writer(tx, actor) {
    let first: number | null = null
    let timeZone: string | null = null
    return {
      batch: BATCH,
      async write(rows) {
        timeZone ??= await loadTimeZone(actor.organizationId)
        const numbers = await writeBatch(
          tx,
          actor,
          rows.map((row) => row.value),
          timeZone,
        )
        first ??= numbers
        return { refused: [] }
      },
      result: (created) => ({ created, first: formatLoadNumber(first!), last: formatLoadNumber(first! + created - 1) }),
    }
  },
  dryRunWrites: false,
}

/**
 * Every error of the file (the first IMPORT_MAX_ERRORS kept, all counted). Writes nothing;
 * `onLoad` receives each valid row's load as it is checked.
 */
export function checkLoadImport(organizationId: string, content: ImportFile, onLoad?: (load: ImportedLoad) => void | Promise<void>) {
  return checkImport(LOAD_IMPORT, organizationId, content, { onValue: onLoad && ((row) => onLoad(row.value)) })
}

export type ImportResult = LoadImportWrittenRecord

/** The import: every load of the file in one transaction, or none when any row has an error (then `result` is null and `check` says why). */
export async function importLoads(actor: Actor, content: ImportFile): Promise<{ check: ImportCheck; result: ImportResult | null }> {
  assertActorMay(actor, 'create', 'load')
  const { check, result } = await runImport(LOAD_IMPORT, actor, content)
  return { check, result: result as ImportResult | null }
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
