import { describe, expect, it } from 'vitest'

import { loadPayCents, milesTimesRate, payMethodOf, payTypeOf, percentOfCents, settlementTotals } from '~/policies/pay'

describe('the one rounding rule: a percent of cents, half up', () => {
  it('rounds half a cent up and less than half down', () => {
    // 50 % of 3 cents is 1.5 → 2; 50 % of 1 cent is 0.5 → 1; 25 % of 1 cent is 0.25 → 0.
    expect(percentOfCents(3, 5_000)).toBe(2)
    expect(percentOfCents(1, 5_000)).toBe(1)
    expect(percentOfCents(1, 2_500)).toBe(0)
    // 27.5 % of $1,234.57 (123,457 cents) is 33,950.675 → 33,951.
    expect(percentOfCents(123_457, 2_750)).toBe(33_951)
    // 33.33 % of 99,999 cents is 33,329.6667 → 33,330.
    expect(percentOfCents(99_999, 3_333)).toBe(33_330)
  })

  it('holds at the edges: zero, 100 %, and amounts whose product passes 2^53', () => {
    expect(percentOfCents(0, 2_500)).toBe(0)
    expect(percentOfCents(12_345, 0)).toBe(0)
    expect(percentOfCents(12_345, 10_000)).toBe(12_345)
    // 10 billion cents × 9,999 bp is past Number's exact integers; BigInt keeps every cent.
    expect(percentOfCents(10_000_000_000, 9_999)).toBe(9_999_000_000)
    expect(percentOfCents(9_007_199_254_740_991, 5_000)).toBe(4_503_599_627_370_496)
    expect(() => percentOfCents(-1, 100)).toThrow(RangeError)
    expect(() => percentOfCents(1.5, 100)).toThrow(RangeError)
  })

  it('multiplies miles by a rate exactly', () => {
    expect(milesTimesRate(0, 65)).toBe(0)
    expect(milesTimesRate(501, 65)).toBe(32_565)
    expect(milesTimesRate(3_000_000, 3_000_000)).toBe(9_000_000_000_000)
  })
})

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
