import { describe, expect, it } from 'vitest'

import { mailParty, mailSnippet } from '~/utils/mail-text'

describe('mail text', () => {
  it('snips a message to 160 characters with its spaces collapsed', () => {
    expect(mailSnippet('  Rate\n\nconfirmation   attached ')).toBe('Rate confirmation attached')
    const long = mailSnippet('x'.repeat(400))
    expect(long).toHaveLength(160)
    expect(long.endsWith('…')).toBe(true)
  })

  it('names a party by name and address, or the address alone', () => {
    expect(mailParty({ name: 'Acme Logistics', email: 'loads@acme.test' })).toBe('Acme Logistics <loads@acme.test>')
    expect(mailParty({ name: '', email: 'loads@acme.test' })).toBe('loads@acme.test')
  })
})
