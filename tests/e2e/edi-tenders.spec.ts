import fs from 'node:fs'
import path from 'node:path'

import type { APIRequestContext } from '@playwright/test'

import { expect, signedIn, test, type TestOrganization, toast } from './fixtures'

// Answering tenders (ADR 149): a 204 posted through the API as the spec's own organization
// becomes a pending tender; dispatch accepts it on the tender page (a load is booked and linked)
// and declines another with a reason. Plain forms: the same without JavaScript.
const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/edi', name), 'utf8')
/** Respond-by moved to 2099, and the shipment renamed, so each run's tenders are open and its own. */
const openTender = (name: string, shipment: string) =>
  fixture(name)
    .replace('G62*64*20261203', 'G62*64*20991203')
    .replace(/B2\*\*FDCR\*\*SH\d+/, `B2**FDCR**${shipment}`)

async function tenderPartner(request: APIRequestContext, org: TestOrganization) {
  const headers = { Authorization: `Bearer ${org.accessToken}` }
  const broker = await request.post('/api/brokers', { headers, data: { name: 'Broker A Logistics' } })
  expect(broker.status()).toBe(201)
  const partner = await request.post('/api/edi/partners', {
    headers,
    data: {
      name: 'Broker A EDI',
      brokerId: (await broker.json()).data.id,
      isaQualifier: 'ZZ',
      isaId: 'BROKERA',
      gsId: 'BROKERA',
      ourIsaQualifier: 'ZZ',
      ourIsaId: 'FDCARRIER',
      ourGsId: 'FDCARRIER',
      transport: 'manual',
    },
  })
  expect(partner.status()).toBe(201)
}

async function postTender(request: APIRequestContext, org: TestOrganization, text: string) {
  const response = await request.post('/api/edi/inbound', {
    headers: { Authorization: `Bearer ${org.accessToken}`, 'Content-Type': 'application/edi-x12' },
    data: text,
  })
  expect(response.status()).toBe(201)
  return (await response.json()).data.tenders[0].id as string
}

test('accepts a tender into a load, and declines another with a reason', async ({ page, request }) => {
  test.setTimeout(60_000)
  const org = await signedIn(page, request)
  await tenderPartner(request, org)
  const accepted = await postTender(request, org, openTender('204-full.edi', 'SH7001'))
  const declined = await postTender(request, org, openTender('204-minimal.edi', 'SH7002'))

  await page.goto(`/dashboard/edi/tenders/${accepted}`)
  await expect(page.getByTestId('edi-tender-status')).toContainText('Pending')
  await page.getByTestId('edi-tender-accept').getByRole('button', { name: 'Accept and book the load' }).click()
  await expect(toast(page, /Tender .?SH7001.? accepted: load .+ booked/, 'success')).toBeVisible()
  await expect(page.getByTestId('edi-tender-status')).toContainText('Accepted')
  // Answered: nothing more is offered.
  await expect(page.getByTestId('edi-tender-accept')).toHaveCount(0)
  await expect(page.getByTestId('edi-tender-decline')).toHaveCount(0)
  await page.getByTestId('edi-tender-load').getByRole('link').click()
  await expect(page.getByText('SH7001').first()).toBeVisible()
  await expect(page.getByText('Austin').first()).toBeVisible()

  await page.goto(`/dashboard/edi/tenders/${declined}`)
  const decline = page.getByTestId('edi-tender-decline')
  // A reason is required: refused at its field, nothing written.
  await decline.getByRole('button', { name: 'Decline' }).click()
  await expect(decline.getByText('This field is required.')).toBeVisible()
  await expect(page.getByTestId('edi-tender-status')).toContainText('Pending')
  await decline.getByLabel('Reason for declining').fill('No truck near Dallas that day')
  await decline.getByRole('button', { name: 'Decline' }).click()
  await expect(toast(page, /Tender .?SH7002.? declined/, 'success')).toBeVisible()
  await expect(page.getByTestId('edi-tender-status')).toContainText('Declined')
  await expect(page.getByTestId('edi-tender-decline-reason')).toContainText('No truck near Dallas that day')

  // Both 990s are in the message log, to download (the partner's transport is manual).
  await page.goto('/dashboard/edi/messages?direction=out&type=990')
  await expect(page.getByTestId('edi-messages-table').getByTestId('edi-message-delivery')).toHaveCount(2)
  await expect(page.getByTestId('edi-messages-table')).toContainText('To download')
})
