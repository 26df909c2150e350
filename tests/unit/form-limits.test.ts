/**
 * The edge's caps on form field names (app/utils/edge.server.ts, FORM_LIMITS): above every list a
 * real form sends, and read from urlencoded and multipart bodies alike.
 */
import { describe, expect, it } from 'vitest'

import { MAX_CUSTOM_FIELD_OPTIONS } from '~/schemas/custom-field'
import { MAX_INVOICE_ITEMS } from '~/schemas/invoice-options'
import { MAX_CHARGES, MAX_STOPS } from '~/schemas/load-options'
import { FORM_LIMITS, formFieldNames, formNameOverLimit } from '~/utils/edge.server'

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
