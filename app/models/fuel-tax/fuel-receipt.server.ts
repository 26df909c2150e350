/**
 * A fuel purchase's receipt (ADR 129): one photo or scan per purchase, PDF, PNG, JPEG or WebP by
 * its bytes, streamed to the storage module as a load's paper is (receiveDocument), shared by the
 * purchase's page, /api/fuel-purchases/{id}/receipt and the files manager. A receipt is the
 * evidence behind a filed return: one may be added to a purchase of a filed quarter that has
 * none, but a filed quarter's receipt is neither replaced nor removed (409 period_closed) until
 * the quarter is reopened. Each change is a change of the purchase (its version goes up).
 */
import { href } from 'react-router'

import type { FuelPurchase } from '~/generated/prisma/client'
import { lockedClosedThrough } from '~/models/accounting/period-lock.server'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { receiveDocument } from '~/models/files/streamed-upload.server'
import { removeStoredFiles } from '~/models/loads/load-document.server'
import { assertActorMay, assertId, assertVersion, isoDate, requireFound, throwRefusal } from '~/models/records/records.server'
import { booksClosedRefusal } from '~/policies/accounting'
import { quarterOf, receiptChangeRefusal } from '~/policies/ifta'
import { VersionSchema } from '~/schemas/version'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { fileStorage } from '~/utils/storage.server'

import { filedQuarters } from './ifta-period.server'

const NOT_FOUND = 'ifta.errors.purchaseNotFound'
const NO_RECEIPT = 'fuel.receipt.errors.none'

type Locked = Pick<FuelPurchase, 'id' | 'version' | 'purchasedAt' | 'receiptStorageKey' | 'receiptFileName'>

/** The purchase under a row lock (the actor's organization's), its version as expected. */
async function lockPurchase(tx: Tx, actor: Actor, purchaseId: string, version: number | undefined) {
  const [row] = await tx.$queryRaw<Locked[]>`
    SELECT "id", "version", "purchasedAt", "receiptStorageKey", "receiptFileName" FROM "FuelPurchase"
    WHERE "id" = ${purchaseId} AND "organizationId" = ${actor.organizationId} FOR UPDATE`
  const purchase = requireFound(row, NOT_FOUND)
  assertVersion(purchase, version)
  return purchase
}

/** Adding evidence to a filed quarter is fine; changing it is not (receiptChangeRefusal, the quarter's lock taken shared). */
async function assertReceiptChangeable(tx: Tx, organizationId: string, purchase: Locked) {
  const day = isoDate(purchase.purchasedAt)!
  const closed = await filedQuarters(tx, organizationId, [day])
  throwRefusal(receiptChangeRefusal({ purchasedAt: day, hasReceipt: purchase.receiptStorageKey !== null }, closed), { quarter: quarterOf(day) })
  // The same rule under the books' lock (ADR 146): a receipt may be added, the one kept for closed books is not changed.
  if (purchase.receiptStorageKey === null) return
  const closedThrough = await lockedClosedThrough(tx, organizationId, [day])
  throwRefusal(booksClosedRefusal(day, closedThrough), { through: closedThrough })
}

/** Whether the page may offer to replace or remove the purchase's receipt (receiptChangeRefusal, read without a lock). */
export async function receiptRefusal(organizationId: string, purchase: { purchasedAt: Date; receiptStorageKey: string | null }) {
  const day = isoDate(purchase.purchasedAt)!
  const filed = await prisma.iftaQuarter.findFirst({ where: { organizationId, quarter: quarterOf(day), filedAt: { not: null } }, select: { quarter: true } })
  return receiptChangeRefusal({ purchasedAt: day, hasReceipt: purchase.receiptStorageKey !== null }, new Set(filed ? [filed.quarter] : []))
}

/** A form's or a query's `version`, when given: VersionSchema's canonical whole number, else 400. */
function versionOf(value: FormDataEntryValue | null | undefined) {
  if (value === null || value === undefined || value === '') return undefined
  const parsed = VersionSchema.safeParse(value)
  if (!parsed.success) throw new DomainError('validation_failed', 'validation.failed', { fields: { version: ['validation.version'] } })
  return parsed.data
}

/**
 * Stores the multipart body's `file` as the receipt of a purchase of the actor's organization,
 * in place of the one it had (a filed quarter's is kept: 409). The purchase is checked before the
 * body is read; the file is stored as it streams in, then the purchase's row changed in one
 * transaction; a refusal after the file is stored removes it again. `version` (in the form or
 * `options`) makes a purchase changed meanwhile a conflict. Returns the purchase and the form's
 * other fields.
 */
export async function attachFuelReceipt(actor: Actor, purchaseId: string, request: Request, options: { version?: string | null } = {}) {
  assertActorMay(actor, 'update', 'fuelPurchase')
  assertId(purchaseId, NOT_FOUND)
  const { organizationId } = actor
  requireFound(await prisma.fuelPurchase.findFirst({ where: { id: purchaseId, organizationId }, select: { id: true } }), NOT_FOUND)
  const { form, stored } = await receiveDocument(request, `fuel/${organizationId}/${purchaseId}`, 'fuel.receipt.errors.notMultipart')
  if (!stored) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['loads.documents.errors.fileRequired'] } })
  try {
    const version = versionOf(options.version ?? form.get('version'))
    const replaced = await prisma.$transaction(async (tx) => {
      const purchase = await lockPurchase(tx, actor, purchaseId, version)
      await assertReceiptChangeable(tx, organizationId, purchase)
      await tx.fuelPurchase.update({
        where: { id: purchaseId },
        data: {
          receiptFileName: stored.fileName,
          receiptContentType: stored.contentType,
          receiptSizeBytes: stored.sizeBytes,
          receiptStorageKey: stored.key,
          receiptUploadedAt: new Date(),
          receiptUploadedById: actor.userId,
          version: { increment: 1 },
        },
      })
      await recordAudit(tx, actor, {
        entity: 'fuelPurchase',
        entityId: purchaseId,
        action: 'update',
        before: { receipt: purchase.receiptFileName },
        after: { receipt: stored.fileName },
      })
      return purchase.receiptStorageKey
    })
    if (replaced) await removeStoredFiles([replaced])
    return { form }
  } catch (error) {
    await fileStorage().delete(stored.key)
    throw error
  }
}

/** Removes a purchase's receipt (404 when it has none; a filed quarter's stays: 409), its file after its row. */
export async function removeFuelReceipt(actor: Actor, purchaseId: string, version?: number) {
  assertActorMay(actor, 'update', 'fuelPurchase')
  assertId(purchaseId, NOT_FOUND)
  const removed = await prisma.$transaction(async (tx) => {
    const purchase = await lockPurchase(tx, actor, purchaseId, version)
    if (!purchase.receiptStorageKey) throw new DomainError('not_found', NO_RECEIPT)
    await assertReceiptChangeable(tx, actor.organizationId, purchase)
    await tx.fuelPurchase.update({
      where: { id: purchaseId },
      data: {
        receiptFileName: null,
        receiptContentType: null,
        receiptSizeBytes: null,
        receiptStorageKey: null,
        receiptUploadedAt: null,
        receiptUploadedById: null,
        version: { increment: 1 },
      },
    })
    await recordAudit(tx, actor, {
      entity: 'fuelPurchase',
      entityId: purchaseId,
      action: 'update',
      before: { receipt: purchase.receiptFileName },
      after: { receipt: null },
    })
    return purchase.receiptStorageKey
  })
  await removeStoredFiles([removed])
}

/** `?version=` of a request, for the API's DELETE. */
export function requestVersion(request: Request) {
  return versionOf(new URL(request.url).searchParams.get('version'))
}

/** The receipt's bytes of a purchase of the organization (404 when it has none, or it is gone from storage). */
export async function readFuelReceipt(organizationId: string, purchaseId: string) {
  assertId(purchaseId, NOT_FOUND)
  const purchase = requireFound(
    await prisma.fuelPurchase.findFirst({
      where: { id: purchaseId, organizationId },
      select: { receiptStorageKey: true, receiptFileName: true, receiptContentType: true },
    }),
    NOT_FOUND,
  )
  if (!purchase.receiptStorageKey) throw new DomainError('not_found', NO_RECEIPT)
  const object = await fileStorage().get(purchase.receiptStorageKey)
  if (!object) throw new DomainError('not_found', NO_RECEIPT)
  return { file: { fileName: purchase.receiptFileName!, contentType: purchase.receiptContentType! }, ...object }
}

/** A purchase's receipt as the API shows it (null: none); `url` reads it with the same key or session. */
export function serializeReceipt(purchase: Pick<FuelPurchase, 'id' | 'receiptFileName' | 'receiptContentType' | 'receiptSizeBytes' | 'receiptUploadedAt'>) {
  if (!purchase.receiptFileName || !purchase.receiptUploadedAt) return null
  return {
    fileName: purchase.receiptFileName,
    contentType: purchase.receiptContentType ?? 'application/octet-stream',
    sizeBytes: purchase.receiptSizeBytes ?? 0,
    uploadedAt: purchase.receiptUploadedAt.toISOString(),
    url: href('/api/fuel-purchases/:id/receipt', { id: purchase.id }),
  }
}
