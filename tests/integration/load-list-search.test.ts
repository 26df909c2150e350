/**
 * The loads list's search and its counts (ADR 111): one LIKE on the lowercased `searchText` the
 * database keeps, as ILIKE on the four columns found, `%` and `_` literal, never across two columns;
 * a search's counts stop at LOAD_SEARCH_COUNT_CAP and are exact below it.
 */
import { describe, expect, it } from 'vitest'

import { countLoadsByStatus, listLoads } from '~/models/loads/load-list.server'
import * as collection from '~/routes/api/loads/collection'
import * as loadList from '~/routes/dashboard/loads/list'
import { LoadListQuerySchema } from '~/schemas/load'
import { LOAD_COUNT_CAP, LOAD_SEARCH_COUNT_CAP } from '~/schemas/load-options'
import { prisma } from '~/utils/db.server'

import { callApi, createOrg, unique } from '../helpers'
import { callPage, type Handler } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function loadsOf(org: Org, rows: Array<{ loadNumber: string; brokerReference?: string; pickupCity?: string; deliveryCity?: string }>) {
  const organizationId = org.organization.id
  const brokerId = (await prisma.broker.create({ data: { organizationId, name: unique('Broker') } })).id
  await prisma.load.createMany({ data: rows.map((row) => ({ organizationId, brokerId, ...row })) })
}

const search = (org: Org, q: string) => listLoads({ organizationId: org.organization.id }, LoadListQuerySchema.parse({ q, pageSize: 100 }))
const numbers = async (org: Org, q: string) => (await search(org, q)).items.map((load) => load.loadNumber).sort()

describe('the loads search', () => {
  it('finds a text in the number, broker reference or either city whatever its case, `%` and `_` literal', async () => {
    const org = await createOrg()
    await loadsOf(org, [
      { loadNumber: 'S-1', pickupCity: 'Dallas', deliveryCity: 'Houston' },
      { loadNumber: 'S-2', pickupCity: 'Tulsa', deliveryCity: 'DALLAS' },
      { loadNumber: 'S-3', brokerReference: 'REF 50% off', pickupCity: 'Montréal' },
      { loadNumber: 'S-4', brokerReference: 'A_B', pickupCity: 'Austin' },
      { loadNumber: 'S-5', brokerReference: 'AxB', pickupCity: 'Omaha' },
      { loadNumber: 'S-6_X', pickupCity: 'Laredo' },
    ])
    expect(await numbers(org, 'dallas')).toEqual(['S-1', 'S-2'])
    expect(await numbers(org, 'dAlLaS')).toEqual(['S-1', 'S-2'])
    // Lowercased as the database's collation lowercases, beyond ASCII.
    expect(await numbers(org, 'MONTRÉAL')).toEqual(['S-3'])
    expect(await numbers(org, '%')).toEqual(['S-3'])
    expect(await numbers(org, '50%')).toEqual(['S-3'])
    expect(await numbers(org, '_')).toEqual(['S-4', 'S-6_X'])
    expect(await numbers(org, 'a_b')).toEqual(['S-4'])
    expect(await numbers(org, 's-6')).toEqual(['S-6_X'])
    expect(await numbers(org, '\\')).toEqual([])
  })

  it('never matches across two columns, even with the character that joins them', async () => {
    const org = await createOrg()
    await loadsOf(org, [{ loadNumber: 'J-1', brokerReference: 'R9', pickupCity: 'Dallas', deliveryCity: 'Houston' }])
    expect(await numbers(org, 'houston')).toEqual(['J-1'])
    expect(await numbers(org, 'dallashouston')).toEqual([])
    expect(await numbers(org, 'dallas houston')).toEqual([])
    expect(await numbers(org, 'dallas\u001fhouston')).toEqual([])
    expect(await numbers(org, 'r9\u001fdallas')).toEqual([])
  })

  it('follows a load edited or created after: the database keeps the searched text', async () => {
    const org = await createOrg()
    await loadsOf(org, [{ loadNumber: 'E-1', pickupCity: 'Denver' }])
    expect(await numbers(org, 'boise')).toEqual([])
    await prisma.load.updateMany({ where: { organizationId: org.organization.id, loadNumber: 'E-1' }, data: { pickupCity: 'Boise' } })
    expect(await numbers(org, 'boise')).toEqual(['E-1'])
    expect(await numbers(org, 'denver')).toEqual([])
  })

  it('finds a load by a stop facility too', async () => {
    const org = await createOrg()
    await loadsOf(org, [
      { loadNumber: 'F-1', pickupCity: 'Reno' },
      { loadNumber: 'F-2', pickupCity: 'Reno' },
    ])
    const load = await prisma.load.findFirstOrThrow({ where: { organizationId: org.organization.id, loadNumber: 'F-2' } })
    await prisma.loadStop.create({ data: { loadId: load.id, sequence: 1, type: 'pickup', facilityName: 'Sierra 100% Cold', city: 'Reno', state: 'NV' } })
    expect(await numbers(org, '100% cold')).toEqual(['F-2'])
    expect(await numbers(org, '100_ cold')).toEqual([])
  })
})

describe('the counts of a search (ADR 111)', () => {
  it(`are exact up to ${LOAD_SEARCH_COUNT_CAP.toLocaleString('en-US')}, then capped in the total and the API, the tabs left uncounted`, async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const statuses = ['booked', 'delivered'] as const
    // The cap exactly: 600 booked and 400 delivered Dallas loads, and 50 in Tulsa that do not match.
    await loadsOf(org, [
      ...Array.from({ length: LOAD_SEARCH_COUNT_CAP }, (_, i) => ({ loadNumber: `D-${i}`, pickupCity: 'Dallas' })),
      ...Array.from({ length: 50 }, (_, i) => ({ loadNumber: `T-${i}`, pickupCity: 'Tulsa' })),
    ])
    await prisma.$executeRaw`UPDATE "Load" SET "status" = 'delivered' WHERE "organizationId" = ${organizationId} AND "loadNumber" LIKE 'D-%' AND substr("loadNumber", 3)::int < 400`
    const query = LoadListQuerySchema.parse({ q: 'dallas', pageSize: 10 })
    const exact = await listLoads({ organizationId }, query)
    expect([exact.total, exact.totalCapped, exact.countCap]).toEqual([LOAD_SEARCH_COUNT_CAP, false, LOAD_SEARCH_COUNT_CAP])
    expect(await countLoadsByStatus({ organizationId }, query)).toEqual({ [statuses[0]]: 600, [statuses[1]]: 400 })
    const api = await callApi(collection, { path: '/api/loads?q=Dallas&pageSize=10', token: org.users.viewer.token })
    expect(api.body.meta).toEqual({ total: LOAD_SEARCH_COUNT_CAP, page: 1, pageSize: 10, nextCursor: expect.any(String) })

    // One more: the total says the cap and that it stopped there; the tabs are not counted (ADR 156).
    await loadsOf(
      org,
      Array.from({ length: 1 + 700 }, (_, i) => ({ loadNumber: `D2-${i}`, pickupCity: 'DALLAS' })),
    )
    const capped = await listLoads({ organizationId }, query)
    expect([capped.total, capped.totalCapped]).toEqual([LOAD_SEARCH_COUNT_CAP, true])
    expect(await countLoadsByStatus({ organizationId }, query)).toBeNull()
    // The page: its tabs uncounted, with a status tab open too; a rare word's tabs counted.
    const viewer = org.users.viewer.id
    expect((await callPage(loadList.loader as Handler, '/dashboard/loads/list?q=dallas', viewer)).data).toMatchObject({ totalCapped: true, counts: null })
    expect((await callPage(loadList.loader as Handler, '/dashboard/loads/list?q=dallas&status=delivered', viewer)).data).toMatchObject({
      total: 400,
      counts: null,
    })
    expect((await callPage(loadList.loader as Handler, '/dashboard/loads/list?q=tulsa', viewer)).data).toMatchObject({ total: 50, counts: { booked: 50 } })
    const cappedApi = await callApi(collection, { path: '/api/loads?q=Dallas&pageSize=10', token: org.users.viewer.token })
    expect(cappedApi.body.meta).toMatchObject({ total: LOAD_SEARCH_COUNT_CAP, totalCapped: true })

    // Without a search the same loads are counted to the list's own cap, exactly.
    const all = await listLoads({ organizationId }, LoadListQuerySchema.parse({ pageSize: 10 }))
    expect([all.total, all.totalCapped, all.countCap]).toEqual([LOAD_SEARCH_COUNT_CAP + 701 + 50, false, LOAD_COUNT_CAP])
  })

  it("take the list's own count when it has one: capped, no tab is counted; under the cap, grouped (ADR 156)", async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    await loadsOf(org, [
      { loadNumber: 'W-1', pickupCity: 'Waco' },
      { loadNumber: 'W-2', pickupCity: 'Waco' },
    ])
    const query = LoadListQuerySchema.parse({ q: 'waco' })
    expect(await countLoadsByStatus({ organizationId }, query)).toEqual({ booked: 2 })
    // The list's total said the search passed its cap: trusted, nothing is counted again.
    expect(await countLoadsByStatus({ organizationId }, query, { searchCapped: true })).toBeNull()
    expect(await countLoadsByStatus({ organizationId }, query, { searchCapped: false })).toEqual({ booked: 2 })
  })
})
