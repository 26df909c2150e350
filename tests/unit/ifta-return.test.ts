/**
 * The fuel tax return's arithmetic (app/policies/ifta.ts), checked against a quarter worked by
 * hand: two diesel units and a gasoline one, a non-member jurisdiction, a surcharge state, credit
 * states, gallons with decimals, fuel bought without the tax, a trip begun in the quarter before,
 * an odometer gap, and a return filed two months late. Every figure below was computed on paper.
 */
import { describe, expect, it } from 'vitest'

import { iftaReturn, monthsLate, parseQuarter, periodClosedRefusal, quarterDueDate, quarterOf, quarterRange, type ReturnInput } from '~/policies/ifta'
import { IFTA_MEMBERS, IFTA_NON_MEMBERS } from '~/schemas/ifta-options'

const Q3 = parseQuarter('2026-Q3')!

const trips: ReturnInput['trips'] = [
  // T1: 1,200 miles, then 800 of which 400 in Mexico (total miles only) and 50 Kansas toll miles not taxable.
  { truckId: 'T1', startedAt: '2026-07-01', endedAt: '2026-07-05', startOdometer: 100_000, endOdometer: 101_200, lines: [
    { jurisdiction: 'TX', miles: 600, taxableMiles: 600 },
    { jurisdiction: 'OK', miles: 300, taxableMiles: 300 },
    { jurisdiction: 'KS', miles: 300, taxableMiles: 300 },
  ] },
  { truckId: 'T1', startedAt: '2026-07-06', endedAt: '2026-07-10', startOdometer: 101_200, endOdometer: 102_000, lines: [
    { jurisdiction: 'KS', miles: 400, taxableMiles: 350 },
    { jurisdiction: 'MX', miles: 400, taxableMiles: 400 },
  ] },
  // T2: a trip begun in June, then 100 miles nobody recorded (51,000 → 51,100).
  { truckId: 'T2', startedAt: '2026-06-28', endedAt: '2026-07-03', startOdometer: 50_000, endOdometer: 51_000, lines: [
    { jurisdiction: 'IL', miles: 500, taxableMiles: 500 },
    { jurisdiction: 'IN', miles: 500, taxableMiles: 500 },
  ] },
  { truckId: 'T2', startedAt: '2026-07-10', endedAt: '2026-07-12', startOdometer: 51_100, endOdometer: 51_600, lines: [
    { jurisdiction: 'IN', miles: 500, taxableMiles: 500 },
  ] },
  // T3 burns gasoline: on the gasoline return only.
  { truckId: 'T3', startedAt: '2026-08-01', endedAt: '2026-08-02', startOdometer: 1_000, endOdometer: 1_300, lines: [
    { jurisdiction: 'TX', miles: 300, taxableMiles: 300 },
  ] },
] // prettier-ignore

const purchases: ReturnInput['purchases'] = [
  { truckId: 'T1', jurisdiction: 'TX', fuelType: 'diesel', gallonsMilli: 150_500, taxPaid: true },
  { truckId: 'T1', jurisdiction: 'OK', fuelType: 'diesel', gallonsMilli: 100_250, taxPaid: true },
  { truckId: 'T1', jurisdiction: 'MX', fuelType: 'diesel', gallonsMilli: 80_000, taxPaid: true },
  { truckId: 'T2', jurisdiction: 'IL', fuelType: 'diesel', gallonsMilli: 120_125, taxPaid: true },
  { truckId: 'T2', jurisdiction: 'IN', fuelType: 'diesel', gallonsMilli: 90_000, taxPaid: false },
  { truckId: 'T2', jurisdiction: 'IN', fuelType: 'diesel', gallonsMilli: 60_000, taxPaid: true },
  { truckId: 'T3', jurisdiction: 'TX', fuelType: 'gasoline', gallonsMilli: 40_000, taxPaid: true },
]

const rates: ReturnInput['rates'] = [
  { jurisdiction: 'IL', rate: 4_540, surcharge: null },
  { jurisdiction: 'IN', rate: 5_700, surcharge: 1_100 },
  { jurisdiction: 'KS', rate: 2_600, surcharge: null },
  { jurisdiction: 'OK', rate: 1_900, surcharge: null },
  { jurisdiction: 'TX', rate: 2_000, surcharge: null },
]

const quarter: ReturnInput = {
  quarter: Q3,
  fuelType: 'diesel',
  trips,
  purchases,
  rates,
  filedAt: '2026-12-03',
  today: '2026-12-03',
  interestPerMonthPpm: 4_167,
}

describe('the quarterly return, worked by hand', () => {
  const figures = iftaReturn(quarter)

  it('totals every mile and gallon of the fuel type, members or not, and the MPG to two decimals', () => {
    // 1,200 + 800 + 1,000 + 500 miles; 600.875 gallons; 3,500 ÷ 600.875 = 5.8248… → 5.82.
    expect([figures.totalMiles, figures.taxableMiles, figures.totalGallonsMilli, figures.mpgHundredths]).toEqual([3_500, 3_050, 600_875, 582])
  })

  it('gives each member jurisdiction its whole taxable gallons, its net, tax or credit, and surcharge', () => {
    expect(figures.lines.map((line) => [line.jurisdiction, line.taxableMiles, line.taxableGallons, line.taxPaidGallonsMilli, line.netTaxableGallonsMilli, line.taxCents, line.surchargeCents])).toEqual([
      // 500 ÷ 5.82 = 85.9 → 86; 86 − 120.125 = −34.125 × 0.4540 = −15.49275 → −15.49 (a credit).
      ['IL', 500, 86, 120_125, -34_125, -1_549, 0],
      // 1,000 ÷ 5.82 = 171.8 → 172; the 90 gallons bought without the tax give no credit; 112 × 0.57 = 63.84; surcharge 172 × 0.11 = 18.92.
      ['IN', 1_000, 172, 60_000, 112_000, 6_384, 1_892],
      // 650 taxable (50 toll miles not) ÷ 5.82 = 111.7 → 112 × 0.26 = 29.12.
      ['KS', 650, 112, 0, 112_000, 2_912, 0],
      // 300 ÷ 5.82 = 51.5 → 52; 52 − 100.25 = −48.25 × 0.19 = −9.1675 → −9.17.
      ['OK', 300, 52, 100_250, -48_250, -917, 0],
      // 600 ÷ 5.82 = 103.09 → 103; 103 − 150.5 = −47.5 × 0.20 = −9.50.
      ['TX', 600, 103, 150_500, -47_500, -950, 0],
    ]) // prettier-ignore
    expect(figures.lines.some((line) => line.jurisdiction === 'MX')).toBe(false)
  })

  it('nets credits against tax, and a late return adds the $50 floor and interest per month on each jurisdiction owed', () => {
    // −15.49 + 63.84 + 18.92 + 29.12 − 9.17 − 9.50 = 77.72; due Oct 31, filed Dec 3: two months.
    // Interest 0.4167 % a month: IN (82.76 × 2 × 0.004167 = 0.69), KS (29.12 × 2 × 0.004167 = 0.24).
    expect([figures.dueDate, figures.monthsLate, figures.taxDueCents, figures.penaltyCents, figures.interestCents, figures.totalDueCents]).toEqual([
      '2026-10-31', 2, 7_772, 5_000, 93, 12_865,
    ]) // prettier-ignore
    expect(figures.lines.map((line) => line.interestCents)).toEqual([0, 69, 24, 0, 0])
  })

  it('warns of the trip begun in the quarter before and of the miles between two readings', () => {
    expect(figures.warnings).toEqual([
      { code: 'trip_outside_quarter', truckId: 'T2', params: { from: '2026-06-28' } },
      { code: 'odometer_gap', truckId: 'T2', params: { from: 51_000, to: 51_100 } },
    ])
  })

  it('puts a unit on the return of the fuel it bought, and warns of a jurisdiction without a rate', () => {
    const gasoline = iftaReturn({ ...quarter, fuelType: 'gasoline', rates: [] })
    // 300 ÷ 40 = 7.50 MPG; 40 taxable gallons, 40 paid: nothing due, and no gasoline rate typed in.
    expect([gasoline.totalMiles, gasoline.totalGallonsMilli, gasoline.mpgHundredths, gasoline.taxDueCents]).toEqual([300, 40_000, 750, 0])
    expect(gasoline.lines.map((line) => [line.jurisdiction, line.taxableGallons, line.netTaxableGallonsMilli, line.rate])).toEqual([['TX', 40, 0, null]])
    expect(gasoline.warnings).toContainEqual({ code: 'missing_rate', jurisdiction: 'TX' })
  })

  it('charges 10 % when that is more than $50, nothing when filed on time, and warns when no interest rate is set', () => {
    const bigger: ReturnInput = { ...quarter, rates: rates.map((rate) => ({ ...rate, rate: rate.rate * 10 })) }
    const late = iftaReturn({ ...bigger, interestPerMonthPpm: null })
    expect(late.penaltyCents).toBe(Math.max(5_000, Math.round(late.taxDueCents / 10)))
    expect(late.penaltyCents).toBeGreaterThan(5_000)
    expect([late.interestCents, late.warnings.at(-1)]).toEqual([0, { code: 'no_interest_rate' }])
    const onTime = iftaReturn({ ...quarter, filedAt: '2026-10-31' })
    expect([onTime.monthsLate, onTime.penaltyCents, onTime.interestCents, onTime.totalDueCents]).toEqual([0, 0, 0, 7_772])
    // An open return is late as of today.
    expect(iftaReturn({ ...quarter, filedAt: null, today: '2026-11-01' }).monthsLate).toBe(1)
  })

  it('charges no penalty for a late quarter without a mile or a gallon of the fuel type', () => {
    const empty = iftaReturn({ ...quarter, trips: [], purchases: [], today: '2027-06-01', filedAt: null })
    expect([empty.monthsLate, empty.penaltyCents, empty.totalDueCents, empty.lines]).toEqual([8, 0, 0, []])
  })

  it('without fuel of that type warns and taxes no gallons rather than dividing by zero', () => {
    const none = iftaReturn({ ...quarter, purchases: [] })
    expect([none.mpgHundredths, none.taxDueCents, none.lines.every((line) => line.taxableGallons === 0)]).toEqual([null, 0, true])
    expect(none.warnings.map((warning) => warning.code)).toContain('no_fuel')
  })
})

describe('quarters', () => {
  it.each([
    ['2026-Q1', '2026-01-01', '2026-03-31', '2026-04-30'],
    ['2026-Q2', '2026-04-01', '2026-06-30', '2026-07-31'],
    ['2026-Q3', '2026-07-01', '2026-09-30', '2026-10-31'],
    ['2026-Q4', '2026-10-01', '2026-12-31', '2027-01-31'],
  ])('%s runs %s to %s and is due %s', (name, from, to, due) => {
    const parsed = parseQuarter(name)!
    expect([quarterRange(parsed), quarterDueDate(parsed), quarterOf(from), quarterOf(to)]).toEqual([{ from, to }, due, name, name])
  })

  it.each(['2026-Q5', '2026-q1', '26-Q1', '1999-Q4', '2026-Q1 '])('refuses %j', (name) => {
    expect(parseQuarter(name)).toBeNull()
  })

  it.each([
    ['2026-10-31', '2026-10-31', 0],
    ['2026-10-31', '2026-11-01', 1],
    ['2026-10-31', '2026-11-30', 1],
    ['2026-10-31', '2026-12-01', 2],
    ['2027-01-31', '2027-02-01', 1],
  ])('due %s, filed %s: %i months late', (due, on, months) => {
    expect(monthsLate(due, on)).toBe(months)
  })

  it('refuses writes dated in a filed quarter only', () => {
    const filed = new Set(['2026-Q3'])
    expect(periodClosedRefusal('2026-09-30', filed)).toEqual({ code: 'period_closed', key: 'ifta.errors.periodClosed' })
    expect([periodClosedRefusal('2026-10-01', filed), periodClosedRefusal('2026-06-30', filed)]).toEqual([null, null])
  })

  it('knows the 58 members and the non-members', () => {
    expect([IFTA_MEMBERS.length, new Set(IFTA_MEMBERS).size, IFTA_NON_MEMBERS.length]).toEqual([58, 58, 7])
  })
})
