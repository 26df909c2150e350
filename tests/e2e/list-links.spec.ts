import { apiTruck, expect, js, signedIn, test, uniqueId, whenHydrated } from './fixtures'
import { api } from './load-fixtures'

// A list's links are plain anchors followed in the app by one handler on the table (list-table.tsx):
// with JavaScript a click is a client-side navigation (the page is not reloaded), without it a link.
test('a row link opens the record, in the app with JavaScript and as a plain link without', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const truck = await apiTruck(request, org, { unitNumber: 'LNK-1' })
  await page.goto('/dashboard/trucks/list')
  // A click before hydration is a plain link's (the handler is not there yet): wait for the app.
  await whenHydrated(page)
  const table = page.getByTestId('trucks-table')
  if (js(test.info())) await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
  await table.getByRole('link', { name: 'LNK-1', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trucks/${truck.id}`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText('LNK-1')
  const sameDocument = await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
  expect(sameDocument).toBe(js(test.info()))

  // The row's edit icon too.
  await page.goBack()
  await table.getByRole('link', { name: 'Edit truck LNK-1' }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/trucks/${truck.id}/edit`))
})

// The navigation's links are plain anchors too, followed in the app by one handler on the <nav>.
test('a navigation link opens its page, in the app with JavaScript and as a plain link without, and marks it current', async ({ page, request }) => {
  await signedIn(page, request)
  await page.goto('/dashboard/trucks/list')
  await whenHydrated(page)
  if (js(test.info())) await page.evaluate(() => Object.assign(window, { __sameDocument: true }))
  const nav = page.getByTestId('nav-vertical')
  await nav.getByRole('link', { name: 'Trailers' }).click()
  await expect(page).toHaveURL(/\/dashboard\/trailers\/list$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trailers')
  const sameDocument = await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)
  expect(sameDocument).toBe(js(test.info()))
  // The item and its List page are the current page; Trucks no longer is.
  await expect(nav.getByRole('link', { name: 'Trailers' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'List', exact: true })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Create', exact: true })).not.toHaveAttribute('aria-current', /.*/)
  await expect(nav.getByRole('link', { name: 'Trucks' })).not.toHaveAttribute('aria-current', /.*/)
})

// What the app does not render as a page is left to the browser: a handler around these links
// (one for the whole dashboard was tried) fetched the PDF as page data and showed a 404 for /api/docs.
test('the invoice PDF and the API reference open as documents, with JavaScript and without', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics`, billingEmail: 'ap@example.test' })
  const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, items: [{ title: 'Detention', quantity: 1, unitPriceCents: 12_500 }] })
  await page.goto(`/dashboard/invoice/${invoice.id}`)
  await whenHydrated(page)
  const [pdf] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(`/dashboard/invoice/${invoice.id}/pdf`) && response.request().isNavigationRequest()),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ])
  expect(pdf.headers()['content-type']).toBe('application/pdf')

  await page.goto('/dashboard/user/account')
  await whenHydrated(page)
  await page.getByRole('link', { name: 'API reference' }).click()
  await expect(page).toHaveURL(/\/api\/docs$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference')
})
