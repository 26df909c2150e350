import { describe, expect, it } from 'vitest'

import * as assignment from '~/routes/api/invoices/assignment'
import * as collection from '~/routes/api/invoices/collection'
import * as emailing from '~/routes/api/invoices/email'
import * as item from '~/routes/api/invoices/item'
import * as payment from '~/routes/api/invoices/payment'
import * as payments from '~/routes/api/invoices/payments'
import * as pdf from '~/routes/api/invoices/pdf'
import * as send from '~/routes/api/invoices/send'
import * as voiding from '~/routes/api/invoices/void'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { callApi, describeResourceContract } from '../contract-kit'
import { createOrg, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>
const brokers = new Map<string, string>()

/** One broker per organization, made on first use. */
async function brokerOf(org: Org) {
  let id = brokers.get(org.organization.id)
  if (!id) {
    id = (await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker'), paymentTerms: 'net_30' } })).id
    brokers.set(org.organization.id, id)
  }
  return id
}

const items = [{ title: 'Detention, 3 hours', quantity: 3, unitPriceCents: 7_500 }]

describeResourceContract({
  path: '/api/invoice',
  entity: 'invoice',
  collection,
  item,
  validBody: async (org) => ({ brokerId: await brokerOf(org), items, notes: 'Net 30' }),
  change: { field: 'notes', value: 'Changed by the contract suite' },
  invalidBodies: () => [
    { body: { items }, field: 'brokerId' },
    { body: { brokerId: 'c'.repeat(25), items }, field: 'brokerId' },
    { body: { brokerId: 'x' }, field: 'items' },
    { body: { brokerId: 'x', items: [{ ...items[0], title: '' }] }, field: 'items.0.title' },
    { body: { brokerId: 'x', items: [{ ...items[0], quantity: -1 }] }, field: 'items.0.quantity' },
    { body: { brokerId: 'x', items: [{ ...items[0], quantity: 1.2345 }] }, field: 'items.0.quantity' },
    { body: { brokerId: 'x', items: [{ ...items[0], unitPriceCents: 1.5 }] }, field: 'items.0.unitPriceCents' },
    { body: { brokerId: 'x', items, issueDate: '2026-11-10', dueDate: '2026-11-01' }, field: 'dueDate' },
    { body: { brokerId: 'x', items, issueDate: '2026-02-30' }, field: 'issueDate' },
    { body: { brokerId: 'x', items, loadIds: ['a', 'a'] }, field: 'loadIds' },
    { body: { brokerId: 'x', items, discountCents: -1 }, field: 'discountCents' },
    { body: { brokerId: 'x', items, notes: 'a\u0000b' }, field: 'notes' },
  ],
  count: (organizationId) => prisma.invoice.count({ where: { organizationId } }),
})

describe('/api/invoice beyond the five calls', () => {
  async function delivered(org: Org) {
    return prisma.load.create({
      data: {
        organizationId: org.organization.id,
        brokerId: await brokerOf(org),
        loadNumber: unique('L'),
        status: 'delivered',
        linehaulCents: 200_000,
        totalCents: 200_000,
      },
    })
  }

  it('bills delivered loads, sends, takes payments up to the balance, and refuses to void or delete what has been paid', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const load = await delivered(org)
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/invoice',
      token,
      body: { brokerId: await brokerOf(org), loadIds: [load.id], issueDate: '2026-11-01' },
    })
    expect(created.status).toBe(201)
    const invoice = created.body.data
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV-000001',
      status: 'draft',
      dueDate: '2026-12-01',
      totalCents: 200_000,
      balanceCents: 200_000,
      overdue: false,
      loadIds: [load.id],
    })
    const id = invoice.id as string
    const again = await callApi(collection, { method: 'POST', path: '/api/invoice', token, body: { brokerId: await brokerOf(org), loadIds: [load.id] } })
    expect([again.status, again.body.error.code]).toEqual([409, 'in_use'])

    const post = (module: Parameters<typeof callApi>[0], action: string, body: unknown, as = token) =>
      callApi(module, { method: 'POST', path: `/api/invoice/${id}/${action}`, params: { id }, token: as, body })
    expect((await post(payments, 'payments', { amountCents: 100, paidAt: '2026-11-05', version: invoice.version })).body.error.code).toBe('invalid_transition')
    expect((await post(send, 'send', { version: invoice.version }, org.users.dispatcher.token)).status).toBe(403)
    const sent = await post(send, 'send', { version: invoice.version })
    expect(sent.body.data).toMatchObject({ status: 'sent', sentAt: expect.any(String) })
    const over = await post(payments, 'payments', { amountCents: 200_001, paidAt: '2026-11-05', version: sent.body.data.version })
    expect([over.status, over.body.error.fields]).toEqual([400, { amountCents: ['A payment can be at most the balance.'] }])
    const paid = await post(payments, 'payments', {
      amountCents: 50_000,
      paidAt: '2026-11-05',
      method: 'check',
      reference: '10442',
      version: sent.body.data.version,
    })
    expect(paid.status).toBe(201)
    expect(paid.body.data).toMatchObject({
      status: 'partially_paid',
      amountPaidCents: 50_000,
      balanceCents: 150_000,
      payments: [{ amountCents: 50_000, method: 'check', reference: '10442' }],
    })
    const refusedVoid = await post(voiding, 'void', { version: paid.body.data.version })
    expect([refusedVoid.status, refusedVoid.body.error]).toEqual([409, { code: 'in_use', message: 'Remove its payments before voiding this invoice.' }])
    const kept = await callApi(item, { method: 'DELETE', path: `/api/invoice/${id}`, params: { id }, token })
    expect([kept.status, kept.body.error.code]).toEqual([409, 'in_use'])

    const paymentId = paid.body.data.payments[0].id as string
    const removed = await callApi(payment, {
      method: 'DELETE',
      path: `/api/invoice/${id}/payments/${paymentId}?version=${paid.body.data.version}`,
      params: { id, paymentId },
      token,
    })
    expect(removed.body.data).toMatchObject({ status: 'sent', amountPaidCents: 0 })
    const voided = await post(voiding, 'void', { version: removed.body.data.version })
    expect(voided.body.data).toMatchObject({ status: 'void', voidedAt: expect.any(String) })
    expect((await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).status).toBe('delivered')
    expect((await callApi(send, { path: `/api/invoice/${id}/send`, params: { id }, token })).status).toBe(405)
  })

  it('shows invoices to dispatchers and viewers read-only, and not at all to drivers; another organization’s is 404', async () => {
    const org = await createOrg()
    const created = (
      await callApi(collection, { method: 'POST', path: '/api/invoice', token: org.users.admin.token, body: { brokerId: await brokerOf(org), items } })
    ).body.data
    for (const role of ['dispatcher', 'viewer'] as const) {
      const list = await callApi(collection, { path: '/api/invoice?status=draft', token: org.users[role].token })
      expect(list.body.data.map((row: { id: string }) => row.id)).toEqual([created.id])
    }
    expect((await callApi(collection, { path: '/api/invoice', token: org.users.driver.token })).status).toBe(403)
    const other = await createOrg()
    for (const [module, action] of [
      [send, 'send'],
      [voiding, 'void'],
    ] as const) {
      const answer = await callApi(module, {
        method: 'POST',
        path: `/api/invoice/${created.id}/${action}`,
        params: { id: created.id },
        token: other.users.admin.token,
        body: { version: created.version },
      })
      expect(answer.status).toBe(404)
    }
  })

  it('downloads the PDF and queues the email again; a draft is not emailed; another organization’s is 404', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const created = (await callApi(collection, { method: 'POST', path: '/api/invoice', token, body: { brokerId: await brokerOf(org), items } })).body.data
    const id = created.id as string
    const download = async (as: string) => {
      const headers = new Headers({ Authorization: `Bearer ${as}`, [CLIENT_IP_HEADER]: '198.51.100.1' })
      return pdf.loader({ request: new Request(`http://localhost/api/invoice/${id}/pdf`, { headers }), params: { id }, context: {} } as never)
    }
    const file = await download(org.users.viewer.token)
    expect([file.status, file.headers.get('Content-Type'), file.headers.get('Content-Disposition')]).toEqual([
      200,
      'application/pdf',
      `attachment; filename="${created.invoiceNumber}.pdf"; filename*=UTF-8''${created.invoiceNumber}.pdf`,
    ])
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    expect((await download(org.users.driver.token)).status).toBe(403)
    const anonymous = await pdf.loader({ request: new Request(`http://localhost/api/invoice/${id}/pdf`), params: { id }, context: {} } as never)
    expect([anonymous.status, (await anonymous.json()).error.code]).toEqual([401, 'unauthorized'])
    const other = await createOrg()
    const foreign = await download(other.users.admin.token)
    expect([foreign.status, (await foreign.json()).error.code]).toEqual([404, 'not_found'])

    const email = (version: number, as = token) =>
      callApi(emailing, { method: 'POST', path: `/api/invoice/${id}/email`, params: { id }, token: as, body: { version } })
    expect((await email(created.version)).body.error.code).toBe('invalid_transition')
    const sent = (await callApi(send, { method: 'POST', path: `/api/invoice/${id}/send`, params: { id }, token, body: { version: created.version } })).body.data
    // This broker has no email: sent, and the answer says it was not emailed.
    expect(sent.email).toEqual({ status: 'no_address', to: null, sentAt: null, attempts: 0, error: null })
    await prisma.broker.update({ where: { id: await brokerOf(org) }, data: { billingEmail: 'ap@broker.test' } })
    expect((await email(sent.version, org.users.dispatcher.token)).status).toBe(403)
    expect((await callApi(emailing, { method: 'POST', path: `/api/invoice/${id}/email`, params: { id }, body: { version: sent.version } })).status).toBe(401)
    expect((await email(sent.version, other.users.admin.token)).status).toBe(404)
    const again = await email(sent.version)
    expect([again.status, again.body.data.email]).toEqual([200, { status: 'queued', to: 'ap@broker.test', sentAt: null, attempts: 0, error: null }])
    expect((await email(sent.version)).body.error.code).toBe('conflict')
    expect((await callApi(emailing, { path: `/api/invoice/${id}/email`, params: { id }, token })).status).toBe(405)
  })

  it('POST /api/invoice/{id}/assignment assigns to the factor and takes back (ADR 094): 200 with remitTo and factorAssignment, 400, 401, 403, 404, 405, 409', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const created = (await callApi(collection, { method: 'POST', path: '/api/invoice', token, body: { brokerId: await brokerOf(org), items } })).body.data
    const id = created.id
    const assign = (body: unknown, as: string | null = token) =>
      callApi(assignment, { method: 'POST', path: `/api/invoice/${id}/assignment`, params: { id }, token: as ?? undefined, body })
    // A draft shows what sending would print (here nothing: no bank details), and is no one's yet.
    expect(created).toMatchObject({ remitTo: null, factorAssignment: null })
    expect([(await assign({ assigned: true })).status, (await assign({ assigned: true })).body.error.code]).toEqual([409, 'invalid_transition'])

    const factor = await prisma.company.create({
      data: { organizationId: org.organization.id, name: 'Prime Factor', kind: 'factor', city: 'Dallas', state: 'TX' },
    })
    await prisma.factoringAgreement.create({
      data: { organizationId: org.organization.id, factorCompanyId: factor.id, advanceBasisPoints: 9_000, feeBasisPoints: 250 },
    })
    const bad = await assign({ assigned: 'yes' })
    expect([bad.status, bad.body.error.code, Object.keys(bad.body.error.fields)]).toEqual([400, 'validation_failed', ['assigned']])
    expect((await assign({})).body.error.fields).toHaveProperty('assigned')
    expect((await assign({ assigned: true }, org.users.dispatcher.token)).status).toBe(403)
    expect((await assign({ assigned: true }, null)).status).toBe(401)
    const other = await createOrg()
    expect((await assign({ assigned: true }, other.users.accountant.token)).status).toBe(404)
    expect((await assign({ assigned: true, version: 7 })).body.error.code).toBe('conflict')

    const assigned = await assign({ assigned: true, version: created.version })
    expect([assigned.status, assigned.body.data.remitTo, assigned.body.data.factorAssignment]).toEqual([
      200,
      { name: 'Prime Factor', address: 'Dallas, TX', bank: null },
      { factor: 'Prime Factor', by: 'carrier', scheduleNumber: null, at: expect.any(String) },
    ])
    expect((await callApi(item, { path: `/api/invoice/${id}`, params: { id }, token: org.users.viewer.token })).body.data.factorAssignment).toMatchObject({
      by: 'carrier',
    })
    const back = await assign({ assigned: false })
    expect([back.status, back.body.data.remitTo, back.body.data.factorAssignment]).toEqual([200, null, null])
    expect((await callApi(assignment, { path: `/api/invoice/${id}/assignment`, params: { id }, token })).status).toBe(405)
  })
})
