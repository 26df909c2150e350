import { describe, expect, it } from 'vitest'

import { addressLines } from '~/utils/format'

/** One way to print a postal address: the organization, a company, a broker, the factor, on pages and PDFs alike. */
describe('addressLines', () => {
  it.each([
    [
      { addressLine1: '1 Main St', addressLine2: 'Suite 4', city: 'Houston', state: 'TX', postalCode: '77002', country: 'US' },
      ['1 Main St', 'Suite 4', 'Houston, TX 77002', 'US'],
    ],
    [{ addressLine1: '1 Main St', city: 'Houston', state: 'TX' }, ['1 Main St', 'Houston, TX']],
    [{ city: 'Houston', postalCode: '77002' }, ['Houston, 77002']],
    [{ state: 'TX', postalCode: '77002', country: null }, ['TX 77002']],
    [{ addressLine1: '', addressLine2: null, city: null, state: null, postalCode: null, country: null }, []],
  ])('%o prints as %o', (address, lines) => {
    expect(addressLines(address)).toEqual(lines)
  })
})
