import fs from 'node:fs'
import path from 'node:path'

import { expect, signedIn, test, toast } from './fixtures'

// EDI (ADR 147): an admin adds a broker and its trading partner through the pages, receives a 204
// on the message log (accepted, its tender listed with its stops) and a malformed one (rejected,
// with its reason). The upload is a pasted interchange, so it works the same without JavaScript.
const fixture = (name: string) => fs.readFileSync(path.resolve('tests/fixtures/edi', name), 'utf8')

test('adds a trading partner, receives a 204 as a tender, and sees a malformed one rejected', async ({ page, request }) => {
  test.setTimeout(60_000)
  await signedIn(page, request)

  await page.goto('/dashboard/brokers/new')
  await page.getByLabel('Customer name').fill('Broker A Logistics')
  await page.getByRole('button', { name: 'Create customer' }).click()
  await expect(toast(page, /Customer .?Broker A Logistics.? created/, 'success')).toBeVisible()

  await page.goto('/dashboard/edi/partners/new')
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Broker A EDI')
  await page.getByRole('combobox', { name: 'Broker' }).selectOption({ label: 'Broker A Logistics' })
  await page.getByLabel('Their ISA qualifier').fill('ZZ')
  await page.getByLabel('Their ISA ID').fill('BROKERA')
  await page.getByLabel('Their GS ID').fill('BROKERA')
  await page.getByLabel('Our ISA qualifier').fill('ZZ')
  await page.getByLabel('Our ISA ID').fill('FDCARRIER')
  await page.getByLabel('Our GS ID').fill('FDCARRIER')
  // A bad qualifier is refused at its field.
  await page.getByLabel('Their ISA qualifier').fill('Z!')
  await page.getByRole('button', { name: 'Add partner' }).click()
  await expect(page.getByText('Two letters or digits (ZZ, 01, 02 …).')).toBeVisible()
  await page.getByLabel('Their ISA qualifier').fill('ZZ')
  await page.getByRole('button', { name: 'Add partner' }).click()
  await expect(toast(page, /Trading partner .?Broker A EDI.? added/, 'success')).toBeVisible()
  await expect(page.getByTestId('edi-partners-table')).toContainText('ZZ/BROKERA')

  await page.goto('/dashboard/edi/messages')
  const upload = page.getByTestId('edi-upload-form')
  await upload.getByLabel('Or paste the interchange').fill(fixture('204-full.edi'))
  await upload.getByRole('button', { name: 'Receive' }).click()
  await expect(page.getByTestId('edi-upload-result')).toContainText(/Interchange .?000000102.? received; tenders written: .?1/)
  await expect(page.getByTestId('edi-upload-result')).toContainText('997 acknowledgment')

  await page.getByTestId('edi-upload-form').getByLabel('Or paste the interchange').fill(fixture('204-bad-se-count.edi'))
  await page.getByTestId('edi-upload-form').getByRole('button', { name: 'Receive' }).click()
  await expect(page.getByTestId('edi-upload-result')).toContainText(/Interchange rejected: .?SE01 says .?11.? segments; the transaction set has .?13/)
  await expect(page.getByTestId('edi-messages-table')).toContainText('Rejected')

  await page.goto('/dashboard/edi/tenders')
  await expect(page.getByTestId('edi-tenders-table')).toContainText('Dallas, TX')
  await page.getByRole('link', { name: 'SH2002' }).click()
  await expect(page.getByRole('heading', { name: /Tender .?SH2002/ })).toBeVisible()
  await expect(page.getByTestId('edi-tender-stops')).toContainText('Austin, TX')
  await expect(page.getByTestId('edi-tender-status')).toContainText('Pending')
})
