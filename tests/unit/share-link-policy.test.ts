/** One policy for both kinds of share link (ADR 107): a load's tracking link and a file's share link. */
import { describe, expect, it, vi } from 'vitest'

import { newShareLink, openShareLink, shareLinkRow } from '~/models/share-link.server'
import { paymentLinkOpens, remittanceFormRefusal } from '~/policies/remittance'
import { settlementHeldBack } from '~/policies/settlement'
import { shareLinkExpiry, shareLinkOpens, shareLinkState } from '~/policies/share-link'
import { INVOICE_STATUSES } from '~/schemas/invoice-options'
import { sha256 } from '~/utils/crypto.server'

const NOW = new Date('2026-11-20T12:00:00.000Z')
const later = new Date(NOW.getTime() + 60_000)
const earlier = new Date(NOW.getTime() - 60_000)

describe('the share-link policy', () => {
  it('reads a link’s state from its dates: revoked wins, and it expires at its expiry, not a moment later', () => {
    expect(shareLinkState({ expiresAt: later, revokedAt: null }, NOW)).toBe('active')
    expect(shareLinkState({ expiresAt: NOW, revokedAt: null }, NOW)).toBe('expired')
    expect(shareLinkState({ expiresAt: earlier.toISOString(), revokedAt: null }, NOW.getTime())).toBe('expired')
    expect(shareLinkState({ expiresAt: later, revokedAt: earlier }, NOW)).toBe('revoked')
    expect(shareLinkState({ expiresAt: earlier, revokedAt: earlier.toISOString() }, NOW)).toBe('revoked')
    expect(shareLinkOpens({ expiresAt: later.toISOString(), revokedAt: null }, NOW)).toBe(true)
    expect(shareLinkOpens({ expiresAt: later, revokedAt: earlier }, NOW)).toBe(false)
  })

  it('makes a link live its days, never past its kind’s maximum', () => {
    expect(shareLinkExpiry(NOW, 7, 30).toISOString()).toBe('2026-11-27T12:00:00.000Z')
    expect(shareLinkExpiry(NOW, 120, 90).toISOString()).toBe('2027-02-18T12:00:00.000Z')
    const made = newShareLink(NOW, 14, 90)
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(made.tokenHash).toBe(sha256(made.token))
    expect(made.expiresAt.toISOString()).toBe('2026-12-04T12:00:00.000Z')
  })

  it('opens a token only while its link is active, and looks up nothing that is not a token', async () => {
    const find = vi.fn(async (hash: string) => (hash === sha256('good') ? { expiresAt: later, revokedAt: null } : null))
    expect(await openShareLink('good', NOW, find)).toEqual({ expiresAt: later, revokedAt: null })
    expect(await openShareLink('other', NOW, find)).toBeNull()
    const calls = find.mock.calls.length
    for (const bad of ['', 'a/b', '%00', 'x'.repeat(101), null, 42]) expect(await openShareLink(bad, NOW, find)).toBeNull()
    expect(find.mock.calls.length).toBe(calls)
    expect(await openShareLink('good', NOW, async () => ({ expiresAt: earlier, revokedAt: null }))).toBeNull()
    expect(await openShareLink('good', NOW, async () => ({ expiresAt: later, revokedAt: earlier }))).toBeNull()
  })

  it('lists either kind as one row: its state, and Revoke offered on an active link only', () => {
    const link = { id: 'l1', createdAt: earlier, expiresAt: later, revokedAt: null, createdBy: { id: 'u1', firstName: 'Dana', lastName: 'Reyes' } }
    expect(shareLinkRow(link, null, NOW)).toEqual({
      id: 'l1',
      createdAt: earlier.toISOString(),
      createdBy: { id: 'u1', name: 'Dana Reyes' },
      expiresAt: later.toISOString(),
      revokedAt: null,
      lastUsedAt: null,
      state: 'active',
      revocable: true,
    })
    expect(shareLinkRow({ ...link, revokedAt: earlier }, NOW, NOW)).toMatchObject({ state: 'revoked', revocable: false, lastUsedAt: NOW.toISOString() })
    expect(shareLinkRow({ ...link, expiresAt: earlier, createdBy: null }, null, NOW)).toMatchObject({ state: 'expired', revocable: false, createdBy: null })
  })
})

describe('the payment link’s policy', () => {
  it('opens an invoice that asks for money only; the form refuses exactly what the link does not open', () => {
    expect(INVOICE_STATUSES.filter((status) => paymentLinkOpens({ status }))).toEqual(['sent', 'partially_paid'])
    for (const status of INVOICE_STATUSES)
      expect(remittanceFormRefusal({ status }), status).toEqual(
        paymentLinkOpens({ status }) ? null : { code: 'invalid_transition', key: `payment.closed.${status}` },
      )
  })
})

describe('the settlement page’s warning', () => {
  it('is the approve refusal of a draft whose net is below zero, and nothing else', () => {
    expect(settlementHeldBack({ status: 'draft', netCents: -1 })).toBe('settlements.errors.negativeNet')
    expect(settlementHeldBack({ status: 'draft', netCents: 0 })).toBeNull()
    expect(settlementHeldBack({ status: 'approved', netCents: -1 })).toBeNull()
    expect(settlementHeldBack({ status: 'void', netCents: -1 })).toBeNull()
  })
})
