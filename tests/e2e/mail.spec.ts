import { randomBytes } from 'node:crypto'

import type { APIRequestContext, Page } from '@playwright/test'
import pg from 'pg'

import { axe } from './axe'
import { apiUser, expect, lastEmailTo, loginByRequest, signedIn, test, type TestOrganization, toast, uniqueId, whenHydrated } from './fixtures'

/** The e2e server's embedded database (playwright.config.ts): the spec files a broker's mail as the SMTP receiver would. */
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? '54331'}/freightdesk`

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

/**
 * A broker's message in the spec organization's shared inbox, written as the inbound receiver
 * files one (and the organization given an inbound address if it has none): returns its id.
 */
async function brokerMail(org: TestOrganization, fields: { fromEmail: string; subject: string; text: string }) {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ organizationId: string }>('SELECT "organizationId" FROM "User" WHERE email = $1', [org.email])
    const organizationId = rows[0].organizationId
    await client.query('UPDATE "Organization" SET "inboundLocalPart" = COALESCE("inboundLocalPart", $2) WHERE id = $1', [
      organizationId,
      uniqueId('ops').toLowerCase(),
    ])
    const id = `m${randomBytes(12).toString('hex')}`
    await client.query(
      `INSERT INTO "MailMessage" (id, "organizationId", "ownerId", folder, "fromName", "fromEmail", "to", subject, text, snippet, "messageId", "updatedAt")
       VALUES ($1, $2, NULL, 'inbox', 'Ana Broker', $3, '[]', $4, $5, $5, $6, now())`,
      [id, organizationId, fields.fromEmail, fields.subject, fields.text, `<${id}@brokerage.example>`],
    )
    return id
  } finally {
    await client.end()
  }
}

async function apiPost(request: APIRequestContext, org: TestOrganization, path: string, data: Record<string, unknown>) {
  const response = await request.post(path, { headers: { Authorization: `Bearer ${org.accessToken}` }, data })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()).data as { id: string; loadNumber: string }
}

/** A load with a rate confirmation PDF on it, through the API. */
async function loadWithDocument(request: APIRequestContext, org: TestOrganization) {
  const broker = await apiPost(request, org, '/api/brokers', { name: `${uniqueId('BR')} Logistics` })
  const load = await apiPost(request, org, '/api/loads', {
    brokerId: broker.id,
    linehaulCents: 185_000,
    stops: [
      { type: 'pickup', city: 'Dallas', state: 'TX' },
      { type: 'delivery', city: 'Tulsa', state: 'OK' },
    ],
  })
  const response = await request.post(`/api/loads/${load.id}/documents`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    multipart: { kind: 'rateConn', file: { name: 'ratecon-tulsa.pdf', mimeType: 'application/pdf', buffer: PDF } },
  })
  expect(response.status(), await response.text()).toBe(201)
  return load
}

async function send(page: Page) {
  await page.getByTestId('mail-send').click()
}

let org: TestOrganization
test.beforeEach(async ({ page, request }) => {
  org = await signedIn(page, request)
})

test("reads a broker's mail in the shared inbox and answers it from the organization's address", async ({ page }) => {
  const broker = `${uniqueId('ana').toLowerCase()}@brokerage.example`
  await brokerMail(org, { fromEmail: broker, subject: 'Rate confirmation PLL-4411', text: 'Please sign and return the attached rate confirmation.' })
  await page.goto('/dashboard/mail')
  await expect(page.getByTestId('nav-badge-mail').first().locator('[aria-hidden="true"]')).toHaveText('1')
  const row = page.getByTestId('mail-row').filter({ hasText: 'Rate confirmation PLL-4411' })
  await expect(row).toHaveAttribute('data-unread', 'true')
  await row.click()
  const message = page.getByTestId('mail-message')
  await expect(message.getByTestId('mail-text')).toHaveText('Please sign and return the attached rate confirmation.')
  await expect(page.getByTestId('mail-row').filter({ hasText: 'Rate confirmation PLL-4411' })).not.toHaveAttribute('data-unread', 'true')

  // Star and label it: page actions, the message stays open.
  await message.getByTestId('mail-star').click()
  await expect(message.getByTestId('mail-star')).toHaveText('Remove star')
  await message.getByLabel('Labels').fill(`rate-con, ${'x'.repeat(31)}`)
  await message.getByTestId('mail-labels-save').click()
  await expect(page.locator('#mail-labels-error')).toHaveText('A label has at most 30 characters.')
  await message.getByLabel('Labels').fill('rate-con, urgent')
  await message.getByTestId('mail-labels-save').click()
  await expect(page.getByTestId('mail-row').filter({ hasText: 'Rate confirmation PLL-4411' })).toContainText('#urgent')
  await page.getByTestId('mail-folder-shared-starred').click()
  await expect(page.getByTestId('mail-row')).toHaveCount(1)
  await page.getByTestId('mail-row').click()
  await message.getByTestId('mail-reply').click()
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(broker)
  await expect(page.getByLabel('Subject')).toHaveValue('Re: Rate confirmation PLL-4411')
  await page.getByLabel('Message').fill('Signed and attached. Thanks, Casey')
  await send(page)
  await expect(toast(page, 'Message sent', 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/mail\/sent\/[^/?]+\?box=shared$/)
  await expect(page.getByTestId('mail-message')).toContainText('Re: Rate confirmation PLL-4411')
  const email = await lastEmailTo(broker)
  expect(email.subject).toBe('Re: Rate confirmation PLL-4411')
  expect(email.text).toContain('Signed and attached.')
})

test('the mail badge in the navigation counts a message as read once it is opened, without another navigation', async ({ page }) => {
  await brokerMail(org, { fromEmail: `${uniqueId('bo').toLowerCase()}@brokerage.example`, subject: 'Detention at Tulsa', text: 'Two hours at the dock.' })
  await brokerMail(org, { fromEmail: `${uniqueId('bo').toLowerCase()}@brokerage.example`, subject: 'Lumper receipt', text: 'Receipt attached.' })
  // The message links keep the folder's query (?box=shared): only the path changes as one is opened.
  await page.goto('/dashboard/mail/inbox?box=shared')
  const badge = page.getByTestId('nav-vertical').getByTestId('nav-badge-mail').locator('[aria-hidden="true"]')
  await expect(badge).toHaveText('2')
  await page.getByTestId('mail-row').filter({ hasText: 'Detention at Tulsa' }).click()
  await expect(page.getByTestId('mail-message').getByTestId('mail-text')).toHaveText('Two hours at the dock.')
  await expect(badge).toHaveText('1')
})

test('counts unread mail in Arabic-Indic digits on an Arabic page, as its other numbers', async ({ page }) => {
  await brokerMail(org, { fromEmail: `${uniqueId('bo').toLowerCase()}@brokerage.example`, subject: 'Reefer temperature', text: '34 F.' })
  await brokerMail(org, { fromEmail: `${uniqueId('bo').toLowerCase()}@brokerage.example`, subject: 'Seal number', text: 'Seal 5521.' })
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: test.info().project.use.baseURL! }])
  await page.goto('/dashboard/mail/inbox?box=shared')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByTestId('nav-vertical').getByTestId('nav-badge-mail').locator('[aria-hidden="true"]')).toHaveText('٢')
  await expect(page.getByTestId('mail-folder-shared-inbox')).toContainText('٢')
  await expect(page.getByTestId('mail-folder-shared-inbox')).not.toContainText('2')
})

test('composes to a colleague with a load document attached; bad input is shown at its fields and nothing is sent', async ({ page, request }) => {
  const load = await loadWithDocument(request, org)
  const colleague = await apiUser(request, org, { role: 'dispatcher' })
  await page.goto('/dashboard/mail')
  await page.getByTestId('mail-compose').click()
  await expect(page).toHaveURL(/\/dashboard\/mail\/new/)

  // Nothing to send to, nothing written: the fields say why.
  await page.getByLabel('To', { exact: true }).fill('not an address')
  await send(page)
  await expect(page.locator('#compose-to-error')).toHaveText('Enter valid email addresses, separated by commas.')
  await expect(page.locator('#compose-subject-error')).toHaveText('Write a subject or a message.')

  await page.getByLabel('To', { exact: true }).fill(colleague.email.toUpperCase())
  await page.getByLabel('Subject').fill(`Papers for ${load.loadNumber}`)
  await page.getByLabel('Message').fill('The rate confirmation is attached.')
  await page.getByLabel(new RegExp(`${load.loadNumber}.*ratecon-tulsa\\.pdf`)).check()
  // Saved as a draft first: it keeps the document, and is sent from there.
  await page.getByTestId('mail-save-draft').click()
  await expect(toast(page, 'Draft saved', 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/mail\/new\?draft=/)
  await expect(page.getByTestId('mail-carried')).toHaveText('ratecon-tulsa.pdf')
  await expect(page.getByLabel('Subject')).toHaveValue(`Papers for ${load.loadNumber}`)
  await send(page)
  await expect(toast(page, 'Message sent', 'success')).toBeVisible()
  await expect(page.getByTestId('mail-attachments')).toContainText('ratecon-tulsa.pdf')

  // The colleague has it in their own inbox at once, with the document.
  await loginByRequest(page, colleague.email, colleague.password)
  await page.goto('/dashboard/mail/inbox?box=own')
  await page
    .getByTestId('mail-row')
    .filter({ hasText: `Papers for ${load.loadNumber}` })
    .click()
  const attachments = page.getByTestId('mail-attachments')
  await expect(attachments).toContainText('ratecon-tulsa.pdf')
  await expect(attachments.getByTestId('mail-create-load')).toHaveAttribute('href', /\/dashboard\/loads\/new\?source=mail-attachment&id=/)
  const downloading = page.waitForEvent('download')
  await attachments.getByRole('link', { name: 'ratecon-tulsa.pdf' }).click()
  expect((await downloading).suggestedFilename()).toBe('ratecon-tulsa.pdf')
})

test('lays mail out right to left in Arabic: three mirrored panes at 1280 px, one pane at a time at 390 px', async ({ page }) => {
  const id = await brokerMail(org, { fromEmail: 'ops@shipper.example', subject: 'Dock appointment', text: 'Call 30 minutes ahead.' })
  await page.context().addCookies([{ name: 'i18nextLng', value: 'ar', url: test.info().project.use.baseURL! }])
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/dashboard/mail/inbox/${id}?box=shared`)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const folders = await page.getByTestId('mail-folders').boundingBox()
  const list = await page.getByTestId('mail-list').boundingBox()
  const message = await page.getByTestId('mail-message').boundingBox()
  // Right to left: folders on the right, then the list, then the message on the left.
  expect(folders!.x).toBeGreaterThan(list!.x)
  expect(list!.x).toBeGreaterThan(message!.x)
  await expect(page.getByTestId('mail-back')).toBeHidden()
  // The search box's placeholder reads right to left and whole, not cut (measured in the box's own font).
  const search = await page.locator('#mail-q').evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
    return {
      direction: style.direction,
      text: context.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    }
  })
  expect(search.direction).toBe('rtl')
  expect(search.text).toBeLessThanOrEqual(search.room)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`/dashboard/mail/inbox/${id}?box=shared`)
  await expect(page.getByTestId('mail-message')).toBeVisible()
  await expect(page.getByTestId('mail-list')).toBeHidden()
  await expect(page.getByTestId('mail-back')).toBeVisible()
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(390)
  await page.getByTestId('mail-back').click()
  await expect(page.getByTestId('mail-list')).toBeVisible()
  await expect(page.getByTestId('mail-message')).toHaveCount(0)
  // The list fits the phone too: long subjects and snippets are cut, never wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('has no serious or critical accessibility violations on the folder, message and compose pages @js-only', async ({ page }) => {
  const id = await brokerMail(org, { fromEmail: 'ops@shipper.example', subject: 'Dock appointment', text: 'Call 30 minutes ahead.' })
  await page.setViewportSize({ width: 1280, height: 800 })
  const problems: string[] = []
  for (const path of ['/dashboard/mail/all?box=shared', `/dashboard/mail/inbox/${id}?box=shared`, '/dashboard/mail/new']) {
    await page.goto(path)
    await whenHydrated(page)
    const results = await axe(page).analyze()
    for (const violation of results.violations.filter((found) => found.impact === 'serious' || found.impact === 'critical'))
      problems.push(...violation.nodes.map((node) => `${path} ${violation.id}: ${node.target.join(' ')}`))
  }
  expect(problems).toEqual([])
})

test('moves a message to trash, restores it, and deletes it for good only after confirming', async ({ page }) => {
  const id = await brokerMail(org, { fromEmail: 'spam@shipper.example', subject: 'Old quote', text: 'Expired.' })
  await page.goto(`/dashboard/mail/inbox/${id}?box=shared`)
  await page.getByTestId('mail-trash').click()
  await expect(toast(page, 'Moved to trash', 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/mail\/inbox\?box=shared$/)
  await expect(page.getByTestId('mail-empty')).toBeVisible()
  await page.getByTestId('mail-folder-shared-trash').click()
  await page.getByTestId('mail-row').filter({ hasText: 'Old quote' }).click()
  await page.getByTestId('mail-restore').click()
  await expect(toast(page, 'Message restored', 'success')).toBeVisible()
  await page.goto(`/dashboard/mail/inbox/${id}?box=shared`)
  await page.getByTestId('mail-trash').click()
  await expect(page).toHaveURL(/\/dashboard\/mail\/inbox\?box=shared$/)
  await page.goto(`/dashboard/mail/trash/${id}?box=shared`)
  await page.getByTestId('mail-delete-forever').click()
  const confirm = page.getByTestId('mail-delete-confirm')
  await expect(confirm).toContainText('Delete this message for good?')
  await confirm.getByTestId('mail-deleteForever').click()
  await expect(toast(page, 'Message deleted for good', 'success')).toBeVisible()
  await expect(page).toHaveURL(/\/dashboard\/mail\/trash\?box=shared$/)
  await expect(page.getByTestId('mail-row')).toHaveCount(0)
})
