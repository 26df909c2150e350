import path from 'node:path'

import { apiTruck, expect, signedIn, test, type TestOrganization, toast } from './fixtures'

const SAMSARA = path.resolve('tests/fixtures/eld/samsara.csv')

// Each test works in an organization of its own, signed in as its admin, with the units the Samsara fixture names.
let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
  await apiTruck(request, org, { unitNumber: 'T-101' })
  await apiTruck(request, org, { unitNumber: 'T-102' })
})

test('imports a Samsara report from the trips list: the check counts the rows, the import makes the trips, and the list shows them', async ({ page }) => {
  await page.goto('/dashboard/trips/list')
  await page.getByRole('link', { name: 'Import CSV' }).click()
  await expect(page).toHaveURL(/\/dashboard\/trips\/import$/)
  await expect(page.getByRole('heading', { name: 'Import trips from an ELD', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/dashboard/trips/import/template')

  await page.getByLabel('CSV file').setInputFiles(SAMSARA)
  await page.getByLabel('Report format').selectOption('samsara')
  await page.getByRole('button', { name: 'Check (dry run)' }).click()
  await expect(page.getByTestId('import-result')).toContainText('5 rows are ready to import')
  // The format chosen stays chosen for the import (without JavaScript the page reloaded).
  await expect(page.getByLabel('Report format')).toHaveValue('samsara')

  await page.getByLabel('CSV file').setInputFiles(SAMSARA)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/trips\/list\?sort=createdAt&dir=desc/)
  await expect(toast(page, '3 trips imported; 0 rows of trips imported before skipped')).toBeVisible()

  // Rows 2–4 chain into one trip of T-101 (Texas twice, Oklahoma between: its states in the order run, ADR 154); the break after them is another trip.
  const rows = page.getByRole('row')
  await expect(rows.filter({ hasText: 'T-101' })).toHaveCount(2)
  await expect(rows.filter({ hasText: 'T-102' })).toHaveCount(1)
  await expect(rows.filter({ hasText: '412,000' })).toContainText('412,500')
  await expect(rows.filter({ hasText: '412,000' })).toContainText('TX · OK')
  await expect(rows.filter({ hasText: '300,000' })).toContainText('150')

  // The same file again: every row belongs to a trip imported before.
  await page.goto('/dashboard/trips/import')
  await page.getByLabel('CSV file').setInputFiles(SAMSARA)
  await page.getByLabel('Report format').selectOption('samsara')
  await page.getByRole('button', { name: 'Check (dry run)' }).click()
  await expect(page.getByTestId('import-result')).toContainText('0 rows are ready to import')
  await expect(page.getByTestId('import-skipped')).toHaveText('5 rows skipped: their trips were imported before')
})
