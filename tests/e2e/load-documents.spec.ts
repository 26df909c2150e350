import fs from 'node:fs'

import type { APIRequestContext } from '@playwright/test'

import { expect, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

async function api(request: APIRequestContext, org: TestOrganization, path: string, data: Record<string, unknown>) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; loadNumber: string }
}

// Every test works in an organization of its own, signed in as its admin.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test('uploads a PDF through the plain form, lists it, downloads it and deletes it; a text file named .pdf is refused on the page', async ({
  page,
  request,
}) => {
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const load = await api(request, org, '/api/loads', {
    brokerId: broker.id,
    linehaulCents: 150_000,
    stops: [
      { type: 'pickup', city: 'Dallas', state: 'TX' },
      { type: 'delivery', city: 'Memphis', state: 'TN' },
    ],
  })
  await page.goto(`/dashboard/loads/${load.id}`)
  // With JavaScript, the upload is the page's own; a click before hydration would post natively.
  await whenHydrated(page)
  const documents = page.getByTestId('load-documents')
  await expect(documents.getByTestId('documents-bols')).toContainText('None yet.')

  // A text file dressed as a PDF: refused by its content, shown on the page, nothing listed.
  await page.getByLabel('Kind').selectOption({ label: 'Bills of lading' })
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'x.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all\n'.repeat(50)) })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(page.getByTestId('document-refusal')).toHaveText('The document was not uploaded')
  await expect(documents).toContainText('Only PDF, PNG, JPEG and WebP files are accepted')
  await expect(documents.getByTestId('documents-bols')).toContainText('None yet.')

  await page.getByLabel('Kind').selectOption({ label: 'Bills of lading' })
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'bol-4471.pdf', mimeType: 'application/pdf', buffer: PDF })
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(toast(page, 'bol-4471.pdf uploaded', 'success')).toBeVisible()
  const bols = documents.getByTestId('documents-bols')
  await expect(bols).toContainText('bol-4471.pdf')
  await expect(bols).toContainText('Uploaded')

  const downloading = page.waitForEvent('download')
  await bols.getByRole('link', { name: 'Download bol-4471.pdf' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('bol-4471.pdf')
  expect(fs.readFileSync(await download.path())).toEqual(PDF)

  await bols.getByRole('button', { name: 'Delete bol-4471.pdf' }).click()
  await expect(toast(page, 'bol-4471.pdf deleted', 'success')).toBeVisible()
  await expect(bols).toContainText('None yet.')
})

test('takes a file dropped on the documents card, and refuses two at once', { tag: '@js-only' }, async ({ page, request }) => {
  // dragging a file onto the page needs JavaScript; the plain form is tested above (@js-only: the other project never runs it).
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const load = await api(request, org, '/api/loads', {
    brokerId: broker.id,
    stops: [
      { type: 'pickup', city: 'Dallas', state: 'TX' },
      { type: 'delivery', city: 'Memphis', state: 'TN' },
    ],
  })
  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByTestId('drop-hint')).toBeVisible()
  const card = page.getByTestId('load-documents')
  const drop = async (files: Array<{ name: string; bytes: number[]; type: string }>) => {
    const transfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer()
      for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }))
      return data
    }, files)
    await card.dispatchEvent('dragover', { dataTransfer: transfer })
    await card.dispatchEvent('drop', { dataTransfer: transfer })
  }
  const pdf = { name: 'dropped-bol.pdf', bytes: [...PDF], type: 'application/pdf' }
  await drop([pdf, { ...pdf, name: 'second.pdf' }])
  await expect(page.getByTestId('drop-refusal')).toHaveText('Drop one file at a time.')
  await drop([pdf])
  await expect(toast(page, 'dropped-bol.pdf')).toBeVisible()
  await expect(card.getByRole('link', { name: /dropped-bol\.pdf/ })).toBeVisible()
})
