/**
 * EDI over SFTP: the partner's pickup folder is read, and its drop folder written, by
 * the job queue. Nothing here knows X12; it moves files, bounded and once.
 *
 * - **Each file is taken once**, even when several app servers run the pickup at the same time:
 *   a file is claimed by renaming it into the inbound folder's `.freightdesk/` subfolder. SFTP v3
 *   renames never replace a target and fail when the source is gone, so of two workers renaming
 *   the same file exactly one succeeds; the other skips it. The claimed file is read, handed to
 *   `receive`, and removed once `receive` has kept it. If `receive` fails the file goes back for
 *   the next run; if the worker dies in between, a claim older than `staleClaimMs` is taken again
 *   by a later run (the receiver keeps interchanges by their control numbers, so a second look
 *   at one never makes a second tender).
 * - **Bounded**: at most `maxFiles` files per run, each at most `maxBytes` (read with a counter,
 *   not trusted from the listing); a larger file is moved to `.freightdesk/refused/` and reported.
 * - **Drops are whole**: a file is written as `name.part` and renamed to `name`, so the partner's
 *   pickup never reads half of it.
 * - **Hostile servers**: a connection and every operation time out; errors come back as
 *   `SftpError` with a stable code (`sftp_unreachable`, `sftp_auth_failed`, `sftp_failed`).
 */
import path from 'node:path'

import SftpClient from 'ssh2-sftp-client'

export type SftpSettings = {
  host: string
  port: number
  username: string
  /** One of password and privateKey (OpenSSH or PEM text). */
  password: string | null
  privateKey: string | null
  /** The partner's folder we pick interchanges up from. */
  inboundDir: string
  /** The partner's folder we drop our interchanges into. */
  outboundDir: string
}

export type SftpErrorCode = 'sftp_unreachable' | 'sftp_auth_failed' | 'sftp_failed'

export class SftpError extends Error {
  constructor(
    readonly code: SftpErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'SftpError'
  }
}

export type PickupOptions = {
  /** Files taken per run; the rest wait for the next run. */
  maxFiles?: number
  /** The largest file taken, in bytes; larger ones are set aside and reported. */
  maxBytes?: number
  /** A claim older than this (a worker that died holding it) is taken again. */
  staleClaimMs?: number
  /** Connection and operation timeout. */
  timeoutMs?: number
  now?: () => number
}

export type PickedFile = { name: string; content: Buffer }

export type PickupResult = {
  /** The files handed to `receive` and removed from the server, in order. */
  taken: string[]
  /** Files set aside (too large) or given back (receive failed), with why. */
  skipped: { name: string; reason: 'too_large' | 'receive_failed' }[]
}

export const SFTP_PICKUP_DEFAULTS = { maxFiles: 100, maxBytes: 5 * 1024 * 1024, staleClaimMs: 10 * 60_000, timeoutMs: 20_000 } as const

const CLAIM_DIR = '.freightdesk'
const REFUSED_DIR = 'refused'
/** Names a partner may give a file: no folders, no control characters, not hidden, bounded. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/

function sftpError(error: unknown): SftpError {
  if (error instanceof SftpError) return error
  const message = error instanceof Error ? error.message : String(error)
  const code = (error as { code?: string } | null)?.code
  if (/authentication|auth methods|All configured authentication/i.test(message)) return new SftpError('sftp_auth_failed', message)
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT' || /timed out|connect/i.test(message))
    return new SftpError('sftp_unreachable', message)
  return new SftpError('sftp_failed', message)
}

async function connected<T>(settings: SftpSettings, timeoutMs: number, work: (client: SftpClient) => Promise<T>): Promise<T> {
  const client = new SftpClient('freightdesk-edi')
  try {
    await client.connect({
      host: settings.host,
      port: settings.port,
      username: settings.username,
      ...(settings.privateKey ? { privateKey: settings.privateKey } : { password: settings.password ?? '' }),
      readyTimeout: timeoutMs,
      timeout: timeoutMs,
      retries: 0,
    })
  } catch (error) {
    await client.end().catch(() => {})
    throw sftpError(error)
  }
  try {
    return await work(client)
  } catch (error) {
    throw sftpError(error)
  } finally {
    await client.end().catch(() => {})
  }
}

/** Reads a remote file, refusing (null) once more than `maxBytes` have come. */
async function readBounded(client: SftpClient, remote: string, maxBytes: number): Promise<Buffer | null> {
  const stream = client.createReadStream(remote)
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > maxBytes) return null
      chunks.push(chunk)
    }
  } finally {
    stream.destroy()
  }
  return Buffer.concat(chunks)
}

async function ensureDir(client: SftpClient, dir: string) {
  if ((await client.exists(dir)) !== 'd')
    await client.mkdir(dir, true).catch(async (error) => {
      // Another worker made it between our look and our mkdir.
      if ((await client.exists(dir)) !== 'd') throw error
    })
}

/** Claims a file by renaming it; false when another worker claimed it first. */
async function claim(client: SftpClient, from: string, to: string) {
  try {
    await client.rename(from, to)
    return true
  } catch {
    return false
  }
}

/**
 * Takes the interchanges waiting in the partner's inbound folder, each once (see the module's
 * comment), and hands each to `receive` in name order. `receive` must keep the file (or refuse it
 * for good) before it resolves: once it resolves the file is removed from the server.
 */
export async function pickUpInbound(settings: SftpSettings, receive: (file: PickedFile) => Promise<void>, options: PickupOptions = {}): Promise<PickupResult> {
  const { maxFiles, maxBytes, staleClaimMs, timeoutMs } = { ...SFTP_PICKUP_DEFAULTS, ...options }
  const now = options.now ?? Date.now
  return connected(settings, timeoutMs, async (client) => {
    const inbound = settings.inboundDir
    const claimDir = path.posix.join(inbound, CLAIM_DIR)
    await ensureDir(client, claimDir)
    const waiting = (await client.list(inbound)).filter((entry) => entry.type === '-' && SAFE_NAME.test(entry.name))
    const stale = (await client.list(claimDir)).filter((entry) => entry.type === '-' && SAFE_NAME.test(entry.name) && now() - entry.modifyTime > staleClaimMs)
    const candidates = [
      ...stale.map((entry) => ({ name: entry.name, from: path.posix.join(claimDir, entry.name), stale: true })),
      ...waiting.map((entry) => ({ name: entry.name, from: path.posix.join(inbound, entry.name), stale: false })),
    ]
      .sort((a, b) => a.name.localeCompare(b.name))
      .slice(0, maxFiles)

    const result: PickupResult = { taken: [], skipped: [] }
    for (const candidate of candidates) {
      // A stale claim is re-claimed under a new name, so two workers cannot both take it again.
      const claimed = path.posix.join(claimDir, candidate.stale ? `${candidate.name}.${now()}.retake` : candidate.name)
      if (!(await claim(client, candidate.from, claimed))) continue
      const content = await readBounded(client, claimed, maxBytes)
      if (content === null) {
        const refusedDir = path.posix.join(claimDir, REFUSED_DIR)
        await ensureDir(client, refusedDir)
        await claim(client, claimed, path.posix.join(refusedDir, `${now()}-${candidate.name}`))
        result.skipped.push({ name: candidate.name, reason: 'too_large' })
        continue
      }
      try {
        await receive({ name: candidate.name, content })
      } catch {
        // Back where it came from, for the next run (the claim folder if a partner re-sent it meanwhile).
        if (!(await claim(client, claimed, path.posix.join(inbound, candidate.name)))) await claim(client, claimed, path.posix.join(claimDir, candidate.name))
        result.skipped.push({ name: candidate.name, reason: 'receive_failed' })
        continue
      }
      await client.delete(claimed, true)
      result.taken.push(candidate.name)
    }
    return result
  })
}

/**
 * Writes one interchange into the partner's outbound folder, whole (written aside, then renamed);
 * the same bytes already under its name (a retry) count as written.
 */
export async function dropOutbound(settings: SftpSettings, name: string, content: string | Buffer, options: Pick<PickupOptions, 'timeoutMs'> = {}) {
  if (!SAFE_NAME.test(name)) throw new SftpError('sftp_failed', `unsafe file name: ${JSON.stringify(name)}`)
  const timeoutMs = options.timeoutMs ?? SFTP_PICKUP_DEFAULTS.timeoutMs
  await connected(settings, timeoutMs, async (client) => {
    const target = path.posix.join(settings.outboundDir, name)
    const part = `${target}.part`
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8')
    await client.put(bytes, part)
    try {
      await client.rename(part, target)
    } catch (error) {
      // A retry after a crash between the drop and its record: the same interchange is there
      // already, so it is delivered. Another file under its name is a failure.
      const there = (await client.exists(target)) === '-' ? await client.get(target) : null
      if (!Buffer.isBuffer(there) || !there.equals(bytes)) throw error
      await client.delete(part, true)
    }
  })
}
