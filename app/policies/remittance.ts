/**
 * A remittance advice's policy (the payment page's "we have paid", ADR 062): which invoices take
 * one from the public page, and what the office may do with one. An advice never pays an invoice
 * by itself: an accountant confirms it, which records a payment through the invoice's own rules
 * (app/policies/invoice.ts), or dismisses it. No zod and nothing server-only (ADR 047).
 */
import type { InvoiceStatus } from '~/schemas/invoice-options'
import type { RemittanceStatus } from '~/schemas/remittance-options'
import { can, type Role } from '~/utils/permissions'

import { invoiceRefusal } from './invoice'
import type { PolicyRefusal } from './refusal'

export const REMITTANCE_ACTIONS = ['confirm', 'dismiss'] as const
export type RemittanceAction = (typeof REMITTANCE_ACTIONS)[number]

type InvoiceState = { status: InvoiceStatus; amountPaidCents: number }

/**
 * Why the payment page takes no "we have paid" from this invoice, or null when it does: a draft
 * was never sent, a void one is owed no more, a paid one is settled. The key names the page's text.
 */
export function remittanceFormRefusal({ status }: { status: InvoiceStatus }): PolicyRefusal | null {
  if (status === 'draft' || status === 'void' || status === 'paid') return { code: 'invalid_transition', key: `payment.closed.${status}` }
  return null
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
