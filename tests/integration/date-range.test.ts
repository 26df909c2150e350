/**
 * One accepted range of dates (app/schemas/dates.ts), at every edge: query strings of the calendar,
 * the audit page and the loads list (page and API), stop windows in forms and API bodies, and what
 * is already stored (a CHECK in the database; reads that never fail).
 */
import { describe, expect, it, vi } from 'vitest'

import { resources } from '~/i18n.server'
import { createInvoice, recordPayment, sendInvoice } from '~/models/invoices/invoice.server'
import * as paymentsApi from '~/routes/api/invoices/payments'
import * as loadsApi from '~/routes/api/loads/collection'
import * as loadApi from '~/routes/api/loads/item'
import * as stopEventsApi from '~/routes/api/loads/stop-events'
import * as auditPage from '~/routes/dashboard/audit'
import * as calendarPage from '~/routes/dashboard/calendar/index'
import * as invoicePage from '~/routes/dashboard/invoices/view'
import * as loadsPage from '~/routes/dashboard/loads/list'
import { MAX_YEAR, MIN_YEAR } from '~/schemas/dates'
import { PaymentSchema } from '~/schemas/invoice'
import { prisma } from '~/utils/db.server'
import { readMigrations } from '~/utils/db-setup.server'

import { actorOf, callApi, createOrg, unique } from '../helpers'
import { callPage, type Handler, postForm } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function brokerOf(org: Org) {
  return (await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })).id
}

const stops = (windowStart: string) => [
  { type: 'pickup', city: 'Dallas', windowStart },
  { type: 'delivery', city: 'Tulsa' },
]

describe('dates out of range in query strings', () => {
  it('are ignored by the calendar, the audit page and the loads list, as any unknown value', async () => {
    const org = await createOrg()
    const admin = org.users.admin.id
    for (const date of ['0001-01-01', '0000-01-01', '9999-12-31']) {
      for (const view of ['month', 'week']) {
        const answer = await callPage(calendarPage.loader as Handler, `/dashboard/calendar?view=${view}&date=${date}`, admin)
        expect(answer.status, `${view} ${date}`).toBe(200)
        expect(answer.data?.date).not.toBe(date)
      }
      for (const key of ['from', 'to']) {
        expect((await callPage(loadsPage.loader as Handler, `/dashboard/loads/list?${key}=${date}`, admin)).status, `loads ${key}=${date}`).toBe(200)
        expect((await callPage(auditPage.loader as Handler, `/dashboard/audit?${key}=${date}`, admin)).status, `audit ${key}=${date}`).toBe(200)
        const api = await callApi(loadsApi, { path: `/api/loads?${key}=${date}`, token: org.users.admin.token })
        expect(api.status, `api ${key}=${date}`).toBe(200)
      }
    }
  })
})

describe('a list cursor with a date out of range', () => {
  it('is refused as any malformed cursor', async () => {
    const org = await createOrg()
    for (const value of ['0000-12-31T00:00:00.000Z', '+010000-01-01T00:00:00.000Z']) {
      const after = Buffer.from(JSON.stringify(['pickupAt', 'desc', value, 'abc123'])).toString('base64url')
      const answer = await callApi(loadsApi, { path: `/api/loads?after=${after}`, token: org.users.admin.token })
      expect([answer.status, answer.body.error?.fields], value).toEqual([400, { after: [expect.any(String)] }])
    }
  })
})

describe('stop windows out of range', () => {
  it('are refused by POST /api/loads with a field error, and nothing is saved', async () => {
    const org = await createOrg()
    const brokerId = await brokerOf(org)
    for (const windowStart of ['0000-01-01T00:00:00Z', '0001-01-01T00:00', '9999-12-31T23:30', '1949-12-31T23:59-06:00', '2201-01-01T00:00']) {
      const answer = await callApi(loadsApi, {
        method: 'POST',
        path: '/api/loads',
        token: org.users.dispatcher.token,
        body: { brokerId, stops: stops(windowStart) },
      })
      expect(answer.status, windowStart).toBe(400)
      expect(answer.body.error.fields['stops.0.windowStart'], windowStart).toBeDefined()
    }
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
    // The edges of the range are dates like any other.
    for (const windowStart of ['1950-01-01T00:00', '2200-12-31T23:59']) {
      const answer = await callApi(loadsApi, {
        method: 'POST',
        path: '/api/loads',
        token: org.users.dispatcher.token,
        body: { brokerId, stops: stops(windowStart) },
      })
      expect(answer.status, windowStart).toBe(201)
    }
  })
})

describe('a stop event’s time out of range', () => {
  it('is refused with a field error, and nothing is recorded', async () => {
    const org = await createOrg()
    const token = org.users.dispatcher.token
    const created = await callApi(loadsApi, {
      method: 'POST',
      path: '/api/loads',
      token,
      body: { brokerId: await brokerOf(org), stops: stops('2026-11-01T08:00') },
    })
    const { id, version } = created.body.data
    await prisma.load.update({ where: { id }, data: { status: 'dispatched' } })
    const stopId = created.body.data.stops[0].id
    // Year 0 is no year at all (1 BC precedes AD 1): not a date, rather than one out of range.
    for (const [at, message] of [
      ['0001-01-01T00:00:00Z', 'Enter a date between the years 1950 and 2200.'],
      ['1949-12-31T23:59:00Z', 'Enter a date between the years 1950 and 2200.'],
      ['0000-01-01T00:00:00Z', 'Enter a valid date and time.'],
    ]) {
      const answer = await callApi(stopEventsApi, {
        method: 'POST',
        path: `/api/loads/${id}/stops/${stopId}/events`,
        params: { id, stopId },
        token,
        body: { event: 'arrive', at, version },
      })
      expect([answer.status, answer.body.error?.fields], at).toEqual([400, { at: [message] }])
    }
    expect((await prisma.loadStop.findUniqueOrThrow({ where: { id: stopId } })).actualArrival).toBeNull()
  })
})

describe('the migration that adds the range', () => {
  it('mends a load stored before it with a stop in year 10000, so its reads answer again', async () => {
    const org = await createOrg()
    const token = org.users.dispatcher.token
    const created = await callApi(loadsApi, {
      method: 'POST',
      path: '/api/loads',
      token,
      body: { brokerId: await brokerOf(org), stops: stops('2026-12-01T08:00') },
    })
    const { id } = created.body.data
    const migration = readMigrations().find((entry) => entry.name.endsWith('_dates_in_range'))!
    const constraints = [...migration.sql.matchAll(/ALTER TABLE "(\w+)" ADD CONSTRAINT "(\w+)"/g)]
    // The probe's load, as it was stored before the rule: year 10000 UTC in the stop and the list's copy.
    for (const [, table, name] of constraints) await prisma.$executeRawUnsafe(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`)
    await prisma.$executeRaw`UPDATE "LoadStop" SET "windowStart" = '10000-01-01T05:30:00Z' WHERE "loadId" = ${id} AND "type" = 'pickup'`
    await prisma.$executeRaw`UPDATE "Load" SET "pickupAt" = '10000-01-01T05:30:00Z' WHERE "id" = ${id}`
    const read = () => callApi(loadApi, { path: `/api/loads/${id}`, token, params: { id } })
    // What the probe met: the value reads back as an invalid Date, and the answer is a 500 (logged).
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    expect((await read()).status).toBe(500)

    for (const statement of migration.sql.split(/;\s*\n/).filter((text) => text.replace(/--.*$/gm, '').trim())) await prisma.$executeRawUnsafe(statement)
    const mended = await read()
    expect(mended.status).toBe(200)
    expect(mended.body.data.stops[0].windowStart).toBeNull()
    expect((await callApi(loadsApi, { path: '/api/loads?sort=pickupAt', token })).status).toBe(200)
  })
})

describe('a stored date out of range', () => {
  it('is refused by the database itself, so no read can meet one (year 10000 reads back as an invalid Date)', async () => {
    const org = await createOrg()
    const load = await prisma.load.create({
      data: { organizationId: org.organization.id, brokerId: await brokerOf(org), loadNumber: unique('L') },
    })
    await expect(
      prisma.loadStop.create({ data: { loadId: load.id, sequence: 1, type: 'pickup', city: 'Dallas', windowStart: new Date('+010000-01-01T05:30:00Z') } }),
    ).rejects.toThrow()
    await expect(prisma.load.update({ where: { id: load.id }, data: { pickupAt: new Date('0001-01-01T00:00:00Z') } })).rejects.toThrow()
    await expect(
      prisma.calendarEvent.create({
        data: { organizationId: org.organization.id, title: 'x', startsAt: new Date('+010000-01-01T00:00:00Z'), endsAt: new Date('+010000-01-01T00:00:00Z') },
      }),
    ).rejects.toThrow()
    await expect(
      prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: unique('T').slice(0, 20), inspectionDue: new Date('0001-01-01') } }),
    ).rejects.toThrow()
  })
})

describe('payment dates', () => {
  async function sentInvoice(org: Org) {
    const actor = actorOf(org, 'accountant')
    const draft = await createInvoice(actor, {
      brokerId: await brokerOf(org),
      items: [{ title: 'Linehaul', quantity: 1, unitPriceCents: 100_000 }],
      loadIds: [],
      discountCents: 0,
      taxCents: 0,
    })
    return sendInvoice(actor, draft.id, draft.version)
  }

  it('are refused by the API after today in the organization’s zone and out of the accepted years, and nothing is recorded', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const pay = (paidAt: string) =>
      callApi(paymentsApi, {
        method: 'POST',
        path: `/api/invoice/${invoice.id}/payments`,
        params: { id: invoice.id },
        token: org.users.accountant.token,
        body: { amountCents: 1_000, paidAt, version: invoice.version },
      })
    for (const [paidAt, message] of [
      ['2099-01-01', 'A payment cannot be dated after today.'],
      ['1900-01-01', 'Enter a date between the years 1950 and 2200.'],
      ['0001-01-01', 'Enter a date between the years 1950 and 2200.'],
    ]) {
      const answer = await pay(paidAt)
      expect([answer.status, answer.body.error.fields], paidAt).toEqual([400, { paidAt: [message] }])
    }
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(0)
    expect((await pay('2026-11-02')).status).toBe(201)
  })

  it('follow the organization’s day: at 03:00 UTC on December 1st it is still November 30th in Chicago', async () => {
    const org = await createOrg()
    await prisma.organization.update({ where: { id: org.organization.id }, data: { timezone: 'America/Chicago' } })
    const invoice = await sentInvoice(org)
    const now = new Date('2026-12-01T03:00:00Z')
    const input = (paidAt: string, version: number) => PaymentSchema.parse({ amountCents: 1_000, paidAt, version })
    await expect(recordPayment(actorOf(org, 'accountant'), invoice.id, input('2026-12-01', invoice.version), now)).rejects.toMatchObject({
      fields: { paidAt: ['invoices.errors.paymentFuture'] },
    })
    const paid = await recordPayment(actorOf(org, 'accountant'), invoice.id, input('2026-11-30', invoice.version), now)
    expect(paid.payments).toHaveLength(1)
  })

  it('are refused by the invoice page’s form with the same message', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const answer = await callPage(
      invoicePage.action as Handler,
      `/dashboard/invoices/${invoice.id}`,
      org.users.accountant.id,
      { id: invoice.id },
      postForm({ intent: 'pay', amount: '10.00', paidAt: '2099-01-01', method: 'ach', version: String(invoice.version) }),
    )
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.data)).toContain('A payment cannot be dated after today.')
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(0)
  })
})

describe('the range’s message', () => {
  it('names the accepted years in every language', () => {
    for (const [language, resource] of Object.entries(resources)) {
      const message = Object.values(resource)[0].validation.dateRange
      expect(message, language).toContain(String(MIN_YEAR))
      expect(message, language).toContain(String(MAX_YEAR))
    }
  })
})
