/**
 * Helpers for the JSON API (app/routes/api): bearer authentication, the `{ data }` envelope and
 * `{ error: { code, message, fields } }` errors with stable codes.
 */
import { type JWTPayload, jwtVerify, SignJWT } from 'jose'
import type { z } from 'zod'

import { detectLanguage, getFixedT } from '~/i18n.server'
import { type ApiKeyUser, getApiKeyUser, isApiKey } from '~/models/users/api-key.server'
import { getSessionUser, SESSION_TTL_MS, type SessionUser } from '~/models/users/auth.server'
import { consumeApiLimits, rateLimitHeaders, type RateWindow } from '~/utils/api-limits.server'
import { bearerCredential } from '~/utils/bearer'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { sha256 } from '~/utils/crypto.server'
import { env } from '~/utils/env.server'
import { DomainError, type ErrorCode, isDatabaseUnavailable, isDomainError, RETRY_AFTER_SECONDS } from '~/utils/errors.server'
import { idempotent, wantsIdempotency } from '~/utils/idempotency.server'
import { dropNulls, MAX_JSON_DEPTH } from '~/utils/object'
import { type Action, can, type Entity } from '~/utils/permissions'

// Imported once per secret: jose would import raw bytes again for every token it checks.
let hmacKey: { secret: string; key: Promise<CryptoKey> } | undefined
function secretKey() {
  const secret = env().SESSION_SECRET
  if (hmacKey?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    hmacKey = { secret, key }
  }
  return hmacKey.key
}

/** A signed JWT naming a revocable session row (sign-out deletes it). */
export async function createAccessToken(user: { id: string }, sessionId: string) {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(new Date(Date.now() + SESSION_TTL_MS))
    .setAudience('freightdesk-api')
    .sign(await secretKey())
}

/**
 * Login tokens already verified in this process (signature, audience, algorithm), by their hash,
 * until they expire: jose's check was 7% of an API read's time (measured by the bench). The session row is
 * still read on every request, so sign-out and bans count at once; a new SESSION_SECRET
 * invalidates every entry.
 */
const verified = new Map<string, { payload: JWTPayload; secret: string }>()
const VERIFIED_MAX = 2000

async function verifyToken(credential: string, id: string): Promise<JWTPayload> {
  const secret = env().SESSION_SECRET
  const known = verified.get(id)
  if (known && known.secret === secret && typeof known.payload.exp === 'number' && known.payload.exp * 1000 > Date.now()) return known.payload
  const { payload } = await jwtVerify(credential, await secretKey(), { audience: 'freightdesk-api', algorithms: ['HS256'] })
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string)
  verified.set(id, { payload, secret })
  return payload
}

/** Who is calling: a signed-in user (login token) or the user an API key acts as, with the key's scope. */
export type ApiUser = SessionUser | ApiKeyUser

type Caller = { limitKey: string; lookup: () => Promise<ApiUser> }

/**
 * One API request as handleApi runs it, handed to its handler: the credential read from the
 * `Authorization` header once and hashed once (the sha256 is the API key's stored hash, the
 * verified-token cache's key and the idempotency principal), who it is (asked once, while the
 * request is counted), and the rate-limit window it was counted in. Nothing about the request is
 * kept beside it.
 */
export class ApiCall {
  readonly credential: string | null
  window: RateWindow | undefined
  #hash: string | undefined
  #caller: Promise<Caller> | undefined
  #user: Promise<ApiUser> | undefined

  constructor(readonly request: Request) {
    this.credential = bearerCredential(request)
  }

  /** The credential's sha256 (hex), computed on first use; null without a credential. */
  get credentialHash(): string | null {
    if (this.credential === null) return null
    return (this.#hash ??= sha256(this.credential))
  }

  /** The well-formed credential this request names (its rate-limit key, and how to find its user), or a 401. */
  caller(): Promise<Caller> {
    return (this.#caller ??= this.#identify())
  }

  /** The credential's user, looked up once; refused (401) when there is none or it is not valid. */
  user(): Promise<ApiUser> {
    if (!this.#user) {
      this.#user = this.caller().then((caller) => caller.lookup())
      // Asked for or not (a public endpoint ignores the header), its refusal is never unhandled.
      this.#user.catch(() => {})
    }
    return this.#user
  }

  async #identify(): Promise<Caller> {
    const credential = this.credential
    if (!credential) throw new DomainError('unauthorized', 'api.unauthorized')
    const hash = this.credentialHash!
    if (isApiKey(credential)) {
      return {
        limitKey: `key:${hash.slice(0, 32)}`,
        lookup: async () => (await getApiKeyUser(credential, hash)) ?? Promise.reject(new DomainError('unauthorized', 'api.unauthorized')),
      }
    }
    let payload: JWTPayload
    try {
      payload = await verifyToken(credential, hash)
    } catch {
      throw new DomainError('unauthorized', 'api.unauthorized')
    }
    const { sid, sub } = payload
    if (typeof sid !== 'string') throw new DomainError('unauthorized', 'api.unauthorized')
    return {
      limitKey: `session:${sid}`,
      // A database outage is a 503 (handleApi), not a reason to discard the token.
      lookup: async () => {
        const user = await getSessionUser(sid)
        if (!user || user.id !== sub) throw new DomainError('unauthorized', 'api.unauthorized')
        return user
      },
    }
  }
}

/**
 * `Authorization: Bearer <login token or API key>`: the call's user, whose lookup handleApi
 * started while it counted the request. Asked again, the first answer (or refusal) stands.
 */
export function requireApiUser(call: ApiCall): Promise<ApiUser> {
  return call.user()
}

/**
 * Counts the request against its client address and, when it names a well-formed credential,
 * against the credential too (one statement), while the credential's user is looked up: the
 * handler's requireApiUser gets that lookup. A request without one is counted by address alone.
 */
async function countAndIdentify(call: ApiCall) {
  const ip = call.request.headers.get(CLIENT_IP_HEADER) ?? 'unknown'
  const caller = await call.caller().catch(() => undefined)
  if (caller) call.user()
  await consumeApiLimits(call, ip, caller?.limitKey)
}

/** Allowed by the user's role and, for an API key, by its scope (read-only keys only read). */
export async function requireApiPermission(call: ApiCall, action: Action, entity: Entity) {
  const user = await requireApiUser(call)
  if (!can(user.role, action, entity)) throw new DomainError('forbidden', 'api.forbidden')
  if ('apiKey' in user && user.apiKey.scope === 'read_only' && action !== 'read') throw new DomainError('forbidden', 'api.keyReadOnly')
  return user
}

/**
 * A JSON response with its Content-Length, so small answers skip compression (below 1 KB,
 * compressing costs more than it saves: it was 7% of an API item request's CPU).
 */
export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  const text = JSON.stringify(body)
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json')
  headers.set('Content-Length', String(Buffer.byteLength(text)))
  return new Response(text, { ...init, headers })
}

export function apiData<T>(data: T, init?: ResponseInit & { meta?: Record<string, unknown> }) {
  const { meta, ...rest } = init ?? {}
  return jsonResponse(meta ? { data, meta } : { data }, rest)
}

export function apiErrorResponse(
  request: Request,
  code: ErrorCode,
  messageKey: string,
  status: number,
  fields?: Record<string, string[]>,
  params?: Record<string, unknown>,
  headers?: HeadersInit,
) {
  const t = getFixedT(detectLanguage(request))
  // Dotted paths like the schema's (`lines.0.quantity`), also where a model names a form's field (`lines[0].quantity`).
  const translatedFields = fields
    ? Object.fromEntries(
        Object.entries(fields).map(([key, messages]) => [key.replace(/\[(\d+)\]/g, '.$1'), messages.map((message) => t(message, params ?? {}))]),
      )
    : undefined
  return jsonResponse({ error: { code, message: t(messageKey, params ?? {}), ...(translatedFields ? { fields: translatedFields } : {}) } }, { status, headers })
}

/** Zod issues as `{ path: [messageKey] }`; paths are dotted (`address.city`). */
export function zodFields(error: z.ZodError) {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_'
    ;(fields[key] ??= []).push(issue.message)
  }
  return fields
}

/**
 * Parses a JSON object body: no body at all (or only whitespace), whatever its Content-Type, reads
 * as `{}` so the schema names the required fields (400, never 415); a body in another Content-Type
 * is a 415, anything but an object a 400, never a 500. The edge has bounded the body already.
 */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = request.body ? await request.text() : ''
  if (text.trim() === '') return {}
  // application/json or a +json type; anything else is refused before the body is parsed.
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(type)) throw new DomainError('unsupported_media_type', 'api.notJson')
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new DomainError('validation_failed', 'api.invalidJson')
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new DomainError('validation_failed', 'api.invalidJson')
  return body as Record<string, unknown>
}

/**
 * The body of a POST or PUT, validated by the same schema the page's form uses: a JSON object,
 * nulls and "" dropped at every depth (as a form leaves empty fields out), at most MAX_JSON_DEPTH
 * deep. Anything else is a 400 with the fields that failed.
 */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let input: unknown
  try {
    input = dropNulls(await readJson(request))
  } catch (error) {
    if (error instanceof RangeError) throw new DomainError('validation_failed', 'api.tooDeep', { params: { depth: MAX_JSON_DEPTH } })
    throw error
  }
  return parseOrThrow(schema, input)
}

/**
 * An action's body (send, void, a status move …): optional, so no body and no Content-Type reads
 * as `{}` (the schema then says what is missing), as readBody reads every body.
 */
export function readActionBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  return readBody(request, schema)
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) {
    throw new DomainError('validation_failed', 'validation.failed', { fields: zodFields(result.error) })
  }
  return result.data
}

/** A thrown rule violation as its JSON error; an outage as 503; anything else a logged 500. */
function errorResponse(request: Request, error: unknown): Response {
  if (error instanceof Response) return error
  if (isDomainError(error)) {
    return apiErrorResponse(request, error.code, error.messageKey, error.status, error.fields, error.options.params, error.options.headers)
  }
  if (isDatabaseUnavailable(error)) {
    console.warn(`[freightdesk] database unavailable: ${error instanceof Error ? error.message.split('\n').at(-1) : String(error)}`)
    return apiErrorResponse(request, 'unavailable', 'edge.unavailable', 503, undefined, undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) })
  }
  console.error(error)
  return apiErrorResponse(request, 'internal_error', 'errors.500.title', 500)
}

async function answer(request: Request, handler: () => Promise<Response>) {
  try {
    return await handler()
  } catch (error) {
    return errorResponse(request, error)
  }
}

/**
 * Runs an API handler: counts the request against its client IP's (and credential's) rate limit first, replays or
 * records it when it is a POST with an Idempotency-Key, turns thrown errors into JSON errors and
 * adds the RateLimit-* headers to whatever it answers. The handler gets the request's ApiCall,
 * for requireApiUser / requireApiPermission. `idempotency: false` for streamed uploads,
 * whose body is never held whole (so it cannot be hashed for a replay check).
 */
export async function handleApi(request: Request, handler: (call: ApiCall) => Promise<Response>, options: { idempotency?: boolean } = {}): Promise<Response> {
  const call = new ApiCall(request)
  let response: Response
  try {
    await countAndIdentify(call)
    response =
      options.idempotency !== false && wantsIdempotency(request)
        ? await idempotent(
            request,
            call.credentialHash,
            () => answer(request, () => handler(call)),
            () => call.user(),
          )
        : await answer(request, () => handler(call))
  } catch (error) {
    response = errorResponse(request, error)
  }
  const headers = rateLimitHeaders(call.window)
  if (Object.keys(headers).length === 0) return response
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
    return response
  } catch {
    // Immutable headers (Response.redirect and friends): copy the answer.
    const copy = new Response(response.body, response)
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value)
    return copy
  }
}

/** 405 with the `Allow` header listing what this endpoint answers. */
export function methodNotAllowed(request: Request, allow: string[]) {
  return apiErrorResponse(request, 'method_not_allowed', 'api.methodNotAllowed', 405, undefined, undefined, { Allow: allow.join(', ') })
}
