/**
 * The organization's inbound address: given at creation (a slug of the name and six
 * random characters), `<local part>@INBOUND_EMAIL_DOMAIN`, read by `GET /api/organization` as
 * `inboundEmail`, never changed by a PUT, and shown on the account and organization pages.
 */
import { describe, expect, it } from 'vitest'

import { registerOrganization } from '~/models/users/auth.server'
import * as api from '~/routes/api/organization'
import * as organizationPage from '~/routes/dashboard/organization'
import * as accountPage from '~/routes/dashboard/users/account'
import { prisma } from '~/utils/db.server'
import { inboundEmail, inboundLocalPartOf, newInboundLocalPart } from '~/utils/inbound-address.server'

import { callApi, createOrg, unique } from '../helpers'
import { callPage } from '../page-helpers'

const DOMAIN = 'inbound.freightdesk.test'

async function localPartOf(organizationId: string) {
  return (await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { inboundLocalPart: true } })).inboundLocalPart
}

describe('the inbound address', () => {
  it('is a slug of the name (cut between words) and six random base32 characters, `org` when the name has no ASCII letters', () => {
    expect(newInboundLocalPart('Prairie Haul Logistics, LLC')).toMatch(/^prairie-haul-logistics-[a-z2-7]{6}$/)
    expect(newInboundLocalPart('Lone Star Freight Services')).toMatch(/^lone-star-freight-[a-z2-7]{6}$/)
    expect(newInboundLocalPart('Supercalifragilisticexpialidocious Hauling')).toMatch(/^supercalifragilisticexpi-[a-z2-7]{6}$/)
    expect(newInboundLocalPart('Café Élan Trucking')).toMatch(/^cafe-elan-trucking-[a-z2-7]{6}$/)
    expect(newInboundLocalPart('北方物流')).toMatch(/^org-[a-z2-7]{6}$/)
    expect(newInboundLocalPart('Acme')).not.toBe(newInboundLocalPart('Acme'))
  })

  it('reads a recipient on our domain only, in any case, with a +tag ignored', () => {
    expect(inboundEmail('acme-x7k2qa')).toBe(`acme-x7k2qa@${DOMAIN}`)
    expect(inboundLocalPartOf(`ACME-X7K2QA@Inbound.Freightdesk.Test`)).toBe('acme-x7k2qa')
    expect(inboundLocalPartOf(`acme-x7k2qa+loads@${DOMAIN}`)).toBe('acme-x7k2qa')
    expect(inboundLocalPartOf('acme-x7k2qa@elsewhere.example')).toBeNull()
    expect(inboundLocalPartOf(`a..b@${DOMAIN}`)).toBeNull()
    expect(inboundLocalPartOf(DOMAIN)).toBeNull()
  })

  it('is given to an organization at registration, and to one made without it (a random fallback)', async () => {
    const { organization } = await registerOrganization({
      email: `${unique('ada')}@example.test`,
      password: 'long enough pw',
      firstName: 'Ada',
      lastName: 'Lovelace',
      organizationName: 'Ada Freight Lines',
    })
    expect(await localPartOf(organization.id)).toMatch(/^ada-freight-lines-[a-z2-7]{6}$/)
    const bare = await prisma.organization.create({ data: { name: unique('bare') } })
    expect(bare.inboundLocalPart).toMatch(/^org-[0-9a-f]{12}$/)
  })

  it('is refused in upper case and twice by the database', async () => {
    await expect(prisma.organization.create({ data: { name: 'Upper', inboundLocalPart: 'Upper-AAAAAA' } })).rejects.toThrow()
    const org = await createOrg()
    await expect(prisma.organization.create({ data: { name: 'Twin', inboundLocalPart: await localPartOf(org.organization.id) } })).rejects.toThrow()
  })
})

describe('GET, PUT /api/organization: inboundEmail', () => {
  it('answers the address, read-only: a PUT that sends another one changes nothing', async () => {
    const org = await createOrg()
    const address = inboundEmail(await localPartOf(org.organization.id))
    const read = await callApi(api, { path: '/api/organization', token: org.users.admin.token })
    expect(read.status).toBe(200)
    expect(read.body.data.inboundEmail).toBe(address)
    expect(read.body.data).not.toHaveProperty('inboundLocalPart')
    const { id: _id, createdAt: _c, updatedAt: _u, ...record } = read.body.data
    const put = await callApi(api, {
      method: 'PUT',
      path: '/api/organization',
      token: org.users.admin.token,
      body: { ...record, inboundEmail: `mine@${DOMAIN}`, inboundLocalPart: 'mine' },
    })
    expect(put.status).toBe(200)
    expect(put.body.data.inboundEmail).toBe(address)
    expect(inboundEmail(await localPartOf(org.organization.id))).toBe(address)
  })
})

describe('the pages', () => {
  it('show the address on the account page to those who read the shared mailbox, and on the organization page', async () => {
    const org = await createOrg()
    const address = inboundEmail(await localPartOf(org.organization.id))
    for (const role of ['admin', 'dispatcher', 'accountant', 'viewer'] as const) {
      const page = await callPage(accountPage.loader, '/dashboard/user/account', org.users[role].id)
      expect(page.data).toMatchObject({ inboundEmail: address })
    }
    const driver = await callPage(accountPage.loader, '/dashboard/user/account', org.users.driver.id)
    expect(driver.data).toMatchObject({ inboundEmail: null })
    for (const role of ['admin', 'viewer'] as const) {
      const page = await callPage(organizationPage.loader, '/dashboard/organization', org.users[role].id)
      expect(page.data).toMatchObject({ organization: { inboundEmail: address } })
    }
  })
})
