/**
 * Broker choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (lists, view) do not download the validation library.
 */
import type { Tone } from './tone'

export const BROKER_STATUSES = ['active', 'on_hold', 'inactive'] as const
export type BrokerStatus = (typeof BROKER_STATUSES)[number]

/**
 * Brokers and shippers are both customers (ADR 098): one list, told apart by their type. A broker
 * tenders loads it brokered; a shipper books its own freight (a quote request's requester); other
 * is any other payer. Rows made before the type existed are brokers.
 */
export const CUSTOMER_TYPES = ['broker', 'shipper', 'other'] as const

/** How long a broker has to pay an invoice (docs: domain.md, Brokers); also an invoice's default due date (`DUE_DAYS`, app/schemas/invoice-options.ts). */
export const PAYMENT_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'net_45', 'net_60', 'quick_pay'] as const
export type PaymentTerm = (typeof PAYMENT_TERMS)[number]

/** How each status looks, in one place. `on_hold` refuses new loads (the load model will check it). */
export const BROKER_STATUS_META = {
  active: { tone: 'success', toast: 'success' },
  on_hold: { tone: 'warning', toast: 'warning' },
  inactive: { tone: 'default', toast: 'info' },
} as const satisfies Record<BrokerStatus, { tone: Tone; toast: 'info' | 'success' | 'warning' | 'error' }>

export const BROKER_SORTS = ['name', 'mcNumber', 'contactName', 'city', 'paymentTerms', 'creditLimitCents', 'status', 'createdAt', 'updatedAt', 'type'] as const
