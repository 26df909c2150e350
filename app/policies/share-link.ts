/**
 * A link that opens one thing signed out: a load's tracking page (ADR 063) or a stored file's
 * download (ADR 067). The two are one thing twice (ADR 107): a secret token of which only the hash
 * is kept, a life of some days up to the kind's maximum, and a revocation. This policy is the one
 * place that says what state a link is in, whether it opens, and what the office may do with it;
 * the share-link service (app/models/share-link.server.ts) and the "share links" card read it.
 * No zod and nothing server-only (ADR 047).
 */
export const SHARE_LINK_STATES = ['active', 'expired', 'revoked'] as const
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number]

/** What the state of a link is read from: its two dates, as stored or as serialized. */
export type ShareLinkDates = { expiresAt: Date | string; revokedAt: Date | string | null }

const DAY_MS = 86_400_000

const time = (value: Date | string) => (typeof value === 'string' ? Date.parse(value) : value.getTime())

/** Revoked wins over expired (the office ended it); a link expires at its `expiresAt`, not a moment later. */
export function shareLinkState(link: ShareLinkDates, now: Date | number = Date.now()): ShareLinkState {
  if (link.revokedAt) return 'revoked'
  return time(link.expiresAt) <= (typeof now === 'number' ? now : now.getTime()) ? 'expired' : 'active'
}

/** Whether the link opens its page or file: only while active (anything else is a 404, which tells nothing). */
export function shareLinkOpens(link: ShareLinkDates, now: Date | number = Date.now()) {
  return shareLinkState(link, now) === 'active'
}

/** Revoke is offered on an active link; revoking one that is no longer active changes nothing (and answers the same). */
export function shareLinkRevocable(link: ShareLinkDates, now: Date | number = Date.now()) {
  return shareLinkOpens(link, now)
}

/** When a link made now for `days` stops working: never later than the kind's maximum. */
export function shareLinkExpiry(now: Date, days: number, maxDays: number) {
  return new Date(now.getTime() + Math.min(Math.max(1, days), maxDays) * DAY_MS)
}

/** A link as the office sees it, either kind (the share-link service's row, the share-links card's). */
export type ShareLinkRow = {
  id: string
  createdAt: string
  createdBy: { id: string; name: string } | null
  expiresAt: string
  revokedAt: string | null
  /** When it last opened (a tracking page viewed, a file downloaded). */
  lastUsedAt: string | null
  state: ShareLinkState
  /** Whether the card offers Revoke. */
  revocable: boolean
}

/** How the card draws each state. */
export const SHARE_LINK_TONE = { active: 'success', revoked: 'default', expired: 'warning' } as const satisfies Record<ShareLinkState, string>
