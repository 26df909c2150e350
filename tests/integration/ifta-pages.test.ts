/**
 * The fuel tax pages (ADR 122) ask the same model as the API: who may read, file and reopen, the
 * rates form's one fuel-type column, and translated refusals that write nothing.
 */
import fs from 'node:fs'

import { describe, expect, it } from 'vitest'

import { createFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { fileIftaReturn, type iftaReturnBody, requireQuarter } from '~/models/fuel-tax/ifta-return.server'
import { createTrip } from '~/models/fuel-tax/trip.server'
import * as returnApi from '~/routes/api/ifta/return'
import * as exportCsv from '~/routes/dashboard/ifta/export'
import * as overview from '~/routes/dashboard/ifta/index'
import * as rates from '~/routes/dashboard/ifta/rates'
import * as returnPage from '~/routes/dashboard/ifta/return'
import { FuelPurchaseSchema } from '~/schemas/fuel-purchase'
import { TripSchema } from '~/schemas/trip'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'

import { callApi } from '../contract-kit'
import { actorOf, createOrg } from '../helpers'
import { expectHandWorkedFigures, handWorkedQuarter } from '../ifta-fixtures'
import { callPage as call, type Handler, postForm, refusalOf } from '../page-helpers'

async function quarterWithFuel() {
  const org = await createOrg()
  const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'IF-1' } })
  const actor = actorOf(org, 'accountant')
  await createTrip(
    actor,
    TripSchema.parse({
      truckId: truck.id,
      startedAt: '2026-04-02',
      endedAt: '2026-04-04',
      startOdometer: 10_000,
      endOdometer: 10_600,
      jurisdictions: [{ jurisdiction: 'TX', miles: 600 }],
    }),
  )
  await createFuelPurchase(
    actor,
    FuelPurchaseSchema.parse({ truckId: truck.id, purchasedAt: '2026-04-03', jurisdiction: 'TX', gallons: 100, totalCents: 40_000 }),
  )
  return { org, truck }
}

describe('fuel tax pages', () => {
  it('open for the roles that read returns, and offer filing and reopening only to those who may', async () => {
    const { org } = await quarterWithFuel()
    const expected: Array<[Role, number, boolean, boolean]> = [
      ['admin', 200, true, true],
      ['accountant', 200, true, false],
      ['viewer', 200, false, false],
      ['dispatcher', 403, false, false],
      ['driver', 403, false, false],
    ]
    for (const [role, status, canFile] of expected) {
      const userId = org.users[role].id
      const page = await call(returnPage.loader as Handler, '/dashboard/ifta/2026-Q2', userId, { quarter: '2026-Q2' })
      expect({ role, status: page.status }).toEqual({ role, status })
      expect({ role, status: (await call(overview.loader as Handler, '/dashboard/ifta', userId)).status }).toEqual({ role, status })
      if (status === 200) expect({ role, canFile: page.data?.canFile }).toEqual({ role, canFile })
    }
    const admin = await call(returnPage.loader as Handler, '/dashboard/ifta/2026-Q2', org.users.admin.id, { quarter: '2026-Q2' })
    // 600 miles on 100 gallons: 6.00 MPG; no rate yet, so a warning and nothing due.
    expect(admin.data).toMatchObject({ body: { totalMiles: 600, mpg: '6.00', taxDueCents: 0, warnings: [{ code: 'missing_rate' }] } })
    expect((await call(returnPage.loader as Handler, '/dashboard/ifta/Q2', org.users.admin.id, { quarter: 'Q2' })).status).toBe(404)
    const quarters = await call(overview.loader as Handler, '/dashboard/ifta', org.users.admin.id)
    expect((quarters.data?.quarters as unknown[]).length).toBe(8)
  })

  it('shows the hand-worked quarter on the page and in its CSV to the cent, as the API answers it', async () => {
    // The quarter of tests/unit/ifta-return.test.ts, filed late through the page (due 2026-10-31).
    const org = await createOrg()
    const { t2 } = await handWorkedQuarter(org)
    const quarter = { quarter: '2026-Q3' }
    const viewer = org.users.viewer.id
    const filed = await call(
      returnPage.action as Handler,
      '/dashboard/ifta/2026-Q3',
      org.users.accountant.id,
      quarter,
      postForm({ intent: 'file', filedAt: '2026-12-01' }),
    )
    expect(filed.status).toBe(302)

    const page = await call(returnPage.loader as Handler, '/dashboard/ifta/2026-Q3?fuelType=diesel', viewer, quarter)
    const body = page.data?.body as Awaited<ReturnType<typeof iftaReturnBody>>
    expectHandWorkedFigures(body, t2.id)
    // Every figure is the API's; only the warnings' wording differs (the page isolates the data in them).
    const api = await callApi(returnApi, { path: '/api/ifta/returns/2026-Q3?fuelType=diesel', params: quarter, token: org.users.viewer.token })
    const figures = (record: typeof body) => ({ ...record, warnings: record.warnings.map(({ message: _, ...warning }) => warning) })
    expect(figures(body)).toEqual(figures(api.body.data))

    // The page's CSV: the same lines and totals, translated headers, money in dollars.
    const english = { headers: { Cookie: 'i18nextLng=en' } }
    const csv = await call(exportCsv.loader as Handler, '/dashboard/ifta/2026-Q3/export?fuelType=diesel', viewer, quarter, english)
    expect([csv.status, csv.response?.headers.get('Content-Disposition')]).toEqual([200, expect.stringContaining('ifta-2026-Q3-diesel.csv')])
    const rows = (await csv.response!.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    // Each line's total due is its tax, surcharge and interest; the totals row sums the lines' columns and
    // adds the return's total gallons, MPG and penalty (app/models/fuel-tax/ifta-return.server.ts).
    expect(rows).toEqual([
      'State or province,Total miles,Taxable miles,Taxable gallons,Tax-paid gallons,Net taxable gallons,Rate per gallon,Tax (credit),Surcharge,Interest,Total due,Total gallons,Fleet MPG,Penalty',
      'IL,500,500,86,120.125,-34.125,0.4540,-15.49,0.00,0.00,-15.49,,,',
      'IN,1000,1000,172,60.000,112.000,0.5700,63.84,18.92,0.69,83.45,,,',
      'KS,700,650,112,0.000,112.000,0.2600,29.12,0.00,0.24,29.36,,,',
      'OK,300,300,52,100.250,-48.250,0.1900,-9.17,0.00,0.00,-9.17,,,',
      'TX,600,600,103,150.500,-47.500,0.2000,-9.50,0.00,0.00,-9.50,,,',
      'TOTAL,3500,3050,525,,,,58.80,18.92,0.93,128.65,600.875,5.82,50.00',
    ])
  })

  it('saves one fuel type’s rates without touching another’s, and refuses a bad rate at its row, writing nothing', async () => {
    const { org } = await quarterWithFuel()
    const accountant = org.users.accountant.id
    const form = (fuelType: string, rows: Array<[string, string, string?]>, interest = '0.5') => {
      const fields: Record<string, string> = { intent: 'save', fuelType, interestPerMonth: interest }
      rows.forEach(([jurisdiction, rate, surcharge], index) => {
        fields[`rates[${index}].jurisdiction`] = jurisdiction
        fields[`rates[${index}].ratePerGallon`] = rate
        fields[`rates[${index}].surchargePerGallon`] = surcharge ?? ''
      })
      return postForm(fields)
    }
    const save = (init: RequestInit, userId = accountant) =>
      call(rates.action as Handler, '/dashboard/ifta/2026-Q2/rates', userId, { quarter: '2026-Q2' }, init)
    expect(
      (
        await save(
          form('diesel', [
            ['TX', '0.20'],
            ['OK', ''],
            ['IN', '0.57', '0.11'],
          ]),
        )
      ).status,
    ).toBe(302)
    expect((await save(form('gasoline', [['TX', '0.20']]))).status).toBe(302)
    const stored = await prisma.iftaRate.findMany({ where: { organizationId: org.organization.id }, orderBy: [{ fuelType: 'asc' }, { jurisdiction: 'asc' }] })
    expect(stored.map((rate) => [rate.fuelType, rate.jurisdiction, rate.rateTenThousandths, rate.surchargeTenThousandths])).toEqual([
      ['diesel', 'IN', 5_700, 1_100],
      ['diesel', 'TX', 2_000, null],
      ['gasoline', 'TX', 2_000, null],
    ])

    const bad = await save(
      form('diesel', [
        ['TX', '0.2x'],
        ['OK', '', '0.10'],
      ]),
    )
    expect(bad.status).toBe(400)
    expect(refusalOf(bad)?.fields).toEqual({
      'rates[0].ratePerGallon': ['Enter dollars per gallon with at most four decimals, such as 0.2840.'],
      'rates[1].ratePerGallon': ['A surcharge needs the jurisdiction’s rate too.'],
    })
    expect(await prisma.iftaRate.count({ where: { organizationId: org.organization.id } })).toBe(3)
    expect((await save(form('diesel', [['TX', '0.30']]), org.users.dispatcher.id)).status).toBe(403)
    const page = await call(rates.loader as Handler, '/dashboard/ifta/2026-Q2/rates?fuelType=diesel', org.users.viewer.id, { quarter: '2026-Q2' })
    expect(page.data).toMatchObject({ canEdit: false, interestPerMonth: '0.5000' })
    expect((page.data?.rates as Array<{ jurisdiction: string; ratePerGallon: string }>).find((row) => row.jurisdiction === 'IN')?.ratePerGallon).toBe('0.5700')
  })

  it('files with a day, refuses a day before the quarter ends, and lets only an admin reopen with a reason', async () => {
    const { org } = await quarterWithFuel()
    const post = (fields: Record<string, string>, role: Role = 'accountant') =>
      call(returnPage.action as Handler, '/dashboard/ifta/2026-Q2', org.users[role].id, { quarter: '2026-Q2' }, postForm(fields))
    const early = await post({ intent: 'file', filedAt: '2026-06-01' })
    expect([early.status, refusalOf(early)?.fields]).toEqual([400, { filedAt: ['A return is filed after its quarter ends.'] }])
    const filed = await post({ intent: 'file', filedAt: '2026-07-20' })
    expect([filed.status, filed.toast?.title]).toEqual([302, 'The 2026-Q2 return is filed'])
    const quarter = await prisma.iftaQuarter.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(quarter.filedAt?.toISOString().slice(0, 10)).toBe('2026-07-20')

    const notAdmin = await post({ intent: 'reopen', reason: 'Late receipt' })
    expect(notAdmin.status).toBe(403)
    const noReason = await post({ intent: 'reopen', reason: '' }, 'admin')
    expect([noReason.status, Object.keys(refusalOf(noReason)?.fields ?? {})]).toEqual([400, ['reason']])
    const reopened = await post({ intent: 'reopen', reason: 'Late receipt' }, 'admin')
    expect([reopened.status, reopened.toast?.title]).toEqual([302, '2026-Q2 is open again'])
    expect((await prisma.iftaQuarter.findFirstOrThrow({ where: { organizationId: org.organization.id } })).filedAt).toBeNull()
  })

  it('shows a filed quarter’s rates closed: nothing to edit or import, and a post is refused with the reason', async () => {
    const { org } = await quarterWithFuel()
    const accountant = org.users.accountant.id
    await fileIftaReturn(actorOf(org, 'accountant'), requireQuarter('2026-Q2'), '2026-07-20')
    const page = (await call(rates.loader as Handler, '/dashboard/ifta/2026-Q2/rates', accountant, { quarter: '2026-Q2' })).data!
    expect([page.canEdit, (page.closed as { key: string } | null)?.key]).toEqual([false, 'ifta.errors.ratesClosed'])
    const form = postForm({ intent: 'save', fuelType: 'diesel', 'rates[0].jurisdiction': 'TX', 'rates[0].ratePerGallon': '0.2100' })
    const refused = await call(rates.action as Handler, '/dashboard/ifta/2026-Q2/rates', accountant, { quarter: '2026-Q2' }, form)
    expect([refused.status, refusalOf(refused)?.message]).toEqual([409, expect.stringContaining('its rates are closed')])
    expect(await prisma.iftaRate.count({ where: { organizationId: org.organization.id, quarter: '2026-Q2' } })).toBe(0)
  })

  it('imports the IFTA, Inc. rate matrix: U.S. rows only, surcharges, every fuel type it has, other fuel types and interest kept', async () => {
    const { org } = await quarterWithFuel()
    const accountant = org.users.accountant.id
    const upload = (content: string | Buffer, userId = accountant) => {
      const body = new FormData()
      body.set('intent', 'import')
      body.set('file', new File([typeof content === 'string' ? content : new Uint8Array(content)], 'matrix.csv', { type: 'text/csv' }))
      return call(rates.action as Handler, '/dashboard/ifta/2026-Q2/rates', userId, { quarter: '2026-Q2' }, { method: 'POST', body })
    }
    const rows = async () =>
      (await prisma.iftaRate.findMany({ where: { organizationId: org.organization.id, fuelType: 'diesel' }, orderBy: { jurisdiction: 'asc' } })).map((rate) => [
        rate.jurisdiction,
        rate.rateTenThousandths,
        rate.surchargeTenThousandths,
      ])
    // Rates and an interest rate typed in before: the matrix replaces the rates of its fuel types only.
    const typed = postForm({
      intent: 'save',
      fuelType: 'diesel',
      interestPerMonth: '0.4167',
      'rates[0].jurisdiction': 'CA',
      'rates[0].ratePerGallon': '0.9000',
    })
    expect((await call(rates.action as Handler, '/dashboard/ifta/2026-Q2/rates', accountant, { quarter: '2026-Q2' }, typed)).status).toBe(302)

    const matrix = fs.readFileSync('tests/fixtures/ifta/rate-matrix.csv')
    const imported = await upload(matrix)
    expect([imported.status, imported.toast?.title]).toEqual([302, '50 rates for 2026-Q2 imported'])
    expect(await rows()).toEqual([
      ['AB', 3_940, null],
      ['IN', 5_700, 1_100],
      ['OK', 1_900, null],
      ['QC', 6_235, null],
      ['TX', 2_000, null],
    ])
    const types = await prisma.iftaRate.groupBy({ by: ['fuelType'], where: { organizationId: org.organization.id }, _count: true })
    expect(types.map((type) => type.fuelType).sort()).toEqual([
      'a55',
      'biodiesel',
      'cng',
      'diesel',
      'e85',
      'ethanol',
      'gasoline',
      'lng',
      'm85',
      'methanol',
      'propane',
    ])
    const stored = await prisma.iftaQuarter.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(stored.interestPerMonthPpm).toBe(4_167)

    // A wrong cell names its line and column, and nothing changes.
    const broken = matrix.toString().replace('$ 0.1900', '$ 0.19x0')
    const refused = await upload(broken)
    expect([refused.status, refusalOf(refused)?.fields]).toEqual([400, { file: ['Line 10, Special Diesel: “0.19x0” is not a rate in dollars per gallon.'] }])
    const unknown = await upload('Jurisdiction,Special Diesel\r\nATLANTIS,0.20\r\n')
    expect(refusalOf(unknown)?.fields).toEqual({ file: ['Line 2: “ATLANTIS” is not an IFTA member jurisdiction.'] })
    expect(refusalOf(await upload('a,b\r\n1,2\r\n'))?.fields).toEqual({ file: ['No header row with a “Jurisdiction” column was found.'] })
    expect(refusalOf(await upload(Buffer.alloc(300 * 1024, 'a')))?.fields).toEqual({ file: ['The file is larger than 256 KB: a rate matrix is much smaller.'] })
    expect(await rows()).toEqual([
      ['AB', 3_940, null],
      ['IN', 5_700, 1_100],
      ['OK', 1_900, null],
      ['QC', 6_235, null],
      ['TX', 2_000, null],
    ])
    expect((await upload(matrix, org.users.viewer.id)).status).toBe(403)
  })
})
