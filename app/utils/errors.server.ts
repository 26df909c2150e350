import { data } from 'react-router'

/**
 * A rule was broken. Model functions throw it; HTML routes turn it into a translated form error
 * or toast, API routes into `{ error: { code, message, fields } }` with the matching status.
 * `messageKey` and `fields` values are i18n keys.
 */
export type ErrorCode =
  | 'validation_failed'
  | 'not_found'
  | 'forbidden'
  | 'conflict'
  | 'invalid_transition'
  | 'in_use'
  | 'insufficient_stock'
  | 'store_limit_exceeded'
  | 'period_closed'
  | 'out_of_service'
  | 'unauthorized'
  | 'rate_limited'
  | 'idempotency_mismatch'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'internal_error'
  | 'unavailable'
  | 'not_x12'
  | 'unknown_partner'

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // The status machine refused the move; nothing changed.
  invalid_transition: 409,
  // Another record refers to this one (or holds it busy): refused instead of cascading.
  in_use: 409,
  // A store order wants more of a product than is in stock: nothing was ordered.
  insufficient_stock: 409,
  // A driver's store order would take their unsettled store orders past the limit an admin set (ADR 101).
  store_limit_exceeded: 409,
  // The record is dated in a period that was filed and closed (an IFTA quarter): reopen it first.
  period_closed: 409,
  // A truck or trailer out of service (past its annual inspection, an open out-of-service defect) is not put on a load.
  out_of_service: 409,
  rate_limited: 429,
  // An Idempotency-Key sent again with a different request: the first one's answer does not apply.
  idempotency_mismatch: 422,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
  unavailable: 503,
  // EDI (ADR 147): the body is no X12 interchange (no readable ISA); its ISA names no trading partner of the organization.
  not_x12: 400,
  unknown_partner: 422,
}

/** Every code a client can meet, for the OpenAPI document. */
export const ERROR_CODES = Object.keys(STATUS) as ErrorCode[]

export function errorStatus(code: ErrorCode) {
  return STATUS[code]
}

/** Seconds a client should wait before retrying after `unavailable`. */
export const RETRY_AFTER_SECONDS = 30

// Prisma's codes for "cannot reach / lost / out of connections", and the driver adapter's kinds.
const UNAVAILABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024'])
const UNAVAILABLE_DRIVER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections'])
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/**
 * SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P (shutdown), and
 * 57014 (a statement cancelled by statement_timeout: the database is too busy to answer in time).
 */
function unavailableSqlState(code: unknown) {
  return typeof code === 'string' && code.length === 5 && /^(08|53|57P|57014)/.test(code)
}

/**
 * The database is down, restarting or out of connections: a temporary condition (503), not a
 * bug (500) and never a reason to tell a client its credentials are bad (401).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, meta, message } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: string; code?: string } } }; message?: unknown }
  if (typeof code === 'string' && UNAVAILABLE_PRISMA_CODES.has(code)) return true
  // Every transaction API error is P2028; two are the database being too busy, not a bug: no
  // connection within the wait (the pool is exhausted), or a transaction that ran past its time
  // on a slow database (rolled back: nothing of it was written).
  if (
    code === 'P2028' &&
    typeof message === 'string' &&
    /Unable to start a transaction in the given time|cannot be executed on an expired transaction/.test(message)
  )
    return true
  const cause = meta?.driverAdapterError?.cause
  if (cause?.kind && UNAVAILABLE_DRIVER_KINDS.has(cause.kind)) return true
  if (unavailableSqlState(cause?.code)) return true
  // A read through pg itself (readRows, ADR 081): the SQLSTATE or the socket's error is its code.
  if (unavailableSqlState(code) || (typeof code === 'string' && UNREACHABLE_SOCKET_CODES.has(code))) return true
  // pg's own words for a connection that did not come in time (the pool's wait, DB_POOL_WAIT_MS) or was lost.
  return typeof message === 'string' && /Connection terminated|Can't reach database server|timeout exceeded when trying to connect/.test(message)
}

export class DomainError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly options: { fields?: Record<string, string[]>; params?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(messageKey)
    this.status = STATUS[code]
  }
  get fields() {
    return this.options.fields
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError
}

/** The same for a check that answers at once (a quarter in the URL): "not found" becomes the 404 page. */
export function notFoundUnless<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}

/** For page loaders: a record the model cannot find becomes the 404 page. */
export async function orNotFound<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}
