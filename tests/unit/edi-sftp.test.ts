/**
 * The EDI SFTP transport against a real SFTP server in this process (tests/sftp-server.ts): each
 * file is taken once by two workers at once, drops are whole, sizes are bounded, and a server that
 * refuses us says so with a stable code.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { dropOutbound, pickUpInbound, SftpError, type SftpSettings } from '~/models/edi/sftp-transport.server'

import { startSftpServer, type TestSftpServer } from '../sftp-server'

let server: TestSftpServer
let run = 0
let settings: SftpSettings

beforeAll(async () => {
  server = await startSftpServer()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  run += 1
  settings = {
    host: server.host,
    port: server.port,
    username: server.username,
    password: server.password,
    privateKey: null,
    inboundDir: `/run-${run}/to-carrier`,
    outboundDir: `/run-${run}/from-carrier`,
  }
})

const interchange = (n: number) =>
  `ISA*00*          *00*          *ZZ*BROKER         *ZZ*CARRIER        *261201*1200*U*00401*${String(n).padStart(9, '0')}*0*P*>~`

describe('picking up a partner’s interchanges', () => {
  it('hands each file to receive once and removes it, in name order', async () => {
    await server.put(`${settings.inboundDir}/b.edi`, interchange(2))
    await server.put(`${settings.inboundDir}/a.edi`, interchange(1))
    const received: { name: string; content: string }[] = []
    const result = await pickUpInbound(settings, async (file) => void received.push({ name: file.name, content: file.content.toString('utf8') }))
    expect(result).toEqual({ taken: ['a.edi', 'b.edi'], skipped: [] })
    expect(received).toEqual([
      { name: 'a.edi', content: interchange(1) },
      { name: 'b.edi', content: interchange(2) },
    ])
    expect(await server.list(settings.inboundDir)).toEqual(['.freightdesk'])
    expect(await server.list(`${settings.inboundDir}/.freightdesk`)).toEqual([])
    // A second run finds nothing.
    expect(await pickUpInbound(settings, async () => {})).toEqual({ taken: [], skipped: [] })
  })

  it('gives each of 30 files to exactly one of two workers running at once', async () => {
    for (let n = 0; n < 30; n += 1) await server.put(`${settings.inboundDir}/${String(n).padStart(3, '0')}.x12`, interchange(n))
    const seen: string[] = []
    const worker = () =>
      pickUpInbound(settings, async (file) => {
        seen.push(file.name)
        // Each hand-off waits on the network like a real receiver, so the two runs interleave.
        await new Promise<void>((resolve) => setImmediate(resolve))
      })
    const [first, second] = await Promise.all([worker(), worker()])
    expect(seen.toSorted()).toEqual([...new Set(seen)].toSorted())
    expect(seen).toHaveLength(30)
    expect([...first.taken, ...second.taken].toSorted()).toEqual(seen.toSorted())
    expect(await server.list(settings.inboundDir)).toEqual(['.freightdesk'])
  })

  it('puts a file back when receive fails, and takes it on the next run', async () => {
    await server.put(`${settings.inboundDir}/tender.edi`, interchange(7))
    const failed = await pickUpInbound(settings, async () => {
      throw new Error('database down')
    })
    expect(failed).toEqual({ taken: [], skipped: [{ name: 'tender.edi', reason: 'receive_failed' }] })
    expect(await server.list(settings.inboundDir)).toEqual(['.freightdesk', 'tender.edi'])
    const names: string[] = []
    expect(await pickUpInbound(settings, async (file) => void names.push(file.name))).toEqual({ taken: ['tender.edi'], skipped: [] })
    expect(names).toEqual(['tender.edi'])
  })

  it('takes again a claim a dead worker left behind, once it is stale, and only then', async () => {
    await server.put(`${settings.inboundDir}/.freightdesk/orphan.edi`, interchange(9))
    const names: string[] = []
    const receive = async (file: { name: string }) => void names.push(file.name)
    expect(await pickUpInbound(settings, receive)).toEqual({ taken: [], skipped: [] })
    const later = Date.now() + 11 * 60_000
    expect(await pickUpInbound(settings, receive, { now: () => later })).toEqual({ taken: ['orphan.edi'], skipped: [] })
    expect(names).toEqual(['orphan.edi'])
    expect(await server.list(`${settings.inboundDir}/.freightdesk`)).toEqual([])
  })

  it('sets a file over the size bound aside, unread, and leaves odd names alone', async () => {
    await server.put(`${settings.inboundDir}/huge.edi`, 'X'.repeat(70_000))
    await server.put(`${settings.inboundDir}/small.edi`, interchange(3))
    await server.put(`${settings.inboundDir}/.hidden`, 'not ours')
    const names: string[] = []
    const result = await pickUpInbound(settings, async (file) => void names.push(file.name), { maxBytes: 65_536 })
    expect(result).toEqual({ taken: ['small.edi'], skipped: [{ name: 'huge.edi', reason: 'too_large' }] })
    expect(names).toEqual(['small.edi'])
    expect(await server.list(settings.inboundDir)).toEqual(['.freightdesk', '.hidden'])
    expect(await server.list(`${settings.inboundDir}/.freightdesk/refused`)).toHaveLength(1)
  })

  it('takes at most maxFiles a run', async () => {
    for (const name of ['1.edi', '2.edi', '3.edi']) await server.put(`${settings.inboundDir}/${name}`, interchange(1))
    expect((await pickUpInbound(settings, async () => {}, { maxFiles: 2 })).taken).toEqual(['1.edi', '2.edi'])
    expect((await pickUpInbound(settings, async () => {}, { maxFiles: 2 })).taken).toEqual(['3.edi'])
  })
})

describe('dropping an interchange for the partner', () => {
  it('writes it whole under its name, with a password or a key', async () => {
    await server.put(`${settings.outboundDir}/.keep`, '')
    await dropOutbound(settings, '990-000000001.edi', interchange(1))
    await dropOutbound({ ...settings, password: null, privateKey: server.privateKey }, '214-000000002.edi', interchange(2))
    expect(await server.list(settings.outboundDir)).toEqual(['.keep', '214-000000002.edi', '990-000000001.edi'])
    expect(await server.read(`${settings.outboundDir}/990-000000001.edi`)).toBe(interchange(1))
  })

  it('counts a retry of a drop already made as written, but never replaces another file under its name', async () => {
    await server.put(`${settings.outboundDir}/.keep`, '')
    await dropOutbound(settings, '990-000000003.edi', interchange(3))
    // The job died after the drop, before it was recorded: the retry finds its own file there.
    await dropOutbound(settings, '990-000000003.edi', interchange(3))
    expect(await server.list(settings.outboundDir)).toEqual(['.keep', '990-000000003.edi'])
    await expect(dropOutbound(settings, '990-000000003.edi', interchange(4))).rejects.toBeInstanceOf(SftpError)
    expect(await server.read(`${settings.outboundDir}/990-000000003.edi`)).toBe(interchange(3))
  })

  it('refuses a name that would leave the folder', async () => {
    await expect(dropOutbound(settings, '../escape.edi', 'x')).rejects.toMatchObject({ code: 'sftp_failed' })
  })
})

describe('a server that will not have us', () => {
  it('says the password was refused', async () => {
    const error = await pickUpInbound({ ...settings, password: 'wrong' }, async () => {}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(SftpError)
    expect(error).toMatchObject({ code: 'sftp_auth_failed' })
  })

  it('says nobody answers at the address', async () => {
    const error = await pickUpInbound({ ...settings, port: 1, host: '127.0.0.1' }, async () => {}, { timeoutMs: 2_000 }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'sftp_unreachable' })
  })
})
