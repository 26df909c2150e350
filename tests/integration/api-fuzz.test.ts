/**
 * A seeded fuzz of the JSON API over real HTTP: walks the OpenAPI document, sends at least
 * FUZZ_CASES (96) hostile requests to every write endpoint (wrong types, nulls, huge and deeply
 * nested values, unicode tricks, `__proto__`, malformed JSON, wrong Content-Types, forged tokens)
 * and abusive query strings to every list, and checks that no answer is a 5xx, that every
 * refusal is the error envelope, and that a batch of refused requests changed no row of any table.
 * The cases are stratified (ADR 110): each kind of mutation gets its share of an endpoint's cases
 * and hostile values are dealt from a shuffled deck, so 96 cases reach more kinds than 200 random
 * draws did.
 *
 * Replay a failure with the seed it prints, e.g.
 *   FUZZ_SEED=1234 npx vitest run tests/integration/api-fuzz.test.ts -t "PUT /api/trucks/{id}"
 * Every endpoint draws from its own PRNG (seed + its label), so one endpoint replays alone.
 * FUZZ_CASES=1000 sends more per endpoint. The server runs the production build (as `npm test`
 * builds it first): after changing app code, `npm run build` before running this file alone.
 */
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openApiDocument } from '~/api-docs/openapi.server'
import { prisma } from '~/utils/db.server'

import {
  type Context,
  HOSTILE_IDS,
  HOSTILE_VERSIONS,
  hostileAuthorization,
  type HostileBody,
  hostileBody,
  hostileLanguageHeaders,
  hostileQuery,
  type JsonSchema,
  type Rng,
  rngFor,
  strata,
  validObject,
} from '../fuzz/hostile'
import { createOrg } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

const SEED = Number(process.env.FUZZ_SEED ?? 20260514)
const WRITE_CASES = Number(process.env.FUZZ_CASES ?? 96)
const LIST_CASES = Math.ceil(WRITE_CASES / 3)
/** Requests per batch: the data check runs after each batch that nothing was accepted in. */
const BATCH = 8

type Operation = {
  parameters?: Array<{ name: string; in: string; schema: JsonSchema }>
  requestBody?: { content: { 'application/json'?: { schema: JsonSchema }; 'multipart/form-data'?: { schema: JsonSchema } } }
}
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: { Error: JsonSchema } } }

const document = openApiDocument() as Document
const ERROR_CODES = new Set(((document.components.schemas.Error.properties!.error as JsonSchema).properties!.code as JsonSchema).enum as string[])

/** Every write (POST, PUT, DELETE) and every list (a GET with query parameters) in the document. */
const writes: Array<{ method: string; path: string; operation: Operation }> = []
const lists: Array<{ path: string; operation: Operation }> = []
for (const [path, operations] of Object.entries(document.paths)) {
  for (const [method, operation] of Object.entries(operations)) {
    if (method === 'get' && operation.parameters?.some((parameter) => parameter.in === 'query')) lists.push({ path, operation })
    if (['post', 'put', 'delete'].includes(method)) writes.push({ method: method.toUpperCase(), path, operation })
  }
}

type Answer = { status: number; contentType: string; text: string }
type Case = { label: string; method: string; path: string; headers: Record<string, string>; body?: Buffer }
type Outcome = Case & Answer

let server: ServerProcess
let agent: http.Agent
let org: Awaited<ReturnType<typeof createOrg>>
let victim: Awaited<ReturnType<typeof createOrg>>
let victimBefore: string
let serial = 0
const sent: Record<string, number> = {}
/** Answers by status, over the whole run: printed at the end, to see what the fuzz reached. */
const statuses: Record<number, number> = {}
/** Per write endpoint: the refused-only batches whose data check ran. */
const checked: Record<string, number> = {}

function send(request: Case) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string | number> = { ...request.headers }
    if (request.body) headers['Content-Length'] = request.body.length
    const outgoing = http.request({ host: '127.0.0.1', port: server.port, method: request.method, path: request.path, headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode!, contentType: String(response.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}

/** What is wrong with one answer (empty: nothing). */
function problems(outcome: Outcome): string[] {
  statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1
  const found: string[] = []
  if (outcome.status >= 500) found.push(`a ${outcome.status}`)
  if (outcome.status >= 400) {
    let body: { error?: { code?: unknown; message?: unknown } } | undefined
    try {
      body = JSON.parse(outcome.text)
    } catch {
      found.push('a refusal that is not JSON')
    }
    if (!outcome.contentType.startsWith('application/json')) found.push(`a refusal as ${outcome.contentType || 'no Content-Type'}`)
    const error = body?.error
    if (typeof error?.code !== 'string' || !ERROR_CODES.has(error.code)) found.push('a refusal without a known error.code')
    if (typeof error?.message !== 'string' || !error.message.trim()) found.push('a refusal without error.message')
  }
  if (outcome.status === 200 || outcome.status === 201) {
    try {
      if (!('data' in (JSON.parse(outcome.text) as object))) found.push('an acceptance without data')
    } catch {
      if (!outcome.contentType.startsWith('text/csv')) found.push('an acceptance that is not JSON')
    }
  }
  // A record of another organization never shows up in an answer, accepted or not.
  if (outcome.text.includes(victim.company.id) || outcome.text.includes(victim.organization.id)) found.push('another organization’s id in the answer')
  return found
}

function describeFailure(endpoint: string, index: number, outcome: Outcome, what: string) {
  const body = outcome.body
    ? ` body ${JSON.stringify(outcome.body.subarray(0, 160).toString('utf8'))}${outcome.body.length > 160 ? `… (${outcome.body.length} bytes)` : ''}`
    : ''
  return `FUZZ_SEED=${SEED} ${endpoint} case ${index} [${outcome.label}]: ${what}; sent ${outcome.method} ${outcome.path.slice(0, 160)}${body}; got ${outcome.status} ${outcome.text.slice(0, 300)}`
}

// Rows a refused request must not touch: every table of the database but the bookkeeping a
// refusal legitimately writes (sign-in attempts, rate-limit hits) and the session's lastSeenAt.
const BOOKKEEPING = new Set(['LoginAttempt', 'RateLimitHit', 'ApiRateLimit', 'api_rate_limit', '_prisma_migrations'])
/** Time spent in fingerprints, printed at the end (the data check must stay cheap, ADR 110). */
const fingerprints = { count: 0, ms: 0 }

/**
 * Makes this file's database log every row written: a trigger on each table (bookkeeping aside)
 * appends the table's name to "_fuzz_write" for each row inserted, updated (to the same values
 * too) or deleted. A rolled-back write leaves no line. The data check then reads one index
 * instead of hashing every row of every table after each batch (ADR 110). Sessions count when
 * made or deleted: every request refreshes its session's lastSeenAt.
 */
async function logWrites() {
  const tables = await prisma.$queryRawUnsafe<Array<{ name: string }>>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
  const watched = tables.map((table) => table.name).filter((name) => !BOOKKEEPING.has(name))
  await prisma.$executeRawUnsafe(`CREATE TABLE "_fuzz_write" (id bigserial PRIMARY KEY, "table" text NOT NULL, "organizationId" text)`)
  // The row's organization (its id for an organization), to check the other tenant alone.
  await prisma.$executeRawUnsafe(`CREATE FUNCTION "_fuzz_log_write"() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE row_json jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
    BEGIN
      INSERT INTO "_fuzz_write" ("table", "organizationId")
        VALUES (TG_TABLE_NAME, CASE WHEN TG_TABLE_NAME = 'Organization' THEN row_json->>'id' ELSE row_json->>'organizationId' END);
      RETURN NULL;
    END $$`)
  for (const name of watched) {
    const events = name === 'Session' ? 'INSERT OR DELETE' : 'INSERT OR UPDATE OR DELETE'
    await prisma.$executeRawUnsafe(`CREATE TRIGGER "_fuzz_write" AFTER ${events} ON "${name}" FOR EACH ROW EXECUTE FUNCTION "_fuzz_log_write"()`)
  }
  return watched.length
}

/** Rows written so far, per table (of one organization's rows, when given). */
async function fingerprint(organizationId?: string): Promise<Record<string, string>> {
  const started = performance.now()
  const rows = await prisma.$queryRawUnsafe<Array<{ table: string; writes: string }>>(
    `SELECT "table", count(*)::text AS writes FROM "_fuzz_write" ${organizationId ? 'WHERE "organizationId" = $1' : ''} GROUP BY "table"`,
    ...(organizationId ? [organizationId] : []),
  )
  fingerprints.count++
  fingerprints.ms += performance.now() - started
  return Object.fromEntries(rows.map((row) => [row.table, row.writes]))
}

function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after).filter((table) => before[table] !== after[table])
}

/**
 * A refused batch changed the data: its cases again, one at a time with a data check after each,
 * to name the ones that write (a failure already; this says which case to replay).
 */
async function culprits(endpoint: string, start: number, cases: Case[]) {
  const found: string[] = []
  let before = await fingerprint()
  for (const [i, request] of cases.entries()) {
    const outcome = { ...request, ...(await send(request)) }
    const after = await fingerprint()
    const changed = changedTables(before, after)
    if (changed.length) found.push(describeFailure(endpoint, start + i, outcome, `sent again alone, it changed ${changed.join(', ')}`))
    before = after
  }
  return found
}

const bearer = () => ({ Authorization: `Bearer ${org.users.admin.token}` })

const context = (rng: Rng): Context => ({
  // Now and then a value used before: unique fields then collide, in parallel requests too (409, never 500).
  serial: () => (rng.chance(0.1) ? 1 + rng.int(3) : ++serial),
  ownCompanyId: org.company.id,
  otherCompanyId: victim.company.id,
  otherOrganizationId: victim.organization.id,
})

/** A real record to fuzz an item endpoint with (created through the API, like a client would). */
async function createTarget(
  itemPath: string,
): Promise<{ id: string; version: number; stopId?: string; paymentId?: string; linkId?: string; deliveryId?: string }> {
  // A load's status move works on a load; the specification's address delete on one of its stops.
  // Loads are made in the database: by then the fuzz has defined required custom fields on every list.
  // A tender to answer (ADR 149): a partner's 204 as the inbound model keeps it, made in the database.
  // A message of ours whose delivery failed, to send again (ADR 155), of a manual partner (nothing leaves).
  if (itemPath.startsWith('/api/edi/messages/')) {
    const n = ++serial
    const organizationId = org.organization.id
    const broker = await prisma.broker.create({ data: { organizationId, name: `Fuzz Message Broker ${n}` } })
    const partner = await prisma.ediPartner.create({
      data: {
        organizationId,
        brokerId: broker.id,
        name: `Fuzz message partner ${n}`,
        isaQualifier: 'ZZ',
        isaId: `FZMSG${n}`,
        gsId: `FZMSG${n}`,
        ourIsaQualifier: 'ZZ',
        ourIsaId: 'FDCARRIER',
        ourGsId: 'FDCARRIER',
      },
    })
    const message = await prisma.ediMessage.create({
      data: {
        organizationId,
        partnerId: partner.id,
        direction: 'out',
        type: '990',
        status: 'sent',
        raw: 'ISA~',
        sizeBytes: 4,
        delivery: 'failed',
        lastError: 'http_status_422',
      },
    })
    return { id: message.id, version: 1 }
  }
  if (itemPath.startsWith('/api/edi/tenders/')) {
    const n = ++serial
    const organizationId = org.organization.id
    const broker = await prisma.broker.create({ data: { organizationId, name: `Fuzz Tender Broker ${n}` } })
    const partner = await prisma.ediPartner.create({
      data: {
        organizationId,
        brokerId: broker.id,
        name: `Fuzz tender partner ${n}`,
        isaQualifier: 'ZZ',
        isaId: `FZTENDER${n}`,
        gsId: `FZTENDER${n}`,
        ourIsaQualifier: 'ZZ',
        ourIsaId: 'FDCARRIER',
        ourGsId: 'FDCARRIER',
      },
    })
    const message = await prisma.ediMessage.create({
      data: { organizationId, partnerId: partner.id, direction: 'in', type: '204', status: 'received', raw: 'ISA~', sizeBytes: 4 },
    })
    const tender = await prisma.ediTender.create({
      data: {
        organizationId,
        partnerId: partner.id,
        messageId: message.id,
        shipmentId: `FZSH${n}`,
        purpose: 'new',
        stops: {
          create: [
            { sequence: 1, reason: 'CL', kind: 'pickup', city: 'Dallas', state: 'TX' },
            { sequence: 2, reason: 'CU', kind: 'delivery', city: 'Austin', state: 'TX' },
          ],
        },
      },
    })
    return { id: tender.id, version: tender.version }
  }
  if (itemPath.startsWith('/api/loads/')) {
    const n = ++serial
    const organizationId = org.organization.id
    const broker = await prisma.broker.create({ data: { organizationId, name: `Fuzz Load Broker ${n}` } })
    const load = await prisma.load.create({
      data: {
        organizationId,
        brokerId: broker.id,
        loadNumber: `FZ-${n}`,
        stops: {
          create: [
            { sequence: 1, type: 'pickup', city: 'Dallas' },
            { sequence: 2, type: 'delivery', city: 'Joplin' },
            { sequence: 3, type: 'delivery', city: 'Tulsa' },
          ],
        },
      },
      include: { stops: { orderBy: { sequence: 'asc' } } },
    })
    // A tracking link to revoke (ADR 063), made in the database like its load.
    const link = itemPath.includes('{linkId}')
      ? await prisma.trackingLink.create({
          data: { organizationId, loadId: load.id, tokenHash: `fuzz-${n}-${load.id}`, expiresAt: new Date(Date.now() + 86_400_000) },
        })
      : null
    return { id: itemPath === '/api/loads/address/{id}' ? load.stops[1].id : load.id, version: load.version, stopId: load.stops[0].id, linkId: link?.id }
  }
  // An invoice, sent and partly paid, made in the database like loads (required custom fields).
  if (itemPath.startsWith('/api/invoice/')) {
    const n = ++serial
    const organizationId = org.organization.id
    const broker = await prisma.broker.create({ data: { organizationId, name: `Fuzz Invoice Broker ${n}` } })
    const invoice = await prisma.invoice.create({
      data: {
        organizationId,
        brokerId: broker.id,
        invoiceNumber: `FZI-${n}`,
        status: 'partially_paid',
        issueDate: new Date('2026-11-01'),
        dueDate: new Date('2026-12-01'),
        subtotalCents: 100_000,
        totalCents: 100_000,
        amountPaidCents: 1_000,
        items: { create: [{ sequence: 1, title: 'Fuzz line', unitPriceCents: 100_000, totalCents: 100_000 }] },
        payments: { create: [{ amountCents: 1_000, paidAt: new Date('2026-11-05') }] },
      },
      include: { payments: true },
    })
    return { id: invoice.id, version: invoice.version, paymentId: invoice.payments[0].id }
  }
  // A conversation of the admin (the fuzz's caller) and the dispatcher, for its messages and read mark.
  if (itemPath.startsWith('/api/chat/')) {
    const conversation = await prisma.conversation.create({
      data: {
        organizationId: org.organization.id,
        kind: 'group',
        title: `Fuzz chat ${++serial}`,
        participants: { create: [{ userId: org.users.admin.id }, { userId: org.users.dispatcher.id }] },
      },
    })
    return { id: conversation.id, version: conversation.version }
  }
  // The store: a line in the caller's cart, or an order placed from it.
  if (itemPath.startsWith('/api/cart') || itemPath.startsWith('/api/orders/')) {
    const organizationId = org.organization.id
    const userId = org.users.admin.id
    const n = ++serial
    const product = await prisma.product.create({ data: { organizationId, name: `Fuzz product ${n}`, sku: `FZP-${n}`, priceCents: 1250, stock: 1000 } })
    if (itemPath.startsWith('/api/orders/')) {
      const order = await prisma.storeOrder.create({
        data: {
          organizationId,
          orderNumber: `FZO-${n}`,
          chargeTo: 'company',
          shippingMethod: 'pickup',
          subtotalCents: 1250,
          totalCents: 1250,
          items: { create: [{ productId: product.id, name: product.name, sku: product.sku, priceCents: 1250, quantity: 1, lineTotalCents: 1250 }] },
        },
      })
      return { id: order.id, version: order.version }
    }
    const cart = await prisma.cart.upsert({ where: { userId }, create: { userId, organizationId }, update: {} })
    const item = await prisma.cartItem.create({ data: { userId, productId: product.id, quantity: 1 } })
    return { id: item.id, version: cart.version }
  }
  // A broker's message in the shared mailbox, made in the database as the inbound receiver files one.
  if (itemPath.startsWith('/api/mail/')) {
    const message = await prisma.mailMessage.create({
      data: { organizationId: org.organization.id, ownerId: null, fromEmail: 'fuzz@broker.example', subject: `Fuzz ${++serial}`, text: 'Fuzz' },
    })
    return { id: message.id, version: message.version }
  }
  // An approved settlement of the driver with one line, made in the database like invoices.
  if (itemPath.startsWith('/api/settlements/')) {
    const organizationId = org.organization.id
    const settlement = await prisma.settlement.create({
      data: {
        organizationId,
        number: `FZS-${++serial}`,
        driverId: org.users.driver.id,
        periodStart: new Date('2026-11-01'),
        periodEnd: new Date('2026-11-07'),
        status: 'approved',
        grossCents: 50_000,
        netCents: 50_000,
        items: { create: [{ organizationId, type: 'reimbursement', description: 'Fuzz line', amountCents: 50_000 }] },
      },
    })
    return { id: settlement.id, version: settlement.version }
  }
  // An open schedule of accounts with one sent invoice, made in the database like settlements.
  if (itemPath.startsWith('/api/factoring/schedules/')) {
    const n = ++serial
    const organizationId = org.organization.id
    const broker = await prisma.broker.create({ data: { organizationId, name: `Fuzz Factoring Broker ${n}` } })
    const invoice = await prisma.invoice.create({
      data: {
        organizationId,
        brokerId: broker.id,
        invoiceNumber: `FZF-${n}`,
        status: 'sent',
        issueDate: new Date('2026-11-01'),
        dueDate: new Date('2026-12-01'),
        subtotalCents: 100_000,
        totalCents: 100_000,
        items: { create: [{ sequence: 1, title: 'Fuzz line', unitPriceCents: 100_000, totalCents: 100_000 }] },
      },
    })
    const schedule = await prisma.factoringSchedule.create({
      data: {
        organizationId,
        number: `FZSCH-${n}`,
        factorName: 'Fuzz Factor',
        advanceBasisPoints: 9000,
        feeBasisPoints: 300,
        totalCents: 100_000,
        advanceCents: 90_000,
        feeCents: 3_000,
        reserveCents: 7_000,
        items: {
          create: [
            {
              invoiceId: invoice.id,
              liveInvoiceId: invoice.id,
              invoiceNumber: invoice.invoiceNumber,
              amountCents: 100_000,
              advanceCents: 90_000,
              feeCents: 3_000,
              reserveCents: 7_000,
            },
          ],
        },
      },
    })
    return { id: schedule.id, version: schedule.version }
  }
  // A new quote request, made in the database as the public form makes one.
  if (itemPath.startsWith('/api/quotes/')) {
    const quote = await prisma.quoteRequest.create({
      data: {
        organizationId: org.organization.id,
        number: 900_000 + ++serial,
        originCity: 'Dallas',
        originState: 'TX',
        destinationCity: 'Atlanta',
        destinationState: 'GA',
        equipmentType: 'dry_van',
        pickupDate: new Date('2026-12-01'),
        name: 'Fuzz Shipper',
        email: 'fuzz@shipper.example',
      },
    })
    return { id: quote.id, version: quote.version }
  }
  // A bulletin's acknowledge and comments work on a published post that asks for acknowledgment.
  if (itemPath.startsWith('/api/posts/{id}/')) {
    const post = await prisma.post.create({
      data: {
        organizationId: org.organization.id,
        title: `Fuzz bulletin ${++serial}`,
        body: 'Read me',
        bodyHtml: '<p>Read me</p>',
        status: 'published',
        publishedAt: new Date(),
        requiresAcknowledgment: true,
      },
    })
    return { id: post.id, version: post.version }
  }
  // The files manager (ADR 067): a product photo (its index row made by the trigger) and a share link of it.
  if (itemPath.startsWith('/api/files/')) {
    const n = ++serial
    const organizationId = org.organization.id
    const product = await prisma.product.create({ data: { organizationId, name: `Fuzz file product ${n}`, sku: `FZFP-${n}`, priceCents: 100 } })
    const photo = await prisma.productPhoto.create({
      data: { productId: product.id, organizationId, fileName: `fuzz-${n}.png`, contentType: 'image/png', sizeBytes: 1, storageKey: `fuzz/files/${n}` },
    })
    const share = await prisma.fileShare.create({
      data: { organizationId, fileId: photo.id, tokenHash: `fuzz-share-${n}-${photo.id}`, expiresAt: new Date(Date.now() + 86_400_000) },
    })
    return { id: itemPath.includes('{shareId}') ? share.id : photo.id, version: 1 }
  }
  // A webhook endpoint with one delivery, made in the database: the API's create is capped per organization.
  if (itemPath.startsWith('/api/webhooks/')) {
    const n = ++serial
    const organizationId = org.organization.id
    const endpoint = await prisma.webhookEndpoint.create({
      data: { organizationId, url: `https://hooks.example.com/fuzz/${n}`, events: ['load.created'], secret: 'whsec_ZnV6enNlY3JldGZ1enpzZWNyZXRmdXp6' },
    })
    const delivery = await prisma.webhookDelivery.create({
      data: {
        id: `msg_fuzz${n}`,
        endpointId: endpoint.id,
        organizationId,
        eventType: 'load.created',
        payload: { type: 'load.created', timestamp: new Date().toISOString(), data: {} },
      },
    })
    return { id: endpoint.id, version: endpoint.version, deliveryId: delivery.id }
  }
  // A reading is recorded by a driver on a load on the road: made in the database (a deadhead reading, no load).
  if (itemPath === '/api/odometer-readings/{id}') {
    const n = ++serial
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: `FZO-${n}` } })
    const reading = await prisma.odometerReading.create({
      data: {
        organizationId: org.organization.id,
        truckId: truck.id,
        driverId: org.users.driver.id,
        kind: 'start',
        jurisdiction: 'TX',
        odometer: n,
        recordedAt: new Date(),
      },
    })
    return { id: reading.id, version: 1 }
  }
  // An inspection report with one defect, made in the database: the API files only as a driver or an admin of a unit.
  if (itemPath.startsWith('/api/inspections/{id}')) {
    const n = ++serial
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: `FZI-${n}` } })
    const inspection = await prisma.inspection.create({
      data: {
        organizationId: org.organization.id,
        truckId: truck.id,
        driverId: org.users.driver.id,
        kind: 'pre_trip',
        inspectedAt: new Date(),
        odometer: n,
        defects: { create: [{ item: 'horn', note: 'Fuzz', outOfService: false }] },
      },
    })
    return { id: inspection.id, version: inspection.version }
  }
  // A product's photo endpoints work on a product (made in the database: photos need a multipart upload).
  if (itemPath.startsWith('/api/products/{id}/')) {
    const n = ++serial
    const product = await prisma.product.create({
      data: { organizationId: org.organization.id, name: `Fuzz photo product ${n}`, sku: `FZPP-${n}`, priceCents: 100 },
    })
    return { id: product.id, version: product.version }
  }
  // A fuel purchase's receipt works on a purchase (made in the database: receipts need a multipart upload).
  if (itemPath.startsWith('/api/fuel-purchases/{id}/')) {
    const n = ++serial
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: `FZE-${n}` } })
    const purchase = await prisma.fuelPurchase.create({
      data: {
        organizationId: org.organization.id,
        truckId: truck.id,
        purchasedAt: new Date('2026-05-04'),
        jurisdiction: 'TX',
        gallonsMilli: 10_500,
        totalCents: 4_200,
      },
    })
    return { id: purchase.id, version: purchase.version }
  }
  // A work order's moves (start, cancel, complete) work on an open order of a truck (ADR 132).
  if (itemPath.startsWith('/api/work-orders/{id}/')) {
    const n = ++serial
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: `FZW-${n}` } })
    const order = await prisma.workOrder.create({
      data: { organizationId: org.organization.id, number: `WO-FZ${n}`, truckId: truck.id, kind: 'repair', description: `Fuzz ${n}` },
    })
    return { id: order.id, version: order.version }
  }
  // An accident (ADR 141) of a truck and the organization's driver, made in the database: its documents need one too.
  if (itemPath.startsWith('/api/accidents/{id}')) {
    const n = ++serial
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: `FZA-${n}` } })
    const accident = await prisma.accident.create({
      data: {
        organizationId: org.organization.id,
        occurredAt: new Date('2026-05-04T10:00:00Z'),
        driverId: org.users.driver.id,
        truckId: truck.id,
        city: 'Fuzz',
        state: 'TX',
      },
    })
    return { id: accident.id, version: accident.version }
  }
  // An item of the driver's qualification file (ADR 139), made in the database.
  if (itemPath.startsWith('/api/drivers/{userId}/qualifications/{id}')) {
    const item = await prisma.driverQualification.create({
      data: { organizationId: org.organization.id, driverId: org.users.driver.id, kind: 'mvr', completedAt: new Date('2026-05-04') },
    })
    return { id: item.id, version: item.version }
  }
  // A claim (ADR 142) is against a load, by its broker: made in the database.
  if (itemPath.startsWith('/api/claims/{id}')) {
    const n = ++serial
    const organizationId = org.organization.id
    const broker = await prisma.broker.create({ data: { organizationId, name: `Fuzz Claimant ${n}` } })
    const load = await prisma.load.create({ data: { organizationId, brokerId: broker.id, loadNumber: `FZC-${n}` } })
    const claim = await prisma.claim.create({
      data: {
        organizationId,
        number: `CL-FZ${n}`,
        loadId: load.id,
        kind: 'loss',
        claimantBrokerId: broker.id,
        filedOn: new Date('2026-05-04'),
        amountClaimedCents: 10_000,
      },
    })
    return { id: claim.id, version: claim.version }
  }
  const collection = itemPath.replace('/{id}', '')
  const n = ++serial
  // Fuel purchases, trips, work orders and maintenance schedules name a unit: made only for their own targets.
  const fuelTruck = () => prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: `FZF-${n}` } })
  const fuelBodies: Record<string, () => Promise<unknown>> = {
    '/api/fuel-purchases': async () => ({ truckId: (await fuelTruck()).id, purchasedAt: '2026-05-04', jurisdiction: 'TX', gallons: 10.5, totalCents: 4_200 }),
    // A work order of a truck (ADR 132).
    '/api/work-orders': async () => ({ truckId: (await fuelTruck()).id, kind: 'repair', description: `Fuzz work ${n}` }),
    // A maintenance schedule of a truck (ADR 133).
    '/api/maintenance/schedules': async () => ({ truckId: (await fuelTruck()).id, task: `Fuzz task ${n}`, everyDays: 90, lastDoneAt: '2026-05-04' }),
    // An EDI trading partner is a broker's (ADR 147).
    '/api/edi/partners': async () => ({
      name: `Fuzz partner ${n}`,
      brokerId: (await prisma.broker.create({ data: { organizationId: org.organization.id, name: `Fuzz EDI Broker ${n}` } })).id,
      isaQualifier: 'ZZ',
      isaId: `FUZZ${n}`,
      gsId: `FUZZ${n}`,
      ourIsaQualifier: 'ZZ',
      ourIsaId: 'FDCARRIER',
      ourGsId: 'FDCARRIER',
      transport: 'manual',
      send214: false,
      send210: false,
    }),
    '/api/trips': async () => ({
      truckId: (await fuelTruck()).id,
      startedAt: '2026-05-04',
      endedAt: '2026-05-05',
      startOdometer: 1_000,
      endOdometer: 1_100,
      jurisdictions: [{ jurisdiction: 'TX', miles: 100 }],
    }),
  }
  const bodies: Record<string, unknown> = {
    '/api/trucks': { unitNumber: `FZT-${n}` },
    '/api/trailers': { unitNumber: `FZR-${n}` },
    '/api/products': { name: `Fuzz product ${n}`, sku: `FZP-${n}`, priceCents: 1999 },
    '/api/posts': { title: `Fuzz bulletin ${n}`, body: 'Fuzz **text**' },
    '/api/brokers': { name: `Fuzz Broker ${n}` },
    '/api/company': { name: `Fuzz Company ${n}` },
    '/api/companies': { name: `Fuzz Companies ${n}` },
    '/api/customfield': { listName: 'loads', key: `fz_target_${n}`, label: 'Fuzz', type: 'text' },
    '/api/user': { email: `fuzz.target.${n}@example.test`, firstName: 'Fuzz', lastName: `Target ${n}`, role: 'viewer' },
  }
  const answer = await send({
    label: 'create target',
    method: 'POST',
    path: collection,
    headers: { ...bearer(), 'Content-Type': 'application/json' },
    body: Buffer.from(JSON.stringify(collection in fuelBodies ? await fuelBodies[collection]() : bodies[collection])),
  })
  expect(answer.status, `creating a record at ${collection}: ${answer.text}`).toBe(201)
  const { data } = JSON.parse(answer.text) as { data: { id: string; version: number } }
  return { id: data.id, version: data.version }
}

/** The JSON body of a POST or PUT as a request, with a forged token now and then. */
function bodyCase(method: string, path: string, body: HostileBody, rng: Rng, authenticated: boolean): Case {
  const headers: Record<string, string> = body.contentType ? { 'Content-Type': body.contentType } : {}
  if (rng.chance(0.1)) Object.assign(headers, hostileLanguageHeaders(rng))
  let label = body.label
  if (authenticated) {
    if (rng.chance(0.05)) {
      const authorization = hostileAuthorization(org.users.admin.token, rng)
      if (authorization !== undefined) headers.Authorization = authorization
      label = `forged token, ${label}`
    } else Object.assign(headers, bearer())
  }
  return { label, method, path, headers, body: body.body }
}

/** One batch of cases for a write endpoint, given the record it works on (item endpoints). */
function writeBatch(
  write: (typeof writes)[number],
  rng: Rng,
  rolls: number[],
  size: number,
  target: { id: string; version: number; stopId?: string; paymentId?: string; linkId?: string; deliveryId?: string } | undefined,
): Case[] {
  const { method, path, operation } = write
  // A multipart upload (load documents) gets the same hostile JSON: it must answer 415 or 400, never store.
  const content = operation.requestBody?.content
  // A body that is no JSON (an X12 interchange) gets hostile JSON too: it must answer 415 or 400.
  const schema = content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema ?? { type: 'object', properties: {} }
  const authenticated = !path.startsWith('/api/account/')
  const cases: Case[] = []
  for (let i = 0; i < size; i++) {
    // The case's kind of mutation: its stratum of the endpoint's cases.
    const roll = rolls.shift() ?? rng.next()
    // A document id nobody has: the fuzz checks refusals there; tests/integration/load-documents.test.ts the rest.
    const itemPath = (id: string) =>
      path
        .replace('{id}', id)
        .replace('{itemId}', id)
        .replace('{shareId}', id)
        .replace('{documentId}', 'cl0000000000000000000000')
        .replace('{stopId}', target?.stopId ?? 'cl0000000000000000000000')
        .replace('{paymentId}', target?.paymentId ?? 'cl0000000000000000000000')
        .replace('{photoId}', 'cl0000000000000000000000')
        .replace('{linkId}', target?.linkId ?? 'cl0000000000000000000000')
        .replace('{deliveryId}', target?.deliveryId ?? 'msg_none')
        // A qualification file is the organization's driver's.
        .replace('{userId}', org.users.driver.id)
    const concrete = target ? itemPath(target.id) : path.replace('{userId}', org.users.driver.id)
    if (path === '/api/account/logout') {
      // Never with a valid token (that would sign the fuzz out): forged ones, with or without a body.
      const authorization = hostileAuthorization(org.users.admin.token, rng)
      const headers: Record<string, string> = authorization === undefined ? {} : { Authorization: authorization }
      const body = rng.chance(0.5) ? hostileBody({ properties: { a: {} } }, {}, rng) : undefined
      if (body?.contentType) headers['Content-Type'] = body.contentType
      cases.push({ label: `forged token ${authorization?.slice(0, 30)}${body ? `, ${body.label}` : ''}`, method, path, headers, body: body?.body })
      continue
    }
    if (method === 'DELETE') {
      const bad = rng.deal(HOSTILE_VERSIONS)
      if (roll < 0.55) {
        // A bad version first, the right one after it: the first one counts, and it is bad.
        const then = rng.chance(0.3) ? `&version=${target!.version}` : ''
        cases.push({ label: `?${bad.slice(0, 40)}${then}`, method, path: `${concrete}?${bad}${then}`, headers: bearer() })
      } else if (roll < 0.75) {
        const id = rng.deal(HOSTILE_IDS)
        cases.push({ label: `id ${id.slice(0, 30)}`, method, path: `${itemPath(id)}${rng.chance(0.5) ? '' : '?version=1'}`, headers: bearer() })
      } else if (roll < 0.85) {
        const authorization = hostileAuthorization(org.users.admin.token, rng)
        cases.push({
          label: `forged token, ?${bad.slice(0, 40)}`,
          method,
          path: `${concrete}?${bad}`,
          headers: authorization === undefined ? {} : { Authorization: authorization },
        })
      } else if (roll < 0.93) {
        const body = hostileBody({ properties: { version: {}, id: {} } }, { version: target!.version }, rng)
        cases.push({ ...bodyCase(method, `${concrete}?${bad}`, body, rng, true), label: `?${bad.slice(0, 40)} with a body: ${body.label}` })
      } else {
        // A stale version (the record is newer or older than that).
        const stale = target!.version + 1 + rng.int(5)
        cases.push({ label: `stale ?version=${stale}`, method, path: `${concrete}?version=${stale}`, headers: bearer() })
      }
      continue
    }
    const base = validObject(schema!, rng, context(rng))
    if (target) base.version = target.version
    if (rng.chance(0.05) && schema!.properties?.companyId) {
      // Another organization's company: must be refused as a reference that is not ours.
      base.companyId = victim.company.id
      cases.push(
        bodyCase(
          method,
          concrete,
          { label: 'companyId of another organization', body: Buffer.from(JSON.stringify(base)), contentType: 'application/json' },
          rng,
          authenticated,
        ),
      )
      continue
    }
    const hostile = hostileBody(schema!, base, rng, roll)
    if (target && rng.chance(0.08)) {
      const id = rng.deal(HOSTILE_IDS)
      cases.push({ ...bodyCase(method, itemPath(id), hostile, rng, authenticated), label: `id ${id.slice(0, 30)}, ${hostile.label}` })
      continue
    }
    cases.push(bodyCase(method, concrete, hostile, rng, authenticated))
  }
  return cases
}

beforeAll(async () => {
  ;[server, org, victim] = await Promise.all([
    startServer({
      AUTH_RATE_LIMIT_PER_ADDRESS: '1000000',
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      API_RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
      // Queued emails (an accepted invitation's link) would be sent during later batches and change
      // tables behind the fuzzer's back: the jobs wait in their queue instead.
      JOB_WORKER: 'off',
    }),
    createOrg(),
    createOrg(),
  ])
  agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
  // The data check covers every table the migrations made (bookkeeping aside), new ones included.
  expect(await logWrites()).toBeGreaterThan(40)
  // One custom field of each type on every list with custom fields, for hostile customFields values.
  for (const listName of ['trucks', 'trailers', 'brokers', 'companies']) {
    for (const type of ['text', 'number', 'date', 'boolean', 'select']) {
      const definition = { listName, key: `fz_${type}`, label: `Fuzz ${type}`, type, ...(type === 'select' ? { options: ['alpha', 'beta'] } : {}) }
      const answer = await send({
        label: 'define custom field',
        method: 'POST',
        path: '/api/customfield',
        headers: { ...bearer(), 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify(definition)),
      })
      expect(answer.status, answer.text).toBe(201)
    }
  }
  victimBefore = JSON.stringify(await fingerprint(victim.organization.id))
}, 120_000)

afterAll(async () => {
  agent?.destroy()
  await server?.stop()
})

describe(`API fuzz (FUZZ_SEED=${SEED})`, () => {
  it('walks the document the server serves', async () => {
    const answer = await send({ label: 'openapi', method: 'GET', path: '/api/openapi.json', headers: {} })
    expect(answer.status).toBe(200)
    expect(Object.keys(JSON.parse(answer.text).paths)).toEqual(Object.keys(document.paths))
    expect(writes.length).toBeGreaterThan(15)
    expect(lists.length).toBeGreaterThan(5)
  })

  it('sees a write that changes no value: the data check is not blind', async () => {
    const before = await fingerprint()
    await prisma.company.update({ where: { id: org.company.id }, data: { name: org.company.name } })
    expect(changedTables(before, await fingerprint())).toEqual(['Company'])
    const session = await prisma.session.findUniqueOrThrow({ where: { id: org.users.viewer.sessionId } })
    await prisma.session.update({ where: { id: session.id }, data: { lastSeenAt: new Date() } })
    await prisma.loginAttempt.create({ data: { email: 'fuzz@example.test', ip: '203.0.113.9', success: false } })
    expect(changedTables(before, await fingerprint()), 'bookkeeping a refusal writes is left out').toEqual(['Company'])
  })

  it.each(writes.map((write) => [`${write.method} ${write.path}`, write] as const))(
    '%s: hostile bodies are refused with the envelope and change nothing',
    async (endpoint, write) => {
      const rng = rngFor(SEED, endpoint)
      const failures: string[] = []
      const hasTarget =
        write.path.includes('{id}') ||
        write.path.includes('{itemId}') ||
        write.path.includes('{shareId}') ||
        (write.path === '/api/cart' && write.method === 'DELETE')
      let target = hasTarget ? await createTarget(write.path) : undefined
      let before = await fingerprint()
      let accepted = 0
      const rolls = strata(WRITE_CASES, rng)
      for (let start = 0; start < WRITE_CASES; start += BATCH) {
        const cases = writeBatch(write, rng, rolls, Math.min(BATCH, WRITE_CASES - start), target)
        const outcomes = await Promise.all(cases.map(async (request) => ({ ...request, ...(await send(request)) })))
        sent[endpoint] = (sent[endpoint] ?? 0) + outcomes.length
        outcomes.forEach((outcome, i) => {
          for (const problem of problems(outcome)) failures.push(describeFailure(endpoint, start + i, outcome, problem))
        })
        const accepts = outcomes.filter((outcome) => outcome.status < 400)
        accepted += accepts.length
        let after = await fingerprint()
        if (accepts.length === 0) {
          checked[endpoint] = (checked[endpoint] ?? 0) + 1
          const changed = changedTables(before, after)
          if (changed.length) {
            failures.push(`FUZZ_SEED=${SEED} ${endpoint} cases ${start}–${start + cases.length - 1}: all refused, yet ${changed.join(', ')} changed`)
            failures.push(...(await culprits(endpoint, start, cases)))
            // The next batch is checked against the data as the replay left it.
            after = await fingerprint()
          }
        } else if (target) {
          // Something got through (a mutation that left the body valid): follow the record.
          const deleted = outcomes.some((outcome) => outcome.method === 'DELETE' && outcome.status === 200)
          // The cart has no item path to read back: a fresh line (and the cart's version) instead.
          // A file has no version to read back, nor a message sent again (it waits now): a fresh one instead.
          if (deleted || write.path.startsWith('/api/cart') || write.path.startsWith('/api/files/') || write.path.startsWith('/api/edi/messages/'))
            target = await createTarget(write.path)
          else {
            // The record itself (an action's path, `…/{id}/payments`, answers only POST).
            const answer = await send({
              label: 'read target',
              method: 'GET',
              path: write.path
                .slice(0, write.path.indexOf('{id}') + 4)
                .replace('{id}', target.id)
                .replace('{userId}', org.users.driver.id),
              headers: bearer(),
            })
            target = { ...target, version: (JSON.parse(answer.text) as { data: { version: number } }).data.version }
          }
        }
        before = target && accepts.length ? await fingerprint() : after
      }
      expect(failures, `${failures.length} failures (${accepted} accepted)`).toEqual([])
      expect(sent[endpoint]).toBeGreaterThanOrEqual(WRITE_CASES)
      // The data check is not vacuous: some batches were refused whole and checked (most are; the
      // users' many optional text fields take hostile-but-valid text more often).
      expect(checked[endpoint], `${accepted} accepted`).toBeGreaterThanOrEqual(2)
    },
  )

  it.each(lists.map((list) => [`GET ${list.path}`, list] as const))('%s: abusive query strings answer a list or the envelope', async (endpoint, list) => {
    const rng = rngFor(SEED, endpoint)
    const parameters = (list.operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
    const failures: string[] = []
    const before = await fingerprint()
    const cases: Case[] = Array.from({ length: LIST_CASES }, () => {
      const query = hostileQuery(parameters, rng)
      const forged = rng.chance(0.05) ? hostileAuthorization(org.users.admin.token, rng) : null
      const headers = {
        ...(forged === null ? bearer() : forged === undefined ? {} : { Authorization: forged }),
        ...(rng.chance(0.1) ? hostileLanguageHeaders(rng) : {}),
      }
      return { label: `${forged === null ? '' : 'forged token, '}?${query.slice(0, 80)}`, method: 'GET', path: `${list.path}?${query}`, headers }
    })
    const outcomes = await Promise.all(cases.map(async (request) => ({ ...request, ...(await send(request)) })))
    sent[endpoint] = outcomes.length
    outcomes.forEach((outcome, i) => {
      for (const problem of problems(outcome)) failures.push(describeFailure(endpoint, i, outcome, problem))
      if (outcome.status === 200 && !outcome.contentType.startsWith('text/csv')) {
        const body = JSON.parse(outcome.text) as { data?: unknown; meta?: { total?: unknown } }
        if (!Array.isArray(body.data) || typeof body.meta?.total !== 'number')
          failures.push(describeFailure(endpoint, i, outcome, 'a 200 without data and meta'))
      }
    })
    const changed = changedTables(before, await fingerprint())
    if (changed.length) failures.push(`FUZZ_SEED=${SEED} ${endpoint}: a list changed ${changed.join(', ')}`)
    expect(failures, `${failures.length} failures`).toEqual([])
  })

  it('left the other organization untouched (no write reached across tenants)', async () => {
    expect(JSON.stringify(await fingerprint(victim.organization.id))).toBe(victimBefore)
  })

  it('logged no unexpected server error through all of the above', () => {
    const total = Object.values(sent).reduce((sum, n) => sum + n, 0)
    console.info(
      `[api-fuzz] seed ${SEED}: ${total} requests, ${fingerprints.count} data checks in ${Math.round(fingerprints.ms)} ms, by status`,
      statuses,
      'by endpoint',
      sent,
      'refused-only batches checked',
      checked,
    )
    expect(server.output()).not.toMatch(/Unexpected Server Error|Error:|ECONNRESET|at .+\(.+:\d+:\d+\)/)
  })
})
