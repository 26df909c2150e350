/** CSV exports: every matching row across pages, the list's filters, formula cells neutralised. */
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import { sendInvoice } from '~/models/invoices/invoice.server'
import { inBatches } from '~/models/records/records.server'
import { createTrailer } from '~/models/reference/trailer.server'
import { createTruck } from '~/models/reference/truck.server'
import * as brokers from '~/routes/api/brokers/collection'
import * as companies from '~/routes/api/companies/collection'
import * as invoices from '~/routes/api/invoices/collection'
import * as trailers from '~/routes/api/trailers/collection'
import * as trucks from '~/routes/api/trucks/collection'
import * as users from '~/routes/api/users/collection'
import { TrailerSchema } from '~/schemas/trailer'
import { TruckSchema } from '~/schemas/truck'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { csvDollars, safeCell } from '~/utils/csv.server'

import { actorOf, callApi, createOrg, unique } from '../helpers'

type Module = { loader: (args: never) => Promise<Response> }

async function getCsv(module: Module, path: string, token: string) {
  const request = new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}`, [CLIENT_IP_HEADER]: '198.51.100.1' } })
  const response = await module.loader({ request, params: {}, context: {} } as never)
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    text,
    rows: response.ok ? (parse(text, { columns: true }) as Array<Record<string, string>>) : [],
  }
}

describe('safeCell', () => {
  it('prefixes text a spreadsheet would run as a formula, and leaves numbers and plain text alone', () => {
    for (const formula of ['=1+1', '+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) expect(safeCell(formula)).toBe(`'${formula}`)
    // Full-width starters (Excel reads `＝1+1` as `=1+1`), a DDE pipe, and a starter after blanks.
    for (const formula of ['＝1+1', '＋1', '－1+2', '＠SUM(A1)', '｜cmd', '|cmd', ' =1+1', '\u3000＝1', '\n=1']) expect(safeCell(formula)).toBe(`'${formula}`)
    expect(safeCell('Reefer, 53 ft')).toBe('Reefer, 53 ft')
    expect(safeCell(-5)).toBe('-5')
    // A decimal written as text (a credit's gallons) is still a number; an expression is not.
    for (const number of ['-34.125', '-5', '12.50']) expect(safeCell(number)).toBe(number)
    for (const formula of ['-34.125+1', '-1e3', '-.5', '- 5']) expect(safeCell(formula)).toBe(`'${formula}`)
    expect(safeCell(null)).toBe('')
    expect(safeCell(false)).toBe('false')
  })
})

describe('csvDollars', () => {
  it('writes cents as dollars with two decimals for files people read; a negative amount stays a number, no amount is empty', () => {
    expect([csvDollars(123_450), csvDollars(5), csvDollars(-1_200), csvDollars(0), csvDollars(null)]).toEqual(['1234.50', '0.05', '-12.00', '0.00', ''])
  })
})

describe('inBatches', () => {
  it('reads every row in windows until a short one, in order', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i)
    const windows: number[] = []
    const read = async ({ skip, take }: { skip: number; take: number }) => {
      windows.push(skip)
      return rows.slice(skip, skip + take)
    }
    const seen: number[] = []
    for await (const row of inBatches(read, 3)) seen.push(row)
    expect(seen).toEqual(rows)
    expect(windows).toEqual([0, 3, 6])
  })
})

describe('GET /api/trucks?format=csv', () => {
  it('streams every truck the filters match (more than a page), with the fields as headers, and nothing of another organization', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const actor = actorOf(org)
    for (let i = 0; i < 30; i++) {
      await createTruck(
        actor,
        TruckSchema.parse({ unitNumber: `CSV-${String(i).padStart(2, '0')}`, status: i % 3 === 0 ? 'maintenance' : 'available', companyId: org.company.id }),
      )
    }
    await createTruck(actorOf(other), TruckSchema.parse({ unitNumber: 'CSV-OTHER', status: 'maintenance' }))

    const all = await getCsv(trucks, '/api/trucks?format=csv&pageSize=10&page=2', org.users.viewer.token)
    expect(all.status).toBe(200)
    expect(all.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(all.headers.get('Content-Disposition')).toMatch(/^attachment; filename="trucks-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(all.headers.get('Cache-Control')).toBe('private, no-store')
    expect(all.text.startsWith('unitNumber,status,company,vin,')).toBe(true)
    expect(all.rows).toHaveLength(30)
    expect(all.rows[0]).toMatchObject({ unitNumber: 'CSV-00', status: 'maintenance', company: org.company.name })

    const filtered = await getCsv(trucks, '/api/trucks?format=csv&status=maintenance&sort=unitNumber&dir=desc', org.users.viewer.token)
    expect(filtered.rows.map((row) => row.unitNumber)).toEqual([
      'CSV-27',
      'CSV-24',
      'CSV-21',
      'CSV-18',
      'CSV-15',
      'CSV-12',
      'CSV-09',
      'CSV-06',
      'CSV-03',
      'CSV-00',
    ])
  })

  it('neutralises formula cells and keeps commas, quotes and line breaks inside their cell', async () => {
    const org = await createOrg()
    await createTruck(actorOf(org), TruckSchema.parse({ unitNumber: 'F-1', notes: '=HYPERLINK("http://evil.test","click")' }))
    await createTruck(actorOf(org), TruckSchema.parse({ unitNumber: 'F-2', notes: 'Door sticks, "left" side\nCall shop' }))
    const { rows } = await getCsv(trucks, '/api/trucks?format=csv&sort=unitNumber', org.users.admin.token)
    expect(rows.map((row) => row.notes)).toEqual(['\'=HYPERLINK("http://evil.test","click")', 'Door sticks, "left" side\nCall shop'])
  })

  it('is refused to a role that cannot read trucks, and without a token', async () => {
    const org = await createOrg()
    expect((await getCsv(trucks, '/api/trucks?format=csv', org.users.driver.token)).status).toBe(403)
    expect((await getCsv(trucks, '/api/trucks?format=csv', 'not-a-token')).status).toBe(401)
  })
})

describe('GET /api/trailers?format=csv', () => {
  it('streams the trailers the type filter matches', async () => {
    const org = await createOrg()
    await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'R-1', type: 'reefer', lengthFt: 53 }))
    await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'F-1', type: 'flatbed' }))
    const { status, rows } = await getCsv(trailers, '/api/trailers?format=csv&type=reefer', org.users.dispatcher.token)
    expect(status).toBe(200)
    expect(rows).toEqual([expect.objectContaining({ unitNumber: 'R-1', type: 'reefer', status: 'available', lengthFt: '53' })])
  })
})

describe('GET /api/company?format=csv', () => {
  it('streams the companies the search matches, with their fleet counts', async () => {
    const org = await createOrg()
    await createTruck(actorOf(org), TruckSchema.parse({ unitNumber: 'C-1', companyId: org.company.id }))
    const { status, rows } = await getCsv(companies, `/api/company?format=csv&q=${encodeURIComponent(org.company.name)}`, org.users.accountant.token)
    expect(status).toBe(200)
    expect(rows).toEqual([expect.objectContaining({ name: org.company.name, status: 'active', trucks: '1', trailers: '0', drivers: '0', id: org.company.id })])
  })
})

describe('GET /api/brokers?format=csv', () => {
  it('streams the brokers the filters match, the credit limit in cents as the API keeps it', async () => {
    const org = await createOrg()
    const post = (body: Record<string, unknown>) => callApi(brokers, { method: 'POST', path: '/api/brokers', token: org.users.admin.token, body })
    expect((await post({ name: 'Hold Freight', status: 'on_hold', creditLimitCents: 2_500_050 })).status).toBe(201)
    expect((await post({ name: 'Open Freight', status: 'active' })).status).toBe(201)
    const { status, rows } = await getCsv(brokers, '/api/brokers?format=csv&status=on_hold', org.users.viewer.token)
    expect(status).toBe(200)
    expect(rows).toEqual([expect.objectContaining({ name: 'Hold Freight', status: 'on_hold', creditLimitCents: '2500050', paymentTerms: 'net_30' })])
  })
})

describe('GET /api/invoice?format=csv', () => {
  it('streams every invoice the tab, filters and sort match (more than a page), keys as headers and amounts in cents', async () => {
    const org = await createOrg()
    const other = await createOrg()
    const post = (owner: typeof org, path: string, body: Record<string, unknown>) =>
      callApi(invoices, { method: 'POST', path, token: owner.users.admin.token, body })
    const broker = await callApi(brokers, { method: 'POST', path: '/api/brokers', token: org.users.admin.token, body: { name: unique('=Broker') } })
    const brokerId = broker.body.data.id
    for (let i = 1; i <= 12; i++) {
      const created = await post(org, '/api/invoice', {
        brokerId,
        issueDate: '2026-11-02',
        items: [{ title: 'Fee', quantity: 1, unitPriceCents: i * 1_000 + 1 }],
      })
      expect(created.status).toBe(201)
      const { id, version } = created.body.data
      if (i % 3 !== 0) await sendInvoice(actorOf(org), id, version)
    }
    // The other organization's invoice never shows.
    const strangerBroker = await callApi(brokers, { method: 'POST', path: '/api/brokers', token: other.users.admin.token, body: { name: unique('Other') } })
    await post(other, '/api/invoice', { brokerId: strangerBroker.body.data.id, items: [{ title: 'Fee', unitPriceCents: 5 }] })

    const all = await getCsv(invoices, '/api/invoice?format=csv&pageSize=10', org.users.viewer.token)
    expect(all.status).toBe(200)
    expect(all.headers.get('Content-Disposition')).toMatch(/^attachment; filename="invoices-\d{4}-\d{2}-\d{2}\.csv"$/)
    expect(
      all.text.startsWith('invoiceNumber,status,overdue,broker,brokerId,company,issueDate,dueDate,totalCents,amountPaidCents,balanceCents,sentAt,id\r\n'),
    ).toBe(true)
    expect(all.rows).toHaveLength(12)

    const sent = await getCsv(invoices, `/api/invoice?format=csv&status=sent&brokerId=${brokerId}`, org.users.viewer.token)
    expect(sent.rows).toHaveLength(8)
    expect(sent.rows.every((row) => row.status === 'sent' && /^\d{4}-\d{2}-\d{2}T/.test(row.sentAt))).toBe(true)

    const drafts = await getCsv(invoices, '/api/invoice?format=csv&status=draft&sort=totalCents&dir=desc', org.users.accountant.token)
    expect(drafts.rows.map((row) => row.totalCents)).toEqual(['12001', '9001', '6001', '3001'])
    // A broker name a spreadsheet would run is neutralised.
    expect(drafts.rows[0].broker).toMatch(/^'=Broker/)
    expect(drafts.rows[0]).toMatchObject({
      status: 'draft',
      overdue: 'false',
      brokerId,
      issueDate: '2026-11-02',
      amountPaidCents: '0',
      balanceCents: '12001',
      sentAt: '',
    })
  })

  it('is refused to a role that cannot read invoices', async () => {
    const org = await createOrg()
    expect((await getCsv(invoices, '/api/invoice?format=csv', org.users.driver.token)).status).toBe(403)
  })
})

describe('GET /api/users?format=csv', () => {
  it('streams the users the role filter matches to admins only, never a password hash', async () => {
    const org = await createOrg()
    const answer = await getCsv(users, '/api/users?format=csv&role=driver', org.users.admin.token)
    expect(answer.status).toBe(200)
    expect(answer.rows).toEqual([expect.objectContaining({ email: org.users.driver.email, role: 'driver', status: 'active' })])
    expect(answer.text).not.toMatch(/argon2|passwordHash/)
    expect((await getCsv(users, '/api/users?format=csv', org.users.dispatcher.token)).status).toBe(403)
  })
})
