import { prisma } from '~/utils/db.server'

/** Options for company pickers and filters. */
export function listCompanyOptions(organizationId: string) {
  return prisma.company.findMany({
    where: { organizationId },
    select: { id: true, name: true, status: true },
    orderBy: { name: 'asc' },
  })
}
