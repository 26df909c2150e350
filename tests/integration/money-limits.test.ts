/**
 * The money maximums (ADR 089) against the real database: every money input of the API
 * and of the pages, at its kind's maximum (accepted, stored exactly) and one cent past it (400 at
 * its field with the kind's message, nothing written); then sums of many lines at the maximum,
 * which are refused where a document has a maximum and stored exactly where they are BIGINT, never
 * a 500 or a number that wrapped.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getFixedT } from '~/i18n.server'
import { saveAgreement } from '~/models/factoring/factoring.server'
import { createInvoice, sendInvoice } from '~/models/invoices/invoice.server'
import { createQuoteRequest } from '~/models/quotes/quote.server'
import { isCheckViolation } from '~/models/records/records.server'
import { createSettlement } from '~/models/settlements/settlement.server'
import * as brokersApi from '~/routes/api/brokers/collection'
import * as cartBilling from '~/routes/api/cart/billing'
import * as cartItems from '~/routes/api/cart/items'
import * as checkoutApi from '~/routes/api/checkout'
import * as purchaseApi from '~/routes/api/factoring/purchase'
import * as releaseApi from '~/routes/api/factoring/release'
import * as schedulesApi from '~/routes/api/factoring/schedules'
import * as invoicesApi from '~/routes/api/invoices/collection'
import * as paymentsApi from '~/routes/api/invoices/payments'
import * as loadsApi from '~/routes/api/loads/collection'
import * as productsApi from '~/routes/api/products/collection'
import * as quotePriceApi from '~/routes/api/quotes/price'
import * as settlementsApi from '~/routes/api/settlements/collection'
import * as settlementApi from '~/routes/api/settlements/item'
import * as settlementRunApi from '~/routes/api/settlements/run'
import * as usersApi from '~/routes/api/users/collection'
import * as brokerEditor from '~/routes/dashboard/brokers/editor'
import * as factoringPage from '~/routes/dashboard/factoring/view'
import * as invoiceListPage from '~/routes/dashboard/invoices/list'
import * as invoiceNew from '~/routes/dashboard/invoices/new'
import * as invoiceView from '~/routes/dashboard/invoices/view'
import * as loadEditor from '~/routes/dashboard/loads/editor'
import * as bookingPage from '~/routes/dashboard/quotes/view'
import * as settlementPage from '~/routes/dashboard/settlements/view'
import * as productEditor from '~/routes/dashboard/store/editor'
import * as userEditor from '~/routes/dashboard/users/editor'
import * as paymentPage from '~/routes/public/payment'
import { AgreementSchema } from '~/schemas/factoring'
import { InvoiceSchema } from '~/schemas/invoice'
import { SettlementCreateSchema } from '~/schemas/settlement'
import { prisma } from '~/utils/db.server'
import { formatMoney } from '~/utils/format'
import {
  MAX_AMOUNT_CENTS,
  MAX_DOCUMENT_CENTS,
  MAX_PRICE_CENTS,
  MAX_RATE_PER_MILE_CENTS,
  MAX_SUM_CENTS,
  MONEY_LIMITS,
  type MoneyKind,
  PG_INT_MAX,
} from '~/utils/money'
import { signPaymentToken } from '~/utils/payment-token.server'

import { actorOf, callApi, createOrg, fleet, LOAD_STOPS, newLoad, type Org, unique } from '../helpers'
import { callPage, type Handler, type PageAnswer, postForm } from '../page-helpers'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-money-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir
afterAll(() => {
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

let org: Org
let brokerId: string
beforeAll(async () => {
  org = await createOrg()
  await fleet(org)
  brokerId = (await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })).id
})

const en = getFixedT('en')
/** Cents as a form takes them in dollars: "10000000.00", exactly. */
const dollars = (cents: number) => formatMoney('en', cents, { style: 'decimal' })
const TODAY_OR_BEFORE = '2026-11-20'

/** What an answer says at a field: the API's translated messages, a page action's, or a Conform editor's keys. */
type Answer = { status: number; fields: Record<string, string[]> }

function apiAnswer(answer: { status: number; body: { error?: { fields?: Record<string, string[]> } } }): Answer {
  return { status: answer.status, fields: answer.body?.error?.fields ?? {} }
}

function pageAnswer(answer: PageAnswer): Answer {
  const result = answer.data?.result as { error?: Record<string, string[] | null> } | undefined
  const fields = Object.fromEntries(Object.entries(result?.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)))
  return { status: answer.status, fields }
}

/**
 * One money input: its kind, how to send an amount through it (a fresh record each time), the field
 * its refusal names, and how to read back what was stored.
 */
type Input = {
  name: string
  kind: MoneyKind
  field: string
  /** The answer to sending `cents`, and a reader of what it stored (called on success only). */
  send: (cents: number) => Promise<{ answer: Answer; stored: () => Promise<unknown> }>
  /** Success: a 201, 200 or a redirect. */
  ok?: number
}

function api(module: Parameters<typeof callApi>[0], path: string, body: unknown, params: Record<string, string> = {}, token = org.users.admin.token) {
  return callApi(module, { method: 'POST', path, params, token, body }).then((answer) => ({ raw: answer, answer: apiAnswer(answer) }))
}

function page(
  handler: Handler,
  pathName: string,
  fields: Record<string, string> | URLSearchParams,
  params: Record<string, string> = {},
  userId = org.users.admin.id,
) {
  return callPage(handler, pathName, userId, params, postForm(fields)).then((answer) => ({ raw: answer, answer: pageAnswer(answer) }))
}

/** Form fields as the load editor names them: `stops[0].city`. */
function formFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, index) => formFields(item, `${prefix}[${index}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => formFields(child, prefix ? `${prefix}.${key}` : key))
  return value === undefined ? [] : [[prefix, String(value)]]
}

async function sentInvoiceOf(totalCents: number) {
  const draft = await createInvoice(
    actorOf(org),
    InvoiceSchema.parse({ brokerId, issueDate: '2026-11-02', items: [{ title: 'Linehaul', unitPriceCents: totalCents }] }),
  )
  return sendInvoice(actorOf(org), draft.id, draft.version)
}

async function draftSettlement() {
  // A driver of its own each time: one live settlement a period per driver.
  const driver = await prisma.user.create({
    data: { organizationId: org.organization.id, email: `${unique('driver')}@example.test`, passwordHash: 'x', firstName: 'D', lastName: 'R', role: 'driver' },
  })
  return createSettlement(actorOf(org, 'accountant'), SettlementCreateSchema.parse({ driverId: driver.id, periodStart: '2026-12-01', periodEnd: '2026-12-07' }))
}

/** A factoring schedule of `count` sent invoices of `each`, at an agreement with no advance and no fee: the reserve is the face. */
async function factoringSchedule(count: number, each: number) {
  const agreement = await prisma.factoringAgreement.findUnique({ where: { organizationId: org.organization.id } })
  if (!agreement) {
    const factor = await prisma.company.create({
      data: { organizationId: org.organization.id, name: unique('Factor'), kind: 'factor', email: 'desk@factor.test' },
    })
    await saveAgreement(actorOf(org, 'accountant'), AgreementSchema.parse({ factorCompanyId: factor.id, advancePercent: 0, feePercent: 0 }))
  }
  const invoices = []
  for (let index = 0; index < count; index++) invoices.push(await sentInvoiceOf(each))
  const created = await api(schedulesApi, '/api/factoring/schedules', { invoiceIds: invoices.map((invoice) => invoice.id) })
  expect(created.raw.status, JSON.stringify(created.raw.body)).toBe(201)
  return { schedule: created.raw.body.data as { id: string; version: number; invoices: Array<{ invoiceNumber: string }> }, invoices }
}

async function product(priceCents: number, stock = 500) {
  return prisma.product.create({ data: { organizationId: org.organization.id, name: unique('Item'), sku: unique('SKU'), priceCents, stock, colors: [] } })
}

const userBody = (driverProfile: Record<string, unknown>) => ({
  email: `${unique('pay')}@example.test`,
  password: 'a long enough password',
  firstName: 'Pay',
  lastName: 'Rate',
  role: 'driver',
  driverProfile,
})
const storedProfile = async (answer: { raw: { body: { data?: { id: string } } } }) =>
  prisma.driverProfile.findUniqueOrThrow({ where: { userId: answer.raw.body.data!.id } })

const INPUTS: Input[] = [
  // ---- The API ----
  {
    name: 'POST /api/loads linehaulCents',
    kind: 'amount',
    field: 'linehaulCents',
    send: async (cents) => {
      const { raw, answer } = await api(loadsApi, '/api/loads', { brokerId, stops: LOAD_STOPS, linehaulCents: cents })
      return { answer, stored: async () => (await prisma.load.findUniqueOrThrow({ where: { id: raw.body.data.id } })).linehaulCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/loads charges[].amountCents',
    kind: 'amount',
    field: 'charges.0.amountCents',
    send: async (cents) => {
      const { raw, answer } = await api(loadsApi, '/api/loads', { brokerId, stops: LOAD_STOPS, charges: [{ type: 'lumper', amountCents: cents }] })
      return { answer, stored: async () => (await prisma.loadCharge.findFirstOrThrow({ where: { loadId: raw.body.data.id } })).amountCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/invoice items[].unitPriceCents',
    kind: 'document',
    field: 'items.0.unitPriceCents',
    send: async (cents) => {
      const { raw, answer } = await api(invoicesApi, '/api/invoice', { brokerId, items: [{ title: 'Linehaul', unitPriceCents: cents }] })
      return { answer, stored: async () => (await prisma.invoice.findUniqueOrThrow({ where: { id: raw.body.data.id } })).totalCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/invoice discountCents',
    kind: 'document',
    field: 'discountCents',
    send: async (cents) => {
      const body = { brokerId, items: [{ title: 'Linehaul', unitPriceCents: MAX_DOCUMENT_CENTS }], discountCents: cents }
      const { raw, answer } = await api(invoicesApi, '/api/invoice', body)
      return { answer, stored: async () => (await prisma.invoice.findUniqueOrThrow({ where: { id: raw.body.data.id } })).discountCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/invoice taxCents',
    kind: 'document',
    field: 'taxCents',
    send: async (cents) => {
      const { raw, answer } = await api(invoicesApi, '/api/invoice', { brokerId, items: [{ title: 'Linehaul', unitPriceCents: 0 }], taxCents: cents })
      return { answer, stored: async () => (await prisma.invoice.findUniqueOrThrow({ where: { id: raw.body.data.id } })).taxCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/invoice/{id}/payments amountCents',
    kind: 'document',
    field: 'amountCents',
    send: async (cents) => {
      const invoice = await sentInvoiceOf(MAX_DOCUMENT_CENTS)
      const { answer } = await api(paymentsApi, `/api/invoice/${invoice.id}/payments`, { amountCents: cents, paidAt: TODAY_OR_BEFORE }, { id: invoice.id })
      return { answer, stored: async () => (await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).amountPaidCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/brokers creditLimitCents',
    kind: 'sum',
    field: 'creditLimitCents',
    send: async (cents) => {
      const { raw, answer } = await api(brokersApi, '/api/brokers', { name: unique('Broker'), creditLimitCents: cents })
      return { answer, stored: async () => (await prisma.broker.findUniqueOrThrow({ where: { id: raw.body.data.id } })).creditLimitCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/products priceCents',
    kind: 'price',
    field: 'priceCents',
    send: async (cents) => {
      const { raw, answer } = await api(productsApi, '/api/products', { name: unique('Jack'), sku: unique('SKU'), priceCents: cents })
      return { answer, stored: async () => (await prisma.product.findUniqueOrThrow({ where: { id: raw.body.data.id } })).priceCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/user driverProfile.payRateCents (per load)',
    kind: 'amount',
    field: 'driverProfile.payRateCents',
    send: async (cents) => {
      const sent = await api(usersApi, '/api/user', userBody({ payType: 'per_load', payRateCents: cents }))
      return { answer: sent.answer, stored: async () => (await storedProfile(sent)).payRate }
    },
    ok: 201,
  },
  {
    name: 'POST /api/user driverProfile.payRateCents (per mile)',
    kind: 'ratePerMile',
    field: 'driverProfile.payRateCents',
    send: async (cents) => {
      const sent = await api(usersApi, '/api/user', userBody({ payType: 'per_mile', payRateCents: cents }))
      return { answer: sent.answer, stored: async () => (await storedProfile(sent)).payRate }
    },
    ok: 201,
  },
  {
    name: 'POST /api/user driverProfile.payRate (per_mile)',
    kind: 'ratePerMile',
    field: 'driverProfile.payRate',
    send: async (cents) => {
      const sent = await api(usersApi, '/api/user', userBody({ payMethod: 'per_mile', payRate: cents }))
      return { answer: sent.answer, stored: async () => (await storedProfile(sent)).payRate }
    },
    ok: 201,
  },
  {
    name: 'POST /api/user driverProfile.emptyMileRateCents',
    kind: 'ratePerMile',
    field: 'driverProfile.emptyMileRateCents',
    send: async (cents) => {
      const sent = await api(usersApi, '/api/user', userBody({ payType: 'per_mile', payRateCents: 60, emptyMileRateCents: cents }))
      return { answer: sent.answer, stored: async () => (await storedProfile(sent)).emptyMileRateCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/user driverProfile.recurringDeductions[].amountCents',
    kind: 'amount',
    field: 'driverProfile.recurringDeductions.0.amountCents',
    send: async (cents) => {
      const sent = await api(usersApi, '/api/user', userBody({ recurringDeductions: [{ description: 'Lease', amountCents: cents }] }))
      return { answer: sent.answer, stored: async () => ((await storedProfile(sent)).recurringDeductions as Array<{ amountCents: number }>)[0].amountCents }
    },
    ok: 201,
  },
  {
    name: 'POST /api/quotes/{id}/quote amountCents',
    kind: 'amount',
    field: 'amountCents',
    send: async (cents) => {
      const quote = await newQuote()
      const { answer } = await api(quotePriceApi, `/api/quotes/${quote.id}/quote`, { amountCents: cents }, { id: quote.id })
      return { answer, stored: async () => (await prisma.quoteRequest.findUniqueOrThrow({ where: { id: quote.id } })).quotedCents }
    },
    ok: 200,
  },
  {
    name: 'POST /api/factoring/schedules/{id}/purchase lines[].advanceCents (and fee, reserve)',
    kind: 'document',
    field: 'lines.0.advanceCents',
    send: async (cents) => {
      // One invoice of the document's maximum, all of it advanced.
      const { schedule } = await factoringSchedule(1, MAX_DOCUMENT_CENTS)
      const lines = [{ invoiceNumber: schedule.invoices[0].invoiceNumber, advanceCents: cents, feeCents: 0, reserveCents: 0 }]
      const { answer } = await api(
        purchaseApi,
        `/api/factoring/schedules/${schedule.id}/purchase`,
        { purchasedAt: TODAY_OR_BEFORE, lines },
        { id: schedule.id },
      )
      return { answer, stored: async () => (await prisma.factoringScheduleItem.findFirstOrThrow({ where: { scheduleId: schedule.id } })).advanceCents }
    },
    ok: 200,
  },
  {
    name: 'POST /api/factoring/schedules/{id}/release amountCents',
    kind: 'sum',
    field: 'amountCents',
    send: async (cents) => {
      // Five invoices of $20,000,000.00 held in reserve: $100,000,000.00 to release, past an INTEGER.
      const { schedule } = await factoringSchedule(5, MAX_DOCUMENT_CENTS)
      const purchased = await api(purchaseApi, `/api/factoring/schedules/${schedule.id}/purchase`, { purchasedAt: TODAY_OR_BEFORE }, { id: schedule.id })
      expect(purchased.raw.status).toBe(200)
      const { answer } = await api(
        releaseApi,
        `/api/factoring/schedules/${schedule.id}/release`,
        { releasedAt: TODAY_OR_BEFORE, amountCents: cents },
        { id: schedule.id },
      )
      return { answer, stored: async () => (await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })).reserveReleasedCents }
    },
    ok: 200,
  },
  {
    name: 'POST /api/checkout expectedTotalCents',
    kind: 'document',
    field: 'expectedTotalCents',
    send: async (cents) => {
      const buyer = await cartOfDocumentMaximum()
      const { raw, answer } = await api(checkoutApi, '/api/checkout', { expectedTotalCents: cents }, {}, buyer.token)
      return { answer, stored: async () => (await prisma.storeOrder.findUniqueOrThrow({ where: { id: raw.body.data.id } })).totalCents }
    },
    ok: 201,
  },

  // ---- The pages (dollars as people type them) ----
  {
    name: 'the load editor: linehaul',
    kind: 'amount',
    field: 'linehaul',
    send: async (cents) =>
      loadForm({ linehaul: dollars(cents) }, async (loadId) => (await prisma.load.findUniqueOrThrow({ where: { id: loadId } })).linehaulCents),
    ok: 302,
  },
  {
    name: 'the load editor: a charge',
    kind: 'amount',
    field: 'charges[0].amount',
    send: async (cents) =>
      loadForm(
        { charges: [{ type: 'detention', amount: dollars(cents) }] },
        async (loadId) => (await prisma.loadCharge.findFirstOrThrow({ where: { loadId } })).amountCents,
      ),
    ok: 302,
  },
  {
    name: 'the new invoice: a line’s unit price',
    kind: 'document',
    field: 'items[0].unitPrice',
    send: async (cents) => invoiceForm({ 'items[0].unitPrice': dollars(cents) }, (invoice) => invoice.totalCents),
    ok: 302,
  },
  {
    name: 'the new invoice: discount',
    kind: 'document',
    field: 'discount',
    send: async (cents) => invoiceForm({ 'items[0].unitPrice': dollars(MAX_DOCUMENT_CENTS), discount: dollars(cents) }, (invoice) => invoice.discountCents),
    ok: 302,
  },
  {
    name: 'the new invoice: tax',
    kind: 'document',
    field: 'tax',
    send: async (cents) => invoiceForm({ 'items[0].unitPrice': '0', tax: dollars(cents) }, (invoice) => invoice.taxCents),
    ok: 302,
  },
  {
    name: 'the invoice page: Record payment',
    kind: 'document',
    field: 'amount',
    send: async (cents) => {
      const invoice = await sentInvoiceOf(MAX_DOCUMENT_CENTS)
      const { answer } = await page(
        invoiceView.action as Handler,
        `/dashboard/invoice/${invoice.id}`,
        { intent: 'pay', amount: dollars(cents), paidAt: TODAY_OR_BEFORE, version: String(invoice.version) },
        { id: invoice.id },
        org.users.accountant.id,
      )
      return { answer, stored: async () => (await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).amountPaidCents }
    },
    ok: 302,
  },
  {
    name: 'the settlement page: add a line (once a 500)',
    kind: 'amount',
    field: 'amount',
    send: async (cents) => {
      const settlement = await draftSettlement()
      const { answer } = await page(
        settlementPage.action as Handler,
        `/dashboard/settlements/${settlement.id}`,
        { intent: 'addLine', version: String(settlement.version), type: 'reimbursement', description: 'Repair', amount: dollars(cents) },
        { id: settlement.id },
        org.users.accountant.id,
      )
      return { answer, stored: async () => (await prisma.settlement.findUniqueOrThrow({ where: { id: settlement.id } })).grossCents }
    },
    ok: 302,
  },
  {
    name: 'the broker editor: credit limit',
    kind: 'sum',
    field: 'creditLimit',
    send: async (cents) => {
      const name = unique('Broker')
      const { answer } = await page(brokerEditor.action as Handler, '/dashboard/brokers/new', { name, creditLimit: dollars(cents) })
      return { answer, stored: async () => (await prisma.broker.findFirstOrThrow({ where: { organizationId: org.organization.id, name } })).creditLimitCents }
    },
    ok: 302,
  },
  {
    name: 'the product editor: price',
    kind: 'price',
    field: 'price',
    send: async (cents) => {
      const sku = unique('SKU')
      const form = new FormData()
      for (const [key, value] of Object.entries({ name: 'Hard hat', sku, price: dollars(cents), stock: '4', status: 'active' })) form.append(key, value)
      const raw = await callPage(productEditor.action as Handler, '/dashboard/e-commerce/product/new', org.users.admin.id, {}, { method: 'POST', body: form })
      return {
        answer: pageAnswer(raw),
        stored: async () => (await prisma.product.findFirstOrThrow({ where: { organizationId: org.organization.id, sku } })).priceCents,
      }
    },
    ok: 302,
  },
  {
    name: 'the user editor: a flat rate per load',
    kind: 'amount',
    field: 'driverProfile.payRate',
    send: async (cents) => userForm({ 'driverProfile.payMethod': 'flat', 'driverProfile.payRate': dollars(cents) }, (profile) => profile.payRate),
    ok: 302,
  },
  {
    name: 'the user editor: a rate per mile',
    kind: 'ratePerMile',
    field: 'driverProfile.payRate',
    send: async (cents) => userForm({ 'driverProfile.payMethod': 'per_mile', 'driverProfile.payRate': dollars(cents) }, (profile) => profile.payRate),
    ok: 302,
  },
  {
    name: 'the user editor: a rate per empty mile',
    kind: 'ratePerMile',
    field: 'driverProfile.emptyMileRateCents',
    send: async (cents) =>
      userForm(
        { 'driverProfile.payMethod': 'per_mile', 'driverProfile.payRate': '0.60', 'driverProfile.emptyMileRateCents': dollars(cents) },
        (profile) => profile.emptyMileRateCents,
      ),
    ok: 302,
  },
  {
    name: 'the user editor: a recurring deduction',
    kind: 'amount',
    field: 'driverProfile.recurringDeductions[0].amountCents',
    send: async (cents) =>
      userForm(
        { 'driverProfile.recurringDeductions[0].description': 'Lease', 'driverProfile.recurringDeductions[0].amountCents': dollars(cents) },
        (profile) => (profile.recurringDeductions as Array<{ amountCents: number }>)[0].amountCents,
      ),
    ok: 302,
  },
  {
    name: 'the factoring page: reserve released',
    kind: 'sum',
    field: 'amount',
    send: async (cents) => {
      const { schedule } = await factoringSchedule(5, MAX_DOCUMENT_CENTS)
      expect(
        (await api(purchaseApi, `/api/factoring/schedules/${schedule.id}/purchase`, { purchasedAt: TODAY_OR_BEFORE }, { id: schedule.id })).raw.status,
      ).toBe(200)
      const { version } = await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })
      const { answer } = await page(
        factoringPage.action as Handler,
        `/dashboard/factoring/${schedule.id}`,
        { intent: 'release', version: String(version), releasedAt: TODAY_OR_BEFORE, amount: dollars(cents) },
        { id: schedule.id },
        org.users.accountant.id,
      )
      return { answer, stored: async () => (await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })).reserveReleasedCents }
    },
    ok: 302,
  },
  {
    name: 'the booking page: quote a price',
    kind: 'amount',
    field: 'amount',
    send: async (cents) => {
      const quote = await newQuote()
      const { answer } = await page(
        bookingPage.action as Handler,
        `/dashboard/booking/${quote.id}`,
        { intent: 'quote', amount: dollars(cents), version: String(quote.version) },
        { id: quote.id },
        org.users.dispatcher.id,
      )
      return { answer, stored: async () => (await prisma.quoteRequest.findUniqueOrThrow({ where: { id: quote.id } })).quotedCents }
    },
    ok: 302,
  },
  {
    name: 'the payment page: “we have paid”',
    kind: 'document',
    field: 'amount',
    send: async (cents) => {
      const invoice = await sentInvoiceOf(MAX_DOCUMENT_CENTS)
      const token = signPaymentToken(invoice)
      const { answer } = await page(
        paymentPage.action as Handler,
        `/payment?invoice=${encodeURIComponent(token)}`,
        { intent: 'remit', amount: dollars(cents), paidOn: TODAY_OR_BEFORE },
        {},
        null as never,
      )
      return { answer, stored: async () => (await prisma.remittanceAdvice.findFirstOrThrow({ where: { invoiceId: invoice.id } })).amountCents }
    },
    ok: 302,
  },
]

async function newQuote() {
  return createQuoteRequest(
    org.organization.id,
    {
      originCity: 'Dallas',
      originState: 'TX',
      destinationCity: 'Atlanta',
      destinationState: 'GA',
      equipmentType: 'reefer',
      pickupDate: '2027-03-15',
      weightLb: 38_000,
      name: 'Sam Shipper',
      email: `${unique('shipper')}@example.test`,
    },
    'en',
  )
}

/** A buyer whose cart totals exactly one document: 99 + 99 + 2 of the dearest product, picked up. */
async function cartOfDocumentMaximum() {
  const user = await prisma.user.create({
    data: {
      organizationId: org.organization.id,
      email: `${unique('buyer')}@example.test`,
      passwordHash: 'x',
      firstName: 'B',
      lastName: 'Uyer',
      role: 'dispatcher',
    },
  })
  const { createSession } = await import('~/models/users/auth.server')
  const { createAccessToken } = await import('~/requests/api.server')
  const token = await createAccessToken(user, (await createSession(user.id, 'api')).id)
  for (const quantity of [99, 99, 2]) {
    const added = await callApi(cartItems, {
      method: 'POST',
      path: '/api/cart/items',
      token,
      body: { productId: (await product(MAX_PRICE_CENTS)).id, quantity },
    })
    expect(added.status).toBe(201)
  }
  const billed = await callApi(cartBilling, {
    method: 'PUT',
    path: '/api/cart/billing',
    token,
    body: { chargeTo: 'company', name: 'Yard', address: '1 Yard Rd', shippingMethod: 'pickup' },
  })
  expect(billed.body.data.totalCents).toBe(MAX_DOCUMENT_CENTS)
  return { id: user.id, token }
}

async function loadForm(fields: Record<string, unknown>, stored: (loadId: string) => Promise<unknown>) {
  const stops = [
    { type: 'pickup', city: 'Dallas', state: 'TX', windowStart: '2026-12-01T08:00' },
    { type: 'delivery', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
  ]
  const body = new URLSearchParams(formFields({ brokerId, stops, ...fields }))
  const raw = await callPage(loadEditor.action as Handler, '/dashboard/loads/new', org.users.dispatcher.id, {}, postForm(body))
  return { answer: pageAnswer(raw), stored: () => stored(raw.location!.split('/').pop()!) }
}

async function invoiceForm(fields: Record<string, string>, stored: (invoice: { totalCents: number; discountCents: number; taxCents: number }) => number) {
  const line = { 'items[0].title': 'Linehaul', 'items[0].description': '', 'items[0].quantity': '1' }
  const raw = await callPage(
    invoiceNew.action as Handler,
    '/dashboard/invoice/new',
    org.users.accountant.id,
    {},
    postForm({ brokerId, intent: 'create', ...line, ...fields }),
  )
  return { answer: pageAnswer(raw), stored: async () => stored(await prisma.invoice.findUniqueOrThrow({ where: { id: raw.location!.split('/').pop()! } })) }
}

async function userForm(
  fields: Record<string, string>,
  stored: (profile: { payRate: number | null; emptyMileRateCents: number | null; recurringDeductions: unknown }) => unknown,
) {
  const user = await prisma.user.create({
    data: { organizationId: org.organization.id, email: `${unique('driver')}@example.test`, passwordHash: 'x', firstName: 'D', lastName: 'R', role: 'driver' },
  })
  const raw = await callPage(
    userEditor.action as Handler,
    `/dashboard/user/${user.id}/edit`,
    org.users.admin.id,
    { id: user.id },
    postForm({ intent: 'save', version: String(user.version), firstName: 'D', lastName: 'R', role: 'driver', status: 'active', ...fields }),
  )
  return { answer: pageAnswer(raw), stored: async () => stored(await prisma.driverProfile.findUniqueOrThrow({ where: { userId: user.id } })) }
}

describe('every money input', () => {
  for (const input of INPUTS) {
    it(`${input.name}: its maximum is stored exactly, a cent more is refused at the field (${input.kind})`, async () => {
      const { max, tooLarge } = MONEY_LIMITS[input.kind]
      const over = await input.send(max + 1)
      expect(over.answer.status, `${input.name} at ${max + 1}: ${JSON.stringify(over.answer)}`).toBe(400)
      // The API and page actions answer in words, a Conform editor with the key its page translates.
      expect(over.answer.fields[input.field], JSON.stringify(over.answer.fields)).toEqual([
        expect.stringMatching(new RegExp(`^(${tooLarge.replace(/\./g, '\\.')}|${escape(en(tooLarge))})$`)),
      ])
      const at = await input.send(max)
      expect(at.answer.status, `${input.name} at ${max}: ${JSON.stringify(at.answer)}`).toBe(input.ok)
      const stored = await at.stored()
      expect(typeof stored === 'bigint' ? stored : BigInt(stored as number)).toBe(BigInt(max))
    })
  }
})

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

describe('the maximums', () => {
  it('grow from one amount to a document to a sum; a document fits an INTEGER column', () => {
    expect(MAX_AMOUNT_CENTS < MAX_DOCUMENT_CENTS && MAX_DOCUMENT_CENTS <= PG_INT_MAX && PG_INT_MAX < MAX_SUM_CENTS).toBe(true)
    expect(MAX_RATE_PER_MILE_CENTS * 40_000).toBeLessThanOrEqual(MAX_DOCUMENT_CENTS)
  })

  it('are each locale’s message, in its words and with its number', async () => {
    for (const language of ['en', 'fr', 'vi', 'cn', 'ar']) {
      const t = getFixedT(language)
      for (const { max, tooLarge } of Object.values(MONEY_LIMITS)) {
        const digits = t(tooLarge).replace(/\D/g, '')
        expect([`${max / 100}`, `${max}`], `${language}: ${t(tooLarge)}`).toContain(digits)
      }
    }
  })

  it('are the database’s too: a cent past the maximum is refused whatever writes it', async () => {
    const load = await newLoad(org, { brokerId })
    const past = (pending: Promise<unknown>) =>
      pending.then(
        () => null,
        (error: unknown) => error,
      )
    expect(isCheckViolation(await past(prisma.load.update({ where: { id: load.id }, data: { linehaulCents: MAX_AMOUNT_CENTS + 1 } })), 'Load_money_max')).toBe(
      true,
    )
    expect(
      isCheckViolation(
        await past(prisma.product.create({ data: { organizationId: org.organization.id, name: 'x', sku: unique('x'), priceCents: MAX_PRICE_CENTS + 1 } })),
        'Product_money_max',
      ),
    ).toBe(true)
    expect(
      isCheckViolation(
        await past(prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('B'), creditLimitCents: MAX_SUM_CENTS + 1 } })),
        'Broker_money_max',
      ),
    ).toBe(true)
    const invoice = await sentInvoiceOf(100)
    expect(
      isCheckViolation(await past(prisma.invoice.update({ where: { id: invoice.id }, data: { taxCents: MAX_DOCUMENT_CENTS + 1 } })), 'Invoice_money_max'),
    ).toBe(true)
  })
})

describe('sums of many lines at the maximum', () => {
  it('refuse a load or an invoice past its document’s maximum (400, never a 500), and a cart at the quantity', async () => {
    const charges = Array.from({ length: 20 }, () => ({ type: 'other', amountCents: MAX_AMOUNT_CENTS }))
    const load = await callApi(loadsApi, { method: 'POST', path: '/api/loads', token: org.users.admin.token, body: { brokerId, stops: LOAD_STOPS, charges } })
    expect([load.status, load.body.error.fields.linehaulCents]).toEqual([400, ['Linehaul and charges together may not exceed $10,000,000.']])
    const items = Array.from({ length: 100 }, (_, index) => ({ title: `Line ${index}`, unitPriceCents: MAX_DOCUMENT_CENTS }))
    const invoice = await callApi(invoicesApi, { method: 'POST', path: '/api/invoice', token: org.users.admin.token, body: { brokerId, items } })
    expect([invoice.status, invoice.body.error.fields.items]).toEqual([400, ['An invoice may not exceed $20,000,000.']])
    // A discount does not carry lines past a document: the subtotal is one too.
    const discounted = await callApi(invoicesApi, {
      method: 'POST',
      path: '/api/invoice',
      token: org.users.admin.token,
      body: { brokerId, items: items.slice(0, 2), discountCents: MAX_DOCUMENT_CENTS },
    })
    expect(discounted.status).toBe(400)

    const buyer = await cartOfDocumentMaximum()
    const oneMore = await callApi(cartItems, {
      method: 'POST',
      path: '/api/cart/items',
      token: buyer.token,
      body: { productId: (await product(1)).id, quantity: 1 },
    })
    expect([oneMore.status, oneMore.body.error.fields.quantity]).toEqual([400, ['This order is too large.']])
  })

  it('keep a settlement of many maximum lines exact: pay at the most miles and the largest rate, reimbursements and advances, past an INTEGER', async () => {
    const driver = org.users.driver.id
    await prisma.driverProfile.update({
      where: { userId: driver },
      data: { payMethod: 'per_mile', payRate: MAX_RATE_PER_MILE_CENTS, emptyMileRateCents: MAX_RATE_PER_MILE_CENTS },
    })
    for (let index = 0; index < 3; index++) {
      const load = await newLoad(org, { brokerId, linehaulCents: MAX_AMOUNT_CENTS, loadedMiles: 20_000, emptyMiles: 20_000 })
      await prisma.load.update({ where: { id: load.id }, data: { status: 'delivered', driverId: driver, deliveryAt: new Date('2026-12-03T15:00:00Z') } })
    }
    const run = await callApi(settlementRunApi, {
      method: 'POST',
      path: '/api/settlements/run',
      token: org.users.accountant.token,
      body: { periodStart: '2026-12-01', periodEnd: '2026-12-07' },
    })
    expect(run.status, JSON.stringify(run.body)).toBe(200)
    const settlement = await prisma.settlement.findFirstOrThrow({ where: { driverId: driver } })
    // Each load pays 40,000 miles at $500.00: one document.
    expect(settlement.grossCents).toBe(3n * BigInt(MAX_DOCUMENT_CENTS))
    for (const type of ['reimbursement', 'reimbursement', 'advance']) {
      const { version } = await prisma.settlement.findUniqueOrThrow({ where: { id: settlement.id } })
      const added = await callPage(
        settlementPage.action as Handler,
        `/dashboard/settlements/${settlement.id}`,
        org.users.accountant.id,
        { id: settlement.id },
        postForm({ intent: 'addLine', version: String(version), type, description: type, amount: dollars(MAX_AMOUNT_CENTS) }),
      )
      expect(added.status).toBe(302)
    }
    const gross = 3 * MAX_DOCUMENT_CENTS + 2 * MAX_AMOUNT_CENTS
    expect(await prisma.settlement.findUniqueOrThrow({ where: { id: settlement.id } })).toMatchObject({
      grossCents: BigInt(gross),
      deductionsCents: BigInt(MAX_AMOUNT_CENTS),
      netCents: BigInt(gross - MAX_AMOUNT_CENTS),
    })
    // The API reads them as exact numbers, one settlement and the list (a lean read).
    const read = await callApi(settlementApi, { path: `/api/settlements/${settlement.id}`, params: { id: settlement.id }, token: org.users.accountant.token })
    expect(read.body.data).toMatchObject({ grossCents: gross, deductionsCents: MAX_AMOUNT_CENTS, netCents: gross - MAX_AMOUNT_CENTS })
    expect(read.body.data.items.filter((item: { type: string }) => item.type === 'load').map((item: { amountCents: number }) => item.amountCents)).toEqual(
      Array(3).fill(MAX_DOCUMENT_CENTS),
    )
    const list = await callApi(settlementsApi, { path: `/api/settlements?driverId=${driver}`, token: org.users.accountant.token })
    expect(list.body.data).toEqual([expect.objectContaining({ id: settlement.id, grossCents: gross, netCents: gross - MAX_AMOUNT_CENTS })])
  })

  it('keep a factoring schedule of five maximum invoices exact, and the invoices list sums them', async () => {
    const { schedule } = await factoringSchedule(5, MAX_DOCUMENT_CENTS)
    const read = await callApi(schedulesApi, { path: '/api/factoring/schedules', token: org.users.accountant.token })
    expect(read.body.data.find((row: { id: string }) => row.id === schedule.id)).toMatchObject({
      totalCents: 5 * MAX_DOCUMENT_CENTS,
      reserveCents: 5 * MAX_DOCUMENT_CENTS,
    })
    const list = await callPage(invoiceListPage.loader as Handler, '/dashboard/invoice/list', org.users.accountant.id)
    expect(list.status).toBe(200)
  })
})
