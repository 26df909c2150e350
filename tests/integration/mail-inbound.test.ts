/**
 * Inbound mail (docs/decisions/054-inbound-smtp-receiver.md): real SMTP, sent by
 * nodemailer to the receiver started here, against the real database. Filed in the addressed
 * organization's shared inbox (one copy per organization), unknown recipients 550 before DATA,
 * over 25 MB 552, a sender over its budget 450, attachments checked by content and stored, HTML
 * sanitized; a failed filing leaves no file behind.
 */
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { type InboundSmtp, startInboundSmtp } from '~/models/mail/inbound-smtp.server'
import { fileInboundMail } from '~/models/mail/mail-inbound.server'
import { readInboundMail } from '~/models/mail/mail-inbound-read.server'
import { prisma } from '~/utils/db.server'
import { inboundEmail } from '~/utils/inbound-address.server'
import { fileStorage } from '~/utils/storage.server'

import { createOrg, type Org, unique } from '../helpers'
import { freePort, startServer } from '../server-process'

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-inbound-'))
const previousStorage = process.env.STORAGE_DIR
process.env.STORAGE_DIR = storageDir

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
/** A Windows executable's first bytes: file-type calls it application/x-msdownload. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)])

let receiver: InboundSmtp
let orgA: Org
let orgB: Org

let transport: nodemailer.Transporter

async function addressOf(org: Org) {
  const row = await prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id }, select: { inboundLocalPart: true } })
  return inboundEmail(row.inboundLocalPart)
}

/** What nodemailer's promise ends in: the info, or the SMTP error with its code. */
async function send(message: nodemailer.SendMailOptions) {
  try {
    return { info: await transport.sendMail(message), error: null }
  } catch (error) {
    return { info: null, error: error as Error & { responseCode?: number; response?: string } }
  }
}

async function sharedInbox(org: Org, subject: string) {
  return prisma.mailMessage.findMany({ where: { organizationId: org.organization.id, subject }, include: { attachments: true } })
}

async function bytesOf(key: string) {
  const object = await fileStorage().get(key)
  if (!object) return null
  return Buffer.from(await new Response(object.body).arrayBuffer())
}

function storedFiles() {
  const root = path.join(storageDir, 'mail')
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length : 0
}

/** A raw SMTP conversation: the greeting, then one reply per command (multi-line replies whole). */
async function dialogue(commands: string[]) {
  const socket = net.connect(receiver.port, '127.0.0.1')
  const replies: string[] = []
  let buffer = ''
  let waiting: (() => void) | null = null
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => {
    buffer += chunk
    // A reply ends with a line whose code is followed by a space.
    for (let match = /^\d{3} .*\r\n/m.exec(buffer); match; match = /^\d{3} .*\r\n/m.exec(buffer)) {
      const end = match.index + match[0].length
      replies.push(buffer.slice(0, end).replace(/\r\n/g, '\n').trimEnd())
      buffer = buffer.slice(end)
      waiting?.()
    }
  })
  const next = (count: number) => new Promise<void>((resolve) => (replies.length >= count ? resolve() : (waiting = () => replies.length >= count && resolve())))
  await next(1)
  for (const [index, command] of commands.entries()) {
    socket.write(`${command}\r\n`)
    await next(index + 2)
  }
  socket.destroy()
  return replies
}

beforeAll(async () => {
  ;[orgA, orgB] = await Promise.all([createOrg(), createOrg()])
  // A free port: suites of several helpers may run side by side.
  receiver = (await startInboundSmtp({ port: 0, host: '127.0.0.1' }))!
  transport = nodemailer.createTransport({ host: '127.0.0.1', port: receiver.port, secure: false, ignoreTLS: true })
})

afterAll(async () => {
  transport?.close()
  await receiver?.stop()
  process.env.STORAGE_DIR = previousStorage
  fs.rmSync(storageDir, { recursive: true, force: true })
})

describe('the inbound SMTP receiver', () => {
  it('files a broker’s mail in the addressed organization’s shared inbox, and nowhere else', async () => {
    const subject = unique('Rate confirmation')
    const to = await addressOf(orgA)
    const { info, error } = await send({
      from: 'Dana Broker <dana@broker.example>',
      to,
      cc: 'Ops <ops@broker.example>',
      subject,
      text: 'Please find the rate confirmation for load 4411.\n\nThanks,\nDana',
      messageId: `<${unique('m')}@broker.example>`,
      inReplyTo: '<earlier@freightdesk.example>',
    })
    expect(error).toBeNull()
    expect(info!.accepted).toEqual([to])
    const [message, ...others] = await sharedInbox(orgA, subject)
    expect(others).toEqual([])
    expect(message).toMatchObject({
      ownerId: null,
      folder: 'inbox',
      isRead: false,
      fromName: 'Dana Broker',
      fromEmail: 'dana@broker.example',
      to: [{ name: '', email: to }],
      cc: [{ name: 'Ops', email: 'ops@broker.example' }],
      text: 'Please find the rate confirmation for load 4411.\n\nThanks,\nDana',
      snippet: 'Please find the rate confirmation for load 4411. Thanks, Dana',
      html: null,
      inReplyTo: '<earlier@freightdesk.example>',
    })
    expect(message.messageId).toMatch(/^<m-[0-9a-f]+@broker\.example>$/)
    expect(await sharedInbox(orgB, subject)).toEqual([])
  })

  it('refuses an address that is not an organization’s with 550 at RCPT, and writes nothing', async () => {
    const subject = unique('Nobody')
    const before = await prisma.mailMessage.count()
    const domain = process.env.INBOUND_EMAIL_DOMAIN ?? 'inbound.freightdesk.test'
    for (const to of [`nobody-abcdef@${domain}`, (await addressOf(orgA)).replace(/@.*/, '@elsewhere.example')]) {
      const { error } = await send({ from: 'spam@example.net', to, subject, text: 'hello' })
      expect(error?.responseCode).toBe(550)
      expect(error?.response).toMatch(/^550 5\.1\.1/)
    }
    expect(await prisma.mailMessage.count()).toBe(before)
  })

  it('files one copy per organization named in one RCPT list, each with its own files, and refuses the unknown one there', async () => {
    const subject = unique('Two offices')
    const [a, b] = [await addressOf(orgA), await addressOf(orgB)]
    const unknown = `nobody-zzzzzz@${a.split('@')[1]}`
    const { info, error } = await send({
      from: 'dana@broker.example',
      to: [a, unknown],
      cc: b,
      subject,
      text: 'Two offices, one message.',
      attachments: [{ filename: 'rate-con.pdf', content: PDF, contentType: 'application/pdf' }],
    })
    expect(error).toBeNull()
    expect(info!.accepted.sort()).toEqual([a, b].sort())
    expect(info!.rejected).toEqual([unknown])
    const [copyA] = await sharedInbox(orgA, subject)
    const [copyB] = await sharedInbox(orgB, subject)
    expect(copyA.ownerId).toBeNull()
    expect(copyB.ownerId).toBeNull()
    expect(copyA.attachments).toHaveLength(1)
    expect(copyB.attachments).toHaveLength(1)
    expect(copyA.attachments[0].storageKey).not.toBe(copyB.attachments[0].storageKey)
    expect(copyA.attachments[0].organizationId).toBe(orgA.organization.id)
    expect(await bytesOf(copyB.attachments[0].storageKey)).toEqual(PDF)
  })

  it('stores the attachments it takes, checked by their bytes, and drops a refused one with a note in the text', async () => {
    const subject = unique('Papers')
    const csv = 'load,rate\n4411,2150.00\n'
    const { error } = await send({
      from: 'dana@broker.example',
      to: await addressOf(orgA),
      subject,
      text: 'Papers attached.',
      html: '<p>Papers attached.</p>',
      attachments: [
        { filename: 'rate-con.pdf', content: PDF, contentType: 'application/octet-stream' },
        { filename: 'bol.png', content: PNG, contentType: 'image/png' },
        { filename: 'rates.csv', content: csv, contentType: 'text/csv' },
        // Named and declared as a PDF, but its bytes are a program.
        { filename: 'invoice.pdf', content: EXE, contentType: 'application/pdf' },
        { filename: 'page.html', content: '<script>alert(1)</script>', contentType: 'text/html' },
      ],
    })
    expect(error).toBeNull()
    const [message] = await sharedInbox(orgA, subject)
    const files = Object.fromEntries(message.attachments.map((file) => [file.fileName, file]))
    expect(Object.keys(files).sort()).toEqual(['bol.png', 'rate-con.pdf', 'rates.csv'])
    expect(files['rate-con.pdf']).toMatchObject({ contentType: 'application/pdf', sizeBytes: PDF.length, organizationId: orgA.organization.id })
    expect(files['bol.png'].contentType).toBe('image/png')
    expect(files['rates.csv'].contentType).toBe('text/csv')
    expect(await bytesOf(files['rate-con.pdf'].storageKey)).toEqual(PDF)
    expect(await bytesOf(files['bol.png'].storageKey)).toEqual(PNG)
    expect((await bytesOf(files['rates.csv'].storageKey))!.toString('utf8')).toBe(csv)
    expect(message.text).toContain('Papers attached.')
    expect(message.text).toContain('[Attachment "invoice.pdf" was not accepted')
    expect(message.text).toContain('[Attachment "page.html" was not accepted')
    expect(message.html).toContain('Attachment &#34;invoice.pdf&#34; was not accepted')
  })

  it('stores HTML sanitized: no script, no event handlers, remote images held back', async () => {
    const subject = unique('Html')
    const { error } = await send({
      from: 'dana@broker.example',
      to: await addressOf(orgA),
      subject,
      html: '<p onclick="steal()">Rate <b>$2,150</b></p><script>alert(document.cookie)</script><img src="https://tracker.example/open.gif?id=1" alt="">',
    })
    expect(error).toBeNull()
    const [message] = await sharedInbox(orgA, subject)
    expect(message.html).toContain('<b>$2,150</b>')
    expect(message.html).not.toMatch(/script|onclick|steal/i)
    expect(message.html).toContain('data-remote-src="https://tracker.example/open.gif?id=1"')
    expect(message.html).not.toMatch(/\ssrc="https:/)
    // A message with HTML only still has text: the list's snippet and search read it.
    expect(message.text).toContain('Rate $2,150')
    expect(message.snippet).toContain('Rate $2,150')
  })

  it('refuses a message over 25 MB with 552, and writes nothing', async () => {
    const subject = unique('Huge')
    const before = await prisma.mailMessage.count()
    const { error } = await send({
      from: 'dana@broker.example',
      to: await addressOf(orgA),
      subject,
      text: 'Too big.',
      attachments: [{ filename: 'scan.pdf', content: Buffer.concat([PDF, Buffer.alloc(26 * 1024 * 1024, 0x20)]) }],
    })
    expect(error?.responseCode).toBe(552)
    expect(await prisma.mailMessage.count()).toBe(before)
    expect(await sharedInbox(orgA, subject)).toEqual([])
  })

  it('announces SIZE 25 MB and refuses a larger declared SIZE at MAIL FROM, before anything is sent', async () => {
    const replies = await dialogue(['EHLO broker.example', 'MAIL FROM:<dana@broker.example> SIZE=27262976', 'QUIT'])
    expect(replies[1]).toMatch(/^250[- ]SIZE 26214400$/m)
    expect(replies[2]).toMatch(/^552 /)
  })

  it('answers 451 when filing fails (the sender retries), files nothing, and takes the next message', async () => {
    const logged: unknown[][] = []
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args))
    const subject = unique('Storage down')
    const to = await addressOf(orgA)
    const message = { from: 'dana@broker.example', to, subject, text: 'x', attachments: [{ filename: 'rate-con.pdf', content: PDF }] }
    // Storage that cannot be written: its folder is a file.
    const blocked = path.join(storageDir, 'not-a-folder')
    fs.writeFileSync(blocked, '')
    process.env.STORAGE_DIR = blocked
    try {
      const { error } = await send(message)
      expect(error?.responseCode).toBe(451)
      expect(error?.response).toMatch(/^451 4\.3\.0/)
    } finally {
      process.env.STORAGE_DIR = storageDir
    }
    expect(logged.map((args) => String(args[0]))).toEqual(['[freightdesk] inbound mail: filing the message failed'])
    expect(await sharedInbox(orgA, subject)).toEqual([])
    expect((await send(message)).error).toBeNull()
    expect(await sharedInbox(orgA, subject)).toHaveLength(1)
  })

  it('files a message once when the sender sends it again with the same Message-ID', async () => {
    const subject = unique('Retry')
    const messageId = `<${unique('retry')}@broker.example>`
    for (let i = 0; i < 2; i++)
      expect((await send({ from: 'dana@broker.example', to: await addressOf(orgA), subject, text: 'Once.', messageId })).error).toBeNull()
    expect(await sharedInbox(orgA, subject)).toHaveLength(1)
  })

  it('limits each sender address: past INBOUND_RATE_LIMIT_PER_SENDER in the window, 450 until it frees up; other senders go on', async () => {
    const previous = process.env.INBOUND_RATE_LIMIT_PER_SENDER
    process.env.INBOUND_RATE_LIMIT_PER_SENDER = '2'
    try {
      const sender = `${unique('flood')}@broker.example`
      const to = await addressOf(orgA)
      const subject = unique('Flood')
      for (let i = 0; i < 2; i++) expect((await send({ from: sender, to, subject, text: `${i}` })).error).toBeNull()
      const { error } = await send({ from: sender, to, subject, text: 'third' })
      expect(error?.responseCode).toBe(450)
      expect(error?.response).toMatch(/^450 4\.7\.1 Too many messages from this sender; try again in \d+ seconds/)
      expect(await sharedInbox(orgA, subject)).toHaveLength(2)
      expect((await send({ from: `${unique('other')}@broker.example`, to, subject, text: 'another sender' })).error).toBeNull()
    } finally {
      if (previous === undefined) delete process.env.INBOUND_RATE_LIMIT_PER_SENDER
      else process.env.INBOUND_RATE_LIMIT_PER_SENDER = previous
    }
  })
})

describe('big, hostile and deferred mail', () => {
  it('files a 10 MB text with its first 100,000 characters in the database and the whole text in storage; the page and the API open it lazily', async () => {
    const subject = unique('Ten MB')
    const line = 'Load 4411 Dallas to Tulsa, rate confirmed. '
    const text = line.repeat(Math.ceil((10 * 1024 * 1024) / line.length))
    const { error } = await send({ from: 'dana@broker.example', to: await addressOf(orgA), subject, text })
    expect(error).toBeNull()
    const [message] = await sharedInbox(orgA, subject)
    expect(message.text.length).toBeLessThan(100_100)
    expect(message.text.startsWith(line)).toBe(true)
    expect(message.text.endsWith('[…]')).toBe(true)
    expect(message.snippet.startsWith('Load 4411')).toBe(true)
    const whole = message.attachments.find((file) => file.storageKey === message.textKey)!
    expect(whole).toMatchObject({ fileName: 'message-text.txt', contentType: 'text/plain' })
    const bytes = await bytesOf(message.textKey!)
    expect(bytes!.subarray(0, 1000).toString()).toBe(text.slice(0, 1000))
    expect(bytes!.length).toBeGreaterThanOrEqual(text.trimEnd().length)

    const user = { id: orgA.users.admin.id, organizationId: orgA.organization.id, role: 'admin' as const }
    const { getMail, readMailText, serializeMail } = await import('~/models/mail/mailbox.server')
    const api = serializeMail(await getMail(user, message.id))
    expect(api.textUrl).toBe(`/api/mail/${message.id}/text`)
    expect(api.text.length).toBeLessThan(100_100)
    const streamed = await readMailText(user, message.id)
    expect(streamed.sizeBytes).toBe(bytes!.length)
    await streamed.body.cancel()
    // Another organization's reader does not find it.
    await expect(readMailText({ ...user, organizationId: orgB.organization.id }, message.id)).rejects.toMatchObject({ code: 'not_found' })
    // Sending and filing 10 MB takes seconds on a busy 2-core machine: a margin, not a speed target.
  }, 120_000)

  it('files a decoy that shares a real message’s Message-ID beside it, never instead of it; a repeat of either is filed once ("Already filed")', async () => {
    const messageId = `<${unique('shared')}@broker.example>`
    const to = await addressOf(orgA)
    const decoy = { from: 'Dana Broker <dana@broker.example>', to, subject: unique('Decoy'), text: 'Wire the payment to account 666.', messageId }
    const real = { from: 'Dana Broker <dana@broker.example>', to, subject: unique('Real'), text: 'Rate confirmation for load 4411.', messageId }
    expect((await send({ ...decoy, envelope: { from: 'mallory@evil.example', to } })).error).toBeNull()
    const { info, error } = await send(real)
    expect(error).toBeNull()
    expect(info!.response).toBe('250 2.0.0 Filed for 1 organization(s)')
    expect(await sharedInbox(orgA, real.subject)).toHaveLength(1)
    expect(await sharedInbox(orgA, decoy.subject)).toHaveLength(1)
    const again = await send(real)
    expect(again.info!.response).toBe('250 2.0.0 Already filed')
    expect(await sharedInbox(orgA, real.subject)).toHaveLength(1)
  })

  it('refuses a message it cannot read (a 100 KB header) with 554, a permanent error the sender does not retry, and writes nothing', async () => {
    const subject = unique('Unreadable')
    const before = await prisma.mailMessage.count()
    const { error } = await send({ from: 'dana@broker.example', to: await addressOf(orgA), subject, text: 'x', headers: { 'X-Junk': 'j'.repeat(100 * 1024) } })
    expect(error?.responseCode).toBe(554)
    expect(error?.response).toMatch(/^554 5\.6\.0/)
    expect(await prisma.mailMessage.count()).toBe(before)
  })

  it('defers mail with 451 4.3.2 under maintenance mode (a restore loses nothing) and files it once maintenance ends', async () => {
    const { endMaintenance, startMaintenance } = await import('~/models/operations/maintenance-mode.server')
    const subject = unique('Maintenance')
    const message = { from: 'dana@broker.example', to: await addressOf(orgA), subject, text: 'During the upgrade.' }
    await startMaintenance({ message: 'Upgrade' })
    try {
      const { error } = await send(message)
      expect(error?.responseCode).toBe(451)
      expect(error?.response).toMatch(/^451 4\.3\.2/)
      expect(await sharedInbox(orgA, subject)).toEqual([])
    } finally {
      await endMaintenance()
    }
    expect((await send(message)).error).toBeNull()
    expect(await sharedInbox(orgA, subject)).toHaveLength(1)
  })

  it('marks a From unverified, keeping the envelope sender, unless the trusted relay’s results pass for its domain or the sender is allow-listed', async () => {
    const to = await addressOf(orgA)
    const spoof = { from: 'Dana Broker <dana@broker.example>', to, envelope: { from: 'mallory@evil.example', to }, text: 'Pay now.' }
    const previous = { id: process.env.INBOUND_AUTHSERV_ID, trusted: process.env.INBOUND_TRUSTED_SENDERS }
    process.env.INBOUND_AUTHSERV_ID = 'relay.freightdesk.example'
    try {
      const forged = unique('Forged')
      // Results from an authserv-id we do not trust are the sender's own words.
      await send({ ...spoof, subject: forged, headers: { 'Authentication-Results': 'mx.evil.example; dmarc=pass header.from=broker.example' } })
      expect((await sharedInbox(orgA, forged))[0]).toMatchObject({
        fromEmail: 'dana@broker.example',
        envelopeFrom: 'mallory@evil.example',
        fromVerified: false,
      })
      const passed = unique('Passed')
      await send({
        from: 'Dana Broker <dana@broker.example>',
        to,
        subject: passed,
        text: 'Rate 4411.',
        headers: {
          'Authentication-Results':
            'relay.freightdesk.example; spf=pass smtp.mailfrom=dana@broker.example; dkim=pass header.d=broker.example; dmarc=pass header.from=broker.example',
        },
      })
      expect((await sharedInbox(orgA, passed))[0].fromVerified).toBe(true)
      const failed = unique('Failed')
      await send({
        ...spoof,
        subject: failed,
        headers: { 'Authentication-Results': 'relay.freightdesk.example; dmarc=fail header.from=broker.example; dkim=pass header.d=evil.example' },
      })
      expect((await sharedInbox(orgA, failed))[0].fromVerified).toBe(false)
      process.env.INBOUND_TRUSTED_SENDERS = 'broker.example'
      const listed = unique('Listed')
      await send({ ...spoof, subject: listed })
      expect((await sharedInbox(orgA, listed))[0].fromVerified).toBe(true)
    } finally {
      for (const [name, value] of [
        ['INBOUND_AUTHSERV_ID', previous.id],
        ['INBOUND_TRUSTED_SENDERS', previous.trusted],
      ] as const)
        if (value === undefined) delete process.env[name]
        else process.env[name] = value
    }
    // The page shows the mark and who really sent it.
    const [forged] = await prisma.mailMessage.findMany({
      where: { organizationId: orgA.organization.id, envelopeFrom: 'mallory@evil.example', fromVerified: false },
      take: 1,
    })
    const { mailFolderPage } = await import('~/requests/mail-page.server')
    const page = await mailFolderPage(
      new Request(`http://localhost/dashboard/mail/inbox/${forged.id}?box=shared`),
      { id: orgA.users.admin.id, organizationId: orgA.organization.id, role: 'admin' },
      { folder: 'inbox', id: forged.id },
      'en',
    )
    expect(page.message).toMatchObject({ fromVerified: false, envelopeFrom: 'mallory@evil.example' })
  })
})

describe('filing a message', () => {
  it('removes the files it stored when the transaction fails, and files nothing', async () => {
    const raw = await new Promise<Buffer>((resolve, reject) =>
      nodemailer
        .createTransport({ streamTransport: true, buffer: true })
        .sendMail(
          { from: 'dana@broker.example', to: 'x@y.example', subject: 'Fails', text: 'x', attachments: [{ filename: 'a.pdf', content: PDF }] },
          (error, info) => (error ? reject(error) : resolve(info.message as Buffer)),
        ),
    )
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-read-'))
    fs.writeFileSync(path.join(work, 'message.eml'), raw)
    const mail = await readInboundMail(path.join(work, 'message.eml'), work)
    const before = storedFiles()
    // The second organization does not exist: its copy breaks the transaction after both files were stored.
    await expect(fileInboundMail(mail, [orgA.organization.id, 'c000000000000000000000000'], { from: 'dana@broker.example' })).rejects.toThrow()
    expect(storedFiles()).toBe(before)
    expect(await sharedInbox(orgA, 'Fails')).toEqual([])
    fs.rmSync(work, { recursive: true, force: true })
  })
})

describe('server.ts', () => {
  it('starts the receiver when INBOUND_SMTP_PORT is set, files through it, and stops it on SIGTERM with a clean exit', async () => {
    const port = await freePort()
    const server = await startServer({ INBOUND_SMTP_PORT: String(port), JOB_WORKER: 'off', STORAGE_DIR: storageDir }, { compiled: true })
    try {
      await expect.poll(() => server.output()).toContain(`inbound mail (SMTP) on 127.0.0.1:${port}`)
      const subject = unique('Through the server')
      const sent = await nodemailer
        .createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
        .sendMail({ from: 'dana@broker.example', to: await addressOf(orgB), subject, text: 'Hello' })
      expect(sent.response).toBe('250 2.0.0 Filed for 1 organization(s)')
      expect(await sharedInbox(orgB, subject)).toHaveLength(1)
    } finally {
      await server.stop()
    }
    expect(server.child.exitCode).toBe(0)
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => (socket.destroy(), resolve(false)))
      socket.once('error', () => resolve(true))
    })
    expect(refused).toBe(true)
  })
})
