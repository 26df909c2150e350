/**
 * Whom an invoice tells the broker to pay (ADR 094), in one shape for the invoice page, its PDF
 * and packet, its email, the public payment page and the API: a remit-to (a name, an address, the
 * bank with its numbers) and, when the invoice is assigned to the factor, the assignment that
 * makes the factor its remit-to. Which one an invoice has is app/models/invoices/invoice.server.ts's
 * `invoiceRemit`; this module holds the shapes and how they read and print.
 */
import type { TFunction } from 'i18next'

import type { InvoiceRecord } from '~/schemas/invoice'
import { addressLines } from '~/utils/format'

export type Bank = { accountName: string; bankName: string | null; routingNumber: string; accountNumber: string }

/** Who is paid: a name, an address (lines, with an email), and a bank when paid by transfer. */
export type RemitTo = { name: string; address: string | null; bank: Bank | null }

/**
 * The invoice's assignment to the factor: by a schedule of accounts sent to or bought by the factor
 * (`schedule`: its number), or by the carrier (`carrier`), since `at`.
 */
export type FactorAssignment = { factor: string; by: 'schedule' | 'carrier'; scheduleNumber: string | null; at: Date | null }

export type InvoiceRemit = { remitTo: RemitTo | null; assignment: FactorAssignment | null }

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/** A stored remit-to (a JSON column) read back; anything that is not one is none. */
export function readRemitTo(value: unknown): RemitTo | null {
  if (!value || typeof value !== 'object') return null
  const { name, address, bank } = value as Record<string, unknown>
  if (!text(name)) return null
  const account = bank && typeof bank === 'object' ? (bank as Record<string, unknown>) : null
  return {
    name: name as string,
    address: text(address),
    bank:
      account && text(account.routingNumber) && text(account.accountNumber)
        ? {
            accountName: text(account.accountName) ?? (name as string),
            bankName: text(account.bankName),
            routingNumber: account.routingNumber as string,
            accountNumber: account.accountNumber as string,
          }
        : null,
  }
}

type FactorCompany = {
  name: string
  legalName: string | null
  email: string | null
  addressLine1: string | null
  addressLine2: string | null
  city: string | null
  state: string | null
  postalCode: string | null
  country: string | null
}

/** The factor as a remit-to: its legal name, its address lines and the email (the agreement's, else the company's). */
export function factorRemitTo(agreement: { factorEmail: string | null; factorCompany: FactorCompany }): RemitTo {
  const company = agreement.factorCompany
  const address = [...addressLines(company), agreement.factorEmail ?? company.email].filter(Boolean).join('\n')
  return { name: company.legalName ?? company.name, address: address || null, bank: null }
}

/** The remit-to block's lines: who is paid, their address, and the bank with its labelled numbers. */
export function remitToLines(t: TFunction, remitTo: RemitTo) {
  const { bank } = remitTo
  return [
    remitTo.name,
    ...(remitTo.address ? remitTo.address.split('\n') : []),
    bank?.bankName ?? '',
    bank ? t('invoices.view.routingNumber', { number: bank.routingNumber }) : '',
    bank ? t('invoices.view.accountNumber', { number: bank.accountNumber }) : '',
  ].filter(Boolean)
}

/** The notice-of-assignment line an assigned invoice prints under its remit-to, in the reader's language. */
export function assignmentNotice(t: TFunction, assignment: FactorAssignment | null) {
  return assignment ? t('invoices.remit.assigned', { factor: assignment.factor }) : null
}

/** What every surface prints: the remit-to's lines and the notice line, translated. */
export function remitView(t: TFunction, remit: InvoiceRemit) {
  return { lines: remit.remitTo ? remitToLines(t, remit.remitTo) : null, notice: assignmentNotice(t, remit.assignment) }
}

/** The API's shape: `remitTo` (whom to pay) and `factorAssignment` (why the factor, when it is). */
export function serializeRemit(remit: InvoiceRemit): Pick<InvoiceRecord, 'remitTo' | 'factorAssignment'> {
  return {
    remitTo: remit.remitTo,
    factorAssignment: remit.assignment
      ? {
          factor: remit.assignment.factor,
          by: remit.assignment.by,
          scheduleNumber: remit.assignment.scheduleNumber,
          at: remit.assignment.at?.toISOString() ?? null,
        }
      : null,
  }
}
