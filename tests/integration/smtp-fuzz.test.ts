/**
 * The inbound receiver under hostile SMTP input (shapes in tests/fuzz/smtp.ts): a real
 * server process started as production starts it, with a 128 MB V8 heap, receives every shape
 * (10 and 24 MB texts, hundreds of parts, deep nesting, huge headers, a 15 MB base64 attachment,
 * 16 MB of HTML, bad encodings, over the limit), answers each as it should and keeps answering;
 * the 24 MB message is then opened through the API, its whole text and the page, twice at once;
 * idle clients from one address cannot take every connection. A heap a message could fill would
 * end the process ("JavaScript heap out of memory"), so surviving is the bound. `FUZZ_SEED`
 * replays one seed.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { prisma } from '~/utils/db.server'
import { inboundEmail } from '~/utils/inbound-address.server'

import { smtpShapes } from '../fuzz/smtp'
import { createOrg, type Org, PASSWORD, unique } from '../helpers'
import { freePort, type ServerProcess, startServer } from '../server-process'

const SEED = Number(process.env.FUZZ_SEED ?? 36)
const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-smtp-fuzz-'))

let org: Org
let to: string
let server: ServerProcess
let smtpPort: number

async function send(raw: Buffer, from = `${unique('fuzz')}@broker.example`, localAddress?: string) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true, localAddress, socketTimeout: 120_000 })
  try {
    const info = await transport.sendMail({ envelope: { from, to: [to] }, raw })
    return { code: Number(info.response.slice(0, 3)), response: info.response }
  } catch (error) {
    const failed = error as { responseCode?: number; response?: string; message: string }
    return { code: failed.responseCode ?? 0, response: failed.response ?? failed.message }
  } finally {
    transport.close()
  }
}

const probe = (subject = unique('Probe')) =>
  Buffer.from(`From: dana@broker.example\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${subject}@broker.example>\r\n\r\nStill here?\r\n`)

function alive() {
  expect(server.child.exitCode, server.output().slice(-2000)).toBeNull()
  expect(server.output()).not.toMatch(/heap out of memory|Allocation failed/i)
}

beforeAll(async () => {
  org = await createOrg()
  const row = await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id }, select: { inboundLocalPart: true } })
  to = inboundEmail(row.inboundLocalPart)
  smtpPort = await freePort()
  server = await startServer(
    {
      INBOUND_SMTP_PORT: String(smtpPort),
      JOB_WORKER: 'off',
      STORAGE_DIR: storageDir,
      // Production's heap (package.json "serve", ADR 080): a message that needed tens of MB would end the process.
      NODE_OPTIONS: '--max-old-space-size=128 --max-semi-space-size=8',
    },
    { compiled: true },
  )
  // server.ts prints the receiver's line right after the one startServer waits for.
  for (let waited = 0; !server.output().includes(`inbound mail (SMTP) on 127.0.0.1:${smtpPort}`) && waited < 100; waited++)
    await new Promise((resolve) => setTimeout(resolve, 100))
}, 300_000)

afterAll(async () => {
  await server?.stop()
  fs.rmSync(storageDir, { recursive: true, force: true })
})

describe('the receiver under hostile SMTP input, in a 128 MB heap', () => {
  it('answers every shape as it should and keeps answering after each', async () => {
    for (const shape of smtpShapes(SEED, to)) {
      const answer = await send(shape.raw)
      expect(answer.code, `${shape.name} (seed ${SEED}): ${answer.response}`).toBe(shape.expect)
      alive()
      const subject = unique('Probe')
      expect((await send(probe(subject))).code, `after ${shape.name}`).toBe(250)
    }
    const subjects = await prisma.mailMessage.findMany({
      where: { organizationId: org.organization.id, subject: { startsWith: 'Rate' } },
      select: { subject: true },
    })
    // The encoded subject's CR LF became a space: one line, no second header.
    expect(subjects.map((row) => row.subject)).toContain('Rate Bcc: all@example.net')
  }, 600_000)

  it('opens the 24 MB message through the API, its whole text and the page, twice at once', async () => {
    const long = await prisma.mailMessage.findMany({
      where: { organizationId: org.organization.id, textKey: { not: null } },
      select: { id: true, attachments: { where: { fileName: 'message-text.txt' }, select: { sizeBytes: true } } },
    })
    const [message] = long.sort((a, b) => b.attachments[0].sizeBytes - a.attachments[0].sizeBytes)
    const whole = message.attachments[0]
    expect(whole.sizeBytes).toBeGreaterThan(20 * 1024 * 1024)
    const headers = { Authorization: `Bearer ${org.users.admin.token}` }
    const login = await fetch(`${server.base}/auth/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: org.users.admin.email, password: PASSWORD }),
    })
    const cookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith('fd_session='))!
      .split(';')[0]
    const open = async () => {
      const item = await fetch(`${server.base}/api/mail/${message.id}`, { headers })
      expect(item.status).toBe(200)
      const { data } = (await item.json()) as { data: { text: string; textUrl: string } }
      expect(data.text.length).toBeLessThan(110_000)
      expect(data.textUrl).toBe(`/api/mail/${message.id}/text`)
      const text = await fetch(`${server.base}${data.textUrl}`, { headers })
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      let bytes = 0
      const reader = text.body!.getReader()
      for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength
      expect(bytes).toBe(whole.sizeBytes)
      // A GET on a kept-alive connection the server closed as it was reused is sent again, as a
      // browser does (undici does not): on a busy machine the 24 MB read can outlast the socket.
      const pageUrl = `${server.base}/dashboard/mail/inbox/${message.id}?box=shared`
      const page = await fetch(pageUrl, { headers: { Cookie: cookie } }).catch((error: Error & { cause?: { code?: string } }) => {
        if (error.cause?.code !== 'ECONNRESET') throw error
        return fetch(pageUrl, { headers: { Cookie: cookie } })
      })
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('data-testid="mail-show-whole"')
      expect(html.length).toBeLessThan(2 * 1024 * 1024)
    }
    await Promise.all([open(), open()])
    alive()
    expect((await send(probe())).code).toBe(250)
  }, 300_000)

  it('refuses an eleventh connection from one address (421) while mail from another still goes through', async () => {
    const idle: net.Socket[] = []
    try {
      const greetings = await Promise.all(
        Array.from(
          { length: 11 },
          () =>
            new Promise<string>((resolve) => {
              const socket = net.connect({ port: smtpPort, host: '127.0.0.1', localAddress: '127.0.0.2' })
              idle.push(socket)
              socket.once('data', (chunk) => resolve(chunk.toString()))
              socket.once('error', (error) => resolve(String(error)))
            }),
        ),
      )
      expect(greetings.filter((line) => line.startsWith('220'))).toHaveLength(10)
      expect(greetings.filter((line) => line.startsWith('421'))).toHaveLength(1)
      expect((await send(probe(), undefined, '127.0.0.1')).code).toBe(250)
    } finally {
      for (const socket of idle) socket.destroy()
    }
    alive()
  }, 120_000)
})
