/**
 * Sealing third-party secrets the app must use again (an EDI partner's SFTP password or private
 * key, ADR 147): AES-256-GCM under a key derived (HKDF-SHA256) from SECRETS_KEY, or SESSION_SECRET
 * when that is unset. What is stored is `v1.<iv>.<tag>.<ciphertext>` (base64url); it is opened only
 * where the secret is used (the transport), never to show it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

import { env } from './env.server'

const VERSION = 'v1'

function key() {
  const { SECRETS_KEY, SESSION_SECRET } = env()
  return Buffer.from(hkdfSync('sha256', SECRETS_KEY ?? SESSION_SECRET, 'freightdesk', 'stored-secrets-v1', 32))
}

export function sealSecret(plain: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key(), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

/** The secret again; throws when it was sealed under another key or altered. */
export function openSecret(sealed: string) {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
