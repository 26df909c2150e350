import { randomBytes } from 'node:crypto'

import pg from 'pg'

import { expect, signedIn, test, type TestOrganization } from './fixtures'
import { apiLoad, day, fleet } from './load-fixtures'

// The compliance dashboard and the dispatch (ADR 140). The qualification file's own pages are
// another slice's: the spec writes the organization's required kinds and the items to the e2e
// server's database as those pages would.
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${process.env.E2E_PG_PORT ?? '54331'}/freightdesk`

async function sql<Row extends object>(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: DATABASE_URL })
  await client.connect()
  try {
    return (await client.query<Row>(text, values)).rows
  } finally {
    await client.end()
  }
}

async function organizationOf(org: TestOrganization) {
  const [row] = await sql<{ organizationId: string }>('SELECT "organizationId" FROM "User" WHERE email = $1', [org.email])
  return row!.organizationId
}

function requireKinds(organizationId: string, kinds: string[]) {
  return sql(
    `INSERT INTO "ComplianceSettings" ("organizationId", "requiredKinds", "updatedAt") VALUES ($1, $2::"QualificationKind"[], now())
     ON CONFLICT ("organizationId") DO UPDATE SET "requiredKinds" = EXCLUDED."requiredKinds"`,
    [organizationId, kinds],
  )
}

function acceptedItem(organizationId: string, driverId: string, kind: string, completedAt: string) {
  return sql(
    `INSERT INTO "DriverQualification" (id, "organizationId", "driverId", kind, "completedAt", review, "updatedAt")
     VALUES ($1, $2, $3, $4::"QualificationKind", $5::date, 'accepted', now())`,
    [`q${randomBytes(12).toString('hex')}`, organizationId, driverId, kind, completedAt],
  )
}

test('the admin requires the MVR: the dashboard shows the driver missing it, then ok once it is on file, at 1280 and 390 px', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { driver } = await fleet(request, org)
  const organizationId = await organizationOf(org)
  await requireKinds(organizationId, ['mvr'])

  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/dashboard/compliance')
  await expect(page.getByRole('heading', { name: 'Compliance', level: 1 })).toBeVisible()
  const row = page.getByTestId(`driver-${driver.id}`)
  await expect(row.getByRole('link', { name: 'Dana Wheeler' })).toHaveAttribute('href', `/dashboard/user/${driver.id}/qualifications`)
  await expect(row.locator('[data-kind="mvr"]')).toContainText('Missing')
  await expect(page.getByRole('columnheader', { name: /Motor vehicle record/ })).toContainText('Required')

  // The required kinds only, through the toolbar's GET form (JavaScript or not).
  await page.getByLabel('Required kinds only').check()
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/required=1/)
  await expect(page.getByRole('columnheader')).toHaveCount(2)
  await expect(page.getByTestId('summary-missing')).toContainText('1')

  await acceptedItem(organizationId, driver.id, 'mvr', day(-10))
  await page.reload()
  await expect(row.locator('[data-kind="mvr"]')).toContainText('OK')
  await expect(page.getByTestId('summary-ok')).toContainText('1')
  await expect(page.getByTestId('summary-missing')).toContainText('0')

  // At phone width every kind of the driver is there, its name beside its badge, nothing cut off.
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/dashboard/compliance')
  const cell = row.locator('[data-kind="medical_certificate"]')
  await expect(cell).toBeVisible()
  await expect(cell).toContainText('Medical certificate')
  await expect(cell).toContainText('Missing')
  const box = await row.locator('[data-kind="license"]').boundingBox()
  expect(box!.x + box!.width).toBeLessThanOrEqual(390)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

test('a driver whose required MVR expired is not offered for dispatch: the load page and the board say why, the API answers 409', async ({ page, request }) => {
  const org = await signedIn(page, request)
  const { broker, truck, trailer, driver } = await fleet(request, org)
  const load = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  const organizationId = await organizationOf(org)
  // Reviewed 400 days ago: it held a year.
  await acceptedItem(organizationId, driver.id, 'mvr', day(-400))
  await requireKinds(organizationId, ['mvr'])

  const reason = 'The driver’s Motor vehicle record has expired on the load’s day: the organization requires it for dispatch.'
  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByTestId('load-out-of-service')).toHaveText(reason)
  await expect(page.getByTestId('status-actions').getByRole('button', { name: 'Dispatch' })).toHaveCount(0)

  await page.goto('/dashboard/kanban')
  await expect(page.getByText('Driver out of service: Motor vehicle record expired')).toBeVisible()

  const refused = await request.post(`/api/loads/${load.id}/status`, {
    headers: { Authorization: `Bearer ${org.accessToken}` },
    data: { status: 'dispatched', version: load.version },
  })
  const body = await refused.json()
  expect([refused.status(), body.error.code, body.error.message]).toEqual([409, 'out_of_service', reason])

  // The MVR renewed, the load page offers the dispatch again.
  await acceptedItem(organizationId, driver.id, 'mvr', day(-1))
  await page.goto(`/dashboard/loads/${load.id}`)
  await expect(page.getByTestId('load-out-of-service')).toHaveCount(0)
  await page.getByTestId('status-actions').getByRole('button', { name: 'Dispatch' }).click()
  await expect(page.getByTestId('load-status')).toContainText('Dispatched')
})
