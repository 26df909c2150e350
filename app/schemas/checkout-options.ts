/**
 * The company store's words (who pays, how it ships, an order's states) and its quantity limit,
 * shared by the checkout schemas, the cart policy (app/policies/cart.ts: the money and the steps),
 * pages and models. No zod here.
 */

/** Who an order is charged to: a driver's settlement, a truck's costs, or the company. */
export const CHARGE_TO = ['driver', 'truck', 'company'] as const
export type ChargeTo = (typeof CHARGE_TO)[number]

export const SHIPPING_METHODS = ['pickup', 'standard', 'express'] as const
export type ShippingMethod = (typeof SHIPPING_METHODS)[number]

export const ORDER_STATUSES = ['placed', 'canceled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** How many of one product (all colours together) a cart may hold. */
export const MAX_LINE_QUANTITY = 99
