/**
 * Records deleted after the books may have seen them (ADR 151). A payment received that is
 * deleted leaves its figures here (`AccountingDeletedRecord`), so an export that carried it can
 * take it back in the next batch, dated the day it was deleted, exactly once (the same claims as
 * a voided invoice: ./export.server.ts). Kept for every deleted payment: whether a batch carried
 * it is decided when the next batch claims, under its lock, never by the delete.
 */
import type { PaymentMethod } from '~/generated/prisma/client'
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

/** The deleted payments among `ids`, as the rows `paymentEntry` reads, with the day they went. */
export async function readDeletedPayments(ids: string[]): Promise<DeletedPayment[]> {
  if (ids.length === 0) return []
  const rows = await prisma.accountingDeletedRecord.findMany({ where: { kind: 'payments', recordId: { in: ids } } })
  return rows.map((row) => {
    const snapshot = row.snapshot as PaymentSnapshot
    return { ...snapshot, id: row.recordId, paidAt: new Date(`${snapshot.paidAt}T00:00:00Z`), deletedAt: row.deletedAt }
  })
}
