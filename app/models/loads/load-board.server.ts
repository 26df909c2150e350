/**
 * The dispatch board (/dashboard/kanban): per status column its most relevant cards and how many
 * loads it holds, each column one bounded index read.
 */
import type { Prisma } from '~/generated/prisma/client'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { loadsOutOfService } from '~/models/reference/unit-service.server'
import { BOARD_COLUMN_LIMIT, BOARD_DELIVERED_DAYS, BOARD_STATUSES, type BoardStatus } from '~/schemas/kanban-options'
import { LOAD_COUNT_CAP } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'
import { zonedDayStart, zonedWallClock } from '~/utils/time'

import { person } from './load.server'
import { personName as name } from './load-serialize.server'

const boardInclude = {
  broker: { select: { name: true } },
  driver: person,
} as const satisfies Prisma.LoadInclude

type BoardRow = Prisma.LoadGetPayload<{ include: typeof boardInclude }>

/**
 * One column of the board: its most relevant cards and how many loads it holds (capped like the
 * list's counts). Every query reads the (organizationId, status, pickupAt, id) index in one
 * direction with a LIMIT, so a column costs the same at a thousand loads or a million.
 * - Loads on their way (booked to at_delivery): pickups from today on, soonest first; then the
 *   ones whose pickup day is past, most recent first; then those without a pickup time.
 * - Delivered: pickups of the last BOARD_DELIVERED_DAYS days, most recent first (older ones are on the list).
 */
async function boardColumn(organizationId: string, status: BoardStatus, bounds: { today: Date; deliveredSince: Date }, limit: number) {
  const base = { organizationId, status }
  const count = (where: Prisma.LoadWhereInput) => prisma.load.count({ where, orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }], take: LOAD_COUNT_CAP + 1 })
  const rows = (where: Prisma.LoadWhereInput, dir: 'asc' | 'desc', take: number): Promise<BoardRow[]> =>
    take > 0 ? prisma.load.findMany({ where, include: boardInclude, orderBy: [{ pickupAt: dir }, { id: dir }], take }) : Promise.resolve([])
  if (status === 'delivered') {
    const where = { ...base, pickupAt: { gte: bounds.deliveredSince } }
    const [items, total] = await Promise.all([rows(where, 'desc', limit), count(where)])
    return { items, total }
  }
  const [upcoming, total] = await Promise.all([rows({ ...base, pickupAt: { gte: bounds.today } }, 'asc', limit), count(base)])
  const past = await rows({ ...base, pickupAt: { lt: bounds.today } }, 'desc', limit - upcoming.length)
  const unscheduled = await rows({ ...base, pickupAt: null }, 'asc', limit - upcoming.length - past.length)
  return { items: [...upcoming, ...past, ...unscheduled], total }
}

/**
 * The dispatch board: per column (BOARD_STATUSES) at most `limit` cards and the column's total
 * (up to LOAD_COUNT_CAP, then `totalCapped`). Not for drivers: the page sends them to their list.
 */
export async function loadBoard(organizationId: string, options: { now?: Date; limit?: number } = {}) {
  const { now = new Date(), limit = BOARD_COLUMN_LIMIT } = options
  const timeZone = await organizationTimeZone(organizationId)
  const day = zonedWallClock(now, timeZone).slice(0, 10)
  const weekAgo = new Date(Date.parse(`${day}T00:00:00Z`) - BOARD_DELIVERED_DAYS * 86_400_000).toISOString().slice(0, 10)
  const bounds = { today: zonedDayStart(day, timeZone), deliveredSince: zonedDayStart(weekAgo, timeZone) }
  const columns = await Promise.all(BOARD_STATUSES.map((status) => boardColumn(organizationId, status, bounds, limit)))
  // A booked card whose truck or trailer is out of service says why, and is not offered "Dispatched" (ADR 136).
  const kept = await loadsOutOfService(
    organizationId,
    columns.flatMap((column) => column.items.filter((load) => load.status === 'booked')),
    timeZone,
  )
  return {
    timeZone,
    columns: BOARD_STATUSES.map((status, index) => {
      const { items, total } = columns[index]
      return {
        status,
        total: Math.min(total, LOAD_COUNT_CAP),
        totalCapped: total > LOAD_COUNT_CAP,
        cards: items.map((load) => ({
          id: load.id,
          version: load.version,
          loadNumber: load.loadNumber,
          status: load.status as BoardStatus,
          broker: load.broker.name,
          pickup: { city: load.pickupCity, state: load.pickupState },
          delivery: { city: load.deliveryCity, state: load.deliveryState },
          driver: name(load.driver),
          pickupAt: load.pickupAt?.toISOString() ?? null,
          outOfService: kept.get(load.id) ?? null,
        })),
      }
    }),
  }
}
export type LoadBoard = Awaited<ReturnType<typeof loadBoard>>
export type BoardCard = LoadBoard['columns'][number]['cards'][number]
