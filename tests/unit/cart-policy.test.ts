/** The cart policy (ADR 058): the money formula and the checkout steps (its rounding rule is tests/unit/money.test.ts). */
import { describe, expect, it } from 'vitest'

import {
  cancelRefusal,
  cartTotals,
  type CheckoutState,
  effectiveStep,
  placeRefusal,
  reachableSteps,
  SHIPPING_CENTS,
  stepRefusal,
  withinOrderLimit,
} from '~/policies/cart'

describe('the money', () => {
  it('computes subtotal − discount + shipping', () => {
    const lines = [
      { priceCents: 1999, quantity: 3 },
      { priceCents: 550, quantity: 1 },
    ]
    expect(cartTotals(lines, {})).toEqual({ subtotalCents: 6547, discountCents: 0, shippingCents: 0, totalCents: 6547, totalItems: 4 })
    // SAFETY10: 10% of 6,547 = 654.7 → 655; express shipping added after the discount.
    expect(cartTotals(lines, { discountCode: ' safety10 ', shippingMethod: 'express' })).toEqual({
      subtotalCents: 6547,
      discountCents: 655,
      shippingCents: SHIPPING_CENTS.express,
      totalCents: 6547 - 655 + SHIPPING_CENTS.express,
      totalItems: 4,
    })
    expect(cartTotals(lines, { discountCode: 'NOPE', shippingMethod: 'pickup' }).discountCents).toBe(0)
    expect(cartTotals([], { shippingMethod: 'standard' }).totalCents).toBe(SHIPPING_CENTS.standard)
  })

  it('knows what the database can store', () => {
    expect(withinOrderLimit({ subtotalCents: 2_000_000_000, totalCents: 2_000_000_000 })).toBe(true)
    expect(withinOrderLimit({ subtotalCents: 2_000_000_001, totalCents: 1 })).toBe(false)
  })
})

const empty: CheckoutState = { itemCount: 0, chargeTo: null, driverId: null, truckId: null, billingName: '', billingAddress: '', shippingMethod: null }
const withItems: CheckoutState = { ...empty, itemCount: 2 }
const billed: CheckoutState = { ...withItems, chargeTo: 'driver', driverId: 'd1', billingName: 'Ann', billingAddress: '1 Main St', shippingMethod: 'pickup' }

describe('the steps', () => {
  it('opens a step only when every step before it is complete', () => {
    expect(reachableSteps(empty)).toEqual([0])
    expect(reachableSteps(withItems)).toEqual([0, 1])
    expect(reachableSteps(billed)).toEqual([0, 1, 2])
    // Charged to a driver without one, or to a truck without one: billing is not complete.
    expect(reachableSteps({ ...billed, driverId: null })).toEqual([0, 1])
    expect(reachableSteps({ ...billed, chargeTo: 'truck' })).toEqual([0, 1])
    expect(reachableSteps({ ...billed, chargeTo: 'company', driverId: null })).toEqual([0, 1, 2])
    expect(reachableSteps({ ...billed, billingAddress: '  ' })).toEqual([0, 1])
  })

  it('refuses forward moves over incomplete steps, allows back and jumps to completed ones', () => {
    expect(stepRefusal(1, empty)).toEqual({ code: 'invalid_transition', key: 'checkout.errors.stepIncomplete' })
    expect(stepRefusal(2, withItems)).not.toBeNull()
    expect(stepRefusal(0, billed)).toBeNull()
    expect(stepRefusal(2, billed)).toBeNull()
    expect(stepRefusal(1, billed)).toBeNull()
  })

  it('shows the furthest reachable step when the cart changed under the stored one', () => {
    expect(effectiveStep(2, billed)).toBe(2)
    expect(effectiveStep(2, { ...billed, itemCount: 0 })).toBe(0)
    expect(effectiveStep(2, { ...withItems })).toBe(1)
    expect(effectiveStep(7, billed)).toBe(2)
  })

  it('places an order only from a complete cart, and cancels only placed, unsettled orders', () => {
    expect(placeRefusal(empty)?.key).toBe('checkout.errors.emptyCart')
    expect(placeRefusal(withItems)?.key).toBe('checkout.errors.billingIncomplete')
    expect(placeRefusal(billed)).toBeNull()
    expect(cancelRefusal({ status: 'placed', settled: false })).toBeNull()
    expect(cancelRefusal({ status: 'placed', settled: true })?.code).toBe('in_use')
    expect(cancelRefusal({ status: 'canceled', settled: false })?.code).toBe('invalid_transition')
  })
})
