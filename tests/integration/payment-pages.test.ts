/**
 * Invoice payment pages (ADR 062): the signed token (tampering in every kind of byte, expiry,
 * another organization), the link in the invoice's email, what the page shows, the broker's "we
 * have paid" (errors, honeypot, limits, never pays, notifies the accountants), and the office's
 * confirm or dismiss on the invoice page (policy, version, balance).
 */
import { createHmac } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { getFixedT } from '~/i18n.server'
import { saveAgreement } from '~/models/factoring/factoring.server'
import { assignToFactor, createInvoice, deletePayment, invoiceInclude, recordPayment, sendInvoice, voidInvoice } from '~/models/invoices/invoice.server'
import { invoiceEmail } from '~/models/invoices/invoice-email.server'
import { invoiceByPaymentToken, organizationRemitTo, paymentLink, REMITTANCE_LIMITS } from '~/models/invoices/remittance.server'
import { siteOrganizationId } from '~/models/organization/site.server'
import * as invoiceItem from '~/routes/api/invoices/item'
import * as invoiceView from '~/routes/dashboard/invoices/view'
import * as paymentPage from '~/routes/public/payment'
import * as paymentPdf from '~/routes/public/payment-pdf'
import { AgreementSchema } from '~/schemas/factoring'
import { InvoiceSchema } from '~/schemas/invoice'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'
import { signPaymentToken, verifyPaymentToken } from '~/utils/payment-token.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, unique } from '../helpers'
import { callPage, type Handler, postForm, refusalOf } from '../page-helpers'

/** A sent invoice of $1,250.00 to a broker, from an organization with bank details. */
async function sentInvoice(org: Org, unitPriceCents = 125_000) {
  await prisma.organization.update({
    where: { id: org.organization.id },
    data: { bankName: 'First Prairie Bank', bankAccountName: 'Remit Haulers LLC', bankRoutingNumber: '111000025', bankAccountNumber: '987654321' },
  })
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Broker'), billingEmail: 'ap@broker.test' } })
  const draft = await createInvoice(
    actorOf(org),
    InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'Linehaul Dallas to Tulsa', unitPriceCents }] }),
  )
  return sendInvoice(actorOf(org), draft.id, draft.version)
}

let nextIp = 1
/** A client address of its own, so one test's limits stay out of the others. */
const ip = () => `198.18.1.${nextIp++}`

const page = (token: string) => callPage(paymentPage.loader as Handler, `/payment?invoice=${encodeURIComponent(token)}`, null)
const remit = (token: string, fields: Record<string, string>, from = ip()) => {
  const init = postForm({ intent: 'remit', ...fields })
  return callPage(
    paymentPage.action as Handler,
    `/payment?invoice=${encodeURIComponent(token)}`,
    null,
    {},
    {
      ...init,
      headers: { ...(init.headers as Record<string, string>), [CLIENT_IP_HEADER]: from },
    },
  )
}
const invoicePost = (org: Org, id: string, fields: Record<string, string>, role: keyof Org['users'] = 'accountant') =>
  callPage(invoiceView.action as Handler, `/dashboard/invoice/${id}`, org.users[role].id, { id }, postForm(fields))

/** Every other character a token could hold, by class: letters, digits, the two base64url marks, the separator, and what base64url never has. */
const REPLACEMENTS: Record<string, string[]> = {
  lower: ['a', 'z'],
  upper: ['A', 'Z'],
  digit: ['0', '9'],
  mark: ['-', '_'],
  other: ['.', '+', '/', '=', ' ', '%', 'é', '\u0000'],
}

describe('payment tokens', () => {
  it('verifies the token it signed, and nothing else: any byte changed, added or removed, of any class', () => {
    const token = signPaymentToken({ id: 'clinvoice000000000000000a', organizationId: 'clorg0000000000000000000b', paymentLinkGen: 1 })
    expect(verifyPaymentToken(token)).toMatchObject({ invoiceId: 'clinvoice000000000000000a', organizationId: 'clorg0000000000000000000b' })
    const replacements = Object.values(REPLACEMENTS).flat()
    let tried = 0
    for (let i = 0; i < token.length; i++) {
      for (const replacement of replacements) {
        if (replacement === token[i]) continue
        const tampered = `${token.slice(0, i)}${replacement}${token.slice(i + 1)}`
        expect(verifyPaymentToken(tampered), `position ${i} → ${JSON.stringify(replacement)}`).toBeNull()
        tried++
      }
      expect(verifyPaymentToken(`${token.slice(0, i)}${token.slice(i + 1)}`), `without position ${i}`).toBeNull()
    }
    expect(tried).toBeGreaterThan(token.length * 10)
    // The last character of a part carries unused low bits: another spelling of the same bytes is tampering too.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const [payload, signature] = token.split('.')
    const respell = (part: string) => `${part.slice(0, -1)}${alphabet[alphabet.indexOf(part.at(-1)!) ^ 1]}`
    expect(Buffer.from(respell(signature), 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true)
    expect(verifyPaymentToken(`${payload}.${respell(signature)}`)).toBeNull()
    for (const extra of ['a', '=', '==', '.', '.x', ' ', '\n']) expect(verifyPaymentToken(`${token}${extra}`), JSON.stringify(extra)).toBeNull()
    for (const bad of ['', '.', 'a.b', token.split('.')[0], `.${token.split('.')[1]}`, token.replace('.', '..'), 'x'.repeat(5000), null, 42])
      expect(verifyPaymentToken(bad)).toBeNull()
  })

  it('reads a link made before links had a generation as the first generation', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    // Signed as the first version of the module did: three fields.
    const payload = Buffer.from(`${invoice.id}.${invoice.organizationId}.${Math.floor(Date.now() / 1000) + 86_400}`)
    const signingKey = createHmac('sha256', process.env.SESSION_SECRET!).update('freightdesk:payment-link:v1').digest()
    const old = `${payload.toString('base64url')}.${createHmac('sha256', signingKey).update(payload).digest('base64url')}`
    expect(verifyPaymentToken(old)).toMatchObject({ invoiceId: invoice.id, generation: 1 })
    expect((await page(old)).status).toBe(200)
    await callPage(
      invoiceView.action as Handler,
      `/dashboard/invoice/${invoice.id}`,
      org.users.accountant.id,
      { id: invoice.id },
      postForm({ intent: 'revokeLinks' }),
    )
    expect((await page(old)).status).toBe(404)
  })

  it('expires, and is not valid under another secret', () => {
    const now = new Date('2026-11-27T12:00:00Z')
    const token = signPaymentToken({ id: 'clinvoice000000000000000a', organizationId: 'clorg0000000000000000000b', paymentLinkGen: 1 }, now, 10)
    expect(verifyPaymentToken(token, new Date('2026-12-07T11:59:00Z'))).not.toBeNull()
    expect(verifyPaymentToken(token, new Date('2026-12-07T12:00:00Z'))).toBeNull()
    const secret = process.env.SESSION_SECRET
    process.env.SESSION_SECRET = 'another secret of at least sixteen characters'
    try {
      // env() is read on every call: the derived key follows the secret.
      expect(verifyPaymentToken(token, now)).toBeNull()
    } finally {
      process.env.SESSION_SECRET = secret
    }
  })

  it('names an invoice of its own organization only', async () => {
    const [org, other] = await Promise.all([createOrg(), createOrg()])
    const invoice = await sentInvoice(org)
    expect((await invoiceByPaymentToken(signPaymentToken(invoice)))?.id).toBe(invoice.id)
    // Signed, but naming the invoice under another organization: no such invoice there.
    expect(await invoiceByPaymentToken(signPaymentToken({ id: invoice.id, organizationId: other.organization.id, paymentLinkGen: 1 }))).toBeNull()
    expect((await page(signPaymentToken({ id: invoice.id, organizationId: other.organization.id, paymentLinkGen: 1 }))).status).toBe(404)
  })
})

describe('the payment page', () => {
  it('is linked from the invoice email on APP_URL, and shows the invoice, whom to pay with the bank details, and the PDF', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const email = await invoiceEmail(invoice, 'ap@broker.test')
    const link = /(\S+\/payment\?invoice=(\S+))/.exec(email.text)
    expect(link, email.text).not.toBeNull()
    // On the configured address (APP_URL, else the listening one), never a request's Host.
    expect(link![1].split('?')[0]).toBe(paymentLink(invoice).split('?')[0])
    const token = decodeURIComponent(link![2])
    expect(verifyPaymentToken(token)).toMatchObject({ invoiceId: invoice.id, organizationId: org.organization.id })

    const answer = await page(token)
    expect(answer.status).toBe(200)
    expect(answer.headers?.get('Cache-Control') ?? 'no-store').toBe('no-store')
    expect(paymentPage.headers()).toEqual({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin', 'X-Robots-Tag': 'noindex' })
    const data = answer.data as { page: Record<string, unknown>; organization: { id: string } }
    expect(data.organization.id).toBe(org.organization.id)
    expect(data.page).toMatchObject({
      invoice: {
        invoiceNumber: invoice.invoiceNumber,
        issueDate: '2026-11-02',
        totalCents: 125_000,
        amountPaidCents: 0,
        balanceCents: 125_000,
        items: [{ title: 'Linehaul Dallas to Tulsa', totalCents: 125_000 }],
        billTo: { email: null },
      },
      remit: { lines: ['Remit Haulers LLC', 'First Prairie Bank', 'Routing (ABA) 111000025', 'Account 987654321'], notice: null },
    })
    // Nothing internal leaves: no email state, custom fields, loads or ids of the organization's other records.
    const json = JSON.stringify(data.page)
    for (const hidden of ['ap@broker.test', 'customFields', 'loadIds', 'emailStatus', invoice.brokerId]) expect(json).not.toContain(hidden)

    const pdf = await callPage(paymentPdf.loader as Handler, `/payment/pdf?invoice=${encodeURIComponent(token)}`, null)
    expect(pdf.status).toBe(200)
    expect(pdf.headers?.get('Content-Type')).toBe('application/pdf')
    expect(pdf.headers?.get('Referrer-Policy')).toBe('same-origin')
    expect((await callPage(paymentPdf.loader as Handler, `/payment/pdf?invoice=${encodeURIComponent(`${token}x`)}`, null)).status).toBe(404)
  })

  it('says “Pay to” the factor, with the notice of assignment, only for an invoice assigned to it; an agreement saved later changes no other (ADR 094)', async () => {
    const org = await createOrg()
    const actor = actorOf(org, 'accountant')
    const before = await sentInvoice(org)
    const factor = await prisma.company.create({
      data: { organizationId: org.organization.id, name: 'Prime Factor Capital', kind: 'factor', addressLine1: 'PO Box 610028', city: 'Dallas', state: 'TX' },
    })
    await saveAgreement(actor, AgreementSchema.parse({ factorCompanyId: factor.id, advancePercent: 90, feePercent: 2.5, factorEmail: 'remit@prime.test' }))
    const own = { lines: ['Remit Haulers LLC', 'First Prairie Bank', 'Routing (ABA) 111000025', 'Account 987654321'], notice: null }
    const payTo = async (id: string) =>
      ((await page(signPaymentToken({ id, organizationId: org.organization.id, paymentLinkGen: 1 }))).data as { page: { remit: unknown } }).page.remit
    expect(await payTo(before.id)).toEqual(own)
    const after = await sentInvoice(org)
    expect(await payTo(after.id)).toEqual(own)

    await assignToFactor(actor, after.id, { assigned: true })
    expect(await payTo(after.id)).toEqual({
      lines: ['Prime Factor Capital', 'PO Box 610028', 'Dallas, TX', 'remit@prime.test'],
      notice:
        'Notice of assignment: this invoice has been assigned to Prime Factor Capital. Pay Prime Factor Capital only; a payment to anyone else does not settle it.',
    })
    // In the broker's language.
    const french = await callPage(
      paymentPage.loader as Handler,
      `/payment?invoice=${encodeURIComponent(signPaymentToken(after))}`,
      null,
      {},
      {
        headers: { Cookie: 'i18nextLng=fr' },
      },
    )
    expect((french.data as { page: { remit: { notice: string } } }).page.remit.notice).toContain('Avis de cession')
    expect(await payTo(before.id)).toEqual(own)
  })

  it('answers 404 to a tampered or expired token, and explains how to pay without one', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const token = signPaymentToken(invoice)
    const flipped = `${token.slice(0, 5)}${token[5] === 'A' ? 'B' : 'A'}${token.slice(6)}`
    expect((await page(flipped)).status).toBe(404)
    expect((await page(signPaymentToken(invoice, new Date(Date.now() - 400 * 86_400_000)))).status).toBe(404)
    expect((await remit(flipped, { amount: '10', paidOn: '2026-11-20' })).status).toBe(404)

    const howTo = await callPage(paymentPage.loader as Handler, '/payment', null)
    expect(howTo.status).toBe(200)
    const site = await siteOrganizationId()
    expect(howTo.data).toMatchObject({ token: null, page: null, organization: { id: site } })
    expect((howTo.data as { remitTo: unknown }).remitTo).toEqual(await organizationRemitTo(site!, getFixedT('en')))
  })

  it('dies with its invoice: a draft’s and a void one’s link answer 404 (page, PDF, form), a paid one’s while it is paid', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('B') } })
    const draft = await createInvoice(
      actorOf(org),
      InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'X', unitPriceCents: 100 }] }),
    )
    const pdf = (token: string) => callPage(paymentPdf.loader as Handler, `/payment/pdf?invoice=${encodeURIComponent(token)}`, null)
    const dead = async (token: string) => {
      expect((await page(token)).status).toBe(404)
      expect((await pdf(token)).status).toBe(404)
      expect((await remit(token, { amount: '1', paidOn: '2026-11-20' })).status).toBe(404)
    }
    await dead(signPaymentToken(draft))
    const sent = await sendInvoice(actorOf(org), draft.id, draft.version)
    const token = signPaymentToken(sent)
    expect((await page(token)).status).toBe(200)
    await voidInvoice(actorOf(org), sent.id, sent.version)
    await dead(token)
    expect(await prisma.remittanceAdvice.count({ where: { invoiceId: draft.id } })).toBe(0)

    // Paid in full: nothing is asked any more, so nothing is shown; a removed payment asks again.
    const open = await sentInvoice(org)
    const link = signPaymentToken(open)
    const paid = await recordPayment(actorOf(org, 'accountant'), open.id, { amountCents: 125_000, paidAt: '2026-11-20', method: 'ach' })
    await dead(link)
    // Emailed again, a paid invoice carries no payment link.
    expect((await invoiceEmail(paid, 'ap@broker.test')).text).not.toContain('/payment?')
    await deletePayment(actorOf(org, 'accountant'), open.id, paid.payments[0].id, paid.version)
    expect((await page(link)).status).toBe(200)
  })
})

describe('revoking payment links', () => {
  it('ends every link made so far (page, PDF, form) from the invoice page, audited; Email again sends a new one that works', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const first = signPaymentToken(invoice)
    const second = decodeURIComponent(/\/payment\?invoice=(\S+)/.exec((await invoiceEmail(invoice, 'ap@broker.test')).text)![1])
    expect((await page(first)).status).toBe(200)
    expect((await invoicePost(org, invoice.id, { intent: 'revokeLinks' }, 'dispatcher')).status).toBe(403)
    expect((await invoicePost(org, invoice.id, { intent: 'revokeLinks' }, 'viewer')).status).toBe(403)
    expect((await invoicePost(await createOrg(), invoice.id, { intent: 'revokeLinks' })).status).toBe(404)
    const view = await callPage(invoiceView.loader as Handler, `/dashboard/invoice/${invoice.id}`, org.users.accountant.id, { id: invoice.id })
    expect(view.data).toMatchObject({ can: { revokeLinks: true } })

    const done = await invoicePost(org, invoice.id, { intent: 'revokeLinks', version: String(invoice.version) })
    expect([done.status, done.toast?.title]).toEqual([302, `The payment links of ${invoice.invoiceNumber} no longer work. Email it again to send a new one.`])
    for (const token of [first, second]) {
      expect((await page(token)).status).toBe(404)
      expect((await callPage(paymentPdf.loader as Handler, `/payment/pdf?invoice=${encodeURIComponent(token)}`, null)).status).toBe(404)
      expect((await remit(token, { amount: '1', paidOn: '2026-11-20' })).status).toBe(404)
    }
    const after = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
    // Nothing a user edits changed: the version stays, so nobody's next click is a conflict.
    expect([after.paymentLinkGen, after.version, after.status]).toEqual([2, invoice.version, 'sent'])
    expect(await prisma.auditEvent.findFirst({ where: { entity: 'invoice', entityId: invoice.id, action: 'update' }, orderBy: { at: 'desc' } })).toMatchObject({
      userId: org.users.accountant.id,
      changes: { paymentLinkGen: { before: 1, after: 2 } },
    })

    // A new link: the email sent again carries one of the new generation.
    expect((await invoicePost(org, invoice.id, { intent: 'email', version: String(after.version) })).status).toBe(302)
    const reread = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id }, include: invoiceInclude })
    const fresh = decodeURIComponent(/\/payment\?invoice=(\S+)/.exec((await invoiceEmail(reread, 'ap@broker.test')).text)![1])
    expect(verifyPaymentToken(fresh)).toMatchObject({ invoiceId: invoice.id, generation: 2 })
    expect((await page(fresh)).status).toBe(200)
    expect((await remit(fresh, { amount: '1', paidOn: '2026-11-20' })).status).toBe(302)
  })

  it('is refused on a draft and a void invoice (409), which have no working link', async () => {
    const org = await createOrg()
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('B') } })
    const draft = await createInvoice(
      actorOf(org),
      InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'X', unitPriceCents: 100 }] }),
    )
    const refused = await invoicePost(org, draft.id, { intent: 'revokeLinks' })
    expect([refused.status, refusalOf(refused)?.message]).toEqual([409, 'A draft has no payment link yet.'])
    await voidInvoice(actorOf(org), draft.id, draft.version)
    expect(refusalOf(await invoicePost(org, draft.id, { intent: 'revokeLinks' }))?.message).toBe('The payment links of a void invoice no longer work.')
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: draft.id } })).paymentLinkGen).toBe(1)
  })
})

describe('"we have paid"', () => {
  it('refuses bad input at its fields, and stores nothing', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const token = signPaymentToken(invoice)
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ amount: '', paidOn: '2026-11-20' }, { amount: ['This field is required.'] }],
      [{ amount: 'lots', paidOn: '2026-11-20' }, { amount: ['Enter an amount such as 1250.00.'] }],
      [{ amount: '0', paidOn: '2026-11-20' }, { amount: ['Enter an amount above zero.'] }],
      [{ amount: '1250.01', paidOn: '2026-11-20' }, { amount: ['That is more than the balance due.'] }],
      [{ amount: '100', paidOn: '2099-01-01' }, { paidOn: [expect.any(String)] }],
      [{ amount: '100', paidOn: 'yesterday' }, { paidOn: [expect.any(String)] }],
      [{ amount: '100', paidOn: '2026-11-20', reference: 'x'.repeat(101) }, { reference: [expect.any(String)] }],
    ]
    for (const [fields, errors] of cases) {
      const answer = await remit(token, fields)
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(refusalOf(answer)?.fields, JSON.stringify(fields)).toMatchObject(errors)
    }
    expect(await prisma.remittanceAdvice.count({ where: { invoiceId: invoice.id } })).toBe(0)
  })

  it('stores a pending advice, tells the accountants in the shared inbox, and never pays the invoice', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const token = signPaymentToken(invoice)
    const answer = await remit(token, { amount: '1,250.00', paidOn: '2026-11-20', reference: 'ACH-77120', payerName: 'Ana at Broker AP' })
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`/payment?${new URLSearchParams({ invoice: token, sent: '1' })}`)
    expect((await callPage(paymentPage.loader as Handler, answer.location!, null)).data).toMatchObject({ sent: true })

    const advice = await prisma.remittanceAdvice.findFirstOrThrow({ where: { invoiceId: invoice.id } })
    expect(advice).toMatchObject({ status: 'pending', amountCents: 125_000, reference: 'ACH-77120', payerName: 'Ana at Broker AP', paymentId: null })
    const after = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
    expect([after.status, after.amountPaidCents, after.version]).toEqual(['sent', 0, invoice.version])
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(0)
    // The invoice API's read lists it.
    const read = await callApi(invoiceItem, { path: `/api/invoice/${invoice.id}`, params: { id: invoice.id }, token: org.users.accountant.token })
    expect(read.body.data.remittanceAdvices).toEqual([
      expect.objectContaining({ id: advice.id, status: 'pending', amountCents: 125_000, paidOn: '2026-11-20', reference: 'ACH-77120', paymentId: null }),
    ])

    const mail = await prisma.mailMessage.findMany({ where: { organizationId: org.organization.id, ownerId: null, folder: 'inbox' } })
    expect(mail).toHaveLength(1)
    expect(mail[0].subject).toBe(`Remittance advice: ${invoice.invoiceNumber}, $1,250.00`)
    expect(mail[0].text).toContain('ACH-77120')
    expect(mail[0].text).toContain(`/dashboard/invoice/${invoice.id}`)
  })

  it('drops a post whose honeypot is filled, answering as if it were taken', async () => {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    const answer = await remit(signPaymentToken(invoice), { amount: '100', paidOn: '2026-11-20', website: 'http://spam.example' })
    expect(answer.status).toBe(302)
    expect(await prisma.remittanceAdvice.count({ where: { invoiceId: invoice.id } })).toBe(0)
    expect(await prisma.mailMessage.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('limits advices per invoice link and per client address', async () => {
    const org = await createOrg()
    const [first, second] = [await sentInvoice(org), await sentInvoice(org)]
    const token = signPaymentToken(first)
    for (let i = 0; i < REMITTANCE_LIMITS.perInvoice; i++) expect((await remit(token, { amount: '1', paidOn: '2026-11-20' })).status).toBe(302)
    const limited = await remit(token, { amount: '1', paidOn: '2026-11-20' })
    expect(limited.status).toBe(429)
    expect(refusalOf(limited)?.message).toBe('Too many remittance advices for now. Please try again later, or email us.')
    expect(await prisma.remittanceAdvice.count({ where: { invoiceId: first.id } })).toBe(REMITTANCE_LIMITS.perInvoice)

    // One address, many invoices: its own limit.
    const address = ip()
    await prisma.rateLimitHit.createMany({ data: Array.from({ length: REMITTANCE_LIMITS.perIp }, () => ({ key: `remittance-ip:${address}` })) })
    expect((await remit(signPaymentToken(second), { amount: '1', paidOn: '2026-11-20' }, address)).status).toBe(429)
    expect((await remit(signPaymentToken(second), { amount: '1', paidOn: '2026-11-20' })).status).toBe(302)
  })
})

describe('remittance advices on the invoice page', () => {
  async function withAdvice(amount = '500.00') {
    const org = await createOrg()
    const invoice = await sentInvoice(org)
    expect((await remit(signPaymentToken(invoice), { amount, paidOn: '2026-11-20', reference: 'CHK 1042' })).status).toBe(302)
    const advice = await prisma.remittanceAdvice.findFirstOrThrow({ where: { invoiceId: invoice.id } })
    return { org, invoice, advice }
  }
  const view = (org: Org, role: keyof Org['users'], id: string) =>
    callPage(invoiceView.loader as Handler, `/dashboard/invoice/${id}`, org.users[role].id, { id })

  it('offers Confirm and Dismiss to accountants and admins only; confirming records the payment and links it, in one go', async () => {
    const { org, invoice, advice } = await withAdvice()
    expect((await view(org, 'accountant', invoice.id)).data).toMatchObject({
      advices: [{ id: advice.id, status: 'pending', amountCents: 50_000, offers: { confirm: true, dismiss: true } }],
    })
    expect((await view(org, 'dispatcher', invoice.id)).data).toMatchObject({ advices: [{ offers: { confirm: false, dismiss: false } }] })
    const fields = { intent: 'confirmAdvice', adviceId: advice.id, version: String(advice.version) }
    expect((await invoicePost(org, invoice.id, fields, 'dispatcher')).status).toBe(403)
    expect((await invoicePost(org, invoice.id, fields, 'viewer')).status).toBe(403)
    const other = await createOrg()
    expect((await invoicePost(other, invoice.id, fields)).status).toBe(404)

    const done = await invoicePost(org, invoice.id, fields)
    expect([done.status, done.toast?.title]).toEqual([302, `Remittance advice confirmed: a payment is recorded on ${invoice.invoiceNumber}.`])
    const confirmed = await prisma.remittanceAdvice.findUniqueOrThrow({ where: { id: advice.id } })
    const payment = await prisma.payment.findFirstOrThrow({ where: { invoiceId: invoice.id } })
    expect(confirmed).toMatchObject({ status: 'confirmed', paymentId: payment.id, handledById: org.users.accountant.id, version: advice.version + 1 })
    expect(payment).toMatchObject({ amountCents: 50_000, reference: 'CHK 1042', method: 'other' })
    expect(payment.paidAt.toISOString().slice(0, 10)).toBe('2026-11-20')
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'partially_paid', amountPaidCents: 50_000 })
    expect(await prisma.auditEvent.count({ where: { entity: 'remittanceAdvice', entityId: advice.id } })).toBe(2)

    // Handled: no second payment, whoever asks.
    const again = await invoicePost(org, invoice.id, { ...fields, version: String(confirmed.version) })
    expect(again.status).toBe(409)
    expect(refusalOf(again)?.message).toBe('This remittance advice is already confirmed.')
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(1)
  })

  it('refuses a stale version and an amount above the balance, writing nothing', async () => {
    const { org, invoice, advice } = await withAdvice('1000.00')
    const stale = await invoicePost(org, invoice.id, { intent: 'confirmAdvice', adviceId: advice.id, version: String(advice.version + 1) })
    expect([stale.status, refusalOf(stale)?.conflict]).toEqual([409, true])

    // Meanwhile a payment by hand leaves less than the advice's amount.
    await recordPayment(actorOf(org, 'accountant'), invoice.id, { amountCents: 50_000, paidAt: '2026-11-21', method: 'check' })
    const over = await invoicePost(org, invoice.id, { intent: 'confirmAdvice', adviceId: advice.id, version: String(advice.version) })
    expect(over.status).toBe(400)
    expect(refusalOf(over)?.reasons.join(' ')).toMatch(/balance/i)
    expect(await prisma.remittanceAdvice.findUniqueOrThrow({ where: { id: advice.id } })).toMatchObject({ status: 'pending', paymentId: null })
    expect(await prisma.payment.count({ where: { invoiceId: invoice.id } })).toBe(1)
  })

  it('dismisses an advice without paying anything', async () => {
    const { org, invoice, advice } = await withAdvice()
    const done = await invoicePost(org, invoice.id, { intent: 'dismissAdvice', adviceId: advice.id, version: String(advice.version) }, 'admin')
    expect(done.status).toBe(302)
    expect(await prisma.remittanceAdvice.findUniqueOrThrow({ where: { id: advice.id } })).toMatchObject({ status: 'dismissed', paymentId: null })
    expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ status: 'sent', amountPaidCents: 0 })
    const confirm = await invoicePost(org, invoice.id, { intent: 'confirmAdvice', adviceId: advice.id, version: String(advice.version + 1) })
    expect([confirm.status, refusalOf(confirm)?.message]).toEqual([409, 'This remittance advice was dismissed.'])
  })
})
