/**
 * The edge's caps on form field names (app/utils/edge.server.ts, FORM_LIMITS): above every list a
 * real form sends, and read from urlencoded and multipart bodies alike.
 */
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

import { CustomFieldCreateSchema, MAX_CUSTOM_FIELD_OPTIONS } from '~/schemas/custom-field'
import { InvoiceFields } from '~/schemas/invoice'
import { MAX_INVOICE_ITEMS } from '~/schemas/invoice-options'
import { LoadFormUpdateFields } from '~/schemas/load-form'
import { MAX_CHARGES, MAX_STOPS } from '~/schemas/load-options'
import { SiteTextsUpdateSchema } from '~/schemas/site'
import { FORM_LIMITS, formFieldNames, formNameOverLimit, formRefusal, formShapeRefusal, jsonDepth } from '~/utils/edge.server'

type Def = {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }>
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod

/** The names of a form's fullest submission: every field of the schema, every list at its maximum length (ten entries for a record). */
function fullestNames(schema: z.ZodType, prefix = ''): string[] {
  const { def } = defOf(schema)
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape!).flatMap(([key, field]) => fullestNames(field, prefix ? `${prefix}.${key}` : key))
    case 'array': {
      const maximum = def.checks?.find((check) => check._zod.def.check === 'max_length')?._zod.def.maximum ?? 0
      return Array.from({ length: maximum }, (_, n) => fullestNames(def.element!, `${prefix}[${n}]`)).flat()
    }
    case 'record':
      return Array.from({ length: 10 }, (_, n) => `${prefix}.field${n}`)
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
      return fullestNames(def.innerType!, prefix)
    case 'pipe':
      return fullestNames(def.in!, prefix)
    default:
      return [prefix]
  }
}

const NO_RESERVED = { intent: [], state: [] }
const urlencoded = (fields: Array<[string, string]>) => [Buffer.from(new URLSearchParams(fields).toString())]
const FORM = 'application/x-www-form-urlencoded'

describe('FORM_LIMITS', () => {
  it('allows every list a form sends, at its longest', () => {
    for (const max of [MAX_INVOICE_ITEMS, MAX_STOPS, MAX_CHARGES, MAX_CUSTOM_FIELD_OPTIONS]) expect(FORM_LIMITS.listLength).toBeGreaterThanOrEqual(max)
    expect(formNameOverLimit(`items[${MAX_INVOICE_ITEMS - 1}].unitPrice`)).toBe(false)
    expect(formNameOverLimit(`stops[${MAX_STOPS - 1}].windowStart`)).toBe(false)
  })

  it('refuses an index past the limit, with or without leading zeros, and names nested past the depth', () => {
    expect(formNameOverLimit('x[10000000]')).toBe(true)
    expect(formNameOverLimit('stops[3000].city')).toBe(true)
    expect(formNameOverLimit(`a[0][00000${FORM_LIMITS.listLength}]`)).toBe(true)
    expect(formNameOverLimit(`x[${'9'.repeat(400)}]`)).toBe(true)
    expect(formNameOverLimit(Array.from({ length: FORM_LIMITS.depth + 1 }, () => 'a').join('.'))).toBe(true)
    expect(formNameOverLimit('customFields.reference')).toBe(false)
  })

  it('reads the names of urlencoded and multipart bodies', () => {
    const urlencoded = Buffer.from('email=a%40b.c&stops%5B3%5D.city=x&x[1]=2')
    expect(formFieldNames(urlencoded, 'application/x-www-form-urlencoded; charset=UTF-8')).toEqual(['email', 'stops[3].city', 'x[1]'])
    const multipart = Buffer.from(
      [
        '--b0',
        'Content-Disposition: form-data; name="intent"',
        '',
        'save',
        '--b0',
        'Content-Disposition: form-data; name="stops[3000].city"',
        '',
        'x',
        '--b0',
        'content-disposition: form-data; name="avatar"; filename="me[9999].png"',
        'Content-Type: image/png',
        '',
        'PNG',
        '--b0--',
        '',
      ].join('\r\n'),
    )
    expect(formFieldNames(multipart, 'multipart/form-data; boundary="b0"')).toEqual(['intent', 'stops[3000].city', 'avatar'])
    expect(formFieldNames(Buffer.from('{"a":1}'), 'application/json')).toEqual([])
  })
})

describe('the shape Conform would build (FORM_LIMITS.cells)', () => {
  it('lets the fullest real forms through: a load with every stop and charge, an invoice with every line, the site texts, a select field', () => {
    for (const schema of [LoadFormUpdateFields, InvoiceFields, SiteTextsUpdateSchema, CustomFieldCreateSchema] as z.ZodType[]) {
      const names = fullestNames(schema)
      expect(names.length).toBeGreaterThan(5)
      expect(formShapeRefusal(names, NO_RESERVED)).toBeNull()
    }
    expect(fullestNames(LoadFormUpdateFields).filter((name) => name.startsWith('stops[')).length).toBeGreaterThanOrEqual(MAX_STOPS * 10)
    expect(fullestNames(InvoiceFields).some((name) => name.startsWith(`items[${MAX_INVOICE_ITEMS - 1}]`))).toBe(true)
  })

  it('refuses the probe’s nested list names, each within the index and depth limits, by the slots they would make', () => {
    const nested = (count: number) =>
      Array.from({ length: count }, (_, n) => `a[${199 - (n % 7)}][${199 - (n % 11)}][${198 - (n % 13)}][199][199][199][${n % 200}]`)
    expect(nested(3000).every((name) => !formNameOverLimit(name))).toBe(true)
    expect(formShapeRefusal(nested(3000), NO_RESERVED)).toBe('too-large')
    expect(formShapeRefusal(nested(1500), NO_RESERVED)).toBe('too-large')
    expect(formShapeRefusal(['a[199]', 'b[199]'], NO_RESERVED)).toBeNull()
  })

  it('reads the field Conform’s __intent__ names: past the limits is too large, malformed is unreadable', () => {
    const intent = (value: unknown) => ({ intent: [JSON.stringify(value)], state: [] })
    expect(formShapeRefusal([], intent({ type: 'update', payload: { name: 'x[1000000]', value: 1 } }))).toBe('too-large')
    expect(formShapeRefusal([], intent({ type: 'insert', payload: { name: 'stops', index: 10_000_000 } }))).toBe('too-large')
    expect(formShapeRefusal([], intent({ type: 'reorder', payload: { name: 'stops', from: 0, to: 1e9 } }))).toBe('too-large')
    expect(formShapeRefusal([], intent({ type: 'remove', payload: { name: 'stops', index: -1 } }))).toBe('unreadable')
    expect(formShapeRefusal([], intent({ type: 'update', payload: { name: '__proto__.x', value: 1 } }))).toBe('unreadable')
    expect(formShapeRefusal([], intent({ type: 'update', payload: { name: 'a', value: Array.from({ length: FORM_LIMITS.cells + 1 }, () => 1) } }))).toBe(
      'too-large',
    )
    expect(formShapeRefusal([], { intent: ['{bad'], state: [] })).toBe('unreadable')
    expect(formShapeRefusal([], { intent: [`{"type":"update","payload":{"name":"a","value":${'['.repeat(5000)}${']'.repeat(5000)}}}`], state: [] })).toBe(
      'unreadable',
    )
    expect(formShapeRefusal([], { intent: [], state: ['{bad'] })).toBe('unreadable')
    expect(formShapeRefusal([], { intent: [], state: ['{"validated":{"email":true}}'] })).toBeNull()
    for (const ok of [
      { type: 'insert', payload: { name: 'stops', defaultValue: { type: 'delivery' } } },
      { type: 'remove', payload: { name: 'stops', index: 3 } },
      { type: 'reorder', payload: { name: 'faq', from: 2, to: 1 } },
      { type: 'validate', payload: { name: 'email' } },
      { type: 'reset', payload: {} },
    ])
      expect(formShapeRefusal(['stops[0].city', 'stops[1].city'], intent(ok)), JSON.stringify(ok)).toBeNull()
  })

  it('hands what Conform itself would throw on to the sender as unreadable: a list intent on a text field, an intent file part', async () => {
    const insertOnText = urlencoded([
      ['email', 'x'],
      ['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'email' } })],
    ])
    expect(await formRefusal(insertOnText, FORM)).toBe('unreadable')
    const insertOnList = urlencoded([
      ['stops[0].city', 'x'],
      ['__intent__', JSON.stringify({ type: 'insert', payload: { name: 'stops' } })],
    ])
    expect(await formRefusal(insertOnList, FORM)).toBeNull()
    const part = '--b\r\nContent-Disposition: form-data; name="__intent__"; filename="i.json"\r\nContent-Type: application/json\r\n\r\n{}\r\n--b--\r\n'
    expect(await formRefusal([Buffer.from(part)], 'multipart/form-data; boundary=b')).toBe('unreadable')
  })

  it('measures JSON depth without parsing, brackets inside strings aside', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[["}]}')).toBe(3)
    expect(jsonDepth(String.raw`"\\"[[`)).toBe(2)
    expect(jsonDepth('1')).toBe(0)
  })
})
