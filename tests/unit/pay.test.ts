import { describe, expect, it } from 'vitest'

import { loadPayCents, payMethodOf, payTypeOf, settlementTotals } from '~/policies/pay'

describe('what a load pays', () => {
  const load = { totalCents: 170_001, loadedMiles: 500, emptyMiles: 40 }

  it('per mile: loaded miles × rate plus empty miles × the empty-mile rate', () => {
    expect(loadPayCents({ payMethod: 'per_mile', payRate: 65, emptyMileRateCents: 30 }, load)).toBe(500 * 65 + 40 * 30)
    expect(loadPayCents({ payMethod: 'per_mile', payRate: 65, emptyMileRateCents: null }, load)).toBe(500 * 65)
    expect(loadPayCents({ payMethod: 'per_mile', payRate: 65, emptyMileRateCents: 30 }, { ...load, loadedMiles: null, emptyMiles: null })).toBe(0)
  })

  it('percent of the load’s total, rounded once; flat per load; nothing without settings', () => {
    // 25 % of 170,001 cents = 42,500.25 → 42,500.
    expect(loadPayCents({ payMethod: 'percent', payRate: 2_500, emptyMileRateCents: null }, load)).toBe(42_500)
    expect(loadPayCents({ payMethod: 'flat', payRate: 35_000, emptyMileRateCents: 30 }, load)).toBe(35_000)
    expect(loadPayCents({ payMethod: null, payRate: null, emptyMileRateCents: null }, load)).toBe(0)
  })

  it('maps the contract’s per_load to the stored flat and back', () => {
    expect(payMethodOf('per_load')).toBe('flat')
    expect(payTypeOf('flat')).toBe('per_load')
    expect(payTypeOf('per_mile')).toBe('per_mile')
  })

  it('totals: loads and reimbursements are gross, the rest deductions; the net may be negative', () => {
    expect(
      settlementTotals([
        { type: 'load', amountCents: 10_000 },
        { type: 'reimbursement', amountCents: 500 },
        { type: 'deduction', amountCents: 2_000 },
        { type: 'store_order', amountCents: 1_000 },
        { type: 'advance', amountCents: 9_000 },
      ]),
    ).toEqual({ grossCents: 10_500, deductionsCents: 12_000, netCents: -1_500 })
  })
})
