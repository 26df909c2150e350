/**
 * Fuel tax steps more than one spec takes through the pages, with JavaScript on or off: a fuel
 * card's export imported (the dry run, then the import) and a trip typed into the trip editor.
 */
import type { Page } from '@playwright/test'

import { expect, toast } from './fixtures'

/**
 * Imports a card's export on /dashboard/fuel/import: checks it first (`ready`, and `skipped` when
 * given, are the check's words), then imports it and lands on the fuel list with the `imported` toast.
 */
export async function importFuelCard(page: Page, file: string, format: string, expected: { ready: string; skipped?: string; imported: string }) {
  await page.goto('/dashboard/fuel/import')
  await expect(page.getByRole('heading', { name: 'Import fuel purchases', level: 1 })).toBeVisible()
  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByLabel('Export format').selectOption(format)
  await page.getByRole('button', { name: 'Check (dry run)' }).click()
  await expect(page.getByTestId('import-result')).toContainText(expected.ready)
  if (expected.skipped) await expect(page.getByTestId('import-skipped')).toHaveText(expected.skipped)
  // The format chosen stays chosen for the import (without JavaScript the page reloaded).
  await expect(page.getByLabel('Export format')).toHaveValue(format)

  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Import', exact: true }).click()
  await expect(page).toHaveURL(/\/dashboard\/fuel\/list\?sort=createdAt&dir=desc/)
  await expect(toast(page, expected.imported)).toBeVisible()
}

export type TypedTrip = {
  unit: string
  startedAt: string
  endedAt: string
  startOdometer: number
  endOdometer: number
  /** The states in the order run, each with its miles. */
  lines: ReadonlyArray<{ jurisdiction: string; miles: number }>
}

/** Types a trip into /dashboard/trips/new, a state after the other, and saves it: the `added` toast follows. */
export async function addTrip(page: Page, trip: TypedTrip, added: string) {
  await page.goto('/dashboard/trips/new')
  await expect(page.getByRole('heading', { name: 'New trip' })).toBeVisible()
  await page.getByLabel('Unit number').selectOption({ label: trip.unit })
  await page.getByLabel('Started').fill(trip.startedAt)
  await page.getByLabel('Ended').fill(trip.endedAt)
  await page.getByLabel('Odometer at start').fill(String(trip.startOdometer))
  await page.getByLabel('Odometer at end').fill(String(trip.endOdometer))
  for (const [index, line] of trip.lines.entries()) {
    // Each state after the first: the form comes back with one more row (a post of its own without JavaScript).
    if (index > 0) await page.getByRole('button', { name: 'Add a state or province' }).click()
    const row = page.getByTestId('trip-line').nth(index)
    await row.getByRole('combobox', { name: `State or province ${index + 1}`, exact: true }).selectOption(line.jurisdiction)
    await row.getByRole('spinbutton', { name: 'Miles', exact: true }).fill(String(line.miles))
  }
  await page.getByRole('button', { name: 'Add the trip' }).click()
  await expect(toast(page, added, 'success')).toBeVisible()
}
