/**
 * The SFTP pickup (ADR 148) against a real SFTP server in this process: a partner's 204 left on
 * its server becomes one tender, even when two workers run the pickup at once; its 997 lands in
 * the partner's folder; a malformed interchange is kept as rejected; a partner whose server
 * refuses us is skipped and the others still run; the job queue schedules it every five minutes.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPartner } from '~/models/edi/partner.server'
import { pickUpFromPartners, pickUpPartner } from '~/models/edi/sftp-pickup.server'
import { scheduledTasks } from '~/models/operations/jobs.server'
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
async function sftpPartner(org: Org, overrides: { password?: string; isaId?: string } = {}) {
  folders += 1
  const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: `Broker A ${folders}` } })
  const sftp = {
    host: server.host,
    port: server.port,
    username: server.username,
    password: overrides.password ?? server.password,
    inboundDir: `/p${folders}/outbox`,
    outboundDir: `/p${folders}/inbox`,
  }
  await server.put(`${sftp.outboundDir}/.keep`, '')
  const partner = await createPartner(actorOf(org, 'admin'), {
    name: `Broker A EDI ${folders}`,
    brokerId: broker.id,
    isaQualifier: 'ZZ',
    isaId: overrides.isaId ?? 'BROKERA',
    gsId: overrides.isaId ?? 'BROKERA',
    ourIsaQualifier: 'ZZ',
    ourIsaId: 'FDCARRIER',
    ourGsId: 'FDCARRIER',
    transport: 'sftp',
    sftp,
    send214: false,
    send210: false,
  } as never)
  return { partner: partner!, sftp }
}

describe('the SFTP pickup', () => {
  it('makes one tender of a 204 left on the partner’s server, even with two workers at once, and drops its 997 there', async () => {
    const org = await createOrg()
    const { partner, sftp } = await sftpPartner(org)
    await server.put(`${sftp.inboundDir}/tender-102.x12`, fixture('204-full.edi'))
    const [first, second] = await Promise.all([pickUpPartner(partner.id), pickUpPartner(partner.id)])
    expect([...first.taken, ...second.taken]).toEqual(['tender-102.x12'])
    expect(first.error ?? second.error).toBeNull()

    const tenders = await prisma.ediTender.findMany({ where: { organizationId: org.organization.id }, select: { shipmentId: true, status: true } })
    expect(tenders).toHaveLength(1)
    expect(tenders[0].status).toBe('pending')
    const messages = await prisma.ediMessage.findMany({ where: { organizationId: org.organization.id }, select: { direction: true, type: true, status: true } })
    expect(messages).toEqual(
      expect.arrayContaining([
        { direction: 'in', type: '204', status: 'received' },
        { direction: 'out', type: '997', status: 'sent' },
      ]),
    )
    expect(messages).toHaveLength(2)

    expect(await server.list(sftp.inboundDir)).toEqual(['.freightdesk'])
    const dropped = (await server.list(sftp.outboundDir)).filter((name) => name.startsWith('997-'))
    expect(dropped).toHaveLength(1)
    const acknowledgment = await server.read(`${sftp.outboundDir}/${dropped[0]}`)
    expect(acknowledgment).toMatch(/^ISA\*/)
    expect(acknowledgment).toContain('ST*997*')
    expect(acknowledgment).toContain('AK9*A*')
  })

  it('keeps a malformed interchange as rejected, answers it with a rejecting 997, and writes no tender', async () => {
    const org = await createOrg()
    const { partner, sftp } = await sftpPartner(org)
    await server.put(`${sftp.inboundDir}/bad.x12`, fixture('204-bad-se-count.edi'))
    const outcome = await pickUpPartner(partner.id)
    expect(outcome).toMatchObject({ taken: ['bad.x12'], acknowledged: 1, error: null })
    expect(await prisma.ediTender.count({ where: { organizationId: org.organization.id } })).toBe(0)
    const incoming = await prisma.ediMessage.findFirstOrThrow({ where: { organizationId: org.organization.id, direction: 'in' } })
    expect(incoming.status).toBe('rejected')
    const dropped = (await server.list(sftp.outboundDir)).filter((name) => name.startsWith('997-'))
    expect(await server.read(`${sftp.outboundDir}/${dropped[0]}`)).toContain('AK9*R*')
  })

  it('skips a partner whose server refuses the password, and still reads the others', async () => {
    const org = await createOrg()
    const refused = await sftpPartner(org, { password: 'not-the-password', isaId: 'BROKERB' })
    const good = await sftpPartner(org)
    await server.put(`${refused.sftp.inboundDir}/a.x12`, fixture('204-minimal.edi'))
    await server.put(`${good.sftp.inboundDir}/b.x12`, fixture('204-full.edi'))
    const outcomes = await pickUpFromPartners()
    const byPartner = new Map(outcomes.map((outcome) => [outcome.partnerId, outcome]))
    expect(byPartner.get(refused.partner.id)).toMatchObject({ taken: [], error: 'sftp_auth_failed' })
    expect(byPartner.get(good.partner.id)).toMatchObject({ taken: ['b.x12'], error: null })
    // The refused partner's file waits for a run that can read it.
    expect(await server.list(refused.sftp.inboundDir)).toContain('a.x12')
  })

  it('runs every five minutes from the job queue (EDI_SFTP_PICKUP_SCHEDULE, `off` for none)', async () => {
    expect(await scheduledTasks()).toContainEqual({ task: 'edi_sftp_pickup', match: '*/5 * * * *', identifier: 'edi_sftp_pickup' })
    process.env.EDI_SFTP_PICKUP_SCHEDULE = 'off'
    try {
      expect((await scheduledTasks()).map((scheduled) => scheduled.task)).not.toContain('edi_sftp_pickup')
    } finally {
      delete process.env.EDI_SFTP_PICKUP_SCHEDULE
    }
  })
})
