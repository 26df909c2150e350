/**
 * Invoice payment pages (ADR 062): the signed link every sent invoice's email carries, what the
 * page shows a broker who opens it, the broker's "we have paid" (a remittance advice, pending, with
 * a message in the shared inbox for the accountants), and the office's confirm or dismiss of one.
 * An advice never pays an invoice: confirming it records a payment through the invoice model's
 * own rules (recordPaymentIn), in the same transaction that links it.
 */
import type { TFunction } from 'i18next'
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import { getFixedT } from '~/i18n.server'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { organizationMailIdentity } from '~/models/mail/mail-address.server'
import { consumeRateLimit } from '~/models/operations/rate-limit.server'
import { organizationParty, organizationToday } from '~/models/organization/organization.server'
import { siteFrameSelect } from '~/models/organization/site.server'
import { assertActorMay, assertId, assertOneRow, isoDate, lockForUpdate, requireFound, throwRefusal, toDateOnly } from '~/models/records/records.server'
import { systemActor } from '~/policies/actor'
import { invoiceRefusal } from '~/policies/invoice'
import { paymentLinkOpens, remittanceFormRefusal, remittanceRefusal } from '~/policies/remittance'
import type { InvoiceStatus } from '~/schemas/invoice-options'
import type { RemittanceActionInput, RemittanceFormInput, RemittanceRecord } from '~/schemas/remittance'
import type { RemittanceStatus } from '~/schemas/remittance-options'
import { prisma, type Tx } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'
import { formatDate, formatMoney } from '~/utils/format'
import { mailSnippet } from '~/utils/mail-text'
import { signPaymentToken, verifyPaymentToken } from '~/utils/payment-token.server'

import { invoiceInclude, invoiceParties, type InvoiceWithRelations, recordPaymentIn, serializeInvoice } from './invoice.server'
import { remitToLines, remitView } from './remit-to.server'

const ENTITY = 'remittanceAdvice'
const NOT_FOUND = 'payment.advice.errors.notFound'
const INVOICE_NOT_FOUND = 'invoices.errors.notFound'

/** Per invoice link and per client address, in a day: a broker says "we have paid" a few times at most. */
export const REMITTANCE_LIMITS = { perInvoice: 5, perIp: 20, windowMs: 24 * 60 * 60_000 }

// ---- The link ----

/** The payment page's absolute link for an invoice, on APP_URL (never the request's Host), at its current link generation. */
export function paymentLink(invoice: { id: string; organizationId: string; paymentLinkGen: number }, now = new Date()) {
  return appUrl(`${href('/payment')}?${new URLSearchParams({ invoice: signPaymentToken(invoice, now) })}`)
}

/**
 * The invoice a payment token names, or null: a bad, tampered or expired token, the invoice gone,
 * its links revoked since this one was made (ADR 090), or an invoice whose link does not open
 * (`paymentLinkOpens`: void, paid in full, a draft). The payment page, its PDF and its form all
 * ask here, so they answer one way (ADR 107).
 */
export async function invoiceByPaymentToken(token: unknown, now = new Date()): Promise<InvoiceWithRelations | null> {
  const claim = verifyPaymentToken(token, now)
  if (!claim) return null
  const invoice = await prisma.invoice.findFirst({
    where: { id: claim.invoiceId, organizationId: claim.organizationId, paymentLinkGen: claim.generation },
    include: invoiceInclude,
  })
  return invoice && paymentLinkOpens({ status: invoice.status as InvoiceStatus }) ? invoice : null
}

/**
 * Ends every payment link of the invoice made so far (one forwarded too far, a broker's payables
 * that changed hands): its link generation goes up, so only links made afterwards work; "Email
 * again" sends one. Who may update invoices (accountants, admins), on an invoice that was sent
 * (`revokeLinks` in app/policies/invoice.ts). Audited; the invoice's version does not change
 * (nothing a user edits changed).
 */
export async function revokePaymentLinks(actor: Actor, invoiceId: string) {
  assertActorMay(actor, 'update', 'invoice')
  assertId(invoiceId, INVOICE_NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    const before = requireFound(
      await tx.invoice.findFirst({
        where: { id: invoiceId, organizationId: actor.organizationId },
        select: { id: true, invoiceNumber: true, status: true, amountPaidCents: true, paymentLinkGen: true },
      }),
      INVOICE_NOT_FOUND,
    )
    throwRefusal(invoiceRefusal('revokeLinks', { status: before.status, amountPaidCents: before.amountPaidCents }))
    const after = await tx.invoice.update({
      where: { id: invoiceId },
      data: { paymentLinkGen: { increment: 1 } },
      select: { id: true, invoiceNumber: true, paymentLinkGen: true },
    })
    await recordAudit(tx, actor, {
      entity: 'invoice',
      entityId: invoiceId,
      action: 'update',
      before: { paymentLinkGen: before.paymentLinkGen },
      after: { paymentLinkGen: after.paymentLinkGen },
    })
    return after
  })
}

// ---- The page ----

/** The bank lines of the organization's remit-to (the invoice PDF's block), or null without bank details. */
export async function organizationRemitTo(organizationId: string, t: TFunction) {
  const { bank } = await organizationParty(organizationId)
  return bank ? remitToLines(t, { name: bank.accountName, address: null, bank }) : null
}

/**
 * What the payment page shows of an invoice: what it prints (lines, totals, paid, balance), whom
 * to pay (the invoice's remit-to as every surface prints it: what it was sent with, or the factor
 * with the notice of assignment when it is assigned; ADR 094), and whether it takes a "we have
 * paid" (always: a link opens only an invoice that takes one). Nothing internal: no email state, no custom fields, no loads.
 */
export async function paymentPageView(invoice: InvoiceWithRelations, t: TFunction, now = new Date()) {
  const [today, parties, organization] = await Promise.all([
    organizationToday(invoice.organizationId, prisma, now),
    invoiceParties(invoice),
    prisma.organization.findUniqueOrThrow({ where: { id: invoice.organizationId }, select: siteFrameSelect }),
  ])
  const dto = serializeInvoice(invoice, today)
  return {
    organization,
    today,
    invoice: {
      invoiceNumber: dto.invoiceNumber,
      status: dto.status,
      overdue: dto.overdue,
      issueDate: dto.issueDate,
      dueDate: dto.dueDate,
      sentAt: null,
      sentOn: null,
      billTo: { name: invoice.broker.name, email: null },
      items: dto.items.map(({ id, title, description, quantity, unitPriceCents, totalCents }) => ({
        id,
        title,
        description,
        quantity,
        unitPriceCents,
        totalCents,
      })),
      subtotalCents: dto.subtotalCents,
      discountCents: dto.discountCents,
      taxCents: dto.taxCents,
      totalCents: dto.totalCents,
      amountPaidCents: dto.amountPaidCents,
      balanceCents: dto.balanceCents,
      notes: dto.notes,
    },
    from: parties.from,
    remit: remitView(t, parties),
  }
}

// ---- The broker's "we have paid" ----

/**
 * A broker's "we have paid" from the payment page: checked like a payment (positive, at most the
 * balance, not after today), limited per invoice and per client address, then stored pending with
 * a message in the organization's shared inbox for the accountants, in one transaction. It never
 * changes the invoice.
 */
export async function submitRemittance(invoice: InvoiceWithRelations, input: RemittanceFormInput, ip: string, now = new Date()) {
  const closed = remittanceFormRefusal(invoice)
  if (closed) throw new DomainError(closed.code, closed.key)
  const today = await organizationToday(invoice.organizationId, prisma, now)
  const balanceCents = invoice.totalCents - invoice.amountPaidCents
  const fields: Record<string, string[]> = {}
  if (input.amount > balanceCents) fields.amount = ['payment.errors.amountTooLarge']
  if (input.paidOn > today) fields.paidOn = ['payment.errors.paidOnFuture']
  if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields, params: { balance: balanceCents } })

  const limit = await consumeRateLimit(
    [
      { key: `remittance-invoice:${invoice.id}`, max: REMITTANCE_LIMITS.perInvoice },
      { key: `remittance-ip:${ip}`, max: REMITTANCE_LIMITS.perIp },
    ],
    REMITTANCE_LIMITS.windowMs,
  )
  if (!limit.ok) throw new DomainError('rate_limited', 'payment.errors.tooMany')

  const identity = await organizationMailIdentity(invoice.organizationId)
  const t = getFixedT(invoice.language)
  const amount = formatMoney(invoice.language, input.amount)
  const details = [
    input.reference ? `${t('payment.fields.reference')}: ${input.reference}` : '',
    input.payerName ? `${t('payment.fields.payerName')}: ${input.payerName}` : '',
  ].filter(Boolean)
  const text = [
    t('payment.notify.body', { number: invoice.invoiceNumber, broker: invoice.broker.name, amount, date: formatDate(invoice.language, input.paidOn) }),
    ...details,
    '',
    t('payment.notify.confirm', { url: appUrl(href('/dashboard/invoice/:id', { id: invoice.id })) }),
  ].join('\n')
  return prisma.$transaction(async (tx) => {
    const advice = await tx.remittanceAdvice.create({
      data: {
        organizationId: invoice.organizationId,
        invoiceId: invoice.id,
        amountCents: input.amount,
        paidOn: toDateOnly(input.paidOn)!,
        reference: input.reference || null,
        payerName: input.payerName || null,
      },
    })
    await tx.mailMessage.create({
      data: {
        organizationId: invoice.organizationId,
        ownerId: null,
        folder: 'inbox',
        fromName: input.payerName || invoice.broker.name,
        fromEmail: identity.address ?? 'payment-page@freightdesk.invalid',
        subject: t('payment.notify.subject', { number: invoice.invoiceNumber, amount }),
        text,
        snippet: mailSnippet(text),
      },
    })
    await recordAudit(tx, systemActor(invoice.organizationId, ip), {
      entity: ENTITY,
      entityId: advice.id,
      action: 'create',
      after: { invoiceId: invoice.id, amountCents: advice.amountCents, paidOn: input.paidOn },
    })
    return advice
  })
}

// ---- The office's confirm or dismiss ----

type AdviceRow = Prisma.RemittanceAdviceGetPayload<object>

export function serializeRemittance(advice: AdviceRow): RemittanceRecord {
  return {
    id: advice.id,
    invoiceId: advice.invoiceId,
    amountCents: advice.amountCents,
    paidOn: isoDate(advice.paidOn)!,
    reference: advice.reference,
    payerName: advice.payerName,
    status: advice.status,
    paymentId: advice.paymentId,
    handledAt: advice.handledAt?.toISOString() ?? null,
    createdAt: advice.createdAt.toISOString(),
    version: advice.version,
  }
}

/** An invoice's advices, newest first (the invoice page shows the pending ones to confirm). */
export async function listRemittances(organizationId: string, invoiceId: string) {
  const rows = await prisma.remittanceAdvice.findMany({ where: { organizationId, invoiceId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 100 })
  return rows.map(serializeRemittance)
}

/** The advice locked for this change, the version the accountant saw checked, and its invoice's state. */
async function lockAdvice(tx: Tx, actor: Actor, invoiceId: string, input: RemittanceActionInput) {
  assertId(invoiceId, NOT_FOUND)
  const { organizationId } = actor
  return lockForUpdate(tx, { table: 'RemittanceAdvice', id: input.adviceId, organizationId, version: input.version, notFoundKey: NOT_FOUND }, () =>
    tx.remittanceAdvice.findFirst({
      where: { id: input.adviceId, invoiceId, organizationId },
      include: { invoice: { select: { status: true, amountPaidCents: true } } },
    }),
  )
}

function assertRemittance(action: 'confirm' | 'dismiss', advice: { status: RemittanceStatus; invoice: { status: InvoiceStatus; amountPaidCents: number } }) {
  throwRefusal(
    remittanceRefusal(
      action,
      { status: advice.status },
      {
        status: advice.invoice.status,
        amountPaidCents: advice.invoice.amountPaidCents,
      },
    ),
  )
}

/**
 * Confirms an advice: a payment of its amount, day and reference (method "other": the broker did
 * not say) through the invoice's payment rules (more than the balance is refused there), linked to
 * the advice, in one transaction.
 */
export async function confirmRemittance(actor: Actor, invoiceId: string, input: RemittanceActionInput, now = new Date()) {
  assertActorMay(actor, 'update', 'invoice')
  return prisma.$transaction(async (tx) => {
    const advice = await lockAdvice(tx, actor, invoiceId, input)
    assertRemittance('confirm', advice)
    const { payment, invoice } = await recordPaymentIn(
      tx,
      actor,
      invoiceId,
      { amountCents: advice.amountCents, paidAt: isoDate(advice.paidOn)!, method: 'other', reference: advice.reference ?? undefined },
      now,
    )
    assertOneRow(
      await tx.remittanceAdvice.updateMany({
        where: { id: advice.id, version: advice.version },
        data: { status: 'confirmed', paymentId: payment.id, handledById: actor.userId, handledAt: now, version: { increment: 1 } },
      }),
    )
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: advice.id,
      action: 'status',
      before: { status: advice.status },
      after: { status: 'confirmed', paymentId: payment.id },
    })
    return invoice
  })
}

/** Dismisses an advice (no such payment arrived): it stays on the invoice's record, handled, and pays nothing. */
export async function dismissRemittance(actor: Actor, invoiceId: string, input: RemittanceActionInput, now = new Date()) {
  assertActorMay(actor, 'update', 'invoice')
  return prisma.$transaction(async (tx) => {
    const advice = await lockAdvice(tx, actor, invoiceId, input)
    assertRemittance('dismiss', advice)
    assertOneRow(
      await tx.remittanceAdvice.updateMany({
        where: { id: advice.id, version: advice.version },
        data: { status: 'dismissed', handledById: actor.userId, handledAt: now, version: { increment: 1 } },
      }),
    )
    await recordAudit(tx, actor, { entity: ENTITY, entityId: advice.id, action: 'status', before: { status: advice.status }, after: { status: 'dismissed' } })
    return tx.invoice.findUniqueOrThrow({ where: { id: invoiceId }, select: { invoiceNumber: true } })
  })
}
