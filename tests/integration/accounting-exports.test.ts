/**
 * Accounting export batches (ADR 145): the entries carry each record's own figures, a
 * record goes into one batch unless asked for again, a voided invoice comes back once as a
 * reversal (a deleted payment too), two exports started at once never share a record, the mapping's version, the roles,
 * bad input refused with nothing written, and the file through the job queue and the API.
 */
import { describe, expect, it } from 'vitest'

import type { AccountingEntry } from '~/models/accounting/entry'
import { accountingExportEntries, accountingExportRow, createAccountingExport } from '~/models/accounting/export.server'
import { getAccountingSettings, updateAccountingSettings } from '~/models/accounting/settings.server'
import { releaseReserve } from '~/models/factoring/factoring.server'
import { deleteFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { deletePayment } from '~/models/invoices/invoice.server'
import { runDueJobs } from '~/models/operations/jobs.server'
import * as exportRoute from '~/routes/api/accounting/export'
import * as fileRoute from '~/routes/api/accounting/export-file'
import * as exportsRoute from '~/routes/api/accounting/exports'
import * as settingsRoute from '~/routes/api/accounting/settings'
import * as accountingPage from '~/routes/dashboard/accounting/index'
import { AccountingExportSchema, AccountingSettingsSchema, DEFAULT_ACCOUNTING_NAMES } from '~/schemas/accounting'
import type { AccountingKind } from '~/schemas/accounting-options'
import { prisma } from '~/utils/db.server'
import { zonedWallClock } from '~/utils/time'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, fleet, newLoad, type Org, refusal, unique } from '../helpers'
import { callPage, postForm, refusalOf } from '../page-helpers'

const ALL_KINDS: AccountingKind[] = ['invoices', 'payments', 'settlements', 'fuel', 'work_orders', 'factoring']
const NOVEMBER = { from: '2026-11-01', to: '2026-11-30' }

const exportOf = (org: Org, fields: Record<string, unknown>, role: 'admin' | 'accountant' = 'accountant') =>
  createAccountingExport(actorOf(org, role), AccountingExportSchema.parse({ format: 'qbd_iif', kinds: ALL_KINDS, ...NOVEMBER, ...fields }))

async function entriesOf(id: string) {
  const entries: AccountingEntry[] = []
  for await (const entry of accountingExportEntries(await accountingExportRow(prisma, id))) entries.push(entry)
  return entries
}

/** One record of each kind in November 2026 (and a reserve released in December), with figures chosen by hand. */
async function books() {
  const org = await createOrg()
  const organizationId = org.organization.id
  await prisma.organization.update({ where: { id: organizationId }, data: { timezone: 'America/Chicago' } })
  const { truck, driverId } = await fleet(org)
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Acme, "Freight" Łódź'), mcNumber: `MC${Date.now() % 1_000_000}` } })
  const load = await newLoad(org, {
    brokerId: broker.id,
    charges: [
      { type: 'detention', description: 'Two hours', amountCents: 5_000 },
      { type: 'fuel_surcharge', description: '', amountCents: 12_345 },
    ],
  })
  const invoice = await prisma.invoice.create({
    data: {
      organizationId,
      invoiceNumber: unique('INV'),
      brokerId: broker.id,
      status: 'sent',
      issueDate: new Date('2026-11-05'),
      dueDate: new Date('2026-12-05'),
      subtotalCents: 168_345,
      discountCents: 500,
      totalCents: 167_845,
      items: {
        create: [
          { sequence: 1, title: 'Linehaul', loadId: load.id, billedLoadId: load.id, unitPriceCents: 150_000, totalCents: 150_000 },
          { sequence: 2, title: 'Fuel surcharge', loadId: load.id, unitPriceCents: 12_345, totalCents: 12_345 },
          { sequence: 3, title: 'Detention', description: 'Two hours', loadId: load.id, unitPriceCents: 5_000, totalCents: 5_000 },
          { sequence: 4, title: 'Pallets', quantityMilli: 2_500, unitPriceCents: 400, totalCents: 1_000 },
        ],
      },
    },
  })
  const payment = await prisma.payment.create({
    data: { invoiceId: invoice.id, amountCents: 50_000, paidAt: new Date('2026-11-20'), method: 'ach', reference: 'CHK-1001' },
  })
  const settlement = await prisma.settlement.create({
    data: {
      organizationId,
      number: unique('ST'),
      driverId,
      periodStart: new Date('2026-11-09'),
      periodEnd: new Date('2026-11-15'),
      status: 'approved',
      grossCents: 82_000n,
      deductionsCents: 15_000n,
      netCents: 67_000n,
      items: {
        create: [
          { organizationId, type: 'load', description: 'Load pay', amountCents: 80_000n, sortOrder: 1 },
          { organizationId, type: 'reimbursement', description: 'Scale ticket', amountCents: 2_000n, sortOrder: 2 },
          { organizationId, type: 'deduction', description: 'Insurance', amountCents: 5_000n, sortOrder: 3 },
          { organizationId, type: 'advance', description: 'Cash advance', amountCents: 10_000n, sortOrder: 4 },
        ],
      },
    },
  })
  const fuel = await prisma.fuelPurchase.create({
    data: {
      organizationId,
      truckId: truck.id,
      purchasedAt: new Date('2026-11-10'),
      jurisdiction: 'TX',
      gallonsMilli: 123_456,
      totalCents: 45_678,
      vendor: 'Pilot #123',
      city: 'Amarillo',
      reference: 'R-77',
    },
  })
  const workOrder = await prisma.workOrder.create({
    data: {
      organizationId,
      number: unique('WO'),
      truckId: truck.id,
      kind: 'repair',
      status: 'completed',
      description: 'Front brakes',
      totalCents: 24_099,
      // 23:30 in Chicago on November 30th: December 1st in UTC, November in the books.
      completedAt: new Date('2026-12-01T05:30:00Z'),
      lines: {
        create: [
          { position: 1, kind: 'part', description: 'Brake chamber', quantityMilli: 2_000, unitCostCents: 4_550, totalCents: 9_100 },
          { position: 2, kind: 'labor', description: 'Shop labor', quantityMilli: 1_500, unitCostCents: 9_999, totalCents: 14_999 },
        ],
      },
    },
  })
  const schedule = await prisma.factoringSchedule.create({
    data: {
      organizationId,
      number: unique('SCH'),
      status: 'purchased',
      factorName: 'Apex Capital',
      advanceBasisPoints: 9_000,
      feeBasisPoints: 300,
      totalCents: 100_000n,
      advanceCents: 90_000n,
      feeCents: 3_000n,
      reserveCents: 7_000n,
      reserveReleasedCents: 7_000n,
      purchasedAt: new Date('2026-11-25'),
      reserveReleasedAt: new Date('2026-12-10'),
      releases: { create: { organizationId, amountCents: 7_000n, releasedAt: new Date('2026-12-10') } },
    },
  })
  return { org, broker, invoice, payment, settlement, fuel, workOrder, schedule }
}

describe('entries', () => {
  it('each record comes out with its own figures, accounts from the mapping and days in the organization’s zone', async () => {
    const { org, broker, invoice, payment, settlement, fuel, workOrder, schedule } = await books()
    const batch = await exportOf(org, {})
    expect([batch.number, batch.recordCount, batch.status]).toEqual([1, 6, 'queued'])
    const entries = await entriesOf(batch.id)
    const byKind = Object.fromEntries(entries.map((entry) => [entry.kind, entry]))
    expect(entries.map((entry) => entry.kind)).toEqual(ALL_KINDS)

    expect(byKind.invoices).toMatchObject({
      recordId: invoice.id,
      type: 'invoice',
      number: invoice.invoiceNumber,
      date: '2026-11-05',
      dueDate: '2026-12-05',
      party: { name: broker.name, role: 'customer' },
      counterAccount: 'Accounts Receivable',
      totalCents: 167_845,
      reverses: null,
    })
    expect(byKind.invoices.lines.map((line) => [line.account, line.item, line.quantity, line.unitPriceCents, line.amountCents])).toEqual([
      ['Freight Income', 'Linehaul', '1', 150_000, 150_000],
      ['Fuel Surcharge Income', 'Fuel Surcharge', '1', 12_345, 12_345],
      ['Accessorial Income', 'Detention', '1', 5_000, 5_000],
      ['Accessorial Income', 'Other Charges', '2.5', 400, 1_000],
      ['Discounts Given', null, null, null, -500],
    ])
    expect(byKind.payments).toMatchObject({
      recordId: payment.id,
      type: 'payment',
      number: 'CHK-1001',
      date: '2026-11-20',
      counterAccount: 'Checking',
      totalCents: 50_000,
      applied: [{ number: invoice.invoiceNumber, amountCents: 50_000 }],
    })
    expect(byKind.settlements).toMatchObject({
      recordId: settlement.id,
      type: 'bill',
      date: '2026-11-15',
      party: { name: 'driver Tester', role: 'vendor' },
      counterAccount: 'Accounts Payable',
      totalCents: 67_000,
    })
    expect(byKind.settlements.lines.map((line) => [line.account, line.amountCents])).toEqual([
      ['Contract Labor', 80_000],
      ['Contract Labor', 2_000],
      ['Driver Deductions', -5_000],
      ['Driver Advances', -10_000],
    ])
    expect(byKind.fuel).toMatchObject({
      recordId: fuel.id,
      type: 'expense',
      date: '2026-11-10',
      party: { name: 'Pilot #123', role: 'vendor' },
      counterAccount: 'Checking',
      totalCents: 45_678,
    })
    expect(byKind.fuel.lines.map((line) => [line.account, line.amountCents])).toEqual([['Fuel', 45_678]])
    expect(byKind.work_orders).toMatchObject({ recordId: workOrder.id, type: 'expense', date: '2026-11-30', totalCents: 24_099 })
    expect(byKind.work_orders.lines.map((line) => [line.account, line.quantity, line.unitPriceCents, line.amountCents])).toEqual([
      ['Repairs and Maintenance', '2', 4_550, 9_100],
      ['Repairs and Maintenance', '1.5', 9_999, 14_999],
    ])
    expect(byKind.factoring).toMatchObject({ recordId: schedule.id, type: 'journal', date: '2026-11-25', totalCents: 100_000 })
    expect(byKind.factoring.lines.map((line) => [line.account, line.debit, line.amountCents])).toEqual([
      ['Checking', true, 90_000],
      ['Factoring Fees', true, 3_000],
      ['Factoring Reserve', true, 7_000],
      ['Factor Clearing', false, 100_000],
    ])
    // Both banks' lines (ours and the factor's) go through the factoring clearing account in Xero (ADR 152).
    expect(byKind.factoring.lines.map((line) => line.clearingAccount)).toEqual([
      'Factoring Journal Clearing',
      undefined,
      undefined,
      'Factoring Journal Clearing',
    ])
    // Every entry's lines add up to its total (a journal: debits equal credits).
    for (const entry of entries) {
      const lines = entry.type === 'journal' ? entry.lines.filter((line) => line.debit) : entry.lines
      expect(
        lines.reduce((sum, line) => sum + line.amountCents, 0),
        entry.kind,
      ).toBe(entry.totalCents)
      if (entry.type === 'journal') expect(entry.lines.filter((line) => !line.debit).reduce((sum, line) => sum + line.amountCents, 0)).toBe(entry.totalCents)
    }

    // December: the reserve's release, into the bank.
    const december = await exportOf(org, { from: '2026-12-01', to: '2026-12-31' })
    const [release] = await entriesOf(december.id)
    expect([december.recordCount, release.date, release.lines.map((line) => [line.account, line.debit, line.amountCents])]).toEqual([
      1,
      '2026-12-10',
      [
        ['Checking', true, 7_000],
        ['Factoring Reserve', false, 7_000],
      ],
    ])
    // Xero posts the bank's line to the mapping's clearing account.
    expect(release.lines[0].clearingAccount).toBe('Factoring Journal Clearing')
  })

  it('the mapping names the accounts and customers (by MC number when asked)', async () => {
    const { org, broker } = await books()
    const settings = await getAccountingSettings(org.organization.id)
    await updateAccountingSettings(
      actorOf(org, 'accountant'),
      AccountingSettingsSchema.parse({
        ...settings,
        customerNaming: 'mc_number',
        receivableAccount: 'A/R',
        linehaulAccount: 'Income:Freight, Linehaul',
        version: 0,
      }),
    )
    const batch = await exportOf(org, { kinds: ['invoices'] })
    const [entry] = await entriesOf(batch.id)
    expect([entry.party?.name, entry.counterAccount, entry.lines[0].account]).toEqual([broker.mcNumber, 'A/R', 'Income:Freight, Linehaul'])
  })
})

describe('batches', () => {
  it('a record goes into one batch; includeExported takes it again; a voided invoice comes back once as a reversal', async () => {
    const { org, invoice } = await books()
    const first = await exportOf(org, {})
    const second = await exportOf(org, { format: 'xero_csv' })
    expect([first.number, first.recordCount, second.number, second.recordCount]).toEqual([1, 6, 2, 0])
    const again = await exportOf(org, { includeExported: true, kinds: ['invoices', 'payments'] })
    expect(again.recordCount).toBe(2)
    // Each kind on its own, asked for again.
    for (const kind of ALL_KINDS) expect((await exportOf(org, { includeExported: true, kinds: [kind] })).recordCount, kind).toBe(1)

    await prisma.invoice.update({ where: { id: invoice.id }, data: { status: 'void', voidedAt: new Date('2026-12-02T03:00:00Z') } })
    const reversal = await exportOf(org, { from: '2026-12-01', to: '2026-12-31', kinds: ['invoices'] })
    const entries = await entriesOf(reversal.id)
    expect(entries.map((entry) => [entry.number, entry.date, entry.totalCents, entry.reverses])).toEqual([
      // Voided at 21:00 on December 1st in Chicago; the batch that carried it last was number 4 (invoices alone).
      [invoice.invoiceNumber, '2026-12-01', 167_845, { batchNumber: 4 }],
    ])
    const later = await exportOf(org, { from: '2026-12-01', to: '2026-12-31', kinds: ['invoices'], includeExported: true })
    expect(later.recordCount).toBe(0)
  })

  it('a payment deleted after a batch carried it comes back once as a reversal, dated the delete’s day; one never exported does not', async () => {
    const { org, invoice, payment } = await books()
    await prisma.invoice.update({ where: { id: invoice.id }, data: { status: 'partially_paid', amountPaidCents: 50_000 } })
    const first = await exportOf(org, { kinds: ['payments'] })
    expect(first.recordCount).toBe(1)
    const invoiceNow = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
    await deletePayment(actorOf(org, 'accountant'), invoice.id, payment.id, invoiceNow.version)
    expect(await prisma.payment.count({ where: { id: payment.id } })).toBe(0)
    const kept = await prisma.accountingDeletedRecord.findFirstOrThrow({ where: { recordId: payment.id } })
    const deletedDay = zonedWallClock(kept.deletedAt, 'America/Chicago').slice(0, 10)

    // Whatever the range, the reversal comes in the next batch of payments, with the original's figures.
    const next = await exportOf(org, { from: '2027-01-01', to: '2027-01-31', kinds: ['payments'] })
    const entries = await entriesOf(next.id)
    expect(entries.map((entry) => [entry.recordId, entry.number, entry.date, entry.totalCents, entry.counterAccount, entry.reverses])).toEqual([
      [payment.id, 'CHK-1001', deletedDay, 50_000, 'Checking', { batchNumber: first.number }],
    ])
    expect(entries[0].applied).toEqual([{ number: invoice.invoiceNumber, amountCents: 50_000 }])
    // Exactly once, even when asked for again.
    expect((await exportOf(org, { kinds: ['payments'], includeExported: true })).recordCount).toBe(0)

    // A payment deleted before any batch carried it is simply gone.
    const second = await prisma.payment.create({ data: { invoiceId: invoice.id, amountCents: 1_000, paidAt: new Date('2026-11-21'), method: 'check' } })
    await prisma.invoice.update({ where: { id: invoice.id }, data: { amountPaidCents: 1_000 } })
    const latest = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })
    await deletePayment(actorOf(org, 'accountant'), invoice.id, second.id, latest.version)
    expect((await exportOf(org, { kinds: ['payments'], includeExported: true })).recordCount).toBe(0)
  })

  it('a fuel purchase deleted after a batch carried it comes back once as a reversal, dated the delete’s day; one never exported does not', async () => {
    const { org, fuel } = await books()
    const first = await exportOf(org, { kinds: ['fuel'] })
    expect(first.recordCount).toBe(1)
    await deleteFuelPurchase(actorOf(org, 'accountant'), fuel.id, fuel.version)
    expect(await prisma.fuelPurchase.count({ where: { id: fuel.id } })).toBe(0)
    const kept = await prisma.accountingDeletedRecord.findFirstOrThrow({ where: { recordId: fuel.id } })
    const deletedDay = zonedWallClock(kept.deletedAt, 'America/Chicago').slice(0, 10)

    // Whatever the range, the reversal comes in the next batch of fuel, with the original's figures.
    const next = await exportOf(org, { from: '2027-01-01', to: '2027-01-31', kinds: ['fuel'] })
    const [entry, ...more] = await entriesOf(next.id)
    expect(more).toEqual([])
    expect([entry.recordId, entry.date, entry.totalCents, entry.counterAccount, entry.party, entry.reverses]).toEqual([
      fuel.id,
      deletedDay,
      45_678,
      'Checking',
      { name: 'Pilot #123', role: 'vendor' },
      { batchNumber: first.number },
    ])
    expect(entry.lines.map((line) => [line.account, line.description, line.amountCents])).toEqual([
      ['Fuel', expect.stringMatching(/^123\.456 gal diesel · T-\w+ · Amarillo, TX$/), 45_678],
    ])
    // Exactly once, even when asked for again.
    expect((await exportOf(org, { kinds: ['fuel'], includeExported: true })).recordCount).toBe(0)

    // A purchase deleted before any batch carried it is simply gone.
    const second = await prisma.fuelPurchase.create({
      data: {
        organizationId: fuel.organizationId,
        truckId: fuel.truckId,
        purchasedAt: new Date('2026-11-11'),
        jurisdiction: 'TX',
        gallonsMilli: 10_000,
        totalCents: 4_000,
      },
    })
    await deleteFuelPurchase(actorOf(org, 'accountant'), second.id, second.version)
    expect((await exportOf(org, { kinds: ['fuel'], includeExported: true })).recordCount).toBe(0)
  })

  it('a reserve released in steps exports each release on its own day, once', async () => {
    const { org, schedule } = await books()
    await prisma.factoringSchedule.update({ where: { id: schedule.id }, data: { reserveReleasedCents: 0n, reserveReleasedAt: null } })
    await prisma.factoringReserveRelease.deleteMany({ where: { scheduleId: schedule.id } })
    const release = async (amountCents: number, releasedAt: string) => {
      const { version } = await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })
      await releaseReserve(actorOf(org, 'accountant'), schedule.id, { amountCents, releasedAt, version }, new Date('2026-12-20T18:00:00Z'))
    }
    await release(2_000, '2026-11-28')
    await release(1_500, '2026-11-28')
    const november = await exportOf(org, { kinds: ['factoring'] })
    const shown = (entries: AccountingEntry[]) =>
      entries.map((entry) => [
        entry.number.replace(schedule.number, 'S'),
        entry.date,
        entry.memo,
        entry.totalCents,
        entry.lines.map((line) => line.amountCents),
      ])
    expect(shown(await entriesOf(november.id))).toEqual([
      ['S', '2026-11-25', 'Apex Capital purchase', 100_000, [90_000, 3_000, 7_000, 100_000]],
      ['S-1', '2026-11-28', 'Apex Capital reserve release', 2_000, [2_000, 2_000]],
      ['S-2', '2026-11-28', 'Apex Capital reserve release 2', 1_500, [1_500, 1_500]],
    ])
    await release(3_500, '2026-12-10')
    const december = await exportOf(org, { from: '2026-11-01', to: '2026-12-31', kinds: ['factoring'] })
    expect(shown(await entriesOf(december.id))).toEqual([['S-3', '2026-12-10', 'Apex Capital reserve release 3', 3_500, [3_500, 3_500]]])
    expect((await exportOf(org, { from: '2026-11-01', to: '2026-12-31', kinds: ['factoring'] })).recordCount).toBe(0)
    const { reserveReleasedCents } = await prisma.factoringSchedule.findUniqueOrThrow({ where: { id: schedule.id } })
    expect(reserveReleasedCents).toBe(7_000n)
  })

  it('two exports started at once never carry the same record', async () => {
    const { org } = await books()
    const [a, b] = await Promise.all([exportOf(org, {}), exportOf(org, { format: 'qbo_csv' }, 'admin')])
    expect([a.recordCount + b.recordCount, new Set([a.number, b.number]).size]).toEqual([6, 2])
    const claimed = await prisma.accountingExportRecord.groupBy({
      by: ['kind', 'recordId', 'part'],
      where: { organizationId: org.organization.id },
      _count: { _all: true },
    })
    expect(claimed.every((row) => row._count._all === 1)).toBe(true)
  })

  it('the file is written by the job queue and downloads; before that the API answers 409', async () => {
    const { org } = await books()
    const token = org.users.accountant.token
    const made = await callApi(exportsRoute, {
      method: 'POST',
      path: '/api/accounting/exports',
      token,
      body: { ...NOVEMBER, format: 'qbd_iif', kinds: ALL_KINDS },
    })
    expect(made.status).toBe(201)
    const { id, number, recordCount, url } = made.body.data
    expect([number, recordCount, url]).toEqual([1, 6, `/api/accounting/exports/${id}/file`])
    const early = await callApi(fileRoute, { path: url, params: { id }, token })
    expect([early.status, early.body.error.code]).toEqual([409, 'invalid_transition'])

    await runDueJobs()
    const status = await callApi(exportRoute, { path: `/api/accounting/exports/${id}`, params: { id }, token: org.users.viewer.token })
    expect(status.body.data).toMatchObject({ status: 'ready', processedCount: 6, recordCount: 6, fileName: 'freightdesk-export-000001.iif' })
    const file = await fileRoute.loader({
      request: new Request(`http://localhost${url}`, { headers: { Authorization: `Bearer ${token}` } }),
      params: { id },
      context: {},
    } as never)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Disposition')).toContain('freightdesk-export-000001.iif')
    const bytes = new Uint8Array(await file.arrayBuffer())
    expect([bytes.length > 0, bytes.length]).toEqual([true, status.body.data.sizeBytes])

    const list = await callApi(exportsRoute, { path: '/api/accounting/exports', token: org.users.viewer.token })
    expect(list.body.data.map((row: { number: number }) => row.number)).toEqual([1])
    // The list's rows are the batch's own answer, its count beside them, also past the last page.
    const one = await callApi(exportRoute, { path: `/api/accounting/exports/${id}`, params: { id }, token: org.users.viewer.token })
    expect([list.body.data, list.body.meta.total]).toEqual([[one.body.data], 1])
    const past = await callApi(exportsRoute, { path: '/api/accounting/exports?page=3', token: org.users.viewer.token })
    expect([past.body.data, past.body.meta.total]).toEqual([[], 1])
    const other = await createOrg()
    const hidden = await callApi(exportRoute, { path: `/api/accounting/exports/${id}`, params: { id }, token: other.users.accountant.token })
    expect(hidden.status).toBe(404)
  })
})

describe('settings', () => {
  it('the defaults until saved; a stale version is 409 and nothing is written', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const read = await callApi(settingsRoute, { path: '/api/accounting/settings', token })
    expect(read.body.data).toMatchObject({ ...DEFAULT_ACCOUNTING_NAMES, customerNaming: 'name', version: 0 })
    const body = { ...read.body.data, bankAccount: 'Operating Checking' }
    const saved = await callApi(settingsRoute, { method: 'PUT', path: '/api/accounting/settings', token, body })
    expect([saved.status, saved.body.data.version, saved.body.data.bankAccount]).toEqual([200, 1, 'Operating Checking'])
    const stale = await callApi(settingsRoute, { method: 'PUT', path: '/api/accounting/settings', token, body: { ...body, bankAccount: 'Savings' } })
    expect([stale.status, stale.body.error.code]).toEqual([409, 'conflict'])
    expect((await getAccountingSettings(org.organization.id)).bankAccount).toBe('Operating Checking')
    const firstTwice = await refusal(updateAccountingSettings(actorOf(org, 'admin'), AccountingSettingsSchema.parse({ ...body, version: 0 })))
    expect(firstTwice.code).toBe('conflict')
  })

  it('a client written before the reserve clearing account saves without it, and the account keeps its value', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const read = (await callApi(settingsRoute, { path: '/api/accounting/settings', token })).body.data
    const first = await callApi(settingsRoute, {
      method: 'PUT',
      path: '/api/accounting/settings',
      token,
      body: { ...read, reserveClearingAccount: 'Reserve Due' },
    })
    expect(first.status).toBe(200)
    const { reserveClearingAccount: _left, ...older } = first.body.data
    const saved = await callApi(settingsRoute, { method: 'PUT', path: '/api/accounting/settings', token, body: { ...older, bankAccount: 'Savings' } })
    expect([saved.status, saved.body.data.bankAccount, saved.body.data.reserveClearingAccount]).toEqual([200, 'Savings', 'Reserve Due'])
  })
})

describe('permissions and bad input', () => {
  it('dispatchers are refused; viewers read only', async () => {
    const org = await createOrg()
    const body = { ...NOVEMBER, format: 'qbd_iif', kinds: ['invoices'] }
    for (const role of ['dispatcher', 'driver', 'mechanic'] as const) {
      expect((await callApi(exportsRoute, { path: '/api/accounting/exports', token: org.users[role].token })).status, role).toBe(403)
      expect((await callApi(settingsRoute, { path: '/api/accounting/settings', token: org.users[role].token })).status, role).toBe(403)
    }
    const viewer = org.users.viewer.token
    expect((await callApi(exportsRoute, { path: '/api/accounting/exports', token: viewer })).status).toBe(200)
    expect((await callApi(exportsRoute, { method: 'POST', path: '/api/accounting/exports', token: viewer, body })).status).toBe(403)
    const settings = (await callApi(settingsRoute, { path: '/api/accounting/settings', token: viewer })).body.data
    expect((await callApi(settingsRoute, { method: 'PUT', path: '/api/accounting/settings', token: viewer, body: settings })).status).toBe(403)

    expect((await callPage(accountingPage.loader, '/dashboard/accounting', org.users.dispatcher.id)).status).toBe(403)
    const viewerPage = await callPage(accountingPage.loader, '/dashboard/accounting', org.users.viewer.id)
    expect([viewerPage.status, viewerPage.data?.canCreate, viewerPage.data?.canUpdate]).toEqual([200, false, false])
    const posted = await callPage(
      accountingPage.action,
      '/dashboard/accounting',
      org.users.viewer.id,
      {},
      postForm({ intent: 'export', ...NOVEMBER, format: 'qbd_iif', kinds: 'invoices' }),
    )
    expect(posted.status).toBe(403)
    expect(await prisma.accountingExport.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('bad input is a clear error at its field and writes nothing', async () => {
    const org = await createOrg()
    const token = org.users.accountant.token
    const post = (body: Record<string, unknown>) => callApi(exportsRoute, { method: 'POST', path: '/api/accounting/exports', token, body })
    const base = { ...NOVEMBER, format: 'qbd_iif', kinds: ['invoices'] }
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...base, from: '2026-12-01' }, 'to', 'The end date is before the start date.'],
      [{ ...base, from: '2025-11-01' }, 'to', 'An export covers at most one year.'],
      [{ ...base, format: 'sage50' }, 'format', 'Choose one of the options.'],
      [{ ...base, kinds: ['invoices', 'loads'] }, 'kinds.1', 'Choose one of the options.'],
      [{ ...base, kinds: [] }, 'kinds', 'Choose at least one kind of record.'],
      [{ ...base, from: '2026-11-0\u0000' }, 'from', 'Enter a valid date.'],
    ]
    for (const [body, field, message] of cases) {
      const answer = await post(body)
      expect([answer.status, answer.body.error.code, answer.body.error.fields?.[field]], field).toEqual([400, 'validation_failed', [message]])
    }
    const settings = (await callApi(settingsRoute, { path: '/api/accounting/settings', token })).body.data
    const nul = await callApi(settingsRoute, { method: 'PUT', path: '/api/accounting/settings', token, body: { ...settings, fuelAccount: 'Fuel\u0000' } })
    expect([nul.status, nul.body.error.fields?.fuelAccount]).toEqual([400, ['This contains characters that cannot be saved.']])
    const page = await callPage(
      accountingPage.action,
      '/dashboard/accounting',
      org.users.accountant.id,
      {},
      postForm({ intent: 'export', from: '2026-12-01', to: '2026-11-01', format: 'qbd_iif', kinds: 'invoices' }),
    )
    expect([page.status, refusalOf(page)?.fields]).toEqual([400, { to: ['The end date is before the start date.'] }])
    expect(await prisma.accountingExport.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect(await prisma.accountingSettings.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('the export form starts a batch and shows it', async () => {
    const { org } = await books()
    const answer = await callPage(
      accountingPage.action,
      '/dashboard/accounting',
      org.users.accountant.id,
      {},
      postForm(new URLSearchParams([...Object.entries({ intent: 'export', ...NOVEMBER, format: 'qbo_csv' }), ['kinds', 'invoices'], ['kinds', 'fuel']])),
    )
    expect(answer.status).toBe(302)
    const batch = await prisma.accountingExport.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect([answer.location, batch.recordCount, batch.kinds, batch.fileName]).toEqual([
      `/dashboard/accounting/exports/${batch.id}`,
      2,
      ['invoices', 'fuel'],
      'freightdesk-export-000001.zip',
    ])
  })
})
