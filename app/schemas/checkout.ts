/**
 * The cart, checkout and order inputs: one schema per form, the same for the pages (Conform) and
 * the JSON API. Messages are i18n keys. The money and the steps are the cart policy's
 * (app/policies/cart.ts).
 */
import { z } from 'zod'

import { CHARGE_TO, MAX_LINE_QUANTITY, ORDER_STATUSES, SHIPPING_METHODS } from './checkout-options'
import { integer, optionalText, requiredText } from './fields'
import { enumFilter, listQuery } from './list-query'
import { cents } from './money-fields'
import { idText, requiredId, text } from './text'
import { VersionSchema } from './version'

/** How many of an item: a whole number from 1 to 99 (negative, fractional and huge ones are refused). */
export function quantity() {
  return integer(1, MAX_LINE_QUANTITY)
}

/** POST /api/cart/items and the shop's "Add to cart" form (`productId`, `color`, `quantity`). */
export const CartAddSchema = z.object({
  productId: requiredId(),
  quantity: quantity(),
  color: text().trim().max(40, 'validation.tooLong').optional(),
})
export type CartAdd = z.infer<typeof CartAddSchema>

/** PUT /api/cart/items/{itemId}: the line's new quantity. */
export const CartQuantitySchema = z.object({ quantity: quantity() })

/** The checkout page's line forms: which line, and its new quantity (update) or nothing (remove). */
export const CartLineFormSchema = z.object({ itemId: requiredId(), quantity: quantity() })
export const CartRemoveFormSchema = z.object({ itemId: requiredId() })

/** POST /api/cart/step and the stepper's links and buttons. */
export const CartStepSchema = z.object({
  step: z.number({ error: 'validation.number' }).int('validation.integer').min(0, 'validation.choice').max(2, 'validation.choice'),
})

/** PUT /api/cart/billing and the billing and shipping form. Who pays, and which driver or truck, is checked by the model. */
export const CartBillingSchema = z.object({
  chargeTo: z.enum(CHARGE_TO, { error: 'validation.choice' }),
  driverId: idText().optional(),
  truckId: idText().optional(),
  name: requiredText(120),
  address: requiredText(500),
  shippingMethod: z.enum(SHIPPING_METHODS, { error: 'validation.choice' }),
  discountCode: optionalText(40),
  version: VersionSchema.optional(),
})
export type CartBilling = z.infer<typeof CartBillingSchema>

/**
 * POST /api/checkout and the review's "Place order": the cart is the order. What the buyer reviewed
 * may come with it (both optional, so a bare POST still places the order): `expectedTotalCents`,
 * the total they saw, and `reviewKey`, the cart's key as read (`GET /api/cart`); when the cart no
 * longer matches either, the order is refused (409) with the new total (ADR 090).
 */
export const CheckoutSchema = z.object({
  expectedTotalCents: cents('document').optional(),
  reviewKey: text().trim().max(64, 'validation.tooLong').optional(),
})
export type CheckoutInput = z.infer<typeof CheckoutSchema>

/** Canceling an order: the version the client read. */
export const OrderCancelSchema = z.object({ version: VersionSchema.optional() })

export const ORDER_SORTS = ['createdAt', 'orderNumber', 'totalCents', 'status', 'chargeTo'] as const

/** The orders list (page and GET /api/orders): search by number, filter by who pays and status. */
export const OrderListQuerySchema = listQuery({
  sorts: ORDER_SORTS,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: {
    chargeTo: enumFilter(CHARGE_TO),
    status: enumFilter(ORDER_STATUSES),
  },
})
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>
