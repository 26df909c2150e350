import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { apiRecord, containsAny, sortOrder, toColumns } from '~/models/records/record-store.server'

describe('record store helpers', () => {
  it('stores every field of the schema: empty and absent ones as NULL, dates of date-only columns as UTC midnight; not version or customFields', () => {
    const schema = z.object({
      unitNumber: z.string(),
      vin: z.string().optional(),
      lengthFt: z.number().optional(),
      year: z.number().optional(),
      notes: z.string().optional(),
      active: z.boolean(),
      inspectionDue: z.string().optional(),
      registrationExpiry: z.string().optional(),
      customFields: z.record(z.string(), z.unknown()),
      version: z.number(),
    })
    const input = { unitNumber: 'T-1', vin: '', lengthFt: 0, active: false, inspectionDue: '2026-12-15', version: 3, customFields: { a: 1 } }
    expect(toColumns(schema, input, ['inspectionDue', 'registrationExpiry'])).toEqual({
      unitNumber: 'T-1',
      vin: null,
      lengthFt: 0,
      year: null,
      notes: null,
      active: false,
      inspectionDue: new Date('2026-12-15T00:00:00Z'),
      registrationExpiry: null,
    })
  })

  it('answers date-only columns as YYYY-MM-DD, other dates as instants, and the rest as stored', () => {
    const row = {
      id: 'x',
      inspectionDue: new Date('2026-12-15T00:00:00Z'),
      registrationExpiry: null,
      createdAt: new Date('2026-11-25T06:30:00.123Z'),
      company: { id: 'c', name: 'Acme' },
      lengthFt: 53,
    }
    expect(apiRecord(row, ['inspectionDue', 'registrationExpiry'])).toEqual({
      id: 'x',
      inspectionDue: '2026-12-15',
      registrationExpiry: null,
      createdAt: '2026-11-25T06:30:00.123Z',
      company: { id: 'c', name: 'Acme' },
      lengthFt: 53,
    })
  })

  it('searches each column, through a relation for a dotted name, ignoring case', () => {
    expect(containsAny('ab', ['unitNumber', 'company.name'])).toEqual([
      { unitNumber: { contains: 'ab', mode: 'insensitive' } },
      { company: { name: { contains: 'ab', mode: 'insensitive' } } },
    ])
  })

  it('orders by the chosen column (empty values last where the column may be empty, a relation by its own order), then by id', () => {
    type Sort = 'unitNumber' | 'vin' | 'company'
    const options = { nullable: ['vin'] as Sort[], relations: { company: (dir: 'asc' | 'desc') => ({ company: { name: dir } }) } }
    expect(sortOrder<Sort>({ sort: 'unitNumber', dir: 'desc' }, options)).toEqual([{ unitNumber: 'desc' }, { id: 'asc' }])
    expect(sortOrder<Sort>({ sort: 'vin', dir: 'asc' }, options)).toEqual([{ vin: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }])
    expect(sortOrder<Sort>({ sort: 'company', dir: 'asc' }, options)).toEqual([{ company: { name: 'asc' } }, { id: 'asc' }])
  })
})
