import { prisma } from '~/utils/db.server'

/** Drivers that can be a truck's primary driver. */
export function listDriverOptions(organizationId: string) {
  return prisma.user.findMany({
    where: { organizationId, role: 'driver', status: { not: 'banned' } },
    select: { id: true, firstName: true, lastName: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }],
  })
}

export async function countUsersByRole(organizationId: string) {
  const rows = await prisma.user.groupBy({ by: ['role'], where: { organizationId }, _count: { _all: true } })
  return Object.fromEntries(rows.map((row) => [row.role, row._count._all]))
}
