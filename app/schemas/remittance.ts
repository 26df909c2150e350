/**
 * The payment page's "we have paid" form (a remittance advice, ADR 062) and the invoice page's
 * confirm / dismiss of one. The public form's body is hostile: every field bounded, the honeypot
 * (`website`) read by the action, never stored.
 */
import { z } from 'zod'

import { day, instant } from './api-record'
import { dateOnly, optionalText } from './fields'
import { requiredDollars } from './money-fields'
import { REMITTANCE_PAYER_MAX, REMITTANCE_REFERENCE_MAX, REMITTANCE_STATUSES } from './remittance-options'
import { requiredId } from './text'
import { VersionSchema } from './version'

/** The form as the broker fills it: dollars as typed, the day paid, the check or ACH trace number, who paid. */
export const RemittanceFormSchema = z.object({
  amount: requiredDollars('payment.errors.amount', 'document').refine((cents) => cents > 0, 'payment.errors.amountPositive'),
  paidOn: dateOnly(),
  reference: optionalText(REMITTANCE_REFERENCE_MAX),
  payerName: optionalText(REMITTANCE_PAYER_MAX),
  // The honeypot: hidden from people, filled by bots. The action drops such a post without a word.
  website: optionalText(200),
})
export type RemittanceFormInput = z.infer<typeof RemittanceFormSchema>

/** Confirm or dismiss one advice on the invoice page: the advice and the version the accountant saw. */
export const RemittanceActionSchema = z.object({ adviceId: requiredId(), version: VersionSchema })
export type RemittanceActionInput = z.infer<typeof RemittanceActionSchema>

/** A broker's "we have paid" from the payment page (serializeRemittance, ADR 062). */
export const RemittanceRecordSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  amountCents: z.number().int(),
  paidOn: day(),
  reference: z.string().nullable(),
  payerName: z.string().nullable(),
  status: z.enum(REMITTANCE_STATUSES),
  paymentId: z.string().nullable().describe('The payment a confirmed advice made.'),
  handledAt: instant().nullable(),
  createdAt: instant(),
  version: z.number().int().min(1),
})
export type RemittanceRecord = z.infer<typeof RemittanceRecordSchema>
