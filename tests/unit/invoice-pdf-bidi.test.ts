/** The PDF's small bidi (app/utils/pdf-layout.server.ts): Arabic runs reversed as units, numbers and Latin names kept as written. */
import { describe, expect, it } from 'vitest'

import { visualRuns } from '~/utils/pdf-layout.server'

const drawn = (line: string) => visualRuns(line).map((run) => `${run.rtl ? 'R' : 'L'}:${run.text}`)

describe('visualRuns', () => {
  it('draws Arabic words right to left as one run, spaces included', () => {
    expect(drawn('الدفع إلى')).toEqual(['R:الدفع إلى'])
  })

  it('keeps a load number or a Latin name inside Arabic as written, at its place from the right', () => {
    expect(drawn('أجرة نقل الشحنة L-000004')).toEqual(['L:L-000004', 'R:أجرة نقل الشحنة '])
    expect(drawn('الشحنة L-000004: رسوم وقود')).toEqual(['R:: رسوم وقود', 'L:L-000004', 'R:الشحنة '])
  })

  it('keeps a number in Arabic digits and its currency together', () => {
    expect(drawn('تاريخ الإصدار: ٠٢/١١/٢٠٢٦')).toEqual(['L:٠٢/١١/٢٠٢٦', 'R:تاريخ الإصدار: '])
    expect(drawn('١٬٥٠٠٫٠٠ US$')).toEqual(['L:١٬٥٠٠٫٠٠ US$'])
  })
})
