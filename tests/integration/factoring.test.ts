/**
 * Factoring against the real database (ADR 068): the agreement (version-checked, the
 * factor as the invoices' remit-to), schedules of accounts (which invoices, once only even under
 * parallel creation, the figures in cents), the factor's purchase and its report import (each
 * refused row named, nothing half-written), the reserve release, the fees report, the email to
 * the factor through the queue, the broker's packet option, and the API's codes.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { Prisma } from '~/generated/prisma/client'
import {
  createSchedule,
  factoringFees,
  importPurchaseReport,
  purchaseSchedule,
  releaseReserve,
  saveAgreement,
  sendSchedule,
  serializeSchedule,
  voidSchedule,
} from '~/models/factoring/factoring.server'
import { assignToFactor, createInvoice, getInvoice, invoiceRemit, recordPayment, sendInvoice, voidInvoice } from '~/models/invoices/invoice.server'
import { invoiceEmail } from '~/models/invoices/invoice-email.server'
import { runDueJobs } from '~/models/operations/jobs.server'
import { getBroker } from '~/models/reference/broker.server'
import * as apiBrokers from '~/routes/api/brokers/collection'
import * as apiAgreement from '~/routes/api/factoring/agreement'
import * as apiPdf from '~/routes/api/factoring/pdf'
import * as apiPurchase from '~/routes/api/factoring/purchase'
import * as apiRelease from '~/routes/api/factoring/release'
import * as apiSchedule from '~/routes/api/factoring/schedule'
import * as apiSchedules from '~/routes/api/factoring/schedules'
import * as apiSend from '~/routes/api/factoring/send'
import * as apiVoid from '~/routes/api/factoring/void'
import * as brokerEditor from '~/routes/dashboard/brokers/editor'
import { AgreementSchema } from '~/schemas/factoring'
import { splitInvoice } from '~/schemas/factoring-options'
import { InvoiceSchema, PaymentSchema } from '~/schemas/invoice'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, refusal, runBackfill, unique } from '../helpers'
import { callPage, type Handler, postForm } from '../page-helpers'
import { pdfText } from '../pdf-text'

type Org = Awaited<ReturnType<typeof createOrg>>

const TODAY = '2026-11-27'
const NOW = new Date(`${TODAY}T18:00:00Z`)

/** An organization with a factor company (with an email), a broker and an agreement at 90 % advance, 2.5 % fee. */
async function factoringOrg({ agreement = true, factorEmail = 'desk@factor.test' }: { agreement?: boolean; factorEmail?: string | null } = {}) {
  const org = await createOrg()
  const organizationId = org.organization.id
  const factor = await prisma.company.create({
    data: {
      organizationId,
      name: unique('Prime Factor'),
      kind: 'factor',
      email: factorEmail,
      addressLine1: '1 Money St',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75001',
    },
  })
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Acme Freight'), billingEmail: 'ap@acme.test' } })
  if (agreement) await saveAgreement(actorOf(org, 'accountant'), AgreementSchema.parse({ factorCompanyId: factor.id, advancePercent: 90, feePercent: 2.5 }))
  return { org, factor, broker }
}

/** An invoice made in the database: `sent` with nothing paid unless told otherwise. */
async function invoice(org: Org, brokerId: string, totalCents: number, status: 'draft' | 'sent' | 'partially_paid' | 'paid' | 'void' = 'sent') {
  const amountPaidCents = status === 'paid' ? totalCents : status === 'partially_paid' ? 1_000 : 0
  return prisma.invoice.create({
    data: {
      organizationId: org.organization.id,
      brokerId,
      invoiceNumber: unique('INV'),
      status,
      issueDate: new Date('2026-11-01'),
      dueDate: new Date('2026-12-01'),
      subtotalCents: totalCents,
      totalCents,
      amountPaidCents,
      items: { create: [{ sequence: 1, title: 'Linehaul', unitPriceCents: totalCents, totalCents }] },
    },
  })
}

async function outbox() {
  const dir = process.env.OUTBOX_DIR!
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort()
  return Promise.all(
    files.map(
      async (file) =>
        JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as {
          to: string
          subject: string
          attachments: Array<{ filename: string; content: string }>
        },
    ),
  )
}

afterEach(async () => {
  await fs.rm(process.env.OUTBOX_DIR!, { recursive: true, force: true })
})

describe('the figures', () => {
  it('splits each invoice in whole cents, half a cent up, the reserve taking the rest so the parts add up to the face', () => {
    // 90 % of 100,001 = 90,000.9 → 90,001; 2.5 % = 2,500.025 → 2,500; reserve 7,500.
    expect(splitInvoice(100_001, 9_000, 250)).toEqual({ amountCents: 100_001, advanceCents: 90_001, feeCents: 2_500, reserveCents: 7_500 })
    // Exactly half a cent goes up: 50 % of 1 cent is 1 cent.
    expect(splitInvoice(1, 5_000, 0)).toEqual({ amountCents: 1, advanceCents: 1, feeCents: 0, reserveCents: 0 })
    // Advance and fee at 100 % together never leave a negative reserve: the fee takes what is left.
    expect(splitInvoice(3, 5_000, 5_000)).toEqual({ amountCents: 3, advanceCents: 2, feeCents: 1, reserveCents: 0 })
  })
})

describe('the agreement', () => {
  it('is version-checked, needs one of the organization’s factors and rates within 100 %', async () => {
    const { org, factor } = await factoringOrg()
    const actor = actorOf(org, 'accountant')
    const base = { factorCompanyId: factor.id, advancePercent: 85, feePercent: 3 }
    // One exists: a change without its version is a field error, a stale one a conflict.
    expect((await refusal(saveAgreement(actor, AgreementSchema.parse(base)))).fields).toEqual({ version: ['validation.versionRequired'] })
    const changed = await saveAgreement(actor, AgreementSchema.parse({ ...base, version: 1 }))
    expect(changed).toMatchObject({ advanceBasisPoints: 8_500, feeBasisPoints: 300, version: 2 })
    expect((await refusal(saveAgreement(actor, AgreementSchema.parse({ ...base, version: 1 })))).code).toBe('conflict')
    // Another organization's company is not a factor.
    const other = await createOrg()
    expect((await refusal(saveAgreement(actor, AgreementSchema.parse({ ...base, factorCompanyId: other.company.id, version: 2 })))).fields).toEqual({
      factorCompanyId: ['factoring.errors.unknownFactor'],
    })
    expect(AgreementSchema.safeParse({ ...base, advancePercent: 98, feePercent: 3 }).error?.issues[0]).toMatchObject({ path: ['feePercent'] })
    expect(AgreementSchema.safeParse({ ...base, feePercent: 2.555 }).success).toBe(false)
  })
})

describe('whom an invoice tells the broker to pay (ADR 094)', () => {
  const BANK = { bankName: 'First Prairie Bank', bankAccountName: 'Remit Haulers LLC', bankRoutingNumber: '111000025', bankAccountNumber: '987654321' }
  const OWN = {
    name: 'Remit Haulers LLC',
    address: null,
    bank: { accountName: 'Remit Haulers LLC', bankName: 'First Prairie Bank', routingNumber: '111000025', accountNumber: '987654321' },
  }

  /** An invoice made and sent by the model (the send stores its remit-to), or left a draft. */
  async function billed(org: Org, brokerId: string, cents: number, send = true) {
    const made = await createInvoice(
      actorOf(org, 'accountant'),
      InvoiceSchema.parse({ brokerId, issueDate: '2026-11-02', items: [{ title: 'Linehaul', unitPriceCents: cents }] }),
    )
    return send ? sendInvoice(actorOf(org, 'accountant'), made.id, made.version) : made
  }
  const remitOf = async (id: string, org: Org) => invoiceRemit(await getInvoice(org.organization.id, id))

  it('is fixed when the invoice is sent: an agreement saved later, a new bank or a new factor rewrites no invoice; drafts show what sending would print', async () => {
    const { org, factor, broker } = await factoringOrg({ agreement: false })
    const actor = actorOf(org, 'accountant')
    await prisma.organization.update({ where: { id: org.organization.id }, data: BANK })
    const paid = await billed(org, broker.id, 10_000)
    await recordPayment(actor, paid.id, PaymentSchema.parse({ amountCents: 10_000, paidAt: '2026-11-20' }))
    const open = await billed(org, broker.id, 20_000)
    const draft = await billed(org, broker.id, 30_000, false)

    await saveAgreement(actor, AgreementSchema.parse({ factorCompanyId: factor.id, advancePercent: 90, feePercent: 2.5 }))
    for (const id of [paid.id, open.id, draft.id]) expect(await remitOf(id, org), id).toEqual({ remitTo: OWN, assignment: null })

    // A new bank: the sent invoices keep the one they were sent with; the draft would print the new one.
    await prisma.organization.update({ where: { id: org.organization.id }, data: { bankAccountNumber: '555' } })
    expect((await remitOf(open.id, org)).remitTo?.bank?.accountNumber).toBe('987654321')
    expect((await remitOf(draft.id, org)).remitTo?.bank?.accountNumber).toBe('555')
    const sent = await sendInvoice(actor, draft.id, draft.version)
    expect(sent.remitTo).toMatchObject({ bank: { accountNumber: '555' } })
  })

  it('is the factor, with a notice, for an invoice on a schedule sent to or bought by the factor, or assigned by the carrier; taken back, it is the invoice’s own again', async () => {
    const { org, factor, broker } = await factoringOrg()
    const actor = actorOf(org, 'accountant')
    await prisma.organization.update({ where: { id: org.organization.id }, data: BANK })
    const [sold, kept, assigned] = [await billed(org, broker.id, 10_000), await billed(org, broker.id, 20_000), await billed(org, broker.id, 30_000, false)]
    const factorRemit = { name: factor.name, address: '1 Money St\nDallas, TX 75001\ndesk@factor.test', bank: null }

    // On a schedule still open, nothing is sold yet.
    const schedule = await createSchedule(actor, { invoiceIds: [sold.id] })
    expect(await remitOf(sold.id, org)).toEqual({ remitTo: OWN, assignment: null })
    await sendSchedule(actor, schedule.id, schedule.version)
    expect(await remitOf(sold.id, org)).toEqual({
      remitTo: factorRemit,
      assignment: { factor: factor.name, by: 'schedule', scheduleNumber: schedule.number, at: expect.any(Date) },
    })
    expect(await remitOf(kept.id, org)).toEqual({ remitTo: OWN, assignment: null })
    // The schedule's invoices are its to assign: the carrier neither assigns nor takes them back.
    expect((await refusal(assignToFactor(actor, sold.id, { assigned: false }))).messageKey).toBe('invoices.errors.assignment.sold')

    // The carrier assigns a draft; sent, it stays the factor's; taken back, its own.
    let invoice = await assignToFactor(actor, assigned.id, { assigned: true, version: assigned.version })
    expect(await invoiceRemit(invoice)).toEqual({
      remitTo: factorRemit,
      assignment: { factor: factor.name, by: 'carrier', scheduleNumber: null, at: expect.any(Date) },
    })
    expect((await refusal(assignToFactor(actor, assigned.id, { assigned: true }))).messageKey).toBe('invoices.errors.assignment.already')
    invoice = await sendInvoice(actor, assigned.id, invoice.version)
    expect((await invoiceRemit(invoice)).assignment?.by).toBe('carrier')

    // A new factor later: what was sold or assigned keeps naming the factor it went to.
    const next = await prisma.company.create({ data: { organizationId: org.organization.id, name: unique('Next Factor'), kind: 'factor' } })
    await saveAgreement(actor, AgreementSchema.parse({ factorCompanyId: next.id, advancePercent: 80, feePercent: 3, version: 1 }))
    expect((await remitOf(sold.id, org)).remitTo?.name).toBe(factor.name)
    expect((await remitOf(assigned.id, org)).remitTo?.name).toBe(factor.name)

    invoice = await assignToFactor(actor, assigned.id, { assigned: false, version: invoice.version })
    expect(await invoiceRemit(invoice)).toEqual({ remitTo: OWN, assignment: null })
    expect((await refusal(assignToFactor(actor, assigned.id, { assigned: false }))).messageKey).toBe('invoices.errors.assignment.notAssigned')
    // A stale version is a conflict; a paid invoice is not assigned.
    expect((await refusal(assignToFactor(actor, kept.id, { assigned: true, version: 1 }))).code).toBe('conflict')
    await recordPayment(actor, kept.id, PaymentSchema.parse({ amountCents: 20_000, paidAt: '2026-11-20' }))
    expect((await refusal(assignToFactor(actor, kept.id, { assigned: true }))).messageKey).toBe('invoices.errors.assignment.paid')

    // The factor's schedule voided: its invoice is the invoice's own again.
    await voidSchedule(actor, schedule.id, undefined)
    expect(await remitOf(sold.id, org)).toEqual({ remitTo: OWN, assignment: null })
  })

  it('needs an agreement to assign', async () => {
    const { org, broker } = await factoringOrg({ agreement: false })
    const sent = await billed(org, broker.id, 10_000)
    expect((await refusal(assignToFactor(actorOf(org, 'accountant'), sent.id, { assigned: true }))).messageKey).toBe('factoring.errors.noAgreement')
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: sent.id } })).assignedAt).toBeNull()
  })

  it('came to existing invoices by the migration: each its own remit-to, the factor for those sent while the agreement existed, the factor’s address on schedules', async () => {
    const { org, factor, broker } = await factoringOrg({ agreement: false })
    const organizationId = org.organization.id
    await prisma.organization.update({ where: { id: organizationId }, data: BANK })
    const fromCompany = await prisma.company.create({
      data: { organizationId, name: unique('Fleet'), factoringName: 'Triumph Business Capital', factoringRemitTo: 'PO Box 610028\nDallas, TX 75261' },
    })
    const agreedAt = new Date('2026-11-10T12:00:00Z')
    await prisma.factoringAgreement.create({
      data: { organizationId, factorCompanyId: factor.id, advanceBasisPoints: 9_000, feeBasisPoints: 250, createdAt: agreedAt },
    })
    // As the rows stood before the migration: sent invoices without a stored remit-to.
    const before = await billed(org, broker.id, 10_000)
    const after = await billed(org, broker.id, 20_000)
    const sold = await billed(org, broker.id, 30_000)
    const draft = await billed(org, broker.id, 40_000, false)
    await prisma.invoice.update({ where: { id: before.id }, data: { sentAt: new Date('2026-11-01T12:00:00Z'), companyId: null } })
    await prisma.invoice.update({ where: { id: after.id }, data: { sentAt: new Date('2026-11-15T12:00:00Z'), companyId: fromCompany.id } })
    await prisma.invoice.update({ where: { id: sold.id }, data: { sentAt: new Date('2026-11-16T12:00:00Z') } })
    const schedule = await createSchedule(actorOf(org), { invoiceIds: [sold.id] })
    await prisma.factoringSchedule.update({ where: { id: schedule.id }, data: { status: 'sent', factorAddress: null } })
    await prisma.invoice.updateMany({ where: { organizationId }, data: { remitTo: Prisma.DbNull, assignedAt: null, factorRemitTo: Prisma.DbNull } })

    await runBackfill('invoice_remit_to')
    const factorRemit = { name: factor.name, address: '1 Money St\nDallas, TX 75001\ndesk@factor.test', bank: null }
    expect(await remitOf(before.id, org)).toEqual({ remitTo: OWN, assignment: null })
    expect(await remitOf(after.id, org)).toEqual({
      remitTo: factorRemit,
      assignment: { factor: factor.name, by: 'carrier', scheduleNumber: null, at: new Date('2026-11-15T12:00:00Z') },
    })
    // Taken back, it is what it would have printed without the agreement: its company's factoring remit-to.
    const back = await assignToFactor(actorOf(org), after.id, { assigned: false })
    expect((await invoiceRemit(back)).remitTo).toEqual({ name: 'Triumph Business Capital', address: 'PO Box 610028\nDallas, TX 75261', bank: null })
    expect(await remitOf(sold.id, org)).toMatchObject({ remitTo: factorRemit, assignment: { by: 'schedule', scheduleNumber: schedule.number } })
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: sold.id } })).assignedAt).toBeNull()
    expect(await remitOf(draft.id, org)).toEqual({ remitTo: OWN, assignment: null })
  })
})

describe('schedules of accounts', () => {
  it('takes sent, unpaid invoices with a number per organization and their figures in cents', async () => {
    const { org, broker } = await factoringOrg()
    const [a, b] = [await invoice(org, broker.id, 100_001), await invoice(org, broker.id, 49_999)]
    const schedule = await createSchedule(actorOf(org, 'accountant'), { invoiceIds: [a.id, b.id] })
    // A schedule's figures are BIGINT (ADR 089): the model's rows carry bigints, the API numbers.
    expect(serializeSchedule(schedule)).toMatchObject({
      number: 'SCH-000001',
      status: 'open',
      totalCents: 150_000,
      advanceCents: 90_001 + 44_999,
      feeCents: 2_500 + 1_250,
    })
    expect(schedule.reserveCents).toBe(150_000n - schedule.advanceCents - schedule.feeCents)
    expect(schedule.items.map((item) => [item.invoiceId, item.liveInvoiceId, item.amountCents])).toEqual([
      [a.id, a.id, 100_001],
      [b.id, b.id, 49_999],
    ])
    const audit = await prisma.auditEvent.findFirst({ where: { entity: 'factoring', entityId: schedule.id } })
    expect(audit?.action).toBe('create')
    // Its number of invoices is kept on it by the database (the list reads it), whoever writes the items.
    const counted = async () => (await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })).invoiceCount
    expect(await counted()).toBe(2)
    await prisma.factoringScheduleItem.delete({ where: { id: schedule.items[1].id } })
    expect(await counted()).toBe(1)
  })

  it('refuses drafts, paid, partly paid and void invoices, another organization’s, and one already on a live schedule; nothing is written', async () => {
    const { org, broker } = await factoringOrg()
    const actor = actorOf(org, 'accountant')
    const good = await invoice(org, broker.id, 10_000)
    for (const status of ['draft', 'paid', 'partially_paid', 'void'] as const) {
      const bad = await invoice(org, broker.id, 10_000, status)
      const error = await refusal(createSchedule(actor, { invoiceIds: [good.id, bad.id] }))
      expect([error.code, error.messageKey], status).toEqual(['invalid_transition', `factoring.errors.invoice.${status}`])
      expect(error.options.params?.invoice).toBe(bad.invoiceNumber)
    }
    const other = await factoringOrg()
    const theirs = await invoice(other.org, other.broker.id, 10_000)
    expect((await refusal(createSchedule(actor, { invoiceIds: [good.id, theirs.id] }))).fields).toEqual({ invoiceIds: ['factoring.errors.unknownInvoice'] })
    const first = await createSchedule(actor, { invoiceIds: [good.id] })
    const again = await refusal(createSchedule(actor, { invoiceIds: [good.id] }))
    expect([again.code, again.options.params]).toEqual(['in_use', { invoice: good.invoiceNumber, number: first.number }])
    expect(await prisma.factoringSchedule.count({ where: { organizationId: org.organization.id } })).toBe(1)
    // No agreement: nothing to sell to.
    const bare = await factoringOrg({ agreement: false })
    const lone = await invoice(bare.org, bare.broker.id, 10_000)
    expect((await refusal(createSchedule(actorOf(bare.org), { invoiceIds: [lone.id] }))).messageKey).toBe('factoring.errors.noAgreement')
  })

  it('keeps an invoice on one live schedule under parallel creation, and the database holds it; a void schedule frees it', async () => {
    const { org, broker } = await factoringOrg()
    const actor = actorOf(org, 'accountant')
    const shared = await invoice(org, broker.id, 20_000)
    const others = await Promise.all([1, 2, 3, 4].map(() => invoice(org, broker.id, 5_000)))
    const results = await Promise.allSettled(others.map((other) => createSchedule(actor, { invoiceIds: [other.id, shared.id] })))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) if (result.status === 'rejected') expect((result.reason as { code: string }).code).toBe('in_use')
    expect(await prisma.factoringScheduleItem.count({ where: { liveInvoiceId: shared.id } })).toBe(1)
    // The unique index itself refuses a second live line, whatever the model checks.
    const live = await prisma.factoringScheduleItem.findFirstOrThrow({ where: { liveInvoiceId: shared.id } })
    await expect(
      prisma.factoringScheduleItem.create({
        data: {
          scheduleId: live.scheduleId,
          invoiceId: shared.id,
          liveInvoiceId: shared.id,
          invoiceNumber: 'X',
          amountCents: 1,
          advanceCents: 0,
          feeCents: 0,
          reserveCents: 1,
        },
      }),
    ).rejects.toThrow(/Unique constraint|unique/i)

    // The invoice itself cannot be voided while a live schedule holds it.
    expect((await refusal(voidInvoice(actor, shared.id, undefined))).messageKey).toBe('factoring.errors.onSchedule')
    const voided = await voidSchedule(actor, live.scheduleId, undefined)
    expect(voided.status).toBe('void')
    expect((await createSchedule(actor, { invoiceIds: [shared.id] })).items[0].liveInvoiceId).toBe(shared.id)
  })
})

describe('the factor’s purchase', () => {
  it('records advance, fee and reserve as factoring payments closing each invoice, once; a reserve released later is recorded as such', async () => {
    const { org, broker } = await factoringOrg()
    const actor = actorOf(org, 'accountant')
    const [a, b] = [await invoice(org, broker.id, 100_001), await invoice(org, broker.id, 30_000)]
    const schedule = await createSchedule(actor, { invoiceIds: [a.id, b.id] })
    expect((await refusal(purchaseSchedule(actor, schedule.id, { purchasedAt: '2026-11-28' }, NOW))).fields).toEqual({
      purchasedAt: ['factoring.errors.future'],
    })
    const purchased = await purchaseSchedule(actor, schedule.id, { purchasedAt: TODAY }, NOW)
    expect(serializeSchedule(purchased)).toMatchObject({
      status: 'purchased',
      totalCents: 130_001,
      advanceCents: 90_001 + 27_000,
      feeCents: 2_500 + 750,
      reserveCents: 7_500 + 2_250,
    })
    for (const [one, split] of [
      [a, splitInvoice(100_001, 9_000, 250)],
      [b, splitInvoice(30_000, 9_000, 250)],
    ] as const) {
      const paid = await getInvoice(org.organization.id, one.id)
      expect(paid.status).toBe('paid')
      expect(paid.amountPaidCents).toBe(one.totalCents)
      expect(paid.payments.map((payment) => [payment.method, payment.amountCents, payment.reference])).toEqual([
        ['factoring', split.advanceCents, `${schedule.number} advance`],
        ['factoring', split.feeCents, `${schedule.number} fee`],
        ['factoring', split.reserveCents, `${schedule.number} reserve`],
      ])
    }
    expect((await refusal(purchaseSchedule(actor, schedule.id, { purchasedAt: TODAY }, NOW))).code).toBe('invalid_transition')

    // The reserve: not more than held, in parts, then nothing left.
    expect((await refusal(releaseReserve(actor, schedule.id, { releasedAt: TODAY, amountCents: 9_751 }, NOW))).fields).toEqual({
      amountCents: ['factoring.errors.overReserve'],
    })
    expect((await releaseReserve(actor, schedule.id, { releasedAt: TODAY, amountCents: 9_000 }, NOW)).reserveReleasedCents).toBe(9_000n)
    expect((await releaseReserve(actor, schedule.id, { releasedAt: TODAY, amountCents: 750 }, NOW)).reserveReleasedCents).toBe(9_750n)
    expect((await refusal(releaseReserve(actor, schedule.id, { releasedAt: TODAY, amountCents: 1 }, NOW))).messageKey).toBe('factoring.errors.nothingReserved')

    expect(await factoringFees(org.organization.id)).toEqual([
      { month: '2026-11', schedules: 1, totalCents: 130_001, advanceCents: 117_001, feeCents: 3_250, reserveCents: 9_750, reserveReleasedCents: 9_750 },
    ])
  })

  it('imports the factor’s report in one transaction: every refused row named, nothing half-written; a good report sets the figures', async () => {
    const { org, broker } = await factoringOrg()
    const actor = actorOf(org, 'accountant')
    const [a, b, c] = [await invoice(org, broker.id, 100_000), await invoice(org, broker.id, 50_000), await invoice(org, broker.id, 20_000)]
    const schedule = await createSchedule(actor, { invoiceIds: [a.id, b.id, c.id] })
    const bad = [
      'Invoice Number,Advance,Fee,Reserve',
      `${a.invoiceNumber},"$900.00",30.00,70.00`,
      `${b.invoiceNumber},450,15,30`,
      'INV-NOPE,1,1,1',
      `${c.invoiceNumber},abc,1,1`,
    ].join('\n')
    const error = await refusal(importPurchaseReport(actor, schedule.id, { purchasedAt: TODAY }, bad, NOW))
    expect(error.messageKey).toBe('factoring.errors.reportRefused')
    expect(error.fields).toEqual({ [`5 · ${c.invoiceNumber}`]: ['factoring.errors.row.amount'] })
    const unreadableFixed = bad.replace(`${c.invoiceNumber},abc,1,1`, `${c.invoiceNumber},180,6,14`)
    const second = await refusal(importPurchaseReport(actor, schedule.id, { purchasedAt: TODAY }, unreadableFixed, NOW))
    expect(second.fields).toEqual({
      [`3 · ${b.invoiceNumber}`]: ['factoring.errors.row.sum'],
      '4 · INV-NOPE': ['factoring.errors.row.notOnSchedule'],
    })
    const missing = await refusal(importPurchaseReport(actor, schedule.id, { purchasedAt: TODAY }, bad.split('\n').slice(0, 2).join('\n'), NOW))
    expect(missing.fields).toEqual({ [b.invoiceNumber]: ['factoring.errors.row.missing'], [c.invoiceNumber]: ['factoring.errors.row.missing'] })
    expect((await refusal(importPurchaseReport(actor, schedule.id, { purchasedAt: TODAY }, 'number,amount\nx,1', NOW))).messageKey).toBe(
      'factoring.errors.reportColumns',
    )
    // Nothing was written by any of them.
    expect(await prisma.payment.count({ where: { invoiceId: { in: [a.id, b.id, c.id] } } })).toBe(0)
    expect((await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })).status).toBe('open')

    const good = unreadableFixed.replace(`${b.invoiceNumber},450,15,30`, `${b.invoiceNumber},450,15,35`).replace('INV-NOPE,1,1,1\n', '')
    const purchased = await importPurchaseReport(actor, schedule.id, { purchasedAt: TODAY }, good, NOW)
    expect(serializeSchedule(purchased)).toMatchObject({
      status: 'purchased',
      totalCents: 170_000,
      advanceCents: 153_000,
      feeCents: 5_100,
      reserveCents: 11_900,
    })
    expect(purchased.items.map((item) => item.feeCents)).toEqual([3_000, 1_500, 600])
    expect((await getInvoice(org.organization.id, b.id)).status).toBe('paid')
  })

  it('refuses the whole purchase, naming the invoice, when one changed since it was scheduled', async () => {
    const { org, broker } = await factoringOrg()
    const actor = actorOf(org, 'accountant')
    const [a, b] = [await invoice(org, broker.id, 10_000), await invoice(org, broker.id, 10_000)]
    const schedule = await createSchedule(actor, { invoiceIds: [a.id, b.id] })
    await prisma.invoice.update({ where: { id: b.id }, data: { status: 'void' } })
    const error = await refusal(purchaseSchedule(actor, schedule.id, { purchasedAt: TODAY }, NOW))
    expect([error.messageKey, error.options.params]).toEqual(['factoring.errors.invoiceChanged', { invoice: b.invoiceNumber }])
    expect(await prisma.payment.count({ where: { invoiceId: a.id } })).toBe(0)
  })
})

describe('sending', () => {
  it('emails the factor the schedule (PDF, CSV) and every invoice’s packet through the queue; without a factor email it is refused', async () => {
    const bare = await factoringOrg({ factorEmail: null })
    const lone = await invoice(bare.org, bare.broker.id, 10_000)
    const unsent = await createSchedule(actorOf(bare.org), { invoiceIds: [lone.id] })
    expect((await refusal(sendSchedule(actorOf(bare.org), unsent.id, undefined))).messageKey).toBe('factoring.errors.noFactorEmail')

    const { org, broker } = await factoringOrg()
    const [a, b] = [await invoice(org, broker.id, 10_000), await invoice(org, broker.id, 20_000)]
    const schedule = await createSchedule(actorOf(org), { invoiceIds: [a.id, b.id] })
    const sent = await sendSchedule(actorOf(org), schedule.id, schedule.version)
    expect(sent).toMatchObject({ status: 'sent', emailStatus: 'queued', factorEmail: 'desk@factor.test', version: 2 })
    expect((await refusal(sendSchedule(actorOf(org), schedule.id, 1))).code).toBe('conflict')
    await runDueJobs()
    const [message, ...more] = (await outbox()).filter((mail) => mail.subject.includes(org.organization.name))
    expect(more).toEqual([])
    expect(message.to).toBe('desk@factor.test')
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual([
      `${schedule.number}.pdf`,
      `${schedule.number}.csv`,
      `${a.invoiceNumber}-packet.pdf`,
      `${b.invoiceNumber}-packet.pdf`,
    ])
    // The CSV the factor reads is in dollars with two decimals, as the purchase report it answers with: this very file reads back as one.
    const csv = Buffer.from(message.attachments[1].content, 'base64').toString('utf8')
    expect(csv).toContain(`${a.invoiceNumber},${broker.name},2026-11-01,2026-12-01,100.00,90.00,2.50,7.50\r\n`)
    const purchased = await importPurchaseReport(actorOf(org), schedule.id, { purchasedAt: TODAY }, csv, NOW)
    expect(purchased.items.map((item) => [item.advanceCents, item.feeCents, item.reserveCents])).toEqual([
      [9_000, 250, 750],
      [18_000, 500, 1_500],
    ])
    expect((await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })).emailStatus).toBe('sent')
  })
})

describe('the broker’s packet option', () => {
  it('attaches the billing packet instead of the invoice alone when the broker asks for it, and the API keeps the option', async () => {
    const { org, broker } = await factoringOrg({ agreement: false })
    const sent = await invoice(org, broker.id, 10_000)
    const plain = await invoiceEmail(await getInvoice(org.organization.id, sent.id), 'ap@acme.test')
    expect(plain.attachments.map((attachment) => attachment.filename)).toEqual([`${sent.invoiceNumber}.pdf`])
    await prisma.broker.update({ where: { id: broker.id }, data: { sendPacket: true } })
    const packet = await invoiceEmail(await getInvoice(org.organization.id, sent.id), 'ap@acme.test')
    expect(packet.attachments.map((attachment) => attachment.filename)).toEqual([`${sent.invoiceNumber}-packet.pdf`])
    expect(await pdfText(packet.attachments[0].content)).toContain('Billing packet')

    const created = await callApi(apiBrokers, {
      method: 'POST',
      path: '/api/brokers',
      token: org.users.admin.token,
      body: { name: unique('Packet Broker'), sendPacket: true },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data.sendPacket).toBe(true)
    expect((await getBroker(org.organization.id, created.body.data.id)).sendPacket).toBe(true)
    // The broker form's checkbox: ticked is `on`, unticked is absent.
    const ticked = await callPage(
      brokerEditor.action as Handler,
      '/dashboard/brokers/new',
      org.users.dispatcher.id,
      {},
      postForm({ name: unique('Form Broker'), sendPacket: 'on' }),
    )
    expect(ticked.status).toBe(302)
    const fromForm = await prisma.broker.findFirstOrThrow({ where: { organizationId: org.organization.id, name: { startsWith: 'Form Broker' } } })
    expect(fromForm.sendPacket).toBe(true)
    const refused = await callApi(apiBrokers, {
      method: 'POST',
      path: '/api/brokers',
      token: org.users.admin.token,
      body: { name: unique('B'), sendPacket: 'yes' },
    })
    expect(refused.body.error.fields.sendPacket).toHaveLength(1)
  })
})

describe('/api/factoring', () => {
  it('answers the contract’s shapes and codes: 201, 409 in_use, 400, 401, 403, 404, 405, CSV and PDF', async () => {
    const { org, factor, broker } = await factoringOrg()
    const token = org.users.accountant.token
    const [a, b] = [await invoice(org, broker.id, 100_001), await invoice(org, broker.id, 10_000)]
    const post = (body: unknown, who = token) => callApi(apiSchedules, { method: 'POST', path: '/api/factoring/schedules', token: who, body })

    const agreement = await callApi(apiAgreement, { path: '/api/factoring/agreement', token: org.users.viewer.token })
    expect(agreement.body.data).toMatchObject({ factorCompanyId: factor.id, advancePercent: 90, feePercent: 2.5, version: 1 })
    const stale = await callApi(apiAgreement, { method: 'PUT', path: '/api/factoring/agreement', token, body: { ...agreement.body.data, version: 0 } })
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict'])
    const put = await callApi(apiAgreement, { method: 'PUT', path: '/api/factoring/agreement', token, body: { ...agreement.body.data, feePercent: 3 } })
    expect([put.status, put.body.data.feePercent, put.body.data.version]).toEqual([200, 3, 2])
    expect((await callApi(apiAgreement, { method: 'PUT', path: '/api/factoring/agreement', token: org.users.viewer.token, body: put.body.data })).status).toBe(
      403,
    )

    const created = await post({ invoiceIds: [a.id] })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.data).toMatchObject({
      number: 'SCH-000001',
      totalCents: 100_001,
      advanceCents: 90_001,
      feeCents: 3_000,
      invoices: [{ invoiceId: a.id, invoiceNumber: a.invoiceNumber, amountCents: 100_001 }],
    })
    const taken = await post({ invoiceIds: [b.id, a.id] })
    expect([taken.status, taken.body.error.code]).toEqual([409, 'in_use'])
    expect(taken.body.error.message).toContain(a.invoiceNumber)
    for (const body of [{}, { invoiceIds: [] }, { invoiceIds: 'x'.repeat(300) }, { invoiceIds: [b.id, b.id] }]) {
      const answer = await post(body)
      expect([answer.status, answer.body.error.code], JSON.stringify(body)).toEqual([400, 'validation_failed'])
    }
    expect((await callApi(apiSchedules, { method: 'POST', path: '/api/factoring/schedules', token, rawBody: '{' })).status).toBe(400)
    expect((await post({ invoiceIds: [b.id] }, '')).status).toBe(401)
    expect((await post({ invoiceIds: [b.id] }, org.users.dispatcher.token)).status).toBe(403)
    expect((await post({ invoiceIds: [b.id] }, org.users.viewer.token)).status).toBe(403)
    expect((await callApi(apiSchedules, { method: 'DELETE', path: '/api/factoring/schedules', token })).status).toBe(405)
    expect(await prisma.factoringSchedule.count({ where: { organizationId: org.organization.id } })).toBe(1)

    const id = created.body.data.id
    const list = await callApi(apiSchedules, { path: `/api/factoring/schedules?q=${a.invoiceNumber}`, token: org.users.viewer.token })
    expect([list.status, list.body.meta.total, list.body.data[0].invoiceCount]).toEqual([200, 1, 1])
    const other = await createOrg()
    expect((await callApi(apiSchedule, { path: `/api/factoring/schedules/${id}`, params: { id }, token: other.users.admin.token })).status).toBe(404)
    expect((await callApi(apiSchedule, { path: `/api/factoring/schedules/${id}`, params: { id }, token: org.users.dispatcher.token })).status).toBe(403)

    const request = (suffix: string) =>
      new Request(`http://localhost/api/factoring/schedules/${id}${suffix}`, { headers: { Authorization: `Bearer ${token}` } })
    const csv = await apiSchedule.loader({ request: request('?format=csv'), params: { id }, context: {} } as never)
    expect(csv.headers.get('Content-Type')).toContain('text/csv')
    const text = await csv.text()
    expect(text).toContain('invoiceNumber,broker,issueDate,dueDate,amount,advance,fee,reserve')
    expect(text).toContain(`${a.invoiceNumber},${broker.name},2026-11-01,2026-12-01,1000.01,900.01,30.00,70.00`)
    const pdf = await apiPdf.loader({ request: request('/pdf'), params: { id }, context: {} } as never)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    const pdfBody = await pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(pdfBody).toContain('Schedule of accounts')
    expect(pdfBody).toContain(a.invoiceNumber)

    const staleSend = await callApi(apiSend, { method: 'POST', path: `/api/factoring/schedules/${id}/send`, params: { id }, token, body: { version: 7 } })
    expect([staleSend.status, staleSend.body.error.code]).toEqual([409, 'conflict'])
    const badLine = await callApi(apiPurchase, {
      method: 'POST',
      path: `/api/factoring/schedules/${id}/purchase`,
      params: { id },
      token,
      body: { purchasedAt: '2026-11-02', lines: [{ invoiceNumber: a.invoiceNumber, advanceCents: 1, feeCents: 1, reserveCents: 1 }] },
    })
    expect([badLine.status, Object.keys(badLine.body.error.fields)]).toEqual([400, ['lines.0']])
    const bought = await callApi(apiPurchase, {
      method: 'POST',
      path: `/api/factoring/schedules/${id}/purchase`,
      params: { id },
      token,
      body: { purchasedAt: '2026-11-02' },
    })
    expect([bought.status, bought.body.data.status]).toEqual([200, 'purchased'])
    const twice = await callApi(apiPurchase, {
      method: 'POST',
      path: `/api/factoring/schedules/${id}/purchase`,
      params: { id },
      token,
      body: { purchasedAt: '2026-11-02' },
    })
    expect([twice.status, twice.body.error.code]).toEqual([409, 'invalid_transition'])
    expect((await callApi(apiPurchase, { path: `/api/factoring/schedules/${id}/purchase`, params: { id }, token })).status).toBe(405)
    // The reserve released, another schedule voided, and an organization with no agreement: each answer as documented.
    const released = await callApi(apiRelease, {
      method: 'POST',
      path: `/api/factoring/schedules/${id}/release`,
      params: { id },
      token,
      body: { releasedAt: '2026-11-03', amountCents: 1_000 },
    })
    expect([released.status, released.body.data.reserveReleasedCents, released.body.data.reserveReleasedAt]).toEqual([200, 1_000, '2026-11-03'])
    const second = (await post({ invoiceIds: [b.id] })).body.data
    const voided = await callApi(apiVoid, { method: 'POST', path: `/api/factoring/schedules/${second.id}/void`, params: { id: second.id }, token })
    expect([voided.status, voided.body.data.status]).toEqual([200, 'void'])
    const none = await callApi(apiAgreement, { path: '/api/factoring/agreement', token: other.users.admin.token })
    expect([none.status, none.body.data]).toEqual([200, null])
  })
})
