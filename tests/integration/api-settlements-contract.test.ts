/** /api/settlements against the real database: the contract's shapes and codes, roles, a driver's own only, the statement PDF read back. */
import { extractText } from 'unpdf'
import { describe, expect, it } from 'vitest'

import * as approve from '~/routes/api/settlements/approve'
import * as collection from '~/routes/api/settlements/collection'
import * as item from '~/routes/api/settlements/item'
import * as pay from '~/routes/api/settlements/pay'
import * as pdf from '~/routes/api/settlements/pdf'
import * as run from '~/routes/api/settlements/run'
import * as voiding from '~/routes/api/settlements/void'
import * as userCollection from '~/routes/api/users/collection'
import * as userItem from '~/routes/api/users/item'
import { UserCreateFormSchema } from '~/schemas/user'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { createOrg, fleet, newLoad, type Org, unique } from '../helpers'

const PERIOD = { periodStart: '2026-12-01', periodEnd: '2026-12-07' }

async function payableOrg() {
  const org = await createOrg()
  const { broker } = await fleet(org)
  const driverId = org.users.driver.id
  await prisma.user.update({ where: { id: driverId }, data: { firstName: 'Dana', lastName: 'Roadwell' } })
  await prisma.driverProfile.update({
    where: { userId: driverId },
    data: { payMethod: 'percent', payRate: 2_500, recurringDeductions: [{ description: 'ELD lease', amountCents: 2_000 }] },
  })
  const load = await newLoad(org, { brokerId: broker.id, linehaulCents: 150_001 })
  await prisma.load.update({ where: { id: load.id }, data: { status: 'delivered', driverId, deliveryAt: new Date('2026-12-02T16:00:00Z') } })
  const order = await prisma.storeOrder.create({
    data: {
      organizationId: org.organization.id,
      orderNumber: unique('SO'),
      chargeTo: 'driver',
      driverId,
      shippingMethod: 'pickup',
      subtotalCents: 4_500,
      totalCents: 4_500,
    },
  })
  return { org, load, order, driverId }
}

const post = (org: Org, body: unknown, role: keyof Org['users'] = 'accountant') =>
  callApi(collection, { method: 'POST', path: '/api/settlements', token: org.users[role].token, body })

describe('/api/settlements', () => {
  it('creates a draft with the contract’s shape: loads paid, deductions and store orders taken, totals in cents', async () => {
    const { org, load, order, driverId } = await payableOrg()
    const created = await post(org, { driverId, ...PERIOD })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    // 25 % of 150,001 cents = 37,500.25 → 37,500.
    expect(created.body.data).toMatchObject({
      number: 'STL-000001',
      status: 'draft',
      driverId,
      ...PERIOD,
      grossCents: 37_500,
      deductionsCents: 6_500,
      netCents: 31_000,
      items: [
        { type: 'load', loadId: load.id, amountCents: 37_500 },
        { type: 'deduction', description: 'ELD lease', amountCents: 2_000 },
        { type: 'store_order', orderId: order.id, amountCents: 4_500 },
      ],
    })
    // The same driver and period again: 409, nothing written.
    const again = await post(org, { driverId, ...PERIOD })
    expect(again.status).toBe(409)
    expect(again.body.error.code).toBe('in_use')
    expect(await prisma.settlement.count({ where: { organizationId: org.organization.id } })).toBe(1)

    const list = await callApi(collection, { path: '/api/settlements?status=draft&q=STL-0000', token: org.users.viewer.token })
    expect(list.status).toBe(200)
    expect(list.body.meta).toMatchObject({ total: 1 })
  })

  it('refuses bad input with 400 and its field, and roles that may not write with 403; nothing written', async () => {
    const { org, driverId } = await payableOrg()
    const stranger = await createOrg()
    const cases = [
      [{ driverId, periodStart: '2026-12-07', periodEnd: '2026-12-01' }, 'periodEnd'],
      [{ driverId, periodStart: '2026-02-30', periodEnd: '2026-12-01' }, 'periodStart'],
      [{ driverId: stranger.users.driver.id, ...PERIOD }, 'driverId'],
      [{ ...PERIOD }, 'driverId'],
    ] as const
    for (const [body, field] of cases) {
      const answer = await post(org, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(answer.body.error.fields)).toContain(field)
    }
    for (const role of ['dispatcher', 'viewer', 'driver'] as const) expect((await post(org, { driverId, ...PERIOD }, role)).status).toBe(403)
    expect(await prisma.settlement.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('approve → pay, void and delete answer the policy’s codes', async () => {
    const { org, driverId } = await payableOrg()
    const token = org.users.accountant.token
    const { data } = (await post(org, { driverId, ...PERIOD })).body
    const at = (module: Parameters<typeof callApi>[0], suffix: string, body?: unknown) =>
      callApi(module, { method: 'POST', path: `/api/settlements/${data.id}/${suffix}`, params: { id: data.id }, token, body })

    expect((await at(pay, 'pay', { paidAt: '2026-11-20' })).body.error.code).toBe('invalid_transition')
    expect((await at(approve, 'approve', { version: data.version + 5 })).status).toBe(409)
    const approved = await at(approve, 'approve', { version: data.version })
    expect(approved.body.data.status).toBe('approved')
    const removed = await callApi(item, { method: 'DELETE', path: `/api/settlements/${data.id}`, params: { id: data.id }, token })
    expect(removed.status).toBe(409)
    expect(removed.body.error.code).toBe('in_use')
    expect((await at(pay, 'pay', { paidAt: 'yesterday' })).status).toBe(400)
    const paid = await at(pay, 'pay', { paidAt: '2026-11-20', method: 'check', reference: 'CHK-77' })
    expect(paid.body.data).toMatchObject({ status: 'paid', paidAt: '2026-11-20', method: 'check', reference: 'CHK-77' })
    expect((await at(voiding, 'void')).body.error.code).toBe('invalid_transition')

    const draft = (await post(org, { driverId, periodStart: '2026-12-08', periodEnd: '2026-12-14' })).body.data
    const deleted = await callApi(item, { method: 'DELETE', path: `/api/settlements/${draft.id}?version=${draft.version}`, params: { id: draft.id }, token })
    expect(deleted.body.data).toEqual({ id: draft.id, deleted: true })
  })

  it('runs pay for the period: one draft per driver with something to pay', async () => {
    const { org } = await payableOrg()
    const answer = await callApi(run, { method: 'POST', path: '/api/settlements/run', token: org.users.admin.token, body: PERIOD })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({ created: 1, drivers: 1 })
    expect(
      (
        await callApi(run, {
          method: 'POST',
          path: '/api/settlements/run',
          token: org.users.admin.token,
          body: { periodStart: '2026-12-09', periodEnd: '2026-12-01' },
        })
      ).status,
    ).toBe(400)
  })

  it('a driver reads their own settlements and statements, and another’s is 404', async () => {
    const { org, driverId } = await payableOrg()
    const mine = (await post(org, { driverId, ...PERIOD })).body.data
    const other = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `${unique('d')}@example.test`,
        passwordHash: 'x',
        firstName: 'Other',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    const theirs = (await post(org, { driverId: other.id, ...PERIOD })).body.data
    const token = org.users.driver.token
    const list = await callApi(collection, { path: '/api/settlements', token })
    expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([mine.id])
    expect((await callApi(item, { path: `/api/settlements/${mine.id}`, params: { id: mine.id }, token })).status).toBe(200)
    expect((await callApi(item, { path: `/api/settlements/${theirs.id}`, params: { id: theirs.id }, token })).status).toBe(404)
    const request = (id: string) => new Request(`http://localhost/api/settlements/${id}/pdf`, { headers: { Authorization: `Bearer ${token}` } })
    expect((await pdf.loader({ request: request(theirs.id), params: { id: theirs.id }, context: {} } as never)).status).toBe(404)

    // The statement, parsed back: the driver's name and the net, in the driver's language.
    const response = await pdf.loader({ request: request(mine.id), params: { id: mine.id }, context: {} } as never)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true })
    expect(text).toContain('Dana Roadwell')
    expect(text).toContain('Pay statement')
    expect(text).toContain('$310.00')
    // A statement, not an invoice: not in its words nor its file name.
    expect(text).not.toMatch(/invoice/i)
    expect(response.headers.get('Content-Disposition')).not.toMatch(/invoice/i)
    await prisma.driverProfile.update({ where: { userId: driverId }, data: { language: 'fr' } })
    const french = await pdf.loader({ request: request(mine.id), params: { id: mine.id }, context: {} } as never)
    expect((await extractText(new Uint8Array(await french.arrayBuffer()), { mergePages: true })).text).toContain('Relevé de paie')
  })
})

describe('pay settings on the driver’s profile', () => {
  it('answers the contract’s names beside the stored ones and accepts them on write (per_load is flat, percent in two decimals)', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const created = await callApi(userCollection, {
      method: 'POST',
      path: '/api/user',
      token,
      body: {
        email: `${unique('pay')}@example.test`,
        firstName: 'Pay',
        lastName: 'Driver',
        role: 'driver',
        driverProfile: { payType: 'per_load', payRateCents: 35_000, recurringDeductions: [{ description: 'ELD lease', amountCents: 2_500 }], language: 'ar' },
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data.driverProfile).toMatchObject({
      payMethod: 'flat',
      payRate: 35_000,
      payType: 'per_load',
      payRateCents: 35_000,
      payPercent: null,
      emptyMileRateCents: null,
      recurringDeductions: [{ description: 'ELD lease', amountCents: 2_500 }],
      language: 'ar',
    })
    const { id, version } = created.body.data
    const put = (driverProfile: unknown, v: number) =>
      callApi(userItem, {
        method: 'PUT',
        path: `/api/user/${id}`,
        params: { id },
        token,
        body: { firstName: 'Pay', lastName: 'Driver', role: 'driver', version: v, driverProfile },
      })
    const percent = await put({ payType: 'percent', payPercent: 27.55 }, version)
    expect(percent.body.data.driverProfile).toMatchObject({ payMethod: 'percent', payRate: 2_755, payType: 'percent', payPercent: 27.55, payRateCents: null })
    const perMile = await put({ payMethod: 'per_mile', payRate: 65, emptyMileRateCents: 30 }, percent.body.data.version)
    expect(perMile.body.data.driverProfile).toMatchObject({ payType: 'per_mile', payRateCents: 65, emptyMileRateCents: 30, recurringDeductions: [] })
    for (const bad of [
      { payPercent: 100.5 },
      { payPercent: 12.345 },
      { payType: 'weekly' },
      { recurringDeductions: [{ description: '', amountCents: 100 }] },
      { recurringDeductions: [{ description: 'x', amountCents: 0 }] },
    ]) {
      const answer = await put(bad, perMile.body.data.version)
      expect(answer.status, JSON.stringify(bad)).toBe(400)
    }
  })

  it('reads the editor’s deduction rows in dollars and drops the spare empty ones', () => {
    const form = UserCreateFormSchema.parse({
      email: `${unique('drv')}@example.test`,
      firstName: 'Dee',
      lastName: 'Rivers',
      role: 'driver',
      driverProfile: {
        payMethod: 'per_mile',
        payRate: '0.65',
        emptyMileRateCents: '0.30',
        recurringDeductions: [{ description: 'Insurance', amountCents: '40.50' }, {}, { description: undefined }],
      },
    })
    expect(form.driverProfile).toMatchObject({ payRate: 65, emptyMileRateCents: 30, recurringDeductions: [{ description: 'Insurance', amountCents: 4_050 }] })
    expect(UserCreateFormSchema.safeParse({ ...form, driverProfile: { recurringDeductions: [{ description: 'Lease' }] } }).success).toBe(false)
  })
})
