/**
 * The server-side cart (ADR 058): one per user, so it works without JavaScript and
 * follows the user between browser and API. Every write locks the cart row first (created on
 * the first write), so a user's parallel requests apply one after another. The money and the
 * steps are the cart policy's (app/policies/cart.ts); placing the order is store-order.server.ts.
 */
import { createHash } from 'node:crypto'

import type { Actor } from '~/models/audit/audit.server'
import { assertActorMay, assertVersion, requireFound, throwRefusal } from '~/models/records/records.server'
import {
  billingComplete,
  type CartTotals,
  cartTotals,
  type CheckoutState,
  type CheckoutStep,
  effectiveStep,
  isKnownDiscountCode,
  normalizeDiscountCode,
  overStockProduct,
  productQuantityAfter,
  reachableSteps,
  stepRefusal,
  withinOrderLimit,
} from '~/policies/cart'
import type { CartAdd, CartBilling, CartRecord } from '~/schemas/checkout'
import { MAX_LINE_QUANTITY } from '~/schemas/checkout-options'
import { isId } from '~/schemas/text'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

const ITEM_NOT_FOUND = 'checkout.errors.itemNotFound'

const include = {
  items: {
    orderBy: { createdAt: 'asc' },
    include: { product: { select: { id: true, name: true, sku: true, priceCents: true, stock: true, status: true, colors: true } } },
  },
} as const

/** The cart as stored, or an empty one for a user who never wrote to theirs (reading writes nothing). */
async function readCart(db: Tx, userId: string) {
  const cart = await db.cart.findUnique({ where: { userId }, include })
  return (
    cart ?? {
      userId,
      activeStep: 0,
      chargeTo: null,
      driverId: null,
      truckId: null,
      billingName: '',
      billingAddress: '',
      shippingMethod: null,
      discountCode: null,
      // The version the row gets when it is first written.
      version: 1,
      items: [],
    }
  )
}

type StoredCart = Awaited<ReturnType<typeof readCart>>

/** What the steps need of a cart (the policy's view). */
export function checkoutState(cart: StoredCart): CheckoutState {
  return {
    overStock: overStockProduct(cart.items.map((item) => ({ ...item, name: item.product.name, stock: item.product.stock })))?.name ?? null,
    itemCount: cart.items.length,
    chargeTo: cart.chargeTo,
    driverId: cart.driverId,
    truckId: cart.truckId,
    billingName: cart.billingName,
    billingAddress: cart.billingAddress,
    shippingMethod: cart.shippingMethod,
  }
}

/**
 * What a buyer reviews, in a few characters: each line's product, colour, quantity and unit price,
 * and the totals. The review step sends it back with "Place order" (and an API client may, from
 * `GET /api/cart`); placing refuses the order when the cart no longer adds up to it (ADR 090).
 */
export function reviewKey(lines: ReadonlyArray<{ productId: string; color: string; quantity: number; priceCents: number }>, totals: CartTotals) {
  const text = JSON.stringify([
    lines.map((line) => [line.productId, line.color, line.quantity, line.priceCents]),
    [totals.subtotalCents, totals.discountCents, totals.shippingCents, totals.totalCents],
  ])
  return createHash('sha256').update(text).digest('base64url').slice(0, 22)
}

/** The cart as the API and the pages read it: lines at the products' current prices, the totals, the step. */
export function serializeCart(cart: StoredCart): CartRecord {
  const items = cart.items.map((item) => ({
    id: item.id,
    productId: item.productId,
    name: item.product.name,
    sku: item.product.sku,
    color: item.color,
    priceCents: item.product.priceCents,
    quantity: item.quantity,
    lineTotalCents: item.product.priceCents * item.quantity,
    stock: item.product.stock,
    available: item.product.status === 'active',
    // The product's lines of every colour together ask for more than its stock now.
    exceedsStock: productQuantityAfter(cart.items, { productId: item.productId, quantity: 0 }) > item.product.stock,
  }))
  const totals = cartTotals(items, { discountCode: cart.discountCode, shippingMethod: cart.shippingMethod })
  const state = checkoutState(cart)
  return {
    items,
    ...totals,
    reviewKey: reviewKey(items, totals),
    activeStep: effectiveStep(cart.activeStep, state),
    reachableSteps: reachableSteps(state),
    billingComplete: billingComplete(state),
    billing: {
      chargeTo: cart.chargeTo,
      driverId: cart.driverId,
      truckId: cart.truckId,
      name: cart.billingName,
      address: cart.billingAddress,
    },
    shipping: { method: cart.shippingMethod },
    discountCode: cart.discountCode,
    version: cart.version,
  }
}

export type CartView = ReturnType<typeof serializeCart>

export async function getCart(userId: string) {
  return serializeCart(await readCart(prisma, userId))
}

/** The user's cart row, created if need be and locked for this transaction. */
async function lockCart(tx: Tx, actor: Actor) {
  const userId = requireUser(actor)
  await tx.cart.upsert({ where: { userId }, create: { userId, organizationId: actor.organizationId }, update: {} })
  await tx.$queryRaw`SELECT "userId" FROM "Cart" WHERE "userId" = ${userId} FOR UPDATE`
  return readCart(tx, userId)
}

/** Whether the actor is a driver (who buys only for themselves, charged to their own settlement). */
export async function buyerIsDriver(db: Tx, actor: Actor) {
  if (!actor.userId) return false
  const buyer = await db.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, select: { role: true } })
  return buyer?.role === 'driver'
}

function requireUser(actor: Actor) {
  if (!actor.userId) throw new DomainError('forbidden', 'api.forbidden')
  return actor.userId
}

/** A write to the cart: locked, changed by `work`, its version bumped, answered as the cart reads. */
async function writeCart(actor: Actor, work: (tx: Tx, cart: StoredCart) => Promise<Record<string, unknown> | void>, version?: number) {
  const userId = requireUser(actor)
  return prisma.$transaction(async (tx) => {
    const cart = await lockCart(tx, actor)
    assertVersion(cart, version)
    const data = (await work(tx, cart)) ?? {}
    await tx.cart.update({ where: { userId }, data: { ...data, version: { increment: 1 } } })
    return serializeCart(await readCart(tx, userId))
  })
}

function fieldError(field: string, key: string, params?: Record<string, unknown>): never {
  throw new DomainError('validation_failed', 'validation.failed', { fields: { [field]: [key] }, params })
}

/**
 * The cart once a line of a product becomes `quantity`: at most MAX_LINE_QUANTITY of the product
 * in all its colours, and money that is still storable; else refused at `quantity`.
 */
function assertWithinLimit(
  cart: StoredCart,
  change: { itemId?: string; productId: string; name: string; priceCents: number; stock: number; quantity: number },
) {
  const wanted = productQuantityAfter(cart.items, change)
  if (wanted > MAX_LINE_QUANTITY) fieldError('quantity', 'checkout.errors.tooMany', { max: MAX_LINE_QUANTITY })
  // The stock as read now: a cart never asks for more than there is; placing the order still takes it by a conditional UPDATE.
  if (wanted > change.stock)
    throw new DomainError('insufficient_stock', 'checkout.errors.overStock', {
      fields: { quantity: ['checkout.errors.stockLeft'] },
      params: { product: change.name, stock: change.stock, inCart: wanted - change.quantity },
    })
  const lines = cart.items.filter((item) => item.id !== change.itemId).map((item) => ({ priceCents: item.product.priceCents, quantity: item.quantity }))
  lines.push({ priceCents: change.priceCents, quantity: change.quantity })
  if (!withinOrderLimit(cartTotals(lines, {}))) fieldError('quantity', 'checkout.errors.orderTooLarge')
}

/**
 * Adds a product: it must be an active product of the organization, the colour one of its
 * colours (none when it has none); the same product and colour add up on one line, and the
 * product's lines of every colour to at most 99.
 */
export async function addCartItem(actor: Actor, input: CartAdd) {
  assertActorMay(actor, 'create', 'storeOrder')
  return writeCart(actor, async (tx, cart) => {
    const product = isId(input.productId)
      ? await tx.product.findFirst({ where: { id: input.productId, organizationId: actor.organizationId, status: 'active' } })
      : null
    if (!product) fieldError('productId', 'checkout.errors.productUnknown')
    const color = input.color ?? ''
    if (product.colors.length ? !product.colors.includes(color) : color !== '') fieldError('color', 'checkout.errors.colorUnknown')
    const existing = cart.items.find((item) => item.productId === product.id && item.color === color)
    const quantity = (existing?.quantity ?? 0) + input.quantity
    assertWithinLimit(cart, { itemId: existing?.id, productId: product.id, name: product.name, priceCents: product.priceCents, stock: product.stock, quantity })
    if (existing) await tx.cartItem.update({ where: { id: existing.id }, data: { quantity } })
    else await tx.cartItem.create({ data: { userId: cart.userId, productId: product.id, color, quantity } })
  })
}

function cartLine(cart: StoredCart, itemId: string) {
  return requireFound(
    cart.items.find((item) => item.id === itemId),
    ITEM_NOT_FOUND,
  )
}

/** A line's new quantity (1 to 99, with the product's lines of other colours). */
export async function updateCartItem(actor: Actor, itemId: string, quantity: number) {
  assertActorMay(actor, 'create', 'storeOrder')
  return writeCart(actor, async (tx, cart) => {
    const item = cartLine(cart, itemId)
    assertWithinLimit(cart, {
      itemId,
      productId: item.productId,
      name: item.product.name,
      priceCents: item.product.priceCents,
      stock: item.product.stock,
      quantity,
    })
    await tx.cartItem.update({ where: { id: item.id }, data: { quantity } })
  })
}

/** Removes a line (at the cart's version, when given); a cart left empty is back at step 0 (the policy's effective step). */
export async function removeCartItem(actor: Actor, itemId: string, version?: number) {
  assertActorMay(actor, 'create', 'storeOrder')
  return writeCart(
    actor,
    async (tx, cart) => {
      const item = cartLine(cart, itemId)
      await tx.cartItem.delete({ where: { id: item.id } })
      const remaining = cart.items.length - 1
      return { activeStep: effectiveStep(cart.activeStep, { ...checkoutState(cart), itemCount: remaining }) }
    },
    version,
  )
}

/**
 * Billing and shipping: who pays (a driver must be an active driver of the organization, a truck
 * one of its trucks), the name and address, the shipping method and a known discount code.
 * Filled in, the checkout moves on to the review (`advance`, as the page's Continue does).
 */
export async function setCartBilling(actor: Actor, input: CartBilling, options: { advance?: boolean } = {}) {
  assertActorMay(actor, 'create', 'storeOrder')
  return writeCart(
    actor,
    async (tx, cart) => {
      const fields: Record<string, string[]> = {}
      // A driver buys for themselves only, charged to their own settlement (ADR 101): no driver named is them.
      const self = (await buyerIsDriver(tx, actor)) ? actor.userId : null
      if (self && (input.chargeTo !== 'driver' || (input.driverId && input.driverId !== self)))
        throw new DomainError('validation_failed', 'validation.failed', { fields: { chargeTo: ['checkout.errors.driverSelf'] } })
      const driverId = input.chargeTo === 'driver' ? self || input.driverId || null : null
      const truckId = input.chargeTo === 'truck' ? input.truckId || null : null
      if (input.chargeTo === 'driver') {
        const driver =
          driverId && isId(driverId)
            ? await tx.user.findFirst({ where: { id: driverId, organizationId: actor.organizationId, role: 'driver', status: 'active' }, select: { id: true } })
            : null
        if (!driver) fields.driverId = [driverId ? 'checkout.errors.driverUnknown' : 'checkout.errors.driverRequired']
      }
      if (input.chargeTo === 'truck') {
        const truck =
          truckId && isId(truckId) ? await tx.truck.findFirst({ where: { id: truckId, organizationId: actor.organizationId }, select: { id: true } }) : null
        if (!truck) fields.truckId = [truckId ? 'checkout.errors.truckUnknown' : 'checkout.errors.truckRequired']
      }
      const discountCode = normalizeDiscountCode(input.discountCode)
      if (discountCode && !isKnownDiscountCode(discountCode)) fields.discountCode = ['checkout.errors.discountUnknown']
      if (Object.keys(fields).length) throw new DomainError('validation_failed', 'validation.failed', { fields })
      const data = {
        chargeTo: input.chargeTo,
        driverId,
        truckId,
        billingName: input.name,
        billingAddress: input.address,
        shippingMethod: input.shippingMethod,
        discountCode: discountCode || null,
      }
      const state = { ...checkoutState(cart), ...data }
      const refusal = options.advance ? stepRefusal(2, state) : null
      // Continue with a line over the stock is refused whole (nothing saved): the buyer goes back to lower it.
      if (refusal?.code === 'insufficient_stock') throw new DomainError(refusal.code, refusal.key, { params: refusal.params })
      return { ...data, ...(options.advance && !refusal ? { activeStep: 2 } : {}) }
    },
    input.version,
  )
}

/** Moves to a step: back always, forward only when the steps before it are complete (409 otherwise, nothing changed). */
export async function moveCartStep(actor: Actor, step: CheckoutStep) {
  assertActorMay(actor, 'create', 'storeOrder')
  return writeCart(actor, async (_tx, cart) => {
    throwRefusal(stepRefusal(step, checkoutState(cart)))
    return { activeStep: step }
  })
}

/** Reset (at the cart's version, when given): the cart emptied, its billing forgotten, back at step 0. */
export async function resetCart(actor: Actor, version?: number) {
  assertActorMay(actor, 'create', 'storeOrder')
  return writeCart(
    actor,
    async (tx, cart) => {
      await tx.cartItem.deleteMany({ where: { userId: cart.userId } })
      return emptyCartData
    },
    version,
  )
}

/** What an emptied cart stores (reset, and after an order is placed). */
export const emptyCartData = {
  activeStep: 0,
  chargeTo: null,
  driverId: null,
  truckId: null,
  billingName: '',
  billingAddress: '',
  shippingMethod: null,
  discountCode: null,
} as const

/** How many items the user's cart holds (the shop's cart badge). */
export async function cartItemCount(userId: string) {
  const { _sum } = await prisma.cartItem.aggregate({ where: { userId }, _sum: { quantity: true } })
  return _sum.quantity ?? 0
}

/** The cart, locked, for placing its order (store-order.server.ts). */
export { lockCart as lockCartForCheckout }

/** Who an order may be charged to: the organization's active drivers and its trucks (the billing form's selects); a driver buying: only themselves. */
export async function checkoutPickers(organizationId: string, driverSelf?: string) {
  const [drivers, trucks] = await Promise.all([
    prisma.user.findMany({
      where: { organizationId, role: 'driver', status: 'active', ...(driverSelf ? { id: driverSelf } : {}) },
      select: { id: true, firstName: true, lastName: true },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }],
    }),
    prisma.truck.findMany({
      where: { organizationId, ...(driverSelf ? { id: '' } : {}) },
      select: { id: true, unitNumber: true },
      orderBy: { unitNumber: 'asc' },
      take: 500,
    }),
  ])
  return {
    drivers: drivers.map((driver) => ({ id: driver.id, name: `${driver.firstName} ${driver.lastName}` })),
    trucks: trucks.map((truck) => ({ id: truck.id, name: truck.unitNumber })),
  }
}
