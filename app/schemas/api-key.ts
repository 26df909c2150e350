import { z } from 'zod'
import { requiredText } from './fields'

export const API_KEY_SCOPES = ['read_only', 'read_write'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** The form on the account page that creates a key for a program. */
export const ApiKeyCreateSchema = z.object({
  name: requiredText(80),
  scope: z.enum(API_KEY_SCOPES, { error: 'validation.required' }),
})

/** The revoke button: which key. */
export const ApiKeyRevokeSchema = z.object({ id: z.string().min(1).max(64) })
