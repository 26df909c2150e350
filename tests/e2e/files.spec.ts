/**
 * The files manager and the file dashboard (ADR 067), with JavaScript on and off, in an
 * organization of this spec's own: find a POD, download a ZIP of the checked files, share the POD
 * (its link downloads it signed out, and is a 404 once revoked); the dashboard's to-do list of
 * delivered loads missing papers; Arabic at 390 px.
 */
import fs from 'node:fs'

import { expect, loginByRequest, registerOrganization, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

let org: TestOrganization
let delivered: { id: string; loadNumber: string }
const podName = `pod-${uniqueId('').toLowerCase()}.pdf`

test.beforeAll(async ({ request }) => {
  org = await registerOrganization(request)
  const { broker, truck, trailer, driver } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  let version = load.version
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    version = (await api(request, org, `/api/loads/${load.id}/status`, { status, version }, 200)).version
  delivered = load
  // The POD is in; the bill of lading is missing.
  const upload = await request.post(`/api/loads/${load.id}/documents`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    multipart: { kind: 'pod', file: { name: podName, mimeType: 'application/pdf', buffer: PDF } },
  })
  expect(upload.status(), await upload.text()).toBe(201)
})

test('finds a POD in the files manager, downloads it in a ZIP, shares it: the link downloads it signed out until revoked', async ({ page, request }) => {
  await loginByRequest(page, org.email, org.password)
  await page.goto('/dashboard/files-manager')
  await whenHydrated(page)
  await page.getByLabel('Search files').fill(podName)
  await page.getByLabel('Search files').press('Enter')
  await expect(page).toHaveURL(/q=pod-/)
  const rows = page.getByTestId('file-row')
  await expect(rows).toHaveCount(1)
  await expect(rows).toContainText('Proof of delivery')
  await expect(rows).toContainText(delivered.loadNumber)

  // Checked files download as one ZIP (a plain form post).
  await page.getByLabel(`Select ${podName}`).check()
  const downloading = page.waitForEvent('download')
  await page.getByTestId('files-zip').click()
  const zip = await downloading
  expect(zip.suggestedFilename()).toMatch(/^files-\d{4}-\d{2}-\d{2}\.zip$/)
  expect(
    fs
      .readFileSync(await zip.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK')

  await rows.getByRole('link', { name: podName, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: podName })).toBeVisible()
  await expect(page.getByTestId('file-record')).toContainText(delivered.loadNumber)
  await whenHydrated(page)
  await page.getByLabel('Expires in (days)').fill('2')
  await page.getByRole('button', { name: 'Create link' }).click()
  const url = await page.getByTestId('share-created').locator('input').inputValue()
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/)
  const sharePath = new URL(url).pathname

  // Signed out (the request fixture has no session): the file itself.
  const shared = await request.get(sharePath)
  expect(shared.status()).toBe(200)
  expect(shared.headers()['content-disposition']).toContain(podName)
  expect(Buffer.from(await shared.body())).toEqual(PDF)

  // A fresh GET (a reload would post the form again without JavaScript).
  await page.goto(page.url())
  // The links of the file (the other project's run may have made one too: this one is the active one).
  const active = page.getByTestId('share-row').filter({ hasText: 'Active' })
  await expect(active).toHaveCount(1)
  await expect(active).toContainText(org.firstName)
  await active.getByRole('button', { name: 'Revoke' }).click()
  await expect(toast(page, 'Link revoked.', 'success')).toBeVisible()
  await expect(page.getByTestId('share-row').filter({ hasText: 'Revoked' }).first()).toBeVisible()
  await expect(active).toHaveCount(0)
  expect((await request.get(sharePath)).status()).toBe(404)
})

test('the file dashboard lists the delivered load missing its BOL; the files manager and the dashboard read right to left in Arabic at 390 px', async ({
  page,
}) => {
  await loginByRequest(page, org.email, org.password)
  await page.goto('/dashboard/file')
  const todo = page.getByTestId('file-todo-item').filter({ hasText: delivered.loadNumber })
  await expect(todo).toContainText('No BOL')
  await expect(todo).not.toContainText('No POD')
  await expect(page.getByTestId('file-by-kind')).toContainText('Proof of delivery')
  await todo.getByRole('link', { name: delivered.loadNumber }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/loads/${delivered.id}$`))

  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: test.info().project.use.baseURL! }])
  await page.setViewportSize({ width: 390, height: 844 })
  for (const [path, title] of [
    ['/dashboard/files-manager', 'مدير الملفات'],
    ['/dashboard/file', 'لوحة الملفات'],
  ] as const) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await whenHydrated(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390)
  }
  await expect(page.getByTestId('file-todo-item').filter({ hasText: delivered.loadNumber })).toContainText('بلا بوليصة شحن')
})
