/**
 * Fuel purchases (the receipts of the IFTA return): reference data on the record store (ADR 122),
 * shared by /dashboard/fuel/* and /api/fuel-purchases. A purchase dated in a filed quarter is
 * neither written, changed, moved out of it nor deleted (409 period_closed). Its receipt's photo
 * or scan is fuel-receipt.server.ts's. A fuel card's export
 * is imported by the same rules, set-based (importFuelPurchases, ADR 123).
 */
import type { FuelPurchase } from '~/generated/prisma/client'
import { keepDeletedFuelPurchase } from '~/models/accounting/deleted-records.server'
import { assertBooksOpen, lockedClosedThrough } from '~/models/accounting/period-lock.server'
import { type Actor, diffFields } from '~/models/audit/audit.server'
import { removeStoredFiles } from '~/models/loads/load-document.server'
import { apiRecord, containsAny, recordStore, sortOrder } from '~/models/records/record-store.server'
import { assertActorMay, isoDate, newId, ownReference, toDateOnly } from '~/models/records/records.server'
import { booksClosedRefusal } from '~/policies/accounting'
import { parseQuarter, periodClosedRefusal, quarterOf, quarterRange } from '~/policies/ifta'
import type { FuelPurchaseInput, FuelPurchaseListQuery, FuelPurchaseRecord } from '~/schemas/fuel-purchase'
import type { Jurisdiction } from '~/schemas/ifta-options'
import type { CsvColumn } from '~/utils/csv.server'
import type { Tx } from '~/utils/db.server'
import { decimalUnits, formatDecimal, SCALE } from '~/utils/money'

import { serializeReceipt } from './fuel-receipt.server'
import { assertQuartersOpen, filedQuarters } from './ifta-period.server'

export type FuelPurchaseWithTruck = FuelPurchase & { truck: { id: string; unitNumber: string } }

/** The columns a purchase's input stores (the editor's and the import's). */
function purchaseColumns(input: FuelPurchaseInput) {
  return {
    truckId: input.truckId,
    purchasedAt: toDateOnly(input.purchasedAt)!,
    jurisdiction: input.jurisdiction,
    fuelType: input.fuelType,
    gallonsMilli: decimalUnits(input.gallons, SCALE.milli),
    totalCents: input.totalCents,
    vendor: input.vendor ?? null,
    city: input.city ?? null,
    odometer: input.odometer ?? null,
    taxPaid: input.taxPaid,
    reference: input.reference ?? null,
    notes: input.notes ?? null,
  }
}

const purchases = recordStore<FuelPurchaseWithTruck, FuelPurchaseInput, FuelPurchaseListQuery>({
  entity: 'fuelPurchase',
  table: (db) => db.fuelPurchase,
  include: { truck: { select: { id: true, unitNumber: true } } },
  notFound: 'ifta.errors.purchaseNotFound',
  inUse: 'ifta.errors.purchaseNotFound',
  unique: {},
  references: (organizationId, input) => [ownReference(organizationId, 'truck', 'truckId', input.truckId, 'ifta.errors.unknownTruck')],
  // Its IFTA quarter filed (ADR 122), or the books closed through its day (ADR 146): 409 period_closed.
  guard: async (tx, organizationId, { before, after }) => {
    const days = [before?.purchasedAt, after?.purchasedAt]
    await assertQuartersOpen(tx, organizationId, days)
    await assertBooksOpen(tx, organizationId, days)
  },
  // Its figures kept, so an accounting export that carried it takes it back (ADR 152).
  removed: (tx, organizationId, row) => keepDeletedFuelPurchase(tx, organizationId, row),
  toData: (input) => purchaseColumns(input),
  where: (organizationId, { q, quarter, truckId, jurisdiction, fuelType }) => {
    const parsed = quarter ? parseQuarter(quarter) : null
    const range = parsed ? quarterRange(parsed) : null
    return {
      organizationId,
      truckId,
      jurisdiction,
      fuelType,
      ...(range ? { purchasedAt: { gte: toDateOnly(range.from)!, lte: toDateOnly(range.to)! } } : {}),
      ...(q ? { OR: containsAny(q, ['vendor', 'city', 'reference', 'truck.unitNumber']) } : {}),
    }
  },
  orderBy: (query) =>
    sortOrder(query, {
      nullable: ['vendor'],
      relations: { truck: (dir) => ({ truck: { unitNumber: dir } }), gallons: (dir) => ({ gallonsMilli: dir }) },
    }),
})

export const listFuelPurchases = purchases.list
export const exportFuelPurchases = purchases.all
export const getFuelPurchase = purchases.get
export const createFuelPurchase = purchases.create
export const updateFuelPurchase = purchases.update

/** Deletes a purchase (its quarter open), then its receipt's file. */
export async function deleteFuelPurchase(actor: Actor, id: string, version?: number) {
  const purchase = await purchases.remove(actor, id, version)
  if (purchase.receiptStorageKey) await removeStoredFiles([purchase.receiptStorageKey])
  return purchase
}

/** A purchase read from a fuel card's export: its input, the card's last four digits (never more) and the key a second import of it has too. */
export type ImportedFuelPurchase = { row: number; input: FuelPurchaseInput; cardLast4: string | null; importKey: string }

/** A purchase the import may not write: the field at fault and why. */
export type FuelImportRefusal = { row: number; field: 'truckId' | 'purchasedAt'; message: string; params?: Record<string, string> }

/**
 * Purchases of an import, in its transaction, by the rules of createFuelPurchase: the truck is the
 * organization's (and kept from deletion until the transaction ends), the quarter is not filed (its
 * lock taken shared, as every purchase write takes it), an audit event for each purchase written.
 * A purchase whose key is stored already (an earlier import, an earlier batch of this one) or
 * repeated in the batch is a duplicate: neither written nor refused, counted. Between two imports
 * of the same file at once the unique index decides (`ON CONFLICT DO NOTHING`): the second waits
 * for the first and skips what it wrote.
 */
export async function importFuelPurchases(tx: Tx, actor: Actor, purchases: readonly ImportedFuelPurchase[]) {
  assertActorMay(actor, 'create', 'fuelPurchase')
  const { organizationId } = actor
  const keys = [...new Set(purchases.map((purchase) => purchase.importKey))]
  const stored = await tx.fuelPurchase.findMany({ where: { organizationId, importKey: { in: keys } }, select: { importKey: true } })
  const seen = new Set(stored.map((row) => row.importKey))
  let duplicates = 0
  const fresh = purchases.filter((purchase) => {
    if (seen.has(purchase.importKey)) return !++duplicates
    seen.add(purchase.importKey)
    return true
  })
  const truckIds = [...new Set(fresh.map((purchase) => purchase.input.truckId))]
  const trucks = await tx.$queryRaw<Array<{ id: string }>>`
    SELECT "id" FROM "Truck" WHERE "organizationId" = ${organizationId} AND "id" = ANY(${truckIds}::text[]) FOR KEY SHARE`
  const ownTrucks = new Set(trucks.map((truck) => truck.id))
  const closed = await filedQuarters(
    tx,
    organizationId,
    fresh.map((purchase) => purchase.input.purchasedAt),
  )
  const closedThrough = await lockedClosedThrough(
    tx,
    organizationId,
    fresh.map((purchase) => purchase.input.purchasedAt),
  )
  const refused: FuelImportRefusal[] = []
  const writable = fresh.filter(({ row, input }) => {
    const refusal = periodClosedRefusal(input.purchasedAt, closed)
    const booksClosed = booksClosedRefusal(input.purchasedAt, closedThrough)
    if (!ownTrucks.has(input.truckId)) refused.push({ row, field: 'truckId', message: 'ifta.errors.unknownTruck' })
    else if (refusal) refused.push({ row, field: 'purchasedAt', message: refusal.key, params: { quarter: quarterOf(input.purchasedAt) } })
    else if (booksClosed) refused.push({ row, field: 'purchasedAt', message: booksClosed.key, params: { through: closedThrough! } })
    else return true
    return false
  })
  if (!writable.length) return { refused, created: 0, duplicates }
  const rows = writable.map((purchase) => ({
    id: newId(),
    row: purchase.row,
    key: purchase.importKey,
    data: { ...purchaseColumns(purchase.input), cardLast4: purchase.cardLast4 },
  }))
  const column = <T>(pick: (row: (typeof rows)[number]) => T) => rows.map(pick)
  const inserted = await tx.$queryRaw<Array<{ id: string }>>`
    INSERT INTO "FuelPurchase" ("id", "organizationId", "truckId", "purchasedAt", "jurisdiction", "fuelType", "gallonsMilli", "totalCents", "vendor",
      "city", "odometer", "taxPaid", "reference", "notes", "cardLast4", "importKey", "updatedAt")
    SELECT id, ${organizationId}, truck, day::date, jurisdiction, fuel::"FuelType", gallons, total, vendor, city, odometer, paid, reference, notes,
      card, key, now()
    FROM unnest(
      ${column((r) => r.id)}::text[], ${column((r) => r.data.truckId)}::text[], ${column((r) => isoDate(r.data.purchasedAt))}::text[],
      ${column((r) => r.data.jurisdiction)}::text[], ${column((r) => r.data.fuelType)}::text[], ${column((r) => r.data.gallonsMilli)}::int[],
      ${column((r) => r.data.totalCents)}::int[], ${column((r) => r.data.vendor)}::text[], ${column((r) => r.data.city)}::text[],
      ${column((r) => r.data.odometer)}::int[], ${column((r) => r.data.taxPaid)}::boolean[], ${column((r) => r.data.reference)}::text[],
      ${column((r) => r.data.notes)}::text[], ${column((r) => r.data.cardLast4)}::text[], ${column((r) => r.key)}::text[]
    ) AS t(id, truck, day, jurisdiction, fuel, gallons, total, vendor, city, odometer, paid, reference, notes, card, key)
    ON CONFLICT ("organizationId", "importKey") DO NOTHING
    RETURNING "id"`
  const written = new Set(inserted.map((row) => row.id))
  const audited = rows.filter((row) => written.has(row.id))
  if (audited.length) {
    const audit = <T>(pick: (row: (typeof audited)[number]) => T) => audited.map(pick)
    await tx.$executeRaw`
      INSERT INTO "AuditEvent" ("id", "organizationId", "userId", "entity", "entityId", "action", "changes", "ip")
      SELECT id, ${organizationId}, ${actor.userId}, 'fuelPurchase', purchase, 'create'::"AuditAction", changes, ${actor.ip ?? null}
      FROM unnest(
        ${audit(() => newId())}::text[], ${audit((r) => r.id)}::text[],
        ${audit((r) => JSON.stringify(diffFields(null, { ...r.data, importedFromRow: r.row })))}::jsonb[]
      ) AS t(id, purchase, changes)`
  }
  return { refused, created: written.size, duplicates: duplicates + rows.length - written.size }
}

/** Gallons as the API and the forms write them (120.125), exact: the stored thousandths as a decimal. */
export function gallonsOf(purchase: { gallonsMilli: number }) {
  return Number(gallonsText(purchase))
}

/** The same gallons as text (`120.125`), for pages that format them in the reader's language. */
export function gallonsText(purchase: { gallonsMilli: number }) {
  return formatDecimal(purchase.gallonsMilli, SCALE.milli)
}

/** The API shape (FuelPurchaseRecordSchema, the OpenAPI's `FuelPurchase`). */
export function serializeFuelPurchase(purchase: FuelPurchaseWithTruck): FuelPurchaseRecord {
  const {
    gallonsMilli,
    importKey: _importKey,
    receiptFileName: _name,
    receiptContentType: _type,
    receiptSizeBytes: _size,
    receiptStorageKey: _key,
    receiptUploadedAt: _at,
    receiptUploadedById: _by,
    ...rest
  } = purchase
  return {
    ...apiRecord(rest, ['purchasedAt']),
    jurisdiction: purchase.jurisdiction as Jurisdiction,
    gallons: gallonsOf({ gallonsMilli }),
    receipt: serializeReceipt(purchase),
  }
}

/** The export's columns, for the page (translated) and `GET /api/fuel-purchases?format=csv` (keys). */
export const FUEL_PURCHASE_CSV_COLUMNS: CsvColumn<FuelPurchaseWithTruck>[] = [
  { key: 'purchasedAt', label: 'ifta.fields.purchasedAt', value: (purchase) => isoDate(purchase.purchasedAt) },
  { key: 'unit', label: 'fields.unitNumber', value: (purchase) => purchase.truck.unitNumber },
  { key: 'jurisdiction', label: 'ifta.fields.jurisdiction', value: (purchase) => purchase.jurisdiction },
  { key: 'fuelType', label: 'ifta.fields.fuelType', value: (purchase) => purchase.fuelType, valueLabel: (value) => `ifta.fuelType.${value}` },
  { key: 'gallons', label: 'ifta.fields.gallons', value: (purchase) => formatDecimal(purchase.gallonsMilli, SCALE.milli) },
  { key: 'totalCents', label: 'ifta.fields.total', value: (purchase) => purchase.totalCents, money: true },
  { key: 'taxPaid', label: 'ifta.fields.taxPaid', value: (purchase) => (purchase.taxPaid ? 'yes' : 'no'), valueLabel: (value) => `ifta.taxPaidValue.${value}` },
  { key: 'vendor', label: 'ifta.fields.vendor', value: (purchase) => purchase.vendor },
  { key: 'city', label: 'ifta.fields.city', value: (purchase) => purchase.city },
  { key: 'odometer', label: 'ifta.fields.odometer', value: (purchase) => purchase.odometer },
  { key: 'reference', label: 'ifta.fields.reference', value: (purchase) => purchase.reference },
  { key: 'cardLast4', label: 'ifta.fields.cardLast4', value: (purchase) => purchase.cardLast4 },
  { key: 'id', label: 'fields.id', value: (purchase) => purchase.id },
]
