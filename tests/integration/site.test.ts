/**
 * The public site's pages (docs/decisions/060-site-pages.md): the site organization's
 * texts and data on /about-us, /faqs, /contact-us and /coming-soon (the fleet counted by type),
 * the contact form into the shared inbox (honeypot, per-address and per-IP limits, field errors),
 * /maintenance's 503, and the texts' one schema for /dashboard/site and `PUT /api/organization`
 * (admins only, their own organization, stale versions 409, sizes limited, an audit event).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { getFixedT } from '~/i18n.server'
import { listAuditEvents } from '~/models/audit/audit-log.server'
import { updateSiteTexts } from '~/models/organization/organization.server'
import * as api from '~/routes/api/organization'
import * as editor from '~/routes/dashboard/site/index'
import * as maintenance from '~/routes/public/maintenance'
import * as about from '~/routes/site/about-us'
import * as comingSoon from '~/routes/site/coming-soon'
import * as contact from '~/routes/site/contact-us'
import * as faqs from '~/routes/site/faqs'
import { AuditListQuerySchema } from '~/schemas/audit'
import { SiteTextsUpdateSchema } from '~/schemas/site'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

let site: Org
const previous = process.env.SITE_ORGANIZATION

const TEXTS = {
  tagline: 'Dry van and reefer freight across Texas',
  about: 'We started with one truck in 2009.\n\nToday we run a fleet out of Dallas.',
  faq: [
    { question: 'Do you haul hazmat?', answer: 'No, we do not.' },
    { question: 'Which lanes do you run?', answer: 'Texas, Oklahoma and Louisiana.' },
  ],
  services: [{ name: 'Dry van', description: 'Full truckloads, 53 ft.' }, { name: 'Reefer' }],
  contactEmail: 'Dispatch@Example.test',
  contactPhone: '(214) 555-0100',
  comingSoonAt: '2027-01-15T09:00',
}

async function version(org: Org) {
  return (await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id }, select: { version: true } })).version
}

beforeAll(async () => {
  site = await createOrg(unique('Site Carrier'))
  await prisma.organization.update({
    where: { id: site.organization.id },
    data: {
      mcNumber: '804512',
      dotNumber: '2291047',
      phone: '+1 214 555 0140',
      addressLine1: '1820 Regal Row',
      city: 'Dallas',
      state: 'TX',
      postalCode: '75235',
    },
  })
  process.env.SITE_ORGANIZATION = site.organization.id
  await updateSiteTexts(actorOf(site), SiteTextsUpdateSchema.parse({ ...TEXTS, version: await version(site) }))
  const organizationId = site.organization.id
  await prisma.truck.createMany({
    data: [
      { organizationId, unitNumber: unique('T') },
      { organizationId, unitNumber: unique('T'), status: 'maintenance' },
      { organizationId, unitNumber: unique('T'), status: 'inactive' },
    ],
  })
  await prisma.trailer.createMany({
    data: [
      { organizationId, unitNumber: unique('R'), type: 'dry_van' },
      { organizationId, unitNumber: unique('R'), type: 'dry_van' },
      { organizationId, unitNumber: unique('R'), type: 'reefer' },
      { organizationId, unitNumber: unique('R'), type: 'flatbed', status: 'inactive' },
    ],
  })
})

afterAll(() => {
  if (previous === undefined) delete process.env.SITE_ORGANIZATION
  else process.env.SITE_ORGANIZATION = previous
})

describe('the site pages', () => {
  it('/about-us shows the site organization’s texts, authority, address and fleet by type (retired units not counted)', async () => {
    const { status, data } = await callPage(about.loader, '/about-us', null)
    expect(status).toBe(200)
    expect(data!.about).toMatchObject({
      name: site.organization.name,
      siteTagline: TEXTS.tagline,
      mcNumber: '804512',
      dotNumber: '2291047',
      siteContactPhone: TEXTS.contactPhone,
      address: ['1820 Regal Row', 'Dallas, TX 75235'],
      paragraphs: ['We started with one truck in 2009.', 'Today we run a fleet out of Dallas.'],
      services: [
        { name: 'Dry van', description: 'Full truckloads, 53 ft.' },
        { name: 'Reefer', description: undefined },
      ],
      fleet: {
        trucks: 2,
        trailers: [
          { type: 'dry_van', count: 2 },
          { type: 'reefer', count: 1 },
        ],
      },
    })
  })

  it('/faqs lists the entries in their order; /contact-us the site’s contact details', async () => {
    expect((await callPage(faqs.loader, '/faqs', null)).data!.page).toEqual({ name: site.organization.name, faq: TEXTS.faq })
    expect((await callPage(contact.loader, '/contact-us', null)).data!.contact).toEqual({
      name: site.organization.name,
      email: 'dispatch@example.test',
      phone: TEXTS.contactPhone,
      address: ['1820 Regal Row', 'Dallas, TX 75235'],
    })
  })

  it('/coming-soon counts down to the date read on the organization’s clock, and says so when none is set', async () => {
    const { data } = await callPage(comingSoon.loader, '/coming-soon', null)
    // 09:00 in Chicago in January is 15:00 UTC.
    expect(data!.target).toBe(Date.parse('2027-01-15T15:00:00Z'))
    expect(data!.date).toMatch(/Jan 15, 2027/)
    const other = await createOrg()
    process.env.SITE_ORGANIZATION = other.organization.id
    try {
      expect((await callPage(comingSoon.loader, '/coming-soon', null)).data).toMatchObject({ target: null, date: null })
    } finally {
      process.env.SITE_ORGANIZATION = site.organization.id
    }
  })

  it('/maintenance answers 503 with Retry-After (300 s while maintenance mode names no end)', async () => {
    const answer = await callPage(maintenance.loader, '/maintenance', null)
    expect(answer.status).toBe(503)
    expect(answer.headers?.get('Retry-After')).toBe('300')
  })
})

describe('the contact form', () => {
  const message = (email: string, extra: Record<string, string> = {}) => ({
    name: 'Jo Shipper',
    email,
    company: 'Acme Foods',
    phone: '(972) 555-0199',
    message: 'Two loads a week from Dallas to Tulsa. Can you quote?',
    ...extra,
  })
  const post = (fields: Record<string, string>, ip: string, headers: Record<string, string> = {}) => {
    const init = postForm(fields)
    return callPage(
      contact.action,
      '/contact-us',
      null,
      {},
      { ...init, headers: { ...(init.headers as Record<string, string>), [CLIENT_IP_HEADER]: ip, ...headers } },
    )
  }
  const inbox = (email: string) => prisma.mailMessage.findMany({ where: { organizationId: site.organization.id, fromEmail: email } })

  it('files a message in the site organization’s shared inbox, from the sender, and redirects to the thank-you state', async () => {
    const email = `${unique('jo')}@example.test`
    const answer = await post(message(email.toUpperCase()), '198.51.100.1')
    expect(answer).toMatchObject({ status: 302, location: '/contact-us?sent=1' })
    const [filed] = await inbox(email)
    expect(filed).toMatchObject({ ownerId: null, folder: 'inbox', fromName: 'Jo Shipper', fromEmail: email, isRead: false })
    expect(filed.subject).toBe('Website contact: Jo Shipper (Acme Foods)')
    expect(filed.text).toContain('Two loads a week from Dallas to Tulsa.')
    expect(filed.text).toContain('Phone: (972) 555-0199')
  })

  it('drops a message with the honeypot filled without a word', async () => {
    const email = `${unique('bot')}@example.test`
    expect(await post(message(email, { website: 'http://spam.example' }), '198.51.100.2')).toMatchObject({ status: 302, location: '/contact-us?sent=1' })
    expect(await inbox(email)).toHaveLength(0)
  })

  it('answers bad input with messages at the fields and files nothing', async () => {
    const email = 'not-an-address'
    const answer = await post(message(email, { message: '', phone: '12' }), '198.51.100.3')
    expect(answer.status).toBe(400)
    const en = getFixedT('en')
    expect(refusalOf(answer)!.fields).toEqual({ email: [en('validation.email')], message: [en('validation.required')], phone: [en('site.errors.phone')] })
    expect(await prisma.mailMessage.count({ where: { organizationId: site.organization.id, fromEmail: email } })).toBe(0)
  })

  it('limits one address (3 an hour), in the visitor’s language', async () => {
    const email = `${unique('busy')}@example.test`
    for (let n = 0; n < 3; n++) expect((await post(message(email), `198.51.100.${10 + n}`)).status).toBe(302)
    const refused = await post(message(email), '198.51.100.20', { 'Accept-Language': 'fr' })
    expect(refused.status).toBe(429)
    expect(refusalOf(refused)!.message).toBe('Vous avez déjà envoyé plusieurs messages. Réessayez dans 60 min, ou appelez-nous.')
    expect(await inbox(email)).toHaveLength(3)
  })

  it('limits one client (10 an hour) across addresses', async () => {
    const ip = '198.51.100.99'
    for (let n = 0; n < 10; n++) expect((await post(message(`${unique('many')}@example.test`), ip)).status).toBe(302)
    const email = `${unique('many')}@example.test`
    expect((await post(message(email), ip)).status).toBe(429)
    expect(await inbox(email)).toHaveLength(0)
  })
})

describe('/dashboard/site', () => {
  const form = (org: Org, v: number, extra: Record<string, string> = {}) => ({
    version: String(v),
    tagline: 'Reefer specialists',
    about: 'First paragraph.\n\nSecond paragraph.',
    'faq[0].question': 'Second question first?',
    'faq[0].answer': 'Yes.',
    'faq[1].question': '',
    'faq[1].answer': '',
    'faq[2].question': 'Then this one?',
    'faq[2].answer': 'Indeed.',
    'services[0].name': 'Reefer',
    contactEmail: `office@${org.organization.id}.test`,
    comingSoonAt: '2027-03-01T08:00',
    ...extra,
  })

  it('is for admins only: other roles get 403 on the page and its action', async () => {
    const org = await createOrg()
    expect((await callPage(editor.loader, '/dashboard/site', org.users.admin.id)).status).toBe(200)
    for (const role of ['dispatcher', 'accountant', 'driver', 'viewer'] as const) {
      expect((await callPage(editor.loader, '/dashboard/site', org.users[role].id)).status).toBe(403)
      expect((await callPage(editor.action, '/dashboard/site', org.users[role].id, {}, postForm(form(org, 1)))).status).toBe(403)
    }
    expect(await version(org)).toBe(1)
  })

  it('saves an admin’s own organization’s texts (blank rows dropped), with an audit event; the site organization is untouched', async () => {
    const org = await createOrg()
    const before = await prisma.organization.findUniqueOrThrow({ where: { id: site.organization.id } })
    const answer = await callPage(editor.action, '/dashboard/site', org.users.admin.id, {}, postForm(form(org, 1)))
    expect(answer).toMatchObject({ status: 302, location: '/dashboard/site' })
    expect(answer.toast).toMatchObject({ type: 'success', title: 'Site texts saved.' })
    const saved = await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })
    expect(saved).toMatchObject({
      version: 2,
      siteTagline: 'Reefer specialists',
      siteFaq: [
        { question: 'Second question first?', answer: 'Yes.' },
        { question: 'Then this one?', answer: 'Indeed.' },
      ],
      siteServices: [{ name: 'Reefer', description: null }],
      siteContactPhone: null,
      // 08:00 in Chicago in March (before the clocks change) is 14:00 UTC.
      siteComingSoonAt: new Date('2027-03-01T14:00:00Z'),
    })
    const events = await listAuditEvents(org.organization.id, AuditListQuerySchema.parse({ entity: 'organization' }))
    expect(events.items[0]).toMatchObject({ entity: 'organization', action: 'update' })
    // Each text its own line in the audit log.
    const changed = await prisma.auditEvent.findFirstOrThrow({
      where: { organizationId: org.organization.id, entity: 'organization' },
      orderBy: { at: 'desc' },
    })
    expect(Object.keys(changed.changes as object).sort()).toEqual([
      'siteAbout',
      'siteComingSoonAt',
      'siteContactEmail',
      'siteFaq',
      'siteServices',
      'siteTagline',
    ])
    expect(await prisma.organization.findUniqueOrThrow({ where: { id: site.organization.id } })).toMatchObject({
      version: before.version,
      siteTagline: before.siteTagline,
    })
    // The editor shows them back, the date on the organization's clock.
    const page = await callPage(editor.loader, '/dashboard/site', org.users.admin.id)
    expect(page.data!.defaults).toMatchObject({ tagline: 'Reefer specialists', comingSoonAt: '2027-03-01T08:00', version: 2 })
    expect(page.data!.siteName).toBe(site.organization.name)
  })

  it('answers a stale version with the conflict notice, and over-long or too many rows at their fields', async () => {
    const org = await createOrg()
    expect((await callPage(editor.action, '/dashboard/site', org.users.admin.id, {}, postForm(form(org, 1)))).status).toBe(302)
    const stale = await callPage(editor.action, '/dashboard/site', org.users.admin.id, {}, postForm(form(org, 1, { tagline: 'Lost edit' })))
    expect(stale.status).toBe(409)
    expect(refusalOf(stale)!.conflict).toBe(true)
    const long = await callPage(editor.action, '/dashboard/site', org.users.admin.id, {}, postForm(form(org, 2, { 'faq[0].answer': 'x'.repeat(2001) })))
    expect(long.status).toBe(400)
    expect(refusalOf(long)!.fields['faq[0].answer']).toEqual([getFixedT('en')('validation.tooLong')])
    const rows: Record<string, string> = {}
    for (let n = 0; n < 51; n++) Object.assign(rows, { [`faq[${n}].question`]: `Q${n}`, [`faq[${n}].answer`]: 'A' })
    const many = await callPage(editor.action, '/dashboard/site', org.users.admin.id, {}, postForm({ ...form(org, 2), ...rows }))
    expect(many.status).toBe(400)
    expect(refusalOf(many)!.fields.faq).toEqual([getFixedT('en')('validation.tooMany')])
    expect(await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).toMatchObject({ version: 2, siteTagline: 'Reefer specialists' })
  })

  it('adds a row without JavaScript (Conform’s insert intent): the form again, nothing written', async () => {
    const org = await createOrg()
    const answer = await callPage(
      editor.action,
      '/dashboard/site',
      org.users.admin.id,
      {},
      postForm({ ...form(org, 1), __intent__: JSON.stringify({ type: 'insert', payload: { name: 'services' } }) }),
    )
    expect(answer.status).toBe(200)
    expect(refusalOf(answer)!.fields).toEqual({})
    expect(await version(org)).toBe(1)
  })
})

describe('GET, PUT /api/organization: site', () => {
  it('round-trips the texts; a PUT without `site` keeps them; a stale version is 409 with nothing changed', async () => {
    const org = await createOrg()
    const token = org.users.admin.token
    const read = await callApi(api, { path: '/api/organization', token })
    expect(read.body.data.site).toEqual({ tagline: null, about: null, faq: [], services: [], contactEmail: null, contactPhone: null, comingSoonAt: null })
    const site = { ...TEXTS, comingSoonAt: '2027-01-15T15:00:00.000Z' }
    const put = await callApi(api, { method: 'PUT', path: '/api/organization', token, body: { ...read.body.data, site } })
    expect(put.status).toBe(200)
    expect(put.body.data.site).toEqual({
      ...TEXTS,
      contactEmail: 'dispatch@example.test',
      services: [
        { name: 'Dry van', description: 'Full truckloads, 53 ft.' },
        { name: 'Reefer', description: null },
      ],
      comingSoonAt: '2027-01-15T15:00:00.000Z',
    })
    // What GET answers goes back as it is.
    const again = await callApi(api, { method: 'PUT', path: '/api/organization', token, body: { ...put.body.data, site: undefined, name: 'Renamed' } })
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ name: 'Renamed', version: 3, site: put.body.data.site })
    const stale = await callApi(api, { method: 'PUT', path: '/api/organization', token, body: { ...read.body.data, site: { tagline: 'Stale' } } })
    expect(stale.status).toBe(409)
    expect(stale.body.error.code).toBe('conflict')
    expect((await callApi(api, { path: '/api/organization', token })).body.data).toMatchObject({ version: 3, site: { tagline: TEXTS.tagline } })
  })

  it('refuses too many rows and other roles', async () => {
    const org = await createOrg()
    const read = await callApi(api, { path: '/api/organization', token: org.users.admin.token })
    const faq = Array.from({ length: 51 }, (_, n) => ({ question: `Q${n}`, answer: 'A' }))
    const many = await callApi(api, { method: 'PUT', path: '/api/organization', token: org.users.admin.token, body: { ...read.body.data, site: { faq } } })
    expect(many.status).toBe(400)
    expect(many.body.error.fields).toHaveProperty(['site.faq'])
    const dispatcher = await callApi(api, {
      method: 'PUT',
      path: '/api/organization',
      token: org.users.dispatcher.token,
      body: { ...read.body.data, site: { tagline: 'x' } },
    })
    expect(dispatcher.status).toBe(403)
    expect(await version(org)).toBe(1)
  })
})
