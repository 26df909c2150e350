/**
 * API keys: credentials for programs (a load board, an accounting export, a script). An admin
 * creates one with a name and a scope; the secret is shown once and only its sha256 is kept. A key
 * acts as the admin who created it, narrowed to reading when its scope is read-only, and stops
 * working when it is revoked or its creator is banned (docs/decisions/024-api-keys-limits-retries.md).
 */
import { randomBytes } from 'node:crypto'

import { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay } from '~/models/records/records.server'
import type { ApiKeyScope } from '~/schemas/api-key-options'
import { sha256 } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import type { SessionUser } from './auth.server'

/** Every key starts so; a secret scanner (or a person) can tell it from a login token. */
export const API_KEY_PREFIX = 'fdk_'

export function isApiKey(credential: string) {
  return credential.startsWith(API_KEY_PREFIX)
}

export function hashApiKey(secret: string) {
  return sha256(secret)
}

/** Refresh the "last used" time at most this often, so reads do not write on every request. */
const LAST_USED_PRECISION_MS = 60_000

export async function createApiKey(actor: Actor & { userId: string }, input: { name: string; scope: ApiKeyScope }) {
  assertActorMay(actor, 'create', 'apiKey')
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`
  return prisma.$transaction(async (tx) => {
    const key = await tx.apiKey.create({
      data: {
        organizationId: actor.organizationId,
        createdById: actor.userId,
        name: input.name,
        scope: input.scope,
        prefix: secret.slice(0, API_KEY_PREFIX.length + 6),
        tokenHash: hashApiKey(secret),
      },
      select: { id: true, name: true, scope: true, prefix: true, createdAt: true },
    })
    await recordAudit(tx, actor, { entity: 'apiKey', entityId: key.id, action: 'create', after: { name: key.name, scope: key.scope, prefix: key.prefix } })
    return { ...key, secret }
  })
}

/** The organization's keys, newest first, with who created them; never the secret or its hash. */
export function listApiKeys(organizationId: string) {
  return prisma.apiKey.findMany({
    where: { organizationId },
    orderBy: { createdAt: 'desc' },
    select: {
      id: true,
      name: true,
      scope: true,
      prefix: true,
      lastUsedAt: true,
      revokedAt: true,
      createdAt: true,
      createdBy: { select: { firstName: true, lastName: true } },
    },
  })
}

/** Revoked at once and for good; revoking a revoked key changes nothing. */
export async function revokeApiKey(actor: Actor, id: string) {
  assertActorMay(actor, 'delete', 'apiKey')
  return prisma.$transaction(async (tx) => {
    const key = await tx.apiKey.findFirst({ where: { id, organizationId: actor.organizationId }, select: { id: true, name: true, revokedAt: true } })
    if (!key) throw new DomainError('not_found', 'users.account.apiKeys.notFound')
    if (key.revokedAt) return key
    const revoked = await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() }, select: { id: true, name: true, revokedAt: true } })
    await recordAudit(tx, actor, { entity: 'apiKey', entityId: id, action: 'update', before: { revokedAt: null }, after: { revokedAt: revoked.revokedAt } })
    return revoked
  })
}

export type ApiKeyUser = SessionUser & { apiKey: { id: string; scope: ApiKeyScope } }

type KeyUserRow = Omit<SessionUser, 'emailVerified' | 'sessionId'> & {
  emailVerifiedAt: Date | null
  keyId: string
  scope: ApiKeyScope
  lastUsedAt: Date | null
}

/** Usable keys (not revoked, their creator not banned and still in the key's organization) with their users. */
function readKeyUsers(which: Prisma.Sql) {
  return prisma.$queryRaw<KeyUserRow[]>`
    SELECT k."id" AS "keyId", k."scope"::text AS "scope", k."lastUsedAt", u."id", u."organizationId", u."email", u."firstName",
           u."lastName", u."role"::text AS "role", u."emailVerifiedAt", u."avatarUrl"
    FROM "ApiKey" k JOIN "User" u ON u."id" = k."createdById"
    WHERE ${which} AND k."revokedAt" IS NULL AND u."status" <> 'banned'
      AND u."organizationId" = k."organizationId"`
}

function keyUser({ emailVerifiedAt, keyId, scope, lastUsedAt, ...user }: KeyUserRow): ApiKeyUser {
  return { ...user, emailVerified: Boolean(emailVerifiedAt), sessionId: '', apiKey: { id: keyId, scope } }
}

/**
 * The user a key acts as, or null for an unknown or revoked key or a banned creator. One query,
 * like the session lookup, plus an update of the "last used" time at most once a minute.
 * `tokenHash` is the key's sha256 when the caller has it already (an API request hashes its
 * credential once).
 */
export async function getApiKeyUser(secret: string, tokenHash = hashApiKey(secret)): Promise<ApiKeyUser | null> {
  const row = (await readKeyUsers(Prisma.sql`k."tokenHash" = ${tokenHash}`))[0]
  if (!row) return null
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_PRECISION_MS) {
    await prisma.apiKey.updateMany({ where: { id: row.keyId }, data: { lastUsedAt: new Date() } })
  }
  return keyUser(row)
}

/** The usable keys among these, by id, with their users: what chat streams opened with a key are re-checked against (ADR 084). */
export async function getApiKeyUsersById(keyIds: readonly string[]): Promise<Map<string, ApiKeyUser>> {
  if (keyIds.length === 0) return new Map()
  const rows = await readKeyUsers(Prisma.sql`k."id" = ANY(${[...keyIds]}::text[])`)
  return new Map(rows.map((row) => [row.keyId, keyUser(row)]))
}
