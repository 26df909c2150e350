import { describe, expect, it } from 'vitest'

import { dueSoonWindow, scheduleDue } from '~/policies/maintenance-schedule'

const TODAY = '2026-12-03'

describe('scheduleDue', () => {
  it.each([
    // Days only: a 90-day task is due soon 9 days ahead.
    { name: 'days: far ahead', days: 90, miles: null, lastAt: '2026-11-01', lastOdo: null, odo: null, status: 'ok', nextAt: '2027-01-30', nextOdo: null },
    {
      name: 'days: 10 days left (window 9)',
      days: 90,
      miles: null,
      lastAt: '2026-09-14',
      lastOdo: null,
      odo: null,
      status: 'ok',
      nextAt: '2026-12-13',
      nextOdo: null,
    },
    {
      name: 'days: 9 days left',
      days: 90,
      miles: null,
      lastAt: '2026-09-13',
      lastOdo: null,
      odo: null,
      status: 'due_soon',
      nextAt: '2026-12-12',
      nextOdo: null,
    },
    { name: 'days: due today', days: 30, miles: null, lastAt: '2026-11-03', lastOdo: null, odo: null, status: 'due_soon', nextAt: '2026-12-03', nextOdo: null },
    {
      name: 'days: due yesterday',
      days: 30,
      miles: null,
      lastAt: '2026-11-02',
      lastOdo: null,
      odo: null,
      status: 'overdue',
      nextAt: '2026-12-02',
      nextOdo: null,
    },
    {
      name: 'days: a yearly task is capped at 14 days',
      days: 365,
      miles: null,
      lastAt: '2025-12-17',
      lastOdo: null,
      odo: null,
      status: 'due_soon',
      nextAt: '2026-12-17',
      nextOdo: null,
    },
    {
      name: 'days: a yearly task 15 days ahead',
      days: 365,
      miles: null,
      lastAt: '2025-12-18',
      lastOdo: null,
      odo: null,
      status: 'ok',
      nextAt: '2026-12-18',
      nextOdo: null,
    },
    // Miles only: a 25,000-mile task is due soon 500 miles ahead; 3,000 miles: 300.
    { name: 'miles: far ahead', days: null, miles: 25_000, lastAt: '2026-01-01', lastOdo: 100_000, odo: 110_000, status: 'ok', nextAt: null, nextOdo: 125_000 },
    {
      name: 'miles: 500 left',
      days: null,
      miles: 25_000,
      lastAt: '2026-01-01',
      lastOdo: 100_000,
      odo: 124_500,
      status: 'due_soon',
      nextAt: null,
      nextOdo: 125_000,
    },
    { name: 'miles: 501 left', days: null, miles: 25_000, lastAt: '2026-01-01', lastOdo: 100_000, odo: 124_499, status: 'ok', nextAt: null, nextOdo: 125_000 },
    {
      name: 'miles: at the odometer',
      days: null,
      miles: 3_000,
      lastAt: '2026-01-01',
      lastOdo: 10_000,
      odo: 13_000,
      status: 'due_soon',
      nextAt: null,
      nextOdo: 13_000,
    },
    { name: 'miles: one past', days: null, miles: 3_000, lastAt: '2026-01-01', lastOdo: 10_000, odo: 13_001, status: 'overdue', nextAt: null, nextOdo: 13_000 },
    {
      name: 'miles: 300 left of 3,000',
      days: null,
      miles: 3_000,
      lastAt: '2026-01-01',
      lastOdo: 10_000,
      odo: 12_700,
      status: 'due_soon',
      nextAt: null,
      nextOdo: 13_000,
    },
    // No odometer known: no miles since the task was done.
    {
      name: 'miles: no odometer known',
      days: null,
      miles: 3_000,
      lastAt: '2020-01-01',
      lastOdo: 10_000,
      odo: null,
      status: 'ok',
      nextAt: null,
      nextOdo: 13_000,
    },
    {
      name: 'miles: a reading below the last done one counts as none',
      days: null,
      miles: 200,
      lastAt: '2026-01-01',
      lastOdo: 10_000,
      odo: 9_000,
      status: 'ok',
      nextAt: null,
      nextOdo: 10_200,
    },
    // Both: whichever comes first wins.
    {
      name: 'both: days overdue, miles ok',
      days: 180,
      miles: 25_000,
      lastAt: '2026-05-01',
      lastOdo: 100_000,
      odo: 101_000,
      status: 'overdue',
      nextAt: '2026-10-28',
      nextOdo: 125_000,
    },
    {
      name: 'both: miles overdue, days ok',
      days: 180,
      miles: 25_000,
      lastAt: '2026-11-01',
      lastOdo: 100_000,
      odo: 126_000,
      status: 'overdue',
      nextAt: '2027-04-30',
      nextOdo: 125_000,
    },
    {
      name: 'both: miles due soon, days ok',
      days: 180,
      miles: 25_000,
      lastAt: '2026-11-01',
      lastOdo: 100_000,
      odo: 124_900,
      status: 'due_soon',
      nextAt: '2027-04-30',
      nextOdo: 125_000,
    },
    { name: 'both: ok', days: 180, miles: 25_000, lastAt: '2026-11-01', lastOdo: 100_000, odo: 101_000, status: 'ok', nextAt: '2027-04-30', nextOdo: 125_000 },
  ] as const)('$name', ({ days, miles, lastAt, lastOdo, odo, status, nextAt, nextOdo }) => {
    const due = scheduleDue({ everyDays: days, everyMiles: miles, lastDoneAt: lastAt, lastDoneOdometer: lastOdo }, TODAY, odo)
    expect(due).toMatchObject({ status, nextDueAt: nextAt, nextDueOdometer: nextOdo })
  })

  it('counts days and miles left, negative when late', () => {
    const due = scheduleDue({ everyDays: 30, everyMiles: 1_000, lastDoneAt: '2026-11-01', lastDoneOdometer: 5_000 }, TODAY, 6_200)
    expect(due).toMatchObject({ daysLeft: -2, milesLeft: -200, status: 'overdue' })
  })

  it('crosses a leap day as calendar days', () => {
    expect(scheduleDue({ everyDays: 1, everyMiles: null, lastDoneAt: '2028-02-28', lastDoneOdometer: null }, '2028-02-29', null).nextDueAt).toBe('2028-02-29')
  })

  it('has a window of 10% of the interval, capped', () => {
    expect([dueSoonWindow(7, 14), dueSoonWindow(90, 14), dueSoonWindow(365, 14), dueSoonWindow(3_000, 500), dueSoonWindow(25_000, 500)]).toEqual([
      1, 9, 14, 300, 500,
    ])
  })
})
