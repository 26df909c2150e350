/**
 * An invoice's PDF (parsed back: number, lines, total; the same bytes twice) and its email, queued
 * in PostgreSQL with the send and delivered by the job worker with the PDF attached, through an
 * SMTP outage.
 */
import fs from 'node:fs/promises'
import path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { saveAgreement } from '~/models/factoring/factoring.server'
import { assignToFactor, createInvoice, emailInvoiceAgain, getInvoice, sendInvoice, voidInvoice } from '~/models/invoices/invoice.server'
import { invoiceEmail } from '~/models/invoices/invoice-email.server'
import { invoicePacket } from '~/models/invoices/invoice-packet.server'
import { invoicePdf } from '~/models/invoices/invoice-pdf.server'
import { runDueJobs } from '~/models/operations/jobs.server'
import * as invoiceItem from '~/routes/api/invoices/item'
import * as invoiceView from '~/routes/dashboard/invoices/view'
import { AgreementSchema } from '~/schemas/factoring'
import { InvoiceSchema } from '~/schemas/invoice'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, refusal, unique } from '../helpers'
import { callPage, type Handler } from '../page-helpers'
import { pdfText } from '../pdf-text'

type Org = Awaited<ReturnType<typeof createOrg>>

async function draft(
  org: Org,
  language: 'en' | 'ar' | 'cn' | 'vi' = 'en',
  brokerData: { billingEmail?: string | null; email?: string | null } = { billingEmail: 'ap@acme.test' },
) {
  const broker = await prisma.broker.create({
    data: { organizationId: org.organization.id, name: unique('Acme Freight'), city: 'Tulsa', state: 'OK', ...brokerData },
  })
  const load = await prisma.load.create({
    data: {
      organizationId: org.organization.id,
      brokerId: broker.id,
      loadNumber: unique('L'),
      status: 'delivered',
      linehaulCents: 150_000,
      totalCents: 170_000,
      charges: { create: [{ sequence: 1, type: 'fuel_surcharge', amountCents: 20_000 }] },
    },
  })
  return createInvoice(
    actorOf(org, 'accountant'),
    InvoiceSchema.parse({
      brokerId: broker.id,
      issueDate: '2026-11-02',
      loadIds: [load.id],
      items: [{ title: 'Detention 2 h', quantity: 2, unitPriceCents: 7_525 }],
      taxCents: 1_000,
      notes: 'Thank you',
    }),
    language,
  )
}

async function jobs() {
  return prisma.$queryRaw<Array<{ task_identifier: string; attempts: number; last_error: string | null }>>`
    SELECT task_identifier, attempts, last_error FROM graphile_worker.jobs ORDER BY id`
}

async function outbox() {
  const dir = process.env.OUTBOX_DIR!
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort()
  return Promise.all(files.map(async (file) => JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'))))
}

afterEach(async () => {
  delete process.env.SMTP_URL
  await fs.rm(process.env.OUTBOX_DIR!, { recursive: true, force: true })
})

describe('the invoice PDF', () => {
  it('prints the number, bill-to, lines and totals, and the same invoice gives the same bytes', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    const pdf = await invoicePdf(org.organization.id, invoice.id)
    expect(pdf.filename).toBe(`${invoice.invoiceNumber}.pdf`)
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(pdf.bytes)
    expect(text).toContain(invoice.invoiceNumber)
    expect(text).toContain(invoice.invoiceNumber.replace(/\d+$/, ''))
    expect(text).toMatch(/Acme Freight/)
    expect(text).toContain('Detention 2 h')
    // 1,500 + 200 + 2 × 75.25 + 10 tax = 1,860.50.
    expect(text).toContain('$1,860.50')
    expect(text).toContain('Thank you')
    expect((await invoicePdf(org.organization.id, invoice.id)).bytes.equals(pdf.bytes)).toBe(true)
  })

  it('is written in the invoice’s language', async () => {
    const org = await createOrg()
    const chinese = await draft(org, 'cn')
    const text = await pdfText((await invoicePdf(org.organization.id, chinese.id)).bytes)
    expect(text).toContain('发票')
    expect(text).toContain(chinese.invoiceNumber)
    const vietnamese = await draft(org, 'vi')
    expect(await pdfText((await invoicePdf(org.organization.id, vietnamese.id)).bytes)).toContain('Hóa đơn')
  })

  it('is another organization’s 404', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    const other = await createOrg()
    expect((await refusal(invoicePdf(other.organization.id, invoice.id))).code).toBe('not_found')
  })
})

describe('the invoice email', () => {
  it('is queued with the send and delivered by the worker with the PDF attached', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    expect(await jobs()).toEqual([])
    const sent = await sendInvoice(actorOf(org, 'accountant'), invoice.id, invoice.version)
    expect(sent).toMatchObject({ status: 'sent', emailStatus: 'queued', emailTo: 'ap@acme.test' })
    // Waiting in the database: a restart before the worker runs loses nothing.
    expect(await jobs()).toMatchObject([{ task_identifier: 'invoice_email', attempts: 0 }])
    expect(await outbox()).toEqual([])

    await runDueJobs()
    const [message] = await outbox()
    expect(message.to).toBe('ap@acme.test')
    expect(message.subject).toBe(`Invoice ${invoice.invoiceNumber} from ${org.organization.name}`)
    expect(message.text).toContain('$1,860.50')
    expect(message.attachments).toHaveLength(1)
    expect(message.attachments[0]).toMatchObject({ filename: `${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf' })
    const attached = Buffer.from(message.attachments[0].content, 'base64')
    expect(await pdfText(attached)).toContain('$1,860.50')
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ emailStatus: 'sent', emailAttempts: 1, emailError: null })
    expect(await jobs()).toEqual([])
  })

  it('survives an SMTP outage: the attempt is recorded, retried later and delivered', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    await sendInvoice(actorOf(org, 'accountant'), invoice.id, invoice.version)
    // Nothing listens on port 1: the mail server is down.
    process.env.SMTP_URL = 'smtp://127.0.0.1:1'
    await runDueJobs()
    const failed = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
    expect(failed).toMatchObject({ emailStatus: 'queued', emailAttempts: 1 })
    expect(failed.emailError).toMatch(/ECONNREFUSED|connect/i)
    expect(await jobs()).toMatchObject([{ task_identifier: 'invoice_email', attempts: 1 }])
    expect(await outbox()).toEqual([])

    delete process.env.SMTP_URL
    // The retry's time comes (graphile-worker waits about e^attempts seconds).
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()`
    await runDueJobs()
    expect(await outbox()).toHaveLength(1)
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ emailStatus: 'sent', emailAttempts: 2, emailError: null })
  })

  it('queues nothing when the send is refused, and says so when the broker has no address', async () => {
    const org = await createOrg()
    const invoice = await draft(org)
    expect((await refusal(sendInvoice(actorOf(org, 'accountant'), invoice.id, invoice.version + 1))).code).toBe('conflict')
    expect(await jobs()).toEqual([])

    const unreachable = await draft(org, 'en', { billingEmail: null, email: null })
    const sent = await sendInvoice(actorOf(org, 'accountant'), unreachable.id, unreachable.version)
    expect(sent).toMatchObject({ status: 'sent', emailStatus: 'no_address', emailTo: null })
    expect(await jobs()).toEqual([])
  })

  it('"Email again" queues one email however often it is pressed, and a void invoice is not emailed', async () => {
    const org = await createOrg()
    const invoice = await draft(org, 'en', { email: 'dispatch@acme.test' })
    let current = await sendInvoice(actorOf(org, 'accountant'), invoice.id, invoice.version)
    // No billing email: the broker's email.
    expect(current.emailTo).toBe('dispatch@acme.test')
    current = await emailInvoiceAgain(actorOf(org, 'accountant'), invoice.id, current.version)
    await emailInvoiceAgain(actorOf(org, 'accountant'), invoice.id, current.version)
    expect(await jobs()).toHaveLength(1)
    await runDueJobs()
    expect(await outbox()).toHaveLength(1)

    const other = await draft(org)
    const sent = await sendInvoice(actorOf(org, 'accountant'), other.id, other.version)
    await voidInvoice(actorOf(org, 'accountant'), other.id, sent.version)
    await runDueJobs()
    expect(await outbox()).toHaveLength(1)
    expect((await refusal(emailInvoiceAgain(actorOf(org, 'accountant'), other.id, sent.version + 1))).code).toBe('invalid_transition')
  })
})

describe('whom to pay, on every document (ADR 094)', () => {
  it('the invoice page, its PDF and packet, its email and the API agree: the remit-to it was sent with, or the factor with the notice of assignment', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const actor = actorOf(org, 'accountant')
    await prisma.organization.update({
      where: { id: organizationId },
      data: { bankName: 'First Prairie Bank', bankAccountName: 'Remit Haulers LLC', bankRoutingNumber: '111000025', bankAccountNumber: '987654321' },
    })
    const factor = await prisma.company.create({
      data: { organizationId, name: 'Prime Factor Capital', kind: 'factor', addressLine1: 'PO Box 610028', city: 'Dallas', state: 'TX', postalCode: '75261' },
    })
    await saveAgreement(actor, AgreementSchema.parse({ factorCompanyId: factor.id, advancePercent: 90, feePercent: 2.5, factorEmail: 'remit@prime.test' }))
    const own = await draft(org)
    await sendInvoice(actor, own.id, own.version)
    const made = await draft(org)
    const sent = await sendInvoice(actor, made.id, made.version)
    await assignToFactor(actor, sent.id, { assigned: true, version: sent.version })
    const notice =
      'Notice of assignment: this invoice has been assigned to Prime Factor Capital. Pay Prime Factor Capital only; a payment to anyone else does not settle it.'

    const surfaces = async (id: string) => {
      const invoice = await getInvoice(organizationId, id)
      const page = (await callPage(invoiceView.loader as Handler, `/dashboard/invoice/${id}`, org.users.viewer.id, { id })).data as {
        remit: { lines: string[] | null; notice: string | null }
      }
      const api = await callApi(invoiceItem, { path: `/api/invoice/${id}`, params: { id }, token: org.users.viewer.token })
      const squash = (text: string) => text.replace(/\s+/g, ' ')
      return {
        page: page.remit,
        pdf: squash(await pdfText((await invoicePdf(organizationId, id)).bytes)),
        packet: squash(await pdfText(Buffer.from((await invoicePacket(organizationId, id)).bytes))),
        email: (await invoiceEmail(invoice, 'ap@acme.test')).text,
        api: { remitTo: api.body.data.remitTo, factorAssignment: api.body.data.factorAssignment },
      }
    }

    const mine = await surfaces(own.id)
    expect(mine.page).toEqual({ lines: ['Remit Haulers LLC', 'First Prairie Bank', 'Routing (ABA) 111000025', 'Account 987654321'], notice: null })
    for (const text of [mine.pdf, mine.packet, mine.email]) {
      expect(text).toContain('Routing (ABA) 111000025')
      expect(text).not.toContain('Prime Factor')
    }
    expect(mine.api).toEqual({
      remitTo: {
        name: 'Remit Haulers LLC',
        address: null,
        bank: { accountName: 'Remit Haulers LLC', bankName: 'First Prairie Bank', routingNumber: '111000025', accountNumber: '987654321' },
      },
      factorAssignment: null,
    })

    const factored = await surfaces(sent.id)
    expect(factored.page).toEqual({ lines: ['Prime Factor Capital', 'PO Box 610028', 'Dallas, TX 75261', 'remit@prime.test'], notice })
    for (const text of [factored.pdf, factored.packet, factored.email]) {
      expect(text).toContain('PO Box 610028')
      expect(text).toContain(notice)
      expect(text).not.toContain('987654321')
    }
    expect(factored.api).toEqual({
      remitTo: { name: 'Prime Factor Capital', address: 'PO Box 610028\nDallas, TX 75261\nremit@prime.test', bank: null },
      factorAssignment: { factor: 'Prime Factor Capital', by: 'carrier', scheduleNumber: null, at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    })
  })
})
