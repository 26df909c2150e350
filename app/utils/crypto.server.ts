import { createHash, randomBytes } from 'node:crypto'

import { hash, verify } from '@node-rs/argon2'

// argon2id with OWASP's minimum profile (19 MiB, 2 passes): ~30 ms on these machines.
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string) {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A random URL-safe token for email links; only its sha256 is stored. */
export function createToken() {
  const token = randomBytes(32).toString('base64url')
  return { token, tokenHash: sha256(token) }
}

export function sha256(value: string) {
  return createHash('sha256').update(value).digest('hex')
}
