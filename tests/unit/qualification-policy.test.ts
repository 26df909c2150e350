/** The qualification file's rules (app/policies/qualification.ts, ADR 139): each kind's expiry, the statuses, the dispatch refusal. */
import { describe, expect, it } from 'vitest'

import {
  addMonths,
  driverQualificationRefusal,
  EXPIRING_DAYS,
  itemValidThrough,
  kindCompliance,
  type QualificationItem,
  reminderDay,
} from '~/policies/qualification'

const item = (kind: QualificationItem['kind'], completedAt: string, expiresAt: string | null = null): QualificationItem => ({ kind, completedAt, expiresAt })

describe('the qualification file', () => {
  it.each([
    // Yearly kinds: a year from the day done, the anniversary's eve; an earlier typed expiry wins.
    [item('mvr', '2026-03-15'), '2027-03-14'],
    [item('annual_review', '2026-03-15'), '2027-03-14'],
    [item('clearinghouse_query', '2024-02-29'), '2025-02-27'],
    [item('mvr', '2026-03-15', '2026-12-31'), '2026-12-31'],
    [item('mvr', '2026-03-15', '2028-01-01'), '2027-03-14'],
    // Dated kinds: the date on the card.
    [item('medical_certificate', '2026-01-10', '2027-07-10'), '2027-07-10'],
    [item('license', '2020-01-10', '2028-05-01'), '2028-05-01'],
    // Once: never expires.
    [item('application', '2019-05-01'), null],
    [item('road_test', '2019-05-01'), null],
    [item('drug_test', '2019-05-01'), null],
    // Other: its expiry if it has one.
    [item('other', '2026-01-01'), null],
    [item('other', '2026-01-01', '2026-06-30'), '2026-06-30'],
  ])('%o holds through %s', (given, through) => {
    expect(itemValidThrough(given)).toBe(through)
  })

  it('adds months on the calendar, the 31st into a shorter month being its last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15')
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28')
  })

  it('says ok, expiring, expired or missing on a day, by the item that holds longest', () => {
    const day = '2026-12-03'
    expect(kindCompliance([], day)).toEqual({ status: 'missing', validThrough: null })
    expect(kindCompliance([item('mvr', '2025-12-01')], day)).toEqual({ status: 'expired', validThrough: '2026-11-30' })
    expect(kindCompliance([item('mvr', '2025-12-03')], day).status).toBe('expired')
    expect(kindCompliance([item('mvr', '2025-12-04')], day)).toEqual({ status: 'expiring', validThrough: day })
    expect(kindCompliance([item('mvr', '2025-12-01'), item('mvr', '2026-11-20')], day)).toEqual({ status: 'ok', validThrough: '2027-11-19' })
    // Expiring: ends within 30 days of the day, that day included; the day after, ok.
    expect(EXPIRING_DAYS).toBe(30)
    expect(kindCompliance([item('medical_certificate', '2025-01-01', '2027-01-02')], day).status).toBe('expiring')
    expect(kindCompliance([item('medical_certificate', '2025-01-01', '2027-01-03')], day).status).toBe('ok')
    // Ending on the day itself still holds that day.
    expect(kindCompliance([item('medical_certificate', '2025-01-01', day)], day).status).toBe('expiring')
    expect(kindCompliance([item('application', '2010-01-01')], day)).toEqual({ status: 'ok', validThrough: null })
  })

  it('refuses dispatch for a required kind expired or missing on the day, and only for required kinds', () => {
    const items = [item('mvr', '2025-11-01'), item('application', '2024-01-01')]
    expect(driverQualificationRefusal(items, [], '2026-12-03')).toBeNull()
    expect(driverQualificationRefusal(items, ['application'], '2026-12-03')).toBeNull()
    expect(driverQualificationRefusal(items, ['application', 'mvr'], '2026-12-03')).toEqual({
      code: 'out_of_service',
      key: 'compliance.errors.driver.expired',
      kind: 'mvr',
      status: 'expired',
    })
    expect(driverQualificationRefusal(items, ['road_test', 'mvr'], '2026-12-03')).toMatchObject({ kind: 'road_test', status: 'missing' })
    // On a pickup day before the MVR's year ended, it still holds.
    expect(driverQualificationRefusal(items, ['mvr'], '2026-10-31')).toBeNull()
  })

  it('reminds the given number of days before the last day, never for what does not expire, never when off', () => {
    expect(reminderDay(item('mvr', '2026-03-15'), 30)).toBe('2027-02-12')
    expect(reminderDay(item('application', '2026-03-15'), 30)).toBeNull()
    expect(reminderDay(item('mvr', '2026-03-15'), 0)).toBeNull()
  })
})
