import fs from 'node:fs'
import path from 'node:path'

import { startSftpServer, type TestSftpServer } from '../sftp-server'
import { expect, signedIn, test, toast, uniqueId } from './fixtures'
import { api, apiLoad, fleet } from './load-fixtures'

// The whole EDI round (ADRs 147-150): a partner that works over SFTP tenders a load (204), dispatch
// accepts it on the tender page, the load moves, its invoice is sent, and the partner's drop folder
// receives what the job queue delivers: the 990, a 214 per stop arrival and departure, and the
// 210. The SFTP server runs in the test's process; the app's server connects to it like any
// partner's. Plain forms: the same with and without JavaScript.
let sftp: TestSftpServer
test.beforeAll(async () => {
  sftp = await startSftpServer()
})
test.afterAll(async () => {
  await sftp.close()
})

/** The transaction sets' segments of an interchange the app dropped, as `TAG*…` lines. */
const segmentsOf = (text: string) =>
  text
    .split('~')
    .map((segment) => segment.trim())
    .filter(Boolean)

test('a tender arrives, dispatch accepts it, the load moves, and the partner’s folder receives the 990, the 214s and the 210', async ({ page, request }) => {
  test.setTimeout(90_000)
  const org = await signedIn(page, request)
  const { broker, driver, truck, trailer } = await fleet(request, org)
  const outbox = `/${uniqueId('out').toLowerCase()}`
  await api(request, org, '/api/edi/partners', {
    name: 'Broker A EDI',
    brokerId: broker.id,
    isaQualifier: 'ZZ',
    isaId: 'BROKERA',
    gsId: 'BROKERA',
    ourIsaQualifier: 'ZZ',
    ourIsaId: 'FDCARRIER',
    ourGsId: 'FDCARRIER',
    transport: 'sftp',
    sftp: { host: sftp.host, port: sftp.port, username: sftp.username, password: sftp.password, inboundDir: '/in', outboundDir: outbox },
    send214: true,
    send210: true,
  })
  await sftp.put(`${outbox}/.keep`, '')

  // The partner's 204 (two stops, no respond-by), its shipment this run's own.
  const shipment = uniqueId('SH')
  const text = fs.readFileSync(path.resolve('tests/fixtures/edi/204-minimal.edi'), 'utf8').replace('B2**FDCR**SH1001', `B2**FDCR**${shipment}`)
  const received = await request.post('/api/edi/inbound', {
    headers: { Authorization: `Bearer ${org.accessToken}`, 'Content-Type': 'application/edi-x12' },
    data: text,
  })
  expect(received.status(), await received.text()).toBe(201)
  const tenderId = (await received.json()).data.tenders[0].id as string

  // Dispatch accepts it on the tender page: a load is booked from it.
  await page.goto('/dashboard/edi/tenders')
  await page.getByRole('link', { name: shipment }).click()
  await expect(page).toHaveURL(new RegExp(`/dashboard/edi/tenders/${tenderId}$`))
  await page.getByTestId('edi-tender-accept').getByRole('button', { name: 'Accept and book the load' }).click()
  await expect(toast(page, new RegExp(`Tender .?${shipment}.? accepted: load .+ booked`), 'success')).toBeVisible()
  await expect(page.getByTestId('edi-tender-status')).toContainText('Accepted')
  const tender = await (await request.get(`/api/edi/tenders/${tenderId}`, { headers: { Authorization: `Bearer ${org.accessToken}` } })).json()
  const loadId = tender.data.loadId as string
  expect(loadId).toBeTruthy()

  // The load moves: assigned, dispatched, and through its stops (each arrival and departure implied).
  const auth = { Authorization: `Bearer ${org.accessToken}` }
  const read = (await (await request.get(`/api/loads/${loadId}`, { headers: auth })).json()).data
  const assigned = await request.put(`/api/loads/${loadId}`, {
    headers: auth,
    data: { ...read, driverId: driver.id, truckId: truck.id, trailerId: trailer.id },
  })
  expect(assigned.status(), await assigned.text()).toBe(200)
  let version = (await assigned.json()).data.version as number
  for (const status of ['dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered'])
    version = (await api(request, org, `/api/loads/${loadId}/status`, { status, version }, 200)).version

  // A load not from a tender sends the partner nothing, even with the same broker.
  const other = await apiLoad(request, org, { brokerId: broker.id, driverId: driver.id, truckId: truck.id, trailerId: trailer.id })
  await api(request, org, `/api/loads/${other.id}/status`, { status: 'dispatched', version: other.version }, 200)

  // Its invoice is sent: the 210.
  const invoice = await api(request, org, '/api/invoice', { brokerId: broker.id, loadIds: [loadId] })
  await api(request, org, `/api/invoice/${invoice.id}/send`, { version: invoice.version }, 200)

  // The job queue delivers every one into the partner's folder.
  const typesIn = async () => (await sftp.list(outbox)).filter((name) => name.endsWith('.x12')).map((name) => name.split('-')[0])
  await expect.poll(async () => (await typesIn()).sort(), { timeout: 30_000 }).toEqual(['210', '214', '214', '214', '214', '990'])

  const files = (await sftp.list(outbox)).filter((name) => name.endsWith('.x12'))
  const contents = await Promise.all(files.map(async (name) => ({ name, segments: segmentsOf((await sftp.read(`${outbox}/${name}`))!) })))
  const one = (type: string) => contents.filter(({ name }) => name.startsWith(`${type}-`)).map(({ segments }) => segments)
  // The 990 accepts the partner's shipment.
  expect(one('990')[0].find((segment) => segment.startsWith('B1*'))).toMatch(new RegExp(`^B1\\*[^*]*\\*${shipment}\\*\\d{8}\\*A`))
  // The 214s: arrived and left the pickup, arrived at and left the delivery, each naming the shipment.
  const codes = one('214').map((segments) => segments.find((segment) => segment.startsWith('AT7*'))!.split('*')[1])
  expect(codes.sort()).toEqual(['AF', 'D1', 'X1', 'X3'])
  for (const segments of one('214')) expect(segments.find((segment) => segment.startsWith('B10*'))).toContain(`*${shipment}`)
  // The 210's total (B3-07) is the invoice's, and its L3 says the same.
  const invoiceSegments = one('210')[0]
  const b3 = invoiceSegments.find((segment) => segment.startsWith('B3*'))!.split('*')
  const l3 = invoiceSegments.find((segment) => segment.startsWith('L3*'))!.split('*')
  expect([b3[2], b3[3]]).toEqual([invoice.invoiceNumber, shipment])
  expect(Number(b3[7])).toBe(invoice.totalCents)
  expect(l3[5]).toBe(b3[7])

  // The message log lists them as sent and delivered, tied to the load.
  await page.goto('/dashboard/edi/messages?direction=out')
  const table = page.getByTestId('edi-messages-table')
  await expect(table.getByTestId('edi-message-delivery').filter({ hasText: 'Delivered' })).toHaveCount(6)
})
