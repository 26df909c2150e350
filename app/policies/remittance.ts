/**
 * A remittance advice's policy (the payment page's "we have paid", ADR 062): which invoices take
 * one from the public page, and what the office may do with one. An advice never pays an invoice
 * by itself: an accountant confirms it, which records a payment through the invoice's own rules
 * (app/policies/invoice.ts), or dismisses it. No zod and nothing server-only (ADR 047).
 */
import { type InvoiceStatus, OPEN_INVOICE_STATUSES } from '~/schemas/invoice-options'
import type { RemittanceStatus } from '~/schemas/remittance-options'
import { can, type Role } from '~/utils/permissions'

import { invoiceRefusal } from './invoice'
import type { PolicyRefusal } from './refusal'

export const REMITTANCE_ACTIONS = ['confirm', 'dismiss'] as const
export type RemittanceAction = (typeof REMITTANCE_ACTIONS)[number]

type InvoiceState = { status: InvoiceStatus; amountPaidCents: number }

/**
 * Whether an invoice's payment link opens, the one answer of the payment page, its PDF and its
 * "we have paid" form (ADR 090, ADR 107): while the invoice asks for money (sent, partly paid).
 * A draft was never sent, a void one is owed no more, a paid one is settled: each is a 404, which
 * tells a link's holder nothing about the invoice.
 */
export function paymentLinkOpens({ status }: { status: InvoiceStatus }) {
  return (OPEN_INVOICE_STATUSES as readonly InvoiceStatus[]).includes(status)
}

/**
 * Why "we have paid" is refused on this invoice, or null when it is taken: the payment link's own
 * rule, for an invoice that closed between the page and the post. The key names the reason.
 */
export function remittanceFormRefusal(invoice: { status: InvoiceStatus }): PolicyRefusal | null {
  return paymentLinkOpens(invoice) ? null : { code: 'invalid_transition', key: `payment.closed.${invoice.status}` }
}

/** Why this action is refused on this advice of this invoice, or null when it is allowed. */
export function remittanceRefusal(action: RemittanceAction, advice: { status: RemittanceStatus }, invoice: InvoiceState): PolicyRefusal | null {
  if (advice.status !== 'pending') return { code: 'invalid_transition', key: `payment.advice.errors.${advice.status}` }
  // Confirming records a payment: the invoice must take one (sent, partly paid).
  return action === 'confirm' ? invoiceRefusal('pay', invoice) : null
}

/** What the invoice page offers this role on this advice: accountants and admins (those who record payments). */
export function remittanceOffers(role: Role, advice: { status: RemittanceStatus }, invoice: InvoiceState): Record<RemittanceAction, boolean> {
  const update = can(role, 'update', 'invoice')
  return Object.fromEntries(REMITTANCE_ACTIONS.map((action) => [action, update && !remittanceRefusal(action, advice, invoice)])) as Record<
    RemittanceAction,
    boolean
  >
}
