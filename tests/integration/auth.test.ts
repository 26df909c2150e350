import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import {
  createEmailVerification,
  createPasswordReset,
  createSession,
  getSessionUser,
  registerOrganization,
  resetPassword,
  THROTTLE_MAX_ACCOUNTS_PER_ADDRESS,
  THROTTLE_MAX_PER_ACCOUNT,
  THROTTLE_MAX_PER_ACCOUNT_ADDRESS,
  verifyEmail,
  verifyLogin,
} from '~/models/users/auth.server'
import { sha256 } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import { sendEmail } from '~/utils/mail.server'

import { unique } from '../helpers'

const register = (email = `${unique('owner')}@example.test`) =>
  registerOrganization({ email, password: 'long enough pw', firstName: 'Ada', lastName: 'Lovelace', organizationName: 'Ada Freight' })

describe('registration', () => {
  it('creates an organization whose first user is its admin, with a hashed password and an audit event', async () => {
    const { organization, user } = await register()
    expect(organization.name).toBe('Ada Freight')
    expect(user).toMatchObject({ role: 'admin', status: 'active', organizationId: organization.id })
    expect(user).not.toHaveProperty('passwordHash')
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id } })
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/)
    expect(stored.passwordHash).not.toContain('long enough pw')
    const audit = await prisma.auditEvent.findMany({ where: { organizationId: organization.id } })
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ entity: 'user', entityId: user.id, action: 'create' })
  })

  it('refuses an email that is taken (case-insensitively) with a field error', async () => {
    const email = `${unique('dup')}@example.test`
    await register(email)
    await expect(register(email.toUpperCase())).rejects.toMatchObject({
      code: 'conflict',
      fields: { email: ['auth.register.emailTaken'] },
    })
    expect(await prisma.user.count({ where: { email: { equals: email, mode: 'insensitive' } } })).toBe(1)
  })
})

describe('sign-in', () => {
  it('accepts the right password and records the sign-in', async () => {
    const email = `${unique('login')}@example.test`
    await register(email)
    const user = await verifyLogin(email.toUpperCase(), 'long enough pw', '10.0.0.1')
    expect(user.email).toBe(email)
    expect((await prisma.user.findUniqueOrThrow({ where: { email } })).lastLoginAt).not.toBeNull()
  })

  it('answers a wrong password and an unknown email with the same error', async () => {
    const email = `${unique('login')}@example.test`
    await register(email)
    const wrong = await verifyLogin(email, 'not the password', '10.0.0.2').catch((error) => error)
    const unknown = await verifyLogin(`nobody-${email}`, 'long enough pw', '10.0.0.2').catch((error) => error)
    expect(wrong).toMatchObject({ code: 'unauthorized', messageKey: 'auth.login.failed' })
    expect(unknown).toMatchObject({ code: 'unauthorized', messageKey: 'auth.login.failed' })
  })

  it('refuses banned users', async () => {
    const email = `${unique('banned')}@example.test`
    await register(email)
    await prisma.user.update({ where: { email }, data: { status: 'banned' } })
    await expect(verifyLogin(email, 'long enough pw', '10.0.0.3')).rejects.toMatchObject({ messageKey: 'auth.login.failed' })
  })

  it(`throttles an account from one address after ${THROTTLE_MAX_PER_ACCOUNT_ADDRESS} failures in 15 minutes, even with the right password`, async () => {
    const email = `${unique('throttle')}@example.test`
    await register(email)
    for (let i = 0; i < THROTTLE_MAX_PER_ACCOUNT_ADDRESS; i++) {
      await expect(verifyLogin(email, 'wrong', '10.1.0.1')).rejects.toMatchObject({ code: 'unauthorized' })
    }
    await expect(verifyLogin(email, 'long enough pw', '10.1.0.1')).rejects.toMatchObject({ code: 'rate_limited', messageKey: 'auth.login.throttled' })
    // The owner, elsewhere, is not locked out by someone guessing from another address.
    await expect(verifyLogin(email, 'long enough pw', '10.1.1.1')).resolves.toMatchObject({ email })
    // Failures older than the window no longer count.
    await prisma.loginAttempt.updateMany({ where: { email }, data: { createdAt: new Date(Date.now() - 16 * 60_000) } })
    await expect(verifyLogin(email, 'long enough pw', '10.1.0.1')).resolves.toMatchObject({ email })
  })

  it('counts and records parallel attempts atomically: 30 wrong passwords at once, at most the limit are checked', async () => {
    const email = `${unique('parallel')}@example.test`
    await register(email)
    const ip = '10.9.0.1'
    const results = await Promise.all(Array.from({ length: 30 }, () => verifyLogin(email, 'wrong guess', ip).catch((error) => error.code as string)))
    expect(results.filter((code) => code === 'unauthorized')).toHaveLength(THROTTLE_MAX_PER_ACCOUNT_ADDRESS)
    expect(results.filter((code) => code === 'rate_limited')).toHaveLength(30 - THROTTLE_MAX_PER_ACCOUNT_ADDRESS)
    expect(await prisma.loginAttempt.count({ where: { email, ip } })).toBe(THROTTLE_MAX_PER_ACCOUNT_ADDRESS)
    // The right password right after is refused too; the same account from another address still signs in.
    await expect(verifyLogin(email, 'long enough pw', ip)).rejects.toMatchObject({ code: 'rate_limited' })
    await expect(verifyLogin(email, 'long enough pw', '10.9.0.2')).resolves.toMatchObject({ email })
  })

  it(`throttles an address that failed on ${THROTTLE_MAX_ACCOUNTS_PER_ADDRESS} accounts (spraying), except for an account that signed in from it`, async () => {
    const ip = '10.2.0.1'
    const regular = `${unique('regular')}@example.test`
    await register(regular)
    await verifyLogin(regular, 'long enough pw', ip)
    await prisma.loginAttempt.createMany({
      data: Array.from({ length: THROTTLE_MAX_ACCOUNTS_PER_ADDRESS }, (_, i) => ({ email: `spray${i}-${ip}@example.test`, ip, success: false })),
    })
    const email = `${unique('victim')}@example.test`
    await register(email)
    await expect(verifyLogin(email, 'long enough pw', ip)).rejects.toMatchObject({ code: 'rate_limited' })
    await expect(verifyLogin(email, 'long enough pw', '10.2.0.2')).resolves.toMatchObject({ email })
    // Someone who signs in from this address (an office, a carrier-grade NAT) is not locked out by the spraying.
    await expect(verifyLogin(regular, 'long enough pw', ip)).resolves.toMatchObject({ email: regular })
  })

  it('at a shared address, one account’s failures lock neither that address’s other people nor the account’s owner elsewhere', async () => {
    const shared = '10.3.0.1'
    const [victim, colleague] = [`${unique('victim')}@example.test`, `${unique('colleague')}@example.test`]
    await register(victim)
    await register(colleague)
    // Far more failures than any one limit, all on one account, from the shared address...
    for (let i = 0; i < THROTTLE_MAX_PER_ACCOUNT_ADDRESS * 3; i++) await verifyLogin(victim, 'guess', shared).catch(() => null)
    await expect(verifyLogin(victim, 'long enough pw', shared)).rejects.toMatchObject({ code: 'rate_limited' })
    // ...and on nine more accounts, each to its own limit: a hundred failures from the address.
    await prisma.loginAttempt.createMany({
      data: Array.from({ length: 9 * THROTTLE_MAX_PER_ACCOUNT_ADDRESS }, (_, i) => ({
        email: `other${i % 9}-${shared}@example.test`,
        ip: shared,
        success: false,
      })),
    })
    // The address's other people sign in: the address's own limit counts accounts, not their failures.
    await expect(verifyLogin(colleague, 'long enough pw', shared)).resolves.toMatchObject({ email: colleague })
    // The owner, from home, signs in.
    await expect(verifyLogin(victim, 'long enough pw', '10.3.0.2')).resolves.toMatchObject({ email: victim })
  })

  it(`past ${THROTTLE_MAX_PER_ACCOUNT} failures of one account from many addresses, each address that failed waits; the owner's known address does not`, async () => {
    const email = `${unique('target')}@example.test`
    await register(email)
    await verifyLogin(email, 'long enough pw', '10.4.0.1')
    // A botnet: five guesses from each of ten addresses.
    await prisma.loginAttempt.createMany({
      data: Array.from({ length: THROTTLE_MAX_PER_ACCOUNT }, (_, i) => ({ email, ip: `10.5.0.${i % 10}`, success: false })),
    })
    // Each of those addresses would still have guesses left against one account alone; now it waits.
    await expect(verifyLogin(email, 'long enough pw', '10.5.0.3')).rejects.toMatchObject({ code: 'rate_limited' })
    // A new address has one try; after a failure, it waits too.
    await expect(verifyLogin(email, 'wrong', '10.6.0.1')).rejects.toMatchObject({ code: 'unauthorized' })
    await expect(verifyLogin(email, 'long enough pw', '10.6.0.1')).rejects.toMatchObject({ code: 'rate_limited' })
    await expect(verifyLogin(email, 'long enough pw', '10.6.0.2')).resolves.toMatchObject({ email })
    // The owner's usual address keeps its own ten tries.
    await expect(verifyLogin(email, 'typo', '10.4.0.1')).rejects.toMatchObject({ code: 'unauthorized' })
    await expect(verifyLogin(email, 'long enough pw', '10.4.0.1')).resolves.toMatchObject({ email })
  })
})

describe('housekeeping', () => {
  it('drops day-old attempts of an email and expired sessions of a user as they sign in', async () => {
    const email = `${unique('tidy')}@example.test`
    const { user } = await register(email)
    await prisma.loginAttempt.create({ data: { email, ip: '10.8.0.1', success: false, createdAt: new Date(Date.now() - 2 * 86_400_000) } })
    const stale = await createSession(user.id, 'web')
    await prisma.session.update({ where: { id: stale.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    await verifyLogin(email, 'long enough pw', '10.8.0.1')
    await verifyLogin(email, 'long enough pw', '10.8.0.1')
    const fresh = await createSession(user.id, 'web')
    // The day-old failure is gone; of two successes from one address the newest is kept (the address is known).
    expect(await prisma.loginAttempt.count({ where: { email } })).toBe(1)
    expect((await prisma.session.findMany({ where: { userId: user.id } })).map((session) => session.id)).toEqual([fresh.id])
  })
})

describe('sessions', () => {
  it('resolves a live session and rejects expired or deleted ones', async () => {
    const { user } = await register()
    const session = await createSession(user.id, 'web')
    expect(await getSessionUser(session.id)).toMatchObject({ id: user.id, role: 'admin', sessionId: session.id })
    await prisma.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect(await getSessionUser(session.id)).toBeNull()
    expect(await getSessionUser('no-such-session')).toBeNull()
  })
})

describe('password reset', () => {
  it('stores only a hash of a one-hour, single-use token and signs out every session', async () => {
    const email = `${unique('reset')}@example.test`
    const { user } = await register(email)
    const session = await createSession(user.id, 'web')
    const reset = await createPasswordReset(email)
    expect(reset).not.toBeNull()
    const stored = await prisma.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } })
    expect(stored.tokenHash).toBe(sha256(reset!.token))
    expect(stored.tokenHash).not.toContain(reset!.token)
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(59 * 60_000)
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(61 * 60_000)

    await resetPassword(reset!.token, 'a brand new password')
    await expect(verifyLogin(email, 'a brand new password', '10.3.0.1')).resolves.toMatchObject({ email })
    await expect(verifyLogin(email, 'long enough pw', '10.3.0.1')).rejects.toMatchObject({ code: 'unauthorized' })
    expect(await getSessionUser(session.id)).toBeNull()
    // Single use.
    await expect(resetPassword(reset!.token, 'yet another password')).rejects.toMatchObject({ messageKey: 'auth.newPassword.invalidToken' })
  })

  it('refuses an expired token and answers null for an unknown email', async () => {
    const email = `${unique('expired')}@example.test`
    await register(email)
    const reset = await createPasswordReset(email)
    await prisma.passwordResetToken.updateMany({ data: { expiresAt: new Date(Date.now() - 1) }, where: { tokenHash: sha256(reset!.token) } })
    await expect(resetPassword(reset!.token, 'a brand new password')).rejects.toMatchObject({ code: 'validation_failed' })
    expect(await createPasswordReset(`nobody-${email}`)).toBeNull()
  })
})

describe('email verification', () => {
  it('verifies once with a valid token', async () => {
    const { user } = await register()
    const token = await createEmailVerification(user.id)
    const verified = await verifyEmail(token)
    expect(verified.emailVerifiedAt).not.toBeNull()
    await expect(verifyEmail(token)).rejects.toMatchObject({ messageKey: 'auth.verify.invalidToken' })
  })
})

describe('mail outbox', () => {
  it('writes messages to the outbox folder when SMTP_URL is not set', async () => {
    const to = `${unique('mail')}@example.test`
    await sendEmail({ to, subject: 'Hello', text: 'Body with a link' })
    const dir = path.resolve(process.env.OUTBOX_DIR!)
    const messages = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')))
    expect(messages.find((message) => message.to === to)).toMatchObject({ subject: 'Hello', text: 'Body with a link', messageId: expect.stringContaining('@') })
  })

  it('never shows a reader half a message: each one appears whole, under its final name', async () => {
    const dir = path.resolve(process.env.OUTBOX_DIR!)
    fs.mkdirSync(dir, { recursive: true })
    const to = `${unique('whole')}@example.test`
    // A reader (like the e2e suite's) parses every message it lists while 20 large ones are written.
    let writing = true
    const unreadable: string[] = []
    const reader = (async () => {
      while (writing) {
        for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
          try {
            JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
          } catch {
            unreadable.push(file)
          }
        }
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    await Promise.all(Array.from({ length: 20 }, (_, n) => sendEmail({ to, subject: `Message ${n}`, text: 'x'.repeat(200_000) })))
    writing = false
    await reader
    expect(unreadable).toEqual([])
    const mine = fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')))
      .filter((message) => message.to === to)
    expect(mine).toHaveLength(20)
    expect(fs.readdirSync(dir).filter((file) => file.endsWith('.partial'))).toEqual([])
  })
})

describe('password change', () => {
  it('revokes every outstanding reset link of the user, not only the one used', async () => {
    const email = `${unique('revoke')}@example.test`
    const other = `${unique('bystander')}@example.test`
    await register(email)
    await register(other)
    const [first, second, third] = [await createPasswordReset(email), await createPasswordReset(email), await createPasswordReset(email)]
    const bystander = await createPasswordReset(other)
    await resetPassword(second!.token, 'a brand new password')
    for (const reset of [first, third]) {
      await expect(resetPassword(reset!.token, 'an attacker password')).rejects.toMatchObject({ messageKey: 'auth.newPassword.invalidToken' })
    }
    await expect(verifyLogin(email, 'a brand new password', '10.4.0.1')).resolves.toMatchObject({ email })
    // Other users' links live on.
    await expect(resetPassword(bystander!.token, 'the bystander password')).resolves.toMatchObject({ email: other })
  })
})
