import { apiTruck, expect, js, signedIn, test } from './fixtures'

// A list's links are plain anchors followed in the app by one handler on the table (list-table.tsx):
// with JavaScript a click is a client-side navigation (the page is not reloaded), without it a link.
test('a row link opens the record, in the app with JavaScript and as a plain link without', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const truck = await apiTruck(request, org, { unitNumber: 'LNK-1' })
  await page.goto('/dashboard/trucks/list')
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
