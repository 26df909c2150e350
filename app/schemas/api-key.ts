import { z } from 'zod'

import { API_KEY_SCOPES } from './api-key-options'
import { requiredText } from './fields'

/** The form on the account page that creates a key for a program. */
export const ApiKeyCreateSchema = z.object({
  name: requiredText(80),
  scope: z.enum(API_KEY_SCOPES, { error: 'validation.required' }),
})

/** The revoke button: which key. */
export const ApiKeyRevokeSchema = z.object({ id: z.string().min(1).max(64) })
