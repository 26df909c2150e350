/** The page's side of the page-action protocol: which answers are refusals, and how their messages are shown. */
import { describe, expect, it } from 'vitest'

import { isRefusal, refusalAbout } from '~/components/forms/refusal'
import { shownMessage } from '~/components/ui/shown-message'

describe('a refusal on the page', () => {
  const t = (key: string) => `[${key}]`

  it('translates catalogue keys and shows text the server translated as it is', () => {
    expect(shownMessage(t, 'validation.required')).toBe('[validation.required]')
    expect(shownMessage(t, 'invoices.errors.paymentPositive')).toBe('[invoices.errors.paymentPositive]')
    for (const text of ['Choose a truck to dispatch.', 'Ce champ est obligatoire.', 'هذا الحقل مطلوب.', 'Load L-1.2: Canceled', 'a.b c'])
      expect(shownMessage(t, text)).toBe(text)
  })

  it('recognises the one shape, and the record it concerns', () => {
    const refusal = { intent: 'stopEvent', about: 'L1', result: { status: 'error', error: { '': ['x'] } }, conflict: false }
    expect(isRefusal(refusal)).toBe(true)
    expect(refusalAbout(refusal)).toBe('L1')
    for (const other of [undefined, null, { ok: true }, { outcome: {} }, 'text']) {
      expect(isRefusal(other)).toBe(false)
      expect(refusalAbout(other)).toBeNull()
    }
  })
})
