import { apiUser, expect, loginByRequest, signedIn, test, toast, uniqueId } from './fixtures'
import { api } from './load-fixtures'

// The books closed through a day (ADR 146): an admin closes a month; an accountant's edit of an
// invoice dated in it is refused with the day; the admin reopens with a reason, the audit shows
// it, and the same edit then goes through. With JavaScript and without (both projects).
test('an admin closes the books through a month, the accountant’s edit is refused, the admin reopens with a reason and the edit goes through', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const accountant = await apiUser(request, org, { role: 'accountant', firstName: 'Ada', lastName: 'Ledger' })
  const broker = await api(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const draft = (await api(request, org, '/api/invoice', {
    brokerId: broker.id,
    issueDate: '2026-10-15',
    items: [{ title: 'Detention, 2 hours', quantity: 2, unitPriceCents: 5_000 }],
  })) as unknown as { id: string; invoiceNumber: string }

  // The admin closes October.
  await page.goto('/dashboard/accounting/lock')
  await expect(page.getByTestId('books-closed-through')).toHaveText('The books are open: no day is closed.')
  const close = page.getByTestId('close-books-form')
  await close.getByLabel('Close through').fill('2026-10-31')
  await close.getByRole('button', { name: 'Close the books' }).click()
  await expect(toast(page, 'Books closed through 2026-10-31', 'success')).toBeVisible()
  await expect(page.getByTestId('books-closed-through')).toHaveText('Books closed through Oct 31, 2026')
  await expect(page.getByTestId('books-event').first()).toContainText('Closed through Oct 31, 2026')

  // The accountant: the invoice offers no edit and says why; the editor refuses with the day.
  await page.context().clearCookies()
  await loginByRequest(page, accountant.email, accountant.password!)
  await page.goto(`/dashboard/invoice/${draft.id}`)
  await expect(page.getByTestId('invoice-books-closed')).toHaveText('Books closed through Oct 31, 2026: this record is kept as it is.')
  await expect(page.getByTestId('invoice-actions').getByRole('link', { name: 'Edit' })).toHaveCount(0)
  await page.goto(`/dashboard/invoice/${draft.id}/edit`)
  await page.getByTestId('invoice-lines').getByLabel('Item').fill('Detention, 3 hours')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('The books are closed through 2026-10-31: records dated on or before that day are not changed.')).toBeVisible()
  // The accountant may close but not reopen.
  await page.goto('/dashboard/accounting/lock')
  await expect(page.getByTestId('close-books-form')).toBeVisible()
  await expect(page.getByTestId('reopen-books-form')).toHaveCount(0)

  // The admin reopens with a reason: refused without one, then kept in the audit log.
  await page.context().clearCookies()
  await loginByRequest(page, org.email, org.password)
  await page.goto('/dashboard/accounting/lock')
  const reopen = page.getByTestId('reopen-books-form')
  await reopen.getByRole('button', { name: 'Reopen' }).click()
  await expect(page.getByTestId('reopen-books-refusal')).toBeVisible()
  await expect(page.getByTestId('books-closed-through')).toHaveText('Books closed through Oct 31, 2026')
  await page.getByTestId('reopen-books-form').getByLabel('Reason (kept in the audit log)').fill('Detention hours were billed short')
  await page.getByTestId('reopen-books-form').getByRole('button', { name: 'Reopen' }).click()
  await expect(toast(page, 'Books reopened', 'success')).toBeVisible()
  await expect(page.getByTestId('books-closed-through')).toHaveText('The books are open: no day is closed.')
  const latest = page.getByTestId('books-event').first()
  await expect(latest).toContainText('Reopened: the books are open')
  await expect(latest).toContainText('Reason: Detention hours were billed short')
  await page.goto('/dashboard/audit')
  await expect(page.getByText('Detention hours were billed short').first()).toBeVisible()

  // The accountant's edit now goes through.
  await page.context().clearCookies()
  await loginByRequest(page, accountant.email, accountant.password!)
  await page.goto(`/dashboard/invoice/${draft.id}/edit`)
  await page.getByTestId('invoice-lines').getByLabel('Item').fill('Detention, 3 hours')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: `Invoice ${draft.invoiceNumber}` })).toBeVisible()
  await expect(page.getByTestId('invoice-items')).toContainText('Detention, 3 hours')
  await expect(page.getByTestId('invoice-books-closed')).toHaveCount(0)
})

test('a viewer reads the lock without forms, at phone width', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const viewer = await apiUser(request, org, { role: 'viewer' })
  const put = await request.put('/api/accounting/lock', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { closedThrough: '2026-09-30', version: 0 },
  })
  expect(put.status(), await put.text()).toBe(200)
  await page.setViewportSize({ width: 375, height: 740 })
  await page.context().clearCookies()
  await loginByRequest(page, viewer.email, viewer.password!)
  await page.goto('/dashboard/accounting/lock')
  await expect(page.getByTestId('books-closed-through')).toHaveText('Books closed through Sep 30, 2026')
  await expect(page.getByTestId('close-books-form')).toHaveCount(0)
  await expect(page.getByTestId('reopen-books-form')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
})
