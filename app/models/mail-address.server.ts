/**
 * The organization's inbound address (`<inboundLocalPart>@<INBOUND_EMAIL_DOMAIN>`): what brokers
 * write to, and what the shared mailbox sends from. The domain is read here and nowhere else.
 */
import { prisma } from '~/utils/db.server'

export const DEFAULT_INBOUND_EMAIL_DOMAIN = 'inbound.freightdesk.test'

/** The domain of every organization's inbound address (env INBOUND_EMAIL_DOMAIN), lowercase. */
export function inboundEmailDomain() {
  return (process.env.INBOUND_EMAIL_DOMAIN?.trim() || DEFAULT_INBOUND_EMAIL_DOMAIN).toLowerCase()
}

/** The address for a local part, or null when the organization has none yet. */
export function inboundAddressOf(localPart: string | null | undefined) {
  return localPart ? `${localPart.toLowerCase()}@${inboundEmailDomain()}` : null
}

/** The organization's name and inbound address (null without a local part). */
export async function organizationMailIdentity(organizationId: string) {
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, inboundLocalPart: true } })
  return { name: organization.name, address: inboundAddressOf(organization.inboundLocalPart) }
}
