/**
 * Quote requests (ADR 061) against the real database: the public form (field errors,
 * honeypot, the limits, PRG with the number, the message in the shared inbox), numbering, a price
 * by email through the queue, won and lost refused in the wrong status, "Convert to load" (stops,
 * equipment, weight; twice, also at once → one load), roles and organizations, the dashboard's
 * numbers, and the API's shapes.
 */
import { randomBytes } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { listAuditEvents } from '~/models/audit/audit-log.server'
import { bookingDashboard, convertQuote, createQuoteRequest, markQuoteLost, markQuoteWon, quotePrice, siteServicesOf } from '~/models/quotes/quote.server'
import { quoteEmail } from '~/models/quotes/quote-email.server'
import { quoteOffers, quoteRefusal } from '~/policies/quote'
import * as collection from '~/routes/api/quotes/collection'
import * as convertApi from '~/routes/api/quotes/convert'
import * as item from '~/routes/api/quotes/item'
import * as lostApi from '~/routes/api/quotes/lost'
import * as priceApi from '~/routes/api/quotes/price'
import * as wonApi from '~/routes/api/quotes/won'
import * as loadView from '~/routes/dashboard/loads/view'
import * as dashboardPage from '~/routes/dashboard/quotes/index'
import * as listPage from '~/routes/dashboard/quotes/list'
import * as viewPage from '~/routes/dashboard/quotes/view'
import * as quotePage from '~/routes/public/quote'
import { AuditListQuerySchema } from '~/schemas/audit'
import { parseListQuery } from '~/schemas/list-query'
import type { QuoteRequestInput } from '~/schemas/quote'
import { formatQuoteNumber, QUOTE_LIMIT_PER_ADDRESS } from '~/schemas/quote-options'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'
import { ROLES } from '~/utils/permissions'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, type Org, refusal, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'
import { allowed } from '../permission-table'

const PICKUP = '2027-03-15'

function request(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return {
    originCity: 'Dallas',
    originState: 'TX',
    destinationCity: 'Atlanta',
    destinationState: 'GA',
    equipmentType: 'reefer',
    pickupDate: PICKUP,
    weightLb: 38_000,
    name: 'Sam Shipper',
    email: `${unique('shipper')}@example.test`,
    company: 'Peach Foods',
    phone: '404-555-0101',
    message: 'Two pallets need a liftgate.',
    ...overrides,
  }
}

const formOf = (input: QuoteRequestInput, extra: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries({ ...input, ...extra }).map(([key, value]) => [key, String(value ?? '')]))

async function handleOf(org: Org) {
  return (await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id }, select: { inboundLocalPart: true } })).inboundLocalPart
}

/** A client address of its own (hits of earlier runs stay in the limit's window). */
const clientIp = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`

/** Posts the public form of the organization's quote address, from a client IP. */
async function postQuote(handle: string, fields: Record<string, string>, ip = clientIp()) {
  const init = postForm(fields)
  ;(init.headers as Record<string, string>)[CLIENT_IP_HEADER] = ip
  return callPage(quotePage.action, `/pricing/${handle}`, null, { handle }, init)
}

async function quoteJobs(quoteId: string) {
  return prisma.$queryRaw<Array<{ payload: Record<string, string> }>>`
    SELECT j.payload FROM graphile_worker._private_jobs j
    JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'quote_email' AND j.payload->>'quoteId' = ${quoteId}`
}

describe('the public quote form', () => {
  it('saves a request with the next number, tells it after the redirect, and puts a message in the shared inbox', async () => {
    const org = await createOrg()
    const handle = await handleOf(org)
    const input = request()
    const answer = await postQuote(handle, formOf(input))
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`/pricing/${handle}?sent=1#sent`)
    const quote = await prisma.quoteRequest.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(quote).toMatchObject({ number: 1, status: 'new', originCity: 'Dallas', equipmentType: 'reefer', weightLb: 38_000, email: input.email })
    const page = await callPage(quotePage.loader, `/pricing/${handle}?sent=1`, null, { handle })
    expect(page.data?.sent).toEqual({ number: 'Q-000001' })

    const [message] = await prisma.mailMessage.findMany({ where: { organizationId: org.organization.id, ownerId: null, folder: 'inbox' } })
    expect(message).toMatchObject({ fromEmail: input.email, fromName: 'Sam Shipper', subject: 'Quote request Q-000001: Dallas, TX → Atlanta, GA' })
    expect(message.text).toContain('Reefer')
    expect(message.text).toContain(`/dashboard/booking/${quote.id}`)
    expect((await postQuote(handle, formOf(request()))).location).toBe(`/pricing/${handle}?sent=2#sent`)
  })

  it('answers bad input with field errors and writes nothing', async () => {
    const org = await createOrg()
    const handle = await handleOf(org)
    const answer = await postQuote(
      handle,
      formOf(request({ email: 'not-an-email', weightLb: -4 }), { originCity: '', equipmentType: 'spaceship', pickupDate: '2027-02-30' }),
    )
    expect(answer.status).toBe(400)
    expect(Object.keys(refusalOf(answer)!.fields).sort()).toEqual(['email', 'equipmentType', 'originCity', 'pickupDate', 'weightLb'])
    const past = await postQuote(handle, formOf(request({ pickupDate: '2020-01-02' })))
    expect(refusalOf(past)!.fields.pickupDate).toEqual(['Choose today or a later day.'])
    expect(await prisma.quoteRequest.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect(await prisma.mailMessage.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('thanks a bot that filled the honeypot and keeps nothing', async () => {
    const org = await createOrg()
    const handle = await handleOf(org)
    const answer = await postQuote(handle, formOf(request(), { website: 'http://spam.example' }))
    expect(answer.location).toBe(`/pricing/${handle}?sent=0#sent`)
    expect(await prisma.quoteRequest.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect((await callPage(quotePage.loader, `/pricing/${handle}?sent=0`, null, { handle })).data?.sent).toEqual({ number: null })
  })

  it('limits one requester address, and one client IP', async () => {
    const org = await createOrg()
    const handle = await handleOf(org)
    const email = `${unique('busy')}@example.test`
    for (let i = 0; i < QUOTE_LIMIT_PER_ADDRESS; i++) expect((await postQuote(handle, formOf(request({ email })))).status).toBe(302)
    const limited = await postQuote(handle, formOf(request({ email })))
    expect(limited.status).toBe(429)
    expect(refusalOf(limited)!.message).toMatch(/Too many requests/)
    expect(await prisma.quoteRequest.count({ where: { organizationId: org.organization.id } })).toBe(QUOTE_LIMIT_PER_ADDRESS)

    const ip = clientIp()
    const answers = []
    for (let i = 0; i < 21; i++) answers.push((await postQuote(handle, formOf(request()), ip)).status)
    expect(answers.slice(0, 20).every((status) => status === 302)).toBe(true)
    expect(answers[20]).toBe(429)
  })

  it('numbers requests made at the same time one after another', async () => {
    const org = await createOrg()
    const made = await Promise.all(Array.from({ length: 6 }, () => createQuoteRequest(org.organization.id, request(), 'en')))
    expect(made.map((quote) => quote.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6])
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).nextQuoteNumber).toBe(7)
  })

  it('is the 404 page for an unknown handle, and shows only the services that read well', async () => {
    expect((await callPage(quotePage.loader, '/pricing/nobody-here', null, { handle: 'nobody-here' })).status).toBe(404)
    expect((await postQuote('nobody-here', formOf(request()))).status).toBe(404)
    const org = await createOrg()
    await prisma.organization.update({
      where: { id: org.organization.id },
      data: {
        siteServices: [{ name: 'Reefer freight', description: 'Cold chain' }, { description: 'no name' }, 'text', null, { name: 'Flatbed', description: 7 }],
      },
    })
    expect(await siteServicesOf(org.organization.id)).toEqual([
      { name: 'Reefer freight', description: 'Cold chain' },
      { name: 'Flatbed', description: '' },
    ])
    await prisma.organization.update({ where: { id: org.organization.id }, data: { siteServices: { not: 'a list' } } })
    expect(await siteServicesOf(org.organization.id)).toEqual([])
  })
})

async function quoteIn(org: Org, overrides: Partial<QuoteRequestInput> = {}) {
  return createQuoteRequest(org.organization.id, request(overrides), 'en')
}

describe('answering a request', () => {
  it('quotes a price: the request is quoted and its email queued once, with links on APP_URL', async () => {
    const org = await createOrg()
    const quote = await quoteIn(org)
    const priced = await quotePrice(actorOf(org, 'dispatcher'), quote.id, { amountCents: 245_000, note: 'Fuel included.', version: quote.version }, 'en')
    expect(priced).toMatchObject({ status: 'quoted', quotedCents: 245_000, quoteNote: 'Fuel included.', answeredById: org.users.dispatcher.id })
    expect(await quoteJobs(quote.id)).toEqual([{ payload: { quoteId: quote.id, organizationId: org.organization.id, language: 'en' } }])
    // Quoting again while the first waits: one email, with the newest price.
    await quotePrice(actorOf(org, 'dispatcher'), quote.id, { amountCents: 239_000 }, 'fr')
    expect(await quoteJobs(quote.id)).toHaveLength(1)
    const email = await quoteEmail(quote.id, org.organization.id, 'en')
    expect(email).toMatchObject({ to: quote.email, subject: `Your quote Q-000001 from ${org.organization.name}` })
    expect(email!.text).toContain('$2,390.00')
    const handle = await handleOf(org)
    expect(email!.text).toContain(appUrl(`/pricing/${handle}`))
    expect(email!.replyTo).toContain(handle)
    // The first price's time stays: the response time ends there.
    const stored = await prisma.quoteRequest.findUniqueOrThrow({ where: { id: quote.id } })
    expect(stored.quotedAt!.getTime()).toBe(priced.quotedAt!.getTime())
  })

  it('refuses won and lost in the wrong status, and a stale version', async () => {
    const org = await createOrg()
    const actor = actorOf(org, 'dispatcher')
    const quote = await quoteIn(org)
    expect((await refusal(quotePrice(actor, quote.id, { amountCents: 100_000, version: quote.version + 3 }, 'en'))).code).toBe('conflict')
    const won = await markQuoteWon(actor, quote.id, quote.version)
    expect(won.status).toBe('won')
    expect((await refusal(markQuoteLost(actor, quote.id, { reason: 'Too late' }))).messageKey).toBe('quotes.errors.decided')
    expect((await refusal(markQuoteWon(actor, quote.id, undefined))).code).toBe('invalid_transition')
    expect((await refusal(quotePrice(actor, quote.id, { amountCents: 1 }, 'en'))).code).toBe('invalid_transition')

    const other = await quoteIn(org)
    const lost = await markQuoteLost(actor, other.id, { reason: 'Rate too high' })
    expect(lost).toMatchObject({ status: 'lost', lostReason: 'Rate too high' })
    expect((await refusal(markQuoteWon(actor, other.id, undefined))).code).toBe('invalid_transition')
    const { broker } = await fleet(org)
    const refused = await refusal(convertQuote(actor, other.id, { brokerId: broker.id }))
    expect([refused.code, refused.messageKey]).toEqual(['invalid_transition', 'quotes.errors.convertLost'])
    const audit = await prisma.auditEvent.findMany({ where: { entity: 'quoteRequest', entityId: other.id }, orderBy: { at: 'asc' } })
    expect(audit.map((event) => event.action)).toEqual(['create', 'status'])
    // The audit page names the request by its number.
    const trail = await listAuditEvents(org.organization.id, parseListQuery(AuditListQuerySchema, new URLSearchParams(`entityId=${other.id}`)))
    expect(trail.items.map((event) => [event.entity, event.recordName, event.recordExists])).toEqual([
      ['quoteRequest', 'Q-000002', true],
      ['quoteRequest', 'Q-000002', true],
    ])
  })

  it('the policy offers what the role and the status allow', () => {
    expect(quoteOffers('dispatcher', { status: 'new', loadId: null })).toEqual({ quote: true, won: true, lost: true, convert: true })
    expect(quoteOffers('viewer', { status: 'new', loadId: null })).toEqual({ quote: false, won: false, lost: false, convert: false })
    expect(quoteOffers('admin', { status: 'won', loadId: 'x' })).toEqual({ quote: false, won: false, lost: false, convert: false })
    expect(quoteRefusal('convert', { status: 'won', loadId: null })).toBeNull()
  })
})

describe('convert to load', () => {
  it('makes a booked load without a driver, with the stops, equipment, weight and price; the request is won and names it', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const quote = await quoteIn(org)
    await quotePrice(actorOf(org), quote.id, { amountCents: 245_000 }, 'en')
    const load = await convertQuote(actorOf(org, 'dispatcher'), quote.id, { brokerId: broker.id })
    expect(load).toMatchObject({ status: 'booked', driverId: null, brokerId: broker.id, equipmentType: 'reefer', weightLb: 38_000, linehaulCents: 245_000 })
    expect(load.stops.map((stop) => [stop.type, stop.city, stop.state])).toEqual([
      ['pickup', 'Dallas', 'TX'],
      ['delivery', 'Atlanta', 'GA'],
    ])
    // The pickup window is the pickup day on the organization's clock (America/Chicago).
    expect(load.stops[0].windowStart!.toISOString()).toBe('2027-03-15T05:00:00.000Z')
    const stored = await prisma.quoteRequest.findUniqueOrThrow({ where: { id: quote.id } })
    expect(stored).toMatchObject({ status: 'won', loadId: load.id })
    expect(stored.decidedAt).not.toBeNull()
  })

  it('makes one load per request: twice is 409 in_use, and so is the second of two at once', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const quote = await quoteIn(org)
    await convertQuote(actorOf(org), quote.id, { brokerId: broker.id })
    const again = await callApi(convertApi, {
      method: 'POST',
      path: `/api/quotes/${quote.id}/convert`,
      params: { id: quote.id },
      token: org.users.dispatcher.token,
      body: { brokerId: broker.id },
    })
    expect([again.status, again.body.error.code]).toEqual([409, 'in_use'])

    const racing = await quoteIn(org)
    const results = await Promise.allSettled([1, 2, 3].map(() => convertQuote(actorOf(org, 'dispatcher'), racing.id, { brokerId: broker.id })))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results.filter((result) => result.status === 'rejected'))
      expect(((result as PromiseRejectedResult).reason as DomainError).code).toBe('in_use')
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(2)
  })

  it('POST /api/quotes/{id}/convert answers 201 with the load; a broker of another organization is a field error', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const { broker } = await fleet(org)
    const { broker: foreign } = await fleet(other)
    const quote = await quoteIn(org)
    const call = (brokerId: string, token = org.users.admin.token) =>
      callApi(convertApi, { method: 'POST', path: `/api/quotes/${quote.id}/convert`, params: { id: quote.id }, token, body: { brokerId } })
    const bad = await call(foreign.id)
    expect([bad.status, Object.keys(bad.body.error.fields)]).toEqual([400, ['brokerId']])
    expect((await call('')).status).toBe(400)
    expect((await call(broker.id, org.users.accountant.token)).status).toBe(403)
    const made = await call(broker.id)
    expect(made.status).toBe(201)
    expect(made.body.data).toMatchObject({ status: 'booked', equipmentType: 'reefer', weightLb: 38_000, broker: { id: broker.id } })
    const read = await callApi(item, { path: `/api/quotes/${quote.id}`, params: { id: quote.id }, token: org.users.viewer.token })
    expect(read.body.data).toMatchObject({ status: 'won', loadId: made.body.data.id, load: { loadNumber: made.body.data.loadNumber } })
  })

  it('converts for a shipper who asked directly, without a broker: the requester becomes the customer, made once, found again (ADR 098)', async () => {
    const org = await createOrg()
    const quote = await quoteIn(org, { company: 'Prairie Grain Co', phone: '(806) 555-0100' })
    await quotePrice(actorOf(org), quote.id, { amountCents: 245_000, note: 'Tarps included.' }, 'en')
    const token = org.users.dispatcher.token
    const call = (id: string, body: Record<string, unknown>) =>
      callApi(convertApi, { method: 'POST', path: `/api/quotes/${id}/convert`, params: { id }, token, body })
    // Neither a customer nor the requester, or both: a field error, nothing written.
    const { broker } = await fleet(org)
    const both = await call(quote.id, { brokerId: broker.id, billTo: 'requester' })
    expect([both.status, both.body.error.fields]).toEqual([400, { brokerId: ['Choose a customer or the requester, not both.'] }])
    expect((await call(quote.id, {})).status).toBe(400)
    expect((await call(quote.id, { billTo: 'broker' })).body.error.fields).toHaveProperty('billTo')

    const made = await call(quote.id, { billTo: 'requester' })
    expect(made.status).toBe(201)
    const customer = await prisma.broker.findUniqueOrThrow({ where: { id: made.body.data.broker.id } })
    expect(customer).toMatchObject({ name: 'Prairie Grain Co', type: 'shipper', email: quote.email, billingEmail: quote.email, phone: '(806) 555-0100' })
    expect(made.body.data.notes).toBe(`${formatQuoteNumber(quote.number)}\nTarps included.`)

    // The same requester again (another case): the same customer, not a second one.
    const second = await quoteIn(org, { company: 'PRAIRIE GRAIN CO' })
    const again = await call(second.id, { billTo: 'requester' })
    expect(again.body.data.broker.id).toBe(customer.id)
    // Three conversions at once: one load and one new customer; the others are 409 and leave nothing.
    const third = await quoteIn(org, { company: 'Lubbock Cotton' })
    const racing = await Promise.all([1, 2, 3].map(() => call(third.id, { billTo: 'requester' })))
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 409, 409])
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(3)

    // The page's "Convert for the requester".
    const fourth = await quoteIn(org, { company: undefined, name: 'Dana Whitfield' })
    const answer = await callPage(
      viewPage.action,
      `/dashboard/booking/${fourth.id}`,
      org.users.dispatcher.id,
      { id: fourth.id },
      postForm({ intent: 'convert', billTo: 'requester', brokerId: '' }),
    )
    const load = await prisma.load.findFirstOrThrow({
      where: { organizationId: org.organization.id },
      orderBy: { createdAt: 'desc' },
      include: { broker: true },
    })
    expect(answer.location).toBe(`/dashboard/loads/${load.id}/edit`)
    expect(load.broker).toMatchObject({ name: 'Dana Whitfield', type: 'shipper' })
  })

  it('the page converts and opens the new load’s editor; a second post is refused on the page', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const quote = await quoteIn(org)
    const path = `/dashboard/booking/${quote.id}`
    const post = () => callPage(viewPage.action, path, org.users.dispatcher.id, { id: quote.id }, postForm({ intent: 'convert', brokerId: broker.id }))
    const answer = await post()
    const load = await prisma.load.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(answer.location).toBe(`/dashboard/loads/${load.id}/edit`)
    expect(answer.toast?.title).toBe(`Load ${load.loadNumber} made from Q-000001`)
    const second = await post()
    expect(second.status).toBe(409)
    expect(refusalOf(second)!.message).toBe('This request is already a load.')
    const page = await callPage(viewPage.loader, path, org.users.dispatcher.id, { id: quote.id })
    expect(page.data?.can).toEqual({ quote: false, won: false, lost: false, convert: false })
    // The load links back to its request (for the roles that read requests).
    const loadPage = await callPage(loadView.loader, `/dashboard/loads/${load.id}`, org.users.dispatcher.id, { id: load.id })
    expect(loadPage.data?.quote).toEqual({ id: quote.id, number: 'Q-000001' })
  })
})

describe('the pages and the API: roles and organizations', () => {
  it('drivers see nothing; viewers and accountants read only; another organization’s request is not found', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const quote = await quoteIn(org)
    const foreign = await quoteIn(other)
    const path = `/dashboard/booking/${quote.id}`
    for (const page of [dashboardPage, listPage]) expect((await callPage(page.loader, '/dashboard/booking', org.users.driver.id)).status).toBe(403)
    expect((await callPage(viewPage.loader, path, org.users.driver.id, { id: quote.id })).status).toBe(403)
    expect((await callApi(collection, { path: '/api/quotes', token: org.users.driver.token })).status).toBe(403)

    for (const role of ['viewer', 'accountant'] as const) {
      const page = await callPage(viewPage.loader, path, org.users[role].id, { id: quote.id })
      expect(page.data?.can).toEqual({ quote: false, won: false, lost: false, convert: false })
      expect((await callPage(viewPage.action, path, org.users[role].id, { id: quote.id }, postForm({ intent: 'won' }))).status).toBe(403)
      const api = await callApi(wonApi, { method: 'POST', path: `/api/quotes/${quote.id}/won`, params: { id: quote.id }, token: org.users[role].token })
      expect(api.status).toBe(403)
      const list = await callApi(collection, { path: '/api/quotes', token: org.users[role].token })
      expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([quote.id])
    }

    expect((await callPage(viewPage.loader, `/dashboard/booking/${foreign.id}`, org.users.admin.id, { id: foreign.id })).status).toBe(404)
    expect((await callApi(item, { path: `/api/quotes/${foreign.id}`, params: { id: foreign.id }, token: org.users.admin.token })).status).toBe(404)
    const price = await callApi(priceApi, {
      method: 'POST',
      path: `/api/quotes/${foreign.id}/quote`,
      params: { id: foreign.id },
      token: org.users.admin.token,
      body: { amountCents: 1000 },
    })
    expect(price.status).toBe(404)
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe('new')
  })

  it('the page quotes a price (dollars as typed) and marks lost with a reason; bad input stays on the page', async () => {
    const org = await createOrg()
    const quote = await quoteIn(org)
    const path = `/dashboard/booking/${quote.id}`
    const post = (fields: Record<string, string>) => callPage(viewPage.action, path, org.users.dispatcher.id, { id: quote.id }, postForm(fields))
    const bad = await post({ intent: 'quote', amount: 'lots', version: String(quote.version) })
    expect(bad.status).toBe(400)
    expect(Object.keys(refusalOf(bad)!.fields)).toEqual(['amount'])
    const priced = await post({ intent: 'quote', amount: '2,450.50', note: 'Liftgate included', version: String(quote.version) })
    expect(priced.toast?.title).toBe('Q-000001 quoted: the email is on its way')
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: quote.id } })).quotedCents).toBe(245_050)
    const stale = await post({ intent: 'lost', reason: 'Lane not served', version: String(quote.version) })
    expect([stale.status, refusalOf(stale)!.conflict]).toEqual([409, true])
    expect((await post({ intent: 'lost', reason: '', version: String(quote.version + 1) })).status).toBe(400)
    const lost = await post({ intent: 'lost', reason: 'Lane not served', version: String(quote.version + 1) })
    expect(lost.toast?.title).toBe('Q-000001 marked lost')
  })

  it('the API lists with search, status filter, sort and paging, and answers bad bodies with 400', async () => {
    const org = await createOrg()
    const a = await quoteIn(org, { originCity: 'Memphis', company: 'Blues Freight' })
    const b = await quoteIn(org, { destinationCity: 'Reno' })
    await quoteIn(org)
    await markQuoteWon(actorOf(org), b.id, undefined)
    const list = (query: string) => callApi(collection, { path: `/api/quotes${query}`, token: org.users.admin.token })
    expect((await list('?q=memphis')).body.data.map((row: { id: string }) => row.id)).toEqual([a.id])
    expect((await list('?q=Q-000002')).body.data.map((row: { id: string }) => row.id)).toEqual([b.id])
    expect((await list('?status=won')).body.data.map((row: { id: string }) => row.id)).toEqual([b.id])
    const paged = await list('?sort=number&dir=asc&pageSize=10&page=1')
    expect(paged.body.data.map((row: { number: string }) => row.number)).toEqual(['Q-000001', 'Q-000002', 'Q-000003'])
    expect(paged.body.meta).toEqual({ total: 3, page: 1, pageSize: 10 })
    expect(paged.body.data[0]).toMatchObject({ id: a.id, originCity: 'Memphis', company: 'Blues Freight', pickupDate: PICKUP, status: 'new', version: 1 })

    const body = (value: unknown) =>
      callApi(priceApi, { method: 'POST', path: `/api/quotes/${a.id}/quote`, params: { id: a.id }, token: org.users.admin.token, body: value })
    expect((await body({ amountCents: 0 })).status).toBe(400)
    expect((await body({ amountCents: 'x' })).status).toBe(400)
    // Above what a load may total (and PostgreSQL's INTEGER): a field error, never a 500.
    expect((await body({ amountCents: 2_147_483_648 })).body.error.fields).toEqual({ amountCents: [expect.any(String)] })
    const lost = await callApi(lostApi, { method: 'POST', path: `/api/quotes/${a.id}/lost`, params: { id: a.id }, token: org.users.admin.token, body: {} })
    expect(Object.keys(lost.body.error.fields)).toEqual(['reason'])
    const ok = await body({ amountCents: 180_000, note: 'Fuel included' })
    expect(ok.body.data).toMatchObject({ status: 'quoted', quotedCents: 180_000, quoteNote: 'Fuel included' })
    const lostNow = await callApi(lostApi, {
      method: 'POST',
      path: `/api/quotes/${a.id}/lost`,
      params: { id: a.id },
      token: org.users.admin.token,
      body: { reason: 'Rate too high' },
    })
    expect(lostNow.body.data).toMatchObject({ status: 'lost', lostReason: 'Rate too high', answeredBy: { id: org.users.admin.id } })
  })
})

describe('the booking dashboard', () => {
  it('counts requests per week and status, the win rate and the median response time', async () => {
    const org = await createOrg()
    const actor = actorOf(org)
    const now = new Date()
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000)
    const made = []
    for (let i = 0; i < 5; i++) made.push(await quoteIn(org))
    // Received 3 weeks ago, and quoted 30, 60 and 90 minutes after arrival.
    await prisma.quoteRequest.updateMany({ where: { id: { in: made.slice(0, 3).map((q) => q.id) } }, data: { createdAt: at(21 * 24) } })
    for (const [index, quote] of made.slice(0, 3).entries())
      await prisma.quoteRequest.update({
        where: { id: quote.id },
        data: { status: 'quoted', quotedCents: 1000, quotedAt: new Date(at(21 * 24).getTime() + (index + 1) * 30 * 60_000) },
      })
    await markQuoteWon(actor, made[0].id, undefined)
    await markQuoteLost(actor, made[1].id, { reason: 'Price' })
    await markQuoteWon(actor, made[3].id, undefined)
    // Older than the window: not counted.
    const old = await quoteIn(org)
    await prisma.quoteRequest.update({ where: { id: old.id }, data: { createdAt: at(24 * 7 * 20) } })

    const dashboard = await bookingDashboard(org.organization.id, now)
    expect(dashboard.counts).toEqual({ new: 1, quoted: 1, won: 2, lost: 1 })
    expect(dashboard.total).toBe(5)
    expect(dashboard.winRate).toBe(67)
    expect(dashboard.medianResponseMinutes).toBe(60)
    expect(dashboard.perWeek).toHaveLength(12)
    expect(dashboard.perWeek.reduce((sum, week) => sum + week.count, 0)).toBe(5)
    expect(dashboard.perWeek.at(-1)!.count).toBe(2)

    const page = await callPage(dashboardPage.loader, '/dashboard/booking', org.users.viewer.id)
    expect(page.data).toMatchObject({ total: 5, winRate: 67, medianResponseMinutes: 60 })
    expect(page.data?.address).toMatch(new RegExp(`/pricing/${await handleOf(org)}$`))

    const empty = await bookingDashboard((await createOrg()).organization.id, now)
    expect([empty.total, empty.winRate, empty.medianResponseMinutes]).toEqual([0, null, null])
  })
})

describe('the /api/quotes contract', () => {
  it('401 without a token, every role as the permission table says, 405 with Allow, malformed JSON 400', async () => {
    const org = await createOrg()
    const quote = await quoteIn(org)
    const params = { id: quote.id }
    expect((await callApi(collection, { path: '/api/quotes' })).status).toBe(401)
    expect((await callApi(item, { path: `/api/quotes/${quote.id}`, params, token: 'nope' })).status).toBe(401)
    for (const role of ROLES) {
      const token = org.users[role].token
      expect((await callApi(collection, { path: '/api/quotes', token })).status, `${role} reads`).toBe(allowed(role, 'read', 'quote') ? 200 : 403)
      expect((await callApi(item, { path: `/api/quotes/${quote.id}`, params, token })).status, `${role} reads one`).toBe(
        allowed(role, 'read', 'quote') ? 200 : 403,
      )
      const updates = allowed(role, 'update', 'quote')
      const priced = await callApi(priceApi, { method: 'POST', path: `/api/quotes/${quote.id}/quote`, params, token, body: { amountCents: 100_000 } })
      expect(priced.status, `${role} quotes`).toBe(updates ? 200 : 403)
    }
    for (const [module, path, allow] of [
      [collection, '/api/quotes', 'GET, HEAD'],
      [item, `/api/quotes/${quote.id}`, 'GET, HEAD'],
      [convertApi, `/api/quotes/${quote.id}/convert`, 'POST'],
    ] as const) {
      const answer = await callApi(module, { method: module === convertApi ? 'GET' : 'DELETE', path, params, token: org.users.admin.token })
      expect([answer.status, answer.headers.get('Allow')]).toEqual([405, allow])
    }
    const malformed = await callApi(lostApi, {
      method: 'POST',
      path: `/api/quotes/${quote.id}/lost`,
      params,
      token: org.users.admin.token,
      rawBody: '{"reason":',
    })
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'validation_failed'])
  })
})
