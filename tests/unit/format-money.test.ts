import { describe, expect, it } from 'vitest'

import { formatMoney } from '~/utils/format'
import { centsToDollars, parseDollars } from '~/utils/money'

// Intl separates French groups with a narrow no-break space and marks Arabic with direction marks.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u061c\u200e\u200f]/g, '')

describe('formatMoney: the one function from cents to text', () => {
  it('writes people’s amounts in each language, at the edges', () => {
    const cases: Array<[string, number, string]> = [
      ['en', 0, '$0.00'],
      ['en', 1, '$0.01'],
      ['en', 5, '$0.05'],
      ['en', -150, '-$1.50'],
      ['en', 123456, '$1,234.56'],
      ['en', Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
      ['fr', -123405, '-1 234,05 $US'],
      ['fr', 0, '0,00 $US'],
      ['vi', 123456, '1.234,56 US$'],
      ['vi', -1, '-0,01 US$'],
      ['cn', 123456, 'US$1,234.56'],
      ['cn', -99, '-US$0.99'],
      ['ar', 123456, '١٬٢٣٤٫٥٦ US$'],
      ['ar', -5, '-٠٫٠٥ US$'],
      ['ar', 0, '٠٫٠٠ US$'],
    ]
    for (const [language, cents, text] of cases) expect(plain(formatMoney(language, cents)), `${language} ${cents}`).toBe(text)
    expect(plain(formatMoney('fr', 123456, { currency: 'EUR' }))).toBe('1 234,56 €')
  })

  it('writes large amounts exactly, not through a binary fraction', () => {
    // 90071992547409.91 as a double is 90071992547409.91015625…; 2^53 - 1 cents still ends in .91.
    expect(formatMoney('en', Number.MAX_SAFE_INTEGER, { style: 'decimal' })).toBe('90071992547409.91')
    expect(formatMoney('en', 999_999_999_999_99, { style: 'input' })).toBe('999999999999.99')
  })

  it('writes files and forms the same in every language: a point, no grouping', () => {
    for (const language of ['en', 'fr', 'vi', 'cn', 'ar']) {
      expect(formatMoney(language, 123456, { style: 'decimal' })).toBe('1234.56')
      expect(formatMoney(language, 200000, { style: 'decimal' })).toBe('2000.00')
      expect(formatMoney(language, 200000, { style: 'input' })).toBe('2000')
      expect(formatMoney(language, 200050, { style: 'input' })).toBe('2000.50')
    }
    expect(formatMoney('en', 0, { style: 'decimal' })).toBe('0.00')
    expect(formatMoney('en', 0, { style: 'input' })).toBe('0')
    expect(formatMoney('en', 7, { style: 'input' })).toBe('0.07')
    expect(formatMoney('en', -150, { style: 'decimal' })).toBe('-1.50')
    expect(formatMoney('en', -150, { style: 'input' })).toBe('-1.50')
    expect(formatMoney('en', -100, { style: 'input' })).toBe('-1')
  })

  it('gives a form a value that reads back as the same cents', () => {
    for (const cents of [0, 1, 5, 99, 100, 101, 123456, 2_500_050, 999_999_999_99]) {
      expect(parseDollars(centsToDollars(cents)!)).toBe(cents)
    }
    expect(centsToDollars(null)).toBeUndefined()
  })

  it('writes a chart axis compactly, per language', () => {
    expect(formatMoney('en', 12_345_600, { style: 'compact' })).toBe('$123.5K')
    expect(formatMoney('en', 0, { style: 'compact' })).toBe('$0')
    expect(plain(formatMoney('ar', 12_345_600, { style: 'compact' }))).toMatch(/^[٠-٩٫٬]+\s?\S+ US\$$/)
  })
})
