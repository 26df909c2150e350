/**
 * The signed token of an invoice's payment page (`/payment?invoice=<token>`, ADR 062): the invoice,
 * its organization, an expiry and the invoice's link generation, signed with HMAC-SHA256 under a
 * key derived from SESSION_SECRET. Nothing is stored but the generation, which revoking the links
 * raises (ADR 090): the signature is the proof. A token that is malformed, tampered with in any
 * byte, signed under another secret or expired reads as no token at all (the page answers 404).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

import { env } from './env.server'

/** How long an emailed link works: a year, longer than any payment term and most collections. */
export const PAYMENT_LINK_DAYS = 365

/** Longer than any token this module signs (two cuids, a time, a 32-byte MAC): refused unread. */
const MAX_TOKEN_LENGTH = 200
const PART = /^[A-Za-z0-9_-]+$/
const ID = /^[a-z0-9]{1,40}$/

/** `generation`: the invoice's `paymentLinkGen` when the link was made (1 for links made before there was one). */
export type PaymentClaim = { invoiceId: string; organizationId: string; expiresAt: Date; generation: number }

// The signing key: the session secret under its own label, so no other signature is a payment token.
let derived: { secret: string; key: Buffer } | undefined
function signingKey() {
  const secret = env().SESSION_SECRET
  if (derived?.secret !== secret) derived = { secret, key: createHmac('sha256', secret).update('freightdesk:payment-link:v1').digest() }
  return derived.key
}

function mac(payload: Buffer) {
  return createHmac('sha256', signingKey()).update(payload).digest()
}

/** The token for an invoice: `base64url(invoiceId.organizationId.expirySeconds.generation).base64url(mac)`. */
export function signPaymentToken(invoice: { id: string; organizationId: string; paymentLinkGen: number }, now = new Date(), days = PAYMENT_LINK_DAYS) {
  const expires = Math.floor(now.getTime() / 1000) + days * 86_400
  const payload = Buffer.from(`${invoice.id}.${invoice.organizationId}.${expires}.${invoice.paymentLinkGen}`, 'utf8')
  return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`
}

/** Decodes base64url only in its one canonical spelling (no padding, no stray bits, no other characters). */
function decode(part: string) {
  if (!PART.test(part)) return null
  const bytes = Buffer.from(part, 'base64url')
  return bytes.toString('base64url') === part ? bytes : null
}

/** What a valid, unexpired token names; null for anything else. The MAC is compared in constant time. */
export function verifyPaymentToken(token: unknown, now = new Date()): PaymentClaim | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null
  const parts = token.split('.')
  if (parts.length !== 2) return null
  const payload = decode(parts[0])
  const signature = decode(parts[1])
  if (!payload || !signature) return null
  const expected = mac(payload)
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null
  // Links emailed before generations existed have three fields: the first generation.
  const [invoiceId, organizationId, expiry, generation = '1', ...rest] = payload.toString('utf8').split('.')
  if (rest.length || !ID.test(invoiceId) || !ID.test(organizationId ?? '') || !/^\d{1,12}$/.test(expiry ?? '') || !/^[1-9]\d{0,8}$/.test(generation))
    return null
  const expiresAt = new Date(Number(expiry) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return null
  return { invoiceId, organizationId, expiresAt, generation: Number(generation) }
}
