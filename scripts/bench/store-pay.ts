/**
 * The store and pay measurements. "Run pay for the period": 200 drivers (per mile, percent and flat)
 * and 20,000 delivered loads seeded by SQL in a period of their own, then one
 * `POST /api/settlements/run` timed, and what it made counted in the database. Checkout: 8 buyers
 * (accountants made by SQL with the bench user's password, signed in through the API), each
 * adding one item, filling billing, jumping to the review step and placing the order, again and
 * again for N seconds; orders/s, latency of `POST /api/checkout`, errors, and whether the stock fell
 * by exactly what the orders hold. Measures, never asserts.
 */
import { randomBytes } from 'node:crypto'

import { type HttpClient, percentile } from './load'
import { query } from './processes'
import { int, ms, table } from './report'

const PERIOD = { periodStart: '2031-03-01', periodEnd: '2031-03-14' }

async function orgOf(url: string, email: string) {
  const [row] = await query<{ organizationId: string; passwordHash: string }>(url, `SELECT "organizationId", "passwordHash" FROM "User" WHERE email = $1`, [
    email,
  ])
  if (!row) throw new Error(`no user ${email}`)
  return row
}

/** Seeds `drivers` drivers and `loads` delivered loads in PERIOD, runs pay once and prints what it made. */
export async function measurePayRun(url: string, http: HttpClient, token: string, email: string, drivers: number, loads: number) {
  const { organizationId, passwordHash } = await orgOf(url, email)
  const run = randomBytes(4).toString('hex')
  const seedStarted = performance.now()
  await query(
    url,
    `INSERT INTO "User" ("id", "organizationId", "email", "passwordHash", "firstName", "lastName", "role", "status", "updatedAt")
     SELECT 'bd' || $2 || g, $1, 'bench-driver-' || $2 || '-' || g || '@freightdesk.test', $3, 'Bench', 'Driver ' || g, 'driver', 'active', now()
     FROM generate_series(1, $4::int) AS g`,
    [organizationId, run, passwordHash, drivers],
  )
  // Deliveries 16:00–23:00 UTC: the same day in the organization's (American) time zone, where the run counts days.
  // A third of each method: 55 ¢/mile (with 20 ¢ empty miles), 27.5% of the total, $450 a load; two deductions each.
  await query(
    url,
    `INSERT INTO "DriverProfile" ("id", "organizationId", "userId", "payMethod", "payRate", "emptyMileRateCents", "recurringDeductions", "updatedAt")
     SELECT 'bp' || $2 || g, $1, 'bd' || $2 || g,
       (ARRAY['per_mile', 'percent', 'flat'])[1 + g % 3]::"PayMethod",
       (ARRAY[55, 2750, 45000])[1 + g % 3],
       CASE WHEN g % 3 = 0 THEN 20 END,
       '[{"description": "ELD lease", "amountCents": 3500}, {"description": "Insurance", "amountCents": 12500}]'::jsonb, now()
     FROM generate_series(1, $3::int) AS g`,
    [organizationId, run, drivers],
  )
  const [{ broker }] = await query<{ broker: string }>(url, `SELECT "id" AS broker FROM "Broker" WHERE "organizationId" = $1 ORDER BY "id" LIMIT 1`, [
    organizationId,
  ])
  const [{ first }] = await query<{ first: number }>(
    url,
    `UPDATE "Organization" SET "nextLoadNumber" = "nextLoadNumber" + $2 WHERE "id" = $1 RETURNING "nextLoadNumber" - $2 AS "first"`,
    [organizationId, loads],
  )
  await query(
    url,
    `INSERT INTO "Load" ("id", "organizationId", "loadNumber", "brokerId", "status", "linehaulCents", "totalCents", "loadedMiles", "emptyMiles",
       "driverId", "pickupAt", "deliveryAt", "updatedAt")
     SELECT 'bpl' || $2 || g, $1, 'L-' || lpad(($4 + g - 1)::text, 6, '0'), $3, 'delivered', linehaul, linehaul + (CASE WHEN g % 4 = 0 THEN 7500 ELSE 0 END),
       (120 + (g * 389) % 1800)::int, ((g * 17) % 90)::int, 'bd' || $2 || (1 + g % $5),
       delivery - interval '1 day', delivery, now()
     FROM (SELECT g, (150000 + (g * 7717) % 450000)::int AS linehaul,
             $6::timestamptz + ((g % 14) * interval '1 day') + make_interval(hours => (g % 8)::int) AS delivery
           FROM generate_series(1, $7::int) AS g) AS generated`,
    [organizationId, run, broker, first, drivers, `${PERIOD.periodStart}T16:00:00Z`, loads],
  )
  await query(url, 'ANALYZE "Load"')
  const seedSeconds = (performance.now() - seedStarted) / 1000
  const [{ inPeriod }] = await query<{ inPeriod: string }>(
    url,
    `SELECT count(*) AS "inPeriod" FROM "Load" l JOIN "Organization" o ON o.id = l."organizationId"
     WHERE l."organizationId" = $1 AND l.status IN ('delivered', 'invoiced') AND (l."deliveryAt" AT TIME ZONE o.timezone)::date BETWEEN $2::date AND $3::date`,
    [organizationId, PERIOD.periodStart, PERIOD.periodEnd],
  )
  const [{ activeDrivers }] = await query<{ activeDrivers: string }>(
    url,
    `SELECT count(*) AS "activeDrivers" FROM "User" WHERE "organizationId" = $1 AND role = 'driver' AND status = 'active'`,
    [organizationId],
  )

  const started = performance.now()
  const response = await http.request({
    method: 'POST',
    path: '/api/settlements/run',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(PERIOD),
  })
  const seconds = (performance.now() - started) / 1000
  const answer = response.body.toString('utf8', 0, 300)
  const [made] = await query<{ drafts: string; lines: string; loadLines: string }>(
    url,
    `SELECT count(DISTINCT s.id) AS drafts, count(i.id) AS lines, count(i.id) FILTER (WHERE i.type = 'load') AS "loadLines"
     FROM "Settlement" s LEFT JOIN "SettlementItem" i ON i."settlementId" = s.id
     WHERE s."organizationId" = $1 AND s."periodStart" = $2::date AND s."periodEnd" = $3::date AND s.status = 'draft'`,
    [organizationId, PERIOD.periodStart, PERIOD.periodEnd],
  )
  console.info(
    table(
      [
        { what: 'seeded by SQL (not timed below)', value: `${int(drivers)} drivers, ${int(loads)} delivered loads in ${seedSeconds.toFixed(1)} s` },
        { what: 'active drivers in the organization', value: int(Number(activeDrivers)) },
        { what: `delivered or invoiced loads in ${PERIOD.periodStart} … ${PERIOD.periodEnd}`, value: int(Number(inPeriod)) },
        { what: 'POST /api/settlements/run', value: `${response.status} in ${seconds.toFixed(2)} s` },
        { what: 'answer', value: answer.replace(/\s+/g, ' ') },
        { what: 'drafts made', value: int(Number(made.drafts)) },
        { what: 'lines (of them loads)', value: `${int(Number(made.lines))} (${int(Number(made.loadLines))})` },
        { what: 'loads paid per second', value: int(Number(made.loadLines) / seconds) },
      ],
      [
        { title: 'measure', value: (r) => r.what, align: 'left' },
        { title: 'value', value: (r) => r.value, align: 'left' },
      ],
    ),
  )
  console.info(`\nOne run (a second would find every load paid); the period ${PERIOD.periodStart} … ${PERIOD.periodEnd} holds only the seeded loads.`)
}

type Buyer = { token: string }

/** `buyers` accountants signed in through the API, each placing orders for `seconds` seconds. */
export async function measureCheckout(url: string, http: HttpClient, email: string, password: string, buyers: number, seconds: number) {
  const { organizationId, passwordHash } = await orgOf(url, email)
  const run = randomBytes(4).toString('hex')
  await query(
    url,
    `INSERT INTO "User" ("id", "organizationId", "email", "passwordHash", "firstName", "lastName", "role", "status", "updatedAt")
     SELECT 'bb' || $2 || g, $1, 'bench-buyer-' || $2 || '-' || g || '@freightdesk.test', $3, 'Bench', 'Buyer ' || g, 'accountant', 'active', now()
     FROM generate_series(1, $4::int) AS g`,
    [organizationId, run, passwordHash, buyers],
  )
  const productId = `bpr${run}`
  const STOCK = 1_000_000
  await query(
    url,
    `INSERT INTO "Product" ("id", "organizationId", "name", "sku", "category", "priceCents", "stock", "updatedAt")
     VALUES ($1, $2, 'Bench ratchet strap', $3, 'Straps', 2499, $4, now())`,
    [productId, organizationId, `BENCH-${run}`, STOCK],
  )
  const team: Buyer[] = []
  for (let i = 1; i <= buyers; i++) {
    const login = await http.request({
      method: 'POST',
      path: '/api/account/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `bench-buyer-${run}-${i}@freightdesk.test`, password }),
    })
    if (login.status !== 200) throw new Error(`buyer sign-in failed: ${login.status} ${login.body.toString('utf8', 0, 300)}`)
    team.push({ token: (JSON.parse(login.body.toString('utf8')) as { accessToken: string }).accessToken })
  }

  const latencies: number[] = []
  let orders = 0
  let errors = 0
  let firstError: string | undefined
  let quantityOrdered = 0
  const fail = (what: string, status: number, body: Buffer) => {
    errors += 1
    firstError ??= `${what} → ${status} ${body.toString('utf8', 0, 200)}`
  }
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    team.map(async ({ token }, index) => {
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
      const quantity = 1 + (index % 3)
      while (performance.now() < deadline) {
        const add = await http.request({ method: 'POST', path: '/api/cart/items', headers, body: JSON.stringify({ productId, quantity }) })
        if (add.status !== 201) {
          fail('POST /api/cart/items', add.status, add.body)
          continue
        }
        const billing = await http.request({
          method: 'PUT',
          path: '/api/cart/billing',
          headers,
          body: JSON.stringify({
            chargeTo: 'company',
            shippingMethod: 'pickup',
            name: `Buyer ${index + 1}`,
            address: '1200 Industrial Blvd, Dallas, TX 75207',
          }),
        })
        if (billing.status !== 200) {
          fail('PUT /api/cart/billing', billing.status, billing.body)
          continue
        }
        const step = await http.request({ method: 'POST', path: '/api/cart/step', headers, body: JSON.stringify({ step: 2 }) })
        if (step.status !== 200) {
          fail('POST /api/cart/step', step.status, step.body)
          continue
        }
        const from = performance.now()
        const checkout = await http.request({ method: 'POST', path: '/api/checkout', headers, body: '{}' })
        latencies.push(performance.now() - from)
        if (checkout.status !== 201) {
          fail('POST /api/checkout', checkout.status, checkout.body)
          continue
        }
        orders += 1
        quantityOrdered += quantity
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const [after] = await query<{ stock: number; ordered: string; orders: string }>(
    url,
    `SELECT p.stock, coalesce(sum(i.quantity), 0) AS ordered, count(DISTINCT i."orderId") AS orders
     FROM "Product" p LEFT JOIN "StoreOrderItem" i ON i."productId" = p.id WHERE p.id = $1 GROUP BY p.stock`,
    [productId],
  )
  const fell = STOCK - after.stock
  console.info(
    table(
      [
        { what: 'orders placed (201)', value: `${int(orders)} in ${elapsed.toFixed(1)} s` },
        { what: 'orders/s', value: (orders / elapsed).toFixed(1) },
        { what: 'POST /api/checkout p50 ms', value: ms(percentile(latencies, 0.5)) },
        { what: 'POST /api/checkout p97.5 ms', value: ms(percentile(latencies, 0.975)) },
        { what: 'errors (any of the four calls)', value: int(errors) },
        { what: 'stock fell by', value: `${int(fell)} (orders in the database: ${int(Number(after.orders))}, items ${int(Number(after.ordered))})` },
        {
          what: 'stock fell by exactly the ordered quantity',
          value: fell === Number(after.ordered) && fell === quantityOrdered ? 'yes' : `NO (clients counted ${int(quantityOrdered)})`,
        },
      ],
      [
        { title: 'measure', value: (r) => r.what, align: 'left' },
        { title: 'value', value: (r) => r.value, align: 'left' },
      ],
    ),
  )
  if (firstError) console.info(`error sample: ${firstError}`)
  console.info(
    `\n${buyers} buyers, one connection each, each looping POST /api/cart/items, PUT /api/cart/billing (company, pickup), POST /api/cart/step 2, POST /api/checkout.`,
  )
}
