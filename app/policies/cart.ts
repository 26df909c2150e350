/**
 * The cart and checkout policy (ADR 058): the money of a cart or an order, computed in
 * this one place for the server and the pages, and which checkout steps are reachable. No zod
 * and nothing server-only: page components import it.
 *
 * Money is integer cents. subtotal = Σ price × quantity; the discount is a percent of the
 * subtotal (a code in DISCOUNT_CODES), rounded half up to the cent by `percentOfCents`, the one
 * rounding rule (app/utils/money.ts); shipping is a constant per method; total = subtotal − discount + shipping.
 */

import type { ChargeTo, OrderStatus, ShippingMethod } from '~/schemas/checkout-options'
import { MAX_DOCUMENT_CENTS, percentOfCents } from '~/utils/money'

import type { PolicyRefusal as BaseRefusal } from './refusal'

/** The store's refusals: the shared ones, and stock and a driver's store limit with the numbers their messages show. */
type PolicyRefusal = { code: BaseRefusal['code'] | 'insufficient_stock' | 'store_limit_exceeded'; key: string; params?: Record<string, unknown> }

/** What each shipping method costs, in cents. */
export const SHIPPING_CENTS: Record<ShippingMethod, number> = { pickup: 0, standard: 1500, express: 3500 }

/** Discount codes and their percent of the subtotal, in basis points (1000 = 10%). Codes are matched in upper case. */
export const DISCOUNT_CODES: Record<string, number> = { SAFETY10: 1000, FLEET5: 500 }

/**
 * How many of a product the cart holds once one of its lines becomes `quantity` (`itemId`: the
 * line that changes; none for a new line): every colour's line counts, since MAX_LINE_QUANTITY is
 * per product, not per line.
 */
export function productQuantityAfter(
  lines: ReadonlyArray<{ id: string; productId: string; quantity: number }>,
  change: { itemId?: string; productId: string; quantity: number },
) {
  return lines.reduce((sum, line) => (line.productId === change.productId && line.id !== change.itemId ? sum + line.quantity : sum), change.quantity)
}

/**
 * The first product whose lines (every colour together, since stock is per product) ask for more
 * than its stock, or null: the cart refuses such a quantity when it is added or changed,
 * and a cart that stock fell under cannot leave its first step until the line is lowered.
 */
export function overStockProduct(lines: ReadonlyArray<{ productId: string; quantity: number; stock: number; name: string }>) {
  const wanted = new Map<string, number>()
  for (const line of lines) wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity)
  const short = lines.find((line) => wanted.get(line.productId)! > line.stock)
  return short ? { productId: short.productId, name: short.name, stock: short.stock } : null
}

/** An order's subtotal and total are a document's: at most $20,000,000.00 (app/utils/money.ts, ADR 089). */
export const MAX_ORDER_CENTS = MAX_DOCUMENT_CENTS

/** Checkout steps: 0 the cart, 1 billing and shipping, 2 review. */
export const CHECKOUT_STEPS = [0, 1, 2] as const
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]
export const STEP_NAMES = ['cart', 'billing', 'review'] as const

export function isCheckoutStep(value: unknown): value is CheckoutStep {
  return value === 0 || value === 1 || value === 2
}

/** A discount code as stored and matched: trimmed, upper case; "" when none. */
export function normalizeDiscountCode(code: string | null | undefined) {
  return (code ?? '').trim().toUpperCase()
}

export function isKnownDiscountCode(code: string | null | undefined) {
  const normalized = normalizeDiscountCode(code)
  return normalized !== '' && Object.hasOwn(DISCOUNT_CODES, normalized)
}

export type CartLine = { priceCents: number; quantity: number }

export type CartTotals = { subtotalCents: number; discountCents: number; shippingCents: number; totalCents: number; totalItems: number }

/** The money of a cart or an order: the formula, in one place. */
export function cartTotals(lines: readonly CartLine[], options: { discountCode?: string | null; shippingMethod?: ShippingMethod | null }): CartTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)
  const code = normalizeDiscountCode(options.discountCode)
  const basisPoints = isKnownDiscountCode(code) ? DISCOUNT_CODES[code] : 0
  const discountCents = Math.min(subtotalCents, percentOfCents(subtotalCents, basisPoints))
  const shippingCents = options.shippingMethod ? SHIPPING_CENTS[options.shippingMethod] : 0
  const totalItems = lines.reduce((sum, line) => sum + line.quantity, 0)
  return { subtotalCents, discountCents, shippingCents, totalCents: subtotalCents - discountCents + shippingCents, totalItems }
}

/** Whether an order of these totals fits what the database stores. */
export function withinOrderLimit(totals: Pick<CartTotals, 'subtotalCents' | 'totalCents'>) {
  return totals.subtotalCents <= MAX_ORDER_CENTS && totals.totalCents <= MAX_ORDER_CENTS
}

/** What the steps need to know of a cart. */
export type CheckoutState = {
  itemCount: number
  chargeTo: ChargeTo | null
  driverId: string | null
  truckId: string | null
  billingName: string
  billingAddress: string
  shippingMethod: ShippingMethod | null
  /** A product of the cart short of stock now (overStockProduct's name), if any: no step past the cart. */
  overStock?: string | null
}

/** Whether the billing and shipping step is filled in: who pays (and which driver or truck), name, address, method. */
export function billingComplete(state: CheckoutState) {
  if (!state.chargeTo || !state.shippingMethod) return false
  if (state.chargeTo === 'driver' && !state.driverId) return false
  if (state.chargeTo === 'truck' && !state.truckId) return false
  return state.billingName.trim() !== '' && state.billingAddress.trim() !== ''
}

/** Whether a step is complete: the cart has items; billing is filled in; review is complete once the order is placed (never here). */
export function stepComplete(step: CheckoutStep, state: CheckoutState) {
  if (step === 0) return state.itemCount > 0 && !state.overStock
  if (step === 1) return billingComplete(state)
  return false
}

/** The steps a user may open: the cart always, each later one when every step before it is complete. */
export function reachableSteps(state: CheckoutState): CheckoutStep[] {
  const steps: CheckoutStep[] = [0]
  for (const step of [1, 2] as const) {
    if (!stepComplete((step - 1) as CheckoutStep, state)) break
    steps.push(step)
  }
  return steps
}

/** The step a cart shows: the one stored, or the furthest reachable one if the cart changed under it (its last item removed). */
export function effectiveStep(activeStep: number, state: CheckoutState): CheckoutStep {
  const reachable = reachableSteps(state)
  const furthest = reachable[reachable.length - 1]
  return (isCheckoutStep(activeStep) && activeStep <= furthest ? activeStep : furthest) as CheckoutStep
}

/** Why a move to `target` is refused, or null: back always, forward only over complete steps (a jump to a completed step included). */
export function stepRefusal(target: CheckoutStep, state: CheckoutState): PolicyRefusal | null {
  if (target > 0 && state.overStock) return { code: 'insufficient_stock', key: 'checkout.errors.overStock', params: { product: state.overStock } }
  return reachableSteps(state).includes(target) ? null : { code: 'invalid_transition', key: 'checkout.errors.stepIncomplete' }
}

/** Why an order cannot be placed yet, or null. */
export function placeRefusal(state: CheckoutState): PolicyRefusal | null {
  if (state.itemCount === 0) return { code: 'invalid_transition', key: 'checkout.errors.emptyCart' }
  if (!billingComplete(state)) return { code: 'invalid_transition', key: 'checkout.errors.billingIncomplete' }
  return null
}

/**
 * A driver's store limit when an admin set none (ADR 101): $500.00 of orders charged to the
 * driver and not yet settled. An admin sets 0 to stop a driver's orders.
 */
export const DEFAULT_STORE_LIMIT_CENTS = 50_000

/**
 * Why an order of `totalCents` charged to a driver is refused, or null: the driver's orders not
 * yet settled (`openCents`) and this one together may reach the limit, not pass it (ADR 101).
 */
export function storeLimitRefusal(balance: { limitCents: number; openCents: number }, totalCents: number): PolicyRefusal | null {
  if (balance.openCents + totalCents <= balance.limitCents) return null
  return { code: 'store_limit_exceeded', key: 'checkout.errors.storeLimit', params: { totalCents, ...balance } }
}

/**
 * Whose orders a user reads: a driver only those charged to them (they buy for themselves, issue
 * 37); every other role with `read` the organization's. Null: no narrowing.
 */
export function orderScope(user: { id: string; role: string }) {
  return user.role === 'driver' ? { driverId: user.id } : null
}

/** Why an order cannot be canceled, or null: only a placed order no live settlement deducts. */
export function cancelRefusal(order: { status: OrderStatus; settled: boolean }): PolicyRefusal | null {
  if (order.status !== 'placed') return { code: 'invalid_transition', key: 'checkout.errors.notPlaced' }
  if (order.settled) return { code: 'in_use', key: 'checkout.errors.orderSettled' }
  return null
}

/** An order's number: `SO-` and the organization's sequence on six digits. */
export function formatOrderNumber(sequence: number) {
  return `SO-${String(sequence).padStart(6, '0')}`
}
