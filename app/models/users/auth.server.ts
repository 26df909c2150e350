/**
 * Accounts: registration, sign-in (with throttling), sessions, password reset and email
 * verification. The HTML routes and the JSON API both call these.
 */
import type { z } from 'zod'

import { Prisma, type SessionKind } from '~/generated/prisma/client'
import { FALLBACK_LANGUAGE, type LanguageCode } from '~/i18n'
import { recordAudit } from '~/models/audit/audit.server'
import { systemActor } from '~/policies/actor'
import type { RegisterSchema } from '~/schemas/auth'
import type { AccountUserRecord } from '~/schemas/user'
import { createToken, hashPassword, sha256, verifyPassword } from '~/utils/crypto.server'
import { prisma, readRows } from '~/utils/db.server'
import { DomainError, isDomainError } from '~/utils/errors.server'
import { newInboundLocalPart } from '~/utils/inbound-address.server'
import type { Role } from '~/utils/permissions'
import { safeTimeZone } from '~/utils/time'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000
/**
 * The sign-in throttle (ADR 091), counted in the window and in PostgreSQL (one budget for every
 * server), per account and per client address separately, so that neither an attacker's address
 * nor one account's failures lock out people elsewhere:
 * - an account from one address: THROTTLE_MAX_PER_ACCOUNT_ADDRESS failures, then that pair waits;
 * - an account from every address: past THROTTLE_MAX_PER_ACCOUNT failures (guessing from many
 *   addresses), an address that has failed on it waits (each other address keeps a try);
 * - an address: past THROTTLE_MAX_ACCOUNTS_PER_ADDRESS accounts that failed from it (spraying one
 *   password over many accounts), it waits for every account, however many times each failed.
 * An address the account signed in from in the last THROTTLE_KNOWN_MS is the owner's: only the
 * first rule holds there, so an office, a carrier-grade NAT or a proxy shared with an attacker
 * still lets its people in. A refused attempt is not counted (it checks nothing).
 */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000
export const THROTTLE_MAX_PER_ACCOUNT_ADDRESS = 10
export const THROTTLE_MAX_PER_ACCOUNT = 50
export const THROTTLE_MAX_ACCOUNTS_PER_ADDRESS = 30
export const THROTTLE_KNOWN_MS = 30 * 24 * 60 * 60 * 1000

export type SessionUser = {
  id: string
  organizationId: string
  email: string
  firstName: string
  lastName: string
  role: Role
  emailVerified: boolean
  sessionId: string
  avatarUrl: string | null
  /** The organization's time zone (an IANA name, UTC when it is not one): every moment a signed-in person reads is shown in it. */
  timeZone: string
}

export const publicUserSelect = {
  id: true,
  organizationId: true,
  email: true,
  firstName: true,
  lastName: true,
  phone: true,
  avatarUrl: true,
  role: true,
  status: true,
  companyId: true,
  emailVerifiedAt: true,
  lastLoginAt: true,
  createdAt: true,
  updatedAt: true,
  version: true,
} as const

/** A user as the API shows it (never the password hash). */
export function getPublicUser(id: string) {
  return prisma.user.findUniqueOrThrow({ where: { id }, select: publicUserSelect })
}

/** The account calls' user: the public columns, instants as ISO 8601. */
export function serializeAccountUser(user: Prisma.UserGetPayload<{ select: typeof publicUserSelect }>): AccountUserRecord {
  return {
    ...user,
    emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  }
}

/**
 * A new organization and its first admin. The organization's documents are written in `language`,
 * the one the admin registered in (ADR 128), until an admin changes it on the organization page.
 */
export async function registerOrganization(input: z.infer<typeof RegisterSchema>, ip?: string | null, language: LanguageCode = FALLBACK_LANGUAGE) {
  const existing = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } })
  if (existing) {
    throw new DomainError('conflict', 'auth.register.emailTaken', { fields: { email: ['auth.register.emailTaken'] } })
  }
  const passwordHash = await hashPassword(input.password)
  try {
    return await prisma.$transaction(async (tx) => {
      const name = input.organizationName?.trim() || `${input.firstName} ${input.lastName}`.trim()
      const organization = await tx.organization.create({ data: { name, language, inboundLocalPart: newInboundLocalPart(name) } })
      const user = await tx.user.create({
        data: {
          organizationId: organization.id,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'admin',
          status: 'active',
        },
        select: publicUserSelect,
      })
      await recordAudit(
        tx,
        { userId: user.id, organizationId: organization.id, ip, role: 'admin', scope: 'read_write' },
        {
          entity: 'user',
          entityId: user.id,
          action: 'create',
          after: { email: user.email, role: user.role },
        },
      )
      return { organization, user }
    })
  } catch (error) {
    // Two registrations racing for one address: the unique index decides.
    if ((error as { code?: string }).code === 'P2002') {
      throw new DomainError('conflict', 'auth.register.emailTaken', { fields: { email: ['auth.register.emailTaken'] } })
    }
    throw error
  }
}

/**
 * Registration as the HTML form does it, without telling whether the address is taken: a new
 * address gets an organization (signed in later by the verification link), a taken one the
 * owner's name so the caller can warn the owner by email. Both hash the password, so both take
 * about as long.
 */
export async function requestRegistration(input: z.infer<typeof RegisterSchema>, ip: string | null, language: LanguageCode) {
  const existing = await findAccountOwner(input.email)
  if (!existing) {
    try {
      const { user } = await registerOrganization(input, ip, language)
      return { created: true as const, user }
    } catch (error) {
      // Lost a race for the address: the other registration owns it now.
      if (!(isDomainError(error) && error.code === 'conflict')) throw error
    }
  } else {
    await hashPassword(input.password)
  }
  const owner = existing ?? (await findAccountOwner(input.email))
  if (!owner) throw new DomainError('conflict', 'auth.register.emailTaken')
  return { created: false as const, user: owner }
}

function findAccountOwner(email: string) {
  return prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true, firstName: true, status: true } })
}

/**
 * Counts the recent failures (ADR 091, the rules above) and, if under the limits, records the
 * attempt as a failure before the password is even checked (a success rewrites it afterwards). One
 * transaction under an advisory lock per account and per address (taken in a fixed order) makes
 * count-and-record atomic: parallel guesses queue for the locks instead of all reading the same
 * counts. The locks are held for two reads and an insert, not the hash.
 */
async function claimLoginAttempt(email: string, ip: string) {
  const now = Date.now()
  const since = new Date(now - THROTTLE_WINDOW_MS)
  const knownSince = new Date(now - THROTTLE_KNOWN_MS)
  return prisma.$transaction(
    async (tx) => {
      for (const key of [`login-account:${email}`, `login-ip:${ip}`].sort()) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`
      const [[account], [address]] = await Promise.all([
        tx.$queryRaw<[{ pair: number; all: number; known: boolean }]>`
          SELECT count(*) FILTER (WHERE "ip" = ${ip} AND NOT "success" AND "createdAt" >= ${since})::int AS "pair",
                 count(*) FILTER (WHERE NOT "success" AND "createdAt" >= ${since})::int AS "all",
                 bool_or("ip" = ${ip} AND "success") AS "known"
          FROM "LoginAttempt" WHERE "email" = ${email} AND "createdAt" >= ${knownSince}`,
        tx.$queryRaw<[{ accounts: number }]>`
          SELECT count(DISTINCT "email")::int AS "accounts" FROM "LoginAttempt" WHERE "ip" = ${ip} AND NOT "success" AND "createdAt" >= ${since}`,
      ])
      const known = account.known === true
      const refused =
        account.pair >= THROTTLE_MAX_PER_ACCOUNT_ADDRESS ||
        (!known && account.all >= THROTTLE_MAX_PER_ACCOUNT && account.pair > 0) ||
        (!known && address.accounts >= THROTTLE_MAX_ACCOUNTS_PER_ADDRESS)
      if (refused) throw new DomainError('rate_limited', 'auth.login.throttled', { params: { minutes: THROTTLE_WINDOW_MS / 60_000 } })
      return tx.loginAttempt.create({ data: { email, ip, success: false }, select: { id: true } })
    },
    // Many parallel attempts wait for the lock and for a pool connection.
    { maxWait: 20_000, timeout: 20_000 },
  )
}

/**
 * Checks credentials. Every failure, whatever its cause, is the same `auth.login.failed`
 * error so a caller cannot learn which part was wrong or whether the account exists.
 */
export async function verifyLogin(email: string, password: string, ip: string) {
  const normalized = email.trim().toLowerCase()
  const attempt = await claimLoginAttempt(normalized, ip)
  const user = await prisma.user.findUnique({ where: { email: normalized } })
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(DUMMY_HASH, password)
  const success = Boolean(user && ok && user.status !== 'banned')
  if (success) {
    await prisma.loginAttempt.update({ where: { id: attempt.id }, data: { success: true } })
    // One success per address is enough to know it (the newest).
    await prisma.loginAttempt.deleteMany({ where: { email: normalized, ip, success: true, id: { not: attempt.id } } })
  }
  // Housekeeping: failures older than a day count for nothing any more, successes past the time an address stays known.
  await prisma.loginAttempt.deleteMany({
    where: {
      email: normalized,
      OR: [
        { success: false, createdAt: { lt: new Date(Date.now() - 24 * 60 * 60 * 1000) } },
        { success: true, createdAt: { lt: new Date(Date.now() - THROTTLE_KNOWN_MS) } },
      ],
    },
  })
  if (!success || !user) throw new DomainError('unauthorized', 'auth.login.failed')
  await prisma.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } })
  return user
}

// Verifying against a fixed hash keeps the time of an unknown email close to a wrong password.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$qCz5Jb0HfSQHILhVGKAi7IjaLzdbW8eUNH5/V7mxvpQ'

export async function createSession(userId: string, kind: SessionKind, meta: { ip?: string | null; userAgent?: string | null } = {}) {
  // Housekeeping: a new sign-in clears this user's expired sessions.
  await prisma.session.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } })
  return prisma.session.create({
    data: {
      userId,
      kind,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    },
  })
}

/**
 * The signed-in user of a session, or null when it expired or the user is banned. Every page and
 * form post asks, so it is one indexed join in SQL rather than two ORM queries, read without Prisma's
 * cost per query (ADR 081; measured by the bench).
 */
export async function getSessionUser(sessionId: string): Promise<SessionUser | null> {
  return (await readSessionUsers(Prisma.sql`s."id" = ${sessionId}`))[0] ?? null
}

/**
 * The live sessions among these, by id, with their users: what the open chat streams bound to them
 * are re-checked against (ADR 084). The same conditions as getSessionUser.
 */
export async function getSessionUsers(sessionIds: readonly string[]): Promise<Map<string, SessionUser>> {
  if (sessionIds.length === 0) return new Map()
  const users = await readSessionUsers(Prisma.sql`s."id" = ANY(${[...sessionIds]}::text[])`)
  return new Map(users.map((user) => [user.sessionId, user]))
}

async function readSessionUsers(which: Prisma.Sql): Promise<SessionUser[]> {
  const rows = await readRows<Omit<SessionUser, 'emailVerified'> & { emailVerifiedAt: Date | null }>(Prisma.sql`
    SELECT s."id" AS "sessionId", u."id", u."organizationId", u."email", u."firstName", u."lastName",
           u."role"::text AS "role", u."emailVerifiedAt", u."avatarUrl", o."timezone" AS "timeZone"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId" JOIN "Organization" o ON o."id" = u."organizationId"
    WHERE ${which} AND s."expiresAt" > now() AND u."status" <> 'banned'`)
  return rows.map(({ emailVerifiedAt, ...user }) => ({ ...user, timeZone: safeTimeZone(user.timeZone), emailVerified: Boolean(emailVerifiedAt) }))
}

export async function deleteSession(sessionId: string) {
  await prisma.session.deleteMany({ where: { id: sessionId } })
}

/**
 * Creates a single-use reset token and returns it for the email, or null when no such account
 * exists (the caller answers the same either way). A token is generated and hashed either way,
 * so an unknown address costs about the same.
 */
export async function createPasswordReset(email: string) {
  const { token, tokenHash } = createToken()
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() } })
  if (!user || user.status === 'banned') return null
  await prisma.passwordResetToken.create({
    data: { userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) },
  })
  return { user, token }
}

/**
 * What a usable reset link is for, so the page says so before anyone types a password: an
 * invitation (its user has not chosen a password yet, with their first name and the
 * organization's name for the welcome), else a reset. Null when unknown, used or expired.
 */
export async function readPasswordLink(token: string) {
  if (!token) return null
  const record = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: sha256(token) },
    select: { usedAt: true, expiresAt: true, user: { select: { status: true, firstName: true, organization: { select: { name: true } } } } },
  })
  if (!record || record.usedAt || record.expiresAt.getTime() <= Date.now() || record.user.status === 'banned') return null
  return { invitation: record.user.status === 'invited', firstName: record.user.firstName, organizationName: record.user.organization.name }
}

export async function resetPassword(token: string, password: string, ip?: string | null) {
  const tokenHash = sha256(token)
  const passwordHash = await hashPassword(password)
  return prisma.$transaction(async (tx) => {
    // Marking it used in the same statement that checks it makes the token single use under races.
    const claimed = await tx.passwordResetToken.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    })
    if (claimed.count !== 1) throw new DomainError('validation_failed', 'auth.newPassword.invalidToken')
    const record = await tx.passwordResetToken.findUniqueOrThrow({ where: { tokenHash }, include: { user: { select: { status: true } } } })
    // A banned user's links are void (the ban marks them used; this covers any race with it).
    if (record.user.status === 'banned') throw new DomainError('validation_failed', 'auth.newPassword.invalidToken')
    const user = await tx.user.update({
      where: { id: record.userId },
      // An invited user's first password (chosen from the invitation link) activates the account.
      data: {
        passwordHash,
        version: { increment: 1 },
        emailVerifiedAt: new Date(),
        ...(record.user.status === 'invited' ? { status: 'active' as const } : {}),
      },
    })
    // A new password signs out every existing session and kills every other link still in a mailbox.
    await tx.session.deleteMany({ where: { userId: user.id } })
    await tx.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } })
    await recordAudit(
      tx,
      { ...systemActor(user.organizationId, ip), userId: user.id },
      {
        entity: 'user',
        entityId: user.id,
        action: 'update',
        before: { password: '•' },
        after: { password: '••' },
      },
    )
    // `invited`: the password was the first one, chosen from an invitation (the page signs them in).
    return Object.assign(user, { invited: record.user.status === 'invited' })
  })
}

export async function createEmailVerification(userId: string) {
  const { token, tokenHash } = createToken()
  await prisma.emailVerificationToken.create({
    data: { userId, tokenHash, expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS) },
  })
  return token
}

export async function verifyEmail(token: string) {
  const tokenHash = sha256(token)
  return prisma.$transaction(async (tx) => {
    const claimed = await tx.emailVerificationToken.updateMany({
      where: { tokenHash, usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    })
    if (claimed.count !== 1) throw new DomainError('validation_failed', 'auth.verify.invalidToken')
    const record = await tx.emailVerificationToken.findUniqueOrThrow({ where: { tokenHash } })
    return tx.user.update({ where: { id: record.userId }, data: { emailVerifiedAt: new Date() }, select: publicUserSelect })
  })
}
