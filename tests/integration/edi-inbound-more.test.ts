/**
 * The inbound flow's rules of ADR 150: the same interchange received twice is kept as a duplicate
 * and answered with the first 997, its tender written once; a file in one partner's SFTP folder
 * whose envelope names another is kept as rejected and nothing else is written; a partner's 997
 * marks the message of ours it answers acknowledged or rejected.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { writeEnvelope } from '~/models/edi/envelope'
import { receiveInterchange } from '~/models/edi/inbound.server'
import { reasonMessage } from '~/models/edi/message.server'
import { createPartner } from '~/models/edi/partner.server'
import { pickUpPartner } from '~/models/edi/sftp-pickup.server'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, type Org } from '../helpers'
import { startSftpServer, type TestSftpServer } from '../sftp-server'

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/edi', name), 'utf8')

let server: TestSftpServer
beforeAll(async () => {
  server = await startSftpServer()
})
afterAll(async () => {
  await server.close()
})

let folders = 0
async function partnerOf(org: Org, isaId = 'BROKERA') {
  folders += 1
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: `Broker ${isaId} ${folders}` } })
  const sftp = {
    host: server.host,
    port: server.port,
    username: server.username,
    password: server.password,
    inboundDir: `/m${folders}/outbox`,
    outboundDir: `/m${folders}/inbox`,
  }
  await server.put(`${sftp.outboundDir}/.keep`, '')
  const partner = await createPartner(actorOf(org, 'admin'), {
    name: `${isaId} EDI ${folders}`,
    brokerId: broker.id,
    isaQualifier: 'ZZ',
    isaId,
    gsId: isaId,
    ourIsaQualifier: 'ZZ',
    ourIsaId: 'FDCARRIER',
    ourGsId: 'FDCARRIER',
    transport: 'sftp',
    sftp,
    send214: true,
    send210: true,
  } as never)
  return { partner: partner!, sftp }
}

const messagesOf = (org: Org) =>
  prisma.ediMessage.findMany({
    where: { organizationId: org.organization.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, direction: true, type: true, status: true, reason: true, partnerId: true, acknowledgesId: true },
  })

describe('an interchange received twice', () => {
  it('is kept as a duplicate, answered with the first 997, and writes its tender once', async () => {
    const org = await createOrg()
    await partnerOf(org)
    const actor = actorOf(org, 'admin')
    const first = await receiveInterchange(actor, fixture('204-full.edi'))
    const change = await receiveInterchange(actor, fixture('204-change.edi'))
    expect(change.tenders[0]).toMatchObject({ shipmentId: 'SH2002', purpose: 'change', version: 2 })

    const again = await receiveInterchange(actor, fixture('204-change.edi'))
    expect(again.duplicateOf).toBe(change.message.id)
    expect(again.message).toMatchObject({ status: 'rejected', reason: 'duplicate', controlNumber: '000000103' })
    expect(again.acknowledgment?.id).toBe(change.acknowledgment?.id)
    expect(again.acknowledgment?.raw).toBe(change.acknowledgment?.raw)
    expect(again.tenders).toEqual([])
    expect(reasonMessage(again.message, 'en')).toBe('Already received (interchange 000000103): answered with the same 997, nothing else written.')

    // The tender was rewritten by the change once, not twice; the first 204 sent again changes nothing either.
    const replay = await receiveInterchange(actor, fixture('204-full.edi'))
    expect(replay.duplicateOf).toBe(first.message.id)
    const tender = await prisma.ediTender.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(tender).toMatchObject({ purpose: 'change', version: 2, messageId: change.message.id })
    const messages = await messagesOf(org)
    expect(messages.map((each) => `${each.direction} ${each.type} ${each.reason ?? ''}`.trim())).toEqual([
      'in 204',
      'out 997',
      'in 204',
      'out 997',
      'in 204 duplicate',
      'in 204 duplicate',
    ])
  })

  it('is not a duplicate when the control number is the same but the text differs', async () => {
    const org = await createOrg()
    await partnerOf(org)
    const actor = actorOf(org, 'admin')
    await receiveInterchange(actor, fixture('204-full.edi'))
    const edited = fixture('204-full.edi').replace('B2A*00*', 'B2A*04*')
    const second = await receiveInterchange(actor, edited)
    expect(second.duplicateOf).toBeNull()
    expect(second.message.reason).toBeNull()
    expect(second.acknowledgment?.controlNumber).toBe('000000002')
  })

  it('two copies at once: one is received, the other is its duplicate', async () => {
    const org = await createOrg()
    await partnerOf(org)
    const actor = actorOf(org, 'admin')
    const outcomes = await Promise.all([receiveInterchange(actor, fixture('204-full.edi')), receiveInterchange(actor, fixture('204-full.edi'))])
    expect(outcomes.map((outcome) => outcome.duplicateOf === null).sort()).toEqual([false, true])
    expect(await prisma.ediTender.count({ where: { organizationId: org.organization.id } })).toBe(1)
    expect(await prisma.ediMessage.count({ where: { organizationId: org.organization.id, type: '997' } })).toBe(1)
  })

  it('over SFTP: the same file left again is answered again with the same 997', async () => {
    const org = await createOrg()
    const { partner, sftp } = await partnerOf(org)
    await server.put(`${sftp.inboundDir}/t1.x12`, fixture('204-full.edi'))
    expect(await pickUpPartner(partner.id)).toMatchObject({ taken: ['t1.x12'], acknowledged: 1 })
    const firstAck = await server.read(`${sftp.outboundDir}/997-000000001.x12`)
    await server.put(`${sftp.inboundDir}/t1-again.x12`, fixture('204-full.edi'))
    expect(await pickUpPartner(partner.id)).toMatchObject({ taken: ['t1-again.x12'], acknowledged: 1 })
    const dropped = (await server.list(sftp.outboundDir)).filter((name) => name.startsWith('997-'))
    expect(dropped).toHaveLength(2)
    expect(dropped).toContain('997-000000001.x12')
    const again = dropped.find((name) => name !== '997-000000001.x12')!
    expect(again).toMatch(/^997-000000001-again-\w+\.x12$/)
    expect(await server.read(`${sftp.outboundDir}/${again}`)).toBe(firstAck)
    expect(await prisma.ediTender.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })
})

describe('a file in one partner’s folder naming another partner', () => {
  it('is kept as rejected under the folder’s partner, not answered, and writes nothing else', async () => {
    const org = await createOrg()
    const a = await partnerOf(org, 'BROKERA')
    const b = await partnerOf(org, 'BROKERB')
    // Broker A's 204, left in broker B's folder.
    await server.put(`${b.sftp.inboundDir}/wrong.x12`, fixture('204-full.edi'))
    expect(await pickUpPartner(b.partner.id)).toMatchObject({ taken: ['wrong.x12'], acknowledged: 0, error: null })
    const messages = await messagesOf(org)
    expect(messages).toEqual([
      expect.objectContaining({ direction: 'in', type: '204', status: 'rejected', reason: 'partner_mismatch', partnerId: b.partner.id }),
    ])
    const kept = await prisma.ediMessage.findUniqueOrThrow({ where: { id: messages[0].id } })
    expect(kept.raw).toBe(fixture('204-full.edi'))
    expect(reasonMessage(kept, 'en')).toBe('Picked up from this partner’s folder, but its envelope names ZZ/BROKERA.')
    expect(await prisma.ediTender.count({ where: { organizationId: org.organization.id } })).toBe(0)
    expect((await server.list(b.sftp.outboundDir)).filter((name) => name.startsWith('997-'))).toEqual([])
    // Neither partner's control number moved.
    const counters = await prisma.ediPartner.findMany({ where: { id: { in: [a.partner.id, b.partner.id] } }, select: { lastControlNumber: true } })
    expect(counters.map((each) => each.lastControlNumber)).toEqual([0, 0])

    // The same file from broker A's own folder is received.
    await server.put(`${a.sftp.inboundDir}/right.x12`, fixture('204-full.edi'))
    expect(await pickUpPartner(a.partner.id)).toMatchObject({ taken: ['right.x12'], acknowledged: 1 })
    expect(await prisma.ediTender.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })

  it('an envelope naming no partner at all is refused the same way', async () => {
    const org = await createOrg()
    const b = await partnerOf(org, 'BROKERB')
    await server.put(`${b.sftp.inboundDir}/stranger.x12`, fixture('204-unknown-partner.edi'))
    await pickUpPartner(b.partner.id)
    expect(await messagesOf(org)).toEqual([expect.objectContaining({ status: 'rejected', reason: 'partner_mismatch', partnerId: b.partner.id })])
  })
})

describe('a partner’s 997', () => {
  /** One of our 214s, as the outbound queue keeps it (control 7). */
  async function our214(org: Org, partnerId: string, control = 7) {
    return prisma.ediMessage.create({
      data: {
        organizationId: org.organization.id,
        partnerId,
        direction: 'out',
        type: '214',
        status: 'sent',
        controlNumber: String(control).padStart(9, '0'),
        groupControlNumber: String(control),
        transactionControlNumber: '0001',
        ourControlNumber: control,
        raw: 'ISA…',
        sizeBytes: 4,
      },
    })
  }
  /** Their 997 answering our group `control`, its AK5 and AK9 as given. */
  const theirAck = (control: number, ak5: string[], ak9: string[], functionalId = 'QM') =>
    writeEnvelope({
      parties: {
        senderQualifier: 'ZZ',
        senderId: 'BROKERA',
        senderGsId: 'BROKERA',
        receiverQualifier: 'ZZ',
        receiverId: 'FDCARRIER',
        receiverGsId: 'FDCARRIER',
      },
      control: 5001,
      now: new Date('2026-12-04T16:00:00Z'),
      functionalId: 'FA',
      sets: [
        {
          id: '997',
          segments: [
            ['AK1', [functionalId, String(control)]],
            ['AK2', ['214', '0001']],
            ['AK5', ak5],
            ['AK9', ak9],
          ],
        },
      ],
    })

  it('accepting marks our 214 acknowledged and is linked to it', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org)
    const ours = await our214(org, partner.id)
    const other = await our214(org, partner.id, 8)
    const received = await receiveInterchange(actorOf(org, 'admin'), theirAck(7, ['A'], ['A', '1', '1', '1']))
    expect(received.message).toMatchObject({ type: '997', status: 'received', acknowledgesId: null })
    const after = await prisma.ediMessage.findUniqueOrThrow({ where: { id: ours.id }, include: { acknowledgment: { select: { id: true } } } })
    expect(after.status).toBe('acknowledged')
    expect(after.acknowledgment?.id).toBe(received.message.id)
    expect((await prisma.ediMessage.findUniqueOrThrow({ where: { id: other.id } })).status).toBe('sent')
  })

  it('rejecting marks it rejected with the partner’s codes', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org)
    const ours = await our214(org, partner.id)
    await receiveInterchange(actorOf(org, 'admin'), theirAck(7, ['R', '5'], ['R', '1', '1', '0']))
    const after = await prisma.ediMessage.findUniqueOrThrow({ where: { id: ours.id } })
    expect(after).toMatchObject({ status: 'rejected', reason: 'rejected_by_partner' })
    expect(reasonMessage(after, 'en')).toBe('Rejected by the partner’s 997 (codes 5).')
  })

  it('answering a control number we never used, or another type, changes nothing', async () => {
    const org = await createOrg()
    const { partner } = await partnerOf(org)
    const ours = await our214(org, partner.id)
    await receiveInterchange(actorOf(org, 'admin'), theirAck(9, ['A'], ['A', '1', '1', '1']))
    const otherType = theirAck(7, ['A'], ['A', '1', '1', '1'], 'IM').replace('AK2*214*', 'AK2*210*')
    await receiveInterchange(actorOf(org, 'admin'), otherType)
    expect((await prisma.ediMessage.findUniqueOrThrow({ where: { id: ours.id } })).status).toBe('sent')
  })

  it('from another partner changes nothing', async () => {
    const org = await createOrg()
    const a = await partnerOf(org, 'BROKERA')
    const b = await partnerOf(org, 'BROKERB')
    const ours = await our214(org, b.partner.id)
    await receiveInterchange(actorOf(org, 'admin'), theirAck(7, ['A'], ['A', '1', '1', '1']))
    expect(a.partner.id).not.toBe(b.partner.id)
    expect((await prisma.ediMessage.findUniqueOrThrow({ where: { id: ours.id } })).status).toBe('sent')
  })
})
