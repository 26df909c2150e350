/**
 * What every request goes through before a route module sees it: the client address, security
 * headers with a per-request CSP nonce, and the checks that answer at once (bad path, unknown
 * method, cross-site post, wrong form encoding, oversized body). server.ts mounts these; an answer
 * from here is the JSON error envelope under /api and a small HTML page elsewhere.
 * Loaded by server.ts next to Express, so it imports no app code beyond i18n and error codes.
 */
import { randomBytes } from 'node:crypto'
import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { NextFunction, Request, Response } from 'express'
import { languageInfo } from '../i18n'
import { detectLanguage, getFixedT } from '../i18n.server'
import { CLIENT_IP_HEADER } from './client-ip'
import { CSP_NONCE_HEADER } from './csp-nonce'
import { errorStatus, type ErrorCode } from './errors.server'

/** JSON and form bodies; file uploads will get their own streamed limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * Paths that take a file upload, with their own limit (the route checks the file's size and type
 * itself). The avatar form allows a 2 MB picture plus the multipart envelope; `.data` is the same
 * action posted by React Router with JavaScript.
 */
const UPLOAD_LIMITS: Array<[RegExp, number]> = [
  [/^\/dashboard\/user\/account(\.data)?\/?$/, 2 * 1024 * 1024 + 64 * 1024],
  // A CSV of loads: 10 MB (app/schemas/load-import-options.ts) plus the multipart envelope.
  [/^\/api\/loads\/import\/?$/, 10 * 1024 * 1024 + 64 * 1024],
]

/**
 * Streamed uploads: multipart bodies on these paths are passed on as they arrive, never collected
 * here; the route parses them as a stream and stops past its own limit (load documents: 15 MB,
 * app/models/load-document.server.ts). The limit here (15 MB plus the multipart envelope) turns a
 * declared larger body away at once. Other bodies on these paths keep the 1 MB collected limit.
 */
const STREAMED_UPLOAD_LIMITS: Array<[RegExp, number]> = [
  [/^\/api\/loads\/[^/]+\/documents\/?$/, 15 * 1024 * 1024 + 64 * 1024],
  [/^\/dashboard\/loads\/[^/]+(\.data)?\/?$/, 15 * 1024 * 1024 + 64 * 1024],
]

export function bodyLimitFor(path: string) {
  return UPLOAD_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? BODY_LIMIT_BYTES
}

/** The limit of a streamed multipart upload on this path, or null when the body is collected first. */
export function streamedUploadLimitFor(path: string, contentType: string | undefined) {
  if (!(contentType ?? '').toLowerCase().startsWith('multipart/form-data')) return null
  return STREAMED_UPLOAD_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? null
}

/** What React Router's request handler accepts; anything else (TRACE, PROPFIND …) is a 405 here. */
const ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

/**
 * `TRUST_PROXY` as Express's `trust proxy` setting: a hop count or a list of addresses, subnets
 * and Express's keywords (`loopback`, `uniquelocal` …). Never "trust every X-Forwarded-For":
 * the leftmost address is whatever the client wrote.
 */
export function trustProxySetting(value: string | undefined, warn: (message: string) => void = console.warn): false | number | string[] {
  const text = (value ?? '').trim()
  if (text === '' || text === 'false' || text === '0') return false
  if (text === 'true') {
    warn('[freightdesk] TRUST_PROXY=true is read as 1 (one proxy in front). Set the number of proxies or their addresses instead.')
    return 1
  }
  if (/^\d+$/.test(text)) return Number(text)
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

export function isApiPath(path: string) {
  return /^\/+api(\/|$)/i.test(path)
}

type Refusal = { code: ErrorCode; messageKey: string; headers?: Record<string, string> }

/** The one place the edge answers: JSON envelope under /api, a small translated page elsewhere. */
function refuse(req: Request, res: Response, { code, messageKey, headers }: Refusal) {
  if (res.headersSent || res.destroyed) return
  const status = errorStatus(code)
  const language = detectLanguage(
    new globalThis.Request('http://localhost/', { headers: { cookie: req.get('cookie') ?? '', 'accept-language': req.get('accept-language') ?? '' } }),
  )
  const t = getFixedT(language)
  const message = t(messageKey)
  res.status(status)
  res.setHeader('Cache-Control', 'private, no-store')
  for (const [name, value] of Object.entries(headers ?? {})) res.setHeader(name, value)
  if (isApiPath(req.path)) {
    res.json({ error: { code, message } })
    return
  }
  const info = languageInfo(language)
  res
    .type('html')
    .send(
      `<!doctype html><html lang="${info.intl}" dir="${info.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${status} · ${escapeHtml(message)}</title></head><body><main><p>${status}</p><h1>${escapeHtml(message)}</h1>` +
        `<p><a href="/dashboard/app">${escapeHtml(t('errors.goHome'))}</a></p></main></body></html>`,
    )
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function securityHeaders(req: Request, res: Response, dev: boolean) {
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  delete req.headers[CSP_NONCE_HEADER]
  // Vite's dev server injects inline scripts of its own: no policy in development.
  if (!dev) {
    const nonce = randomBytes(16).toString('base64')
    req.headers[CSP_NONCE_HEADER] = nonce
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`,
    )
  }
  if (process.env.HTTPS === 'true') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
}

/**
 * Origins whose pages may call the JSON API from a browser (CORS_ORIGINS, comma-separated; none by
 * default). The API authenticates with bearer tokens, never cookies, so an allowed origin gains no
 * one's session: it only gets to read the answers its own token earns.
 */
export function corsOrigins(value = process.env.CORS_ORIGINS): Set<string> {
  const origins = new Set<string>()
  for (const entry of (value ?? '').split(',')) {
    const text = entry.trim()
    if (!text) continue
    try {
      const url = new URL(text)
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin)
    } catch {
      // an entry that is not an http(s) URL allows nothing
    }
  }
  return origins
}

const CORS_METHODS = 'GET, HEAD, POST, PUT, DELETE'
const CORS_HEADERS = 'Authorization, Content-Type, Accept-Language, Idempotency-Key'
const CORS_EXPOSED = 'Allow, Retry-After, Content-Disposition, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset'

/** An API request from an allowed origin: its CORS headers; a preflight is answered here. */
function cors(req: Request, res: Response): 'answered' | 'allowed' | null {
  const origin = req.get('origin')
  if (!origin || !isApiPath(req.path) || !corsOrigins().has(origin)) return null
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.append('Vary', 'Origin')
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED)
  if (req.method !== 'OPTIONS' || !req.get('access-control-request-method')) return 'allowed'
  res.setHeader('Access-Control-Allow-Methods', CORS_METHODS)
  res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS)
  res.setHeader('Access-Control-Max-Age', '600')
  res.setHeader('Cache-Control', 'private, no-store')
  res.status(204).end()
  return 'answered'
}

/** The origins a browser on this site sends: the one the request came to, and APP_URL's. */
function ownOrigins(req: Request) {
  const origins = new Set([`${req.protocol}://${req.host}`])
  if (process.env.HTTPS === 'true') origins.add(`https://${req.host}`)
  if (process.env.APP_URL) {
    try {
      origins.add(new URL(process.env.APP_URL).origin)
    } catch {
      // env.server.ts reports a malformed APP_URL
    }
  }
  return origins
}

function check(req: Request, corsAllowed: boolean): Refusal | null {
  try {
    decodeURIComponent(req.path)
  } catch {
    return { code: 'validation_failed', messageKey: 'edge.badPath' }
  }
  // `//api/…` would reach React Router as a different URL; `.data` is React Router's own format.
  if (isApiPath(req.path) && (req.path.startsWith('//') || req.path.endsWith('.data'))) {
    return { code: 'not_found', messageKey: 'api.notFound' }
  }
  if (!ALLOWED_METHODS.includes(req.method)) {
    return { code: 'method_not_allowed', messageKey: 'api.methodNotAllowed', headers: { Allow: ALLOWED_METHODS.join(', ') } }
  }
  if (SAFE_METHODS.has(req.method)) return null

  const origin = req.get('origin')
  if (!corsAllowed && (req.get('sec-fetch-site') === 'cross-site' || (origin !== undefined && !ownOrigins(req).has(origin)))) {
    return { code: 'forbidden', messageKey: 'edge.crossSite' }
  }
  // Page and resource actions read `request.formData()`: anything else would throw inside them.
  const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (!isApiPath(req.path) && !FORM_TYPES.has(type)) {
    return { code: 'unsupported_media_type', messageKey: 'edge.unsupportedMediaType' }
  }
  return null
}

/**
 * Collects the body before the route runs, so a route never sees a cut-off body and memory stays
 * at most `limit` per request. Chunks are caught as Node's parser pushes them into the request
 * stream and pushed on when the body is complete; past the limit they are dropped as they arrive.
 */
function receiveBody(req: IncomingMessage, limit: number): Promise<'complete' | 'too-large' | 'aborted'> {
  if (req.complete) return Promise.resolve(req.readableLength > limit ? 'too-large' : 'complete')
  return new Promise((resolve) => {
    const push = req.push
    const chunks: Buffer[] = []
    let size = req.readableLength
    req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk === null) {
        req.push = push
        if (size <= limit) for (const held of chunks) push.call(req, held)
        const result = push.call(req, null, encoding)
        resolve(size <= limit ? 'complete' : 'too-large')
        return result
      }
      size += chunk.length
      if (size > limit) {
        chunks.length = 0
        resolve('too-large')
        return true
      }
      chunks.push(chunk)
      return true
    }
    req.once('aborted', () => resolve('aborted'))
  })
}

/** Past this, a client that will not keep the connection is answered without waiting for its body. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024

/**
 * Answers 413 while the rest of the body is dropped as it arrives. On a kept-alive connection
 * Node drains it after the answer; a connection that closes after the answer would reset a client
 * still sending, so there the body is drained first (up to DRAIN_LIMIT_BYTES).
 */
function tooLarge(req: Request, res: Response, declaredLength: number) {
  const refusal: Refusal = { code: 'payload_too_large', messageKey: 'edge.payloadTooLarge' }
  const closes = req.get('connection')?.toLowerCase() === 'close' || req.httpVersion === '1.0'
  if (!closes || req.complete || declaredLength > DRAIN_LIMIT_BYTES) return refuse(req, res, refusal)
  let drained = 0
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length
    if (drained > DRAIN_LIMIT_BYTES) refuse(req, res, refusal)
  })
  req.once('end', () => refuse(req, res, refusal))
  req.resume()
}

/** Mount first: everything before the static files and React Router. */
export function edge({ dev }: { dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    // The app reads the client address from this header; never trust a copy sent by the client.
    delete req.headers[CLIENT_IP_HEADER]
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
    securityHeaders(req, res, dev)
    const allowed = cors(req, res)
    if (allowed === 'answered') return

    const refusal = check(req, allowed === 'allowed')
    if (refusal) return refuse(req, res, refusal)
    const length = Number(req.get('content-length') ?? 0)
    const streamed = SAFE_METHODS.has(req.method) ? null : streamedUploadLimitFor(req.path, req.get('content-type'))
    if (streamed !== null) return length > streamed ? tooLarge(req, res, length) : next()
    const limit = bodyLimitFor(req.path)
    if (length > limit) return tooLarge(req, res, length)
    if (length === 0 && req.get('transfer-encoding') === undefined) return next()
    receiveBody(req, limit).then((outcome) => {
      if (outcome === 'complete') next()
      else if (outcome === 'too-large') tooLarge(req, res, length)
    })
  }
}

/**
 * A request Node's HTTP parser refuses before Express sees it (an address or headers over 16 KB,
 * a malformed request line or header): the envelope under /api and the small page elsewhere,
 * instead of Node's bare 431 or 400 without a body. Mount with `server.on('clientError', …)`.
 */
export function answerClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex & { _httpMessage?: { headersSent?: boolean } }) {
  if (error.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) return void socket.destroy()
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  const messageKey = status === 431 ? 'edge.headersTooLarge' : status === 408 ? 'edge.requestTimeout' : 'edge.badRequest'
  // What the parser had read: the request line's start, when it is in this packet, tells /api from pages.
  const head = error.rawPacket?.subarray(0, 16 * 1024).toString('latin1') ?? ''
  const line = /^[A-Z]+ (\/\S*|https?:\/\/\S*)/.exec(head)
  const target = line ? line[1].replace(/^https?:\/\/[^/]*/i, '') : ''
  const acceptLanguage = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head)?.[1] ?? ''
  const language = detectLanguage(new globalThis.Request('http://localhost/', { headers: { 'accept-language': acceptLanguage.replace(/[^\x20-\x7e]/g, '') } }))
  const t = getFixedT(language)
  const message = t(messageKey)
  // A request line that cannot be read could be either: the envelope, which any client can read.
  const api = !line || isApiPath(target)
  const info = languageInfo(language)
  const body = api
    ? JSON.stringify({ error: { code: 'validation_failed' satisfies ErrorCode, message } })
    : `<!doctype html><html lang="${info.intl}" dir="${info.dir}"><head><meta charset="utf-8"><title>${status} · ${escapeHtml(message)}</title></head>` +
      `<body><main><p>${status}</p><h1>${escapeHtml(message)}</h1></main></body></html>`
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${api ? 'application/json' : 'text/html; charset=utf-8'}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: private, no-store\r\nConnection: close\r\n\r\n${body}`,
  )
}

/** After the static files: pages, data requests, resource routes, API answers and redirects. */
export function noStore(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Cache-Control', 'private, no-store')
  next()
}
