/**
 * The built-in SMTP receiver (docs/decisions/054-inbound-smtp-receiver.md, ADR
 * 082): brokers' mail to an organization's inbound address lands in its shared inbox. server.ts
 * starts it when INBOUND_SMTP_PORT is set, on INBOUND_SMTP_HOST (default HOST), and stops it
 * before the database.
 *
 * A plain receiver, like a mail server's port 25: no AUTH (nobody signs in to send us mail);
 * STARTTLS only when INBOUND_SMTP_TLS_KEY and INBOUND_SMTP_TLS_CERT name the files. Its answers:
 *   more than PER_ADDRESS connections from one address, or MAX_CLIENTS in all     421 4.7.0
 *   maintenance mode (MAIL FROM, and again before filing)   451 4.3.2 (deferred: nothing lost)
 *   MAIL FROM over the sender's budget                      450 4.7.1 (try later)
 *   RCPT TO not an organization's address                   550 5.1.1, before any DATA
 *   more than 50 recipients                                 452 4.5.3
 *   a message over 25 MB (SIZE announced)                   552 5.3.4
 *   a message that cannot be read (headers, parts)          554 5.6.0 (permanent: not retried)
 *   anything else failing while filing                      451 4.3.0 (the sender retries; nothing half-filed)
 * A message is never held in memory: DATA is spooled to a file under the system's temporary
 * folder, read from there part by part (mail-inbound-read.server.ts) and the file removed.
 * Every handler answers; none throws into the server, so one bad message never stops it.
 */
import { once } from 'node:events'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'

import type { SMTPServerOptions, SMTPServerSession } from 'smtp-server'

import { maintenanceState } from '~/models/operations/maintenance-mode.server'
import { env } from '~/utils/env.server'

import { consumeInboundSenderLimit, fileInboundMail, INBOUND_MAX_BYTES, inboundOrganizationOf } from './mail-inbound.server'
import { MalformedMailError, readInboundMail } from './mail-inbound-read.server'

const MAX_RECIPIENTS = 50
/** Connections at once. A message waits on disk, not in memory, so this bounds sockets, not the heap. */
const MAX_CLIENTS = 100
/** Connections at once from one address: a client cannot take every slot with idle sockets. */
const PER_ADDRESS = 10
/** A connection silent this long is closed (smtp-server's socketTimeout): idle clients free their slot. */
const IDLE_MS = 30_000
/** Messages read and filed at once: each holds up to a few MB of its text and HTML on the (small) V8 heap. */
const FILING_AT_ONCE = 2

/** An SMTP answer: smtp-server sends `responseCode` and the message as the reply line. */
function reply(code: number, text: string) {
  return Object.assign(new Error(text), { responseCode: code })
}

const unavailable = () => reply(451, '4.3.0 Temporary failure; please try again later')
const maintenance = () => reply(451, '4.3.2 Down for maintenance; please try again later')

function logFailure(stage: string, error: unknown) {
  console.error(`[freightdesk] inbound mail: ${stage} failed`, error)
}

/** Whether maintenance mode is on; a database that cannot be read is not maintenance (the step after fails on its own). */
const underMaintenance = () => maintenanceState().then(Boolean, () => false)

/**
 * Writes a message's DATA to `file` as it arrives. Past `maxBytes` the rest is read and dropped
 * (the stream must be drained for smtp-server to answer), and `exceeded` says so.
 */
async function spool(stream: Readable, file: string, maxBytes: number) {
  const out = fs.createWriteStream(file, { flags: 'wx' })
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size <= maxBytes && !out.write(chunk)) await once(out, 'drain')
    }
  } finally {
    out.end()
    await once(out, 'close')
  }
  return { exceeded: size > maxBytes || Boolean((stream as Readable & { sizeExceeded?: boolean }).sizeExceeded) }
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

  /** The open connections of each client address (session ids). */
  const connections = new Map<string, Set<string>>()
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
    socketTimeout: IDLE_MS,
    closeTimeout: 5_000,
    // The client's host name is never used; a slow resolver would hold a slot for seconds.
    disableReverseLookup: true,

    onConnect(session, callback) {
      const open = connections.get(session.remoteAddress) ?? new Set<string>()
      if (open.size >= PER_ADDRESS) return callback(reply(421, '4.7.0 Too many connections from your address; try again later'))
      open.add(session.id)
      connections.set(session.remoteAddress, open)
      callback()
    },

    onClose(session) {
      const open = connections.get(session.remoteAddress)
      if (!open?.delete(session.id)) return
      if (!open.size) connections.delete(session.remoteAddress)
    },

    onMailFrom(address, _session, callback) {
      underMaintenance()
        .then(async (paused) => {
          if (paused) return callback(maintenance())
          const limit = await consumeInboundSenderLimit(address.address)
          callback(limit.ok ? null : reply(450, `4.7.1 Too many messages from this sender; try again in ${limit.retryAfterSeconds} seconds`))
        })
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

    onData(stream, session, callback) {
      receive(stream, session)
        .then((answer) => callback(null, answer))
        .catch((error: unknown) => {
          if ((error as { responseCode?: number }).responseCode) return callback(error as Error)
          if (error instanceof MalformedMailError) return callback(reply(554, '5.6.0 The message cannot be read; it was not filed'))
          logFailure(error instanceof FilingError ? 'filing the message' : 'reading the message', error instanceof FilingError ? error.cause : error)
          callback(unavailable())
        })
    },
  }

  /** One message: spooled, checked, read and filed in turn; its files removed whatever happens. */
  async function receive(stream: Readable, session: SMTPServerSession) {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'freightdesk-inbound-'))
    try {
      const spooled = path.join(dir, 'message.eml')
      const { exceeded } = await spool(stream, spooled, maxBytes)
      if (exceeded) throw reply(552, `5.3.4 Message too big: the limit is ${Math.floor(maxBytes / 1024 / 1024)} MB`)
      // Switched on while the message arrived: deferred, so a restore under maintenance loses nothing.
      if (await underMaintenance()) throw maintenance()
      return await inTurn(async () => {
        const mail = await readInboundMail(spooled, dir)
        const organizations = await Promise.all(session.envelope.rcptTo.map((recipient) => inboundOrganizationOf(recipient.address)))
        const ids = [...new Set(organizations.filter((id): id is string => Boolean(id)))]
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : ''
        const { filed, duplicates } = await fileInboundMail(mail, ids, { from: envelopeFrom }).catch((error: unknown) => {
          throw new FilingError(error)
        })
        return filed.length || !duplicates ? `2.0.0 Filed for ${filed.length} organization(s)` : '2.0.0 Already filed'
      })
    } finally {
      await fsp.rm(dir, { recursive: true, force: true }).catch((error: unknown) => logFailure('removing a spooled message', error))
    }
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

/** A failure of the filing itself (database, storage), logged as such; the sender gets 451. */
class FilingError extends Error {
  constructor(cause: unknown) {
    super('filing failed', { cause })
  }
}
