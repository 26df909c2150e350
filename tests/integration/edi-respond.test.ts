/**
 * Answering tenders and sending what we write (ADR 149): an interchange queued by
 * `queueOutbound` is written with the partner's next control number in the caller's transaction
 * and delivered by the job queue through the partner's transport — dropped on a real SFTP server
 * in this process, POSTed to a real https server in this process — and tried again after a failure.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { receiveInterchange } from '~/models/edi/inbound.server'
import { allProblems, readInterchange } from '~/models/edi/interchange'
import { deliverOutbound, queueOutbound } from '~/models/edi/outbound.server'
import { createPartner } from '~/models/edi/partner.server'
import { acceptTender, declineTender, expireTenders } from '~/models/edi/tender-respond.server'
import { moveLoad } from '~/models/loads/load-status.server'
import { runDueJobs, scheduledTasks } from '~/models/operations/jobs.server'
import { resendRefusal } from '~/policies/edi-message'
import * as resendRoute from '~/routes/api/edi/message-resend'
import * as acceptRoute from '~/routes/api/edi/tender-accept'
import * as declineRoute from '~/routes/api/edi/tender-decline'
import * as resendPage from '~/routes/dashboard/edi/message-resend'
import { EdiPartnerSchema } from '~/schemas/edi'
import { prisma } from '~/utils/db.server'

import { callApi } from '../contract-kit'
import { actorOf, createOrg, type Org, refusal } from '../helpers'
import { callPage, type Handler, postForm } from '../page-helpers'
import { startSftpServer, type TestSftpServer } from '../sftp-server'

let sftpServer: TestSftpServer

/** An https server on 127.0.0.1 with a certificate made for it, trusted by this process only. */
type Receiver = { url: string; received: { body: string; type: string | undefined }[]; answer: (statuses: number[]) => void; close: () => Promise<void> }
let receiver: Receiver

async function startReceiver(): Promise<Receiver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'freightdesk-https-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const key = fs.readFileSync(path.join(dir, 'key.pem'))
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'))
  https.globalAgent.options.ca = cert
  const received: Receiver['received'] = []
  let statuses: number[] = []
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), type: request.headers['content-type'] })
      response.writeHead(statuses.shift() ?? 200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/edi/inbound`,
    received,
    answer: (next) => {
      statuses = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

beforeAll(async () => {
  sftpServer = await startSftpServer()
  receiver = await startReceiver()
})
afterAll(async () => {
  await sftpServer.close()
  await receiver.close()
})
beforeEach(() => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS = 'true'
  receiver.received.length = 0
  receiver.answer([])
})

let partners = 0
async function partnerOf(org: Org, transport: 'sftp' | 'http' | 'manual', options: { makeOutbox?: boolean; isaId?: string } = {}) {
  partners += 1
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: `Broker R ${partners}` } })
  const sftp = {
    host: sftpServer.host,
    port: sftpServer.port,
    username: sftpServer.username,
    password: sftpServer.password,
    inboundDir: `/r${partners}/outbox`,
    outboundDir: `/r${partners}/inbox`,
  }
  if (transport === 'sftp' && options.makeOutbox !== false) await sftpServer.put(`${sftp.outboundDir}/.keep`, '')
  const partner = await createPartner(actorOf(org, 'admin'), {
    name: `Broker R EDI ${partners}`,
    brokerId: broker.id,
    isaQualifier: 'ZZ',
    isaId: options.isaId ?? 'BROKERA',
    gsId: options.isaId ?? 'BROKERA',
    ourIsaQualifier: 'ZZ',
    ourIsaId: 'FDCARRIER',
    ourGsId: 'FDCARRIER',
    transport,
    ...(transport === 'sftp' ? { sftp } : {}),
    ...(transport === 'http' ? { httpUrl: receiver.url } : {}),
    send214: true,
    send210: true,
  } as never)
  return { partner: partner!, broker, sftp }
}

const SET = { id: '990', segments: [['B1', ['FDCA', 'SHIP-1', '20261204', 'A']] as [string, string[]]] }

async function queue(org: Org, partnerId: string) {
  return prisma.$transaction((tx) => queueOutbound(tx, { organizationId: org.organization.id, partnerId, type: '990', functionalId: 'GF', sets: [SET] }))
}

const messageOf = (id: string) => prisma.ediMessage.findUniqueOrThrow({ where: { id } })
const jobsOf = (id: string) =>
  prisma.$queryRaw<{ attempts: number; max_attempts: number; last_error: string | null }[]>`
    SELECT attempts, max_attempts, last_error FROM graphile_worker._private_jobs WHERE key = ${`edi_send:${id}`}`
const retryNow = () => prisma.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()`

describe('sending what we write', () => {
  it('writes the interchange with the partner’s next control number in the caller’s transaction, and nothing when it rolls back', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org, 'sftp')
    const { messageId } = await queue(org, partner.id)
    const message = await messageOf(messageId)
    expect(message).toMatchObject({
      direction: 'out',
      type: '990',
      status: 'sent',
      delivery: 'waiting',
      attempts: 0,
      ourControlNumber: 1,
      controlNumber: '000000001',
    })
    expect(message.raw).toMatch(/^ISA\*00\*.{10}\*00\*.{10}\*ZZ\*FDCARRIER {6}\*ZZ\*BROKERA {8}\*/)
    expect(message.raw).toContain('GS*GF*FDCARRIER*BROKERA*')
    expect(message.raw).toContain('ST*990*0001~B1*FDCA*SHIP-1*20261204*A~SE*3*0001~')
    expect(await jobsOf(messageId)).toHaveLength(1)

    await expect(
      prisma.$transaction(async (tx) => {
        await queueOutbound(tx, { organizationId: org.organization.id, partnerId: partner.id, type: '990', functionalId: 'GF', sets: [SET] })
        throw new Error('the caller changed its mind')
      }),
    ).rejects.toThrow('changed its mind')
    expect(await prisma.ediMessage.count({ where: { partnerId: partner.id } })).toBe(1)
    expect((await prisma.ediPartner.findUniqueOrThrow({ where: { id: partner.id } })).lastControlNumber).toBe(1)
  })

  it('drops it into the partner’s SFTP folder under its type and control number, after a failed first attempt', async () => {
    const org = await createOrg()
    const { partner, sftp } = await partnerOf(org, 'sftp', { makeOutbox: false })
    const { messageId } = await queue(org, partner.id)
    // The partner's folder is not there yet: the first attempt fails and waits for the next.
    await runDueJobs()
    expect(await messageOf(messageId)).toMatchObject({ delivery: 'waiting', attempts: 1, lastError: 'sftp_failed', deliveredAt: null })
    const [job] = await jobsOf(messageId)
    expect(job).toMatchObject({ attempts: 1, max_attempts: 8 })
    expect(job.last_error).toContain('sftp_failed')

    await sftpServer.put(`${sftp.outboundDir}/.keep`, '')
    await retryNow()
    await runDueJobs()
    const delivered = await messageOf(messageId)
    expect(delivered).toMatchObject({ delivery: 'delivered', attempts: 2, lastError: null })
    expect(delivered.deliveredAt).toBeInstanceOf(Date)
    expect(await sftpServer.list(sftp.outboundDir)).toEqual(['.keep', '990-000000001.x12'])
    expect(await sftpServer.read(`${sftp.outboundDir}/990-000000001.x12`)).toBe(delivered.raw)
    expect(await jobsOf(messageId)).toEqual([])
  })

  it('POSTs it to the partner’s https URL, tried again after a 503', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org, 'http')
    receiver.answer([503, 200])
    const { messageId } = await queue(org, partner.id)
    await runDueJobs()
    expect(await messageOf(messageId)).toMatchObject({ delivery: 'waiting', attempts: 1, lastError: 'http_status_503' })
    await retryNow()
    await runDueJobs()
    const delivered = await messageOf(messageId)
    expect(delivered).toMatchObject({ delivery: 'delivered', attempts: 2, lastError: null })
    expect(receiver.received).toHaveLength(2)
    expect(receiver.received[1]).toEqual({ body: delivered.raw, type: 'application/edi-x12' })
  })

  it('fails at once on an answer retrying cannot mend (a 4xx), and on the last attempt', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org, 'http')
    receiver.answer([422])
    const refused = await queue(org, partner.id)
    await runDueJobs()
    expect(await messageOf(refused.messageId)).toMatchObject({ delivery: 'failed', attempts: 1, lastError: 'http_status_422' })
    expect(await jobsOf(refused.messageId)).toEqual([])

    receiver.answer([503])
    const last = await queue(org, partner.id)
    expect(await deliverOutbound(last.messageId, { attempt: 8, maxAttempts: 8 })).toEqual({ ok: false, error: 'http_status_503', final: false, retry: false })
    expect(await messageOf(last.messageId)).toMatchObject({ delivery: 'failed', attempts: 1, lastError: 'http_status_503' })
    // Done is done: a failed message is not sent again by a stray job.
    expect(await deliverOutbound(last.messageId)).toBeNull()
  })

  it('sends a failed message again on a dispatcher’s word (API and the log’s form), once, and nothing else', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org, 'http')
    receiver.answer([422])
    const { messageId } = await queue(org, partner.id)
    await runDueJobs()
    expect(await messageOf(messageId)).toMatchObject({ delivery: 'failed', lastError: 'http_status_422' })
    const resend = (role: 'dispatcher' | 'viewer', id = messageId, token = org.users[role].token) =>
      callApi(resendRoute, { method: 'POST', path: `/api/edi/messages/${id}/resend`, params: { id }, token })

    expect((await resend('viewer')).status).toBe(403)
    expect((await resend('dispatcher', messageId, (await createOrg()).users.dispatcher.token)).status).toBe(404)
    // Two clicks at once: one queues it, the other is told it is no longer failed.
    const [one, two] = await Promise.all([resend('dispatcher'), resend('dispatcher')])
    expect([one.status, two.status].sort()).toEqual([200, 409])
    const answered = one.status === 200 ? one : two
    expect(answered.body.data).toMatchObject({ id: messageId, delivery: 'waiting', attempts: 0, lastError: null })
    expect(await jobsOf(messageId)).toMatchObject([{ attempts: 0, max_attempts: 8 }])
    receiver.answer([200])
    await runDueJobs()
    expect(await messageOf(messageId)).toMatchObject({ delivery: 'delivered', attempts: 1, lastError: null })
    expect(receiver.received.at(-1)?.body).toBe((await messageOf(messageId)).raw)
    // Delivered, it is not sent again.
    const again = await resend('dispatcher')
    expect([again.status, again.body.error.code]).toEqual([409, 'invalid_transition'])
    // Nor is what came in, or what is still waiting or manual (the policy).
    expect(
      [
        { direction: 'in', delivery: null },
        { direction: 'out', delivery: 'waiting' },
        { direction: 'out', delivery: 'manual' },
        { direction: 'out', delivery: 'failed' },
      ].map((message) => resendRefusal(message as never)?.code ?? null),
    ).toEqual(['invalid_transition', 'invalid_transition', 'invalid_transition', null])

    // The log's form, without JavaScript: back to the log with a toast, the refusal too.
    receiver.answer([422])
    const { messageId: second } = await queue(org, partner.id)
    await runDueJobs()
    const form = (role: 'dispatcher' | 'viewer') =>
      callPage(resendPage.action as Handler, `/dashboard/edi/messages/${second}/resend`, org.users[role].id, { id: second }, postForm({ intent: 'resend' }))
    expect((await form('viewer')).status).toBe(403)
    const sent = await form('dispatcher')
    expect([sent.status, sent.location, sent.toast?.type]).toEqual([302, '/dashboard/edi/messages', 'success'])
    expect(await messageOf(second)).toMatchObject({ delivery: 'waiting', attempts: 0 })
    const refused = await form('dispatcher')
    expect([refused.status, refused.toast?.type, refused.toast?.title]).toEqual([302, 'error', 'Only a message of ours whose delivery failed is sent again.'])
  })

  it('takes an http partner’s URL over https only, without credentials, and never without one', async () => {
    const base = { name: 'P', brokerId: 'b1', isaQualifier: 'ZZ', isaId: 'A', gsId: 'A', ourIsaQualifier: 'ZZ', ourIsaId: 'B', ourGsId: 'B', transport: 'http' }
    const issues = (httpUrl?: string) =>
      EdiPartnerSchema.safeParse({ ...base, httpUrl }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []
    expect(issues('https://edi.broker-a.example/inbound')).toEqual([])
    expect(issues('http://edi.broker-a.example/inbound')).toEqual([['httpUrl', 'edi.tenderRespond.errors.httpUrl']])
    expect(issues('https://user:secret@edi.broker-a.example/')).toEqual([['httpUrl', 'edi.tenderRespond.errors.httpUrl']])
    expect(issues(undefined)).toEqual([['httpUrl', 'validation.required']])
    // The database holds it too.
    const org = await createOrg()
    const { partner } = await partnerOf(org, 'http')
    await expect(prisma.ediPartner.update({ where: { id: partner.id }, data: { httpUrl: 'http://edi.broker-a.example/' } })).rejects.toThrow(
      /EdiPartner_http_check/,
    )
  })

  it('refuses a private address unless the installation allows it, and sends nothing for a manual partner', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org, 'http')
    delete process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS
    const { messageId } = await queue(org, partner.id)
    await runDueJobs()
    expect(await messageOf(messageId)).toMatchObject({ delivery: 'failed', lastError: 'http_address_refused' })
    expect(receiver.received).toEqual([])

    const manual = await partnerOf(org, 'manual', { isaId: 'BROKERM' })
    const queued = await queue(org, manual.partner.id)
    expect(await messageOf(queued.messageId)).toMatchObject({ delivery: 'manual', attempts: 0 })
    expect(await jobsOf(queued.messageId)).toEqual([])
  })
})

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8')
/** The 204s with their respond-by moved: to 2099 (open), or to 2020 (past). */
const openTender = (name = '204-full.edi') => fixture(name).replace('G62*64*20261203', 'G62*64*20991203')
const pastTender = (name = '204-full.edi') => fixture(name).replace('G62*64*20261203', 'G62*64*20201203')

async function tenderFrom(org: Org, text: string) {
  const received = await receiveInterchange(actorOf(org, 'admin'), text)
  expect(received.refusal).toBeNull()
  return received.tenders[0]
}

/** The 990 we wrote, read back by our own strict reader: its segments between ST and SE. */
async function response990(messageId: string) {
  const message = await messageOf(messageId)
  const read = readInterchange(message.raw)
  if (!read.ok) throw new Error(`not X12: ${read.code}`)
  expect(allProblems(read.interchange)).toEqual([])
  expect(read.interchange.groups[0].functionalId).toBe('GF')
  const [set] = read.interchange.groups[0].transactions
  expect(set.id).toBe('990')
  return { message, segments: set.segments.map((segment) => [segment.tag, ...segment.elements.slice(1)]) }
}

const outbound990 = (org: Org) => prisma.ediMessage.findMany({ where: { organizationId: org.organization.id, direction: 'out', type: '990' } })

describe('answering a tender', () => {
  it('accepts: books the load from the tender and queues a 990 A that our strict reader takes back', async () => {
    const org = await createOrg()
    const { partner, broker } = await partnerOf(org, 'manual')
    const tender = await tenderFrom(org, openTender())
    const { tender: accepted, load } = await acceptTender(actorOf(org, 'dispatcher'), tender.id, tender.version)

    expect(accepted).toMatchObject({ status: 'accepted', loadId: load.id, version: tender.version + 1 })
    expect(load).toMatchObject({
      status: 'booked',
      brokerId: broker.id,
      brokerReference: 'SH2002',
      poNumbers: 'PO-77821',
      bolNumber: 'BOL-5512',
      equipmentType: 'dry_van',
      weightLb: 42000,
      linehaulCents: 185000,
      totalCents: 185000,
    })
    expect(load.notes).toContain('SH2002')
    expect(load.notes).toContain('BM BOL-5512')
    expect(load.stops.map((stop) => [stop.type, stop.city, stop.state, stop.windowStart?.toISOString(), stop.windowEnd?.toISOString()])).toEqual([
      ['pickup', 'Dallas', 'TX', '2026-12-05T14:00:00.000Z', '2026-12-05T18:00:00.000Z'],
      ['pickup', 'Fort Worth', 'TX', '2026-12-05T20:00:00.000Z', '2026-12-05T22:00:00.000Z'],
      ['delivery', 'Austin', 'TX', '2026-12-06T15:00:00.000Z', '2026-12-06T21:00:00.000Z'],
    ])
    expect(load.stops[0]).toMatchObject({ facilityName: 'Acme Plastics', line1: '2200 Industrial Blvd', appointmentRef: 'PU-1' })

    const [sent] = await outbound990(org)
    expect(sent).toMatchObject({ partnerId: partner.id, loadId: load.id, status: 'sent', delivery: 'manual' })
    const { segments } = await response990(sent.id)
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '')
    expect(segments[0]).toEqual(['ST', '990', '0001'])
    expect(segments[1][0]).toBe('B1')
    expect(segments[1].slice(1, 3)).toEqual(['FDCR', 'SH2002'])
    expect(Math.abs(Number(segments[1][3]) - Number(today))).toBeLessThanOrEqual(1)
    expect(segments[1][4]).toBe('A')
    expect(segments[2]).toEqual(['N9', 'CN', load.loadNumber])
    expect(segments[3]).toEqual(['SE', '4', '0001'])
    // The 204 points at its load in the log too.
    expect((await prisma.ediMessage.findUniqueOrThrow({ where: { id: tender.messageId } })).loadId).toBe(load.id)
  })

  it('declines with a reason: a 990 D carrying it in N9, and no load', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const tender = await tenderFrom(org, openTender())
    const declined = await declineTender(actorOf(org, 'dispatcher'), tender.id, tender.version, 'No truck * near ~ Dallas that day')
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'No truck * near ~ Dallas that day', loadId: null })
    const [sent] = await outbound990(org)
    const { segments } = await response990(sent.id)
    expect(segments[1][4]).toBe('D')
    // The separators are never written into an element.
    expect(segments[2]).toEqual(['N9', 'ZZ', 'DECLINED', 'No truck near Dallas that day'])
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('refuses a stale version, a tender past respond-by, and one already answered (409), writing nothing', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const dispatcher = actorOf(org, 'dispatcher')
    const open = await tenderFrom(org, openTender())
    expect((await refusal(acceptTender(dispatcher, open.id, open.version + 1))).code).toBe('conflict')

    const past = await tenderFrom(org, pastTender('204-full.edi').replace('SH2002', 'SH3003'))
    const late = await refusal(acceptTender(dispatcher, past.id, past.version))
    expect([late.code, late.messageKey]).toEqual(['invalid_transition', 'edi.tenderRespond.errors.pastRespondBy'])
    expect((await refusal(declineTender(dispatcher, past.id, past.version, 'late'))).messageKey).toBe('edi.tenderRespond.errors.pastRespondBy')

    await declineTender(dispatcher, open.id, open.version, 'No truck')
    const again = await refusal(acceptTender(dispatcher, open.id))
    expect([again.code, again.messageKey]).toEqual(['invalid_transition', 'edi.tenderRespond.errors.notPending.declined'])
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect(await outbound990(org)).toHaveLength(1)
  })

  it('books exactly one load when two dispatchers accept at once', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const tender = await tenderFrom(org, openTender())
    const outcomes = await Promise.allSettled([
      acceptTender(actorOf(org, 'dispatcher'), tender.id, tender.version),
      acceptTender(actorOf(org, 'admin'), tender.id, tender.version),
    ])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult
    expect(['conflict', 'invalid_transition']).toContain(rejected.reason.code)
    expect(await prisma.load.count({ where: { organizationId: org.organization.id } })).toBe(1)
    expect(await outbound990(org)).toHaveLength(1)
  })

  it('answers through the API: dispatchers accept and decline, a viewer may not, a decline needs its reason', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const first = await tenderFrom(org, openTender())
    const second = await tenderFrom(org, openTender('204-minimal.edi'))
    const post = (route: Parameters<typeof callApi>[0], id: string, verb: string, role: 'dispatcher' | 'viewer', body: object) =>
      callApi(route, { method: 'POST', path: `/api/edi/tenders/${id}/${verb}`, params: { id }, token: org.users[role].token, body })

    expect((await post(acceptRoute, first.id, 'accept', 'viewer', {})).status).toBe(403)
    const accepted = await post(acceptRoute, first.id, 'accept', 'dispatcher', { version: first.version })
    expect(accepted.status).toBe(200)
    expect(accepted.body.data).toMatchObject({ status: 'accepted', loadId: expect.any(String) })
    const twice = await post(acceptRoute, first.id, 'accept', 'dispatcher', {})
    expect([twice.status, twice.body.error.code]).toEqual([409, 'invalid_transition'])

    const blank = await post(declineRoute, second.id, 'decline', 'dispatcher', { reason: '  ' })
    expect([blank.status, blank.body.error.code]).toEqual([400, 'validation_failed'])
    const declined = await post(declineRoute, second.id, 'decline', 'dispatcher', { reason: 'Lane not served' })
    expect(declined.status).toBe(200)
    expect(declined.body.data).toMatchObject({ status: 'declined', declineReason: 'Lane not served' })
  })

  it('drops the 990 into an SFTP partner’s folder', async () => {
    const org = await createOrg()
    const { sftp } = await partnerOf(org, 'sftp')
    const tender = await tenderFrom(org, openTender())
    await declineTender(actorOf(org, 'dispatcher'), tender.id, tender.version, 'No truck')
    await runDueJobs()
    const [sent] = await outbound990(org)
    expect(sent.delivery).toBe('delivered')
    expect(await sftpServer.read(`${sftp.outboundDir}/990-${sent.controlNumber}.x12`)).toBe(sent.raw)
  })
})

describe('after acceptance, and expiry', () => {
  it('takes a 204 change to the booked load’s stops and windows', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const tender = await tenderFrom(org, openTender())
    const { load } = await acceptTender(actorOf(org, 'dispatcher'), tender.id, tender.version)
    const changed = await tenderFrom(org, fixture('204-change.edi').replace('G62*64*20261203', 'G62*64*20991203'))
    expect(changed).toMatchObject({ id: tender.id, purpose: 'change', status: 'accepted', conflict: null })
    const after = await prisma.load.findUniqueOrThrow({ where: { id: load.id }, include: { stops: { orderBy: { sequence: 'asc' } } } })
    expect(after.stops.map((stop) => [stop.type, stop.city, stop.windowStart?.toISOString()])).toEqual([
      ['pickup', 'Dallas', '2026-12-05T15:00:00.000Z'],
      ['delivery', 'San Antonio', '2026-12-06T16:00:00.000Z'],
    ])
    expect(after.weightLb).toBe(20000)
    expect(after.version).toBe(load.version + 1)
  })

  it('keeps a change the load can no longer take as a visible conflict on the tender', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const tender = await tenderFrom(org, openTender())
    const { load } = await acceptTender(actorOf(org, 'dispatcher'), tender.id, tender.version)
    await moveLoad(actorOf(org, 'dispatcher'), load.id, { status: 'canceled' })
    const changed = await tenderFrom(org, fixture('204-change.edi'))
    expect(changed).toMatchObject({ status: 'accepted', purpose: 'change', conflict: 'load_not_editable' })
    expect(changed.conflictAt).toBeInstanceOf(Date)
    const after = await prisma.load.findUniqueOrThrow({ where: { id: load.id }, include: { stops: true } })
    expect(after.stops.map((stop) => stop.city).sort()).toEqual(['Austin', 'Dallas', 'Fort Worth'])
  })

  it('cancels the tender and its load on a 204 cancel', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const tender = await tenderFrom(org, openTender())
    const { load } = await acceptTender(actorOf(org, 'dispatcher'), tender.id, tender.version)
    const canceled = await tenderFrom(org, fixture('204-cancel.edi'))
    expect(canceled).toMatchObject({ id: tender.id, status: 'canceled', conflict: null, loadId: load.id })
    expect((await prisma.load.findUniqueOrThrow({ where: { id: load.id } })).status).toBe('canceled')
  })

  it('expires pending tenders past respond-by (every five minutes), and only those', async () => {
    const org = await createOrg()
    await partnerOf(org, 'manual')
    const past = await tenderFrom(org, pastTender())
    const open = await tenderFrom(org, openTender('204-full.edi').replace('SH2002', 'SH4004'))
    const timeless = await tenderFrom(org, fixture('204-minimal.edi'))
    expect(await expireTenders()).toBeGreaterThanOrEqual(1)
    const statuses = await prisma.ediTender.findMany({ where: { id: { in: [past.id, open.id, timeless.id] } }, select: { id: true, status: true } })
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [past.id]: 'expired', [open.id]: 'pending', [timeless.id]: 'pending' })
    const expired = await refusal(acceptTender(actorOf(org, 'dispatcher'), past.id))
    expect(expired.messageKey).toBe('edi.tenderRespond.errors.notPending.expired')
    expect(await scheduledTasks()).toContainEqual({ task: 'edi_tender_expiry', match: '*/5 * * * *', identifier: 'edi_tender_expiry' })
  })
})
