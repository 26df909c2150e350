/** The dispatch board (/dashboard/kanban): its board shape and bounds, who sees and moves what, and the move action's answers. */
import { describe, expect, it } from 'vitest'

import { loadBoard } from '~/models/loads/load-board.server'
import * as kanban from '~/routes/dashboard/kanban'
import { BOARD_COLUMN_LIMIT, BOARD_STATUSES } from '~/schemas/kanban-options'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'

import { callPage, type Handler, postForm } from '../page-helpers'

/** The board's loader or action as React Router calls it. */
const call = (handler: Handler, userId: string, init: RequestInit = {}) => callPage(handler, '/dashboard/kanban', userId, {}, init)
import { createOrg, fleet, newLoad, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>
const DAY = 86_400_000

/** Load rows straight into the table (the board only reads them): status and pickup time as given. */
async function rows(org: Org, brokerId: string, specs: Array<{ status: string; pickupAt: Date | null }>) {
  const organizationId = org.organization.id
  const prefix = unique('K').slice(-8)
  await prisma.load.createMany({
    data: specs.map((spec, index) => ({
      organizationId,
      brokerId,
      loadNumber: `${prefix}-${String(index).padStart(4, '0')}`,
      status: spec.status as never,
      pickupAt: spec.pickupAt,
      pickupCity: 'Dallas',
      pickupState: 'TX',
      deliveryCity: 'Tulsa',
      deliveryState: 'OK',
    })),
  })
  const created = await prisma.load.findMany({ where: { organizationId, loadNumber: { startsWith: prefix } }, orderBy: { loadNumber: 'asc' } })
  return created.map((load) => load.id)
}

type BoardData = {
  board: {
    columns: Record<string, { id: string; name: string; cardIds: string[]; total: number; totalCapped: boolean }>
    columnOrder: string[]
    cards: Record<
      string,
      { id: string; loadNumber: string; status: string; broker: string; driver: string | null; pickupAt: string | null; outOfService: unknown }
    >
  }
  canMove: boolean
}

describe('dispatch board', () => {
  it("sends the specification's board shape: columns booked to delivered, their cards and totals, the lane and the driver", async () => {
    const org = await createOrg()
    const { broker, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId })
    await rows(org, broker.id, [{ status: 'draft', pickupAt: null }])
    const page = await call(kanban.loader as Handler, org.users.admin.id)
    expect(page.status).toBe(200)
    const { board } = page.data as unknown as BoardData
    expect(board.columnOrder).toEqual([...BOARD_STATUSES])
    expect(Object.keys(board.columns)).toEqual([...BOARD_STATUSES])
    expect(board.columns.booked).toEqual({ id: 'booked', name: 'Booked', cardIds: [load.id], total: 1, totalCapped: false })
    for (const status of BOARD_STATUSES.filter((status) => status !== 'booked')) expect(board.columns[status]).toMatchObject({ cardIds: [], total: 0 })
    // A draft is not on the board (the list has it); every card is one of the columns'.
    expect(Object.keys(board.cards)).toEqual([load.id])
    expect(board.cards[load.id]).toEqual({
      id: load.id,
      version: 1,
      loadNumber: load.loadNumber,
      status: 'booked',
      broker: broker.name,
      pickup: { city: 'Dallas', state: 'TX' },
      delivery: { city: 'Tulsa', state: 'OK' },
      driver: 'driver Tester',
      pickupAt: load.pickupAt!.toISOString(),
      // Its units may go (ADR 136): nothing keeps it from being dispatched.
      outOfService: null,
    })
  })

  it('bounds every column: upcoming pickups first, then the latest past ones, then unscheduled; delivered only for the last days; totals count them all', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const now = Date.now()
    const [later, soon, yesterdayish, longAgo, unscheduled] = await rows(org, broker.id, [
      { status: 'booked', pickupAt: new Date(now + 5 * DAY) },
      { status: 'booked', pickupAt: new Date(now + 2 * DAY) },
      { status: 'booked', pickupAt: new Date(now - 2 * DAY) },
      { status: 'booked', pickupAt: new Date(now - 40 * DAY) },
      { status: 'booked', pickupAt: null },
    ])
    const [recent, old, older] = await rows(org, broker.id, [
      { status: 'delivered', pickupAt: new Date(now - 2 * DAY) },
      { status: 'delivered', pickupAt: new Date(now - 10 * DAY) },
      { status: 'delivered', pickupAt: new Date(now - 30 * DAY) },
    ])
    const [canceled] = await rows(org, broker.id, [{ status: 'canceled', pickupAt: new Date(now + DAY) }])

    const all = await loadBoard(org.organization.id)
    const ids = (status: string, board = all) => board.columns.find((column) => column.status === status)!.cards.map((card) => card.id)
    expect(ids('booked')).toEqual([soon, later, yesterdayish, longAgo, unscheduled])
    expect(ids('delivered')).toEqual([recent])
    expect([old, older, canceled].some((id) => all.columns.some((column) => column.cards.some((card) => card.id === id)))).toBe(false)
    expect(all.columns.find((column) => column.status === 'booked')).toMatchObject({ total: 5, totalCapped: false })
    expect(all.columns.find((column) => column.status === 'delivered')).toMatchObject({ total: 1 })

    // At most `limit` cards a column, the most relevant ones; the total still counts every load of the column.
    const two = await loadBoard(org.organization.id, { limit: 2 })
    expect(ids('booked', two)).toEqual([soon, later])
    expect(two.columns.find((column) => column.status === 'booked')!.total).toBe(5)
    const three = await loadBoard(org.organization.id, { limit: 4 })
    expect(ids('booked', three)).toEqual([soon, later, yesterdayish, longAgo])

    // The page: at most BOARD_COLUMN_LIMIT cards however many loads a column holds.
    await rows(
      org,
      broker.id,
      Array.from({ length: BOARD_COLUMN_LIMIT + 3 }, (_, index) => ({ status: 'in_transit', pickupAt: new Date(now - (index + 1) * 3_600_000) })),
    )
    const page = await call(kanban.loader as Handler, org.users.dispatcher.id)
    const { board } = page.data as unknown as BoardData
    expect(board.columns.in_transit.cardIds).toHaveLength(BOARD_COLUMN_LIMIT)
    expect(board.columns.in_transit.total).toBe(BOARD_COLUMN_LIMIT + 3)
    expect(Object.keys(board.cards)).toHaveLength(BOARD_COLUMN_LIMIT + 6)
  })

  it('lets admins and dispatchers move, shows accountants and viewers the board read-only, and sends drivers to their own list', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id })
    const expected: Array<[Role, boolean]> = [
      ['admin', true],
      ['dispatcher', true],
      ['accountant', false],
      ['viewer', false],
    ]
    for (const [role, canMove] of expected) {
      const page = await call(kanban.loader as Handler, org.users[role].id)
      expect({ role, status: page.status, canMove: page.data?.canMove }).toEqual({ role, status: 200, canMove })
      expect((page.data as unknown as BoardData).board.columns.booked.cardIds).toEqual([load.id])
    }
    expect(await call(kanban.loader as Handler, org.users.driver.id)).toMatchObject({ status: 302, location: '/dashboard/loads/mine' })
    for (const role of ['accountant', 'viewer', 'driver'] as const) {
      const move = await call(kanban.action as Handler, org.users[role].id, postForm({ intent: 'move', loadId: load.id, status: 'canceled', version: '1' }))
      expect({ role, status: move.status }).toEqual({ role, status: 403 })
    }
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: 1 })
  })

  it('moves a load with the form: a legal move is written and audited, then back to the board with a toast', async () => {
    const org = await createOrg()
    const { broker, truck, trailer, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId, truckId: truck.id, trailerId: trailer.id })
    const move = await call(
      kanban.action as Handler,
      org.users.dispatcher.id,
      postForm({ intent: 'move', loadId: load.id, status: 'dispatched', version: '1' }),
    )
    expect(move).toMatchObject({ status: 302, location: '/dashboard/kanban', toast: { type: 'success', title: `Load ${load.loadNumber}: Dispatched` } })
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'dispatched', version: 2 })
    expect(await prisma.truck.findUniqueOrThrow({ where: { id: truck.id } })).toMatchObject({ status: 'dispatched' })
    expect(await prisma.auditEvent.count({ where: { entityId: load.id, action: 'status' } })).toBe(1)

    // A drop answers with data (no navigation) and the same toast.
    const drop = await call(
      kanban.action as Handler,
      org.users.admin.id,
      postForm({ intent: 'move', via: 'drag', loadId: load.id, status: 'at_pickup', version: '2' }),
    )
    expect(drop).toMatchObject({ status: 200, data: { ok: true }, toast: { type: 'success', title: `Load ${load.loadNumber}: At pickup` } })
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'at_pickup', version: 3 })
  })

  it('refuses an illegal move, a stale version and a load it cannot see with a translated toast, and writes nothing', async () => {
    const org = await createOrg()
    const { broker, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId })
    const user = org.users.dispatcher.id
    const unchanged = async () => {
      expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: 1 })
      expect(await prisma.auditEvent.count({ where: { entityId: load.id, action: 'status' } })).toBe(0)
    }

    const illegal = await call(kanban.action as Handler, user, postForm({ intent: 'move', loadId: load.id, status: 'in_transit', version: '1' }))
    expect(illegal).toMatchObject({
      status: 302,
      location: '/dashboard/kanban',
      toast: { type: 'error', title: 'The load was not moved', description: 'A load that is Booked cannot become In transit.' },
    })
    await unchanged()

    const illegalDrop = await call(
      kanban.action as Handler,
      user,
      postForm({ intent: 'move', via: 'drag', loadId: load.id, status: 'delivered', version: '1' }),
    )
    expect(illegalDrop).toMatchObject({
      status: 200,
      data: { intent: 'move', conflict: false },
      toast: { type: 'error', description: 'A load that is Booked cannot become Delivered.' },
    })
    await unchanged()

    // Dispatch without truck and trailer: the model's reasons are in the toast.
    const incomplete = await call(kanban.action as Handler, user, postForm({ intent: 'move', loadId: load.id, status: 'dispatched', version: '1' }))
    expect(incomplete.toast?.type).toBe('error')
    expect(incomplete.toast?.description).toMatch(/truck/i)
    await unchanged()

    const stale = await call(kanban.action as Handler, user, postForm({ intent: 'move', loadId: load.id, status: 'canceled', version: '7' }))
    expect(stale).toMatchObject({
      status: 302,
      toast: { type: 'error', description: 'Someone else saved this record while you were editing it. Your changes were not saved.' },
    })
    await unchanged()

    const bad = await call(kanban.action as Handler, user, postForm({ intent: 'move', loadId: load.id, status: 'flying', version: '1' }))
    expect(bad).toMatchObject({ status: 302, toast: { type: 'error', title: 'The load was not moved' } })
    await unchanged()

    const other = await createOrg()
    const foreign = await call(kanban.action as Handler, other.users.admin.id, postForm({ intent: 'move', loadId: load.id, status: 'canceled', version: '1' }))
    expect(foreign).toMatchObject({ status: 302, toast: { type: 'error', description: 'This load does not exist or was deleted.' } })
    await unchanged()

    // No intent, an unknown one, a missing load, a malformed version: refused in the toast, never an
    // error page. (A move without a version is judged by the status machine, as in the API.)
    for (const fields of [
      { intent: 'other', loadId: load.id },
      { loadId: load.id },
      { intent: 'move', status: 'canceled', version: '1' },
      { intent: 'move', loadId: load.id, status: 'canceled', version: 'one' },
    ] as Record<string, string>[])
      expect(await call(kanban.action as Handler, user, postForm(fields))).toMatchObject({
        status: 302,
        toast: { type: 'error', title: 'The load was not moved' },
      })
    await unchanged()
  })
})
