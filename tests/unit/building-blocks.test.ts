import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { checkCustomFields, type CustomFieldDefinition } from '~/models/organization/custom-fields.server'
import { assertReferences, escapeLike, lastPage, paging, rethrowUnique } from '~/models/records/records.server'
import { customFieldsInput, dateOnly, fmcsaDigits, fmcsaNumber, optionalText, requiredText, withVersion } from '~/schemas/fields'
import { enumFilter, idFilter, listQuery, parseListQuery } from '~/schemas/list-query'
import { cents } from '~/schemas/money-fields'
import { MAX_AMOUNT_CENTS, MAX_DOCUMENT_CENTS, MAX_SUM_CENTS, MONEY_LIMITS, PG_INT_MAX } from '~/utils/money'
import { dropNulls, MAX_JSON_DEPTH } from '~/utils/object'
import { packRows, unpackRows } from '~/utils/packed-rows'

const issues = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])

describe('field helpers', () => {
  it('dateOnly accepts real calendar dates of the accepted years only', () => {
    expect(dateOnly().safeParse('2028-02-29').success).toBe(true)
    expect(dateOnly().safeParse('1950-01-01').success).toBe(true)
    expect(dateOnly().safeParse('2200-12-31').success).toBe(true)
    // Year 0 exists for Date.parse, not for PostgreSQL's date (a 500 the API fuzz found).
    for (const value of ['2026-02-29', '2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', '', '0000-01-01', '0000-12-31']) {
      expect(issues(dateOnly().safeParse(value)), value).toEqual([['', 'validation.date']])
    }
    // Real days, but out of the one range (app/schemas/dates.ts).
    for (const value of ['0001-01-01', '1949-12-31', '2201-01-01', '9999-12-31']) {
      expect(issues(dateOnly().safeParse(value)), value).toEqual([['', 'validation.dateRange']])
    }
  })

  it('text helpers trim, require, limit, and refuse what PostgreSQL cannot store', () => {
    expect(requiredText(5).safeParse('  ab ').data).toBe('ab')
    expect(issues(requiredText(5).safeParse('   '))).toEqual([['', 'validation.required']])
    expect(issues(requiredText(5).safeParse('abcdef'))).toEqual([['', 'validation.tooLong']])
    expect(issues(optionalText(5).safeParse('a\u0000'))).toEqual([['', 'validation.invalidCharacters']])
    expect(optionalText(5).safeParse(undefined).success).toBe(true)
  })

  it('cents are whole, not negative, and bounded by their kind, each with its own message', () => {
    expect(cents('amount').safeParse(12_345).success).toBe(true)
    expect(issues(cents('amount').safeParse(1.5))).toEqual([['', 'validation.integer']])
    expect(issues(cents('amount').safeParse(-1))).toEqual([['', 'validation.min0']])
    for (const [kind, { max, tooLarge }] of Object.entries(MONEY_LIMITS) as Array<[keyof typeof MONEY_LIMITS, { max: number; tooLarge: string }]>) {
      expect(cents(kind).safeParse(max).success, kind).toBe(true)
      expect(issues(cents(kind).safeParse(max + 1)), kind).toEqual([['', tooLarge]])
    }
    // ADR 089: a document fits an INTEGER column; the kinds grow from one amount to sums of documents.
    expect(MAX_DOCUMENT_CENTS).toBeLessThanOrEqual(PG_INT_MAX)
    expect(MAX_AMOUNT_CENTS < MAX_DOCUMENT_CENTS && MAX_DOCUMENT_CENTS < MAX_SUM_CENTS).toBe(true)
    // A load's pay at the most miles and the largest rate per mile is a document.
    expect(MONEY_LIMITS.ratePerMile.max * (20_000 + 20_000)).toBeLessThanOrEqual(MAX_DOCUMENT_CENTS)
    // 99 of the dearest product are a document.
    expect(MONEY_LIMITS.price.max * 99).toBeLessThanOrEqual(MAX_DOCUMENT_CENTS)
  })

  it('withVersion makes the version required, canonical and whole', () => {
    const schema = withVersion(z.object({ name: requiredText(10) }))
    expect(schema.parse({ name: 'a', version: '3' })).toEqual({ name: 'a', version: 3 })
    expect(issues(schema.safeParse({ name: 'a' }))).toEqual([['version', 'validation.versionRequired']])
    for (const version of ['0x1', ' 1', '1e0', '1.0', -1, 2 ** 31]) {
      expect(issues(schema.safeParse({ name: 'a', version })), String(version)).toEqual([['version', 'validation.version']])
    }
  })

  it('customFieldsInput takes an object of at most 50 plain values with well-formed keys', () => {
    const schema = customFieldsInput()
    expect(schema.safeParse({ trailer_type: 'reefer', axles: 3, hazmat: false }).success).toBe(true)
    expect(issues(schema.safeParse({ 'Bad Key': 1 }))).toEqual([['Bad Key', 'validation.customFieldKey']])
    expect(issues(schema.safeParse({ nested: { a: 1 } }))?.[0][1]).toBe('validation.customFieldValue')
    expect(issues(schema.safeParse(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))))).toEqual([['', 'validation.customFields']])
    expect(schema.safeParse(['a']).success).toBe(false)
  })
})

describe('list queries', () => {
  const schema = listQuery({
    sorts: ['name', 'createdAt'],
    defaultSort: 'name',
    filters: { status: enumFilter(['active', 'inactive']), companyId: idFilter() },
  })
  const parse = (query: string) => parseListQuery(schema, new URLSearchParams(query))

  it('reads a valid query', () => {
    expect(parse('q=%20abc%20&status=active&companyId=c123&sort=createdAt&dir=desc&page=3&pageSize=50')).toEqual({
      q: 'abc',
      status: 'active',
      companyId: 'c123',
      sort: 'createdAt',
      dir: 'desc',
      page: 3,
      pageSize: 50,
    })
  })

  it('falls back to the defaults for anything hand-edited or stale, never failing', () => {
    expect(parse('status=flying&companyId=a%00b&sort=password&dir=up&page=-2&pageSize=1000&q=a%00')).toEqual({
      q: undefined,
      status: undefined,
      companyId: undefined,
      sort: 'name',
      dir: 'asc',
      page: 1,
      pageSize: 25,
    })
    expect(parse('page=1e3&pageSize=0x19')).toMatchObject({ page: 1000, pageSize: 25 })
    expect(parse('page=999999999')).toMatchObject({ page: 1 })
  })

  it('treats empty values as absent, keeps the first of repeated keys, and ignores prototype keys', () => {
    expect(parse('status=&status=active&q=')).toEqual({ status: 'active', sort: 'name', dir: 'asc', page: 1, pageSize: 25 })
    expect(parse('status=inactive&status=active')).toMatchObject({ status: 'inactive' })
    expect(parse('__proto__=x&constructor=y')).toMatchObject({ sort: 'name' })
  })

  it('pages: skip/take, and the last page that has rows', () => {
    expect(paging({ page: 3, pageSize: 25 })).toEqual({ skip: 50, take: 25 })
    expect(lastPage(0, 25)).toBe(1)
    expect(lastPage(51, 25)).toBe(3)
  })

  it('escapes LIKE wildcards the user typed', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\')
  })
})

describe('JSON bodies', () => {
  it('drops nulls and empty strings at every depth, keeping array positions', () => {
    expect(dropNulls({ a: null, b: '', c: 0, d: false, e: { f: null, g: 'x' }, h: [{ i: null, j: 1 }, null] })).toEqual({
      c: 0,
      d: false,
      e: { g: 'x' },
      h: [{ j: 1 }, null],
    })
  })

  it('keeps __proto__ a plain key and refuses nesting deeper than the limit', () => {
    const parsed = dropNulls(JSON.parse('{"__proto__": {"admin": true}}')) as Record<string, unknown>
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    let deep: unknown = 1
    for (let i = 0; i <= MAX_JSON_DEPTH; i++) deep = [deep]
    expect(() => dropNulls(deep)).toThrow(RangeError)
  })
})

describe('record rules', () => {
  it('turns a unique index violation into the field error of that index', () => {
    const indexes = { T_unit_key: { field: 'unitNumber', messageKey: 'dup.unit' }, T_vin_key: { field: 'vin', messageKey: 'dup.vin' } }
    const violation = (index: string) => ({ code: 'P2002', meta: { driverAdapterError: { cause: { constraint: { index } } } } })
    expect(() => rethrowUnique(violation('T_vin_key'), indexes)).toThrow(expect.objectContaining({ code: 'validation_failed', fields: { vin: ['dup.vin'] } }))
    expect(() => rethrowUnique(violation('other'), indexes)).toThrow(expect.objectContaining({ fields: { unitNumber: ['dup.unit'] } }))
    const unrelated = new Error('boom')
    expect(() => rethrowUnique(unrelated, indexes)).toThrow(unrelated)
  })

  it('refuses references that are malformed or not found, one field error each', async () => {
    const find = async (_tx: unknown, id: string) => (id === 'known' ? { id } : null)
    await expect(
      assertReferences({} as never, [
        { field: 'companyId', id: 'known', find, messageKey: 'unknown.company' },
        { field: 'driverId', id: 'missing', find, messageKey: 'unknown.driver' },
        { field: 'brokerId', id: 'a b', find, messageKey: 'unknown.broker' },
        { field: 'trailerId', id: undefined, find, messageKey: 'unknown.trailer' },
      ]),
    ).rejects.toMatchObject({ fields: { driverId: ['unknown.driver'], brokerId: ['unknown.broker'] } })
  })
})

describe('custom field values', () => {
  const definitions: CustomFieldDefinition[] = [
    { key: 'reefer', type: 'boolean', options: [], required: true, label: 'x', active: true },
    { key: 'axles', type: 'number', options: [], required: false, label: 'x', active: true },
    { key: 'since', type: 'date', options: [], required: false, label: 'x', active: true },
    { key: 'kind', type: 'select', options: ['dry', 'flat'], required: false, label: 'x', active: true },
    { key: 'constructor', type: 'text', options: [], required: true, label: 'x', active: true },
  ]

  it('accepts values of the defined types', () => {
    const values = { reefer: true, axles: 3, since: '2026-01-31', kind: 'flat', constructor: 'x' }
    expect(checkCustomFields(definitions, values)).toEqual(values)
  })

  it('refuses unknown keys, wrong types, unknown options and missing required values, per key', () => {
    try {
      checkCustomFields(definitions, { axles: 'three', since: '2026-02-30', kind: 'tank', colour: 'red' } as never)
      expect.unreachable()
    } catch (error) {
      expect(error).toMatchObject({
        fields: {
          'customFields.axles': ['validation.number'],
          'customFields.since': ['validation.date'],
          'customFields.kind': ['validation.choice'],
          'customFields.colour': ['validation.customFieldUnknown'],
          'customFields.reefer': ['validation.required'],
          'customFields.constructor': ['validation.required'],
        },
      })
    }
  })
})

describe('FMCSA numbers', () => {
  it('reads MC and USDOT numbers as people write them, one rule for every entity and search', () => {
    for (const written of ['MC-123456', 'mc 123456', 'MC#123456', '123456', ' 123-456 ']) expect(fmcsaNumber('MC', 'mc').parse(written)).toBe('123456')
    expect(fmcsaNumber('DOT', 'dot').parse('USDOT 1234567')).toBe('1234567')
    for (const bad of ['MC-12', '123456789', 'MC-12A', 'DOT 123456']) expect(fmcsaNumber('MC', 'mc').safeParse(bad).success, bad).toBe(false)
    expect(fmcsaNumber('MC', 'mc').parse('')).toBe('')
    expect(fmcsaDigits('usdot 1234')).toBe('1234')
    expect(fmcsaDigits('Acme')).toBeNull()
  })
})

describe('packed list rows', () => {
  it('names each field once and gives every row back as it was, undefined and nested values included', () => {
    const rows = [
      { id: 'a', version: 1, company: undefined, inspection: 'overdue', customFields: { fuel_card: 'X1' } },
      { id: 'b', version: 3, company: 'Red River', inspection: null, customFields: {} },
    ]
    const packed = packRows(rows)
    expect(packed.keys).toEqual(['id', 'version', 'company', 'inspection', 'customFields'])
    expect(packed.values).toEqual([
      ['a', 1, undefined, 'overdue', { fuel_card: 'X1' }],
      ['b', 3, 'Red River', null, {}],
    ])
    expect(unpackRows(packed)).toEqual(rows)
    expect(unpackRows(packRows([]))).toEqual([])
  })
})
