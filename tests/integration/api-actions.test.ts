/**
 * The JSON API's actions as the contract says ("Rules for every endpoint"): no body and no
 * Content-Type is fine, `version` is optional (checked when sent; else the record's state
 * decides), and appending a payment never needs the invoice's version.
 */
import { describe, expect, it } from 'vitest'

import { createInvoice } from '~/models/invoices/invoice.server'
import * as login from '~/routes/api/account/login'
import * as email from '~/routes/api/invoices/email'
import * as payments from '~/routes/api/invoices/payments'
import * as send from '~/routes/api/invoices/send'
import * as voidRoute from '~/routes/api/invoices/void'
import * as status from '~/routes/api/loads/status'
import * as trucks from '~/routes/api/trucks/collection'
import { InvoiceSchema } from '~/schemas/invoice'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { actorOf, callApi, createOrg, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function draftInvoice(org: Org) {
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
  const load = await prisma.load.create({
    data: {
      organizationId: org.organization.id,
      brokerId: broker.id,
      loadNumber: unique('L'),
      status: 'delivered',
      linehaulCents: 150_000,
      totalCents: 150_000,
    },
  })
  return createInvoice(actorOf(org, 'accountant'), InvoiceSchema.parse({ brokerId: broker.id, loadIds: [load.id], issueDate: '2026-11-02' }))
}

/** POST to an action with no body and no Content-Type. */
function post(module: Parameters<typeof callApi>[0], path: string, params: Record<string, string>, token: string) {
  return callApi(module, { method: 'POST', path, params, token })
}

describe('API actions', () => {
  it('send, email and void an invoice with no body and no Content-Type', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const invoice = await draftInvoice(org)
    const path = `/api/invoice/${invoice.id}`
    const sent = await post(send, `${path}/send`, { id: invoice.id }, token)
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.data.status).toBe('sent')
    expect((await post(email, `${path}/email`, { id: invoice.id }, token)).status).toBe(200)
    // The state still decides: a sent invoice is not sent again.
    expect((await post(send, `${path}/send`, { id: invoice.id }, token)).status).toBe(409)
    const voided = await post(voidRoute, `${path}/void`, { id: invoice.id }, token)
    expect(voided.status, JSON.stringify(voided.body)).toBe(200)
    expect(voided.body.data.status).toBe('void')
  })

  it('still checks a version that is sent: a stale one is 409 conflict', async () => {
    const org = await createOrg()
    const invoice = await draftInvoice(org)
    const stale = await callApi(send, {
      method: 'POST',
      path: `/api/invoice/${invoice.id}/send`,
      params: { id: invoice.id },
      token: org.users.accountant.token,
      body: { version: invoice.version + 5 },
    })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('conflict')
  })

  it("records a payment without the invoice's version", async () => {
    const org = await createOrg()
    const invoice = await draftInvoice(org)
    const token = org.users.accountant.token
    expect((await post(send, `/api/invoice/${invoice.id}/send`, { id: invoice.id }, token)).status).toBe(200)
    const paid = await callApi(payments, {
      method: 'POST',
      path: `/api/invoice/${invoice.id}/payments`,
      params: { id: invoice.id },
      token,
      body: { amountCents: 50_000, paidAt: '2026-11-20', method: 'ach' },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(paid.body.data.status).toBe('partially_paid')
  })

  it('moves a load without its version, judged by the status machine', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
    const load = await prisma.load.create({ data: { organizationId: org.organization.id, brokerId: broker.id, loadNumber: unique('L'), status: 'draft' } })
    const move = (to: string) =>
      callApi(status, {
        method: 'POST',
        path: `/api/loads/${load.id}/status`,
        params: { id: load.id },
        token: org.users.dispatcher.token,
        body: { status: to },
      })
    const booked = await move('booked')
    expect(booked.status, JSON.stringify(booked.body)).toBe(200)
    expect(booked.body.data.status).toBe('booked')
    expect((await move('delivered')).body.error.code).toBe('invalid_transition')
  })

  it('answers an empty body with 400 naming the required fields, never 415, on every endpoint that reads a body', async () => {
    const org = await createOrg()
    const invoice = await draftInvoice(org)
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
    const load = await prisma.load.create({ data: { organizationId: org.organization.id, brokerId: broker.id, loadNumber: unique('L'), status: 'draft' } })
    const endpoints = [
      {
        module: payments,
        path: `/api/invoice/${invoice.id}/payments`,
        params: { id: invoice.id },
        token: org.users.accountant.token,
        fields: ['amountCents', 'paidAt'],
      },
      { module: status, path: `/api/loads/${load.id}/status`, params: { id: load.id }, token: org.users.dispatcher.token, fields: ['status'] },
      { module: trucks, path: '/api/trucks', params: {}, token: org.users.admin.token, fields: ['unitNumber'] },
      { module: login, path: '/api/account/login', params: {}, token: undefined, fields: ['email', 'password'] },
    ]
    // No body and no Content-Type; an empty JSON body; whitespace sent as text/plain.
    const empties: [string | null, string | undefined][] = [
      [null, undefined],
      ['application/json', ''],
      ['text/plain', '  \n'],
    ]
    for (const { module, path, params, token, fields } of endpoints) {
      for (const [type, body] of empties) {
        const headers = new Headers({ [CLIENT_IP_HEADER]: '198.51.100.1' })
        if (token) headers.set('Authorization', `Bearer ${token}`)
        if (type) headers.set('Content-Type', type)
        const request = new Request(`http://localhost${path}`, { method: 'POST', headers, body })
        const answer = await module.action({ request, params, context: {} } as never)
        const json = await answer.json()
        expect(answer.status, `${path} ${type}: ${JSON.stringify(json)}`).toBe(400)
        expect(json.error.code).toBe('validation_failed')
        expect(Object.keys(json.error.fields)).toEqual(expect.arrayContaining(fields))
      }
    }
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(0)
  })
})
