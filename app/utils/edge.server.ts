/**
 * What every request goes through before a route module sees it: the client address, security
 * headers with a per-request CSP nonce, and the checks that answer at once (bad path, unknown
 * method, cross-site post, wrong form encoding, oversized body). server.ts mounts these; an answer
 * from here is the JSON error envelope under /api and a small HTML page elsewhere.
 * Loaded by server.ts next to Express, so it imports no app code beyond i18n and error codes.
 */
import { randomBytes } from 'node:crypto'
import { type IncomingMessage, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'

import { parse as conformParse } from '@conform-to/dom'
import type { NextFunction, Request, Response } from 'express'
import { href, matchRoutes, type RouteObject } from 'react-router'

import { languageInfo } from '../i18n'
import { detectLanguage, getFixedT } from '../i18n.server'
import { CLIENT_IP_HEADER } from './client-ip'
import { CSP_NONCE_HEADER } from './csp-nonce'
import { type ErrorCode, errorStatus } from './errors.server'
import type { UploadLimit } from './upload-limit'

/** JSON and form bodies; a route that takes a file declares its own limit (app/utils/upload-limit.ts). */
export const BODY_LIMIT_BYTES = 1024 * 1024

/** The upload a path's route declares, or null: given by server.ts, which has the route modules. */
export type UploadLimitOf = (path: string) => UploadLimit | null | Promise<UploadLimit | null>

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: object }

/**
 * The uploads the route modules declare (their `upload` export), by path: the deepest route matching the
 * path (a React Router data request, `….data`, is the same route) decides.
 */
export function uploadLimitsOf(routes: Record<string, RouteEntry | undefined>): (path: string) => UploadLimit | null {
  type Node = RouteObject & { upload?: UploadLimit }
  const nodes = new Map<string, Node>()
  for (const entry of Object.values(routes)) {
    if (!entry) continue
    const upload = (entry.module as { upload?: UploadLimit }).upload
    const node = { id: entry.id, path: entry.path, caseSensitive: entry.caseSensitive, upload, ...(entry.index ? { index: true } : { children: [] }) } as Node
    nodes.set(entry.id, node)
  }
  const roots: Node[] = []
  for (const entry of Object.values(routes)) {
    if (!entry) continue
    const parent = entry.parentId ? nodes.get(entry.parentId) : undefined
    if (parent) (parent.children ??= []).push(nodes.get(entry.id)!)
    else roots.push(nodes.get(entry.id)!)
  }
  // matchRoutes flattens and ranks every route on each call: a fifth of the server's time under a
  // stream of writes (profiled). Only a path that one of the few upload routes could match needs it.
  const candidates = uploadPatterns(roots)
  return (path) => {
    const page = path.replace(/\/(_root|_)\.data$/, '/').replace(/\.data$/, '')
    const decoded = decodedPath(page)
    if (!candidates.some((pattern) => pattern.test(decoded))) return null
    const matches = matchRoutes(roots, page)
    return (matches?.at(-1)?.route as Node | undefined)?.upload ?? null
  }
}

/**
 * For each route with an upload, a pattern for its full path that matches at least every path
 * React Router would give it (more is harmless: matchRoutes then decides): parameters and optional
 * segments match any one segment or none, a splat anything, letters in any case.
 */
function uploadPatterns(roots: Array<RouteObject & { upload?: unknown }>): RegExp[] {
  const patterns: RegExp[] = []
  const walk = (routes: Array<RouteObject & { upload?: unknown }>, parent: string[]) => {
    for (const route of routes) {
      const segments = [...parent, ...(route.path ?? '').split('/').filter(Boolean)]
      if (route.upload) {
        const source = segments
          .map((segment) =>
            segment === '*'
              ? '(?:/.*)?'
              : segment.startsWith(':') || segment.endsWith('?')
                ? '(?:/[^/]*)?'
                : `/${segment.replace(/[\\.*+^${}|()[\]?]/g, '\\$&')}`,
          )
          .join('')
        patterns.push(new RegExp(`^${source}/*$`, 'i'))
      }
      if (route.children) walk(route.children, segments)
    }
  }
  walk(roots, [])
  return patterns
}

/** The path as React Router matches it: each segment decoded, a slash inside one kept encoded; runs of slashes as one. */
function decodedPath(path: string) {
  const collapsed = path.replace(/\/{2,}/g, '/')
  try {
    return collapsed
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/')
  } catch {
    return collapsed
  }
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

let untrustedProxyWarned = false

/**
 * Said once per process: a request carries X-Forwarded-For or Forwarded but comes from
 * an address TRUST_PROXY does not trust, so every client behind that proxy has the proxy's
 * address, and the per-address limits (sign-in, API, emails) count them all as one.
 */
export function warnUntrustedProxy(req: Request, warn: (message: string) => void = console.warn) {
  if (untrustedProxyWarned || (req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined)) return
  const trusts = req.app?.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined
  const peer = req.socket.remoteAddress ?? ''
  if (trusts?.(peer, 0)) return
  untrustedProxyWarned = true
  warn(
    `[freightdesk] requests come through a proxy that is not trusted; set TRUST_PROXY (the number of proxies, or their addresses) so each client keeps its own address in the sign-in and API limits (X-Forwarded-For from ${peer}).`,
  )
}

/**
 * Route tables by the first two segments of the path (ADR 076: `/api/trucks…`, `/dashboard/mail…`,
 * `/health`), each with the routes that could match such a path (the section's own, the
 * catch-alls, routes with a parameter there) and their parents, for a request handler of its own.
 * React Router tries the app's ~550 ranked routes one by one, twice per request (a sixth of an API
 * read's CPU and a tenth of a page's, profiled); among a section's few it finds one at once. A
 * page renders from its matched routes alone (entry.server.tsx, ADR 077), so a section's build
 * renders it as the whole app does. `sectionOf` names the section of a path, or null for the whole
 * app's table: `/`, a path with an encoded character (React Router decodes before it matches) or
 * an empty segment. A segment no route names is `*` in the name, so the sections are as many as
 * the routes' own prefixes, whatever paths are asked for. The whole table would find the same
 * route, only slower.
 */
export function routeSections<Build extends { routes: Record<string, RouteEntry | undefined> }>(build: Build) {
  const entries = Object.values(build.routes).filter((entry): entry is RouteEntry => Boolean(entry))
  const byId = new Map(entries.map((entry) => [entry.id, entry]))
  const segmentsOf = (entry: RouteEntry): string[] => {
    const parent = entry.parentId ? byId.get(entry.parentId) : undefined
    const own = (entry.path ?? '').split('/').filter(Boolean)
    return [...(parent ? segmentsOf(parent) : []), ...own]
  }
  const ancestorsOf = (entry: RouteEntry): RouteEntry[] => {
    const parent = entry.parentId ? byId.get(entry.parentId) : undefined
    return parent ? [parent, ...ancestorsOf(parent)] : []
  }
  /** Whether the route may match a path that begins with the segments of `key` (one or two). */
  function mayMatch(segments: string[], key: string[]) {
    // An optional segment moves the others: such a route is in every section.
    if (segments.some((segment) => segment.endsWith('?'))) return true
    for (const [n, wanted] of key.entries()) {
      const segment = segments[n]
      if (segment === undefined) return false
      if (segment === '*') return true
      // A segment no route names (`*` in the key) is matched by parameters alone.
      if (!segment.startsWith(':') && (wanted === '*' || segment.toLowerCase() !== wanted)) return false
    }
    return true
  }
  const routed = entries.map((entry) => ({ entry, segments: segmentsOf(entry) }))
  const named = (segment: string | undefined): segment is string => Boolean(segment) && !segment!.startsWith(':') && segment !== '*'
  // The segments routes name: first ones, and second ones after each first (a parameter first names any).
  const firsts = new Set(
    routed
      .map(({ segments }) => segments[0])
      .filter(named)
      .map((segment) => segment.toLowerCase()),
  )
  const seconds = new Map<string, Set<string>>()
  for (const { segments } of routed) {
    if (!named(segments[1])) continue
    const first = named(segments[0]) ? segments[0].toLowerCase() : '*'
    seconds.set(first, (seconds.get(first) ?? new Set()).add(segments[1].toLowerCase()))
  }
  const namesSecond = (first: string, second: string) => Boolean(seconds.get(first)?.has(second) || seconds.get('*')?.has(second))
  const builds = new Map<string, Build>()
  /** The build of a section (its key: the path's first two segments or its only one, lower case, joined by '/'). */
  function buildOf(section: string): Build {
    let made = builds.get(section)
    if (!made) {
      const key = section.split('/')
      const chosen = new Map<string, RouteEntry>()
      for (const { entry, segments } of routed) {
        if (!mayMatch(segments, key)) continue
        for (const route of [entry, ...ancestorsOf(entry)]) chosen.set(route.id, route)
      }
      made = { ...build, routes: Object.fromEntries(chosen) as Build['routes'] }
      builds.set(section, made)
    }
    return made
  }
  return {
    buildOf,
    sectionOf(path: string): string | null {
      if (path.includes('%') || path.includes('//')) return null
      const segments = path
        .replace(/\/(_root|_)\.data$/, '/')
        .replace(/\.data$/, '')
        .split('/')
        .filter(Boolean)
      if (!segments.length) return null
      const first = firsts.has(segments[0].toLowerCase()) ? segments[0].toLowerCase() : '*'
      if (segments.length === 1) return first
      const second = segments[1].toLowerCase()
      return `${first}/${namesSecond(first, second) ? second : '*'}`
    },
  }
}

export function isApiPath(path: string) {
  return /^\/+api(\/|$)/i.test(path)
}

type Refusal = { code: ErrorCode; messageKey: string; headers?: Record<string, string> }

/** The one place the edge answers: JSON envelope under /api, a small translated page elsewhere (memory.server.ts answers with it too). */
export function refuse(req: Request, res: Response, { code, messageKey, headers }: Refusal) {
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
        `<p><a href="${href('/dashboard/app')}">${escapeHtml(t('errors.goHome'))}</a></p></main></body></html>`,
    )
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

/**
 * Headers every answer gets unless its route set its own: given just before the head is written,
 * so a route's value (a document's nosniff, the avatar's day of caching) is the only one, never
 * appended to the edge's (`nosniff, nosniff`; `private, no-store, private, max-age=86400`).
 */
function defaultHeaders(res: Response, headers: Record<string, string>) {
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: unknown[]) {
    for (const [name, value] of Object.entries(headers)) if (!this.hasHeader(name)) this.setHeader(name, value)
    return (writeHead as (...args: unknown[]) => Response).apply(this, args)
  } as Response['writeHead']
}

function securityHeaders(req: Request, res: Response, dev: boolean) {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  }
  delete req.headers[CSP_NONCE_HEADER]
  // Vite's dev server injects inline scripts of its own: no policy in development.
  if (!dev) {
    const nonce = randomBytes(16).toString('base64')
    req.headers[CSP_NONCE_HEADER] = nonce
    headers['Content-Security-Policy'] =
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`
  }
  if (process.env.HTTPS === 'true') headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  defaultHeaders(res, headers)
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

/**
 * The origins a browser on this site sends: APP_URL's when it is set (the Host header is the
 * client's to write, so it proves nothing), else the one the request came to.
 */
function ownOrigins(req: Request) {
  if (process.env.APP_URL) {
    try {
      return new Set([new URL(process.env.APP_URL).origin])
    } catch {
      // env.server.ts reports a malformed APP_URL
    }
  }
  const origins = new Set([`${req.protocol}://${req.host}`])
  if (process.env.HTTPS === 'true') origins.add(`https://${req.host}`)
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
 * Form field names are expanded into objects and lists by Conform (`stops[2].city` is the city of
 * the third stop): one field named `x[10000000]` made a list of ten million entries and ran the
 * server out of memory, `stops[3000].city` kept it busy for 48 s, and 3,000 names such as
 * `a[199][198][197]…` (each within the index and depth limits) made 3,000 × 7 lists of 200 slots
 * that killed it while the refusal echoing them was written. So a form body is read for its names
 * (and Conform's own `__intent__`, whose JSON names a field too) before any route sees it: no index
 * past `listLength - 1`, no name deeper than `depth` segments, no more than `fields` fields, and no
 * more than `cells` slots in the whole expanded value (a list counts its length, an object its
 * keys). Generous for real forms: the longest list a form sends is an invoice's 100 lines
 * (app/schemas/invoice-options.ts; tests/unit/form-limits.test.ts holds these above every list's
 * maximum and every real form's size).
 */
export const FORM_LIMITS = { fields: 5000, listLength: 200, depth: 8, cells: 20_000, reservedBytes: 64 * 1024 }

/** A field name Conform would expand past FORM_LIMITS. */
export function formNameOverLimit(name: string) {
  if (name.split(/[.[]/).length > FORM_LIMITS.depth) return true
  for (const [, digits] of name.matchAll(/\[(\d+)\]/g)) if (Number(digits) >= FORM_LIMITS.listLength) return true
  return false
}

type Segment = string | number
/** Conform's path syntax (its `getPaths`): `a.b[0]`, `todos[]` (a push, last only); null where Conform would refuse the name. */
function pathSegments(name: string): Array<Segment | ''> | null {
  const segments: Array<Segment | ''> = []
  const token = /([^.[\]]+)|\[(\d*)\]/g
  let last = 0
  for (let match = token.exec(name); match; match = token.exec(name)) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === '.')) return null
    const [, key, index] = match
    if (key !== undefined) {
      if (key === '__proto__' || key === 'constructor') return null
      segments.push(key)
    } else segments.push(index === '' ? '' : Number(index))
    last = token.lastIndex
  }
  if (last !== name.length || segments.slice(0, -1).includes('')) return null
  return segments
}

type ShapeNode = { keys: Map<Segment, ShapeNode> | null; length: number }

/**
 * The value Conform would build from a form, counted without building it: every list's length
 * and every object's keys, as slots. `add` answers false once the slots pass FORM_LIMITS.cells.
 */
class FormShape {
  cells = 0
  private readonly root: ShapeNode = { keys: null, length: 0 }

  add(segments: Array<Segment | ''>, value?: unknown): boolean {
    let node = this.root
    for (const segment of segments) {
      node = segment === '' ? this.child(node, node.length) : this.child(node, segment)
      if (this.cells > FORM_LIMITS.cells) return false
    }
    return value === undefined || this.addValue(node, value)
  }

  /** A JSON value placed at a node (an intent's `value` or `defaultValue`): its lists and objects count too. */
  private addValue(node: ShapeNode, value: unknown): boolean {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) if (!this.addValue(this.child(node, index), item)) return false
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) if (!this.addValue(this.child(node, key), item)) return false
    }
    return this.cells <= FORM_LIMITS.cells
  }

  private child(node: ShapeNode, segment: Segment): ShapeNode {
    node.keys ??= new Map()
    let child = node.keys.get(segment)
    if (child) return child
    node.keys.set(segment, (child = { keys: null, length: 0 }))
    if (typeof segment === 'number') {
      if (segment >= node.length) this.cells += segment + 1 - node.length
      node.length = Math.max(node.length, segment + 1)
    } else this.cells++
    return child
  }
}

/** How deep a JSON text nests its lists and objects, read without parsing it (brackets inside strings do not count). */
export function jsonDepth(text: string) {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i)
    if (inString) {
      if (char === 92) i++
      else if (char === 34) inString = false
    } else if (char === 34) inString = true
    else if (char === 91 || char === 123) deepest = Math.max(deepest, ++depth)
    else if (char === 93 || char === 125) depth--
  }
  return deepest
}

/** An intent's list position: absent, or a whole number; one past the list limit is too large. */
const positionRefusal = (value: unknown): FormShapeRefusal | null =>
  value === undefined
    ? null
    : !Number.isSafeInteger(value) || (value as number) < 0
      ? 'unreadable'
      : (value as number) >= FORM_LIMITS.listLength
        ? 'too-large'
        : null

/**
 * Conform's `__intent__` (a button's "add a stop", "remove", "move up"): JSON that names a field
 * and may carry a value. Its segments and value, or why not: past the limits (a name or position
 * Conform would expand too far), or unreadable (not an intent Conform reads without throwing).
 */
function conformIntent(text: string): { segments: Array<Segment | ''>; value?: unknown } | { refused: FormShapeRefusal } {
  const unreadable = { refused: 'unreadable' as const }
  if (text.length > FORM_LIMITS.reservedBytes) return { refused: 'too-large' }
  if (jsonDepth(text) > FORM_LIMITS.depth * 2) return unreadable
  let intent: unknown
  try {
    intent = JSON.parse(text)
  } catch {
    return unreadable
  }
  if (!intent || typeof intent !== 'object') return unreadable
  const { type, payload } = intent as { type?: unknown; payload?: unknown }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return unreadable
  const { name, index, from, to, value, defaultValue } = payload as Record<string, unknown>
  if (name !== undefined && typeof name !== 'string') return unreadable
  if (typeof name === 'string' && formNameOverLimit(name)) return { refused: 'too-large' }
  const segments = typeof name === 'string' ? pathSegments(name) : []
  if (!segments) return unreadable
  const positions = [index, from, to].map(positionRefusal)
  if (positions.includes('unreadable')) return unreadable
  if (positions.includes('too-large')) return { refused: 'too-large' }
  switch (type) {
    case 'validate':
      return { segments }
    case 'update':
    case 'reset':
      // Conform's update without a name replaces the whole value: no form here sends one.
      if (type === 'update' && value !== undefined && !segments.length) return unreadable
      return { segments: index === undefined ? segments : [...segments, index as number], value }
    case 'insert':
    case 'remove':
    case 'reorder':
      if (!segments.length || segments.includes('')) return unreadable
      if (type === 'remove' && index === undefined) return unreadable
      if (type === 'reorder' && (from === undefined || to === undefined)) return unreadable
      return { segments: [...segments, (index as number | undefined) ?? 0], value: defaultValue }
    default:
      return unreadable
  }
}

/** Why a form's names and reserved fields cannot go on to Conform: too large, or not readable (a malformed intent or state). */
export type FormShapeRefusal = 'too-large' | 'unreadable'

/**
 * Checks a form's field names (in order, repeats included) and its `__intent__` and `__state__`
 * values against FORM_LIMITS before Conform builds anything from them. A name Conform would skip
 * (bad syntax, `__proto__`) adds nothing; an intent or state Conform would throw on is unreadable.
 */
export function formShapeRefusal(names: string[], reserved: { intent: string[]; state: string[] }): FormShapeRefusal | null {
  if (names.length > FORM_LIMITS.fields) return 'too-large'
  const shape = new FormShape()
  for (const name of names) {
    if (name === '__intent__' || name === '__state__') continue
    if (formNameOverLimit(name)) return 'too-large'
    const segments = pathSegments(name)
    if (segments && !shape.add(segments)) return 'too-large'
  }
  for (const text of reserved.intent) {
    const intent = conformIntent(text)
    if ('refused' in intent) return intent.refused
    if (!shape.add(intent.segments, intent.value)) return 'too-large'
  }
  for (const text of reserved.state) {
    if (text.length > FORM_LIMITS.reservedBytes) return 'too-large'
    if (jsonDepth(text) > FORM_LIMITS.depth * 2) return 'unreadable'
    try {
      const state: unknown = JSON.parse(text)
      if (!state || typeof state !== 'object' || Array.isArray(state)) return 'unreadable'
    } catch {
      return 'unreadable'
    }
  }
  return null
}

/**
 * The field names of a collected form body: every key of an urlencoded body; in a multipart body
 * the `name` of every part's Content-Disposition, found after each occurrence of the boundary (a
 * superset of the parts the parser finds, so no part escapes the check).
 */
export function formFieldNames(body: Buffer, contentType: string): string[] {
  const type = contentType.split(';')[0].trim().toLowerCase()
  if (type === 'application/x-www-form-urlencoded') return [...new URLSearchParams(body.toString('utf8')).keys()]
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType)
  if (type !== 'multipart/form-data' || !boundary) return []
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`, 'latin1')
  const names: string[] = []
  for (let at = body.indexOf(delimiter); at !== -1; at = body.indexOf(delimiter, at + delimiter.length)) {
    const head = body.subarray(at + delimiter.length, at + delimiter.length + 8 * 1024).toString('latin1')
    const end = head.indexOf('\r\n\r\n')
    const name = /\bname="([^"]*)"/i.exec(end === -1 ? head : head.slice(0, end))?.[1]
    if (name !== undefined) names.push(name)
    if (names.length > FORM_LIMITS.fields) break
  }
  return names
}

/**
 * A collected multipart body as the routes' `request.formData()` will read it, parsed here once
 * with the same parser (a boundary, whole parts, the closing delimiter), so a cut-off or garbled
 * form is the sender's 400, never the route's 500. Null when it cannot be read.
 */
async function readMultipart(body: Buffer, contentType: string): Promise<FormData | null> {
  try {
    return await new Response(new Uint8Array(body), { headers: { 'Content-Type': contentType } }).formData()
  } catch {
    return null
  }
}

/**
 * What the edge refuses in a collected form body before a route sees it: a shape past FORM_LIMITS
 * (the names first, scanned without the parser, then Conform's reserved fields), a body the parser
 * cannot read, a reserved field that is a file or malformed JSON. Null for a body to pass on.
 */
export async function formRefusal(chunks: Buffer[], contentType: string): Promise<FormShapeRefusal | null> {
  const type = contentType.split(';')[0].trim().toLowerCase()
  if (!FORM_TYPES.has(type)) return null
  const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)
  let form: URLSearchParams | FormData | null
  let names: string[]
  if (type === 'multipart/form-data') {
    const scanned = formFieldNames(body, contentType)
    if (scanned.length > FORM_LIMITS.fields || scanned.some(formNameOverLimit)) return 'too-large'
    if (!(form = await readMultipart(body, contentType))) return 'unreadable'
    names = [...form.keys()]
  } else {
    form = new URLSearchParams(body.toString('utf8'))
    names = [...form.keys()]
  }
  return readFormRefusal(form, names)
}

/**
 * The shape checks on a form already read: its names (in order, repeats included) and its
 * `__intent__` and `__state__` values against FORM_LIMITS, then Conform's own parse once. A
 * streamed upload's route reads its body itself (the edge lets it through unread) and asks this
 * before anything is built from the form.
 */
export function readFormRefusal(form: URLSearchParams | FormData, names: string[] = [...form.keys()]): FormShapeRefusal | null {
  const reserved = { intent: form.getAll('__intent__'), state: form.getAll('__state__') }
  if (![...reserved.intent, ...reserved.state].every((value) => typeof value === 'string')) return 'unreadable'
  const refused = formShapeRefusal(names, reserved as { intent: string[]; state: string[] })
  if (refused) return refused
  // Bounded now, the form goes through Conform's own parse once: whatever it would throw in a
  // route (a list intent on a field that is no list, a path it refuses) is the sender's 400 here.
  if (reserved.intent.length || reserved.state.length) {
    try {
      conformParse(form, { resolve: () => ({ value: undefined }) })
    } catch {
      return 'unreadable'
    }
  }
  return null
}

type Received = { outcome: 'complete'; chunks: Buffer[] } | { outcome: 'too-large' | 'aborted' }

/**
 * Collects the body before the route runs, so a route never sees a cut-off body and memory stays
 * at most `limit` per request. Chunks are caught as Node's parser pushes them into the request
 * stream and pushed on when the body is complete; past the limit they are dropped as they arrive.
 */
function receiveBody(req: IncomingMessage, limit: number): Promise<Received> {
  if (req.complete) {
    if (req.readableLength > limit) return Promise.resolve({ outcome: 'too-large' })
    // Already buffered in the stream (a pipelined request): read it and put it back for the route.
    const held = (req.read() as Buffer | null) ?? Buffer.alloc(0)
    if (held.length) req.unshift(held)
    return Promise.resolve({ outcome: 'complete', chunks: [held] })
  }
  return new Promise((resolve) => {
    const push = req.push
    // What the parser pushed before this hook (with the headers' packet) is held with the rest.
    const early = req.readableLength > 0 ? (req.read() as Buffer | null) : null
    const chunks: Buffer[] = early ? [early] : []
    let size = early?.length ?? 0
    req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk === null) {
        req.push = push
        if (size <= limit) for (const held of chunks) push.call(req, held)
        const result = push.call(req, null, encoding)
        resolve(size <= limit ? { outcome: 'complete', chunks } : { outcome: 'too-large' })
        return result
      }
      size += chunk.length
      if (size > limit) {
        chunks.length = 0
        resolve({ outcome: 'too-large' })
        return true
      }
      chunks.push(chunk)
      return true
    }
    req.once('aborted', () => resolve({ outcome: 'aborted' }))
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

/**
 * A streamed upload's route may answer before it reads the body (signed out, a record that is not
 * there): React Router's adapter holds the request paused, so Node does not drain it and the next
 * request on that kept-alive connection would meet the unread bytes and be reset. After the answer
 * the rest is read and dropped, at most the upload's limit; past it the connection is closed.
 */
function dropUnreadBody(req: Request, maxBytes: number) {
  if (req.complete || req.destroyed) return
  let dropped = 0
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > maxBytes) req.socket.destroy()
  })
  req.resume()
}

/** Mount first: everything before the static files and React Router. */
export function edge({ dev, uploadLimit = () => null }: { dev: boolean; uploadLimit?: UploadLimitOf }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // The app reads the client address from this header; never trust a copy sent by the client.
    delete req.headers[CLIENT_IP_HEADER]
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? 'unknown'
    warnUntrustedProxy(req)
    securityHeaders(req, res, dev)
    const allowed = cors(req, res)
    if (allowed === 'answered') return

    const refusal = check(req, allowed === 'allowed')
    if (refusal) return refuse(req, res, refusal)
    const length = Number(req.get('content-length') ?? 0)
    const upload = SAFE_METHODS.has(req.method) ? null : await uploadLimit(req.path)
    const multipart = (req.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')
    // A streamed upload's route parses the body as it arrives; its other bodies keep the 1 MB limit.
    if (upload?.streamed && multipart) {
      if (length > upload.maxBytes) return tooLarge(req, res, length)
      res.once('finish', () => dropUnreadBody(req, upload.maxBytes))
      return next()
    }
    const limit = upload && !upload.streamed ? upload.maxBytes : BODY_LIMIT_BYTES
    if (length > limit) return tooLarge(req, res, length)
    if (length === 0 && req.get('transfer-encoding') === undefined) {
      // An empty body sent as multipart is no form at all.
      return multipart && !SAFE_METHODS.has(req.method) ? refuse(req, res, { code: 'validation_failed', messageKey: 'edge.badForm' }) : next()
    }
    receiveBody(req, limit).then(async (received) => {
      if (received.outcome === 'too-large') return tooLarge(req, res, length)
      if (received.outcome !== 'complete') return
      const refused = await formRefusal(received.chunks, req.get('content-type') ?? '')
      if (refused) return refuse(req, res, { code: 'validation_failed', messageKey: refused === 'too-large' ? 'edge.formTooLarge' : 'edge.badForm' })
      next()
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

/** After the static files: pages, data requests, resource routes, API answers and redirects, unless the route says otherwise. */
export function noStore(_req: Request, res: Response, next: NextFunction) {
  defaultHeaders(res, { 'Cache-Control': 'private, no-store' })
  next()
}
