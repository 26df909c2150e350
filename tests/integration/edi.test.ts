/**
 * EDI, the first slice (ADR 147): a 204 becomes a tender answered by an accepting 997;
 * a malformed interchange keeps only its rejected message and the rejecting 997; an unknown
 * partner, non-X12 text and an oversized body are refused with their codes; partners' CRUD with
 * secrets sealed and never answered; roles; our 997s' control numbers unique under concurrency.
 */
import fs from 'node:fs'
import path from 'node:path'

import { X12Parser } from 'node-x12'
import { describe, expect, it } from 'vitest'

import { receiveInterchange } from '~/models/edi/inbound.server'
import * as inboundRoute from '~/routes/api/edi/inbound'
import * as rawRoute from '~/routes/api/edi/message-raw'
import * as messagesRoute from '~/routes/api/edi/messages'
import * as partnerRoute from '~/routes/api/edi/partner'
import * as partnersRoute from '~/routes/api/edi/partners'
import * as tendersRoute from '~/routes/api/edi/tenders'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { prisma } from '~/utils/db.server'
import { openSecret } from '~/utils/secret-box.server'

import { callApi, expectDocumentedAnswer } from '../contract-kit'
import { actorOf, createOrg, type Org, refusal } from '../helpers'

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8')

const PARTNER = {
  name: 'Broker A EDI',
  isaQualifier: 'ZZ',
  isaId: 'BROKERA',
  gsId: 'BROKERA',
  ourIsaQualifier: 'ZZ',
  ourIsaId: 'FDCARRIER',
  ourGsId: 'FDCARRIER',
  transport: 'sftp',
  sftp: { host: 'sftp.broker-a.test', port: 2222, username: 'fdcarrier', password: 'hunter2-secret', inboundDir: '/out', outboundDir: '/in' },
  send214: true,
  send210: false,
}

async function withPartner() {
  const org = await createOrg()
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: 'Broker A Logistics' } })
  const created = await callApi(partnersRoute, {
    method: 'POST',
    path: '/api/edi/partners',
    token: org.users.admin.token,
    body: { ...PARTNER, brokerId: broker.id },
  })
  expect(created.status).toBe(201)
  return { org, broker, partner: created.body.data }
}

async function postInterchange(
  org: Org,
  text: string,
  { role = 'admin', type = 'application/edi-x12' }: { role?: 'admin' | 'dispatcher' | 'viewer'; type?: string } = {},
) {
  const request = new Request('http://localhost/api/edi/inbound', {
    method: 'POST',
    headers: { Authorization: `Bearer ${org.users[role].token}`, 'Content-Type': type, [CLIENT_IP_HEADER]: '198.51.100.1' },
    body: text,
  })
  const response = await inboundRoute.action({ request, params: {}, context: {} } as never)
  const answer = { status: response.status, body: await response.json() }
  expectDocumentedAnswer('POST', '/api/edi/inbound', answer)
  return answer
}

const counts = async (org: Org) => {
  const where = { organizationId: org.organization.id }
  const [messages, tenders, stops] = await Promise.all([
    prisma.ediMessage.findMany({ where, orderBy: { createdAt: 'asc' }, select: { direction: true, type: true, status: true, reason: true } }),
    prisma.ediTender.count({ where }),
    prisma.ediTenderStop.count({ where: { tender: where } }),
  ])
  return { messages, tenders, stops }
}

describe('inbound interchanges', () => {
  it('a 204 becomes a pending tender with its stops, answered by an accepting 997 kept in the log', async () => {
    const { org, partner } = await withPartner()
    const answer = await postInterchange(org, fixture('204-full.edi'))
    expect(answer.status).toBe(201)
    const { message, acknowledgment, tenders } = answer.body.data
    expect(message).toMatchObject({ direction: 'in', type: '204', status: 'received', controlNumber: '000000102', partnerId: partner.id, reason: null })
    expect(acknowledgment).toMatchObject({ direction: 'out', type: '997', status: 'sent', acknowledgesId: message.id, controlNumber: '000000001' })
    const ack = new X12Parser(true).parse(acknowledgment.raw) as unknown as {
      functionalGroups: { transactions: { segments: { tag: string; elements: { value: string }[] }[] }[] }[]
    }
    const segments = ack.functionalGroups[0].transactions[0].segments.map((segment) => [segment.tag, ...segment.elements.map((each) => each.value)].join('*'))
    expect(segments).toEqual(['AK1*SM*102', 'AK2*204*0001', 'AK5*A', 'AK9*A*1*1*1'])
    expect(tenders).toHaveLength(1)
    expect(tenders[0]).toMatchObject({
      shipmentId: 'SH2002',
      purpose: 'new',
      status: 'pending',
      weightLb: 42_000,
      rateCents: 185_000,
      equipmentType: 'TF',
      respondBy: '2026-12-03T23:00:00.000Z',
    })
    expect(tenders[0].stops.map((stop: { city: string; state: string }) => `${stop.city}, ${stop.state}`)).toEqual([
      'Dallas, TX',
      'Fort Worth, TX',
      'Austin, TX',
    ])

    // The list, the log and the raw download.
    const listed = await callApi(tendersRoute, { path: '/api/edi/tenders', token: org.users.dispatcher.token })
    expect(listed.body.data.map((tender: { shipmentId: string }) => tender.shipmentId)).toEqual(['SH2002'])
    const log = await callApi(messagesRoute, { path: '/api/edi/messages', token: org.users.viewer.token })
    expect(log.body.data.map((each: { type: string; direction: string }) => `${each.direction} ${each.type}`).sort()).toEqual(['in 204', 'out 997'])
    const rawRequest = new Request(`http://localhost/api/edi/messages/${message.id}/raw`, {
      headers: { Authorization: `Bearer ${org.users.admin.token}`, [CLIENT_IP_HEADER]: '198.51.100.1' },
    })
    const raw = await rawRoute.loader({ request: rawRequest, params: { id: message.id }, context: {} } as never)
    expect(raw.headers.get('Content-Type')).toContain('application/edi-x12')
    expect(await raw.text()).toBe(fixture('204-full.edi'))

    // A change rewrites the pending tender; a cancel cancels it.
    await postInterchange(org, fixture('204-change.edi'))
    const changed = await prisma.ediTender.findFirstOrThrow({ where: { partnerId: partner.id }, include: { stops: { orderBy: { sequence: 'asc' } } } })
    expect([changed.purpose, changed.status, changed.rateCents, changed.equipmentType, changed.stops.map((stop) => stop.city)]).toEqual([
      'change',
      'pending',
      195_000,
      'RT',
      ['Dallas', 'San Antonio'],
    ])
    await postInterchange(org, fixture('204-cancel.edi'))
    expect(await prisma.ediTender.findFirstOrThrow({ where: { partnerId: partner.id } })).toMatchObject({ purpose: 'cancel', status: 'canceled', version: 3 })
  })

  it('a malformed interchange keeps only its rejected message and the rejecting 997', async () => {
    const { org } = await withPartner()
    const answer = await postInterchange(org, fixture('204-bad-se-count.edi'))
    expect(answer.status).toBe(201)
    expect(answer.body.data.message).toMatchObject({
      status: 'rejected',
      reason: 'se_count',
      reasonMessage: 'SE01 says 11 segments; the transaction set has 13.',
    })
    expect(answer.body.data.acknowledgment.raw).toContain('AK5*R*4~')
    expect(answer.body.data.tenders).toEqual([])
    expect(await counts(org)).toEqual({
      messages: [
        { direction: 'in', type: '204', status: 'rejected', reason: 'se_count' },
        { direction: 'out', type: '997', status: 'sent', reason: null },
      ],
      tenders: 0,
      stops: 0,
    })
    // One bad transaction set rejects the whole interchange: the good one is not written either.
    const mixed = fixture('204-two-tenders.edi').replace('SE*13*0002', 'SE*13*0009')
    expect((await postInterchange(org, mixed)).body.data.message.reason).toBe('se_control')
    expect((await counts(org)).tenders).toBe(0)
  })

  it('refuses an unknown partner (422), non-X12 text (400) and a body over the bound (413): only the rejected message is kept', async () => {
    const { org } = await withPartner()
    const unknown = await postInterchange(org, fixture('204-unknown-partner.edi'))
    expect([unknown.status, unknown.body.error.code]).toEqual([422, 'unknown_partner'])
    const text = await postInterchange(org, 'Dear carrier, please see the load below.', { type: 'text/plain' })
    expect([text.status, text.body.error.code]).toEqual([400, 'not_x12'])
    const big = await postInterchange(org, `${fixture('204-minimal.edi')}${'N9*ZZ*PADDING~\n'.repeat(350_000)}`)
    expect([big.status, big.body.error.code]).toEqual([413, 'payload_too_large'])
    const json = await postInterchange(org, '{}', { type: 'application/json' })
    expect([json.status, json.body.error.code]).toEqual([415, 'unsupported_media_type'])
    expect(await counts(org)).toEqual({
      messages: [
        { direction: 'in', type: '204', status: 'rejected', reason: 'unknown_partner' },
        { direction: 'in', type: null, status: 'rejected', reason: 'not_x12' },
      ],
      tenders: 0,
      stops: 0,
    })
  })

  it('answers in other roles as the matrix says: dispatch uploads, viewers read, drivers see nothing', async () => {
    const { org } = await withPartner()
    expect((await postInterchange(org, fixture('204-minimal.edi'), { role: 'dispatcher' })).status).toBe(201)
    expect((await postInterchange(org, fixture('204-minimal.edi'), { role: 'viewer' })).status).toBe(403)
    expect((await callApi(tendersRoute, { path: '/api/edi/tenders', token: org.users.driver.token })).status).toBe(403)
    expect((await callApi(messagesRoute, { path: '/api/edi/messages', token: org.users.accountant.token })).status).toBe(200)
  })

  it('numbers our 997s to a partner without a gap or a repeat under concurrency', async () => {
    const { org, partner } = await withPartner()
    const actor = actorOf(org, 'dispatcher')
    const texts = Array.from({ length: 8 }, (_, index) => fixture('204-minimal.edi').replaceAll('SH1001', `SH9${index}`))
    await Promise.all(texts.map((text) => receiveInterchange(actor, text)))
    const ours = await prisma.ediMessage.findMany({ where: { partnerId: partner.id, direction: 'out' }, select: { ourControlNumber: true } })
    expect(ours.map((each) => each.ourControlNumber).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(await prisma.ediTender.count({ where: { partnerId: partner.id } })).toBe(8)
  })
})

describe('trading partners', () => {
  it('stores the SFTP password sealed, never answers it, keeps it when left out and refuses a stale version', async () => {
    const { org, broker, partner } = await withPartner()
    expect(partner.sftp).toEqual({
      host: 'sftp.broker-a.test',
      port: 2222,
      username: 'fdcarrier',
      hasPassword: true,
      hasPrivateKey: false,
      inboundDir: '/out',
      outboundDir: '/in',
    })
    expect(JSON.stringify(partner)).not.toContain('hunter2')
    const stored = await prisma.ediPartner.findUniqueOrThrow({ where: { id: partner.id } })
    expect(stored.sftpPasswordSealed).not.toContain('hunter2')
    expect(openSecret(stored.sftpPasswordSealed!)).toBe('hunter2-secret')
    const audit = await prisma.auditEvent.findMany({ where: { entityId: partner.id } })
    expect(JSON.stringify(audit)).not.toContain(stored.sftpPasswordSealed!)

    const { password: _password, ...sftp } = PARTNER.sftp
    const put = (body: object) =>
      callApi(partnerRoute, { method: 'PUT', path: `/api/edi/partners/${partner.id}`, params: { id: partner.id }, token: org.users.admin.token, body })
    const updated = await put({
      ...PARTNER,
      sftp: { ...sftp, privateKey: '-----BEGIN OPENSSH PRIVATE KEY-----x' },
      brokerId: broker.id,
      name: 'Broker A (EDI)',
      version: 1,
    })
    expect(updated.status).toBe(200)
    expect(updated.body.data).toMatchObject({ name: 'Broker A (EDI)', version: 2, sftp: { hasPassword: true, hasPrivateKey: true } })
    expect(openSecret((await prisma.ediPartner.findUniqueOrThrow({ where: { id: partner.id } })).sftpPasswordSealed!)).toBe('hunter2-secret')
    expect((await put({ ...PARTNER, brokerId: broker.id, version: 1 })).status).toBe(409)

    const fetched = await callApi(partnerRoute, { path: `/api/edi/partners/${partner.id}`, params: { id: partner.id }, token: org.users.dispatcher.token })
    expect(JSON.stringify(fetched.body)).not.toMatch(/hunter2|OPENSSH/)
  })

  it('refuses a clashing ISA ID in any case, another organization’s broker, SFTP without a secret, and non-admins', async () => {
    const { org, broker } = await withPartner()
    const post = (body: object, token = org.users.admin.token) => callApi(partnersRoute, { method: 'POST', path: '/api/edi/partners', token, body })
    const clash = await post({ ...PARTNER, name: 'Other', gsId: 'OTHERGS', isaId: 'brokera', brokerId: broker.id })
    expect([clash.status, Object.keys(clash.body.error.fields)]).toEqual([400, ['isaId']])
    const other = await createOrg()
    const foreign = await prisma.broker.create({ data: { organizationId: other.organization.id, name: 'Theirs' } })
    expect(Object.keys((await post({ ...PARTNER, name: 'B', isaId: 'B', gsId: 'B', brokerId: foreign.id })).body.error.fields)).toEqual(['brokerId'])
    const noSecret = await post({ ...PARTNER, name: 'C', isaId: 'C', gsId: 'C', brokerId: broker.id, sftp: { host: 'h', username: 'u' } })
    expect(Object.keys(noSecret.body.error.fields)).toEqual(['sftp.password'])
    expect((await post({ ...PARTNER, name: 'D', isaId: 'D', gsId: 'D', brokerId: broker.id }, org.users.dispatcher.token)).status).toBe(403)
    const manual = await post({ ...PARTNER, name: 'E', isaId: 'E', gsId: 'E', brokerId: broker.id, transport: 'manual' })
    expect(manual.body.data.sftp).toMatchObject({ host: null, hasPassword: false })
  })

  it('deletes an unused partner; one with messages is 409 in_use', async () => {
    const { org, partner } = await withPartner()
    await postInterchange(org, fixture('204-minimal.edi'))
    const remove = (id: string) => callApi(partnerRoute, { method: 'DELETE', path: `/api/edi/partners/${id}`, params: { id }, token: org.users.admin.token })
    expect([(await remove(partner.id)).status, (await remove(partner.id)).body.error.code]).toEqual([409, 'in_use'])
    const { org: fresh, partner: unused } = await withPartner()
    const gone = await callApi(partnerRoute, {
      method: 'DELETE',
      path: `/api/edi/partners/${unused.id}`,
      params: { id: unused.id },
      token: fresh.users.admin.token,
    })
    expect(gone.body.data).toEqual({ id: unused.id, deleted: true })
    expect(await refusal(receiveInterchange(actorOf(fresh, 'driver'), fixture('204-minimal.edi')))).toMatchObject({ code: 'forbidden' })
  })
})
