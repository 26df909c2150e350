/** The invoice model's money rules (app/models/invoices/invoice.server.ts) against this file's database. */
import { describe, expect, it } from 'vitest'

import {
  createInvoice,
  deleteInvoice,
  deletePayment,
  emailInvoiceAgain,
  invoiceRemit,
  invoiceTabTotals,
  listInvoices,
  recordPayment,
  sendInvoice,
  serializeInvoice,
  updateInvoice,
  voidInvoice,
} from '~/models/invoices/invoice.server'
import { revokePaymentLinks } from '~/models/invoices/remittance.server'
import { canMoveInvoice, INVOICE_ACTIONS, type InvoiceAction, invoiceAllows } from '~/policies/invoice'
import { InvoiceListQuerySchema, InvoiceSchema, InvoiceUpdateSchema, PaymentSchema } from '~/schemas/invoice'
import { INVOICE_STATUSES, type InvoiceStatus } from '~/schemas/invoice-options'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { invoiceTotals, lineTotalCents } from '~/utils/money'
import { dropNulls } from '~/utils/object'

import { actorOf, createOrg, refusal, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

async function broker(org: Org, paymentTerms: 'net_30' | 'net_15' | 'quick_pay' = 'net_30') {
  return prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker'), paymentTerms } })
}

/** A delivered load of this broker: $1,500 linehaul and a $200 fuel surcharge. */
async function deliveredLoad(org: Org, brokerId: string, status: 'delivered' | 'booked' = 'delivered') {
  return prisma.load.create({
    data: {
      organizationId: org.organization.id,
      brokerId,
      loadNumber: unique('L'),
      status,
      linehaulCents: 150_000,
      totalCents: 170_000,
      pickupCity: 'Dallas',
      deliveryCity: 'Tulsa',
      charges: { create: [{ sequence: 1, type: 'fuel_surcharge', amountCents: 20_000 }] },
    },
  })
}

function input(fields: Record<string, unknown>) {
  return InvoiceSchema.parse(fields)
}

async function version(id: string) {
  return (await prisma.invoice.findUniqueOrThrow({ where: { id } })).version
}

async function pay(org: Org, id: string, amountCents: number) {
  return recordPayment(actorOf(org, 'accountant'), id, PaymentSchema.parse({ amountCents, paidAt: '2026-11-20', version: await version(id) }))
}

describe('invoice numbers', () => {
  it('come from the organization’s prefix and sequence, without gaps or duplicates under parallel creates', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const body = input({ brokerId, items: [{ title: 'Detention', unitPriceCents: 5_000 }] })
    const invoices = await Promise.all(Array.from({ length: 8 }, () => createInvoice(actorOf(org, 'accountant'), body)))
    expect(invoices.map((invoice) => invoice.invoiceNumber).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`))
  })
})

describe('billing loads', () => {
  it('fills the lines from each delivered load’s linehaul and charges, moves the loads to invoiced, and dates it from the broker’s terms', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org, 'net_15')
    const [first, second] = [await deliveredLoad(org, brokerId), await deliveredLoad(org, brokerId)]
    const invoice = await createInvoice(
      actorOf(org, 'accountant'),
      input({
        brokerId,
        loadIds: [first.id, second.id],
        issueDate: '2026-11-02',
        items: [{ title: 'Lumper', quantity: 1.5, unitPriceCents: 3_333 }],
        taxCents: 100,
      }),
    )
    expect(invoice.items.map((item) => [item.title, item.totalCents, item.loadId])).toEqual([
      [`Load ${first.loadNumber} linehaul`, 150_000, first.id],
      [`Load ${first.loadNumber}: Fuel surcharge`, 20_000, first.id],
      [`Load ${second.loadNumber} linehaul`, 150_000, second.id],
      [`Load ${second.loadNumber}: Fuel surcharge`, 20_000, second.id],
      ['Lumper', 5_000, null],
    ])
    const dto = serializeInvoice(invoice, '2026-11-02')
    expect(dto).toMatchObject({
      status: 'draft',
      issueDate: '2026-11-02',
      dueDate: '2026-11-17',
      subtotalCents: 345_000,
      totalCents: 345_100,
      balanceCents: 345_100,
    })
    expect(dto.loadIds).toEqual([first.id, second.id])
    const statuses = await prisma.load.findMany({ where: { id: { in: [first.id, second.id] } }, select: { status: true } })
    expect(statuses.map((load) => load.status)).toEqual(['invoiced', 'invoiced'])
  })

  it('refuses loads that are not delivered, of another broker or already billed, writing nothing', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const other = await broker(org)
    const booked = await deliveredLoad(org, brokerId, 'booked')
    const foreign = await deliveredLoad(org, other.id)
    const billed = await deliveredLoad(org, brokerId)
    await createInvoice(actorOf(org), input({ brokerId, loadIds: [billed.id] }))
    expect((await refusal(createInvoice(actorOf(org), input({ brokerId, loadIds: [booked.id] })))).fields).toEqual({
      loadIds: ['invoices.errors.loadNotDelivered'],
    })
    expect((await refusal(createInvoice(actorOf(org), input({ brokerId, loadIds: [foreign.id] })))).fields).toEqual({
      loadIds: ['invoices.errors.loadOtherBroker'],
    })
    const again = await refusal(createInvoice(actorOf(org), input({ brokerId, loadIds: [billed.id] })))
    expect([again.code, again.messageKey]).toEqual(['in_use', 'invoices.errors.loadBilled'])
    const elsewhere = await createOrg()
    const stranger = await refusal(createInvoice(actorOf(elsewhere), input({ brokerId, loadIds: [billed.id] })))
    expect(stranger.fields).toEqual({ brokerId: ['invoices.errors.unknownBroker'] })
    expect(await prisma.invoice.count({ where: { organizationId: org.organization.id } })).toBe(1)
    expect((await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).nextInvoiceNumber).toBe(2)
  })

  it('lets exactly one of two invoices racing for the same load bill it', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const load = await deliveredLoad(org, brokerId)
    const results = await Promise.allSettled([
      createInvoice(actorOf(org), input({ brokerId, loadIds: [load.id] })),
      createInvoice(actorOf(org, 'accountant'), input({ brokerId, loadIds: [load.id] })),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    const lost = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
    expect((lost.reason as DomainError).code).toBe('in_use')
    expect(await prisma.invoiceItem.count({ where: { billedLoadId: load.id } })).toBe(1)
  })

  it('is held by the database too: a load billed on a live invoice cannot get a second line, even past the status check', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const load = await deliveredLoad(org, brokerId)
    await createInvoice(actorOf(org), input({ brokerId, loadIds: [load.id] }))
    // As if a racing request had read the load before the first invoice moved it.
    await prisma.load.update({ where: { id: load.id }, data: { status: 'delivered' } })
    const raced = await refusal(createInvoice(actorOf(org), input({ brokerId, loadIds: [load.id] })))
    expect([raced.code, raced.messageKey]).toEqual(['in_use', 'invoices.errors.loadBilledElsewhere'])
    expect(await prisma.invoice.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('takes a line sent back with its loadId (as read) for the load’s own line, not a free one', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const load = await deliveredLoad(org, brokerId)
    const created = serializeInvoice(await createInvoice(actorOf(org), input({ brokerId, loadIds: [load.id] })), '2026-11-01')
    const update = InvoiceUpdateSchema.parse(dropNulls({ ...created, notes: 'As read' }))
    const updated = serializeInvoice(await updateInvoice(actorOf(org), created.id, update), '2026-11-01')
    expect(updated.items.map((item) => item.totalCents)).toEqual([150_000, 20_000])
    expect(updated.totalCents).toBe(created.totalCents)
  })
})

describe('totals', () => {
  it('are integer cents from one function: lines, subtotal, discount, tax, total, paid and balance', () => {
    expect(lineTotalCents(1_500, 3_333)).toBe(5_000)
    expect(lineTotalCents(333, 100)).toBe(33)
    expect(
      invoiceTotals({
        items: [
          { quantityMilli: 2_000, unitPriceCents: 1_250 },
          { quantityMilli: 1_000, unitPriceCents: 99 },
        ],
        discountCents: 100,
        taxCents: 50,
        amountPaidCents: 1_000,
      }),
    ).toEqual({
      subtotalCents: 2_599,
      totalCents: 2_549,
      amountPaidCents: 1_000,
      balanceCents: 1_549,
    })
  })

  it('refuses a discount above the subtotal, a due date before the issue date and more than three decimals', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const discounted = await refusal(createInvoice(actorOf(org), input({ brokerId, items: [{ title: 'Fee', unitPriceCents: 1_000 }], discountCents: 1_001 })))
    expect(discounted.fields).toEqual({ discountCents: ['invoices.errors.discountTooLarge'] })
    const dates = InvoiceSchema.safeParse({ brokerId, items: [{ title: 'Fee', unitPriceCents: 1 }], issueDate: '2026-11-10', dueDate: '2026-11-09' })
    expect(dates.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['dueDate', 'invoices.errors.dueBeforeIssue']])
    const decimals = InvoiceSchema.safeParse({ brokerId, items: [{ title: 'Fee', quantity: 1.0005, unitPriceCents: 1 }] })
    expect(decimals.error?.issues.map((issue) => issue.message)).toEqual(['invoices.errors.quantityDecimals'])
    expect(InvoiceSchema.safeParse({ brokerId }).error?.issues.map((issue) => issue.message)).toEqual(['invoices.errors.nothingToBill'])
  })
})

describe('the invoice policy', () => {
  it('is what the model does: each action is refused in exactly the states the pages do not offer it, and statuses move only along its table', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const accountant = actorOf(org, 'accountant')
    const items = [{ title: 'Detention', unitPriceCents: 10_000 }]
    /** A fresh invoice in this state, and its payment if it has one. */
    async function inState(state: InvoiceStatus) {
      const draft = await createInvoice(accountant, input({ brokerId, items }))
      if (state === 'draft') return { id: draft.id, paymentId: 'nopayment' }
      if (state === 'void') return { id: (await voidInvoice(accountant, draft.id, draft.version)).id, paymentId: 'nopayment' }
      const sent = await sendInvoice(accountant, draft.id, draft.version)
      if (state === 'sent') return { id: sent.id, paymentId: 'nopayment' }
      const paid = await pay(org, sent.id, state === 'paid' ? 10_000 : 4_000)
      return { id: paid.id, paymentId: paid.payments[0].id }
    }
    const run: Record<InvoiceAction, (id: string, paymentId: string) => Promise<unknown>> = {
      send: async (id) => sendInvoice(accountant, id, await version(id)),
      edit: async (id) => updateInvoice(accountant, id, InvoiceUpdateSchema.parse({ brokerId, items, notes: 'edited', version: await version(id) })),
      email: async (id) => emailInvoiceAgain(accountant, id, await version(id)),
      pay: (id) => pay(org, id, 1_000),
      removePayment: async (id, paymentId) => deletePayment(accountant, id, paymentId, await version(id)),
      void: async (id) => voidInvoice(accountant, id, await version(id)),
      delete: async (id) => deleteInvoice(accountant, id, await version(id)),
      revokeLinks: (id) => revokePaymentLinks(accountant, id),
    }
    for (const state of INVOICE_STATUSES) {
      for (const action of INVOICE_ACTIONS) {
        const { id, paymentId } = await inState(state)
        const before = (await prisma.invoice.findUniqueOrThrow({ where: { id } })).status
        const error = await run[action](id, paymentId).then(
          () => null,
          (caught: unknown) => caught,
        )
        const refused = error instanceof DomainError && (error.code === 'in_use' || error.code === 'invalid_transition')
        expect({ state, action, refused }).toEqual({
          state,
          action,
          refused: !invoiceAllows(action, { status: state, amountPaidCents: state === 'paid' ? 10_000 : state === 'partially_paid' ? 4_000 : 0 }),
        })
        const after = await prisma.invoice.findUnique({ where: { id } })
        if (after) expect(canMoveInvoice(before, after.status)).toBe(true)
      }
    }
  })
})

describe('sending, payments, void and delete', () => {
  async function sentInvoice(org: Org) {
    const { id: brokerId } = await broker(org)
    const load = await deliveredLoad(org, brokerId)
    const draft = await createInvoice(actorOf(org), input({ brokerId, loadIds: [load.id] }))
    const sent = await sendInvoice(actorOf(org, 'accountant'), draft.id, draft.version)
    return { invoice: sent, load, brokerId }
  }

  it('stores the remit-to it prints with the send, in the same write: the company’s factoring remit-to, or none; a refused send stores nothing (ADR 094)', async () => {
    const org = await createOrg()
    await prisma.company.update({ where: { id: org.company.id }, data: { factoringName: 'Triumph Business Capital', factoringRemitTo: 'PO Box 610028' } })
    const { id: brokerId } = await broker(org)
    const fromCompany = await createInvoice(actorOf(org), input({ brokerId, companyId: org.company.id, items: [{ title: 'Fee', unitPriceCents: 100 }] }))
    const fromOrganization = await createInvoice(actorOf(org), input({ brokerId, items: [{ title: 'Fee', unitPriceCents: 100 }] }))
    expect((await refusal(sendInvoice(actorOf(org, 'accountant'), fromCompany.id, fromCompany.version + 1))).code).toBe('conflict')
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: fromCompany.id } })).remitTo).toBeNull()
    const sent = await sendInvoice(actorOf(org, 'accountant'), fromCompany.id, fromCompany.version)
    expect([sent.status, sent.remitTo]).toEqual(['sent', { name: 'Triumph Business Capital', address: 'PO Box 610028', bank: null }])
    // The organization has no bank details: it was sent with none, and stays so when they are added.
    const bare = await sendInvoice(actorOf(org, 'accountant'), fromOrganization.id, fromOrganization.version)
    await prisma.organization.update({ where: { id: org.organization.id }, data: { bankRoutingNumber: '111000025', bankAccountNumber: '1' } })
    expect([bare.sentAt !== null, (await invoiceRemit(bare)).remitTo]).toEqual([true, null])
  })

  it('moves a sent invoice to partially paid and paid, refuses more than the balance, and removing a payment goes back', async () => {
    const org = await createOrg()
    const { invoice } = await sentInvoice(org)
    expect(invoice.sentAt).not.toBeNull()
    expect((await pay(org, invoice.id, 70_000)).status).toBe('partially_paid')
    const over = await refusal(pay(org, invoice.id, 100_001))
    expect(over.fields).toEqual({ amountCents: ['invoices.errors.paymentTooLarge'] })
    const paid = await pay(org, invoice.id, 100_000)
    expect([paid.status, paid.amountPaidCents]).toEqual(['paid', 170_000])
    expect((await refusal(pay(org, invoice.id, 1))).code).toBe('invalid_transition')
    const back = await deletePayment(actorOf(org, 'accountant'), invoice.id, paid.payments[1].id, paid.version)
    expect([back.status, back.amountPaidCents]).toEqual(['partially_paid', 70_000])
  })

  it('never overpays under concurrent payments: each fits the balance alone, together only one is taken', async () => {
    const org = await createOrg()
    const { invoice } = await sentInvoice(org)
    const body = (amountCents: number) => PaymentSchema.parse({ amountCents, paidAt: '2026-11-20', version: invoice.version })
    const results = await Promise.allSettled([
      recordPayment(actorOf(org, 'accountant'), invoice.id, body(120_000)),
      recordPayment(actorOf(org), invoice.id, body(120_000)),
    ])
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).amountPaidCents).toBe(120_000)
  })

  it('refuses payments on a draft, sends only drafts, and keeps sent invoices from deletion', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const draft = await createInvoice(actorOf(org), input({ brokerId, items: [{ title: 'Fee', unitPriceCents: 1_000 }] }))
    const onDraft = await refusal(pay(org, draft.id, 100))
    expect([onDraft.code, onDraft.messageKey]).toEqual(['invalid_transition', 'invoices.errors.payment.draft'])
    const sent = await sendInvoice(actorOf(org), draft.id, draft.version)
    expect((await refusal(sendInvoice(actorOf(org), draft.id, sent.version))).messageKey).toBe('invoices.errors.send.sent')
    const kept = await refusal(deleteInvoice(actorOf(org), draft.id, sent.version))
    expect([kept.code, kept.messageKey]).toEqual(['in_use', 'invoices.errors.keep'])
    const edit = await refusal(
      updateInvoice(actorOf(org), draft.id, InvoiceUpdateSchema.parse({ brokerId, items: [{ title: 'Fee', unitPriceCents: 1 }], version: sent.version })),
    )
    expect(edit.messageKey).toBe('invoices.errors.notDraft.sent')
  })

  it('voids only without payments, gives the loads back to delivered, and they can be billed again', async () => {
    const org = await createOrg()
    const { invoice, load, brokerId } = await sentInvoice(org)
    const paid = await pay(org, invoice.id, 1_000)
    expect((await refusal(voidInvoice(actorOf(org), invoice.id, paid.version))).messageKey).toBe('invoices.errors.hasPayments')
    const unpaid = await deletePayment(actorOf(org), invoice.id, paid.payments[0].id, paid.version)
    const voided = await voidInvoice(actorOf(org), invoice.id, unpaid.version)
    expect(voided.status).toBe('void')
    expect((await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).status).toBe('delivered')
    expect((await refusal(voidInvoice(actorOf(org), invoice.id, voided.version))).code).toBe('invalid_transition')
    const rebilled = await createInvoice(actorOf(org), input({ brokerId, loadIds: [load.id] }))
    expect(rebilled.items[0].billedLoadId).toBe(load.id)
  })

  it('deletes a draft and gives its loads back; edits a draft’s loads, with a stale version refused', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const [first, second] = [await deliveredLoad(org, brokerId), await deliveredLoad(org, brokerId)]
    const draft = await createInvoice(actorOf(org), input({ brokerId, loadIds: [first.id] }))
    const edited = await updateInvoice(actorOf(org), draft.id, InvoiceUpdateSchema.parse({ brokerId, loadIds: [second.id], version: draft.version }))
    const status = async (id: string) => (await prisma.load.findUniqueOrThrow({ where: { id } })).status
    expect([await status(first.id), await status(second.id)]).toEqual(['delivered', 'invoiced'])
    const stale = await refusal(updateInvoice(actorOf(org), draft.id, InvoiceUpdateSchema.parse({ brokerId, loadIds: [first.id], version: draft.version })))
    expect(stale.code).toBe('conflict')
    await deleteInvoice(actorOf(org), draft.id, edited.version)
    expect(await status(second.id)).toBe('delivered')
    expect(await prisma.invoice.count({ where: { id: draft.id } })).toBe(0)
  })
})

describe('lists', () => {
  it('derive overdue from the due date and balance, filter by it, and total each tab', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const make = async (dueDate: string, send: boolean) => {
      const invoice = await createInvoice(
        actorOf(org),
        input({ brokerId, issueDate: '2026-01-01', dueDate, items: [{ title: 'Fee', unitPriceCents: 10_000 }] }),
      )
      return send ? sendInvoice(actorOf(org), invoice.id, invoice.version) : invoice
    }
    const late = await make('2026-02-01', true)
    await make('2099-01-01', true)
    await make('2026-02-01', false)
    const overdue = await listInvoices(org.organization.id, InvoiceListQuerySchema.parse({ status: 'overdue' }))
    expect(overdue.items.map((invoice) => invoice.id)).toEqual([late.id])
    const tabs = await invoiceTabTotals(org.organization.id, InvoiceListQuerySchema.parse({}))
    expect(tabs).toMatchObject({ sent: { count: 2, totalCents: 20_000 }, draft: { count: 1 }, overdue: { count: 1, balanceCents: 10_000 } })
  })
})

describe('an organization', () => {
  it('can be deleted whole with its invoices, payments and billed loads', async () => {
    const org = await createOrg()
    const { id: brokerId } = await broker(org)
    const load = await deliveredLoad(org, brokerId)
    const invoice = await createInvoice(actorOf(org), input({ brokerId, loadIds: [load.id] }))
    await sendInvoice(actorOf(org), invoice.id, invoice.version)
    await pay(org, invoice.id, 500)
    await prisma.organization.delete({ where: { id: org.organization.id } })
    expect(await prisma.invoice.count({ where: { id: invoice.id } })).toBe(0)
  })
})
