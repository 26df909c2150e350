/** The scopes an API key can have. No zod here: the account page renders them without the validation library. */
export const API_KEY_SCOPES = ['read_only', 'read_write'] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]
