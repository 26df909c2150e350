/**
 * An organization's inbound address: `<inboundLocalPart>@<INBOUND_EMAIL_DOMAIN>`, what
 * brokers write to and the SMTP receiver files in the shared inbox. Built here and only here: the
 * organization page, `GET /api/organization`, the receiver and the mail pages all ask this module.
 */
import { randomInt } from 'node:crypto'

import { env } from './env.server'

/** RFC 4648 base32 in lower case: no 0/1/8/9, so nothing reads as O, l or B. */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'
const RANDOM_CHARS = 6
const SLUG_CHARS = 24

/** The address of a local part, on the configured domain. */
export function inboundEmail(localPart: string) {
  return `${localPart}@${env().INBOUND_EMAIL_DOMAIN}`
}

/**
 * A new organization's local part: its name as a slug (ASCII letters and digits, accents dropped,
 * at most 24 characters, cut between words; `org` when nothing is left, as for a name in Chinese
 * or Arabic) and six
 * random base32 characters, so an address is readable yet not guessed from the name alone.
 */
export function newInboundLocalPart(name: string) {
  const full = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  let slug = full.slice(0, SLUG_CHARS)
  // Cut at a word's end when there is one: `lone-star-freight`, not `lone-star-freight-servic`.
  if (full.length > SLUG_CHARS && full[SLUG_CHARS] !== '-' && slug.lastIndexOf('-') > 0) slug = slug.slice(0, slug.lastIndexOf('-'))
  slug = slug.replace(/-+$/, '') || 'org'
  let random = ''
  for (let i = 0; i < RANDOM_CHARS; i++) random += BASE32[randomInt(BASE32.length)]
  return `${slug}-${random}`
}

/**
 * The local part an envelope recipient names on our domain (lower case, as stored), or null for
 * an address elsewhere or one that cannot be ours. A `+tag` after the local part is ignored
 * (`acme-x7k2qa+loads@…` is acme's), as mail providers do.
 */
export function inboundLocalPartOf(address: string) {
  const at = address.lastIndexOf('@')
  if (at <= 0) return null
  const domain = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
  if (domain !== env().INBOUND_EMAIL_DOMAIN) return null
  const local = address.slice(0, at).trim().toLowerCase().split('+')[0]
  return /^[a-z0-9]([a-z0-9-]{0,62})$/.test(local) ? local : null
}
