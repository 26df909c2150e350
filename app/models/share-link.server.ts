/**
 * The share-link service (ADR 107): what a load's tracking link (tracking-link.server.ts) and a
 * file's share link (file-share.server.ts) do alike, written once. A link is 32 random bytes of
 * which only the sha256 is stored, so its address is shown once, when made; it lives some days up
 * to its kind's maximum and until revoked; the office lists each with its state. The state itself
 * is the share-link policy's (app/policies/share-link.ts). Each kind keeps its own table and the
 * record it opens; this module never names either.
 */
import { type ShareLinkDates, shareLinkExpiry, shareLinkOpens, shareLinkRevocable, type ShareLinkRow, shareLinkState } from '~/policies/share-link'
import { createToken, sha256 } from '~/utils/crypto.server'

/** Longer than any token made here (43 characters): refused unread. */
const MAX_TOKEN_LENGTH = 100
const TOKEN = /^[A-Za-z0-9_-]+$/

/** A new link: its token (in the answer that made it, nowhere else), the hash stored, and when it stops working. */
export function newShareLink(now: Date, days: number, maxDays: number) {
  const { token, tokenHash } = createToken()
  return { token, tokenHash, expiresAt: shareLinkExpiry(now, days, maxDays) }
}

/**
 * The link a token names, when it opens (active), else null: a token that is not one of ours is
 * not looked up, an unknown, revoked or expired one reads the same (the page answers 404).
 */
export async function openShareLink<Link extends ShareLinkDates>(token: unknown, now: Date, find: (tokenHash: string) => Promise<Link | null>) {
  if (typeof token !== 'string' || !token || token.length > MAX_TOKEN_LENGTH || !TOKEN.test(token)) return null
  const link = await find(sha256(token))
  return link && shareLinkOpens(link, now) ? link : null
}

/** Who made a link, as the card names them. */
export const shareLinkMakerSelect = { createdBy: { select: { id: true, firstName: true, lastName: true } } } as const

type StoredLink = {
  id: string
  createdAt: Date
  expiresAt: Date
  revokedAt: Date | null
  createdBy: { id: string; firstName: string; lastName: string } | null
}

export function shareLinkRow(link: StoredLink, lastUsedAt: Date | null, now: Date | number = Date.now()): ShareLinkRow {
  const state = shareLinkState(link, now)
  return {
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    createdBy: link.createdBy ? { id: link.createdBy.id, name: `${link.createdBy.firstName} ${link.createdBy.lastName}`.trim() } : null,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    lastUsedAt: lastUsedAt?.toISOString() ?? null,
    state,
    revocable: shareLinkRevocable(link, now),
  }
}

/**
 * Revoking: a link already revoked is left as it is and answered the same (nothing written, no
 * audit); any other is revoked now, through the kind's own write and audit.
 */
export async function revokeShareLink<Link extends { revokedAt: Date | null }>(link: Link, now: Date, revoke: (revokedAt: Date) => Promise<Link>) {
  return link.revokedAt ? link : revoke(now)
}
