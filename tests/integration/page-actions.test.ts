/**
 * The page-action protocol (app/requests/forms.server.ts, ADR 049): every page action answers
 * malformed input (no intent, an unknown one, a missing or malformed id or version, wrong-typed
 * fields) with a refusal in the request's language, never an error page, and writes nothing.
 */
import { describe, expect, it } from 'vitest'

import { createCalendarEvent } from '~/models/calendar.server'
import { createInvoice, recordPayment, sendInvoice } from '~/models/invoices/invoice.server'
import type { Refusal } from '~/requests/forms.server'
import * as calendarEvent from '~/routes/dashboard/calendar/event'
import * as invoiceEdit from '~/routes/dashboard/invoices/edit'
import * as invoiceView from '~/routes/dashboard/invoices/view'
import * as kanban from '~/routes/dashboard/kanban'
import * as myLoads from '~/routes/dashboard/loads/mine'
import * as loadView from '~/routes/dashboard/loads/view'
import * as account from '~/routes/dashboard/users/account'
import * as userEditor from '~/routes/dashboard/users/editor'
import { InvoiceSchema } from '~/schemas/invoice'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, fleet, newLoad, type Org, unique } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

const UNKNOWN = 'This page did not understand the request. Reload it and try again.'
const FAILED = 'Some fields need your attention.'

/** Posts a form to a page's action, as `role`, in `language`. */
function post(
  org: Org,
  module: { action: unknown },
  path: string,
  fields: Record<string, string>,
  role: keyof Org['users'],
  params: Record<string, string> = {},
  language = 'en',
) {
  const init = postForm(fields)
  init.headers = { ...(init.headers as Record<string, string>), Cookie: `i18nextLng=${language}` }
  return callPage(module.action as Handler, path, org.users[role].id, params, init)
}

async function sentInvoiceWithPayment(org: Org) {
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
  const draft = await createInvoice(
    actorOf(org),
    InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'Detention', unitPriceCents: 50_000 }] }),
  )
  const sent = await sendInvoice(actorOf(org, 'accountant'), draft.id, draft.version)
  return recordPayment(actorOf(org, 'accountant'), sent.id, { amountCents: 10_000, paidAt: '2026-11-03', method: 'ach', version: sent.version })
}

describe('malformed posts are refusals, never error pages', () => {
  it('the invoice view: removing a payment with a malformed version or without its id; no intent; an unknown one; an empty payment', async () => {
    const org = await createOrg()
    const invoice = await sentInvoiceWithPayment(org)
    const path = `/dashboard/invoice/${invoice.id}`
    const paymentId = invoice.payments[0].id
    const send = (fields: Record<string, string>) => post(org, invoiceView, path, fields, 'accountant', { id: invoice.id })

    for (const [fields, field, message] of [
      [{ intent: 'removePayment', paymentId, version: 'x1' }, 'version', 'The record version must be a whole number such as 3.'],
      [{ intent: 'removePayment', paymentId, version: '1e0' }, 'version', 'The record version must be a whole number such as 3.'],
      [{ intent: 'removePayment', version: String(invoice.version) }, 'paymentId', 'This field is required.'],
    ] as const) {
      const answer = await send(fields)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(refusalOf(answer)).toMatchObject({ intent: fields.intent, message: FAILED, fields: { [field]: [message] }, conflict: false })
    }
    const gone = await send({ intent: 'removePayment', paymentId: 'nosuchpayment', version: String(invoice.version) })
    expect([gone.status, refusalOf(gone)?.intent]).toEqual([404, 'removePayment'])
    for (const fields of [{ version: '1' }, { intent: 'explode', version: '1' }, { intent: 'toString' }, { intent: '__proto__' }] as Record<string, string>[]) {
      const answer = await send(fields)
      expect([answer.status, refusalOf(answer)?.message]).toEqual([400, UNKNOWN])
    }
    const empty = await send({ intent: 'pay' })
    expect(empty.status).toBe(400)
    // An action's version is optional (checked when sent, as in the API): an empty payment misses its amount and date.
    expect(Object.keys(refusalOf(empty)!.fields).sort()).toEqual(['amount', 'paidAt'])
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(1)
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).version).toBe(invoice.version)
  })

  it('the invoice editor: a malformed version', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker') } })
    const draft = await createInvoice(
      actorOf(org),
      InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'Detention', unitPriceCents: 100 }] }),
    )
    const fields = { brokerId: broker.id, issueDate: '2026-11-02', dueDate: '2026-12-02', 'items[0].title': 'Detention', 'items[0].unitPrice': '1.00' }
    for (const version of [undefined, 'abc']) {
      const answer = await post(org, invoiceEdit, `/dashboard/invoice/${draft.id}/edit`, version ? { ...fields, version } : fields, 'accountant', {
        id: draft.id,
      })
      expect(answer.status).toBe(400)
      expect(refusalOf(answer)?.fields.version).toHaveLength(1)
    }
  })

  it('the load view and My loads: no intent, an unknown one, a status or stop with a malformed version, a document without its id', async () => {
    const org = await createOrg()
    const { broker, driverId } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id, driverId })
    const path = `/dashboard/loads/${load.id}`
    const view = (fields: Record<string, string>) => post(org, loadView, path, fields, 'dispatcher', { id: load.id })
    for (const fields of [{}, { intent: 'launch' }] as Record<string, string>[]) {
      const answer = await view(fields)
      expect([answer.status, refusalOf(answer)?.message]).toEqual([400, UNKNOWN])
    }
    const badVersion = await view({ intent: 'status', status: 'canceled', version: 'v1' })
    expect([badVersion.status, refusalOf(badVersion)?.fields.version]).toEqual([400, ['The record version must be a whole number such as 3.']])
    const noStatus = await view({ intent: 'status', version: '1' })
    expect([noStatus.status, refusalOf(noStatus)?.fields.status]).toEqual([400, ['Choose one of the options.']])
    const noDocument = await view({ intent: 'deleteDocument' })
    expect([noDocument.status, refusalOf(noDocument)?.fields.documentId]).toEqual([400, ['This field is required.']])
    const goneDocument = await view({ intent: 'deleteDocument', documentId: 'nosuchdocument' })
    expect([goneDocument.status, refusalOf(goneDocument)?.intent]).toEqual([404, 'deleteDocument'])
    const badStopVersion = await view({ intent: 'stopEvent', stopId: load.stops[0].id, event: 'arrive', version: '1.5' })
    expect([badStopVersion.status, refusalOf(badStopVersion)?.fields.version]).toEqual([400, ['The record version must be a whole number such as 3.']])

    const mine = (fields: Record<string, string>) => post(org, myLoads, '/dashboard/loads/mine', fields, 'driver')
    const unknown = await mine({ intent: 'launch', loadId: load.id })
    expect([unknown.status, refusalOf(unknown)?.message, refusalOf(unknown)?.about]).toEqual([400, UNKNOWN, load.id])
    const badVersionMine = await mine({ intent: 'stopEvent', loadId: load.id, stopId: load.stops[0].id, event: 'arrive', version: 'two' })
    expect(refusalOf(badVersionMine)?.fields.version).toEqual(['The record version must be a whole number such as 3.'])
    expect(await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).toMatchObject({ status: 'booked', version: load.version })
  })

  it('the board: wrong-typed fields in the toast; the calendar: a malformed version, no intent; the account page: an unknown intent, a key to revoke without its id', async () => {
    const org = await createOrg()
    const { broker } = await fleet(org)
    const load = await newLoad(org, { brokerId: broker.id })
    const board = await post(org, kanban, '/dashboard/kanban', { intent: 'move', loadId: load.id, status: 'x', version: 'y' }, 'dispatcher')
    expect(board).toMatchObject({ status: 302, toast: { type: 'error', title: 'The load was not moved' } })
    expect(board.toast?.description).toContain('The record version must be a whole number such as 3.')

    const event = await createCalendarEvent(actorOf(org), { title: 'Yard day', startDate: '2026-12-11', colour: 'blue' })
    const eventPath = `/dashboard/calendar/events/${event.id}`
    const malformed = await post(org, calendarEvent, eventPath, { intent: 'delete', version: '1.0' }, 'admin', { id: event.id })
    expect([malformed.status, refusalOf(malformed)?.fields.version]).toEqual([400, ['The record version must be a whole number such as 3.']])
    const none = await post(org, calendarEvent, eventPath, { title: 'Yard day' }, 'admin', { id: event.id })
    expect([none.status, refusalOf(none)?.message]).toEqual([400, UNKNOWN])
    expect(await prisma.calendarEvent.count({ where: { id: event.id } })).toBe(1)

    const unknown = await post(org, account, '/dashboard/user/account', { intent: 'launch' }, 'admin')
    expect([unknown.status, refusalOf(unknown)?.message]).toEqual([400, UNKNOWN])
    const noKey = await post(org, account, '/dashboard/user/account', { intent: 'revokeApiKey' }, 'admin')
    expect([noKey.status, refusalOf(noKey)?.intent]).toEqual([400, 'revokeApiKey'])
  })

  it('the users editor: an unknown intent saves nothing; a reinvite of a user who already accepted shows why, with the reload link', async () => {
    const org = await createOrg()
    const viewer = org.users.viewer
    const path = `/dashboard/user/${viewer.id}/edit`
    const before = await prisma.user.findUniqueOrThrow({ where: { id: viewer.id } })
    const unknown = await post(org, userEditor, path, { intent: 'launch', firstName: 'Changed', version: String(before.version) }, 'admin', { id: viewer.id })
    expect([unknown.status, refusalOf(unknown)?.message]).toEqual([400, UNKNOWN])
    expect(await prisma.user.findUniqueOrThrow({ where: { id: viewer.id } })).toMatchObject({ firstName: before.firstName, version: before.version })

    const reinvite = await post(org, userEditor, path, { intent: 'reinvite', firstName: 'Typed' }, 'admin', { id: viewer.id })
    expect(reinvite.status).toBe(409)
    expect(refusalOf(reinvite)).toMatchObject({ intent: 'reinvite', message: 'This user has already accepted the invitation.', conflict: true })
    expect((reinvite.data as unknown as Refusal).result.initialValue).toMatchObject({ firstName: 'Typed' })
  })

  it('answers in the request’s language', async () => {
    const org = await createOrg()
    const invoice = await sentInvoiceWithPayment(org)
    const answer = await post(
      org,
      invoiceView,
      `/dashboard/invoice/${invoice.id}`,
      { intent: 'removePayment', paymentId: invoice.payments[0].id, version: 'x' },
      'accountant',
      { id: invoice.id },
      'fr',
    )
    expect(refusalOf(answer)).toMatchObject({
      message: 'Certains champs sont à vérifier.',
      fields: { version: ['La version de la fiche doit être un nombre entier, par exemple 3.'] },
    })
  })
})
