import { describe, expect, it } from 'vitest'

import { isValidVin, TruckSchema, vinCheckDigit } from '~/schemas/truck'

describe('VIN validation', () => {
  it('accepts real VINs with a correct check digit', () => {
    // The textbook example (check digit X) and the all-ones VIN; 1FUJGLDR3CLBP8834 computed by hand.
    expect(isValidVin('1FUJGLDR3CLBP8834')).toBe(true)
    expect(isValidVin('11111111111111111')).toBe(true)
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X')
    expect(isValidVin('1M8GDM9AXKP042788')).toBe(true)
  })

  it('refuses a wrong check digit, the letters I, O, Q and the wrong length', () => {
    expect(isValidVin('1FUJGLDR6CLBP8834')).toBe(false)
    expect(isValidVin('1FUJGLDR3CLBP883I')).toBe(false)
    expect(isValidVin('1FUJGLDR3CLBP883')).toBe(false)
    expect(isValidVin('1FUJGLDR3CLBP88345')).toBe(false)
  })

  it('is upper-cased and checked by the shared truck schema', () => {
    const ok = TruckSchema.safeParse({ unitNumber: 'T-1', vin: '1fujgldr3clbp8834' })
    expect(ok.success && ok.data.vin).toBe('1FUJGLDR3CLBP8834')
    const bad = TruckSchema.safeParse({ unitNumber: 'T-1', vin: '1FUJGLDR6CLBP8834' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0]).toMatchObject({ path: ['vin'], message: 'trucks.errors.vin' })
  })
})
