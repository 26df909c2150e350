/** The settlement pages as a browser without JavaScript uses them: plain form posts, refusals at their fields, a driver's own only. */
import { describe, expect, it } from 'vitest'

import * as list from '~/routes/dashboard/settlements/list'
import * as mine from '~/routes/dashboard/settlements/mine'
import * as newPage from '~/routes/dashboard/settlements/new'
import * as view from '~/routes/dashboard/settlements/view'
import * as userEditor from '~/routes/dashboard/users/editor'
import { prisma } from '~/utils/db.server'

import { createOrg, fleet, newLoad, type Org } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

async function payableOrg() {
  const org = await createOrg()
  const { broker } = await fleet(org)
  await prisma.driverProfile.update({ where: { userId: org.users.driver.id }, data: { payMethod: 'flat', payRate: 40_000 } })
  const load = await newLoad(org, { brokerId: broker.id })
  await prisma.load.update({
    where: { id: load.id },
    data: { status: 'delivered', driverId: org.users.driver.id, deliveryAt: new Date('2026-12-02T16:00:00Z') },
  })
  return org
}

const post = (
  org: Org,
  handler: Handler,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
  role: keyof Org['users'] = 'accountant',
) => callPage(handler, path, org.users[role].id, params, postForm(fields))

describe('settlement pages', () => {
  it('creates a draft, refuses a bad period at its field, adds an advance in dollars, approves and pays, all by plain posts', async () => {
    const org = await payableOrg()
    const bad = await post(org, newPage.action as Handler, '/dashboard/settlements/new', {
      intent: 'create',
      driverId: org.users.driver.id,
      periodStart: '2026-12-07',
      periodEnd: '2026-12-01',
    })
    expect(bad.status).toBe(400)
    expect(refusalOf(bad)?.fields.periodEnd).toEqual(['The period cannot end before it starts.'])

    const created = await post(org, newPage.action as Handler, '/dashboard/settlements/new', {
      intent: 'create',
      driverId: org.users.driver.id,
      periodStart: '2026-12-01',
      periodEnd: '2026-12-07',
    })
    expect(created.status).toBe(302)
    const id = created.location!.split('/').at(-1)!
    const path = `/dashboard/settlements/${id}`
    const page = await callPage(view.loader as Handler, path, org.users.accountant.id, { id })
    const data = page.data as { settlement: { version: number; netCents: number }; can: Record<string, boolean> }
    expect(data.settlement.netCents).toBe(40_000)
    expect(data.can).toEqual({ edit: true, approve: true, pay: false, void: true, delete: true })

    const advance = await post(
      org,
      view.action as Handler,
      path,
      { intent: 'addLine', version: String(data.settlement.version), type: 'advance', description: 'Fuel advance', amount: '150.25' },
      { id },
    )
    expect(advance.status).toBe(302)
    let stored = await prisma.settlement.findUniqueOrThrow({ where: { id } })
    expect(stored.netCents).toBe(40_000n - 15_025n)
    const badAmount = await post(
      org,
      view.action as Handler,
      path,
      { intent: 'addLine', version: String(stored.version), type: 'advance', description: 'x', amount: '-3' },
      { id },
    )
    expect(refusalOf(badAmount)?.fields.amount).toBeTruthy()
    const stale = await post(org, view.action as Handler, path, { intent: 'approve', version: String(stored.version - 1) }, { id })
    expect(refusalOf(stale)?.conflict).toBe(true)
    expect((await post(org, view.action as Handler, path, { intent: 'approve', version: String(stored.version) }, { id })).status).toBe(302)
    // A dispatcher reads but may not pay.
    expect((await post(org, view.action as Handler, path, { intent: 'pay', paidAt: '2026-11-20' }, { id }, 'dispatcher')).status).toBe(403)
    expect((await prisma.settlement.findUniqueOrThrow({ where: { id } })).status).toBe('approved')
    stored = await prisma.settlement.findUniqueOrThrow({ where: { id } })
    expect(
      (
        await post(
          org,
          view.action as Handler,
          path,
          { intent: 'pay', version: String(stored.version), paidAt: '2026-11-20', method: 'ach', reference: 'ACH-1' },
          { id },
        )
      ).status,
    ).toBe(302)
    expect(await prisma.settlement.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'paid', paidReference: 'ACH-1' })

    // The driver reads it under My pay and on its page, read only; the list is theirs only.
    const myPay = await callPage(mine.loader as Handler, '/dashboard/pay', org.users.driver.id)
    expect((myPay.data as { settlements: Array<{ id: string }> }).settlements.map((row) => row.id)).toEqual([id])
    const driverView = await callPage(view.loader as Handler, path, org.users.driver.id, { id })
    expect((driverView.data as { can: Record<string, boolean> }).can).toEqual({ edit: false, approve: false, pay: false, void: false, delete: false })
    const listed = await callPage(list.loader as Handler, '/dashboard/settlements/list?status=paid', org.users.viewer.id)
    expect((listed.data as { total: number }).total).toBe(1)
  })

  it('runs pay for the period from the new page and says how many drafts it made', async () => {
    const org = await payableOrg()
    const ran = await post(org, newPage.action as Handler, '/dashboard/settlements/new', { intent: 'run', periodStart: '2026-12-01', periodEnd: '2026-12-07' })
    expect(ran.status).toBe(302)
    expect(ran.toast?.title).toBe('Drafts made: 1.')
  })

  it('a driver gets 404 for another driver’s settlement, and may not open the new page', async () => {
    const org = await payableOrg()
    const created = await post(org, newPage.action as Handler, '/dashboard/settlements/new', {
      intent: 'create',
      driverId: org.users.driver.id,
      periodStart: '2026-12-01',
      periodEnd: '2026-12-07',
    })
    const id = created.location!.split('/').at(-1)!
    const other = await prisma.user.create({
      data: {
        organizationId: org.organization.id,
        email: `other.${id}@example.test`,
        passwordHash: 'x',
        firstName: 'Other',
        lastName: 'Driver',
        role: 'driver',
      },
    })
    expect((await callPage(view.loader as Handler, `/dashboard/settlements/${id}`, other.id, { id })).status).toBe(404)
    expect((await callPage(newPage.loader as Handler, '/dashboard/settlements/new', org.users.driver.id)).status).not.toBe(200)
  })

  it('the user editor saves a driver’s recurring deductions from its spare rows', async () => {
    const org = await payableOrg()
    const id = org.users.driver.id
    const user = await prisma.user.findUniqueOrThrow({ where: { id } })
    const saved = await callPage(
      userEditor.action as Handler,
      `/dashboard/user/${id}/edit`,
      org.users.admin.id,
      { id },
      postForm({
        intent: 'save',
        version: String(user.version),
        firstName: 'driver',
        lastName: 'Tester',
        role: 'driver',
        status: 'active',
        'driverProfile.payMethod': 'per_mile',
        'driverProfile.payRate': '0.65',
        'driverProfile.emptyMileRateCents': '0.25',
        'driverProfile.language': 'fr',
        'driverProfile.recurringDeductions[0].description': 'ELD lease',
        'driverProfile.recurringDeductions[0].amountCents': '25',
        'driverProfile.recurringDeductions[1].description': '',
        'driverProfile.recurringDeductions[1].amountCents': '',
      }),
    )
    expect(saved.status, JSON.stringify(saved.data)).toBe(302)
    expect(await prisma.driverProfile.findUniqueOrThrow({ where: { userId: id } })).toMatchObject({
      payMethod: 'per_mile',
      payRate: 65,
      emptyMileRateCents: 25,
      language: 'fr',
      recurringDeductions: [{ description: 'ELD lease', amountCents: 2_500 }],
    })
  })
})
