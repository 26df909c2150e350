/** A driver's own loads ("My loads"): those on the road and booked for them, and those delivered lately. */
import type { Prisma } from '~/generated/prisma/client'
import { type LoadScope } from '~/policies/load'
import { DRIVER_RECENT_DAYS } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'

import { ACTIVE } from './load.server'

const driverInclude = {
  broker: { select: { name: true } },
  truck: { select: { unitNumber: true } },
  trailer: { select: { unitNumber: true } },
  stops: { orderBy: { sequence: 'asc' } },
  documents: { select: { kind: true } },
} as const satisfies Prisma.LoadInclude

/**
 * What a driver works with: their loads on the road and booked for them (the next pickup first),
 * and what they delivered lately. Bounded: a driver has a few loads at a time, never thousands.
 */
export async function listDriverLoads(viewer: Required<LoadScope>, now = new Date()) {
  const where = { organizationId: viewer.organizationId, driverId: viewer.driverId }
  const [current, recent] = await Promise.all([
    prisma.load.findMany({
      where: { ...where, status: { in: ['booked', ...ACTIVE] } },
      include: driverInclude,
      orderBy: [{ pickupAt: { sort: 'asc', nulls: 'last' } }, { loadNumber: 'asc' }],
      take: 20,
    }),
    prisma.load.findMany({
      where: { ...where, status: { in: ['delivered', 'invoiced'] }, updatedAt: { gte: new Date(now.getTime() - DRIVER_RECENT_DAYS * 86_400_000) } },
      select: {
        id: true,
        loadNumber: true,
        status: true,
        deliveryCity: true,
        deliveryState: true,
        updatedAt: true,
        // When it was delivered: the last stop's departure (deliveredAt).
        stops: { orderBy: { sequence: 'desc' }, take: 1, select: { actualDeparture: true } },
      },
      orderBy: { updatedAt: 'desc' },
      take: 10,
    }),
  ])
  return { current, recent }
}
