/**
 * The organization's own details: one schema and one model for the page and `GET, PUT
 * /api/organization` (admins write, viewers read, other roles 403; stale versions 409, bad input
 * 400 in the caller's language, an audit event per save), and invoices "from your organization"
 * print its address, MC number and bank on the page and in the PDF. Its documents' language (ADR
 * 128) is the registering admin's, then whatever an admin chooses on the page or with PUT.
 */
import { describe, expect, it } from 'vitest'

import { listAuditEvents } from '~/models/audit/audit-log.server'
import { createInvoice } from '~/models/invoices/invoice.server'
import { invoicePdf } from '~/models/invoices/invoice-pdf.server'
import { getOrganization, serializeOrganization, updateOrganization } from '~/models/organization/organization.server'
import * as register from '~/routes/api/account/register'
import * as api from '~/routes/api/organization'
import * as registerPage from '~/routes/auth/register'
import * as auditPage from '~/routes/dashboard/audit'
import * as invoiceView from '~/routes/dashboard/invoices/view'
import * as page from '~/routes/dashboard/organization'
import { AuditListQuerySchema } from '~/schemas/audit'
import { InvoiceSchema } from '~/schemas/invoice'
import { OrganizationUpdateSchema } from '~/schemas/organization'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, refusal, unique } from '../helpers'
import { callPage, postForm } from '../page-helpers'
import { pdfText } from '../pdf-text'

type Org = Awaited<ReturnType<typeof createOrg>>

const DETAILS = {
  name: 'Prairie Haul',
  legalName: 'Prairie Haul Logistics LLC',
  mcNumber: 'MC-123456',
  dotNumber: 'USDOT 7654321',
  phone: '(405) 555-0142',
  addressLine1: '8100 Clinton Dr',
  city: 'Houston',
  state: 'tx',
  postalCode: '77029',
  country: 'us',
  timeZone: 'America/Chicago',
  bankName: 'First Plains Bank',
  bankAccountName: 'Prairie Haul Logistics LLC',
  // A real ABA check digit: 3·(0+0+0) + 7·(2+0+0) + (1+0+1) = 16 → … 021000021 is valid.
  bankRoutingNumber: '021 000 021',
  bankAccountNumber: '0012-3456-789',
}

async function version(org: Org) {
  return (await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).version
}

describe('GET, PUT /api/organization', () => {
  it('answers the caller’s organization to admins and viewers, 403 to other roles and 401 without a token', async () => {
    const org = await createOrg()
    for (const role of ['admin', 'viewer'] as const) {
      const { status, body } = await callApi(api, { path: '/api/organization', token: org.users[role].token })
      expect(status).toBe(200)
      expect(body.data).toMatchObject({ id: org.organization.id, name: org.organization.name, timeZone: 'America/Chicago', version: 1, mcNumber: null })
    }
    for (const role of ['dispatcher', 'accountant', 'driver'] as const) {
      const { status, body } = await callApi(api, { path: '/api/organization', token: org.users[role].token })
      expect(status).toBe(403)
      expect(body.error.code).toBe('forbidden')
    }
    expect((await callApi(api, { path: '/api/organization' })).status).toBe(401)
  })

  it('saves the whole record for admins, normalised, with an audit event, and bumps the version', async () => {
    const org = await createOrg()
    const { status, body } = await callApi(api, {
      method: 'PUT',
      path: '/api/organization',
      token: org.users.admin.token,
      body: { ...DETAILS, version: 1, id: 'ignored', createdAt: 'ignored' },
    })
    expect(status).toBe(200)
    expect(body.data).toMatchObject({
      id: org.organization.id,
      name: 'Prairie Haul',
      mcNumber: '123456',
      dotNumber: '7654321',
      state: 'TX',
      country: 'US',
      bankRoutingNumber: '021000021',
      bankAccountNumber: '00123456789',
      version: 2,
    })
    const event = await prisma.auditEvent.findFirstOrThrow({ where: { organizationId: org.organization.id, entity: 'organization' } })
    expect(event).toMatchObject({ entityId: org.organization.id, action: 'update', userId: org.users.admin.id })
    expect(event.changes).toMatchObject({ mcNumber: { before: null, after: '123456' }, bankRoutingNumber: { before: null, after: '021000021' } })
    // The audit log names the record and its fields in the reader's language.
    const [listed] = (await listAuditEvents(org.organization.id, AuditListQuerySchema.parse({ entity: 'organization' }))).items
    expect(listed).toMatchObject({ recordName: 'Prairie Haul', recordExists: true })
    const audit = await callPage(auditPage.loader, '/dashboard/audit?entity=organization', org.users.admin.id)
    const labels = (audit.data!.items as Array<{ changes: Array<{ label: string }> }>)[0].changes.map((change) => change.label)
    expect(labels).toEqual(expect.arrayContaining(['Organization name', 'Routing number', 'Account holder']))
  })

  it('is 403 for a viewer’s PUT, and changes nothing', async () => {
    const org = await createOrg()
    const { status } = await callApi(api, { method: 'PUT', path: '/api/organization', token: org.users.viewer.token, body: { ...DETAILS, version: 1 } })
    expect(status).toBe(403)
    expect(await version(org)).toBe(1)
  })

  it('answers bad input 400 with each field’s message in the caller’s language, and saves nothing', async () => {
    const org = await createOrg()
    const { status, body } = await callApi(api, {
      method: 'PUT',
      path: '/api/organization',
      token: org.users.admin.token,
      headers: { 'Accept-Language': 'fr' },
      body: { ...DETAILS, name: '', bankRoutingNumber: '021000022', timeZone: 'Mars/Olympus', mcNumber: 'MC-12', version: 1 },
    })
    expect(status).toBe(400)
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.fields).toMatchObject({
      bankRoutingNumber: ['Saisissez le numéro de routage à neuf chiffres de la banque ; ces chiffres n’en forment pas un valide.'],
      timeZone: ['Choisissez un fuseau horaire dans la liste.'],
      mcNumber: ['Saisissez un numéro MC de 3 à 8 chiffres, par exemple MC-123456.'],
    })
    expect(body.error.fields.name).toHaveLength(1)
    const missing = await callApi(api, {
      method: 'PUT',
      path: '/api/organization',
      token: org.users.admin.token,
      body: { name: 'X', timeZone: 'UTC', bankAccountNumber: '123456', version: 1 },
    })
    expect(missing.status).toBe(400)
    expect(missing.body.error.fields).toEqual({ bankRoutingNumber: ['Enter the routing number that goes with the account number.'] })
    const unversioned = await callApi(api, { method: 'PUT', path: '/api/organization', token: org.users.admin.token, body: { name: 'X', timeZone: 'UTC' } })
    expect(unversioned.status).toBe(400)
    expect(Object.keys(unversioned.body.error.fields)).toEqual(['version'])
    expect(await version(org)).toBe(1)
  })

  it('answers a stale version 409 conflict and keeps the other save', async () => {
    const org = await createOrg()
    await updateOrganization(actorOf(org), OrganizationUpdateSchema.parse({ ...DETAILS, version: 1 }))
    const { status, body } = await callApi(api, {
      method: 'PUT',
      path: '/api/organization',
      token: org.users.admin.token,
      body: { ...DETAILS, name: 'Lost update', version: 1 },
    })
    expect(status).toBe(409)
    expect(body.error.code).toBe('conflict')
    expect((await getOrganization(org.organization.id)).name).toBe('Prairie Haul')
    expect(await version(org)).toBe(2)
  })

  it('refuses a method it does not answer', async () => {
    const org = await createOrg()
    expect((await callApi(api, { method: 'DELETE', path: '/api/organization', token: org.users.admin.token })).status).toBe(405)
  })
})

describe('the organization page', () => {
  it('offers the form to admins, the details read-only to viewers, and 403 to other roles', async () => {
    const org = await createOrg()
    const admin = await callPage(page.loader, '/dashboard/organization', org.users.admin.id)
    expect(admin.status).toBe(200)
    expect(admin.data).toMatchObject({ canUpdate: true, defaults: { name: org.organization.name, timeZone: 'America/Chicago', version: 1 } })
    expect(admin.data!.timeZones).toContain('America/Chicago')
    const viewer = await callPage(page.loader, '/dashboard/organization', org.users.viewer.id)
    expect(viewer.status).toBe(200)
    expect(viewer.data).toMatchObject({ canUpdate: false, organization: { id: org.organization.id } })
    expect(viewer.data!.defaults).toBeUndefined()
    for (const role of ['dispatcher', 'accountant', 'driver'] as const) {
      expect((await callPage(page.loader, '/dashboard/organization', org.users[role].id)).status).toBe(403)
    }
  })

  it('saves with the same schema as the API, answers its messages at the fields, and refuses viewers and stale versions', async () => {
    const org = await createOrg()
    const form = { ...DETAILS, version: '1' }
    const bad = await callPage(page.action, '/dashboard/organization', org.users.admin.id, {}, postForm({ ...form, bankAccountNumber: '12' }))
    expect(bad.status).toBe(400)
    expect((bad.data!.result as { error: Record<string, string[]> }).error.bankAccountNumber).toEqual(['Enter an account number of 4 to 17 digits.'])
    expect((await callPage(page.action, '/dashboard/organization', org.users.viewer.id, {}, postForm(form))).status).toBe(403)
    const saved = await callPage(page.action, '/dashboard/organization', org.users.admin.id, {}, postForm(form))
    expect(saved).toMatchObject({ status: 302, location: '/dashboard/organization' })
    expect(serializeOrganization(await getOrganization(org.organization.id))).toMatchObject({
      legalName: 'Prairie Haul Logistics LLC',
      mcNumber: '123456',
      version: 2,
    })
    const stale = await callPage(page.action, '/dashboard/organization', org.users.admin.id, {}, postForm({ ...form, name: 'Lost' }))
    expect(stale.status).toBe(409)
    expect(stale.data).toMatchObject({ conflict: true })
  })

  it('is a refusal, not a 500, for a malformed version', async () => {
    const org = await createOrg()
    const answer = await callPage(page.action, '/dashboard/organization', org.users.admin.id, {}, postForm({ ...DETAILS, version: '1e0' }))
    expect(answer.status).toBe(400)
    expect((await refusal(updateOrganization(actorOf(org), OrganizationUpdateSchema.parse({ ...DETAILS, version: 9 })))).code).toBe('conflict')
  })
})

describe('invoices from your organization', () => {
  async function invoiceWithoutCompany(org: Org) {
    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: unique('Acme Freight') } })
    return createInvoice(
      actorOf(org, 'accountant'),
      InvoiceSchema.parse({ brokerId: broker.id, issueDate: '2026-11-02', items: [{ title: 'Linehaul', quantity: 1, unitPriceCents: 100_000 }] }),
      'en',
    )
  }

  it('print its legal name, address and MC number, and its bank as the remit-to, on the page and in the PDF', async () => {
    const org = await createOrg()
    await updateOrganization(actorOf(org), OrganizationUpdateSchema.parse({ ...DETAILS, version: 1 }))
    const invoice = await invoiceWithoutCompany(org)
    const view = await callPage(invoiceView.loader, `/dashboard/invoice/${invoice.id}`, org.users.accountant.id, { id: invoice.id })
    expect(view.data!.from).toEqual({
      name: 'Prairie Haul Logistics LLC',
      lines: ['8100 Clinton Dr', 'Houston, TX 77029', 'US', 'MC-123456', 'USDOT 7654321', '(405) 555-0142'],
    })
    expect(view.data!.remit).toEqual({
      lines: ['Prairie Haul Logistics LLC', 'First Plains Bank', 'Routing (ABA) 021000021', 'Account 00123456789'],
      notice: null,
    })

    const text = await pdfText((await invoicePdf(org.organization.id, invoice.id)).bytes)
    for (const line of [
      'Prairie Haul Logistics LLC',
      '8100 Clinton Dr',
      'Houston, TX 77029',
      'MC-123456',
      'First Plains Bank',
      'Routing (ABA) 021000021',
      'Account 00123456789',
    ]) {
      expect(text).toContain(line)
    }
  })

  it('print no remit-to without bank details', async () => {
    const org = await createOrg()
    const invoice = await invoiceWithoutCompany(org)
    const view = await callPage(invoiceView.loader, `/dashboard/invoice/${invoice.id}`, org.users.accountant.id, { id: invoice.id })
    expect(view.data).toMatchObject({ from: { name: org.organization.name, lines: [] }, remit: { lines: null, notice: null } })
  })
})

describe('the language of the organization’s documents', () => {
  it('round-trips through GET and PUT /api/organization; a PUT without it keeps it, an unknown one is 400 at the field', async () => {
    const org = await createOrg()
    const read = async () => (await callApi(api, { path: '/api/organization', token: org.users.viewer.token })).body.data
    expect((await read()).language).toBe('en')
    const put = (body: Record<string, unknown>) =>
      callApi(api, { method: 'PUT', path: '/api/organization', token: org.users.admin.token, headers: { 'Accept-Language': 'fr' }, body })
    const saved = await put({ ...DETAILS, language: 'fr', version: 1 })
    expect([saved.status, saved.body.data.language]).toEqual([200, 'fr'])
    expect(await read()).toMatchObject({ language: 'fr', version: 2 })
    expect((await put({ ...DETAILS, name: 'Still French', version: 2 })).body.data).toMatchObject({ language: 'fr', name: 'Still French' })
    for (const language of ['de', 'FR', 'fr-CA']) {
      const refused = await put({ ...DETAILS, language, version: 3 })
      expect(refused.status).toBe(400)
      expect(refused.body.error.fields).toEqual({ language: ['Choisissez l’une des options.'] })
    }
    expect(await read()).toMatchObject({ language: 'fr', version: 3 })
  })

  it('is a field of the organization page: offered to admins, saved with the rest, an unknown one refused at the field', async () => {
    const org = await createOrg()
    const admin = await callPage(page.loader, '/dashboard/organization', org.users.admin.id)
    expect(admin.data).toMatchObject({ defaults: { language: 'en' } })
    const form = { ...DETAILS, version: '1' }
    const bad = await callPage(page.action, '/dashboard/organization', org.users.admin.id, {}, postForm({ ...form, language: 'xx' }))
    expect(bad.status).toBe(400)
    expect((bad.data!.result as { error: Record<string, string[]> }).error.language).toEqual(['Choose one of the options.'])
    const saved = await callPage(page.action, '/dashboard/organization', org.users.admin.id, {}, postForm({ ...form, language: 'ar' }))
    expect(saved).toMatchObject({ status: 302, location: '/dashboard/organization' })
    expect((await getOrganization(org.organization.id)).language).toBe('ar')
    const viewer = await callPage(page.loader, '/dashboard/organization', org.users.viewer.id)
    expect(viewer.data).toMatchObject({ organization: { language: 'ar' } })
  })

  it('is at registration the registering admin’s: the API’s request language, the form’s page language', async () => {
    const languageOf = async (email: string) =>
      (await prisma.user.findUniqueOrThrow({ where: { email }, select: { organization: { select: { language: true } } } })).organization.language
    const viaApi = `${unique('vi')}@example.test`.toLowerCase()
    const answer = await callApi(register, {
      method: 'POST',
      path: '/api/account/register',
      headers: { 'Accept-Language': 'vi-VN,vi;q=0.9,en;q=0.5' },
      body: { email: viaApi, password: 'long enough pw', firstName: 'Lan', lastName: 'Nguyen' },
    })
    expect(answer.status).toBe(201)
    expect(await languageOf(viaApi)).toBe('vi')
    const english = `${unique('en')}@example.test`.toLowerCase()
    await callApi(register, {
      method: 'POST',
      path: '/api/account/register',
      body: { email: english, password: 'long enough pw', firstName: 'A', lastName: 'B' },
    })
    expect(await languageOf(english)).toBe('en')

    const viaForm = `${unique('cn')}@example.test`.toLowerCase()
    const form = postForm({ email: viaForm, password: 'long enough pw', firstName: 'Wei', lastName: 'Zhang', organizationName: 'Zhang Freight' })
    const sent = await callPage(registerPage.action, '/auth/register', null, {}, { ...form, headers: { ...form.headers, Cookie: 'i18nextLng=cn' } })
    expect(sent).toMatchObject({ status: 302, location: '/auth/register?sent=1' })
    expect(await languageOf(viaForm)).toBe('cn')
  })
})
