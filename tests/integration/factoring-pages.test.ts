/** The factoring pages as a browser without JavaScript uses them: plain form posts, refusals at their fields, the report's refused rows named, roles. */
import { describe, expect, it } from 'vitest'

import * as agreementPage from '~/routes/dashboard/factoring/agreement'
import * as csvRoute from '~/routes/dashboard/factoring/csv'
import * as fees from '~/routes/dashboard/factoring/fees'
import * as index from '~/routes/dashboard/factoring/index'
import * as newPage from '~/routes/dashboard/factoring/new'
import * as notice from '~/routes/dashboard/factoring/notice'
import * as pdfRoute from '~/routes/dashboard/factoring/pdf'
import * as view from '~/routes/dashboard/factoring/view'
import { prisma } from '~/utils/db.server'

import { createOrg, type Org, unique } from '../helpers'
import { browserRequest, callPage, type Handler, postForm, refusalOf } from '../page-helpers'

const post = (
  org: Org,
  handler: Handler,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
  role: keyof Org['users'] = 'accountant',
) => callPage(handler, path, org.users[role].id, params, postForm(fields))

async function sentInvoice(org: Org, brokerId: string, totalCents: number) {
  return prisma.invoice.create({
    data: {
      organizationId: org.organization.id,
      brokerId,
      invoiceNumber: unique('INV'),
      status: 'sent',
      issueDate: new Date('2026-11-01'),
      dueDate: new Date('2026-12-01'),
      subtotalCents: totalCents,
      totalCents,
      items: { create: [{ sequence: 1, title: 'Linehaul', unitPriceCents: totalCents, totalCents }] },
    },
  })
}

describe('factoring pages', () => {
  it('sets the agreement, builds a schedule from ticked invoices, imports a report naming its bad rows, records the purchase and a release', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const factor = await prisma.company.create({ data: { organizationId, name: unique('Factor'), kind: 'factor', email: 'desk@factor.test' } })
    const broker = await prisma.broker.create({ data: { organizationId, name: unique('Broker') } })
    const [a, b] = [await sentInvoice(org, broker.id, 100_000), await sentInvoice(org, broker.id, 20_000)]

    // No agreement: the new page says so and offers nothing to tick.
    expect(
      ((await callPage(newPage.loader as Handler, '/dashboard/factoring/new', org.users.accountant.id)).data as { agreement: unknown }).agreement,
    ).toBeNull()
    const over = await post(org, agreementPage.action as Handler, '/dashboard/factoring/agreement', {
      intent: 'save',
      factorCompanyId: factor.id,
      advancePercent: '98',
      feePercent: '3',
    })
    expect(over.status).toBe(400)
    expect(refusalOf(over)?.fields.feePercent).toEqual(['Advance and fee together cannot exceed 100 %.'])
    const saved = await post(org, agreementPage.action as Handler, '/dashboard/factoring/agreement', {
      intent: 'save',
      factorCompanyId: factor.id,
      advancePercent: '90',
      feePercent: '2.5',
      factorEmail: '',
    })
    expect([saved.status, saved.location]).toEqual([302, '/dashboard/factoring'])
    const stale = await post(org, agreementPage.action as Handler, '/dashboard/factoring/agreement', {
      intent: 'save',
      factorCompanyId: factor.id,
      advancePercent: '85',
      feePercent: '2.5',
      version: '0',
    })
    expect(refusalOf(stale)?.conflict).toBe(true)

    const none = await post(org, newPage.action as Handler, '/dashboard/factoring/new', { intent: 'create' })
    expect(refusalOf(none)?.fields.invoiceIds).toEqual(['Tick at least one invoice.'])
    const form = new URLSearchParams([
      ['intent', 'create'],
      ['invoiceIds', a.id],
      ['invoiceIds', b.id],
    ])
    const created = await callPage(newPage.action as Handler, '/dashboard/factoring/new', org.users.accountant.id, {}, postForm(form))
    expect(created.status).toBe(302)
    const id = created.location!.split('/').at(-1)!
    const path = `/dashboard/factoring/${id}`
    const page = (await callPage(view.loader as Handler, path, org.users.accountant.id, { id })).data as {
      schedule: { totalCents: number; version: number }
      can: Record<string, boolean>
    }
    expect(page.schedule.totalCents).toBe(120_000)
    expect(page.can).toEqual({ send: true, purchase: true, release: false, void: true })
    // One invoice ticked alone arrives as a single value; it is on the schedule already.
    const again = await post(org, newPage.action as Handler, '/dashboard/factoring/new', { intent: 'create', invoiceIds: a.id })
    expect([again.status, refusalOf(again)?.message]).toEqual([409, expect.stringContaining(a.invoiceNumber)])

    const report = (csv: string) => {
      const body = new FormData()
      body.set('intent', 'import')
      body.set('purchasedAt', '2026-11-02')
      body.set('report', new File([csv], 'report.csv', { type: 'text/csv' }))
      return callPage(view.action as Handler, path, org.users.accountant.id, { id }, { method: 'POST', body })
    }
    const refused = await report(`invoice,advance,fee,reserve\n${a.invoiceNumber},900,25,75\n${b.invoiceNumber},180,5,10\nINV-X,1,1,1\n`)
    expect(refused.status).toBe(400)
    expect(refusalOf(refused)?.fields).toEqual({
      [`3 · ${b.invoiceNumber}`]: ['advance, fee and reserve do not add up to the invoice.'],
      '4 · INV-X': ['this invoice is not on the schedule.'],
    })
    expect(await prisma.payment.count({ where: { invoiceId: { in: [a.id, b.id] } } })).toBe(0)
    const imported = await report(`invoice,advance,fee,reserve\n${a.invoiceNumber},900,25,75\n${b.invoiceNumber},180,5,15\n`)
    expect([imported.status, imported.toast?.title]).toEqual([302, expect.stringContaining('Purchase of SCH-000001')])

    const purchased = await prisma.factoringSchedule.findUniqueOrThrow({ where: { id } })
    expect(purchased).toMatchObject({ status: 'purchased', reserveCents: 9_000n })
    const release = await post(
      org,
      view.action as Handler,
      path,
      { intent: 'release', version: String(purchased.version), releasedAt: '2026-11-20', amount: '60.50' },
      { id },
    )
    expect(release.status).toBe(302)
    expect((await prisma.factoringSchedule.findUniqueOrThrow({ where: { id } })).reserveReleasedCents).toBe(6_050n)

    const pdf = await callPage(pdfRoute.loader as Handler, `${path}/pdf`, org.users.viewer.id, { id })
    expect([pdf.status, pdf.headers?.get('Content-Type')]).toEqual([200, 'application/pdf'])
    const csv = await callPage(csvRoute.loader as Handler, `${path}/csv`, org.users.viewer.id, { id })
    expect(csv.headers?.get('Content-Type')).toContain('text/csv')
    // The monthly fees report: the page's section, and its CSV in dollars with two decimals (a file people read).
    const overview = (await callPage(index.loader as Handler, '/dashboard/factoring', org.users.viewer.id)).data as {
      fees: Array<{ month: string; feeCents: number }>
    }
    expect(overview.fees).toEqual([expect.objectContaining({ month: '2026-11', feeCents: 3_000, reserveReleasedCents: 6_050 })])
    const feesCsv = await fees.loader({ request: await browserRequest('/dashboard/factoring/fees', org.users.viewer.id), params: {}, context: {} } as never)
    const feesText = await feesCsv.text()
    expect(feesText).toContain('month,schedules,total,advance,fee,reserve,reserveReleased\r\n')
    expect(feesText).toContain('2026-11,1,1200.00,1080.00,30.00,90.00,60.50')
    const letter = await callPage(notice.loader as Handler, `/dashboard/factoring/notice?brokerId=${broker.id}`, org.users.viewer.id)
    expect([letter.status, letter.headers?.get('Content-Disposition')]).toEqual([200, expect.stringContaining('notice-of-assignment')])
    expect((await callPage(notice.loader as Handler, '/dashboard/factoring/notice?brokerId=nope', org.users.viewer.id)).status).toBe(404)
  })

  it('lets the viewer read without offering writes, refuses their posts, and keeps dispatchers and drivers out', async () => {
    const org = await createOrg()
    const list = await callPage(index.loader as Handler, '/dashboard/factoring', org.users.viewer.id)
    expect([list.status, (list.data as { canCreate: boolean }).canCreate]).toEqual([200, false])
    const read = await callPage(agreementPage.loader as Handler, '/dashboard/factoring/agreement', org.users.viewer.id)
    expect((read.data as { canEdit: boolean }).canEdit).toBe(false)
    expect((await post(org, agreementPage.action as Handler, '/dashboard/factoring/agreement', { intent: 'save' }, {}, 'viewer')).status).toBe(403)
    for (const role of ['dispatcher', 'driver'] as const)
      expect((await callPage(index.loader as Handler, '/dashboard/factoring', org.users[role].id)).status, role).toBe(403)
    expect((await callPage(newPage.loader as Handler, '/dashboard/factoring/new', org.users.viewer.id)).status).toBe(403)
  })

  it('offers factors only on the agreement page, says what one needs, and adds one on the spot, back to the agreement with it picked', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const path = '/dashboard/factoring/agreement'
    const read = async (url = path) =>
      (await callPage(agreementPage.loader as Handler, url, org.users.accountant.id)).data as { factors: Array<{ label: string }>; added: string | null }
    // "Your companies" hold the carrier's own fleets: none of them is offered as the factor.
    expect((await read()).factors).toEqual([])

    const nameless = await post(org, agreementPage.action as Handler, path, { intent: 'add-factor', name: '', email: 'nobody' })
    expect([nameless.status, refusalOf(nameless)?.fields]).toEqual([400, { name: ['This field is required.'], email: ['Enter a valid email address.'] }])
    const taken = await post(org, agreementPage.action as Handler, path, { intent: 'add-factor', name: org.company.name.toUpperCase() })
    expect(refusalOf(taken)?.fields.name).toEqual(['Another company already has this name.'])
    expect(await prisma.company.count({ where: { organizationId } })).toBe(1)

    // An accountant (who does not edit companies) adds the factor from here.
    const added = await post(org, agreementPage.action as Handler, path, {
      intent: 'add-factor',
      name: 'Prime Factor',
      email: 'desk@prime.test',
      addressLine1: 'PO Box 610028',
      city: 'Dallas',
      state: 'tx',
      postalCode: '75261',
    })
    const factor = await prisma.company.findFirstOrThrow({ where: { organizationId, name: 'Prime Factor' } })
    expect(factor).toMatchObject({ kind: 'factor', status: 'active', email: 'desk@prime.test', state: 'TX' })
    expect([added.status, added.location, added.toast?.title]).toEqual([
      302,
      `${path}?factor=${factor.id}`,
      'Factor Prime Factor added: choose it and save the agreement',
    ])
    const back = await read(added.location!)
    expect([back.factors.map((option) => option.label), back.added]).toEqual([['Prime Factor'], factor.id])
    // A made-up id picks nothing.
    expect((await read(`${path}?factor=${org.company.id}`)).added).toBeNull()
    expect((await post(org, agreementPage.action as Handler, path, { intent: 'add-factor', name: 'Viewer Factor' }, {}, 'viewer')).status).toBe(403)
  })
})
