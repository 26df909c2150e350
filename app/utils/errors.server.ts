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
  | 'unauthorized'
  | 'rate_limited'
  | 'method_not_allowed'
  | 'internal_error'

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  method_not_allowed: 405,
  internal_error: 500,
}

export class DomainError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    readonly options: { fields?: Record<string, string[]>; params?: Record<string, unknown> } = {},
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

/** For page loaders: a record the model cannot find becomes the 404 page. */
export async function orNotFound<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') throw data(null, { status: 404 })
    throw error
  }
}
