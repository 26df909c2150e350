/**
 * Store orders (ADR 058): placing the cart's order and canceling one. Placing is one
 * transaction: the cart is locked, each product's stock falls by a conditional UPDATE
 * (`stock >= quantity`, in product id order so two checkouts never deadlock), and a product
 * that is short refuses the whole order (409 `insufficient_stock`, naming it; the rollback
 * undoes every earlier line). Prices are locked on the order's lines; the number comes from
 * Organization.nextOrderNumber as invoices take theirs. Canceling returns the stock, only while
 * no live settlement line deducts the order (`SettlementItem.liveOrderId`).
 */
import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, containsText, listPage, lockForUpdate, nextNumber, requireFound, throwRefusal } from '~/models/records/records.server'
import { pendingStoreCents } from '~/models/settlements/settlement.server'
import { cancelRefusal, cartTotals, DEFAULT_STORE_LIMIT_CENTS, formatOrderNumber, placeRefusal, storeLimitRefusal, withinOrderLimit } from '~/policies/cart'
import type { CheckoutInput, OrderListQuery, OrderRecord } from '~/schemas/checkout'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { buyerIsDriver, checkoutState, emptyCartData, lockCartForCheckout, reviewKey } from './cart.server'

const ENTITY = 'storeOrder'
const NOT_FOUND = 'checkout.errors.orderNotFound'

const include = {
  items: { orderBy: { name: 'asc' } },
  driver: { select: { id: true, firstName: true, lastName: true } },
  truck: { select: { id: true, unitNumber: true } },
  settlementItems: { where: { liveOrderId: { not: null } }, select: { settlementId: true } },
} as const satisfies Prisma.StoreOrderInclude

type StoredOrder = Prisma.StoreOrderGetPayload<{ include: typeof include }>

export function serializeOrder(order: StoredOrder): OrderRecord {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    chargeTo: order.chargeTo,
    driverId: order.driverId,
    driverName: order.driver ? `${order.driver.firstName} ${order.driver.lastName}` : null,
    truckId: order.truckId,
    truckUnit: order.truck?.unitNumber ?? null,
    billing: { name: order.billingName, address: order.billingAddress },
    shipping: { method: order.shippingMethod },
    discountCode: order.discountCode,
    items: order.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      name: item.name,
      sku: item.sku,
      color: item.color,
      priceCents: item.priceCents,
      quantity: item.quantity,
      lineTotalCents: item.lineTotalCents,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    settled: order.settlementItems.length > 0,
    createdAt: order.createdAt.toISOString(),
    canceledAt: order.canceledAt?.toISOString() ?? null,
    version: order.version,
  }
}

export type OrderView = ReturnType<typeof serializeOrder>

/**
 * A driver's store limit (their profile's, else DEFAULT_STORE_LIMIT_CENTS) and what their orders
 * not yet settled add up to: the orders their next settlement deducts (settlement.server.ts).
 */
export async function driverStoreBalance(db: Tx, organizationId: string, driverId: string) {
  const [profile, openCents] = await Promise.all([
    db.driverProfile.findFirst({ where: { userId: driverId, organizationId }, select: { storeLimitCents: true } }),
    pendingStoreCents(db, organizationId, driverId),
  ])
  return { limitCents: profile?.storeLimitCents ?? DEFAULT_STORE_LIMIT_CENTS, openCents }
}

/**
 * Places the cart's order (POST /api/checkout, the review's "Place order"): 201 with the order,
 * or a refusal with nothing written: an empty cart or incomplete billing (409), a product no
 * longer sold or a driver no longer active (400 at the field), a product short of stock (409
 * `insufficient_stock`), or a cart that no longer adds up to what the buyer reviewed (409
 * `conflict` with the new total: a price changed, or a line in another tab), when `reviewed`
 * says what that was: the total and/or the review's key (ADR 090).
 */
export async function placeOrder(actor: Actor, reviewed: CheckoutInput = {}) {
  assertActorMay(actor, 'create', 'storeOrder')
  const { organizationId } = actor
  const id = await prisma.$transaction(async (tx) => {
    const cart = await lockCartForCheckout(tx, actor)
    throwRefusal(placeRefusal(checkoutState(cart)))
    const gone = cart.items.find((item) => item.product.status !== 'active')
    if (gone) throw new DomainError('validation_failed', 'checkout.errors.productUnavailable', { params: { product: gone.product.name } })
    if (cart.chargeTo === 'driver') {
      const driver = await tx.user.findFirst({ where: { id: cart.driverId!, organizationId, role: 'driver', status: 'active' }, select: { id: true } })
      if (!driver) throw new DomainError('validation_failed', 'validation.failed', { fields: { driverId: ['checkout.errors.driverUnknown'] } })
      // One order of a driver at a time (after the cart, before the products: the lock order): the limit counts the one before.
      await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${cart.driverId!} FOR NO KEY UPDATE`
    }
    // A driver buys only for themselves (the billing step holds them to it; their role may have changed since).
    if ((await buyerIsDriver(tx, actor)) && (cart.chargeTo !== 'driver' || cart.driverId !== actor.userId))
      throw new DomainError('forbidden', 'checkout.errors.driverSelf')
    // Stock falls product by product, in id order (every checkout locks in the same order).
    const wanted = new Map<string, { quantity: number; name: string }>()
    for (const item of cart.items) {
      const entry = wanted.get(item.productId) ?? { quantity: 0, name: item.product.name }
      entry.quantity += item.quantity
      wanted.set(item.productId, entry)
    }
    const prices = new Map<string, { priceCents: number; name: string; sku: string }>()
    for (const productId of [...wanted.keys()].sort()) {
      const { quantity, name } = wanted.get(productId)!
      const [row] = await tx.$queryRaw<Array<{ priceCents: number; name: string; sku: string }>>`
        UPDATE "Product" SET "stock" = "stock" - ${quantity}
        WHERE "id" = ${productId} AND "organizationId" = ${organizationId} AND "status" = 'active' AND "stock" >= ${quantity}
        RETURNING "priceCents", "name", "sku"::text AS "sku"`
      if (!row) throw new DomainError('insufficient_stock', 'checkout.errors.insufficientStock', { params: { product: name } })
      prices.set(productId, row)
    }
    const lines = cart.items.map((item) => {
      const product = prices.get(item.productId)!
      return {
        productId: item.productId,
        name: product.name,
        sku: product.sku,
        color: item.color,
        priceCents: product.priceCents,
        quantity: item.quantity,
        lineTotalCents: product.priceCents * item.quantity,
      }
    })
    const totals = cartTotals(lines, { discountCode: cart.discountCode, shippingMethod: cart.shippingMethod })
    // At the prices just read under the products' locks: what is charged is what was reviewed, or nothing.
    if (
      (reviewed.expectedTotalCents !== undefined && reviewed.expectedTotalCents !== totals.totalCents) ||
      (reviewed.reviewKey !== undefined && reviewed.reviewKey !== reviewKey(lines, totals))
    )
      throw new DomainError('conflict', 'checkout.errors.pricesChanged', { params: { totalCents: totals.totalCents } })
    if (!withinOrderLimit(totals)) throw new DomainError('validation_failed', 'checkout.errors.orderTooLarge')
    if (cart.chargeTo === 'driver') {
      const limit = storeLimitRefusal(await driverStoreBalance(tx, organizationId, cart.driverId!), totals.totalCents)
      if (limit) throw new DomainError(limit.code, limit.key, { params: limit.params })
    }
    const order = await tx.storeOrder.create({
      data: {
        organizationId,
        orderNumber: formatOrderNumber(await nextNumber(tx, organizationId, 'nextOrderNumber')),
        chargeTo: cart.chargeTo!,
        driverId: cart.chargeTo === 'driver' ? cart.driverId : null,
        truckId: cart.chargeTo === 'truck' ? cart.truckId : null,
        billingName: cart.billingName,
        billingAddress: cart.billingAddress,
        shippingMethod: cart.shippingMethod!,
        discountCode: totals.discountCents > 0 ? cart.discountCode : null,
        subtotalCents: totals.subtotalCents,
        discountCents: totals.discountCents,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        placedById: actor.userId,
        items: { create: lines },
      },
      select: { id: true, orderNumber: true },
    })
    await tx.cartItem.deleteMany({ where: { userId: cart.userId } })
    await tx.cart.update({ where: { userId: cart.userId }, data: { ...emptyCartData, version: { increment: 1 } } })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: order.id,
      action: 'create',
      after: { orderNumber: order.orderNumber, totalCents: totals.totalCents, chargeTo: cart.chargeTo },
    })
    return order.id
  })
  return getOrder(organizationId, id)
}

/** An order; `scope` narrows it (a driver reads only the orders charged to them: orderScope in the cart policy). */
export async function getOrder(organizationId: string, id: string, scope: { driverId: string } | null = null) {
  assertId(id, NOT_FOUND)
  return serializeOrder(requireFound(await prisma.storeOrder.findFirst({ where: { id, organizationId, ...scope }, include }), NOT_FOUND))
}

/**
 * Cancels a placed order at the version the client read: the stock of its lines returns. Refused
 * (409, nothing changed) once canceled or while a live settlement deducts it. The order row is
 * locked, so a cancel and a settlement taking the order apply one after the other.
 */
export async function cancelOrder(actor: Actor, id: string, version: number | undefined) {
  assertActorMay(actor, 'update', 'storeOrder')
  const { organizationId } = actor
  await prisma.$transaction(async (tx) => {
    const order = await lockForUpdate(tx, { table: 'StoreOrder', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
      tx.storeOrder.findFirst({ where: { id, organizationId }, include }),
    )
    throwRefusal(cancelRefusal({ status: order.status, settled: order.settlementItems.length > 0 }))
    await tx.storeOrder.update({ where: { id }, data: { status: 'canceled', canceledAt: new Date(), version: { increment: 1 } } })
    const returned = new Map<string, number>()
    for (const item of order.items) if (item.productId) returned.set(item.productId, (returned.get(item.productId) ?? 0) + item.quantity)
    for (const productId of [...returned.keys()].sort())
      await tx.$executeRaw`UPDATE "Product" SET "stock" = "stock" + ${returned.get(productId)!} WHERE "id" = ${productId}`
    await recordAudit(tx, actor, { entity: ENTITY, entityId: id, action: 'status', before: { status: order.status }, after: { status: 'canceled' } })
  })
  return getOrder(organizationId, id)
}

const ORDER_BY: Record<OrderListQuery['sort'], (dir: 'asc' | 'desc') => Prisma.StoreOrderOrderByWithRelationInput[]> = {
  createdAt: (dir) => [{ createdAt: dir }, { id: dir }],
  orderNumber: (dir) => [{ orderNumber: dir }],
  totalCents: (dir) => [{ totalCents: dir }, { createdAt: 'desc' }],
  status: (dir) => [{ status: dir }, { createdAt: 'desc' }],
  chargeTo: (dir) => [{ chargeTo: dir }, { createdAt: 'desc' }],
}

/** The orders list: search by number, filter by who pays and status, sort and paging. */
export async function listOrders(organizationId: string, query: OrderListQuery, scope: { driverId: string } | null = null) {
  const where: Prisma.StoreOrderWhereInput = {
    organizationId,
    ...scope,
    ...(query.q ? { orderNumber: containsText(query.q) } : {}),
    ...(query.chargeTo ? { chargeTo: query.chargeTo } : {}),
    ...(query.status ? { status: query.status } : {}),
  }
  return listPage(
    query,
    () => prisma.storeOrder.count({ where }),
    (window) => prisma.storeOrder.findMany({ where, include, orderBy: ORDER_BY[query.sort](query.dir), ...window }),
  )
}

/** The placed orders charged to a truck (its maintenance costs, on the truck's page) and their total. */
export async function truckStoreCosts(organizationId: string, truckId: string) {
  const orders = await prisma.storeOrder.findMany({
    where: { organizationId, truckId, status: 'placed' },
    orderBy: { createdAt: 'desc' },
    take: 50,
    select: { id: true, orderNumber: true, createdAt: true, totalCents: true },
  })
  const { _sum } = await prisma.storeOrder.aggregate({ where: { organizationId, truckId, status: 'placed' }, _sum: { totalCents: true } })
  return {
    orders: orders.map((order) => ({ id: order.id, orderNumber: order.orderNumber, createdAt: order.createdAt.toISOString(), totalCents: order.totalCents })),
    totalCents: _sum.totalCents ?? 0,
  }
}
