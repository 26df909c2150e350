/**
 * The organization's own details: its names, MC and DOT numbers, address, phone, time zone, the
 * language of its documents and the remit-to bank details its invoices print. The organization page and `GET, PUT /api/organization`
 * both call these; who may read or change them is the permission matrix's `organization`.
 */
import type { Prisma } from '~/generated/prisma/client'
import { FALLBACK_LANGUAGE, type LanguageCode, normalizeLanguage } from '~/i18n'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertOneRow, assertVersion, requireFound } from '~/models/records/records.server'
import type { OrganizationPut, OrganizationRecord as OrganizationAnswer } from '~/schemas/organization'
import type { FaqEntry, SiteService, SiteTexts, SiteTextsRecord, SiteTextsUpdate } from '~/schemas/site'
import { prisma, type Tx } from '~/utils/db.server'
import { addressLines } from '~/utils/format'
import { inboundEmail } from '~/utils/inbound-address.server'
import { addressColumns } from '~/utils/object'
import { safeTimeZone, zonedInstant, zonedWallClock } from '~/utils/time'

const ENTITY = 'organization'

export const organizationSelect = {
  id: true,
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
  timezone: true,
  language: true,
  bankName: true,
  bankAccountName: true,
  bankRoutingNumber: true,
  bankAccountNumber: true,
  inboundLocalPart: true,
  siteTagline: true,
  siteAbout: true,
  siteFaq: true,
  siteServices: true,
  siteContactEmail: true,
  siteContactPhone: true,
  siteComingSoonAt: true,
  createdAt: true,
  updatedAt: true,
  version: true,
} as const satisfies Prisma.OrganizationSelect

export type OrganizationRecord = Prisma.OrganizationGetPayload<{ select: typeof organizationSelect }>

/** The caller's organization (every signed-in user has one). */
export async function getOrganization(organizationId: string, db: Tx | typeof prisma = prisma) {
  return requireFound(await db.organization.findUnique({ where: { id: organizationId }, select: organizationSelect }), 'organization.errors.notFound')
}

/** The organization's inbound mail address (`inboundEmail`): what brokers write to, filed in its shared inbox. */
export async function organizationInboundEmail(organizationId: string, db: Tx | typeof prisma = prisma) {
  const organization = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { inboundLocalPart: true } })
  return inboundEmail(organization.inboundLocalPart)
}

/** The organization's time zone (one the runtime does not know reads as UTC), inside a transaction or not. */
export async function organizationTimeZone(organizationId: string, db: Tx | typeof prisma = prisma) {
  const organization = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { timezone: true } })
  return safeTimeZone(organization.timezone)
}

/**
 * The language the organization's own documents are written in (ADR 128), whoever reads them: the
 * fuel tax return's PDF and the trip sheets, and the next document that is the organization's
 * rather than one person's. Invoices keep their creator's, pay statements their driver's.
 */
export async function organizationLanguage(organizationId: string, db: Tx | typeof prisma = prisma): Promise<LanguageCode> {
  const organization = await db.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { language: true } })
  return normalizeLanguage(organization.language) ?? FALLBACK_LANGUAGE
}

/** Today's date on the organization's clock: due dates, "overdue" and payment dates are calendar days there. */
export async function organizationToday(organizationId: string, db: Tx | typeof prisma = prisma, now = new Date()) {
  return zonedWallClock(now, await organizationTimeZone(organizationId, db)).slice(0, 10)
}

/** Stored FAQ entries as the pages show them (rows the schema did not write are skipped, never a 500). */
export function faqOf(value: unknown): FaqEntry[] {
  return (Array.isArray(value) ? value : []).filter(
    (row): row is FaqEntry => typeof row === 'object' && row !== null && typeof row.question === 'string' && typeof row.answer === 'string',
  )
}

/** Stored services as the pages show them. */
export function servicesOf(value: unknown): SiteService[] {
  return (Array.isArray(value) ? value : [])
    .filter((row): row is SiteService => typeof row === 'object' && row !== null && typeof row.name === 'string')
    .map((row) => ({ name: row.name, description: typeof row.description === 'string' ? row.description : undefined }))
}

type SiteColumns = Pick<
  OrganizationRecord,
  'siteTagline' | 'siteAbout' | 'siteFaq' | 'siteServices' | 'siteContactEmail' | 'siteContactPhone' | 'siteComingSoonAt'
>

/** The public site's texts as the API and the dashboard's site page show them. */
export function serializeSiteTexts(row: SiteColumns): SiteTextsRecord {
  return {
    tagline: row.siteTagline,
    about: row.siteAbout,
    faq: faqOf(row.siteFaq),
    services: servicesOf(row.siteServices).map((service) => ({ name: service.name, description: service.description ?? null })),
    contactEmail: row.siteContactEmail,
    contactPhone: row.siteContactPhone,
    comingSoonAt: row.siteComingSoonAt?.toISOString() ?? null,
  }
}

/**
 * The organization as the API and the page show it: `timeZone` for the stored `timezone`,
 * `inboundEmail`, the address brokers write to (read-only: no form or PUT changes it), and `site`,
 * the public site's texts.
 */
export function serializeOrganization(row: OrganizationRecord): OrganizationAnswer {
  const {
    timezone,
    language,
    inboundLocalPart,
    createdAt,
    updatedAt,
    siteTagline,
    siteAbout,
    siteFaq,
    siteServices,
    siteContactEmail,
    siteContactPhone,
    siteComingSoonAt,
    ...rest
  } = row
  return {
    ...rest,
    timeZone: timezone,
    language: normalizeLanguage(language) ?? FALLBACK_LANGUAGE,
    inboundEmail: inboundEmail(inboundLocalPart),
    site: serializeSiteTexts({ siteTagline, siteAbout, siteFaq, siteServices, siteContactEmail, siteContactPhone, siteComingSoonAt }),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  }
}
export type OrganizationDto = OrganizationAnswer

/** What the audit log records: the fields under their API names. */
function auditable(row: OrganizationRecord) {
  const { id: _id, inboundEmail: _e, createdAt: _c, updatedAt: _u, version: _v, site, ...rest } = serializeOrganization(row)
  // The site's texts one by one (`siteTagline`, `siteFaq` …): the audit log shows each change on its own line.
  const texts = Object.fromEntries(Object.entries(site).map(([key, value]) => [`site${key[0].toUpperCase()}${key.slice(1)}`, value]))
  return { ...rest, ...texts }
}

/** The site texts' columns: empty is null, the coming-soon date read on the organization's clock (a form's wall clock) or as the instant sent. */
function siteColumns(site: SiteTexts, timeZone: string) {
  return {
    siteTagline: site.tagline || null,
    siteAbout: site.about || null,
    siteFaq: site.faq,
    siteServices: site.services.map((service) => ({ name: service.name, description: service.description || null })),
    siteContactEmail: site.contactEmail || null,
    siteContactPhone: site.contactPhone || null,
    siteComingSoonAt: site.comingSoonAt ? zonedInstant(site.comingSoonAt, safeTimeZone(timeZone)) : null,
  }
}

/** One versioned save of the organization's row (409 `conflict` when stale, nothing written) and its audit event. */
async function saveOrganization(actor: Actor, version: number, columns: (before: OrganizationRecord) => Prisma.OrganizationUpdateManyMutationInput) {
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const before = await getOrganization(organizationId, tx)
    assertVersion(before, version)
    assertOneRow(await tx.organization.updateMany({ where: { id: organizationId, version }, data: { ...columns(before), version: { increment: 1 } } }))
    const after = await getOrganization(organizationId, tx)
    await recordAudit(tx, actor, { entity: ENTITY, entityId: organizationId, action: 'update', before: auditable(before), after: auditable(after) })
    return after
  })
}

/**
 * Saves the whole record if nobody changed it since `version` was read (409 `conflict`
 * otherwise, nothing written); empty fields are stored as null. One audit event per save.
 * `site` (the API's) replaces the public site's texts too; without it they stay as they are, and
 * so does the language without `language`.
 */
export async function updateOrganization(actor: Actor, input: OrganizationPut) {
  assertActorMay(actor, 'update', 'organization')
  return saveOrganization(actor, input.version, () => {
    const data = {
      name: input.name,
      legalName: input.legalName || null,
      mcNumber: input.mcNumber || null,
      dotNumber: input.dotNumber || null,
      phone: input.phone || null,
      ...addressColumns(input),
      timezone: input.timeZone,
      ...(input.language ? { language: input.language } : {}),
      bankName: input.bankName || null,
      bankAccountName: input.bankAccountName || null,
      bankRoutingNumber: input.bankRoutingNumber || null,
      bankAccountNumber: input.bankAccountNumber || null,
    }
    return input.site ? { ...data, ...siteColumns(input.site, input.timeZone) } : data
  })
}

/** The public site's texts alone (the dashboard's site page, admins): the same versioned save and audit as the record. */
export async function updateSiteTexts(actor: Actor, input: SiteTextsUpdate) {
  assertActorMay(actor, 'update', 'organization')
  return saveOrganization(actor, input.version, (before) => siteColumns(input, before.timezone))
}

/**
 * The organization as the party an invoice is from: its legal name, address, MC and DOT numbers
 * and phone, and its bank as the remit-to when routing and account numbers are set. The invoice
 * page and the PDF both print these lines.
 */
export async function organizationParty(organizationId: string) {
  const row = await getOrganization(organizationId)
  return {
    from: {
      name: row.legalName ?? row.name,
      lines: [...addressLines(row), row.mcNumber ? `MC-${row.mcNumber}` : '', row.dotNumber ? `USDOT ${row.dotNumber}` : '', row.phone ?? ''].filter(Boolean),
    },
    bank:
      row.bankRoutingNumber && row.bankAccountNumber
        ? {
            accountName: row.bankAccountName ?? row.legalName ?? row.name,
            bankName: row.bankName,
            routingNumber: row.bankRoutingNumber,
            accountNumber: row.bankAccountNumber,
          }
        : null,
  }
}
