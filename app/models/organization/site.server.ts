/**
 * The public site's carrier: the organization `SITE_ORGANIZATION` names, else the first
 * one made. Every signed-out site page (/about-us, /faqs, /contact-us, /pricing, /coming-soon)
 * speaks for it; the pages reached by a token (/payment, /track) speak for the token's own
 * organization instead. Each page reads its data with one function here; /contact-us files its
 * messages in the shared inbox (docs/decisions/060-site-pages.md).
 */
import { consumeRateLimit } from '~/models/operations/rate-limit.server'
import type { ContactMessage } from '~/schemas/site'
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'
import { addressLines } from '~/utils/format'
import { inboundEmail } from '~/utils/inbound-address.server'
import { mailSnippet, mailSubjectLine } from '~/utils/mail-text'

import { faqOf, servicesOf } from './organization.server'

/** What the site frame shows on every page: the carrier's name and how to reach it. */
export const siteFrameSelect = {
  id: true,
  name: true,
  legalName: true,
  mcNumber: true,
  dotNumber: true,
  phone: true,
  siteContactEmail: true,
  siteContactPhone: true,
  siteTagline: true,
} as const

export type SiteFrameOrganization = {
  id: string
  name: string
  legalName: string | null
  mcNumber: string | null
  dotNumber: string | null
  phone: string | null
  siteContactEmail: string | null
  siteContactPhone: string | null
  siteTagline: string | null
}

/** The site organization's id, or null on an empty installation (no organization yet). */
export async function siteOrganizationId(): Promise<string | null> {
  const configured = env().SITE_ORGANIZATION
  if (configured) {
    const found = await prisma.organization.findUnique({ where: { id: configured }, select: { id: true } })
    if (found) return found.id
  }
  const first = await prisma.organization.findFirst({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { id: true } })
  return first?.id ?? null
}

/** The frame's details of the site organization (null on an empty installation). */
export async function siteFrameOrganization(): Promise<SiteFrameOrganization | null> {
  const id = await siteOrganizationId()
  if (!id) return null
  return prisma.organization.findUnique({ where: { id }, select: siteFrameSelect })
}

/** The about page: the texts, the carrier's data and its fleet (trucks, trailers by type; sold or retired units, `inactive`, do not count). */
export async function siteAboutPage() {
  const id = await siteOrganizationId()
  if (!id) return null
  const [organization, trailers] = await Promise.all([
    prisma.organization.findUnique({
      where: { id },
      select: {
        name: true,
        legalName: true,
        mcNumber: true,
        dotNumber: true,
        phone: true,
        addressLine1: true,
        addressLine2: true,
        city: true,
        state: true,
        postalCode: true,
        country: true,
        siteTagline: true,
        siteAbout: true,
        siteServices: true,
        siteContactPhone: true,
        _count: { select: { trucks: { where: { status: { not: 'inactive' } } } } },
      },
    }),
    prisma.trailer.groupBy({ by: ['type'], where: { organizationId: id, status: { not: 'inactive' } }, _count: { _all: true }, orderBy: { type: 'asc' } }),
  ])
  if (!organization) return null
  const { _count, siteAbout, siteServices, ...rest } = organization
  return {
    ...rest,
    address: addressLines(organization),
    paragraphs: paragraphsOf(siteAbout),
    services: servicesOf(siteServices),
    fleet: { trucks: _count.trucks, trailers: trailers.map((row) => ({ type: row.type, count: row._count._all })) },
  }
}

/** The FAQ page's entries and its carrier's name. */
export async function siteFaqPage() {
  const id = await siteOrganizationId()
  if (!id) return null
  const organization = await prisma.organization.findUnique({ where: { id }, select: { name: true, siteFaq: true } })
  return organization ? { name: organization.name, faq: faqOf(organization.siteFaq) } : null
}

/** The contact page's details: the site's contact address and phone (else the organization's phone) and its address. */
export async function siteContactPage() {
  const id = await siteOrganizationId()
  if (!id) return null
  const organization = await prisma.organization.findUnique({
    where: { id },
    select: {
      name: true,
      phone: true,
      siteContactEmail: true,
      siteContactPhone: true,
      addressLine1: true,
      addressLine2: true,
      city: true,
      state: true,
      postalCode: true,
      country: true,
    },
  })
  if (!organization) return null
  return {
    name: organization.name,
    email: organization.siteContactEmail,
    phone: organization.siteContactPhone ?? organization.phone,
    address: addressLines(organization),
  }
}

/** The coming-soon page's date (null when none is set) and the carrier's tagline. */
export async function siteComingSoonPage() {
  const id = await siteOrganizationId()
  if (!id) return null
  return prisma.organization.findUnique({ where: { id }, select: { name: true, siteTagline: true, siteComingSoonAt: true, timezone: true } })
}

/** Plain text in paragraphs: split at blank lines, each trimmed, empty ones dropped. */
export function paragraphsOf(value: string | null) {
  return (value ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
}

/** Messages per sender address and per client in CONTACT_WINDOW_MS. */
export const CONTACT_LIMITS = { perAddress: 3, perIp: 10 } as const
const CONTACT_WINDOW_MS = 60 * 60_000

/**
 * A message from /contact-us, filed in the site organization's shared inbox as inbound mail is
 * (app/models/mail/mail-inbound.server.ts): from the sender's address, to the organization's inbound
 * address. The honeypot (`website`) filled: dropped without a word, answered as sent. Limited per
 * sender address and per client IP (CONTACT_LIMITS an hour): over it, nothing is filed and the
 * refusal (429 `rate_limited`) says in how many minutes to try again.
 */
export async function sendContactMessage(input: ContactMessage, ip: string): Promise<void> {
  if (input.website) return
  const limit = await consumeRateLimit(
    [
      { key: `contact-address:${input.email}`, max: CONTACT_LIMITS.perAddress },
      { key: `contact-ip:${ip}`, max: CONTACT_LIMITS.perIp },
    ],
    CONTACT_WINDOW_MS,
  )
  if (!limit.ok) {
    throw new DomainError('rate_limited', 'site.contact.limited', {
      params: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
      headers: { 'Retry-After': String(limit.retryAfterSeconds) },
    })
  }
  const id = await siteOrganizationId()
  if (!id) return
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id }, select: { name: true, inboundLocalPart: true } })
  const details = [input.company ? `Company: ${input.company}` : '', input.phone ? `Phone: ${input.phone}` : ''].filter(Boolean)
  const text = [input.message, details.join('\n'), '-- Sent from the contact form of the website (/contact-us).'].filter(Boolean).join('\n\n')
  await prisma.mailMessage.create({
    data: {
      organizationId: id,
      ownerId: null,
      folder: 'inbox',
      fromName: input.name,
      fromEmail: input.email,
      to: [{ name: organization.name, email: inboundEmail(organization.inboundLocalPart) }],
      subject: mailSubjectLine(`Website contact: ${input.name}${input.company ? ` (${input.company})` : ''}`).slice(0, 998),
      text,
      snippet: mailSnippet(text),
    },
  })
}
