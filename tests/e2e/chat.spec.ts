import http from 'node:http'

import type { Browser, Page, TestInfo } from '@playwright/test'

import { axe } from './axe'
import { apiUser, expect, js, loginByRequest, signedIn, test, whenHydrated } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

/** A 1×1 PNG: what a phone's camera sends, as far as the server can tell. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

/** A second person's browser, with or without JavaScript as this project runs. */
async function secondBrowser(browser: Browser, testInfo: TestInfo, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    viewport,
  })
  return { context, page: await context.newPage() }
}

/**
 * Serious and critical accessibility violations of the page as it is now. axe runs script in the
 * page: without JavaScript there is none to run (accessibility.spec.ts checks the no-JS markup of
 * its pages), so the no-JS project finds nothing to check here.
 */
async function violations(page: Page) {
  if (!js(test.info())) return []
  await page.waitForLoadState('networkidle')
  // Away from the row just clicked: its hover shade is a passing state, not the page's colours.
  await page.mouse.move(0, 0)
  const results = await axe(page).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${page.url()} ${violation.id}: ${node.target.join(' ')} ${node.failureSummary}`))
}

async function send(page: Page, text: string) {
  await whenHydrated(page)
  await page.getByTestId('chat-input').fill(text)
  await page.getByTestId('chat-send').click()
  await expect(page.getByTestId('chat-body').filter({ hasText: text })).toBeVisible()
  // Sent: the box is empty for the next message.
  await expect(page.getByTestId('chat-input')).toHaveValue('')
}

// The load's conversation: dispatch opens it from the load page, the driver from "My loads" on a phone.
test('dispatcher and driver chat about a load; the driver sends a photo at phone width; each sees the other live with JavaScript', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`/dashboard/loads/${load.id}`)
  await page.getByRole('button', { name: `Chat about load ${load.loadNumber}` }).click()
  await expect(page).toHaveURL(/\/dashboard\/chat\/[^/]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Load ${load.loadNumber}`)
  // At 1280 px the list and the conversation are side by side.
  await expect(page.getByTestId('chat-list-pane')).toBeVisible()
  await expect(page.getByTestId('chat-list-item').filter({ hasText: load.loadNumber })).toHaveAttribute('aria-current', 'page')
  await send(page, 'Gate code is 4471 <b>not bold</b>')
  // Text stays text: the tags are shown, never made into markup.
  await expect(page.getByTestId('chat-body').filter({ hasText: '<b>not bold</b>' })).toBeVisible()
  await expect(page.locator('[data-testid="chat-body"] b')).toHaveCount(0)

  // The driver on a phone: My loads → Chat → Photo.
  const driverSide = await secondBrowser(browser, testInfo, { width: 390, height: 844 })
  const phone = driverSide.page
  await loginByRequest(phone, driver.email, driver.password)
  await phone.goto('/dashboard/loads/mine')
  await phone.getByRole('button', { name: `Chat about load ${load.loadNumber}` }).click()
  await expect(phone.getByTestId('chat-body').filter({ hasText: 'Gate code is 4471' })).toBeVisible()
  // One pane at a time on a phone: the conversation, with a way back to the list.
  await expect(phone.getByTestId('chat-list-pane')).toBeHidden()
  await expect(phone.getByTestId('chat-back')).toBeVisible()
  await whenHydrated(phone)
  const photo = phone.getByTestId('chat-photo-input')
  await expect(photo).toHaveAttribute('accept', /image\/jpeg/)
  await expect(photo).toHaveAttribute('capture', 'environment')
  await photo.setInputFiles({ name: 'sealed-trailer.png', mimeType: 'image/png', buffer: PNG })
  // With JavaScript choosing the photo sends it; without, the Send photo button does.
  if (!js(testInfo)) await phone.getByTestId('chat-photo-send').click()
  await expect(phone.getByTestId('chat-photo')).toBeVisible()
  await expect(phone.getByTestId('chat-photo')).toHaveJSProperty('naturalWidth', 1)
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // The dispatcher's open page: with JavaScript the photo arrives by itself; without, on reload.
  if (!js(testInfo)) await page.reload()
  await expect(page.getByTestId('chat-photo')).toBeVisible()
  await send(page, 'Thanks, roll on')
  if (!js(testInfo)) await phone.reload()
  await expect(phone.getByTestId('chat-body').filter({ hasText: 'Thanks, roll on' })).toBeVisible()
  await driverSide.context.close()
})

test('a new conversation is started with a colleague, who sees it unread in the list until opening it', async ({ page, request, browser }, testInfo) => {
  const org = await signedIn(page, request)
  const colleague = await apiUser(request, org, { role: 'accountant', firstName: 'Robin', lastName: 'Ledger' })
  await page.goto('/dashboard/chat/new')
  await page.getByRole('checkbox', { name: /Robin Ledger/ }).check()
  await page.getByTestId('chat-first-message').fill('Invoice 1042 was short paid')
  await page.getByTestId('chat-start').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Robin Ledger')
  await expect(page.getByTestId('chat-body')).toHaveText('Invoice 1042 was short paid')
  if (js(testInfo)) {
    // A photo over the limit is refused on the page before it is sent (the edge would answer 413).
    await whenHydrated(page)
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1)
    PNG.copy(huge)
    await page.getByTestId('chat-photo-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: huge })
    await expect(page.getByTestId('chat-composer')).toContainText('The file is larger than 10 MB.')
    await expect(page.getByTestId('chat-message')).toHaveCount(1)
  }

  const other = await secondBrowser(browser, testInfo)
  await loginByRequest(other.page, colleague.email, colleague.password)
  await other.page.goto('/dashboard/chat')
  const row = other.page.getByTestId('chat-list-item').filter({ hasText: 'Invoice 1042' })
  await expect(row.getByTestId('chat-unread')).toHaveText('1 unread')
  expect(await violations(other.page)).toEqual([])
  await row.click()
  await expect(other.page.getByTestId('chat-body')).toHaveText('Invoice 1042 was short paid')
  expect(await violations(other.page)).toEqual([])
  await other.page.goto('/dashboard/chat')
  await expect(other.page.getByTestId('chat-list-item').filter({ hasText: 'Invoice 1042' }).getByTestId('chat-unread')).toHaveCount(0)
  await other.context.close()
})

test('the conversation list pages past a hundred: older conversations by a link, and back to the newer ones', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const colleague = await apiUser(request, org, { role: 'dispatcher' })
  // 101 groups, one after the other: the first one made is alone on the second page.
  for (let index = 0; index <= 100; index += 1) {
    await api(request, org, '/api/chat', { participantIds: [colleague.id], title: `Lane ${String(index).padStart(3, '0')}` })
  }
  await page.goto('/dashboard/chat')
  const items = page.getByTestId('chat-list-item')
  await expect(items).toHaveCount(100)
  await expect(items.first()).toContainText('Lane 100')
  await expect(items.last()).toContainText('Lane 001')
  await expect(page.getByTestId('chat-list-newer')).toHaveCount(0)
  await page.getByTestId('chat-list-older').click()
  await expect(page).toHaveURL(/\/dashboard\/chat\?page=2$/)
  await expect(items).toHaveCount(1)
  await expect(items).toContainText('Lane 000')
  await expect(page.getByTestId('chat-list-older')).toHaveCount(0)
  await page.getByTestId('chat-list-newer').click()
  await expect(page).toHaveURL(/\/dashboard\/chat\?page=1$/)
  await expect(items).toHaveCount(100)
  await expect(items.first()).toContainText('Lane 100')
})

test('Arabic: the chat is laid out right to left', async ({ page, request, context, baseURL }) => {
  const org = await signedIn(page, request)
  await apiUser(request, org, { role: 'dispatcher', firstName: 'Noor', lastName: 'Haddad' })
  await context.addCookies([{ name: 'i18nextLng', value: 'ar', url: baseURL! }])
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/dashboard/chat/new')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await page.getByRole('checkbox', { name: /Noor Haddad/ }).check()
  await page.getByTestId('chat-first-message').fill('مرحبا، الشحنة جاهزة')
  await page.getByTestId('chat-start').click()
  await expect(page.getByTestId('chat-body')).toHaveText('مرحبا، الشحنة جاهزة')
  await expect(page.getByTestId('chat-send')).toHaveText('إرسال')
  // The list is on the right, the conversation on the left; one's own message at the end side (left).
  const list = (await page.getByTestId('chat-list-pane').boundingBox())!
  const pane = (await page.getByTestId('chat-conversation-pane').boundingBox())!
  expect(list.x).toBeGreaterThan(pane.x)
  const mine = (await page.getByTestId('chat-message').first().boundingBox())!
  expect(mine.x - pane.x).toBeLessThan(pane.width / 2 - mine.width / 2)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  expect(await violations(page)).toEqual([])
  await page.goto('/dashboard/chat/new')
  expect(await violations(page)).toEqual([])
})

/** A stream held open from outside the browser with these cookies, as another tab's is: its status, and how to close it. */
function holdStream(baseURL: string, path: string, cookie: string) {
  return new Promise<{ status: number; close: () => void }>((resolve, reject) => {
    const request = http.get(`${baseURL}${path}`, { agent: false, headers: { Cookie: cookie, Accept: 'text/event-stream' } }, (response) => {
      response.on('error', () => {})
      response.resume()
      resolve({ status: response.statusCode!, close: () => request.destroy() })
    })
    request.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)))
  })
}

test('a person’s streams past the limit: with JavaScript the page tries again later, never at once, and goes live when a tab closes; without, a reload shows new messages', async ({
  page,
  request,
  browser,
  baseURL,
}, testInfo) => {
  const org = await signedIn(page, request)
  const colleague = await apiUser(request, org, { role: 'dispatcher', firstName: 'Kim', lastName: 'Many-Tabs' })
  const conversation = await api(request, org, '/api/chat', { participantIds: [colleague.id], body: 'Are you there?' })
  const other = await secondBrowser(browser, testInfo)
  await loginByRequest(other.page, colleague.email, colleague.password)
  const session = (await other.context.cookies()).find((cookie) => cookie.name === 'fd_session')!
  // The colleague's other tabs hold every stream a person may have (CHAT_STREAMS_PER_USER): the next is refused with 429.
  const held: Array<{ status: number; close: () => void }> = []
  for (let i = 0; i < 50 && held.at(-1)?.status !== 429; i++)
    held.push(await holdStream(baseURL!, `/dashboard/chat/${conversation.id}/events`, `fd_session=${session.value}`))
  expect(held.at(-1)!.status).toBe(429)
  const attempts: Array<{ at: number }> = []
  other.page.on('request', (sent) => {
    if (sent.url().includes(`/dashboard/chat/${conversation.id}/events`)) attempts.push({ at: Date.now() })
  })
  await other.page.goto(`/dashboard/chat/${conversation.id}`)
  await expect(other.page.getByTestId('chat-body')).toHaveText('Are you there?')
  if (js(testInfo)) {
    // Refused, it tries again after a wait (EventSource alone would give up; a loop would hammer).
    await expect.poll(() => attempts.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(1_400)
    // A tab closes: a later try gets a stream, and a message arrives without a reload.
    const live = other.page.waitForResponse((answer) => answer.url().includes('/events') && answer.status() === 200, { timeout: 20_000 })
    held[0].close()
    await live
  }
  await api(request, org, `/api/chat/${conversation.id}/messages`, { body: 'Back at my desk' })
  if (!js(testInfo)) await other.page.reload()
  await expect(other.page.getByTestId('chat-body').filter({ hasText: 'Back at my desk' })).toBeVisible({ timeout: 10_000 })
  for (const stream of held) stream.close()
  await other.context.close()
})

test('a driver taken off the load: with JavaScript the open conversation turns into “not found” at once (its stream ends); without, on the next load', async ({
  page,
  request,
  browser,
}, testInfo) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  const driverSide = await secondBrowser(browser, testInfo)
  const phone = driverSide.page
  await loginByRequest(phone, driver.email, driver.password)
  await phone.goto('/dashboard/loads/mine')
  const streaming = js(testInfo) ? phone.waitForResponse((answer) => answer.url().includes('/events') && answer.status() === 200) : null
  await phone.getByRole('button', { name: `Chat about load ${load.loadNumber}` }).click()
  await expect(phone).toHaveURL(/\/dashboard\/chat\/[^/]+$/)
  await streaming
  // The office gives the load to nobody (the whole load PUT back without its driver).
  const auth = { Authorization: `Bearer ${org.accessToken}` }
  const read = (await (await request.get(`/api/loads/${load.id}`, { headers: auth })).json()).data
  const put = await request.put(`/api/loads/${load.id}`, { headers: auth, data: { ...read, driverId: null } })
  expect(put.status(), await put.text()).toBe(200)
  if (!js(testInfo)) await phone.reload()
  await expect(phone.getByRole('heading', { name: 'Sorry, page not found!' })).toBeVisible()
  await driverSide.context.close()
})
