/**
 * Records deleted after the books may have seen them (ADR 151, ADR 152). A payment received or a
 * fuel purchase that is deleted leaves its figures here (`AccountingDeletedRecord`), so an export
 * that carried it can take it back in the next batch, dated the day it was deleted, exactly once
 * (the same claims as a voided invoice: ./export.server.ts). Kept for every delete: whether a
 * batch carried the record is decided when the next batch claims, under its lock, never by the
 * delete.
 */
import type { FuelPurchase, FuelType, PaymentMethod } from '~/generated/prisma/client'
import { prisma, type Tx } from '~/utils/db.server'

/** What a payment's entry is made of (entries.server.ts `paymentEntry`), as it was when deleted. */
export type DeletedPayment = {
  id: string
  amountCents: number
  paidAt: Date
  method: PaymentMethod
  reference: string | null
  invoice: { invoiceNumber: string; broker: { name: string; mcNumber: string | null } }
  deletedAt: Date
}

type PaymentSnapshot = Omit<DeletedPayment, 'id' | 'paidAt' | 'deletedAt'> & { paidAt: string }

/** Keeps a payment's figures before its row is deleted, in the delete's transaction. */
export async function keepDeletedPayment(
  tx: Tx,
  organizationId: string,
  payment: { id: string; invoiceId: string; amountCents: number; paidAt: Date; method: PaymentMethod; reference: string | null },
  now = new Date(),
) {
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: payment.invoiceId },
    select: { invoiceNumber: true, broker: { select: { name: true, mcNumber: true } } },
  })
  const snapshot: PaymentSnapshot = {
    amountCents: payment.amountCents,
    paidAt: payment.paidAt.toISOString().slice(0, 10),
    method: payment.method,
    reference: payment.reference,
    invoice,
  }
  await tx.accountingDeletedRecord.create({ data: { organizationId, kind: 'payments', recordId: payment.id, deletedAt: now, snapshot } })
}

/** The deleted records of `kind` among `ids`: their kept figures, the day they are dated by (`day`) a date again, and when they went. */
async function readDeleted<Row>(kind: 'payments' | 'fuel', ids: string[], day: string): Promise<Row[]> {
  if (ids.length === 0) return []
  const rows = await prisma.accountingDeletedRecord.findMany({ where: { kind, recordId: { in: ids } } })
  return rows.map((row) => {
    const snapshot = row.snapshot as Record<string, unknown>
    return { ...snapshot, id: row.recordId, [day]: new Date(`${String(snapshot[day])}T00:00:00Z`), deletedAt: row.deletedAt } as Row
  })
}

/** The deleted payments among `ids`, as the rows `paymentEntry` reads, with the day they went. */
export const readDeletedPayments = (ids: string[]) => readDeleted<DeletedPayment>('payments', ids, 'paidAt')

/** What a fuel purchase's entry is made of (entries.server.ts `fuelEntry`), as it was when deleted. */
export type DeletedFuelPurchase = {
  id: string
  purchasedAt: Date
  jurisdiction: string
  fuelType: FuelType
  gallonsMilli: number
  totalCents: number
  vendor: string | null
  city: string | null
  reference: string | null
  notes: string | null
  truck: { unitNumber: string }
  deletedAt: Date
}

type FuelPurchaseSnapshot = Omit<DeletedFuelPurchase, 'id' | 'purchasedAt' | 'deletedAt'> & { purchasedAt: string }

/** Keeps a fuel purchase's figures once its row is deleted, in the delete's transaction. */
export async function keepDeletedFuelPurchase(tx: Tx, organizationId: string, purchase: FuelPurchase, now = new Date()) {
  const truck = await tx.truck.findUniqueOrThrow({ where: { id: purchase.truckId }, select: { unitNumber: true } })
  const { jurisdiction, fuelType, gallonsMilli, totalCents, vendor, city, reference, notes } = purchase
  const purchasedAt = purchase.purchasedAt.toISOString().slice(0, 10)
  const snapshot: FuelPurchaseSnapshot = { purchasedAt, jurisdiction, fuelType, gallonsMilli, totalCents, vendor, city, reference, notes, truck }
  await tx.accountingDeletedRecord.create({ data: { organizationId, kind: 'fuel', recordId: purchase.id, deletedAt: now, snapshot } })
}

/** The deleted fuel purchases among `ids`, as the rows `fuelEntry` reads, with the day they went. */
export const readDeletedFuelPurchases = (ids: string[]) => readDeleted<DeletedFuelPurchase>('fuel', ids, 'purchasedAt')
