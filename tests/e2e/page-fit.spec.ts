/**
 * What the walk-through found on screen, at the widths people use (1440 and 1280 px desktops, a
 * 390 px phone) and in Arabic: the settings button over content, a board wider than the screen,
 * calendar entries cut without an ellipsis, a phone list that cut a city to one letter.
 */
import type { Locator, Page } from '@playwright/test'

import { expect, loginByRequest, signedIn, test, type TestOrganization, whenHydrated } from './fixtures'
import { api, apiLoad, day, fleet } from './load-fixtures'

type Box = { x: number; y: number; width: number; height: number }

function overlap(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function setLanguage(page: Page, code: string) {
  await page.context().addCookies([{ name: 'i18nextLng', value: code, url: test.info().project.use.baseURL! }])
}

/** The boxes of every visible link, button and text in the page's <main> below `top`, as on screen now. */
async function contentBoxes(page: Page, top: number) {
  return page.locator('main').evaluate(
    (main, top) =>
      [...main.querySelectorAll('a, button, td, th, h1, p')]
        .map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect()
          return { x, y, width, height, what: element.outerHTML.slice(0, 80) }
        })
        .filter((box) => box.width > 0 && box.height > 0 && box.y >= top),
    top,
  )
}

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found).not.toBeNull()
  return found!
}

async function loads(request: Parameters<typeof fleet>[0], org: TestOrganization, count: number, data: Record<string, unknown> = {}) {
  const broker = await api(request, org, '/api/brokers', { name: 'Gulf Coast Freight Brokers' })
  for (let n = 0; n < count; n++) await apiLoad(request, org, { brokerId: broker.id, ...data })
}

for (const lang of ['en', 'ar']) {
  for (const width of [1440, 1280, 390]) {
    test(`${lang}, ${width} px: the settings button sits in the header, beside its menus, over no content`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 })
      const org = await signedIn(page, request)
      await loads(request, org, 10)
      await setLanguage(page, lang)
      await page.goto('/dashboard/loads/list')
      await whenHydrated(page)
      await expect(page.locator('main table tbody tr')).toHaveCount(10)
      const header = await box(page.getByRole('banner'))
      for (const scroll of ['top', 'middle', 'end']) {
        await page.evaluate((to) => {
          const height = document.documentElement.scrollHeight
          window.scrollTo(0, to === 'top' ? 0 : to === 'middle' ? height / 2 - 450 : height)
        }, scroll)
        const button = await box(page.getByTestId('settings-button'))
        expect(button.y).toBeGreaterThanOrEqual(header.y)
        expect(button.y + button.height).toBeLessThanOrEqual(header.y + header.height)
        for (const menu of [page.getByTestId('language-menu'), page.getByTestId('account-menu')]) {
          expect(overlap(await box(menu), button)).toBe(false)
        }
        // The row actions, cells and text of the page, where they show (below the sticky header).
        for (const content of await contentBoxes(page, header.y + header.height)) {
          expect(overlap(content, button), `${scroll}: ${content.what} under the button`).toBe(false)
        }
      }
    })
  }
}

for (const width of [1440, 1280]) {
  test(`the dispatch board shows all six columns at ${width} px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 })
    const org = await signedIn(page, request)
    await loads(request, org, 1)
    await page.goto('/dashboard/kanban')
    const columns = page.locator('[data-testid^="kanban-column-"]:not([data-testid="kanban-column-count"])')
    await expect(columns).toHaveCount(6)
    for (const column of await columns.all()) {
      await expect(column).toBeInViewport({ ratio: 1 })
      expect((await box(column)).width).toBeGreaterThanOrEqual(120)
    }
    const board = page.getByTestId('kanban-board')
    expect(await board.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0)
  })
}

test('calendar entries are cut with an ellipsis in the month and shown whole, with their times, in the week', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  const org = await signedIn(page, request)
  const city = 'Rancho Santa Margarita Industrial Park'
  await loads(request, org, 1, {
    stops: [
      { type: 'pickup', city, state: 'CA', windowStart: `${day(2)}T08:00`, windowEnd: `${day(2)}T10:30` },
      { type: 'delivery', city: 'Tulsa', state: 'OK', windowStart: `${day(4)}T14:00` },
    ],
  })
  await page.goto(`/dashboard/calendar?view=month&date=${day(2)}`)
  const cell = page.locator(`[data-testid="calendar-day"][data-day="${day(2)}"]`)
  const entry = cell.getByTestId('calendar-event').filter({ hasText: 'pickup' })
  await expect(entry).toHaveCSS('text-overflow', 'ellipsis')
  await expect(entry).toHaveCSS('white-space', 'nowrap')
  // The text is longer than the entry, and the entry ends inside its day: the ellipsis shows.
  expect(await entry.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
  const [entryBox, cellBox] = [await box(entry), await box(cell)]
  expect(entryBox.x).toBeGreaterThanOrEqual(cellBox.x)
  expect(entryBox.x + entryBox.width).toBeLessThanOrEqual(cellBox.x + cellBox.width)

  await page.goto(`/dashboard/calendar?view=week&date=${day(2)}`)
  const week = page
    .locator(`[data-testid="calendar-day"][data-day="${day(2)}"]`)
    .getByTestId('calendar-event')
    .filter({ hasText: 'pickup' })
  await expect(week).toContainText('08:00–10:30')
  await expect(week).toContainText(city)
  await expect(week).toHaveCSS('white-space', 'normal')
  expect(await week.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
})

test('on a phone, My loads’ delivered list shows the whole city', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const load = await apiLoad(request, org, {
    brokerId: broker.id,
    driverId: driver.id,
    truckId: truck.id,
    trailerId: trailer.id,
    stops: [
      { type: 'pickup', city: 'Dallas', state: 'TX', windowStart: `${day(-3)}T08:00` },
      { type: 'delivery', city: 'Oklahoma City', state: 'OK', windowStart: `${day(-2)}T14:00` },
    ],
  })
  let version = load.version
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered']) {
    version = (await api(request, org, `/api/loads/${load.id}/status`, { status, version }, 200)).version
  }
  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password!)
  await page.goto('/dashboard/loads/mine')
  const place = page.getByTestId('my-recent').locator('bdi').first()
  await expect(place).toHaveText('Oklahoma City, OK')
  // Not cut: the whole text fits its box.
  expect(await place.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  expect((await box(place)).width).toBeGreaterThan(200)
})
