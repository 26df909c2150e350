import { expect, signedIn, test, toast } from './fixtures'
import { api, apiLoad, day, fleet } from './load-fixtures'

// Claims (ADR 142): a claim opened from a load's page (its broker prefilled), settled with what was
// paid, and deducted once from the load's driver: the line shows on the driver's draft settlement.
test('opens a claim from a load, settles it with an amount paid, deducts it, and sees the line on the driver’s settlement', async ({ page, request }) => {
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const { broker, driver } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id })
  const draft = await api(request, org, '/api/settlements', { driverId: driver.id, periodStart: day(-3), periodEnd: day(3) })

  await page.goto(`/dashboard/loads/${load.id}`)
  await page.getByTestId('load-claims').getByRole('link', { name: 'Open a claim' }).click()
  await expect(page.getByRole('heading', { name: 'New claim' })).toBeVisible()
  // From the load: the load, and its broker as the claimant.
  await expect(page.getByRole('combobox', { name: 'Load' })).toHaveValue(load.id)
  await expect(page.getByRole('combobox', { name: 'Claimant' })).toHaveValue(`broker:${broker.id}`)
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('shortage')
  // A negative amount is refused at its field, nothing opened.
  await page.getByLabel('Amount claimed').fill('-50')
  await page.getByRole('button', { name: 'Open claim' }).click()
  await expect(page.getByText('Type an amount such as 1250.00 (no negative amounts).')).toBeVisible()
  await page.getByLabel('Amount claimed').fill('1,800.00')
  await page.getByLabel('Insurer', { exact: true }).fill('Great West Casualty')
  await page.getByRole('button', { name: 'Open claim' }).click()
  await expect(toast(page, /Claim CL-\d+ opened/, 'success')).toBeVisible()
  await expect(page.getByTestId('claim-status')).toHaveText('Open')

  await page.getByRole('button', { name: 'Start investigating' }).click()
  await expect(page.getByTestId('claim-status')).toHaveText('Investigating')
  // More paid than claimed is refused at the field; the claim stays where it was.
  const settle = page.getByTestId('claim-settle')
  await settle.getByLabel('Amount paid').fill('2000')
  await settle.getByRole('button', { name: 'Mark settled' }).click()
  await expect(page.getByText('The amount paid cannot be more than the amount claimed.').first()).toBeVisible()
  await expect(page.getByTestId('claim-status')).toHaveText('Investigating')
  await settle.getByLabel('Amount paid').fill('1200')
  await settle.getByRole('button', { name: 'Mark settled' }).click()
  await expect(page.getByTestId('claim-status')).toHaveText('Settled')
  await expect(page.getByTestId('claim-paid')).toHaveText('$1,200.00')

  const deduction = page.getByTestId('claim-deduction')
  await deduction.getByLabel('Amount to deduct').fill('500')
  await deduction.getByRole('button', { name: 'Deduct from driver’s pay' }).click()
  await expect(toast(page, `Deduction added to settlement ${draft.number as string}`, 'success')).toBeVisible()
  await expect(page.getByTestId('claim-deduction-state')).toContainText('$500.00 deducted from Dana Wheeler on settlement')
  await expect(deduction.getByRole('button', { name: 'Deduct from driver’s pay' })).toHaveCount(0)

  await page
    .getByTestId('claim-deduction-state')
    .getByRole('link', { name: draft.number as string })
    .click()
  await expect(page.getByTestId('settlement-lines')).toContainText(`${load.loadNumber}`)
  await expect(page.getByTestId('settlement-lines')).toContainText('CL-')
  await expect(page.getByTestId('settlement-lines')).toContainText('$500.00')

  // Listed, and the list's filters keep it.
  await page.goto('/dashboard/claims?status=settled')
  await expect(page.getByTestId('claims-table').getByRole('row')).toHaveCount(2)
  await page.goto('/dashboard/claims?status=denied')
  await expect(page.getByText('No matching claims')).toBeVisible()
})
