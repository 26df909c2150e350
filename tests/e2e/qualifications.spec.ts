import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { apiUser, expect, loginByRequest, signedIn, test, toast } from './fixtures'

// The driver qualification file (ADR 139): the admin builds a driver's file (an MVR, a medical
// certificate with its document), then the driver, on a phone, sends a renewed medical card that
// counts only once the admin accepts it. JavaScript on and off (both projects).
const PDF = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'

function pdfFile(name: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fd-q-')), name)
  fs.writeFileSync(file, PDF)
  return file
}

function day(offset: number) {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
}

test('an admin builds a driver’s file; the driver sends a renewed medical card at 390 px and the admin accepts it', async ({ page, request }) => {
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const driver = await apiUser(request, org, { role: 'driver', firstName: 'Dana', lastName: 'Road' })

  // The admin reaches the file from the driver's page: empty at first.
  await page.goto(`/dashboard/user/${driver.id}/edit`)
  await page.getByTestId('user-qualifications').click()
  await expect(page.getByRole('heading', { name: 'Qualification file' })).toBeVisible()
  await expect(page.getByTestId('qualification-empty')).toBeVisible()

  const editor = page.getByTestId('qualification-editor')
  // An MVR reviewed ten days ago.
  await editor.getByLabel('Kind').selectOption('mvr')
  await editor.getByLabel('Done on').fill(day(-10))
  await editor.getByLabel('Result').fill('No violations')
  await editor.getByRole('button', { name: 'Add to the file' }).click()
  await expect(toast(page, 'Added to the file', 'success')).toBeVisible()
  await expect(page.getByTestId('qualification-kind-mvr').getByTestId('kind-status')).toHaveText('OK')

  // A medical certificate whose expiry is before the day it was done: refused at the field, nothing added.
  await editor.getByLabel('Kind').selectOption('medical_certificate')
  await editor.getByLabel('Done on').fill(day(-30))
  await editor.getByLabel('Expires on').fill(day(-40))
  await editor.getByLabel('Document (photo or PDF)').setInputFiles(pdfFile('card.pdf'))
  await editor.getByRole('button', { name: 'Add to the file' }).click()
  await expect(editor.getByText('It expires before it was done')).toBeVisible()
  await expect(page.getByTestId('qualification-kind-medical_certificate').getByTestId('kind-status')).toHaveText('Missing')
  // Then right, with its document: expiring in 20 days.
  await editor.getByLabel('Kind').selectOption('medical_certificate')
  await editor.getByLabel('Done on').fill(day(-30))
  await editor.getByLabel('Expires on').fill(day(20))
  await editor.getByLabel('Document (photo or PDF)').setInputFiles(pdfFile('card.pdf'))
  await editor.getByRole('button', { name: 'Add to the file' }).click()
  const medical = page.getByTestId('qualification-kind-medical_certificate')
  await expect(medical.getByTestId('kind-status')).toHaveText('Expiring')
  await expect(medical.getByTestId('qualification-document')).toContainText('card.pdf')

  // The driver, on a phone, reaches their file from "My loads" and sends a renewed card.
  await page.context().clearCookies()
  await page.setViewportSize({ width: 390, height: 844 })
  await loginByRequest(page, driver.email, driver.password!)
  await page.goto('/dashboard/loads/mine')
  await page.getByTestId('my-qualifications').click()
  await expect(page.getByRole('heading', { name: 'My qualification file' })).toBeVisible()
  await expect(page.getByTestId('qualification-kind-mvr').getByTestId('kind-status')).toHaveText('OK')
  await expect(page.getByTestId('qualification-edit')).toHaveCount(0)
  const upload = page.getByTestId('qualification-editor')
  await upload.getByLabel('Done on').fill(day(-1))
  await upload.getByLabel('Expires on').fill(day(700))
  await upload.getByLabel('Document (photo or PDF)').setInputFiles(pdfFile('renewed.pdf'))
  await upload.getByRole('button', { name: 'Send to the office' }).click()
  await expect(toast(page, 'Sent: the office will check it', 'success')).toBeVisible()
  const mine = page.getByTestId('qualification-kind-medical_certificate')
  await expect(mine.getByTestId('item-review').first()).toHaveText('Waiting for the office')
  // Pending: it does not count yet.
  await expect(mine.getByTestId('kind-status')).toHaveText('Expiring')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  // The admin accepts it: the kind is OK, and the driver's profile carries the new expiry.
  await page.context().clearCookies()
  await page.setViewportSize({ width: 1280, height: 800 })
  await loginByRequest(page, org.email, org.password)
  await page.goto(`/dashboard/user/${driver.id}/qualifications`)
  await page.getByTestId('qualification-accept').click()
  await expect(toast(page, 'Accepted: it counts now', 'success')).toBeVisible()
  await expect(page.getByTestId('qualification-kind-medical_certificate').getByTestId('kind-status')).toHaveText('OK')
  const profile = await request.get(`/api/user/${driver.id}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })
  expect((await profile.json()).data.driverProfile.medicalCardExpiry).toBe(day(700))
})
