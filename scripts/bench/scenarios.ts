/**
 * What the bench sends, the same to the app and to the baseline (same paths, same cookie and
 * token, same database): each scenario makes a fresh Driver for each measured window.
 */
import { gunzipSync } from 'node:zlib'

import type { Driver, HttpClient, Response } from './load'

export type Side = 'app' | 'baseline'
export type Target = { side: Side; http: HttpClient }

export type Fixtures = {
  email: string
  password: string
  /** The `fd_session=…` pair of a web session, and a bearer token of an API session. */
  cookie: string
  token: string
  /** Trucks the edit page and GET /api/trucks/{id} go through in turn. */
  readIds: string[]
  /** One truck per client for PUT, none shared, so clients never race each other. */
  writeIds: string[]
  gzip: boolean
}

export type Scenario = {
  name: string
  /** A page whose HTML size is reported. */
  page?: string
  make: (target: Target, fixtures: Fixtures) => Promise<Driver>
  /**
   * A route that may not exist in the app yet (a module merged later): asked of the app once
   * (a GET with the API token, or the cookie for a page) before the run; a 404 skips the scenario.
   */
  needs?: { path: string; auth: 'cookie' | 'token' }
}

const okWhen =
  (status: number) =>
  (response: Response): 'ok' | 'error' =>
    response.status === status ? 'ok' : 'error'

function headers(fixtures: Fixtures, extra: Record<string, string>) {
  return fixtures.gzip ? { ...extra, 'Accept-Encoding': 'gzip' } : extra
}

function get(path: (sequence: number) => string, auth: 'cookie' | 'token'): Scenario['make'] {
  return async (_target, fixtures) => {
    const sent = headers(fixtures, auth === 'cookie' ? { Cookie: fixtures.cookie } : { Authorization: `Bearer ${fixtures.token}` })
    return { request: (_client, sequence) => ({ path: path(sequence), headers: sent }), check: okWhen(200) }
  }
}

/** The app's `meta.nextCursor` at the end of page `page` (asked of the app: the baseline reads the same cursor). */
function afterPage(page: number): Scenario['make'] {
  let cursor: string | null = null
  return async (target, fixtures) => {
    if (!cursor) {
      if (target.side !== 'app') throw new Error('the cursor scenario runs on the app first')
      const response = await target.http.request({ path: `/api/loads?pageSize=50&page=${page}`, headers: { Authorization: `Bearer ${fixtures.token}` } })
      cursor = response.status === 200 ? (JSON.parse(response.body.toString('utf8')) as { meta: { nextCursor: string | null } }).meta.nextCursor : null
      if (!cursor) throw new Error(`no cursor at the end of page ${page} of GET /api/loads (status ${response.status}): too few loads for this scenario`)
    }
    return get(() => `/api/loads?pageSize=50&after=${cursor}`, 'token')(target, fixtures)
  }
}

type TruckJson = { id: string; version: number; odometerMiles: number | null } & Record<string, unknown>

async function readTruck(target: Target, fixtures: Fixtures, id: string): Promise<TruckJson> {
  const response = await target.http.request({ path: `/api/trucks/${id}`, headers: { Authorization: `Bearer ${fixtures.token}` } })
  if (response.status !== 200) throw new Error(`${target.side}: GET /api/trucks/${id} → ${response.status}`)
  return (JSON.parse(response.body.toString('utf8')) as { data: TruckJson }).data
}

/**
 * PUT of the whole record as read, odometer + 1, with the version last seen. Each client owns one
 * truck and learns the new version from each answer; the window starts from a fresh read (the
 * other server wrote the same rows in between). A 409 would mean someone else wrote the truck: it
 * is counted apart, the truck read again (untimed) and the loop goes on.
 */
const putTruck: Scenario['make'] = async (target, fixtures) => {
  const trucks = await Promise.all(fixtures.writeIds.map((id) => readTruck(target, fixtures, id)))
  const stale = trucks.map(() => false)
  const sent = headers(fixtures, { Authorization: `Bearer ${fixtures.token}`, 'Content-Type': 'application/json' })
  return {
    before: async (client) => {
      if (!stale[client]) return
      trucks[client] = await readTruck(target, fixtures, fixtures.writeIds[client])
      stale[client] = false
    },
    request: (client) => {
      const truck = trucks[client]
      return {
        method: 'PUT',
        path: `/api/trucks/${truck.id}`,
        headers: sent,
        body: JSON.stringify({ ...truck, odometerMiles: (truck.odometerMiles ?? 0) + 1 }),
      }
    },
    check: (response, client) => {
      if (response.status === 409) {
        stale[client] = true
        return 'conflict'
      }
      if (response.status !== 200) return 'error'
      const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body
      trucks[client] = (JSON.parse(body.toString('utf8')) as { data: TruckJson }).data
      return 'ok'
    },
  }
}

/**
 * The sign-in form, posted as a browser without JavaScript does. Only failures count against the
 * sign-in throttle (ADR 009: 10 per account and address), so right passwords are never limited;
 * the app's per-address advisory lock does serialize the attempts' bookkeeping, and the baseline
 * takes the same lock.
 */
const signIn: Scenario['make'] = async (_target, fixtures) => {
  const body = new URLSearchParams({ email: fixtures.email, password: fixtures.password, redirectTo: '' }).toString()
  const sent = headers(fixtures, { 'Content-Type': 'application/x-www-form-urlencoded' })
  return {
    request: () => ({ method: 'POST', path: '/auth/login', headers: sent, body }),
    check: (response) => {
      const cookies = response.headers['set-cookie'] ?? []
      return response.status === 302 && cookies.some((cookie) => cookie.startsWith('fd_session=') && !cookie.startsWith('fd_session=;')) ? 'ok' : 'error'
    },
  }
}

export function scenarios(fixtures: Pick<Fixtures, 'readIds'>): Scenario[] {
  const id = (sequence: number) => fixtures.readIds[sequence % fixtures.readIds.length]
  return [
    { name: 'truck list page', page: '/dashboard/trucks/list', make: get(() => '/dashboard/trucks/list', 'cookie') },
    { name: 'truck list page 100', page: '/dashboard/trucks/list?pageSize=100', make: get(() => '/dashboard/trucks/list?pageSize=100', 'cookie') },
    { name: 'truck edit page', page: `/dashboard/trucks/${fixtures.readIds[0]}/edit`, make: get((n) => `/dashboard/trucks/${id(n)}/edit`, 'cookie') },
    { name: 'dashboard', page: '/dashboard/app', make: get(() => '/dashboard/app', 'cookie') },
    // A page's floor: the dashboard's frame (session, navigation, header) around a page with no data
    // of its own (the admin's "item by roles" page). What every dashboard page pays before its content.
    { name: 'dashboard shell (floor)', page: '/dashboard/permission-denied', make: get(() => '/dashboard/permission-denied', 'cookie') },
    // The framework's floor: a route that does one SELECT 1 and answers JSON, nothing of ours around it.
    { name: 'GET /health (floor)', make: get(() => '/health', 'token') },
    { name: 'GET /api/trucks', make: get(() => '/api/trucks', 'token') },
    { name: 'GET /api/trucks/{id}', make: get((n) => `/api/trucks/${id(n)}`, 'token') },
    { name: 'PUT /api/trucks/{id}', make: putTruck },
    { name: 'sign-in (form POST)', make: signIn },
    // Messages: the bench user's 30 conversations, and a page of the shared inbox's 200 messages.
    { name: 'chat list page', page: '/dashboard/chat', make: get(() => '/dashboard/chat', 'cookie') },
    { name: 'GET /api/chat', make: get(() => '/api/chat', 'token') },
    // Main's placeholder page answers /dashboard/mail before the mail module exists: its API tells.
    { name: 'mail list page', page: '/dashboard/mail', make: get(() => '/dashboard/mail', 'cookie'), needs: { path: MAIL_API, auth: 'token' } },
    { name: 'GET /api/mail', make: get(() => MAIL_API, 'token'), needs: { path: MAIL_API, auth: 'token' } },
    // The store's 300 products, 100 settlements and 200 orders, list page and API each.
    { name: 'product list page', page: '/dashboard/e-commerce/list', make: get(() => '/dashboard/e-commerce/list', 'cookie') },
    { name: 'GET /api/products', make: get(() => '/api/products', 'token') },
    { name: 'settlement list page', page: '/dashboard/settlements/list', make: get(() => '/dashboard/settlements/list', 'cookie') },
    { name: 'GET /api/settlements', make: get(() => '/api/settlements', 'token') },
    { name: 'store orders page', page: '/dashboard/e-commerce/orders', make: get(() => '/dashboard/e-commerce/orders', 'cookie') },
    { name: 'GET /api/orders', make: get(() => '/api/orders', 'token') },
    // 300 quote requests and 150 driver bulletins, list page and API each.
    { name: 'booking list page', page: '/dashboard/booking/list', make: get(() => '/dashboard/booking/list', 'cookie') },
    { name: 'GET /api/quotes', make: get(() => '/api/quotes', 'token') },
    // 150 factoring schedules, 20 webhook endpoints, every stored file; list page and API each.
    { name: 'factoring list page', page: '/dashboard/factoring', make: get(() => '/dashboard/factoring', 'cookie') },
    { name: 'GET /api/factoring/schedules', make: get(() => '/api/factoring/schedules', 'token') },
    { name: 'webhooks page', page: '/dashboard/webhooks', make: get(() => '/dashboard/webhooks', 'cookie') },
    { name: 'GET /api/webhooks', make: get(() => '/api/webhooks', 'token') },
    { name: 'files manager page', page: '/dashboard/files-manager', make: get(() => '/dashboard/files-manager', 'cookie') },
    { name: 'GET /api/files', make: get(() => '/api/files', 'token') },
    { name: 'bulletin list page', page: '/dashboard/blog/posts', make: get(() => '/dashboard/blog/posts', 'cookie') },
    { name: 'GET /api/posts', make: get(() => '/api/posts', 'token') },
    // 2,000 fuel purchases and 5,000 trips of 100 units in 2026-Q3 (ADR 122): the list, and the
    // quarter's return computed from all of them.
    { name: 'fuel list page', page: '/dashboard/fuel/list', make: get(() => '/dashboard/fuel/list', 'cookie') },
    { name: 'GET /api/fuel-purchases', make: get(() => '/api/fuel-purchases', 'token') },
    { name: 'inspections list page', page: '/dashboard/inspections', make: get(() => '/dashboard/inspections', 'cookie') },
    { name: 'GET /api/inspections', make: get(() => '/api/inspections', 'token') },
    // 1,000 work orders of 150 units, two in three with lines of parts and labor (ADR 132).
    { name: 'work orders list page', page: '/dashboard/work-orders', make: get(() => '/dashboard/work-orders', 'cookie') },
    { name: 'GET /api/work-orders', make: get(() => '/api/work-orders', 'token') },
    // 300 accounting export batches (ADR 145): the page also reads the mapping and the organization's day.
    { name: 'accounting page', page: '/dashboard/accounting', make: get(() => '/dashboard/accounting', 'cookie') },
    { name: 'GET /api/accounting/exports', make: get(() => '/api/accounting/exports', 'token') },
    // 2,000 EDI messages of 3 partners and 500 tenders of two to four stops (ADRs 147-148).
    { name: 'EDI messages page', page: '/dashboard/edi/messages', make: get(() => '/dashboard/edi/messages', 'cookie') },
    { name: 'GET /api/edi/messages', make: get(() => '/api/edi/messages', 'token') },
    { name: 'EDI tenders page', page: '/dashboard/edi/tenders', make: get(() => '/dashboard/edi/tenders', 'cookie') },
    { name: 'GET /api/edi/tenders', make: get(() => '/api/edi/tenders', 'token') },
    // 500 drivers × 8 kinds of qualification items (ADR 140): the dashboard computes every cell for its counts.
    { name: 'compliance dashboard', page: '/dashboard/compliance', make: get(() => '/dashboard/compliance', 'cookie') },
    // 1,000 claims on 500 loads, by their brokers or a company (ADR 142).
    { name: 'claims list page', page: '/dashboard/claims', make: get(() => '/dashboard/claims', 'cookie') },
    { name: 'GET /api/ifta/returns/2026-Q3', make: get(() => '/api/ifta/returns/2026-Q3', 'token') },
  ]
}

/** The mail list the bench reads: the default mailbox's inbox (the shared one, for the bench's admin). */
export const MAIL_API = '/api/mail?folder=inbox'

/**
 * The loads scenarios (ADR 025, ADR 073), run when the bench seeded loads (`--loads 1000000`, or
 * ten million): the list page as it opens, with 50 rows, a filter and a sort, and with a search for a common word;
 * `GET /api/loads?pageSize=50` page 1, the same filter and sort, a search for a common word, page 2,000 by number (OFFSET) and
 * by cursor, and page 10,000 by cursor (500,000 rows deep). The same paths at every size, so runs at
 * one million and ten million compare row by row.
 */
export const LOADS_PAGE = '/dashboard/loads/list?status=delivered&sort=totalCents&dir=desc&pageSize=50'
export const LOADS_SEARCH_PAGE = '/dashboard/loads/list?q=Dallas'
export const LOADS_FILTERED_API = '/api/loads?pageSize=50&status=delivered&sort=totalCents&dir=desc'

export function loadScenarios(routePaths: string[], loads: number): { scenarios: Scenario[]; note: string } {
  const hasPage = routePaths.length === 0 || routePaths.some((path) => /^\/?dashboard\/loads\/list/.test(path))
  if (loads === 0) return { scenarios: [], note: 'loads scenarios skipped: run with --loads 1000000 for the loads list and GET /api/loads at a million loads' }
  return {
    scenarios: [
      ...(hasPage
        ? [
            { name: 'loads list page', page: '/dashboard/loads/list', make: get(() => '/dashboard/loads/list', 'cookie') },
            { name: 'loads list page (50, filter, sort)', page: LOADS_PAGE, make: get(() => LOADS_PAGE, 'cookie') },
            // The page's search box with a common word: its total and its status tabs are counted for the search.
            { name: 'loads list page ?q=Dallas', page: LOADS_SEARCH_PAGE, make: get(() => LOADS_SEARCH_PAGE, 'cookie') },
          ]
        : []),
      { name: 'GET /api/loads?pageSize=50', make: get(() => '/api/loads?pageSize=50', 'token') },
      { name: 'GET /api/loads filtered and sorted', make: get(() => LOADS_FILTERED_API, 'token') },
      // A common word: one load in fifteen picks up or delivers in Dallas (its count is capped, ADR 073).
      { name: 'GET /api/loads?q=Dallas', make: get(() => '/api/loads?pageSize=50&q=Dallas', 'token') },
      { name: 'GET /api/loads page 2,000', make: get(() => '/api/loads?pageSize=50&page=2000', 'token') },
      // The same rows reached as a client paging through does: the cursor at the end of page 1,999.
      { name: 'GET /api/loads page 2,000 by cursor', make: afterPage(1999) },
      // Half a million rows deep (the cursor found once by number, untimed), when the bench's
      // organization has that many (90 % of the loads).
      ...(loads * 0.9 > 500_000 ? [{ name: 'GET /api/loads page 10,000 by cursor', make: afterPage(9999) }] : []),
    ],
    note: `loads scenarios at ${loads.toLocaleString('en-US')} generated loads`,
  }
}

/**
 * The memory check's mix, one cycle of 40 requests: a quarter pages (they allocate the most),
 * most of the rest API reads and writes, one sign-in (argon2 costs ~19 MiB and tens of ms each).
 */
export const MIX: Record<string, number> = {
  'truck list page': 5,
  'truck list page 100': 1,
  'truck edit page': 2,
  dashboard: 2,
  // Not part of the mix: they measure the framework and the frame, not a user's request.
  'dashboard shell (floor)': 0,
  'GET /health (floor)': 0,
  'GET /api/trucks': 12,
  'GET /api/trucks/{id}': 12,
  'PUT /api/trucks/{id}': 5,
  'sign-in (form POST)': 1,
  // Not part of the mix either, so its memory figures stay comparable with earlier runs (ADR 039).
  'chat list page': 0,
  'GET /api/chat': 0,
  'mail list page': 0,
  'GET /api/mail': 0,
  'product list page': 0,
  'GET /api/products': 0,
  'settlement list page': 0,
  'GET /api/settlements': 0,
  'store orders page': 0,
  'GET /api/orders': 0,
  'booking list page': 0,
  'GET /api/quotes': 0,
  'factoring list page': 0,
  'GET /api/factoring/schedules': 0,
  'webhooks page': 0,
  'GET /api/webhooks': 0,
  'files manager page': 0,
  'GET /api/files': 0,
  'bulletin list page': 0,
  'GET /api/posts': 0,
  'fuel list page': 0,
  'GET /api/fuel-purchases': 0,
  'inspections list page': 0,
  'GET /api/inspections': 0,
  'work orders list page': 0,
  'GET /api/work-orders': 0,
  'accounting page': 0,
  'GET /api/accounting/exports': 0,
  'EDI messages page': 0,
  'GET /api/edi/messages': 0,
  'EDI tenders page': 0,
  'GET /api/edi/tenders': 0,
  'GET /api/ifta/returns/2026-Q3': 0,
}

/** One driver that sends the scenarios in MIX's proportions, interleaved. */
export function mixed(drivers: Map<string, Driver>): Driver {
  const cycle: Driver[] = []
  const entries = [...drivers].map(([name, driver]) => ({ driver, left: MIX[name] ?? 1 }))
  while (entries.some((entry) => entry.left > 0)) {
    for (const entry of entries) {
      if (entry.left-- > 0) cycle.push(entry.driver)
    }
  }
  // Only scenarios outside the mix chosen (`--only floor`): one of each, rather than nothing to send.
  if (!cycle.length) cycle.push(...drivers.values())
  const current = new Map<number, Driver>()
  return {
    before: async (client) => {
      for (const driver of new Set(cycle)) await driver.before?.(client)
    },
    request: (client, sequence) => {
      const driver = cycle[sequence % cycle.length]
      current.set(client, driver)
      return driver.request(client, sequence)
    },
    check: (response, client) => current.get(client)!.check(response, client),
  }
}
