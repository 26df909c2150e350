/**
 * The cart, checkout and store orders (ADR 058) against the real database: the cart's
 * rules and bad input that changes nothing, the steps through the API, stock under 20 parallel
 * checkouts of the last 5 items, cancel returning stock (not once a settlement deducts the order),
 * the pages without JavaScript, and an order charged to a truck on the truck's page.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { addCartItem, getCart, setCartBilling } from '~/models/store/cart.server'
import { placeOrder } from '~/models/store/store-order.server'
import { createSession } from '~/models/users/auth.server'
import { createAccessToken } from '~/requests/api.server'
import * as cartApi from '~/routes/api/cart/billing'
import * as cartRoot from '~/routes/api/cart/cart'
import * as cartItem from '~/routes/api/cart/item'
import * as cartItems from '~/routes/api/cart/items'
import * as cartStep from '~/routes/api/cart/step'
import * as checkoutApi from '~/routes/api/checkout'
import * as orderCancel from '~/routes/api/orders/cancel'
import * as orderCollection from '~/routes/api/orders/collection'
import * as orderItem from '~/routes/api/orders/item'
import * as cartPage from '~/routes/dashboard/store/cart'
import * as checkoutPage from '~/routes/dashboard/store/checkout'
import * as storeDashboard from '~/routes/dashboard/store/dashboard'
import * as orderPage from '~/routes/dashboard/store/orders-view'
import * as productPage from '~/routes/dashboard/store/product'
import * as truckPage from '~/routes/dashboard/trucks/view'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

let org: Org
let other: Org

beforeAll(async () => {
  ;[org, other] = await Promise.all([createOrg(), createOrg()])
})

function product(owner: Org, fields: { priceCents?: number; stock?: number; colors?: string[]; status?: 'active' | 'draft' | 'archived' } = {}) {
  return prisma.product.create({
    data: { organizationId: owner.organization.id, name: unique('Strap'), sku: unique('SKU'), priceCents: 1999, stock: 50, colors: [], ...fields },
  })
}

/** A fresh user (its own cart) of the organization, with an API token. */
async function buyer(owner: Org, role: 'admin' | 'dispatcher' | 'accountant' = 'dispatcher') {
  const user = await prisma.user.create({
    data: { organizationId: owner.organization.id, email: `${unique('buyer')}@example.test`, passwordHash: 'x', firstName: 'Buyer', lastName: 'Tester', role },
  })
  const session = await createSession(user.id, 'api')
  return {
    id: user.id,
    token: await createAccessToken(user, session.id),
    actor: { userId: user.id, organizationId: owner.organization.id, ip: null, role, scope: 'read_write' as const },
  }
}

const billing = (driverId: string) => ({ chargeTo: 'driver', driverId, name: 'Dana Driver', address: '1 Yard Rd', shippingMethod: 'standard' })

async function stateOf(userId: string) {
  const [cart, items] = await Promise.all([
    prisma.cart.findUnique({ where: { userId } }),
    prisma.cartItem.findMany({ where: { userId }, orderBy: { id: 'asc' } }),
  ])
  return { cart, items }
}

describe('the cart', () => {
  it('adds up the same product and colour, computes the totals on the server, and refuses bad input without a change', async () => {
    const me = await buyer(org)
    const vest = await product(org, { priceCents: 1250, colors: ['orange', 'yellow'] })
    const add = (body: unknown) => callApi(cartItems, { method: 'POST', path: '/api/cart/items', token: me.token, body })

    expect((await add({ productId: vest.id, quantity: 2, color: 'orange' })).status).toBe(201)
    const second = await add({ productId: vest.id, quantity: 3, color: 'orange' })
    expect(second.body.data.items).toEqual([
      expect.objectContaining({ productId: vest.id, color: 'orange', quantity: 5, priceCents: 1250, lineTotalCents: 6250 }),
    ])
    expect(second.body.data).toMatchObject({ subtotalCents: 6250, discountCents: 0, shippingCents: 0, totalCents: 6250, totalItems: 5, activeStep: 0 })
    const yellow = await add({ productId: vest.id, quantity: 1, color: 'yellow' })
    expect(yellow.body.data.items).toHaveLength(2)

    const before = await stateOf(me.id)
    const refusals: Array<[unknown, number, string]> = [
      [{ productId: vest.id, quantity: -1, color: 'orange' }, 400, 'quantity'],
      [{ productId: vest.id, quantity: 0, color: 'orange' }, 400, 'quantity'],
      [{ productId: vest.id, quantity: 1.5, color: 'orange' }, 400, 'quantity'],
      [{ productId: vest.id, quantity: 1e12, color: 'orange' }, 400, 'quantity'],
      [{ productId: vest.id, quantity: '2', color: 'orange' }, 400, 'quantity'],
      [{ productId: vest.id, quantity: 95, color: 'orange' }, 400, 'quantity'],
      [{ productId: vest.id, quantity: 1, color: 'purple' }, 400, 'color'],
      [{ productId: vest.id, quantity: 1 }, 400, 'color'],
      [{ productId: 'nope', quantity: 1 }, 400, 'productId'],
      [{ productId: (await product(other)).id, quantity: 1 }, 400, 'productId'],
      [{ productId: (await product(org, { status: 'draft' })).id, quantity: 1 }, 400, 'productId'],
    ]
    for (const [body, status, field] of refusals) {
      const answer = await add(body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(Object.keys(answer.body.error.fields), JSON.stringify(body)).toContain(field)
    }
    // A product without colours takes none.
    const plain = await product(org)
    expect((await add({ productId: plain.id, quantity: 1, color: 'red' })).status).toBe(400)
    expect(await stateOf(me.id)).toEqual(before)

    // Update and remove a line; someone else's line is not found.
    const [line] = second.body.data.items
    const put = await callApi(cartItem, {
      method: 'PUT',
      path: `/api/cart/items/${line.id}`,
      params: { itemId: line.id },
      token: me.token,
      body: { quantity: 7 },
    })
    expect(put.status).toBe(200)
    expect(put.body.data.items.find((item: { id: string }) => item.id === line.id).quantity).toBe(7)
    for (const quantity of [0, -3, 100, 2.5]) {
      const bad = await callApi(cartItem, {
        method: 'PUT',
        path: `/api/cart/items/${line.id}`,
        params: { itemId: line.id },
        token: me.token,
        body: { quantity },
      })
      expect(bad.status).toBe(400)
    }
    const stranger = await buyer(org)
    const notMine = await callApi(cartItem, { method: 'DELETE', path: `/api/cart/items/${line.id}`, params: { itemId: line.id }, token: stranger.token })
    expect(notMine.status).toBe(404)
    const removed = await callApi(cartItem, { method: 'DELETE', path: `/api/cart/items/${line.id}`, params: { itemId: line.id }, token: me.token })
    expect(removed.body.data.items).toHaveLength(1)
  })

  it('holds at most 99 of one product in all its colours together, adding or updating, and changes nothing past it', async () => {
    const me = await buyer(org)
    const cones = await product(org, { priceCents: 500, stock: 500, colors: ['orange', 'yellow', 'green'] })
    const add = (quantity: number, color: string) =>
      callApi(cartItems, { method: 'POST', path: '/api/cart/items', token: me.token, body: { productId: cones.id, quantity, color } })
    expect((await add(60, 'orange')).status).toBe(201)
    expect((await add(39, 'yellow')).status).toBe(201)
    const before = await stateOf(me.id)
    // Each colour is under 99, the product is not: 60 + 39 + 1.
    const over = await add(1, 'green')
    expect(over.status).toBe(400)
    expect(over.body.error.fields.quantity).toEqual(['At most 99 of one product in a cart.'])
    expect((await add(1, 'orange')).status).toBe(400)
    const orange = before.items.find((item) => item.color === 'orange')!
    const update = (quantity: number) =>
      callApi(cartItem, { method: 'PUT', path: `/api/cart/items/${orange.id}`, params: { itemId: orange.id }, token: me.token, body: { quantity } })
    expect((await update(61)).status).toBe(400)
    expect(await stateOf(me.id)).toEqual(before)
    // Down and back up to the same 99, and the freed room taken by another colour.
    expect((await update(59)).status).toBe(200)
    const green = await add(1, 'green')
    expect(green.status).toBe(201)
    expect(green.body.data.totalItems).toBe(99)
    // Another product is counted on its own.
    expect(
      (
        await callApi(cartItems, {
          method: 'POST',
          path: '/api/cart/items',
          token: me.token,
          body: { productId: (await product(org, { stock: 200 })).id, quantity: 99 },
        })
      ).status,
    ).toBe(201)
  })

  it('refuses a driver or a truck of another organization, an inactive driver and an unknown code, changing nothing', async () => {
    const me = await buyer(org)
    await addCartItem(me.actor, { productId: (await product(org)).id, quantity: 1 })
    const put = (body: unknown) => callApi(cartApi, { method: 'PUT', path: '/api/cart/billing', token: me.token, body })
    const before = await stateOf(me.id)
    const foreignTruck = await prisma.truck.create({ data: { organizationId: other.organization.id, unitNumber: unique('T').slice(0, 20) } })
    const banned = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('gone')}@example.test`,
        passwordHash: 'x',
        firstName: 'Gone',
        lastName: 'Driver',
        role: 'driver',
        status: 'banned',
      },
    })
    const cases: Array<[unknown, string]> = [
      [billing(other.users.driver.id), 'driverId'],
      [billing(banned.id), 'driverId'],
      [billing(org.users.dispatcher.id), 'driverId'],
      [{ ...billing(''), driverId: undefined }, 'driverId'],
      [{ chargeTo: 'truck', truckId: foreignTruck.id, name: 'A', address: 'B', shippingMethod: 'pickup' }, 'truckId'],
      [{ ...billing(org.users.driver.id), discountCode: 'FREESTUFF' }, 'discountCode'],
      [{ ...billing(org.users.driver.id), shippingMethod: 'teleport' }, 'shippingMethod'],
      [{ ...billing(org.users.driver.id), chargeTo: 'nobody' }, 'chargeTo'],
      [{ ...billing(org.users.driver.id), name: '' }, 'name'],
    ]
    for (const [body, field] of cases) {
      const answer = await put(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(answer.body.error.fields), JSON.stringify(body)).toContain(field)
    }
    expect(await stateOf(me.id)).toEqual(before)
    const ok = await put({ ...billing(org.users.driver.id), discountCode: 'safety10' })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ discountCode: 'SAFETY10', discountCents: 200, shippingCents: 1500, totalCents: 1999 - 200 + 1500 })
  })

  it('moves through the steps: forward only when complete, back always, jump to a completed step, reset to step 0', async () => {
    const me = await buyer(org)
    const step = (value: unknown) => callApi(cartStep, { method: 'POST', path: '/api/cart/step', token: me.token, body: { step: value } })
    expect((await step(1)).status).toBe(409)
    expect((await step(1)).body.error.code).toBe('invalid_transition')
    expect((await step(5)).status).toBe(400)
    await addCartItem(me.actor, { productId: (await product(org)).id, quantity: 2 })
    expect((await step(2)).status).toBe(409)
    expect((await step(1)).body.data.activeStep).toBe(1)
    await callApi(cartApi, { method: 'PUT', path: '/api/cart/billing', token: me.token, body: billing(org.users.driver.id) })
    expect((await step(2)).body.data.activeStep).toBe(2)
    expect((await step(0)).body.data.activeStep).toBe(0)
    // A jump forward to the completed review.
    expect((await step(2)).body.data).toMatchObject({ activeStep: 2, reachableSteps: [0, 1, 2] })
    const reset = await callApi(cartRoot, { method: 'DELETE', path: '/api/cart', token: me.token })
    expect(reset.body.data).toMatchObject({ items: [], activeStep: 0, totalCents: 0, billing: { chargeTo: null } })
    expect((await callApi(cartRoot, { path: '/api/cart', token: me.token })).body.data.activeStep).toBe(0)
  })
})

describe('checkout', () => {
  it('places the order at the locked prices, lowers stock, numbers it and empties the cart', async () => {
    const me = await buyer(org)
    const gloves = await product(org, { priceCents: 995, stock: 10, colors: ['black'] })
    await addCartItem(me.actor, { productId: gloves.id, quantity: 3, color: 'black' })
    await setCartBilling(me.actor, { ...billing(org.users.driver.id), chargeTo: 'driver', shippingMethod: 'express', discountCode: 'FLEET5' })
    const placed = await callApi(checkoutApi, { method: 'POST', path: '/api/checkout', token: me.token })
    expect(placed.status).toBe(201)
    // 5% of 2,985 = 149.25 → 149.
    expect(placed.body.data).toMatchObject({
      orderNumber: expect.stringMatching(/^SO-\d{6}$/),
      status: 'placed',
      chargeTo: 'driver',
      driverId: org.users.driver.id,
      subtotalCents: 2985,
      discountCents: 149,
      shippingCents: 3500,
      totalCents: 2985 - 149 + 3500,
      items: [expect.objectContaining({ productId: gloves.id, priceCents: 995, quantity: 3, lineTotalCents: 2985, color: 'black' })],
    })
    expect((await prisma.product.findUniqueOrThrow({ where: { id: gloves.id } })).stock).toBe(7)
    // The price changes later; the order keeps its own.
    await prisma.product.update({ where: { id: gloves.id }, data: { priceCents: 5000 } })
    const read = await callApi(orderItem, { path: `/api/orders/${placed.body.data.id}`, params: { id: placed.body.data.id }, token: me.token })
    expect(read.body.data.items[0].priceCents).toBe(995)
    expect((await getCart(me.id)).items).toEqual([])
    // An empty cart places nothing.
    const again = await callApi(checkoutApi, { method: 'POST', path: '/api/checkout', token: me.token })
    expect(again.status).toBe(409)
    const list = await callApi(orderCollection, { path: `/api/orders?q=${placed.body.data.orderNumber}`, token: me.token })
    expect(list.body.data.map((order: { id: string }) => order.id)).toEqual([placed.body.data.id])
    const otherOrg = await callApi(orderItem, {
      path: `/api/orders/${placed.body.data.id}`,
      params: { id: placed.body.data.id },
      token: other.users.admin.token,
    })
    expect(otherOrg.status).toBe(404)
  })

  it('refuses an order a product is short for, writing nothing', async () => {
    const me = await buyer(org)
    const plenty = await product(org, { stock: 10 })
    const scarce = await product(org, { stock: 2 })
    await addCartItem(me.actor, { productId: plenty.id, quantity: 2 })
    await addCartItem(me.actor, { productId: scarce.id, quantity: 2 })
    // Sold elsewhere since it was added: the cart holds more than there is now.
    await prisma.product.update({ where: { id: scarce.id }, data: { stock: 1 } })
    await setCartBilling(me.actor, { ...billing(org.users.driver.id), chargeTo: 'company', shippingMethod: 'pickup' })
    const orders = await prisma.storeOrder.count({ where: { organizationId: org.organization.id } })
    const refused = await callApi(checkoutApi, { method: 'POST', path: '/api/checkout', token: me.token })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('insufficient_stock')
    expect(refused.body.error.message).toContain(scarce.name)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: plenty.id } })).stock).toBe(10)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: scarce.id } })).stock).toBe(1)
    expect(await prisma.storeOrder.count({ where: { organizationId: org.organization.id } })).toBe(orders)
    expect((await getCart(me.id)).items).toHaveLength(2)
  })

  it('sells the last 5 items to exactly 5 of 20 parallel buyers', async () => {
    const last = await product(org, { stock: 5, priceCents: 4200 })
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(org)))
    for (const one of buyers) {
      await addCartItem(one.actor, { productId: last.id, quantity: 1 })
      await setCartBilling(one.actor, { ...billing(org.users.driver.id), chargeTo: 'company', shippingMethod: 'pickup' })
    }
    const answers = await Promise.all(buyers.map((one) => callApi(checkoutApi, { method: 'POST', path: '/api/checkout', token: one.token })))
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(5)
    expect(statuses.filter((status) => status === 409)).toHaveLength(15)
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.error.code === 'insufficient_stock')).toBe(true)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: last.id } })).stock).toBe(0)
    expect(await prisma.storeOrderItem.count({ where: { productId: last.id } })).toBe(5)
    const numbers = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data.orderNumber)
    expect(new Set(numbers).size).toBe(5)
  })

  it('cancels an unsettled order once (stock returns), and not one a live settlement deducts', async () => {
    const me = await buyer(org)
    const chain = await product(org, { stock: 4 })
    const order = async () => {
      await addCartItem(me.actor, { productId: chain.id, quantity: 3 })
      await setCartBilling(me.actor, { ...billing(org.users.driver.id), chargeTo: 'driver', shippingMethod: 'pickup' })
      return placeOrder(me.actor)
    }
    const first = await order()
    expect((await prisma.product.findUniqueOrThrow({ where: { id: chain.id } })).stock).toBe(1)
    const cancel = (id: string, body?: unknown) =>
      callApi(orderCancel, { method: 'POST', path: `/api/orders/${id}/cancel`, params: { id }, token: me.token, body })
    expect((await cancel(first.id, { version: first.version + 1 })).status).toBe(409)
    const canceled = await cancel(first.id, { version: first.version })
    expect(canceled.status).toBe(200)
    expect(canceled.body.data.status).toBe('canceled')
    expect((await prisma.product.findUniqueOrThrow({ where: { id: chain.id } })).stock).toBe(4)
    const twice = await cancel(first.id)
    expect(twice.status).toBe(409)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: chain.id } })).stock).toBe(4)

    const second = await order()
    const settlement = await prisma.settlement.create({
      data: {
        organizationId: org.organization.id,
        number: unique('ST'),
        driverId: org.users.driver.id,
        periodStart: new Date('2026-11-01'),
        periodEnd: new Date('2026-11-30'),
      },
    })
    await prisma.settlementItem.create({
      data: {
        settlementId: settlement.id,
        organizationId: org.organization.id,
        type: 'store_order',
        orderId: second.id,
        liveOrderId: second.id,
        description: second.orderNumber,
        amountCents: -second.totalCents,
      },
    })
    const settled = await cancel(second.id)
    expect(settled.status).toBe(409)
    expect(settled.body.error.code).toBe('in_use')
    expect((await prisma.product.findUniqueOrThrow({ where: { id: chain.id } })).stock).toBe(1)
  })
})

describe('the pages', () => {
  it('adds from the shop form, moves through the steps and places the order without JavaScript', async () => {
    const me = await buyer(org)
    const boots = await product(org, { priceCents: 8900, stock: 3, colors: ['brown'] })
    const add = await callPage(
      cartPage.action,
      '/dashboard/e-commerce/cart',
      me.id,
      {},
      postForm({ intent: 'add', productId: boots.id, color: 'brown', quantity: '2' }),
    )
    expect(add.status).toBe(302)
    expect(add.location).toBe('/dashboard/e-commerce/checkout')
    const refused = await callPage(
      cartPage.action,
      '/dashboard/e-commerce/cart',
      me.id,
      {},
      postForm({ intent: 'add', productId: boots.id, color: 'pink', quantity: '1', returnTo: `/dashboard/e-commerce/product/${boots.id}` }),
    )
    expect(refused.location).toBe(`/dashboard/e-commerce/product/${boots.id}`)
    expect(refused.toast?.type).toBe('error')
    // Back only to the store's own pages: another site, another part of this one, or a trick path goes to the shop.
    for (const returnTo of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/dashboard/user/list', '/dashboard/e-commerce/../user/list']) {
      const sent = await callPage(
        cartPage.action,
        '/dashboard/e-commerce/cart',
        me.id,
        {},
        postForm({ intent: 'add', productId: boots.id, color: 'pink', quantity: '1', returnTo }),
      )
      expect(sent.location, returnTo).toBe('/dashboard/e-commerce/shop')
    }
    expect((await getCart(me.id)).items).toEqual([expect.objectContaining({ quantity: 2, color: 'brown' })])

    const post = (fields: Record<string, string>) => callPage(checkoutPage.action, '/dashboard/e-commerce/checkout', me.id, {}, postForm(fields))
    const skip = await post({ intent: 'step', step: '2' })
    expect(skip.status).toBe(409)
    expect(refusalOf(skip)?.message).toBe('Complete the steps before this one first.')
    expect((await post({ intent: 'step', step: '1' })).status).toBe(302)
    const badBilling = await post({
      intent: 'billing',
      chargeTo: 'driver',
      driverId: other.users.driver.id,
      name: 'Dana',
      address: '1 Yard Rd',
      shippingMethod: 'standard',
    })
    expect(badBilling.status).toBe(400)
    expect(refusalOf(badBilling)?.fields.driverId).toEqual(['Choose an active driver of your organization.'])
    const fine = await post({
      intent: 'billing',
      chargeTo: 'driver',
      driverId: org.users.driver.id,
      name: 'Dana',
      address: '1 Yard Rd',
      shippingMethod: 'standard',
    })
    expect(fine.status).toBe(302)
    const page = await callPage(checkoutPage.loader, '/dashboard/e-commerce/checkout', me.id)
    expect((page.data as { cart: { activeStep: number } }).cart.activeStep).toBe(2)
    const placed = await post({ intent: 'place' })
    expect(placed.status).toBe(302)
    expect(placed.location).toMatch(/^\/dashboard\/e-commerce\/orders\//)
    const id = placed.location!.split('/').pop()!
    const view = await callPage(orderPage.loader, placed.location!, me.id, { id })
    expect(view.data).toMatchObject({ canCancel: true, order: { chargeTo: 'driver', driverId: org.users.driver.id, totalCents: 2 * 8900 + 1500 } })
    const canceled = await callPage(orderPage.action, placed.location!, me.id, { id }, postForm({ intent: 'cancel', version: '1' }))
    expect(canceled.status).toBe(302)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: boots.id } })).stock).toBe(3)
    // Viewers read orders but do not cancel them.
    const viewer = await callPage(orderPage.loader, placed.location!, org.users.viewer.id, { id })
    expect(viewer.data).toMatchObject({ canCancel: false })
  })

  it('answers a short product on "Place order" with its name on the page, ordering nothing', async () => {
    const me = await buyer(org)
    const jack = await product(org, { stock: 1 })
    await addCartItem(me.actor, { productId: jack.id, quantity: 1 })
    await setCartBilling(me.actor, { chargeTo: 'company', name: 'Shop', address: 'Yard', shippingMethod: 'pickup' })
    await prisma.product.update({ where: { id: jack.id }, data: { stock: 0 } })
    const placed = await callPage(checkoutPage.action, '/dashboard/e-commerce/checkout', me.id, {}, postForm({ intent: 'place' }))
    expect(placed.status).toBe(409)
    expect(refusalOf(placed)?.message).toBe(`Not enough “${jack.name}” in stock: nothing was ordered.`)
    expect(await prisma.storeOrder.count({ where: { placedById: me.id } })).toBe(0)
    expect((await getCart(me.id)).items).toHaveLength(1)
  })

  it('refuses an order whose prices changed since the review (409 with the new total, nothing ordered), through the API and the page', async () => {
    const me = await buyer(org)
    const decal = await product(org, { priceCents: 1, stock: 10 })
    await addCartItem(me.actor, { productId: decal.id, quantity: 1 })
    await setCartBilling(me.actor, { chargeTo: 'company', name: 'Shop', address: 'Yard', shippingMethod: 'pickup' })
    const reviewed = (await callApi(cartRoot, { path: '/api/cart', token: me.token })).body.data
    expect(reviewed).toMatchObject({ totalCents: 1, reviewKey: expect.stringMatching(/^[\w-]{22}$/) })
    const before = await stateOf(me.id)
    const orders = () => prisma.storeOrder.count({ where: { placedById: me.id } })

    // The price goes from 1¢ to $99,999.99 between the review and "Place order".
    await prisma.product.update({ where: { id: decal.id }, data: { priceCents: 9_999_999 } })
    const checkout = (body: unknown) => callApi(checkoutApi, { method: 'POST', path: '/api/checkout', token: me.token, body })
    for (const body of [{ expectedTotalCents: 1 }, { reviewKey: reviewed.reviewKey }, { expectedTotalCents: 1, reviewKey: reviewed.reviewKey }]) {
      const refused = await checkout(body)
      expect(refused.status, JSON.stringify(body)).toBe(409)
      expect(refused.body.error).toEqual({
        code: 'conflict',
        message: 'The prices changed since you reviewed this order: the total is now $99,999.99. Nothing was ordered; check the order and place it again.',
      })
    }
    const french = await callApi(checkoutApi, {
      method: 'POST',
      path: '/api/checkout',
      token: me.token,
      body: { expectedTotalCents: 1 },
      headers: { 'Accept-Language': 'fr' },
    })
    expect(french.body.error.message).toMatch(/le total est maintenant de 99\s999,99\s\$US/)
    expect(await orders()).toBe(0)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: decal.id } })).stock).toBe(10)
    expect(await stateOf(me.id)).toEqual(before)

    // The page's "Place order" carries what its review showed: refused the same, with the new total.
    const post = (fields: Record<string, string>) => callPage(checkoutPage.action, '/dashboard/e-commerce/checkout', me.id, {}, postForm(fields))
    const stale = await post({ intent: 'place', expectedTotalCents: '1', reviewKey: reviewed.reviewKey })
    expect(stale.status).toBe(409)
    expect(refusalOf(stale)?.message).toContain('the total is now $99,999.99')
    expect(await orders()).toBe(0)

    // Reviewed again, the new total is ordered.
    const review = (await callPage(checkoutPage.loader, '/dashboard/e-commerce/checkout', me.id)).data as { cart: { totalCents: number; reviewKey: string } }
    expect(review.cart.totalCents).toBe(9_999_999)
    const placed = await post({ intent: 'place', expectedTotalCents: String(review.cart.totalCents), reviewKey: review.cart.reviewKey })
    expect(placed.status).toBe(302)
    expect((await prisma.storeOrder.findFirstOrThrow({ where: { placedById: me.id } })).totalCents).toBe(9_999_999)
  })

  it('refuses by the review key a change the total hides: one price up, another down by as much', async () => {
    const me = await buyer(org)
    const [a, b] = [await product(org, { priceCents: 1000 }), await product(org, { priceCents: 3000 })]
    await addCartItem(me.actor, { productId: a.id, quantity: 1 })
    await addCartItem(me.actor, { productId: b.id, quantity: 1 })
    await setCartBilling(me.actor, { chargeTo: 'company', name: 'Shop', address: 'Yard', shippingMethod: 'pickup' })
    const reviewed = await getCart(me.id)
    await prisma.product.update({ where: { id: a.id }, data: { priceCents: 2500 } })
    await prisma.product.update({ where: { id: b.id }, data: { priceCents: 1500 } })
    const refused = await callApi(checkoutApi, {
      method: 'POST',
      path: '/api/checkout',
      token: me.token,
      body: { expectedTotalCents: reviewed.totalCents, reviewKey: reviewed.reviewKey },
    })
    expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict'])
    // Without anything reviewed (the contract's bare POST), the order is placed as before.
    expect((await callApi(checkoutApi, { method: 'POST', path: '/api/checkout', token: me.token })).status).toBe(201)
  })

  it('shows an order charged to a truck on the truck page as a cost', async () => {
    const me = await buyer(org)
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20) } })
    const tire = await product(org, { priceCents: 30000, stock: 8 })
    await addCartItem(me.actor, { productId: tire.id, quantity: 2 })
    await setCartBilling(me.actor, { chargeTo: 'truck', truckId: truck.id, name: 'Shop', address: 'Yard', shippingMethod: 'pickup' })
    const order = await placeOrder(me.actor)
    expect(order).toMatchObject({ chargeTo: 'truck', truckId: truck.id, totalCents: 60000 })
    const page = await callPage(truckPage.loader, `/dashboard/trucks/${truck.id}`, org.users.dispatcher.id, { id: truck.id })
    expect(page.data).toMatchObject({ storeCosts: { totalCents: 60000, orders: [expect.objectContaining({ id: order.id, orderNumber: order.orderNumber })] } })
    await prisma.storeOrder.update({ where: { id: order.id }, data: { status: 'canceled' } })
    const after = await callPage(truckPage.loader, `/dashboard/trucks/${truck.id}`, org.users.dispatcher.id, { id: truck.id })
    expect(after.data).toMatchObject({ storeCosts: { totalCents: 0, orders: [] } })
  })
})

describe('stock in the cart', () => {
  it('refuses at "Add to cart" and at a new quantity more than the stock, every colour together (409 insufficient_stock at the quantity), changing nothing', async () => {
    const me = await buyer(org)
    const vest = await product(org, { stock: 5, colors: ['orange', 'yellow'] })
    const add = (quantity: number, color: string) =>
      callApi(cartItems, { method: 'POST', path: '/api/cart/items', token: me.token, body: { productId: vest.id, quantity, color } })
    expect((await add(3, 'orange')).status).toBe(201)
    const before = await stateOf(me.id)
    const over = await add(3, 'yellow')
    expect(over.status).toBe(409)
    expect(over.body.error).toMatchObject({ code: 'insufficient_stock', fields: { quantity: ['Only 5 in stock, counting what your cart already holds.'] } })
    expect(over.body.error.message).toContain(vest.name)
    expect(await stateOf(me.id)).toEqual(before)
    expect((await add(2, 'yellow')).status).toBe(201)
    const orange = before.items[0]
    const update = (quantity: number) =>
      callApi(cartItem, { method: 'PUT', path: `/api/cart/items/${orange.id}`, params: { itemId: orange.id }, token: me.token, body: { quantity } })
    const mid = await stateOf(me.id)
    const up = await update(4)
    expect(up.status).toBe(409)
    expect(up.body.error.code).toBe('insufficient_stock')
    expect(await stateOf(me.id)).toEqual(mid)
    expect((await update(2)).status).toBe(200)
  })

  it('keeps a cart that stock fell under at its first step: the line says so, every step change answers 409 insufficient_stock', async () => {
    const me = await buyer(org)
    const cone = await product(org, { stock: 4 })
    await addCartItem(me.actor, { productId: cone.id, quantity: 4 })
    await setCartBilling(me.actor, { chargeTo: 'company', name: 'Shop', address: 'Yard', shippingMethod: 'pickup' }, { advance: true })
    expect((await getCart(me.id)).activeStep).toBe(2)
    await prisma.product.update({ where: { id: cone.id }, data: { stock: 3 } })
    const read = await callApi(cartRoot, { path: '/api/cart', token: me.token })
    expect(read.body.data).toMatchObject({ activeStep: 0, reachableSteps: [0], items: [expect.objectContaining({ exceedsStock: true, stock: 3 })] })
    const step = (value: number) => callApi(cartStep, { method: 'POST', path: '/api/cart/step', token: me.token, body: { step: value } })
    for (const target of [1, 2]) {
      const refused = await step(target)
      expect(refused.status, `step ${target}`).toBe(409)
      expect(refused.body.error.code).toBe('insufficient_stock')
      expect(refused.body.error.message).toContain(cone.name)
    }
    // The page's steps: Continue from the cart and from billing are refused with the reason.
    const post = (fields: Record<string, string>) => callPage(checkoutPage.action, '/dashboard/e-commerce/checkout', me.id, {}, postForm(fields))
    const fromCart = await post({ intent: 'step', step: '1' })
    expect(fromCart.status).toBe(409)
    expect(refusalOf(fromCart)?.message).toBe(`The cart holds more “${cone.name}” than is in stock now: lower its quantity to go on.`)
    const fromBilling = await post({ intent: 'billing', chargeTo: 'company', name: 'Shop', address: 'Yard', shippingMethod: 'pickup' })
    expect(fromBilling.status).toBe(409)
    expect((await getCart(me.id)).activeStep).toBe(0)
    // Lowered to the stock, the buyer goes on.
    const line = (await getCart(me.id)).items[0]
    expect(
      (await callApi(cartItem, { method: 'PUT', path: `/api/cart/items/${line.id}`, params: { itemId: line.id }, token: me.token, body: { quantity: 3 } }))
        .status,
    ).toBe(200)
    expect((await step(2)).body.data).toMatchObject({ activeStep: 2, items: [expect.objectContaining({ exceedsStock: false })] })
  })

  it('answers "Add to cart" on the product page and a line\'s quantity on the cart page with the message at the quantity and the value typed, without JavaScript', async () => {
    const me = await buyer(org)
    const boots = await product(org, { stock: 2, colors: ['brown'] })
    const added = await callPage(
      productPage.action,
      `/dashboard/e-commerce/product/${boots.id}`,
      me.id,
      { id: boots.id },
      postForm({ intent: 'add', productId: boots.id, color: 'brown', quantity: '3' }),
    )
    expect(added.status).toBe(409)
    expect(refusalOf(added)?.fields.quantity).toEqual(['Only 2 in stock, counting what your cart already holds.'])
    // The value typed comes back (conform's reply), for the form to show again.
    expect((added.data as { result: { initialValue: Record<string, unknown> } }).result.initialValue.quantity).toBe('3')
    expect((await getCart(me.id)).items).toEqual([])
    const fine = await callPage(
      productPage.action,
      `/dashboard/e-commerce/product/${boots.id}`,
      me.id,
      { id: boots.id },
      postForm({ intent: 'add', productId: boots.id, color: 'brown', quantity: '2' }),
    )
    expect(fine.location).toBe('/dashboard/e-commerce/checkout')
    const line = (await getCart(me.id)).items[0]
    const update = await callPage(
      checkoutPage.action,
      '/dashboard/e-commerce/checkout',
      me.id,
      {},
      postForm({ intent: 'update', itemId: line.id, quantity: '5' }),
    )
    expect(update.status).toBe(409)
    expect(update.data).toMatchObject({ intent: 'update', about: line.id })
    expect(refusalOf(update)?.fields.quantity).toEqual(['Only 2 in stock, counting what your cart already holds.'])
    expect((await getCart(me.id)).items[0].quantity).toBe(2)
  })
})

describe('drivers buy for themselves (ADR 101)', () => {
  let fleet: Org
  beforeAll(async () => {
    fleet = await createOrg()
  })

  const driverActor = () => actorOf(fleet, 'driver')
  const api = (route: Parameters<typeof callApi>[0], options: Omit<Parameters<typeof callApi>[1], 'token'>) =>
    callApi(route, { ...options, token: fleet.users.driver.token })

  it('fills a cart and places an order charged to their own settlement, and reads only their own orders', async () => {
    const gloves = await product(fleet, { priceCents: 1000, stock: 10 })
    expect((await api(cartRoot, { path: '/api/cart' })).status).toBe(200)
    expect((await api(cartItems, { method: 'POST', path: '/api/cart/items', body: { productId: gloves.id, quantity: 2 } })).status).toBe(201)
    const forCompany = await api(cartApi, { method: 'PUT', path: '/api/cart/billing', body: { ...billing(fleet.users.driver.id), chargeTo: 'company' } })
    expect(forCompany.status).toBe(400)
    expect(forCompany.body.error.fields.chargeTo).toEqual(['A driver’s order is charged to their own settlement.'])
    const colleague = await api(cartApi, { method: 'PUT', path: '/api/cart/billing', body: billing(fleet.users.admin.id) })
    expect(colleague.status).toBe(400)
    const self = await api(cartApi, { method: 'PUT', path: '/api/cart/billing', body: { ...billing(''), driverId: undefined, shippingMethod: 'pickup' } })
    expect(self.status).toBe(200)
    expect(self.body.data.billing).toMatchObject({ chargeTo: 'driver', driverId: fleet.users.driver.id })
    const placed = await api(checkoutApi, { method: 'POST', path: '/api/checkout' })
    expect(placed.status).toBe(201)
    expect(placed.body.data).toMatchObject({ chargeTo: 'driver', driverId: fleet.users.driver.id, totalCents: 2000 })

    // Someone else's order (charged to the company) is not the driver's to read.
    const admin = await buyer(fleet, 'admin')
    await addCartItem(admin.actor, { productId: gloves.id, quantity: 1 })
    await setCartBilling(admin.actor, { chargeTo: 'company', name: 'Shop', address: 'Yard', shippingMethod: 'pickup' })
    const theirs = await placeOrder(admin.actor)
    const list = await api(orderCollection, { path: '/api/orders' })
    expect(list.body.data.map((order: { id: string }) => order.id)).toEqual([placed.body.data.id])
    expect((await api(orderItem, { path: `/api/orders/${theirs.id}`, params: { id: theirs.id } })).status).toBe(404)
    expect((await api(orderCancel, { method: 'POST', path: `/api/orders/${placed.body.data.id}/cancel`, params: { id: placed.body.data.id } })).status).toBe(
      403,
    )
    expect((await callPage(storeDashboard.loader, '/dashboard/ecommerce', fleet.users.driver.id)).status).toBe(403)
  })

  it('stays within the store limit an admin set, counting orders no settlement deducts yet (409 store_limit_exceeded, nothing written)', async () => {
    const driverId = fleet.users.driver.id
    await prisma.driverProfile.upsert({
      where: { userId: driverId },
      create: { organizationId: fleet.organization.id, userId: driverId, storeLimitCents: 5000 },
      update: { storeLimitCents: 5000 },
    })
    const strap = await product(fleet, { priceCents: 1500, stock: 20 })
    const open = await prisma.storeOrder.aggregate({ where: { driverId, status: 'placed' }, _sum: { totalCents: true } })
    expect(open._sum.totalCents).toBe(2000)
    // 2,000 open + 3 × 1,500 = 6,500 > 5,000.
    await addCartItem(driverActor(), { productId: strap.id, quantity: 3 })
    await setCartBilling(driverActor(), { chargeTo: 'driver', name: 'Dana', address: 'Yard', shippingMethod: 'pickup' })
    const orders = await prisma.storeOrder.count({ where: { organizationId: fleet.organization.id } })
    const refused = await api(checkoutApi, { method: 'POST', path: '/api/checkout' })
    expect(refused.status).toBe(409)
    expect(refused.body.error.code).toBe('store_limit_exceeded')
    expect(refused.body.error.message).toContain('$50.00')
    expect(await prisma.storeOrder.count({ where: { organizationId: fleet.organization.id } })).toBe(orders)
    expect((await prisma.product.findUniqueOrThrow({ where: { id: strap.id } })).stock).toBe(20)
    // Exactly at the limit: 2,000 + 2 × 1,500 = 5,000.
    const line = (await getCart(driverId)).items[0]
    expect((await api(cartItem, { method: 'PUT', path: `/api/cart/items/${line.id}`, params: { itemId: line.id }, body: { quantity: 2 } })).status).toBe(200)
    const atLimit = await api(checkoutApi, { method: 'POST', path: '/api/checkout' })
    expect(atLimit.status).toBe(201)

    // Once a settlement deducts those orders, the room is back.
    const settlement = await prisma.settlement.create({
      data: { organizationId: fleet.organization.id, number: unique('ST'), driverId, periodStart: new Date('2026-11-01'), periodEnd: new Date('2026-11-30') },
    })
    for (const order of await prisma.storeOrder.findMany({ where: { driverId, status: 'placed' } }))
      await prisma.settlementItem.create({
        data: {
          settlementId: settlement.id,
          organizationId: fleet.organization.id,
          type: 'store_order',
          orderId: order.id,
          liveOrderId: order.id,
          description: order.orderNumber,
          amountCents: -order.totalCents,
        },
      })
    await addCartItem(driverActor(), { productId: strap.id, quantity: 3 })
    await setCartBilling(driverActor(), { chargeTo: 'driver', name: 'Dana', address: 'Yard', shippingMethod: 'pickup' })
    expect((await api(checkoutApi, { method: 'POST', path: '/api/checkout' })).status).toBe(201)
  })

  it('charges an order a dispatcher places for a driver against the same limit', async () => {
    const driver = await prisma.user.create({
      data: {
        organizationId: fleet.organization.id,
        email: `${unique('d')}@example.test`,
        passwordHash: 'x',
        firstName: 'Zero',
        lastName: 'Limit',
        role: 'driver',
      },
    })
    await prisma.driverProfile.create({ data: { organizationId: fleet.organization.id, userId: driver.id, storeLimitCents: 0 } })
    const me = await buyer(fleet)
    await addCartItem(me.actor, { productId: (await product(fleet, { priceCents: 100 })).id, quantity: 1 })
    await setCartBilling(me.actor, { ...billing(driver.id), chargeTo: 'driver', shippingMethod: 'pickup' })
    const refused = await callApi(checkoutApi, { method: 'POST', path: '/api/checkout', token: me.token })
    expect(refused.body.error.code).toBe('store_limit_exceeded')
  })
})
