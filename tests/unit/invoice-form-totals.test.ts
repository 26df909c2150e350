/**
 * The invoice editor's running total (app/schemas/invoice-options.ts): what is typed, added up as
 * the server will (ticked loads, lines with an empty quantity counting one, minus the discount,
 * plus the tax), and read back from the form as the browser holds it.
 */
import { describe, expect, it } from 'vitest'

import { EMPTY_LINE, invoiceFormTotals, invoiceFormValuesOf } from '~/schemas/invoice-options'

const loads = [
  { id: 'a', totalCents: 240_000 },
  { id: 'b', totalCents: 99_999 },
]
const line = (quantity: string, unitPrice: string) => ({ ...EMPTY_LINE, title: 'x', quantity, unitPrice })

describe('invoiceFormTotals', () => {
  it.each([
    ['nothing typed', { loadIds: [], lines: [EMPTY_LINE], discount: '', tax: '' }, 0, false],
    ['a ticked load', { loadIds: ['a'], lines: [EMPTY_LINE], discount: '', tax: '' }, 240_000, false],
    ['a load and a line of 2 × $75', { loadIds: ['a'], lines: [line('2', '75')], discount: '', tax: '' }, 255_000, false],
    ['an empty quantity counts one', { loadIds: [], lines: [line('', '1,250.50')], discount: '', tax: '' }, 125_050, false],
    ['a third of a cent rounds as the server does', { loadIds: [], lines: [line('0.333', '1')], discount: '', tax: '' }, 33, false],
    ['discount and tax', { loadIds: ['a', 'b'], lines: [], discount: '100', tax: '12.34' }, 240_000 + 99_999 - 10_000 + 1_234, false],
    ['a price that is not an amount yet', { loadIds: ['b'], lines: [line('1', '12.3.4')], discount: '', tax: '' }, 99_999, true],
    ['a quantity that is not a number', { loadIds: [], lines: [line('two', '5')], discount: '', tax: '' }, 0, true],
    ['an unknown load id', { loadIds: ['zzz'], lines: [], discount: '', tax: '' }, 0, false],
  ])('%s', (_label, values, totalCents, incomplete) => {
    const totals = invoiceFormTotals(values, loads)
    expect(totals.totalCents).toBe(totalCents)
    expect(totals.incomplete).toBe(incomplete)
  })
})

describe('invoiceFormValuesOf', () => {
  it('reads the lines by their index, the ticked loads, discount and tax', () => {
    const form = new FormData()
    form.append('loadIds', 'a')
    form.append('loadIds', 'b')
    form.append('items[1].unitPrice', '5')
    form.append('items[0].title', 'Lumper')
    form.append('items[0].unitPrice', '150')
    form.append('items[1].quantity', '3')
    form.append('items[999].unitPrice', '1')
    form.append('discount', '10')
    expect(invoiceFormValuesOf(form)).toEqual({
      loadIds: ['a', 'b'],
      lines: [
        { ...EMPTY_LINE, title: 'Lumper', unitPrice: '150' },
        { ...EMPTY_LINE, quantity: '3', unitPrice: '5' },
      ],
      discount: '10',
      tax: '',
    })
  })
})
