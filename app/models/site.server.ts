/**
 * The public site's carrier (issue 28): the organization `SITE_ORGANIZATION` names, else the first
 * one made. Every signed-out site page (/about-us, /faqs, /contact-us, /pricing, /coming-soon)
 * speaks for it; the pages reached by a token (/payment, /track) speak for the token's own
 * organization instead.
 */
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'

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
