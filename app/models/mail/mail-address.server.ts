/**
 * Who the shared mailbox writes as: the organization's name and inbound address (built by
 * app/utils/inbound-address.server.ts, the one place that knows the domain).
 */
import { prisma } from '~/utils/db.server'
import { inboundEmail } from '~/utils/inbound-address.server'

/** The organization's name, inbound local part and address (null without a local part). */
export async function organizationMailIdentity(organizationId: string) {
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, inboundLocalPart: true } })
  const localPart = organization.inboundLocalPart?.toLowerCase() || null
  return { name: organization.name, localPart, address: localPart ? inboundEmail(localPart) : null }
}
