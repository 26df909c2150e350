/**
 * A broker's rate confirmation in the mail, with JavaScript on and off (ADR 103): "Create load
 * from this" opens the new load read from it; the broker is not on file, so "Add a broker" opens
 * the customer editor filled from the PDF and comes back with the broker picked; once saved, the
 * load links back to the message and the message says "Already made into L-…", offering another
 * load only as a second choice.
 */
import { RATE_CONFIRMATION_LAYOUTS } from '../rate-confirmations'
import { apiUser, expect, loginByRequest, signedIn, test, toast, uniqueId, whenHydrated } from './fixtures'

const letterhead = RATE_CONFIRMATION_LAYOUTS[5]

test('a rate confirmation in the mail: create the load, add its broker prefilled and come back, and see the link both ways', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const dispatcher = await apiUser(request, org, { role: 'dispatcher' })
  const subject = `Rate confirmation ${uniqueId('KFS')}`
  // The admin forwards the broker's PDF to the dispatcher (delivered to their own inbox at once).
  const sent = await request.post('/api/mail', {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    multipart: {
      to: dispatcher.email,
      subject,
      text: 'Keystone sent this one.',
      files: { name: letterhead.fileName, mimeType: 'application/pdf', buffer: await letterhead.pdf() },
    },
  })
  expect(sent.status(), await sent.text()).toBe(201)

  await loginByRequest(page, dispatcher.email, dispatcher.password!)
  await page.goto('/dashboard/mail/inbox?box=own')
  await page.getByTestId('mail-row').filter({ hasText: subject }).click()
  const attachments = page.getByTestId('mail-attachments')
  await expect(attachments).toContainText(letterhead.fileName)
  await expect(attachments.getByTestId('mail-made-into')).toHaveCount(0)
  await attachments.getByTestId('mail-create-load').click()
  await expect(page).toHaveURL(/\/dashboard\/loads\/new\?source=mail-attachment&id=/)

  // Not one of the organization's brokers: "Add a broker" opens the editor filled from the PDF.
  const { expected } = letterhead
  await expect(page.getByTestId('rate-confirmation-new-broker')).toContainText(expected.brokerName)
  await page.getByTestId('rate-confirmation-add-broker').click()
  await expect(page).toHaveURL(/\/dashboard\/brokers\/new\?returnTo=/)
  await expect(page.getByTestId('broker-from-rate-confirmation')).toContainText(letterhead.fileName)
  await expect(page.getByLabel('Customer name')).toHaveValue(expected.brokerName)
  await expect(page.getByLabel('MC number')).toHaveValue(expected.brokerMc)
  await expect(page.getByLabel('Contact name')).toHaveValue(expected.brokerContactName!)
  await expect(page.getByLabel('Phone')).toHaveValue(expected.brokerPhone!)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(expected.brokerEmail!)
  await expect(page.getByLabel('Address line 1')).toHaveValue(expected.brokerAddressLine1!)
  await expect(page.getByLabel('City')).toHaveValue(expected.brokerCity!)
  await expect(page.getByLabel('State / province')).toHaveValue(expected.brokerState!)
  await expect(page.getByLabel('Postal code')).toHaveValue(expected.brokerPostalCode!)
  await whenHydrated(page)
  await page.getByRole('button', { name: 'Create customer' }).click()

  // Back on the new load, read again, the new broker picked.
  await expect(toast(page, new RegExp(expected.brokerName), 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/loads\/new\?source=mail-attachment&id=[^&]+&brokerId=/)
  await expect(page.getByRole('combobox', { name: 'Broker', exact: true })).toHaveValue(/\w+/)
  await expect(page.getByRole('combobox', { name: 'Broker', exact: true }).locator('option:checked')).toHaveText(expected.brokerName)
  await expect(page.getByLabel('Broker reference')).toHaveValue(expected.brokerReference)
  await whenHydrated(page)
  await page.getByRole('button', { name: 'Create load' }).click()
  // The save stores the PDF as the load's paper; on a busy machine it may take longer than a toast.
  await expect(page).toHaveURL(/\/dashboard\/loads\/[a-z0-9]+(\?|$)/, { timeout: 15_000 })
  await expect(toast(page, /Load .+ created/, 'success')).toBeVisible()
  const loadNumber = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/L-[\w-]+/)![0]

  // The load links back to the message …
  const source = page.getByTestId('load-source')
  await expect(source).toHaveText(`Read from rate confirmation ${letterhead.fileName} in the mail`)
  await source.click()
  await expect(page).toHaveURL(/\/dashboard\/mail\/inbox\/[^/?]+\?box=own$/)
  // … and the message names the load; another is only a quiet second offer (the new-load page then asks).
  const madeInto = page.getByTestId('mail-made-into')
  await expect(madeInto).toHaveText(`Already made into ${loadNumber}`)
  await expect(page.getByTestId('mail-create-load')).toHaveCount(0)
  await page.getByTestId('mail-make-another-load').click()
  await expect(page.getByTestId('rate-confirmation-already-made')).toContainText(loadNumber)
  await page.goBack()
  await madeInto.getByRole('link', { name: loadNumber }).click()
  await expect(page.getByTestId('load-source')).toBeVisible()
})
