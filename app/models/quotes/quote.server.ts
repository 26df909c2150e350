/**
 * Quote requests (ADR 061): a shipper's request from a public quote form, answered on
 * /dashboard/booking and by /api/quotes. What each status allows is the quote policy's
 * (app/policies/quote.ts); the load a request becomes is made by the load model's `createLoad`.
 *
 * Numbers: `Organization.nextQuoteNumber`, taken with an UPDATE … RETURNING (the row lock
 * serializes concurrent requests). One load per request: converting locks the request's row in
 * the load's transaction and refuses when it already has one (409 `in_use`), so two conversions
 * at once make one load.
 */
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import { getFixedT } from '~/i18n.server'
import { weeks } from '~/models/analytics.server'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { createLoad } from '~/models/loads/load.server'
import { consumeRateLimit } from '~/models/operations/rate-limit.server'
import { organizationToday } from '~/models/organization/organization.server'
import { siteFrameSelect } from '~/models/organization/site.server'
import {
  assertId,
  assertOneRow,
  assertVersion,
  containsText,
  isoDate,
  listPage,
  lockForUpdate,
  nextNumber,
  requireFound,
  throwRefusal,
  toDateOnly,
} from '~/models/records/records.server'
import { quoteEmailTask } from '~/models/tasks/quote-email.server'
import { systemActor } from '~/policies/actor'
import { type QuoteAction, quoteActorRefusal, quoteRefusal } from '~/policies/quote'
import type { LoadInput } from '~/schemas/load'
import type { QuoteConvertInput, QuoteListQuery, QuoteLostInput, QuotePriceInput, QuoteRecord, QuoteRequestInput } from '~/schemas/quote'
import {
  BOOKING_WEEKS,
  formatQuoteNumber,
  QUOTE_LIMIT_PER_ADDRESS,
  QUOTE_LIMIT_PER_IP,
  QUOTE_LIMIT_WINDOW_MINUTES,
  QUOTE_STATUSES,
  type QuoteStatus,
} from '~/schemas/quote-options'
import { prisma, type Tx } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'
import { inboundEmail } from '~/utils/inbound-address.server'

const ENTITY = 'quoteRequest'
const NOT_FOUND = 'quotes.errors.notFound'

const include = {
  answeredBy: { select: { id: true, firstName: true, lastName: true } },
  load: { select: { id: true, loadNumber: true, status: true } },
} as const satisfies Prisma.QuoteRequestInclude

export type QuoteWithRelations = Prisma.QuoteRequestGetPayload<{ include: typeof include }>

// ---- The public form ----

/** The organization a public quote address names: its handle (the inbound address's local part), or null. */
export async function quoteOrganizationByHandle(handle: string) {
  if (!/^[a-z0-9-]{1,60}$/.test(handle)) return null
  return prisma.organization.findUnique({
    where: { inboundLocalPart: handle },
    // What the site frame shows, as for the site organization.
    select: siteFrameSelect,
  })
}

/** The organization's public quote address (shown on the booking dashboard, so the carrier can link to it). */
export async function quoteAddressOf(organizationId: string) {
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { inboundLocalPart: true } })
  return appUrl(href('/pricing/:handle', { handle: organization.inboundLocalPart }))
}

/** The services a carrier lists on its pricing page: [{ name, description }], read defensively (another form writes them). */
export async function siteServicesOf(organizationId: string) {
  const row = await prisma.organization.findUnique({ where: { id: organizationId }, select: { siteServices: true } })
  const list = Array.isArray(row?.siteServices) ? row.siteServices : []
  return list.flatMap((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return []
    const { name, description } = item as Record<string, unknown>
    if (typeof name !== 'string' || !name.trim()) return []
    return [{ name: name.trim().slice(0, 200), description: typeof description === 'string' ? description.trim().slice(0, 2000) : '' }]
  })
}

/** One public request: per requester address and per client IP in the window (the contact form's rule). */
export function consumeQuoteLimit(organizationId: string, email: string, ip: string) {
  return consumeRateLimit(
    [
      { key: `quote-address:${organizationId}:${email.trim().toLowerCase()}`, max: QUOTE_LIMIT_PER_ADDRESS },
      { key: `quote-ip:${ip}`, max: QUOTE_LIMIT_PER_IP },
    ],
    QUOTE_LIMIT_WINDOW_MINUTES * 60_000,
  )
}

function lane(quote: { originCity: string; originState: string; destinationCity: string; destinationState: string }) {
  return `${quote.originCity}, ${quote.originState} → ${quote.destinationCity}, ${quote.destinationState}`
}

/**
 * A shipper's request into the organization: numbered, and announced to the office as a message
 * in the shared inbox (written in the requester's language, from the requester, so a reply goes
 * to them). A pickup day before the organization's today is refused at its field.
 */
export async function createQuoteRequest(organizationId: string, input: QuoteRequestInput, language: string, now = new Date()) {
  if (input.pickupDate < (await organizationToday(organizationId, prisma, now)))
    throw new DomainError('validation_failed', 'validation.failed', { fields: { pickupDate: ['quotes.errors.pickupPast'] } })
  return prisma.$transaction(async (tx) => {
    const number = await nextNumber(tx, organizationId, 'nextQuoteNumber', { notFoundKey: NOT_FOUND })
    const quote = await tx.quoteRequest.create({
      data: {
        organizationId,
        number,
        originCity: input.originCity,
        originState: input.originState,
        destinationCity: input.destinationCity,
        destinationState: input.destinationState,
        equipmentType: input.equipmentType,
        pickupDate: toDateOnly(input.pickupDate)!,
        weightLb: input.weightLb ?? null,
        name: input.name,
        email: input.email,
        company: input.company || null,
        phone: input.phone || null,
        message: input.message || null,
      },
    })
    const organization = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { name: true, inboundLocalPart: true } })
    const t = getFixedT(language)
    const shown = formatQuoteNumber(number)
    const text = t('quotes.inbox.body', {
      number: shown,
      lane: lane(input),
      equipment: t(`trailers.type.${input.equipmentType}`),
      pickupDate: input.pickupDate,
      weight: input.weightLb ? `${input.weightLb} lb` : '—',
      name: input.name,
      email: input.email,
      company: input.company || '—',
      phone: input.phone || '—',
      message: input.message || '—',
      link: appUrl(href('/dashboard/booking/:id', { id: quote.id })),
    })
    await tx.mailMessage.create({
      data: {
        organizationId,
        ownerId: null,
        folder: 'inbox',
        fromName: input.name,
        fromEmail: input.email,
        to: [{ name: organization.name, email: inboundEmail(organization.inboundLocalPart) }],
        subject: t('quotes.inbox.subject', { number: shown, lane: lane(input) }),
        text,
        snippet: text.slice(0, 200),
      },
    })
    await recordAudit(tx, systemActor(organizationId), { entity: ENTITY, entityId: quote.id, action: 'create', after: { number: shown, email: input.email } })
    return quote
  })
}

// ---- Reads ----

export function serializeQuote(quote: QuoteWithRelations): QuoteRecord {
  return {
    id: quote.id,
    number: formatQuoteNumber(quote.number),
    status: quote.status,
    originCity: quote.originCity,
    originState: quote.originState,
    destinationCity: quote.destinationCity,
    destinationState: quote.destinationState,
    equipmentType: quote.equipmentType,
    pickupDate: isoDate(quote.pickupDate)!,
    weightLb: quote.weightLb,
    name: quote.name,
    email: quote.email,
    company: quote.company,
    phone: quote.phone,
    message: quote.message,
    quotedCents: quote.quotedCents,
    quoteNote: quote.quoteNote,
    quotedAt: quote.quotedAt?.toISOString() ?? null,
    decidedAt: quote.decidedAt?.toISOString() ?? null,
    lostReason: quote.lostReason,
    answeredBy: quote.answeredBy ? { id: quote.answeredBy.id, name: `${quote.answeredBy.firstName} ${quote.answeredBy.lastName}`.trim() } : null,
    loadId: quote.loadId,
    load: quote.load ? { id: quote.load.id, loadNumber: quote.load.loadNumber, status: quote.load.status } : null,
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
    version: quote.version,
  }
}

/** One request of the organization (another's is not found). */
export async function getQuote(organizationId: string, id: string): Promise<QuoteWithRelations> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.quoteRequest.findFirst({ where: { id, organizationId }, include }), NOT_FOUND)
}

/** The request a load was converted from, if any (the load page links back to it). */
export async function quoteOfLoad(organizationId: string, loadId: string) {
  const quote = await prisma.quoteRequest.findFirst({ where: { organizationId, loadId }, select: { id: true, number: true } })
  return quote ? { id: quote.id, number: formatQuoteNumber(quote.number) } : null
}

function listWhere(organizationId: string, query: QuoteListQuery): Prisma.QuoteRequestWhereInput {
  const q = query.q
  const number = q ? /^(?:q-?)?0*(\d{1,9})$/i.exec(q) : null
  return {
    organizationId,
    ...(query.status ? { status: query.status } : {}),
    ...(q
      ? {
          OR: [
            ...(number ? [{ number: Number(number[1]) }] : []),
            ...(['name', 'email', 'company', 'originCity', 'destinationCity'] as const).map((field) => ({
              [field]: containsText(q),
            })),
          ],
        }
      : {}),
  }
}

export async function listQuotes(organizationId: string, query: QuoteListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.quoteRequest.count({ where }),
    (window) =>
      prisma.quoteRequest.findMany({
        where,
        include,
        orderBy: [query.sort === 'quotedCents' ? { quotedCents: { sort: query.dir, nulls: 'last' } } : { [query.sort]: query.dir }, { id: query.dir }],
        ...window,
      }),
  )
}

/**
 * The booking dashboard: requests per week (the last BOOKING_WEEKS, each in the week it arrived
 * on the organization's calendar), counts per status, the win rate (won of decided) and the
 * median response time (arrival → first price) over the window's quoted requests.
 */
export async function bookingDashboard(organizationId: string, now = new Date()) {
  const [today, organization] = await Promise.all([
    organizationToday(organizationId, prisma, now),
    prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { timezone: true } }),
  ])
  const mondays = weeks(today, BOOKING_WEEKS)
  const from = mondays[0]
  const zone = organization.timezone
  const [perWeek, statuses, response] = await Promise.all([
    prisma.$queryRaw<Array<{ week: string; count: number }>>`
      SELECT to_char(date_trunc('week', q."createdAt" AT TIME ZONE ${zone}), 'YYYY-MM-DD') AS week, count(*)::int AS count
      FROM "QuoteRequest" q
      WHERE q."organizationId" = ${organizationId} AND (q."createdAt" AT TIME ZONE ${zone})::date >= ${from}::date
      GROUP BY week`,
    prisma.$queryRaw<Array<{ status: QuoteStatus; count: number }>>`
      SELECT q."status"::text AS status, count(*)::int AS count FROM "QuoteRequest" q
      WHERE q."organizationId" = ${organizationId} AND (q."createdAt" AT TIME ZONE ${zone})::date >= ${from}::date
      GROUP BY q."status"`,
    prisma.$queryRaw<Array<{ median: number | null }>>`
      SELECT (percentile_cont(0.5) WITHIN GROUP (ORDER BY EXTRACT(EPOCH FROM (q."quotedAt" - q."createdAt"))))::float8 AS median
      FROM "QuoteRequest" q
      WHERE q."organizationId" = ${organizationId} AND q."quotedAt" IS NOT NULL AND (q."createdAt" AT TIME ZONE ${zone})::date >= ${from}::date`,
  ])
  const byWeek = new Map(perWeek.map((row) => [row.week, row.count]))
  const counts = Object.fromEntries(QUOTE_STATUSES.map((status) => [status, statuses.find((row) => row.status === status)?.count ?? 0])) as Record<
    QuoteStatus,
    number
  >
  const decided = counts.won + counts.lost
  const median = response[0]?.median
  return {
    from,
    perWeek: mondays.map((week) => ({ week, count: byWeek.get(week) ?? 0 })),
    counts,
    total: QUOTE_STATUSES.reduce((sum, status) => sum + counts[status], 0),
    /** Won of decided (won + lost), in whole percent; null before any decision. */
    winRate: decided ? Math.round((counts.won / decided) * 100) : null,
    /** Minutes from arrival to the price, the median; null before any price. */
    medianResponseMinutes: median === null || median === undefined ? null : Math.round(median / 60),
  }
}

// ---- Writes ----

function lockQuote(tx: Tx, organizationId: string, id: string, version: number | undefined) {
  return lockForUpdate(tx, { table: 'QuoteRequest', id, organizationId, version, notFoundKey: NOT_FOUND }, () =>
    tx.quoteRequest.findFirst({ where: { id, organizationId } }),
  )
}

function assertAllows(action: QuoteAction, quote: { status: QuoteStatus; loadId: string | null }) {
  throwRefusal(quoteRefusal(action, { status: quote.status, loadId: quote.loadId }))
}

async function write(
  tx: Tx,
  actor: Actor,
  before: { id: string; version: number; status: string },
  data: Prisma.QuoteRequestUncheckedUpdateManyInput,
  audit: { before?: Record<string, unknown>; after: Record<string, unknown> },
) {
  assertOneRow(await tx.quoteRequest.updateMany({ where: { id: before.id, version: before.version }, data: { ...data, version: { increment: 1 } } }))
  await recordAudit(tx, actor, {
    entity: ENTITY,
    entityId: before.id,
    action: data.status && data.status !== before.status ? 'status' : 'update',
    before: { status: before.status, ...audit.before },
    after: { status: data.status ?? before.status, ...audit.after },
  })
  return tx.quoteRequest.findUniqueOrThrow({ where: { id: before.id }, include })
}

/**
 * A price for the requester: stored, the request quoted, and the email queued in the same
 * transaction (its key: quoting again while one waits sends the newest price once). The email's
 * links are on APP_URL, never the request's host.
 */
export async function quotePrice(actor: Actor, id: string, input: QuotePriceInput, language: string, now = new Date()) {
  throwRefusal(quoteActorRefusal(actor, 'quote'))
  return prisma.$transaction(async (tx) => {
    const before = await lockQuote(tx, actor.organizationId, id, input.version)
    assertAllows('quote', before)
    const quote = await write(
      tx,
      actor,
      before,
      { status: 'quoted', quotedCents: input.amountCents, quoteNote: input.note || null, quotedAt: before.quotedAt ?? now, answeredById: actor.userId },
      { before: { quotedCents: before.quotedCents }, after: { quotedCents: input.amountCents } },
    )
    await quoteEmailTask.enqueue(tx, { quoteId: id, organizationId: actor.organizationId, language }, { key: `quote_email:${id}` })
    return quote
  })
}

export async function markQuoteWon(actor: Actor, id: string, version: number | undefined, now = new Date()) {
  throwRefusal(quoteActorRefusal(actor, 'won'))
  return prisma.$transaction(async (tx) => {
    const before = await lockQuote(tx, actor.organizationId, id, version)
    assertAllows('won', before)
    return write(tx, actor, before, { status: 'won', decidedAt: now, answeredById: actor.userId }, { after: {} })
  })
}

export async function markQuoteLost(actor: Actor, id: string, input: QuoteLostInput, now = new Date()) {
  throwRefusal(quoteActorRefusal(actor, 'lost'))
  return prisma.$transaction(async (tx) => {
    const before = await lockQuote(tx, actor.organizationId, id, input.version)
    assertAllows('lost', before)
    return write(
      tx,
      actor,
      before,
      { status: 'lost', decidedAt: now, lostReason: input.reason, answeredById: actor.userId },
      { after: { lostReason: input.reason } },
    )
  })
}

/** The load a request makes: its lane as a pickup and a delivery (the pickup on its day), the equipment, the weight, the quoted price. */
export function loadFromQuote(
  quote: {
    number: number
    originCity: string
    originState: string
    destinationCity: string
    destinationState: string
    equipmentType: string
    pickupDate: Date
    weightLb: number | null
    quotedCents: number | null
    quoteNote?: string | null
  },
  brokerId: string,
): LoadInput {
  const day = isoDate(quote.pickupDate)!
  return {
    brokerId,
    equipmentType: quote.equipmentType as LoadInput['equipmentType'],
    weightLb: quote.weightLb ?? undefined,
    hazmat: false,
    linehaulCents: quote.quotedCents ?? 0,
    // The note sent with the price (what was promised) follows the quote's number (ADR 098).
    notes: [formatQuoteNumber(quote.number), quote.quoteNote].filter(Boolean).join('\n').slice(0, 2000),
    customFields: {},
    stops: [
      { type: 'pickup', city: quote.originCity, state: quote.originState, country: undefined, windowStart: `${day}T00:00`, windowEnd: `${day}T23:59` },
      { type: 'delivery', city: quote.destinationCity, state: quote.destinationState, country: undefined },
    ],
    charges: [],
  }
}

/**
 * "Convert to load": a booked load without a driver, from the broker given, with the request's
 * stops, equipment, weight and price; the request is won and names its load. The request's row is
 * locked inside the load's transaction and read again there: a second conversion, at once or
 * later, is refused with 409 `in_use` and makes nothing.
 */
export async function convertQuote(actor: Actor, id: string, input: QuoteConvertInput, now = new Date()) {
  throwRefusal(quoteActorRefusal(actor, 'convert'))
  const seen = await getQuote(actor.organizationId, id)
  assertVersion(seen, input.version)
  assertAllows('convert', seen)
  const customer = async (tx: Tx) => (input.billTo === 'requester' ? await requesterCustomer(tx, actor, seen) : input.brokerId!)
  const load = await createLoad(
    actor,
    async (tx) => loadFromQuote(seen, await customer(tx)),
    async (tx, created) => {
      const before = await lockQuote(tx, actor.organizationId, id, input.version)
      assertAllows('convert', before)
      await write(
        tx,
        actor,
        before,
        { loadId: created.id, ...(before.status === 'won' ? {} : { status: 'won', decidedAt: now }), answeredById: actor.userId },
        { after: { loadId: created.id } },
      )
    },
  )
  return load
}

/**
 * The requester as the load's customer (ADR 098): the organization's customer of that name (the
 * company's, else the person's; CITEXT, so in any case), or a new shipper made from the request.
 * Called inside the load's transaction: a refused conversion leaves no customer behind.
 */
async function requesterCustomer(tx: Tx, actor: Actor, quote: QuoteWithRelations) {
  // The request's row first: a second conversion at once waits here, then is refused before it
  // makes a customer (else two would race for the same name and one would fail on the index).
  assertAllows('convert', await lockQuote(tx, actor.organizationId, quote.id, undefined))
  const name = (quote.company?.trim() || quote.name.trim()).slice(0, 120)
  const existing = await tx.broker.findFirst({ where: { organizationId: actor.organizationId, name }, select: { id: true } })
  if (existing) return existing.id
  const created = await tx.broker.create({
    data: {
      organizationId: actor.organizationId,
      name,
      type: 'shipper',
      contactName: quote.name.slice(0, 120),
      email: quote.email,
      billingEmail: quote.email,
      phone: quote.phone,
      notes: formatQuoteNumber(quote.number),
    },
  })
  await recordAudit(tx, actor, {
    entity: 'broker',
    entityId: created.id,
    action: 'create',
    after: { name, type: 'shipper', quote: formatQuoteNumber(quote.number) },
  })
  return created.id
}

/** The brokers "Convert to load" offers (a broker on hold is refused by createLoad, with its reason). */
export function quoteBrokers(organizationId: string) {
  return prisma.broker.findMany({ where: { organizationId }, select: { id: true, name: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: 500 })
}
