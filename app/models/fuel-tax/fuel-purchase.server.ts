/**
 * Fuel purchases (the receipts of the IFTA return): reference data on the record store (ADR 122),
 * shared by /dashboard/fuel/* and /api/fuel-purchases. A purchase dated in a filed quarter is
 * neither written, changed, moved out of it nor deleted (409 period_closed).
 */
import type { FuelPurchase } from '~/generated/prisma/client'
import { apiRecord, containsAny, recordStore, sortOrder } from '~/models/records/record-store.server'
import { isoDate, ownReference, toDateOnly } from '~/models/records/records.server'
import { parseQuarter, quarterRange } from '~/policies/ifta'
import type { FuelPurchaseInput, FuelPurchaseListQuery, FuelPurchaseRecord } from '~/schemas/fuel-purchase'
import type { Jurisdiction } from '~/schemas/ifta-options'
import type { CsvColumn } from '~/utils/csv.server'
import { decimalUnits, formatDecimal, SCALE } from '~/utils/money'

import { assertQuartersOpen } from './ifta-period.server'

export type FuelPurchaseWithTruck = FuelPurchase & { truck: { id: string; unitNumber: string } }

const purchases = recordStore<FuelPurchaseWithTruck, FuelPurchaseInput, FuelPurchaseListQuery>({
  entity: 'fuelPurchase',
  table: (db) => db.fuelPurchase,
  include: { truck: { select: { id: true, unitNumber: true } } },
  notFound: 'ifta.errors.purchaseNotFound',
  inUse: 'ifta.errors.purchaseNotFound',
  unique: {},
  references: (organizationId, input) => [ownReference(organizationId, 'truck', 'truckId', input.truckId, 'ifta.errors.unknownTruck')],
  guard: (tx, organizationId, { before, after }) => assertQuartersOpen(tx, organizationId, [before?.purchasedAt, after?.purchasedAt]),
  toData: (input) => ({
    truckId: input.truckId,
    purchasedAt: toDateOnly(input.purchasedAt),
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
  }),
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
export const deleteFuelPurchase = purchases.remove

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
  const { gallonsMilli, importKey: _importKey, ...rest } = purchase
  return {
    ...apiRecord(rest, ['purchasedAt']),
    jurisdiction: purchase.jurisdiction as Jurisdiction,
    gallons: gallonsOf({ gallonsMilli }),
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
