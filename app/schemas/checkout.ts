/**
 * The cart, checkout and order inputs: one schema per form, the same for the pages (Conform) and
 * the JSON API. Messages are i18n keys. The money and the steps are the cart policy's
 * (app/policies/cart.ts).
 */
import { z } from 'zod'

import { instant } from './api-record'
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

const centsOut = () => z.number().int().describe('Cents.')

/** A line as a cart and an order show it: the product, its colour, the quantity and the price. */
const lineFields = {
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  color: z.string().describe('"" when the product has no colours.'),
  priceCents: centsOut(),
  quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
  lineTotalCents: centsOut(),
}
const totalsFields = { subtotalCents: centsOut(), discountCents: centsOut(), shippingCents: centsOut(), totalCents: centsOut() }
const step = () => z.literal([0, 1, 2])

/** The caller's cart as the API answers it (serializeCart): lines at the products' current prices, the totals, the step. */
export const CartRecordSchema = z
  .object({
    items: z.array(
      z.object({
        ...lineFields,
        productId: z.string(),
        stock: z.number().int().describe('The product’s stock now.'),
        available: z.boolean().describe('The product is still sold.'),
        exceedsStock: z.boolean().describe('The product’s lines of every colour ask for more than its stock now: the cart cannot leave step 0 until lowered.'),
      }),
    ),
    ...totalsFields,
    totalItems: z.number().int().min(0),
    reviewKey: z.string().describe('What the buyer reviewed, in a few characters: send it back with POST /api/checkout.'),
    activeStep: step().describe('0 cart, 1 billing and shipping, 2 review.'),
    reachableSteps: z.array(step()),
    billingComplete: z.boolean().describe('Billing and shipping are filled in: the review step can be reached.'),
    billing: z.object({
      chargeTo: z.enum(CHARGE_TO).nullable(),
      driverId: z.string().nullable(),
      truckId: z.string().nullable(),
      name: z.string(),
      address: z.string(),
    }),
    shipping: z.object({ method: z.enum(SHIPPING_METHODS).nullable() }),
    discountCode: z.string().nullable(),
    version: z.number().int().min(1),
  })
  .describe('`subtotalCents = Σ priceCents × quantity`; `totalCents = subtotalCents − discountCents + shippingCents`; lines at the products’ current prices.')
export type CartRecord = z.infer<typeof CartRecordSchema>

/** A store order as the API answers it (serializeOrder): its lines and prices as they were locked when it was placed. */
export const OrderRecordSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  chargeTo: z.enum(CHARGE_TO),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  truckId: z.string().nullable(),
  truckUnit: z.string().nullable(),
  billing: z.object({ name: z.string(), address: z.string() }),
  shipping: z.object({ method: z.enum(SHIPPING_METHODS) }),
  discountCode: z.string().nullable(),
  items: z.array(z.object({ ...lineFields, productId: z.string().nullable().describe('Null once the product is deleted.') })),
  ...totalsFields,
  settled: z.boolean().describe('A live settlement deducts it: it can no longer be canceled.'),
  createdAt: instant(),
  canceledAt: instant().nullable(),
  version: z.number().int().min(1),
})
export type OrderRecord = z.infer<typeof OrderRecordSchema>
