/**
 * The invoice's policy: its status table and which actions each status allows. The invoice model
 * refuses with these reasons; the invoice pages offer exactly what is allowed. No zod and nothing
 * server-only: page components import it (docs/domain.md, ADR 047).
 */
import { type InvoiceStatus, OPEN_INVOICE_STATUSES } from '~/schemas/invoice-options'
import { can, type Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

/**
 * The status table. Sending moves a draft to sent; payments move an open invoice between sent,
 * partially paid and paid (a removed payment moves it back); void ends a draft or a sent invoice
 * with nothing paid. Every change of status goes through one of these.
 */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent', 'void'],
  sent: ['partially_paid', 'paid', 'void'],
  partially_paid: ['sent', 'paid'],
  paid: ['sent', 'partially_paid'],
  void: [],
}

export function canMoveInvoice(from: InvoiceStatus, to: InvoiceStatus) {
  return from === to || INVOICE_TRANSITIONS[from].includes(to)
}

export const INVOICE_ACTIONS = ['send', 'edit', 'email', 'pay', 'removePayment', 'void', 'delete', 'revokeLinks'] as const
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number]

type InvoiceState = { status: InvoiceStatus; amountPaidCents: number }

const isOpen = (status: InvoiceStatus) => (OPEN_INVOICE_STATUSES as readonly InvoiceStatus[]).includes(status)

/** Why an action is refused on an invoice in this state, or null when it is allowed. */
export function invoiceRefusal(action: InvoiceAction, { status, amountPaidCents }: InvoiceState): PolicyRefusal | null {
  switch (action) {
    case 'send':
      return status === 'draft' ? null : { code: 'invalid_transition', key: `invoices.errors.send.${status}` }
    case 'edit':
      return status === 'draft' ? null : { code: 'in_use', key: `invoices.errors.notDraft.${status}` }
    case 'delete':
      return status === 'draft' ? null : { code: 'in_use', key: 'invoices.errors.keep' }
    case 'email':
      return status === 'draft' || status === 'void' ? { code: 'invalid_transition', key: `invoices.errors.email.${status}` } : null
    case 'pay':
      return isOpen(status) ? null : { code: 'invalid_transition', key: `invoices.errors.payment.${status}` }
    case 'removePayment':
      // Payments exist on sent invoices only; a void invoice never held one.
      return status === 'draft' || status === 'void' ? { code: 'invalid_transition', key: `invoices.errors.payment.${status}` } : null
    case 'void':
      if (status === 'void') return { code: 'invalid_transition', key: 'invoices.errors.voidAlready' }
      return amountPaidCents > 0 ? { code: 'in_use', key: 'invoices.errors.hasPayments' } : null
    case 'revokeLinks':
      // Links go out with a sent invoice's emails; a void one's work no more (ADR 090). A paid one's
      // rest while it is paid, and would open again with a removed payment: revoking ends them.
      return status === 'draft' || status === 'void' ? { code: 'invalid_transition', key: `invoices.errors.revokeLinks.${status}` } : null
  }
}

export function invoiceAllows(action: InvoiceAction, invoice: InvoiceState) {
  return !invoiceRefusal(action, invoice)
}

/** What the invoice pages offer this role: every action the role may take and the invoice's state allows. */
export function invoiceOffers(role: Role, invoice: InvoiceState): Record<InvoiceAction, boolean> {
  const update = can(role, 'update', 'invoice')
  return Object.fromEntries(
    INVOICE_ACTIONS.map((action) => [action, (action === 'delete' ? can(role, 'delete', 'invoice') : update) && invoiceAllows(action, invoice)]),
  ) as Record<InvoiceAction, boolean>
}

/**
 * The carrier's assignment of an invoice to its factor (ADR 094): `assign` names the factor as the
 * invoice's remit-to, `unassign` takes it back. Both while it is a draft or open (sent, partially
 * paid); never one sold on a schedule sent to or bought by the factor (`sold`: that schedule
 * assigns it).
 */
export type AssignmentAction = 'assign' | 'unassign'
type AssignmentState = { status: InvoiceStatus; assigned: boolean; sold: boolean }

export function assignmentRefusal(action: AssignmentAction, { status, assigned, sold }: AssignmentState): PolicyRefusal | null {
  if (sold) return { code: 'in_use', key: 'invoices.errors.assignment.sold' }
  if (status === 'paid' || status === 'void') return { code: 'invalid_transition', key: `invoices.errors.assignment.${status}` }
  if (action === 'assign' && assigned) return { code: 'invalid_transition', key: 'invoices.errors.assignment.already' }
  if (action === 'unassign' && !assigned) return { code: 'invalid_transition', key: 'invoices.errors.assignment.notAssigned' }
  return null
}

/** What the invoice page offers this role: the assignment allowed, for those who run factoring, once there is an agreement. */
export function assignmentOffers(role: Role, state: AssignmentState & { agreement: boolean }): Record<AssignmentAction, boolean> {
  const may = can(role, 'update', 'factoring')
  return {
    assign: may && state.agreement && !assignmentRefusal('assign', state),
    unassign: may && !assignmentRefusal('unassign', state),
  }
}
