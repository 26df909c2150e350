/**
 * Webhooks (ADR 071) against the real database and a real local HTTP receiver: Standard
 * Webhooks signatures (verified with the `standardwebhooks` package), the retry schedule (a 500,
 * a timeout: again; a 400: never), events written in the change's transaction, SSRF refusals at
 * registration and at delivery, auto-disable with the admins' email, resends, and the API.
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { Webhook } from 'standardwebhooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { createInvoice, recordPayment, sendInvoice, voidInvoice } from '~/models/invoices/invoice.server'
import { uploadLoadDocument } from '~/models/loads/load-document.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { runDueJobs } from '~/models/operations/jobs.server'
import { endMaintenance, startMaintenance } from '~/models/operations/maintenance-mode.server'
import { paySettlement } from '~/models/settlements/settlement.server'
import { createWebhook, resendDelivery, updateWebhook } from '~/models/webhooks/webhook.server'
import { deliverWebhook } from '~/models/webhooks/webhook-send.server'
import * as collection from '~/routes/api/webhooks/collection'
import * as deliveriesRoute from '~/routes/api/webhooks/deliveries'
import * as item from '~/routes/api/webhooks/item'
import * as retry from '~/routes/api/webhooks/retry'
import * as rotate from '~/routes/api/webhooks/rotate'
import { InvoiceSchema, PaymentSchema } from '~/schemas/invoice'
import { SettlementPaySchema } from '~/schemas/settlement'
import { WEBHOOK_ATTEMPTS_KEPT } from '~/schemas/webhook-options'
import { prisma } from '~/utils/db.server'

// Every API answer here is checked against the OpenAPI document (deliveries, retry, rotate: ADR 114).
import { callApi } from '../contract-kit'
import { actorOf, createOrg, newLoad, type Org, refusal } from '../helpers'

/** A small but real PDF (a bill of lading, for the upload event). */
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

type Received = { headers: http.IncomingHttpHeaders; body: string }

/** A local receiver: answers each request with the next status of `script` (the last one repeats), or never (`hang`). */
function receiver() {
  const received: Received[] = []
  let script: Array<number | 'hang'> = [200]
  const server = http.createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({ headers: request.headers, body })
      const next = script.length > 1 ? script.shift()! : script[0]
      if (next === 'hang') return
      response.writeHead(next, { 'content-type': 'text/plain' }).end('ok')
    })
  })
  return {
    received,
    answer(statuses: Array<number | 'hang'>) {
      script = statuses
      received.length = 0
    },
    url: '',
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`
    },
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const hook = receiver()
let org: Org
let brokerId: string

async function outbox() {
  const dir = process.env.OUTBOX_DIR!
  const files = (await fs.readdir(dir).catch(() => [])).filter((file) => file.endsWith('.json')).sort()
  return Promise.all(files.map(async (file) => JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as { to: string; subject: string; text: string }))
}

async function waitingJobs(deliveryId: string) {
  return prisma.$queryRaw<Array<{ run_at: Date }>>`SELECT run_at FROM graphile_worker._private_jobs WHERE key = ${`webhook_delivery:${deliveryId}`}`
}

/** An endpoint on the local receiver (private networks allowed while it is made). */
async function localEndpoint(events = ['load.created', 'load.status_changed']) {
  return createWebhook(actorOf(org), { url: hook.url, events: events as never, active: true, description: undefined })
}

async function deliveriesOf(endpointId: string) {
  return prisma.webhookDelivery.findMany({ where: { endpointId }, orderBy: { createdAt: 'asc' } })
}

beforeAll(async () => {
  await hook.start()
  org = await createOrg()
  brokerId = (await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Webhook Broker' } })).id
})

afterAll(async () => {
  await hook.stop()
})

afterEach(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS
  // Each test's endpoints stop receiving the next test's events.
  await prisma.webhookEndpoint.deleteMany({ where: { organizationId: org.organization.id } })
  await prisma.$executeRaw`DELETE FROM graphile_worker._private_jobs`
})

describe('a delivery', () => {
  it('is a Standard Webhooks POST that the specification’s library verifies, logged with its status and time', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([200])
    const { endpoint, secret } = await localEndpoint()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    const load = await newLoad(org, { brokerId })

    const [delivery] = await deliveriesOf(endpoint.id)
    expect(delivery).toMatchObject({ eventType: 'load.created', state: 'pending', attempts: 0 })
    expect(delivery.id).toMatch(/^msg_/)
    await runDueJobs()

    expect(hook.received).toHaveLength(1)
    const [request] = hook.received
    expect(request.headers['webhook-id']).toBe(delivery.id)
    expect(request.headers['content-type']).toBe('application/json')
    const verified = new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    })
    expect(verified).toMatchObject({ type: 'load.created', data: { id: load.id, loadNumber: load.loadNumber, status: 'booked' } })
    expect(() => new Webhook(secret).verify(request.body.replace('booked', 'canceled'), request.headers as Record<string, string>)).toThrow()

    const logged = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })
    expect(logged).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null })
    expect(logged.durationMs).toBeGreaterThanOrEqual(0)
    expect(logged.deliveredAt).toBeInstanceOf(Date)
  })

  it('goes only to endpoints subscribed to the event, for status changes too', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    const created = await localEndpoint(['load.created'])
    const moved = await localEndpoint(['load.status_changed'])
    const load = await newLoad(org, { brokerId })
    await moveLoad(actorOf(org), load.id, { status: 'canceled' })
    expect((await deliveriesOf(created.endpoint.id)).map((row) => row.eventType)).toEqual(['load.created'])
    const [change] = await deliveriesOf(moved.endpoint.id)
    expect(change.eventType).toBe('load.status_changed')
    expect(change.payload).toMatchObject({ type: 'load.status_changed', data: { id: load.id, from: 'booked', to: 'canceled' } })
  })

  it('is written in the transaction of the change: a change rolled back makes no delivery and no job', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const before = (await deliveriesOf(endpoint.id)).length
    expect(before).toBe(1)
    const { createLoad } = await import('~/models/loads/load.server')
    const { LoadSchema } = await import('~/schemas/load')
    const { LOAD_STOPS } = await import('../helpers')
    await expect(
      createLoad(actorOf(org), LoadSchema.parse({ stops: LOAD_STOPS, linehaulCents: 1000, brokerId }), async () => {
        throw new Error('rolled back on purpose')
      }),
    ).rejects.toThrow('rolled back on purpose')
    const after = await deliveriesOf(endpoint.id)
    expect(after).toHaveLength(before)
    const jobs = await prisma.$queryRaw<Array<{ n: bigint }>>`SELECT count(*) AS n FROM graphile_worker._private_jobs`
    expect(Number(jobs[0].n)).toBe(before)
  })

  it('is tried again after a 500 on the schedule, then delivered with the same webhook-id', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([500, 200])
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const [delivery] = await deliveriesOf(endpoint.id)
    const started = Date.now()
    await runDueJobs()

    const failed = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 500, lastError: null })
    // The first retry waits 5 s (Standard Webhooks' schedule), queued as a job for then.
    expect(failed.nextAttemptAt!.getTime() - started).toBeGreaterThanOrEqual(4_000)
    const [job] = await waitingJobs(delivery.id)
    expect(job.run_at.getTime()).toBe(failed.nextAttemptAt!.getTime())
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeInstanceOf(Date)

    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()`
    await runDueJobs()
    expect(hook.received).toHaveLength(2)
    expect(hook.received[1].headers['webhook-id']).toBe(hook.received[0].headers['webhook-id'])
    expect(hook.received[1].body).toBe(hook.received[0].body)
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      state: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
    })
    // A success ends the endpoint's failing streak.
    expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).failingSince).toBeNull()
  })

  it('waits during maintenance (no request, no attempt counted, asked again within a minute), then is delivered', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([200])
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const [delivery] = await deliveriesOf(endpoint.id)
    await startMaintenance({ message: 'Restoring last night’s backup' })
    try {
      const started = Date.now()
      await runDueJobs()
      expect(hook.received).toEqual([])
      const waiting = await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })
      expect(waiting).toMatchObject({ state: 'pending', attempts: 0, lastStatusCode: null, lastError: null })
      const [job] = await waitingJobs(delivery.id)
      expect(job.run_at.getTime()).toBe(waiting.nextAttemptAt!.getTime())
      expect(job.run_at.getTime() - started).toBeGreaterThan(50_000)
      expect(job.run_at.getTime() - started).toBeLessThanOrEqual(61_000)
      // Still on when its turn comes: it waits again.
      await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()`
      await runDueJobs()
      expect(hook.received).toEqual([])
      expect(await waitingJobs(delivery.id)).toHaveLength(1)
    } finally {
      await endMaintenance()
    }
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()`
    await runDueJobs()
    expect(hook.received).toHaveLength(1)
    expect(hook.received[0].headers['webhook-id']).toBe(delivery.id)
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ state: 'delivered', attempts: 1 })
  })

  it('is not tried again after a 400: failed at once, no job left', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([400])
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const [delivery] = await deliveriesOf(endpoint.id)
    await runDueJobs()
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastStatusCode: 400,
      nextAttemptAt: null,
    })
    expect(await waitingJobs(delivery.id)).toEqual([])
    expect(hook.received).toHaveLength(1)
  })

  it('times out (the deadline is injectable) and is tried again', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer(['hang'])
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const [delivery] = await deliveriesOf(endpoint.id)
    const outcome = await deliverWebhook(delivery.id, { timeoutMs: 150 })
    expect(outcome).toMatchObject({ status: null, error: 'timeout after 150 ms' })
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'timeout after 150 ms',
    })
    expect(await waitingJobs(delivery.id)).toHaveLength(1)
  })

  it('can be resent: the same id and body again, logged again', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([400])
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const [delivery] = await deliveriesOf(endpoint.id)
    await runDueJobs()
    hook.answer([200])
    await resendDelivery(actorOf(org), endpoint.id, delivery.id)
    await runDueJobs()
    expect(hook.received.map((request) => request.headers['webhook-id'])).toEqual([delivery.id])
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ state: 'delivered', lastStatusCode: 200 })
    // An endpoint switched off takes no resend.
    await updateWebhook(actorOf(org), endpoint.id, { url: hook.url, events: ['load.created'], active: false, version: endpoint.version })
    expect((await refusal(resendDelivery(actorOf(org), endpoint.id, delivery.id))).code).toBe('invalid_transition')
  })
})

describe('the attempt log (ADR 109)', () => {
  it('keeps every attempt of a delivery (time, status or error, duration), across a resend, newest first, in the API too', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([500, 'hang', 400])
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const [delivery] = await deliveriesOf(endpoint.id)
    await deliverWebhook(delivery.id)
    await deliverWebhook(delivery.id, { timeoutMs: 150 })
    await deliverWebhook(delivery.id)
    hook.answer([204])
    await resendDelivery(actorOf(org), endpoint.id, delivery.id)
    await deliverWebhook(delivery.id)
    expect(await prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      state: 'delivered',
      attempts: 1,
      lastStatusCode: 204,
    })

    const log = await callApi(deliveriesRoute, { path: `/api/webhooks/${endpoint.id}/deliveries`, params: { id: endpoint.id }, token: org.users.admin.token })
    expect(log.status).toBe(200)
    const [listed] = log.body.data
    expect(listed.attemptLog.map((attempt: { statusCode: number | null; error: string | null }) => [attempt.statusCode, attempt.error])).toEqual([
      [204, null],
      [400, null],
      [null, 'timeout after 150 ms'],
      [500, null],
    ])
    const times = listed.attemptLog.map((attempt: { at: string }) => Date.parse(attempt.at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const attempt of listed.attemptLog) expect(attempt.durationMs).toBeGreaterThanOrEqual(0)
    expect(listed.attemptLog[2].durationMs).toBeGreaterThanOrEqual(150)
  })

  it('keeps the newest WEBHOOK_ATTEMPTS_KEPT attempts of a delivery, dropping the oldest', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([503])
    const { endpoint } = await localEndpoint()
    await newLoad(org, { brokerId })
    const [delivery] = await deliveriesOf(endpoint.id)
    const old = Date.now() - 86_400_000
    await prisma.webhookAttempt.createMany({
      data: Array.from({ length: WEBHOOK_ATTEMPTS_KEPT }, (_, index) => ({
        deliveryId: delivery.id,
        attemptedAt: new Date(old + index * 1000),
        statusCode: 500,
        durationMs: index,
      })),
    })
    await deliverWebhook(delivery.id)
    const kept = await prisma.webhookAttempt.findMany({ where: { deliveryId: delivery.id }, orderBy: { attemptedAt: 'asc' } })
    expect(kept).toHaveLength(WEBHOOK_ATTEMPTS_KEPT)
    // The oldest (durationMs 0) went; the new one (503) came.
    expect(kept[0].durationMs).toBe(1)
    expect(kept.at(-1)!.statusCode).toBe(503)
    // Deleting the endpoint deletes its deliveries and their attempts.
    await prisma.webhookEndpoint.delete({ where: { id: endpoint.id } })
    expect(await prisma.webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(0)
  })
})

describe('the events', () => {
  it('document.uploaded, invoice.sent, invoice.paid (in full only) and settlement.paid are written with their changes', async () => {
    const storage = process.env.STORAGE_DIR
    process.env.STORAGE_DIR = path.join(os.tmpdir(), `webhook-storage-${org.organization.id}`)
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    try {
      const { endpoint } = await localEndpoint(['document.uploaded', 'invoice.sent', 'invoice.paid', 'settlement.paid'])
      const actor = actorOf(org)
      const load = await newLoad(org, { brokerId })
      const form = new FormData()
      form.append('kind', 'bols')
      form.append('file', new File([PDF], 'bol.pdf', { type: 'application/pdf' }))
      const upload = new Request(`http://localhost/api/loads/${load.id}/documents`, { method: 'POST', body: form })
      const { document } = await uploadLoadDocument({ id: org.users.admin.id, organizationId: org.organization.id, role: 'admin' }, actor, load.id, upload)

      const invoice = await createInvoice(actor, InvoiceSchema.parse({ brokerId, items: [{ title: 'Linehaul', quantity: 1, unitPriceCents: 50_000 }] }))
      await sendInvoice(actor, invoice.id, undefined)
      await recordPayment(actor, invoice.id, PaymentSchema.parse({ amountCents: 20_000, paidAt: '2026-01-05' }))
      await recordPayment(actor, invoice.id, PaymentSchema.parse({ amountCents: 30_000, paidAt: '2026-01-06' }))

      const settlement = await prisma.settlement.create({
        data: {
          organizationId: org.organization.id,
          number: 'STL-WH-1',
          driverId: org.users.driver.id,
          periodStart: new Date('2026-01-01'),
          periodEnd: new Date('2026-01-07'),
          status: 'approved',
          grossCents: 40_000,
          netCents: 40_000,
        },
      })
      await paySettlement(actor, settlement.id, SettlementPaySchema.parse({ paidAt: '2026-01-08' }))

      const events = (await deliveriesOf(endpoint.id)).map((row) => row.payload as { type: string; data: Record<string, unknown> })
      expect(events.map((event) => event.type)).toEqual(['document.uploaded', 'invoice.sent', 'invoice.paid', 'settlement.paid'])
      expect(events[0].data).toMatchObject({ id: document.id, loadId: load.id, kind: 'bols', fileName: 'bol.pdf' })
      expect(events[1].data).toMatchObject({ id: invoice.id, invoiceNumber: invoice.invoiceNumber, totalCents: 50_000 })
      expect(events[2].data).toMatchObject({ id: invoice.id })
      expect(events[3].data).toMatchObject({ id: settlement.id, number: 'STL-WH-1', netCents: 40_000, paidAt: '2026-01-08' })
    } finally {
      process.env.STORAGE_DIR = storage
    }
  })
})

describe('a load billed on an invoice', () => {
  it('sends load.status_changed (delivered → invoiced) with the invoice, and back when it is voided', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    const { endpoint } = await localEndpoint(['load.status_changed'])
    const load = await newLoad(org, { brokerId })
    await prisma.load.update({ where: { id: load.id }, data: { status: 'delivered' } })
    const invoice = await createInvoice(actorOf(org), InvoiceSchema.parse({ brokerId, loadIds: [load.id] }))
    await voidInvoice(actorOf(org), invoice.id, undefined)
    const events = (await deliveriesOf(endpoint.id)).map((row) => (row.payload as { data: Record<string, unknown> }).data)
    expect(events).toEqual([
      { id: load.id, loadNumber: load.loadNumber, from: 'delivered', to: 'invoiced' },
      { id: load.id, loadNumber: load.loadNumber, from: 'invoiced', to: 'delivered' },
    ])
  })
})

describe('a failing endpoint', () => {
  it('is switched off after failing for days, and its admins are emailed once', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([503])
    const { endpoint } = await localEndpoint()
    await prisma.webhookEndpoint.update({ where: { id: endpoint.id }, data: { failingSince: new Date(Date.now() - 3 * 86_400_000 - 60_000) } })
    await newLoad(org, { brokerId })
    await runDueJobs()
    const off = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })
    expect(off).toMatchObject({ active: false, disabledReason: 'failing' })
    // No more events for it; its waiting retry ends without a request.
    await newLoad(org, { brokerId })
    await prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()`
    await runDueJobs()
    expect(hook.received).toHaveLength(1)
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1)
    const mails = (await outbox()).filter((mail) => mail.to === org.users.admin.email)
    expect(mails).toHaveLength(1)
    expect(mails[0].subject).toBe('A webhook endpoint was switched off')
    expect(mails[0].text).toContain(hook.url)
    expect((await outbox()).filter((mail) => mail.to === org.users.dispatcher.email)).toEqual([])
    // Turned on again by an admin, it starts afresh.
    const on = await updateWebhook(actorOf(org), endpoint.id, { url: hook.url, events: ['load.created'], active: true, version: off.version })
    expect(on).toMatchObject({ active: true, disabledReason: null, failingSince: null })
  })
})

describe('SSRF', () => {
  it('refuses private, loopback and link-local addresses when an endpoint is saved, in IPv4 and IPv6', async () => {
    for (const url of [
      'http://127.0.0.1/x',
      'http://10.1.2.3/x',
      'http://172.16.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/x',
      'http://0.0.0.0/x',
      'http://2130706433/x',
      'http://0x7f.0.0.1/x',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[::ffff:a9fe:a9fe]/x',
      'http://[fe80::1]/x',
      'http://[fd00::1]/x',
      'http://localhost:8080/x',
      'http://api.localhost/x',
      'http://intranet/x',
      // Every IPv6 form that carries an IPv4 address, every spelling of an IPv4 one, names that are local.
      'http://[::ffff:0:127.0.0.1]/x',
      'http://[::ffff:0:8.8.8.8]/x',
      'http://[64:ff9b::127.0.0.1]/x',
      'http://[64:ff9b::a9fe:a9fe]/x',
      'http://[64:ff9b:1::808:808]/x',
      'http://[2002:7f00:1::1]/x',
      'http://[2002:808:808::1]/x',
      'http://[::127.0.0.1]/x',
      'http://[::8.8.8.8]/x',
      'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
      'http://0x7f.1/x',
      'http://0177.0.0.1/x',
      'http://127.1/x',
      'http://0xa9fea9fe/x',
      'http://vm./x',
      'http://VM/x',
      'http://intranet.:8080/x',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://kube-dns.kube-system.svc.cluster.local/x',
      'http://printer.lan/x',
      'http://erp.corp/x',
      'http://nas.home.arpa/x',
      'http://1.0.0.127.in-addr.arpa/x',
      'http://hooks.example.test/x',
      'http://localhost./x',
    ]) {
      const error = await refusal(createWebhook(actorOf(org), { url, events: ['load.created'], active: true, description: undefined }))
      expect(error.code, url).toBe('validation_failed')
      expect(error.fields?.url, url).toEqual(['webhooks.errors.privateAddress'])
    }
    for (const url of [
      'https://93.184.215.14/hook',
      'https://[64:ff9b::808:808]/hook',
      'https://[2606:4700:4700::1111]/hook',
      'https://hooks.example.com./in',
    ]) {
      const ok = await createWebhook(actorOf(org), { url, events: ['load.created'], active: true, description: undefined })
      expect(ok.endpoint.url, url).toBe(url)
    }
  })

  it('refuses at delivery, by the same rule, a URL saved before it (or while private networks were allowed), without a request', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    const port = new URL(hook.url).port
    const saved = []
    for (const host of ['vm.', '[::ffff:0:127.0.0.1]', 'intranet'])
      saved.push(
        (await createWebhook(actorOf(org), { url: `http://${host}:${port}/hooks`, events: ['load.created'], active: true, description: undefined })).endpoint,
      )
    delete process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS
    hook.answer([200])
    await newLoad(org, { brokerId })
    await runDueJobs()
    expect(hook.received).toEqual([])
    for (const endpoint of saved) {
      const [delivery] = await deliveriesOf(endpoint.id)
      expect(delivery, endpoint.url).toMatchObject({ state: 'failed', attempts: 1, lastStatusCode: null })
      expect(delivery.lastError, endpoint.url).toMatch(/^refused address (vm\.|::ffff:0:7f00:1|intranet) \(private network\)$/)
    }
  })

  it('refuses the resolved address when a delivery is sent, without a request', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([200])
    const byAddress = await localEndpoint()
    const byName = await createWebhook(actorOf(org), {
      url: hook.url.replace('127.0.0.1', 'localhost'),
      events: ['load.created'],
      active: true,
      description: undefined,
    })
    delete process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS
    await newLoad(org, { brokerId })
    await runDueJobs()
    expect(hook.received).toEqual([])
    for (const endpoint of [byAddress.endpoint, byName.endpoint]) {
      const [delivery] = await deliveriesOf(endpoint.id)
      expect(delivery).toMatchObject({ state: 'failed', attempts: 1, lastStatusCode: null })
      // The name is refused by its name before any lookup; the address by the address.
      expect(delivery.lastError).toMatch(/^refused address (127\.0\.0\.1|localhost) \(private network\)$/)
    }
  })
})

describe('the API', () => {
  it('answers the secret once, never again; lists deliveries; retries one (202); rotates the secret', async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
    hook.answer([500])
    const token = org.users.admin.token
    const created = await callApi(collection, {
      method: 'POST',
      path: '/api/webhooks',
      token,
      body: { url: hook.url, events: ['load.created', 'load.created'], description: 'ERP' },
    })
    expect(created.status).toBe(201)
    expect(created.body.data).toMatchObject({ url: hook.url, events: ['load.created'], active: true, description: 'ERP', version: 1 })
    expect(created.body.data.secret).toMatch(/^whsec_/)
    const id = created.body.data.id as string
    const read = await callApi(item, { path: `/api/webhooks/${id}`, params: { id }, token })
    expect(read.body.data).not.toHaveProperty('secret')
    const list = await callApi(collection, { path: '/api/webhooks', token })
    expect(list.body.data.map((row: Record<string, unknown>) => row.id)).toEqual([id])
    expect(list.body.data[0]).not.toHaveProperty('secret')

    await newLoad(org, { brokerId })
    await runDueJobs()
    const log = await callApi(deliveriesRoute, { path: `/api/webhooks/${id}/deliveries`, params: { id }, token })
    expect(log.status).toBe(200)
    expect(log.body.meta).toMatchObject({ total: 1, page: 1 })
    const [delivery] = log.body.data
    expect(delivery).toMatchObject({ eventType: 'load.created', state: 'pending', attempts: 1, lastStatusCode: 500 })
    expect(delivery.payload).toMatchObject({ type: 'load.created' })
    const filtered = await callApi(deliveriesRoute, { path: `/api/webhooks/${id}/deliveries?state=delivered`, params: { id }, token })
    expect(filtered.body.data).toEqual([])

    const retried = await callApi(retry, {
      method: 'POST',
      path: `/api/webhooks/${id}/deliveries/${delivery.id}/retry`,
      params: { id, deliveryId: delivery.id },
      token,
    })
    expect(retried.status).toBe(202)
    expect(retried.body.data).toMatchObject({ id: delivery.id, state: 'pending' })
    const missing = await callApi(retry, {
      method: 'POST',
      path: `/api/webhooks/${id}/deliveries/msg_nope/retry`,
      params: { id, deliveryId: 'msg_nope' },
      token,
    })
    expect(missing.status).toBe(404)
    const forbidden = await callApi(retry, {
      method: 'POST',
      path: `/api/webhooks/${id}/deliveries/${delivery.id}/retry`,
      params: { id, deliveryId: delivery.id },
      token: org.users.dispatcher.token,
    })
    expect(forbidden.status).toBe(403)
    const other = await createOrg()
    const elsewhere = await callApi(deliveriesRoute, { path: `/api/webhooks/${id}/deliveries`, params: { id }, token: other.users.admin.token })
    expect(elsewhere.status).toBe(404)

    const rotated = await callApi(rotate, { method: 'POST', path: `/api/webhooks/${id}/rotate-secret`, params: { id }, token })
    expect(rotated.status).toBe(200)
    expect(rotated.body.data.secret).toMatch(/^whsec_/)
    expect(rotated.body.data.secret).not.toBe(created.body.data.secret)
    expect(rotated.body.data.version).toBe(2)
    const stale = await callApi(rotate, { method: 'POST', path: `/api/webhooks/${id}/rotate-secret`, params: { id }, token, body: { version: 1 } })
    expect(stale.status).toBe(409)

    const refused = await callApi(collection, {
      method: 'POST',
      path: '/api/webhooks',
      token,
      body: { url: 'http://169.254.169.254/', events: ['invoice.paid'] },
    })
    delete process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS
    const refusedNow = await callApi(collection, {
      method: 'POST',
      path: '/api/webhooks',
      token,
      body: { url: 'http://169.254.169.254/', events: ['invoice.paid'] },
    })
    expect(refused.status).toBe(201)
    expect(refusedNow.status).toBe(400)
    expect(refusedNow.body.error).toMatchObject({ code: 'validation_failed', fields: { url: [expect.any(String)] } })
  })
})
