/** One's own account, for any signed-in role: the own record, profile, password and sign-in address. */
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertOneRow, assertVersion, requireFound, rethrowUnique } from '~/models/records/records.server'
import type { ProfileInput } from '~/schemas/user'
import { hashPassword, verifyPassword } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { addressColumns } from '~/utils/object'

import { auditable, ENTITY, getUser, NOT_FOUND, UNIQUE_INDEXES, userSelect } from './user.server'

// ---------------------------------------------------------------------------------------------
// One's own account: any signed-in role.

/** The signed-in user's own record (the same shape admins see). */
export function getOwnUser(user: { id: string; organizationId: string }) {
  return getUser(user.organizationId, user.id)
}

/** Name, phone and address only: role, status and company stay an admin's business. */
export async function updateOwnProfile(actor: Actor & { userId: string }, input: ProfileInput) {
  const { userId, organizationId } = actor
  return prisma.$transaction(async (tx) => {
    const before = requireFound(await tx.user.findFirst({ where: { id: userId, organizationId }, select: userSelect }), NOT_FOUND)
    assertVersion(before, input.version)
    const data = {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      ...addressColumns(input),
    }
    assertOneRow(await tx.user.updateMany({ where: { id: userId, organizationId, version: input.version }, data: { ...data, version: { increment: 1 } } }))
    const after = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: userSelect })
    await recordAudit(tx, actor, { entity: ENTITY, entityId: userId, action: 'update', before: auditable(before), after: auditable(after) })
    return after
  })
}

async function assertCurrentPassword(userId: string, password: string) {
  const { passwordHash } = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } })
  if (!(await verifyPassword(passwordHash, password))) {
    throw new DomainError('validation_failed', 'validation.failed', { fields: { currentPassword: ['users.errors.currentPassword'] } })
  }
}

/** A new password, given the current one; every other session and API token is signed out. */
export async function changeOwnPassword(actor: Actor & { userId: string }, sessionId: string, input: { currentPassword: string; password: string }) {
  await assertCurrentPassword(actor.userId, input.currentPassword)
  const passwordHash = await hashPassword(input.password)
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: actor.userId }, data: { passwordHash, version: { increment: 1 } } })
    await tx.session.deleteMany({ where: { userId: actor.userId, NOT: { id: sessionId } } })
    await tx.passwordResetToken.updateMany({ where: { userId: actor.userId, usedAt: null }, data: { usedAt: new Date() } })
    await recordAudit(tx, actor, { entity: ENTITY, entityId: actor.userId, action: 'update', before: { password: '•' }, after: { password: '••' } })
  })
}

/** A new sign-in address, given the current password; it counts as unverified until confirmed. */
export async function changeOwnEmail(actor: Actor & { userId: string }, input: { email: string; currentPassword: string; version: number }) {
  await assertCurrentPassword(actor.userId, input.currentPassword)
  try {
    return await prisma.$transaction(async (tx) => {
      const before = requireFound(await tx.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, select: userSelect }), NOT_FOUND)
      assertVersion(before, input.version)
      if (before.email === input.email) return before
      const taken = await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })
      if (taken) throw new DomainError('validation_failed', 'validation.failed', { fields: { email: ['users.errors.emailTaken'] } })
      assertOneRow(
        await tx.user.updateMany({
          where: { id: actor.userId, version: input.version },
          data: { email: input.email, emailVerifiedAt: null, version: { increment: 1 } },
        }),
      )
      // Links mailed to the old address must not work for the new one.
      await tx.passwordResetToken.updateMany({ where: { userId: actor.userId, usedAt: null }, data: { usedAt: new Date() } })
      await tx.emailVerificationToken.updateMany({ where: { userId: actor.userId, usedAt: null }, data: { usedAt: new Date() } })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: actor.userId, action: 'update', before: { email: before.email }, after: { email: input.email } })
      return tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: userSelect })
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}
