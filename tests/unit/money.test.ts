/**
 * The money module's rules, one table each (ADR 105): the one rounding rule (half up, toward +∞),
 * fixed-point decimals at any scale (cents, thousandths, basis points, and gallons and per-gallon
 * rates to come), dollars as people type them, and the totals every page and model computes.
 */
import { describe, expect, it } from 'vitest'

import {
  centsToDollars,
  decimalUnits,
  divideHalfUp,
  formatDecimal,
  hasAtMostDecimals,
  invoiceTotals,
  lineTotalCents,
  loadTotalCents,
  milesTimesRate,
  multiplyDecimal,
  parseDecimal,
  parseDollars,
  percentOfCents,
  percentToBasisPoints,
  ratePerMileCents,
  roundHalfUp,
  SCALE,
} from '~/utils/money'

describe('the one rounding rule', () => {
  it.each([
    [5n, 10n, 1n], // 0.5 → 1
    [4n, 10n, 0n], // 0.4 → 0
    [15n, 10n, 2n], // 1.5 → 2
    [25n, 10n, 3n], // 2.5 → 3: half up, not to even
    [14n, 10n, 1n],
    [0n, 7n, 0n],
    [-5n, 10n, 0n], // −0.5 → 0: toward +∞, as Math.round
    [-15n, 10n, -1n],
    [-16n, 10n, -2n],
    [10n ** 30n + 5n, 10n, 10n ** 29n + 1n], // far past 2^53, still exact
  ])('rounds %i / %i to %i', (numerator, denominator, expected) => {
    expect(roundHalfUp(numerator, denominator)).toBe(expected)
  })

  it('refuses a denominator of zero or less', () => {
    expect(() => roundHalfUp(1n, 0n)).toThrow(RangeError)
  })
})

describe('fixed-point products, rounded once', () => {
  it.each<[number, number, number, number, number, number, string]>([
    // [a, aScale, b, bScale, scale, expected, what]
    [2_500, SCALE.milli, 1_999, SCALE.cents, SCALE.cents, 4_998, '2.5 × $19.99 = $49.975 → $49.98'],
    [1, SCALE.milli, 1, SCALE.cents, SCALE.cents, 0, '0.001 × $0.01 → $0.00'],
    [500, SCALE.milli, 1, SCALE.cents, SCALE.cents, 1, '0.5 × $0.01 = half a cent → $0.01'],
    [5_000, SCALE.cents, 1_000, SCALE.basisPoints, SCALE.cents, 500, '10 % of $50.00'],
    // Fuel tax to come: 123.456 gal × $0.2875/gal = $35.4936 → $35.49; 500 gal × $0.00001 = $0.005 → half a cent, up.
    [123_456, SCALE.milli, 2_875, SCALE.basisPoints, SCALE.cents, 3_549, 'gallons × a rate per gallon'],
    [500_000, SCALE.milli, 1, SCALE.basisPoints + 1, SCALE.cents, 1, 'a half cent at a fifth decimal'],
    [501, 0, 65, SCALE.cents, SCALE.cents, 32_565, 'miles × cents per mile: exact'],
    [12, SCALE.cents, 3, 0, SCALE.milli, 360, 'a finer result scale multiplies up'],
  ])('%i (scale %i) × %i (scale %i) at scale %i is %i: %s', (a, aScale, b, bScale, scale, expected) => {
    expect(multiplyDecimal(a, aScale, b, bScale, scale)).toBe(expected)
  })

  it('takes integers only', () => {
    expect(() => multiplyDecimal(1.5, 0, 1, 0, 0)).toThrow(RangeError)
    expect(() => multiplyDecimal(Number.MAX_SAFE_INTEGER + 1, 0, 1, 0, 0)).toThrow(RangeError)
  })

  it.each([
    [170_001, 540, 315], // $1,700.01 over 540 miles = 314.8 → 315
    [150, 100, 2], // 1.5 → 2
    [149, 100, 1],
    [0, 3, 0],
  ])('divides %i by %i to %i, half up', (numerator, denominator, expected) => {
    expect(divideHalfUp(numerator, denominator)).toBe(expected)
  })
})

describe('a percent of cents (store discounts, driver pay, a factor’s advance and fee)', () => {
  it.each([
    [5, 1_000, 1], // 10 % of 5 cents is 0.5 → 1
    [4, 1_000, 0], // 0.4 → 0
    [15, 1_000, 2], // 1.5 → 2
    [14, 1_000, 1], // 1.4 → 1
    [1_999_999, 500, 100_000], // 5 % is 99,999.95 → 100,000
    [1_999_989, 500, 99_999], // 99,999.45 → 99,999
    [3, 5_000, 2], // 50 % of 3 cents is 1.5 → 2
    [1, 5_000, 1],
    [1, 2_500, 0],
    [123_457, 2_750, 33_951], // 27.5 % is 33,950.675 → 33,951
    [99_999, 3_333, 33_330], // 33.33 % is 33,329.6667 → 33,330
    [0, 2_500, 0],
    [12_345, 0, 0],
    [12_345, 10_000, 12_345],
    [10_000_000_000, 9_999, 9_999_000_000], // the product passes 2^53; no cent is lost
    [9_007_199_254_740_991, 5_000, 4_503_599_627_370_496],
  ])('%i cents × %i bp is %i', (cents, basisPoints, expected) => {
    expect(percentOfCents(cents, basisPoints)).toBe(expected)
  })

  it('refuses negative and fractional inputs', () => {
    expect(() => percentOfCents(-1, 100)).toThrow(RangeError)
    expect(() => percentOfCents(1.5, 100)).toThrow(RangeError)
    expect(() => percentOfCents(100, -1)).toThrow(RangeError)
  })

  it('is the rule the store, pay and factoring each had (floor((c × bp + 5000) / 10000)), wherever that was exact', () => {
    const amounts = [0, 1, 3, 5, 49, 50, 51, 99, 101, 12_345, 99_999, 1_999_999, 2_000_000_000]
    const rates = [0, 1, 33, 50, 250, 333, 500, 1_000, 2_750, 3_333, 5_000, 9_750, 9_999, 10_000]
    for (const cents of amounts) for (const bp of rates) expect(percentOfCents(cents, bp)).toBe(Math.floor((cents * bp + 5_000) / 10_000))
  })
})

describe('invoice lines and totals', () => {
  it.each([
    [1_000, 12_345, 12_345], // 1 × $123.45
    [2_500, 1_999, 4_998], // 2.5 × $19.99 = $49.975 → $49.98
    [125, 1, 0], // 0.125 × 1 cent = 0.125 → 0
    [500, 1, 1], // half a cent → 1
    [333, 100, 33], // 0.333 × $1.00 = 33.3 → 33
    [100_000_000, 2_000_000_000, 200_000_000_000_000], // the most a schema takes, exactly
  ])('a line of %i thousandths at %i cents is %i', (quantityMilli, unitPriceCents, expected) => {
    expect(lineTotalCents(quantityMilli, unitPriceCents)).toBe(expected)
  })

  it('is the rule invoices had (Math.round(q × price / 1000)), wherever that was exact', () => {
    for (const quantityMilli of [1, 125, 333, 500, 1_000, 1_500, 2_500, 99_999, 100_000_000])
      for (const price of [0, 1, 3, 99, 1_999, 12_345, 2_000_000_000])
        expect(lineTotalCents(quantityMilli, price)).toBe(Math.round((quantityMilli * price) / 1000))
  })

  it('adds subtotal − discount + tax, and the balance after payments', () => {
    expect(
      invoiceTotals({
        items: [
          { quantityMilli: 2_500, unitPriceCents: 1_999 },
          { quantityMilli: 1_000, unitPriceCents: 10_000 },
        ],
        discountCents: 998,
        taxCents: 500,
        amountPaidCents: 4_000,
      }),
    ).toEqual({ subtotalCents: 14_998, totalCents: 14_500, amountPaidCents: 4_000, balanceCents: 10_500 })
    expect(invoiceTotals({ items: [], discountCents: 0, taxCents: 0 })).toEqual({ subtotalCents: 0, totalCents: 0, amountPaidCents: 0, balanceCents: 0 })
  })
})

describe('loads', () => {
  it('totals linehaul and charges, and rounds the rate per mile half up', () => {
    expect(loadTotalCents(150_000, [{ amountCents: 15_000 }, { amountCents: 5_001 }])).toBe(170_001)
    expect(loadTotalCents(0, [])).toBe(0)
    expect(ratePerMileCents({ totalCents: 170_001, loadedMiles: 500, emptyMiles: 40 })).toBe(315)
    expect(ratePerMileCents({ totalCents: 150, loadedMiles: 100, emptyMiles: null })).toBe(2)
    expect(ratePerMileCents({ totalCents: 150, loadedMiles: null, emptyMiles: 0 })).toBeNull()
    expect(milesTimesRate(3_000_000, 3_000_000)).toBe(9_000_000_000_000)
    expect(milesTimesRate(-5, 65)).toBe(0)
  })
})

describe('decimals as text', () => {
  it.each([
    ['12', SCALE.cents, 1_200],
    ['12.5', SCALE.cents, 1_250],
    ['0.125', SCALE.milli, 125],
    ['123.456', SCALE.milli, 123_456], // gallons
    ['0.2875', SCALE.basisPoints, 2_875], // a rate per gallon
    [' 7 ', 0, 7],
    ['12.345', SCALE.cents, null], // more decimals than the scale
    ['1,234', SCALE.milli, null], // no grouping, no decimal comma: the plain form only
    ['-1', SCALE.cents, null],
    ['', SCALE.cents, null],
    ['1234567890123456', 0, null], // past 15 digits
  ])('parseDecimal(%j, %i) is %j', (text, scale, expected) => {
    expect(parseDecimal(text, scale)).toBe(expected)
  })

  it.each([
    [-123_405, SCALE.cents, '-1234.05'],
    [5, SCALE.cents, '0.05'],
    [0, SCALE.cents, '0.00'],
    [123_456, SCALE.milli, '123.456'],
    [2_875, SCALE.basisPoints, '0.2875'],
    [42, 0, '42'],
    [Number.MAX_SAFE_INTEGER, SCALE.cents, '90071992547409.91'],
    [10n ** 20n + 1n, SCALE.cents, '1000000000000000000.01'],
  ])('formatDecimal(%s, %i) is %j', (units, scale, expected) => {
    expect(formatDecimal(units, scale)).toBe(expected)
  })

  it.each([
    ['25000', 2_500_000],
    ['25000.5', 2_500_050],
    ['25,000.50', 2_500_050],
    ['$ 1,234,567.89', 123_456_789],
    ['25000,50', 2_500_050], // a decimal comma
    ['1,234', 123_400], // a thousands comma
    ['0.01', 1],
    ['12.345', null],
    ['1,23,456', null],
    ['abc', null],
    ['-5', null],
    ['1234567890123456', null],
  ])('parseDollars(%j) is %j', (text, expected) => {
    expect(parseDollars(text)).toBe(expected)
  })

  it('writes cents back as a field shows them', () => {
    expect(centsToDollars(2_500_000)).toBe('25000')
    expect(centsToDollars(2_500_050)).toBe('25000.50')
    expect(centsToDollars(-150)).toBe('-1.50')
    expect(centsToDollars(null)).toBeUndefined()
  })

  it('takes numbers with at most a scale’s decimals', () => {
    expect([decimalUnits(97.5, 2), decimalUnits(0.125, 3), decimalUnits(25.55, 2), percentToBasisPoints(2.75)]).toEqual([9_750, 125, 2_555, 275])
    expect([hasAtMostDecimals(2.125, 3), hasAtMostDecimals(2.1255, 3), hasAtMostDecimals(0.29, 2), hasAtMostDecimals(1.005, 2)]).toEqual([
      true,
      false,
      true,
      false,
    ])
  })
})
