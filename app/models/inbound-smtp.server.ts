/**
 * The built-in SMTP receiver (issue 26, docs/decisions/054-inbound-smtp-receiver.md): brokers'
 * mail to an organization's inbound address lands in its shared inbox. server.ts starts it when
 * INBOUND_SMTP_PORT is set, on INBOUND_SMTP_HOST (default HOST), and stops it before the database.
 *
 * A plain receiver, like a mail server's port 25: no AUTH (nobody signs in to send us mail);
 * STARTTLS only when INBOUND_SMTP_TLS_KEY and INBOUND_SMTP_TLS_CERT name the files. Its answers:
 *   MAIL FROM over the sender's budget        450 4.7.1 (try later)
 *   RCPT TO not an organization's address      550 5.1.1, before any DATA
 *   more than 50 recipients                    452 4.5.3
 *   a message over 25 MB (SIZE announced)      552 5.3.4
 *   anything failing while filing              451 4.3.0 (the sender retries; nothing half-filed)
 * Every handler answers; none throws into the server, so one bad message never stops it.
 */
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'

import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server'

import { env } from '~/utils/env.server'

import { consumeInboundSenderLimit, fileInboundMail, INBOUND_MAX_BYTES, inboundOrganizationOf } from './mail-inbound.server'

const MAX_RECIPIENTS = 50
/** Connections at once; each may hold up to maxBytes while its message arrives. */
const MAX_CLIENTS = 20
/** Messages parsed and filed at once: a parsed message's text lives on the (small) V8 heap. */
const FILING_AT_ONCE = 2

/** An SMTP answer: smtp-server sends `responseCode` and the message as the reply line. */
function reply(code: number, text: string) {
  return Object.assign(new Error(text), { responseCode: code })
}

const unavailable = () => reply(451, '4.3.0 Temporary failure; please try again later')

function logFailure(stage: string, error: unknown) {
  console.error(`[freightdesk] inbound mail: ${stage} failed`, error)
}

export type InboundSmtp = { port: number; host: string; stop: () => Promise<void> }

/**
 * Starts the receiver and resolves once it listens (null when INBOUND_SMTP_PORT is unset and no
 * port is given). `port: 0` takes a free one (tests); `maxBytes` defaults to 25 MB.
 */
export async function startInboundSmtp(options: { port?: number; host?: string; maxBytes?: number } = {}): Promise<InboundSmtp | null> {
  const config = env()
  const port = options.port ?? config.INBOUND_SMTP_PORT
  if (port === undefined) return null
  const host = options.host ?? config.INBOUND_SMTP_HOST ?? config.HOST
  const maxBytes = options.maxBytes ?? INBOUND_MAX_BYTES
  const tls =
    config.INBOUND_SMTP_TLS_KEY && config.INBOUND_SMTP_TLS_CERT
      ? { key: fs.readFileSync(config.INBOUND_SMTP_TLS_KEY), cert: fs.readFileSync(config.INBOUND_SMTP_TLS_CERT) }
      : null

  let filing = 0
  const waiting: Array<() => void> = []
  const inTurn = async <T>(work: () => Promise<T>) => {
    while (filing >= FILING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve))
    filing++
    try {
      return await work()
    } finally {
      filing--
      waiting.shift()?.()
    }
  }

  const serverOptions: SMTPServerOptions = {
    name: config.INBOUND_EMAIL_DOMAIN,
    banner: 'Freightdesk inbound mail',
    size: maxBytes,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls ?? {}),
    logger: false,
    maxClients: MAX_CLIENTS,
    socketTimeout: 60_000,
    closeTimeout: 5_000,

    onMailFrom(address, _session, callback) {
      consumeInboundSenderLimit(address.address)
        .then((limit) => callback(limit.ok ? null : reply(450, `4.7.1 Too many messages from this sender; try again in ${limit.retryAfterSeconds} seconds`)))
        .catch((error: unknown) => {
          logFailure('the sender check', error)
          callback(unavailable())
        })
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) return callback(reply(452, '4.5.3 Too many recipients'))
      inboundOrganizationOf(address.address)
        .then((organizationId) => callback(organizationId ? null : reply(550, `5.1.1 <${address.address}>: no such mailbox here`)))
        .catch((error: unknown) => {
          logFailure('the recipient check', error)
          callback(unavailable())
        })
    },

    onData(stream, session, answer) {
      const chunks: Buffer[] = []
      let size = 0
      // One answer per message, whichever of 'error' and 'end' comes first.
      let answered = false
      const callback: typeof answer = (error, message) => {
        if (answered) return
        answered = true
        answer(error, message)
      }
      // Past the limit the rest is read and dropped (smtp-server marks the stream), then refused.
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size <= maxBytes) chunks.push(chunk)
      })
      stream.on('error', (error) => {
        logFailure('reading the message', error)
        callback(unavailable())
      })
      stream.on('end', () => {
        if (stream.sizeExceeded || size > maxBytes) {
          callback(reply(552, `5.3.4 Message too big: the limit is ${Math.floor(maxBytes / 1024 / 1024)} MB`))
          return
        }
        inTurn(() => file(Buffer.concat(chunks), session))
          .then((count) => callback(null, `2.0.0 Filed for ${count} organization(s)`))
          .catch((error: unknown) => {
            logFailure('filing the message', error)
            callback(unavailable())
          })
      })
    },
  }

  // The receiver and the parser load only where the receiver runs: their code would otherwise sit on every server's heap (ADR 080).
  const { SMTPServer } = await import('smtp-server')
  const server = new SMTPServer(serverOptions)
  // A socket error (a client gone mid-command, a TLS handshake that fails) is that client's problem.
  server.on('error', (error) => logFailure('a connection', error))
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => reject(error)
    server.server.once('error', failed)
    server.listen(port, host, () => {
      server.server.off('error', failed)
      resolve()
    })
  })
  const bound = (server.server.address() as AddressInfo).port
  return {
    port: bound,
    host,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Parses the message and files it for every organization among the accepted recipients. */
async function file(raw: Buffer, session: SMTPServerSession) {
  const { simpleParser } = await import('mailparser')
  const parsed = await simpleParser(raw)
  const organizations = await Promise.all(session.envelope.rcptTo.map((recipient) => inboundOrganizationOf(recipient.address)))
  const ids = [...new Set(organizations.filter((id): id is string => Boolean(id)))]
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
  await fileInboundMail(parsed, ids, envelopeFrom)
  return ids.length
}
