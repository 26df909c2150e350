import fs from 'node:fs/promises'

import { apiTrailer, apiTruck, expect, signedIn, test, uniqueId } from './fixtures'
import { api } from './load-fixtures'

// Export is a plain download link: the same with JavaScript and without.
test('the truck list exports every truck its filters match, headers and statuses in the page language', async ({ page, request, context, baseURL }) => {
  const org = await signedIn(page, request)
  const prefix = uniqueId('EX')
  for (let i = 0; i < 3; i++)
    await apiTruck(request, org, { unitNumber: `${prefix}-${i}`, status: i === 1 ? 'available' : 'maintenance', notes: i === 2 ? '=1+1' : undefined })
  await context.addCookies([{ name: 'i18nextLng', value: 'fr', url: baseURL! }])
  await page.goto('/dashboard/trucks/list?status=maintenance&sort=unitNumber&dir=desc')
  const link = page.getByRole('link', { name: 'Exporter en CSV' })
  await expect(link).toHaveAttribute('href', '/dashboard/trucks/export?status=maintenance&sort=unitNumber&dir=desc')
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^trucks-\d{4}-\d{2}-\d{2}\.csv$/)
  const text = await fs.readFile(await download.path(), 'utf8')
  const lines = text.split('\r\n')
  expect(lines[0]).toMatch(/^\uFEFFNuméro de parc,Statut,Société,/)
  expect(lines.slice(1, 3).map((line) => line.split(',').slice(0, 2).join(','))).toEqual([`${prefix}-2,En maintenance`, `${prefix}-0,En maintenance`])
  expect(lines[1]).toContain(",'=1+1,")
  expect(lines).toHaveLength(4)
})

test('the trailer list exports its rows too', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const unit = uniqueId('EXT')
  await apiTrailer(request, org, { unitNumber: unit, type: 'reefer' })
  await page.goto('/dashboard/trailers/list')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  const text = await fs.readFile(await download.path(), 'utf8')
  expect(text.split('\r\n')[1]).toMatch(new RegExp(`^${unit},Reefer,Available,`))
})

test('the broker and company lists export their rows, dollars for people', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const name = uniqueId('Export Freight')
  const broker = await request.post('/api/brokers', { headers: { Authorization: `Bearer ${org.accessToken}` }, data: { name, creditLimitCents: 1_250_000 } })
  expect(broker.status()).toBe(201)
  await page.goto(`/dashboard/brokers/list?q=${encodeURIComponent(name)}`)
  const [brokers] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  const brokerLines = (await fs.readFile(await brokers.path(), 'utf8')).split('\r\n')
  expect(brokerLines).toHaveLength(3)
  expect(brokerLines[1]).toMatch(new RegExp(`^${name},Active,.*,Net 30,12500\\.00,`))

  await page.goto('/dashboard/companies/list')
  const [companies] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()])
  expect(companies.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.csv$/)
  expect((await fs.readFile(await companies.path(), 'utf8')).split('\r\n')[0]).toMatch(/^\uFEFFCompany name,Legal name,Status,/)
})

test('the invoice list exports the invoices of its tab, dollars for people', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const broker = await api(request, org, '/api/brokers', { name: uniqueId('Invoice Export Freight') })
  const create = (unitPriceCents: number) =>
    api(request, org, '/api/invoice', { brokerId: broker.id, items: [{ title: 'Detention', quantity: 2, unitPriceCents }] }) as Promise<{
      id: string
      version: number
      invoiceNumber: string
    }>
  const sent = await create(12_345)
  await api(request, org, `/api/invoice/${sent.id}/send`, { version: sent.version }, 200)
  await create(500)
  await page.goto('/dashboard/invoice/list?status=sent')
  const link = page.getByRole('link', { name: 'Export CSV' })
  await expect(link).toHaveAttribute('href', '/dashboard/invoice/export?status=sent')
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await fs.readFile(await download.path(), 'utf8')).split('\r\n')
  expect(lines[0]).toBe('\uFEFFInvoice,Status,Overdue,Broker,Broker ID,Company,Issued,Due,Total (USD),Paid (USD),Balance (USD),Sent,ID')
  expect(lines[1]).toMatch(
    new RegExp(`^${sent.invoiceNumber},Sent,No,${broker.name},${broker.id},,\\d{4}-\\d{2}-\\d{2},\\d{4}-\\d{2}-\\d{2},246\\.90,0\\.00,246\\.90,`),
  )
  expect(lines).toHaveLength(3)
})
