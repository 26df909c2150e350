/**
 * Webhooks (ADR 071): an admin registers an endpoint, copies its secret (shown once), a
 * load made through the API reaches a local receiver signed as Standard Webhooks says (verified
 * here with the `standardwebhooks` package), the delivery shows in the endpoint's log, and
 * "Resend" sends it again with the same webhook-id. The server runs with
 * WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true (playwright.config.ts) so it may call this receiver.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { Webhook } from 'standardwebhooks'

import { expect, signedIn, test, toast, uniqueId, whenHydrated } from './fixtures'
import { api, apiLoad } from './load-fixtures'

type Received = { path: string; headers: Record<string, string>; body: string }
const received: Received[] = []
/** Per path, the statuses to answer in turn (the last one repeats); 204 otherwise. */
const scripts = new Map<string, number[]>()
let server: http.Server
let base = ''

test.beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers as Record<string, string>, body })
      const script = scripts.get(request.url ?? '') ?? [204]
      response.writeHead(script.length > 1 ? script.shift()! : script[0]).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const at = (path: string) => () => received.filter((request) => request.path === path)

test('registers an endpoint, shows its secret once, logs a signed delivery and resends it', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const path = `/hooks/${uniqueId('e2e')}`

  await page.goto('/dashboard/webhooks')
  await expect(page.getByTestId('webhooks-empty')).toBeVisible()
  await page.getByTestId('new-webhook').click()
  await page.getByLabel('Endpoint URL').fill(`${base}${path}`)
  await page.getByLabel('Description').fill('Dispatch board sync')
  // Nothing chosen: refused with the reason at the events, nothing saved.
  await page.getByRole('button', { name: 'Add endpoint' }).click()
  await expect(page.getByText('Choose at least one event.')).toBeVisible()
  await page.getByLabel('A load is created').check()
  await page.getByRole('button', { name: 'Add endpoint' }).click()

  const secret = await page.getByTestId('webhook-secret-value').inputValue()
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
  await page.getByTestId('webhook-open').click()
  await expect(page.getByTestId('webhook-url')).toHaveText(`${base}${path}`)
  // Shown once: the endpoint's page never shows it again.
  await expect(page.getByTestId('webhook-secret')).toHaveCount(0)
  expect(await page.content()).not.toContain(secret)
  await expect(page.getByTestId('webhook-log-empty')).toBeVisible()

  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const load = await apiLoad(request, org, { brokerId: broker.id })
  await expect.poll(() => at(path)().length).toBe(1)
  const [first] = at(path)()
  const event = new Webhook(secret).verify(first.body, first.headers) as { type: string; data: { id: string; loadNumber: string } }
  expect(event).toMatchObject({ type: 'load.created', data: { id: load.id, loadNumber: load.loadNumber } })

  // The log shows it delivered (the page is read again until the worker has written the answer).
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('webhook-delivery').first()).toContainText('Delivered')
  }).toPass()
  const row = page.getByTestId('webhook-delivery').first()
  await expect(row).toContainText('load.created')
  await expect(row).toContainText(first.headers['webhook-id'])
  await expect(row.getByTestId('webhook-delivery-answer')).toContainText('HTTP 204')

  await row.getByRole('button', { name: 'Resend' }).click()
  await expect(toast(page, 'Delivery queued again', 'success')).toBeVisible()
  await expect.poll(() => at(path)().length).toBe(2)
  const second = at(path)()[1]
  expect(second.headers['webhook-id']).toBe(first.headers['webhook-id'])
  expect(new Webhook(secret).verify(second.body, second.headers)).toMatchObject({ type: 'load.created' })
})

test("keeps every attempt of a delivery on the endpoint's page, not only the last answer (ADR 109)", async ({ page, request }) => {
  const org = await signedIn(page, request)
  const path = `/hooks/${uniqueId('att')}`
  // A 410 is final: the delivery fails at once; "Resend" then gets a 204.
  scripts.set(path, [410, 204])
  const endpoint = await api(request, org, '/api/webhooks', { url: `${base}${path}`, events: ['load.created'] })
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  await apiLoad(request, org, { brokerId: broker.id })
  await expect.poll(() => at(path)().length).toBe(1)

  await page.goto(`/dashboard/webhooks/${endpoint.id}`)
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('webhook-delivery').first()).toContainText('Failed')
  }).toPass()
  await whenHydrated(page)
  await page.getByTestId('webhook-delivery').first().getByRole('button', { name: 'Resend' }).click()
  await expect.poll(() => at(path)().length).toBe(2)
  await expect(async () => {
    await page.reload()
    await expect(page.getByTestId('webhook-delivery').first()).toContainText('Delivered')
  }).toPass()

  const row = page.getByTestId('webhook-delivery').first()
  await row.getByTestId('webhook-attempts').getByText('All attempts (2)').click()
  const attempts = row.getByTestId('webhook-attempt')
  await expect(attempts).toHaveCount(2)
  // Newest first, each with its answer and its time taken.
  await expect(attempts.nth(0)).toContainText('HTTP 204')
  await expect(attempts.nth(1)).toContainText('HTTP 410')
  await expect(attempts.nth(1)).toContainText(/\d+ ms/)
})
