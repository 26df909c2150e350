/** The invoice pages: roles checked on the server, tab sums, and every action a form posts (refusals on the page, nothing written). */
import { describe, expect, it } from 'vitest'

import { createInvoice } from '~/models/invoices/invoice.server'
import * as invoiceEdit from '~/routes/dashboard/invoices/edit'
import * as invoiceList from '~/routes/dashboard/invoices/list'
import * as invoiceNew from '~/routes/dashboard/invoices/new'
import * as invoiceView from '~/routes/dashboard/invoices/view'
import { InvoiceSchema } from '~/schemas/invoice'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, unique } from '../helpers'
import { callPage as call, type Handler, postForm, refusalOf } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function draft(org: Org, unitPriceCents = 125_000) {
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker'), billingEmail: 'ap@broker.test' } })
  return createInvoice(actorOf(org), InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'Detention', unitPriceCents }] }))
}

const view = (org: Org, role: keyof Org['users'], id: string) => call(invoiceView.loader as Handler, `/dashboard/invoice/${id}`, org.users[role].id, { id })
const post = (org: Org, id: string, fields: Record<string, string>, role: keyof Org['users'] = 'accountant') =>
  call(invoiceView.action as Handler, `/dashboard/invoice/${id}`, org.users[role].id, { id }, postForm(fields))

describe('invoice pages', () => {
  it('open for roles that read invoices, with actions only for those that may change them; drivers get 403', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    expect((await view(org, 'accountant', invoice.id)).data).toMatchObject({ can: { send: true, pay: false, void: true, delete: true } })
    expect((await view(org, 'dispatcher', invoice.id)).data).toMatchObject({ can: { send: false, pay: false, void: false, delete: false } })
    expect((await view(org, 'driver', invoice.id)).status).toBe(403)
    expect((await call(invoiceList.loader as Handler, '/dashboard/invoice/list', org.users.driver.id)).status).toBe(403)
    const other = await createOrg()
    expect((await view(other, 'admin', invoice.id)).status).toBe(404)
    expect((await post(other, invoice.id, { intent: 'send', version: String(invoice.version) }, 'admin')).status).toBe(404)
    expect((await post(org, invoice.id, { intent: 'send', version: String(invoice.version) }, 'dispatcher')).status).toBe(403)
  })

  it('lists with a count and a sum per tab, overdue derived', async () => {
    const org = await createOrg()
    await draft(org, 10_000)
    await draft(org, 5_000)
    const page = await call(invoiceList.loader as Handler, '/dashboard/invoice/list?status=draft', org.users.viewer.id)
    expect(page.data).toMatchObject({ total: 2, tabs: { draft: { count: 2, totalCents: 15_000 }, overdue: { count: 0 } } })
  })

  it('sends, records payments (typed in dollars), refuses more than the balance on the page, removes one, voids after confirming, and deletes a draft', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    const version = async () => String((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).version)
    const sent = await post(org, invoice.id, { intent: 'send', version: await version() })
    expect([sent.status, sent.location]).toEqual([302, `/dashboard/invoice/${invoice.id}`])
    const bad = await post(org, invoice.id, { intent: 'pay', amount: '12.345', paidAt: '2026-11-20', version: await version() })
    expect(bad.status).toBe(400)
    expect(refusalOf(bad)?.fields.amount).toHaveLength(1)
    const over = await post(org, invoice.id, { intent: 'pay', amount: '1,250.01', paidAt: '2026-11-20', version: await version() })
    expect([over.status, refusalOf(over)?.fields.amount]).toEqual([400, ['A payment can be at most the balance.']])
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(0)
    expect((await post(org, invoice.id, { intent: 'pay', amount: '$1,000.50', paidAt: '2026-11-20', method: 'check', version: await version() })).status).toBe(
      302,
    )
    const paid = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: { payments: true } })
    expect([paid.status, paid.amountPaidCents]).toEqual(['partially_paid', 100_050])
    const blocked = await post(org, invoice.id, { intent: 'void', version: await version() })
    expect([blocked.status, refusalOf(blocked)?.message]).toEqual([409, 'Remove its payments before voiding this invoice.'])
    await post(org, invoice.id, { intent: 'removePayment', paymentId: paid.payments[0].id, version: await version() })
    const confirm = await call(invoiceView.loader as Handler, `/dashboard/invoice/${invoice.id}?confirm=void`, org.users.accountant.id, { id: invoice.id })
    expect(confirm.data).toMatchObject({ confirmVoid: true })
    expect((await post(org, invoice.id, { intent: 'void', version: await version() })).status).toBe(302)
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('void')
    const stale = await post(org, invoice.id, { intent: 'void', version: '1' })
    expect(refusalOf(stale)?.conflict).toBe(true)

    const other = await draft(org)
    const deleted = await post(org, other.id, { intent: 'delete', version: String(other.version) }, 'admin')
    expect([deleted.status, deleted.location]).toEqual([302, '/dashboard/invoice/list'])
    expect(await prisma.invoice.count({ where: { id: other.id } })).toBe(0)
  })
})

describe('the new invoice page', () => {
  it('lists the broker’s delivered loads, adds lines without JavaScript, refuses bad input at its field, and creates a draft from loads and lines', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const broker = await prisma.broker.create({ data: { organizationId, name: unique('Broker'), paymentTerms: 'net_15' } })
    const load = await prisma.load.create({
      data: {
        organizationId,
        brokerId: broker.id,
        loadNumber: 'L-000777',
        status: 'delivered',
        linehaulCents: 180_000,
        totalCents: 180_000,
        pickupCity: 'Dallas',
        deliveryCity: 'Tulsa',
      },
    })
    await prisma.load.create({ data: { organizationId, brokerId: broker.id, loadNumber: 'L-000778', status: 'booked' } })
    const page = await call(invoiceNew.loader as Handler, `/dashboard/invoice/new?brokerId=${broker.id}`, org.users.accountant.id)
    expect((page.data?.loads as Array<{ loadNumber: string }>).map((row) => row.loadNumber)).toEqual(['L-000777'])
    expect((await call(invoiceNew.loader as Handler, '/dashboard/invoice/new', org.users.dispatcher.id)).status).toBe(403)

    const post = (fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams()
      for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
      return call(invoiceNew.action as Handler, '/dashboard/invoice/new', org.users.accountant.id, {}, postForm(body))
    }
    const line = { 'items[0].title': 'Lumper', 'items[0].description': '', 'items[0].quantity': '1', 'items[0].unitPrice': '85.50' }
    const added = await post({ brokerId: broker.id, intent: 'addLine', ...line })
    expect((added.data?.result as { initialValue: { lines: unknown[] } }).initialValue.lines).toHaveLength(2)
    const nul = await post({ brokerId: broker.id, intent: 'create', ...line, 'items[0].title': 'Lum\u0000per' })
    expect([nul.status, Object.keys(refusalOf(nul)!.fields)]).toEqual([400, ['items[0].title']])
    const foreign = await post({
      brokerId: (await createOrg().then((other) => prisma.broker.create({ data: { organizationId: other.organization.id, name: unique('B') } }))).id,
      intent: 'create',
      ...line,
    })
    expect([foreign.status, Object.keys(refusalOf(foreign)!.fields)]).toEqual([400, ['brokerId']])
    const bad = await post({ brokerId: broker.id, intent: 'create', ...line, 'items[0].unitPrice': '85.5.0', discount: 'lots' })
    expect(bad.status).toBe(400)
    expect(Object.keys(refusalOf(bad)!.fields).sort()).toEqual(['discount', 'items[0].unitPrice'])
    expect(await prisma.invoice.count({ where: { organizationId } })).toBe(0)

    const created = await post({ brokerId: broker.id, intent: 'create', loadIds: [load.id], ...line, issueDate: '2026-11-02' })
    expect(created.status).toBe(302)
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { organizationId }, include: { items: { orderBy: { sequence: 'asc' } } } })
    expect(created.location).toBe(`/dashboard/invoice/${invoice.id}`)
    expect([invoice.totalCents, invoice.dueDate.toISOString().slice(0, 10), invoice.items.map((item) => item.title)]).toEqual([
      188_550,
      '2026-11-17',
      ['Load L-000777 linehaul', 'Lumper'],
    ])
    const again = await post({ brokerId: broker.id, intent: 'create', loadIds: [load.id] })
    expect([again.status, refusalOf(again)?.message]).toEqual([409, 'Load L-000777 is already on another invoice. Void that invoice first.'])
  })
})

describe('the edit page', () => {
  const edit = (org: Org, id: string, fields?: Record<string, string>, role: keyof Org['users'] = 'accountant') =>
    fields
      ? call(invoiceEdit.action as Handler, `/dashboard/invoice/${id}/edit`, org.users[role].id, { id }, postForm(fields))
      : call(invoiceEdit.loader as Handler, `/dashboard/invoice/${id}/edit`, org.users[role].id, { id })

  it('fills the draft’s form, saves a change with its version, refuses a stale one and bad input, and explains why a sent invoice is not edited', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    const page = await edit(org, invoice.id)
    expect(page.data).toMatchObject({
      locked: false,
      invoice: { version: invoice.version },
      values: { issueDate: '2026-11-02', lines: [{ title: 'Detention', quantity: '1', unitPrice: '1250' }], discount: '', loadIds: [] },
    })
    expect((await edit(org, invoice.id, undefined, 'dispatcher')).status).toBe(403)
    const form = (version: number, fields: Record<string, string> = {}) => ({
      brokerId: invoice.brokerId,
      version: String(version),
      issueDate: '2026-11-02',
      'items[0].title': 'Detention',
      'items[0].quantity': '2',
      'items[0].unitPrice': '1,250.00',
      tax: '10',
      ...fields,
    })
    const bad = await edit(org, invoice.id, form(invoice.version, { 'items[0].quantity': '-1' }))
    expect([bad.status, Object.keys(refusalOf(bad)!.fields)]).toEqual([400, ['items[0].quantity']])
    const saved = await edit(org, invoice.id, form(invoice.version))
    expect([saved.status, saved.location]).toEqual([302, `/dashboard/invoice/${invoice.id}`])
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ totalCents: 251_000, version: invoice.version + 1 })
    const stale = await edit(org, invoice.id, form(invoice.version, { tax: '99' }))
    expect([stale.status, refusalOf(stale)?.conflict]).toEqual([409, true])
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).totalCents).toBe(251_000)

    await post(org, invoice.id, { intent: 'send', version: String(invoice.version + 1) })
    expect((await edit(org, invoice.id)).data).toMatchObject({ locked: true, canVoid: true, invoice: { status: 'sent' } })
    const refused = await edit(org, invoice.id, form(invoice.version + 2))
    expect([refused.status, refusalOf(refused)?.message]).toEqual([409, 'A sent invoice cannot be changed. Void it and bill again.'])
  })

  it('emails a sent invoice again from its page', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    await post(org, invoice.id, { intent: 'send', version: String(invoice.version) })
    const sent = await view(org, 'accountant', invoice.id)
    expect(sent.data).toMatchObject({ can: { email: true, edit: false }, invoice: { email: { status: 'queued', to: 'ap@broker.test' } } })
    const again = await post(org, invoice.id, { intent: 'email', version: String(invoice.version + 1) })
    expect([again.status, again.location]).toEqual([302, `/dashboard/invoice/${invoice.id}`])
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).version).toBe(invoice.version + 2)
  })

  it('assigns an invoice to the factor and takes it back from its page, for those who run factoring, once there is an agreement (ADR 094)', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    const version = async () => String((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).version)
    type Page = { assignment: { assign: boolean; unassign: boolean }; remit: { lines: string[] | null; notice: string | null } }
    const page = async (role: keyof Org['users'] = 'accountant') => (await view(org, role, invoice.id)).data as Page
    // No agreement: nothing to offer.
    expect((await page()).assignment).toEqual({ assign: false, unassign: false })
    const factor = await prisma.company.create({
      data: { organizationId: org.organization.id, name: 'Prime Factor', kind: 'factor', city: 'Dallas', state: 'TX' },
    })
    await prisma.factoringAgreement.create({
      data: { organizationId: org.organization.id, factorCompanyId: factor.id, advanceBasisPoints: 9_000, feeBasisPoints: 250 },
    })
    expect((await page()).assignment).toEqual({ assign: true, unassign: false })
    // Dispatchers edit invoices but do not run factoring: not offered, and refused.
    expect((await page('dispatcher')).assignment).toEqual({ assign: false, unassign: false })
    expect((await post(org, invoice.id, { intent: 'assign', version: await version() }, 'dispatcher')).status).toBe(403)

    const assigned = await post(org, invoice.id, { intent: 'assign', version: await version() })
    expect([assigned.status, assigned.toast?.title]).toEqual([302, `Invoice ${invoice.invoiceNumber} assigned to the factor`])
    expect(await page()).toMatchObject({
      assignment: { assign: false, unassign: true },
      remit: { lines: ['Prime Factor', 'Dallas, TX'], notice: expect.stringContaining('assigned to Prime Factor') },
    })
    const stale = await post(org, invoice.id, { intent: 'unassign', version: '1' })
    expect(refusalOf(stale)?.conflict).toBe(true)
    expect((await post(org, invoice.id, { intent: 'unassign', version: await version() })).status).toBe(302)
    expect(await page()).toMatchObject({ assignment: { assign: true, unassign: false }, remit: { lines: null, notice: null } })
  })
})
