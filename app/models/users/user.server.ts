/**
 * Users and driver profiles: the rules shared by /dashboard/user/* and /api/user(s). No function
 * here ever selects the password hash into what it returns (userSelect below). This module owns
 * what an admin does (list, export, read, create, invite, update, ban) and the API shape; one's
 * own account is user-account.server.ts, its sessions user-sessions.server.ts, avatar files
 * user-avatar.server.ts.
 */
import type { Prisma } from '~/generated/prisma/client'
import { FALLBACK_LANGUAGE, type LanguageCode } from '~/i18n'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import {
  assertActorMay,
  assertId,
  assertOneRow,
  assertReferences,
  assertVersion,
  containsText,
  escapeLike,
  inBatches,
  isoDate,
  listPage,
  requireFound,
  rethrowUnique,
  toDateOnly,
  type UniqueIndexes,
} from '~/models/records/records.server'
import { queueInvitationEmail } from '~/models/tasks/account-emails.server'
import { DEFAULT_STORE_LIMIT_CENTS } from '~/policies/cart'
import { contractPay, recurringDeductionsOf, storedPay } from '~/policies/pay'
import type { DriverProfileInput, UserCreateInput, UserListQuery, UserRecord, UserUpdateInput } from '~/schemas/user'
import { STATEMENT_LANGUAGES } from '~/schemas/user-options'
import { createToken, hashPassword } from '~/utils/crypto.server'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { addressColumns } from '~/utils/object'

import { publicUserSelect } from './auth.server'

export const ENTITY = 'user'
export const NOT_FOUND = 'users.errors.notFound'
/** An invitation link stays valid for a week (a reset link for an hour). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** Drivers that can be a truck's primary driver. */
export function listDriverOptions(organizationId: string) {
  return prisma.user.findMany({
    where: { organizationId, role: 'driver', status: { not: 'banned' } },
    select: { id: true, firstName: true, lastName: true },
    orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }],
  })
}

export async function countUsersByRole(organizationId: string) {
  const rows = await prisma.user.groupBy({ by: ['role'], where: { organizationId }, _count: { _all: true } })
  return Object.fromEntries(rows.map((row) => [row.role, row._count._all]))
}

const driverProfileSelect = {
  licenseNumber: true,
  licenseState: true,
  cdlClass: true,
  licenseExpiry: true,
  medicalCardExpiry: true,
  hireDate: true,
  payMethod: true,
  payRate: true,
  emptyMileRateCents: true,
  storeLimitCents: true,
  recurringDeductions: true,
  language: true,
  emergencyContactName: true,
  emergencyContactPhone: true,
} as const

/** Everything a page or the API shows of a user: never passwordHash, never the avatar's storage key. */
export const userSelect = {
  // The account's own fields (auth.server.ts picks them once), then what the user pages add.
  ...publicUserSelect,
  company: { select: { id: true, name: true } },
  addressLine1: true,
  addressLine2: true,
  city: true,
  state: true,
  postalCode: true,
  country: true,
  driverProfile: { select: driverProfileSelect },
} as const satisfies Prisma.UserSelect

export type UserWithRelations = Prisma.UserGetPayload<{ select: typeof userSelect }>

function orderBy(sort: UserListQuery['sort'], dir: UserListQuery['dir']): Prisma.UserOrderByWithRelationInput[] {
  const primary: Prisma.UserOrderByWithRelationInput[] =
    sort === 'name' ? [{ lastName: dir }, { firstName: dir }] : sort === 'lastLoginAt' ? [{ lastLoginAt: { sort: dir, nulls: 'last' } }] : [{ [sort]: dir }]
  return [...primary, { id: 'asc' }]
}

/** Each word of the search matches a name, the email or the phone ("alma reyes" finds Alma Reyes). */
function searchWhere(q: string | undefined): Prisma.UserWhereInput {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 5)
  if (!words.length) return {}
  return {
    AND: words.map((word) => ({
      OR: [{ firstName: containsText(word) }, { lastName: containsText(word) }, { email: containsText(word) }, { phone: { contains: escapeLike(word) } }],
    })),
  }
}

/** The list's search and filters, shared by the page, the API and the CSV export. */
function listWhere(organizationId: string, query: UserListQuery): Prisma.UserWhereInput {
  return {
    organizationId,
    ...(query.role ? { role: query.role } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...searchWhere(query.q),
  }
}

export async function listUsers(organizationId: string, query: UserListQuery) {
  const where = listWhere(organizationId, query)
  return listPage(
    query,
    () => prisma.user.count({ where }),
    (window) => prisma.user.findMany({ where, select: userSelect, orderBy: orderBy(query.sort, query.dir), ...window }),
  )
}

/** Every user the list's search and filters match, in its order (CSV export). */
export async function* exportUsers(organizationId: string, query: UserListQuery) {
  const where = listWhere(organizationId, query)
  yield* inBatches((window) => prisma.user.findMany({ where, select: userSelect, orderBy: orderBy(query.sort, query.dir), ...window }))
}

/** The export's columns (never a password or its hash: userSelect has neither). */
export const USER_CSV_COLUMNS: CsvColumn<UserWithRelations>[] = [
  { key: 'firstName', label: 'fields.firstName', value: (user) => user.firstName },
  { key: 'lastName', label: 'fields.lastName', value: (user) => user.lastName },
  { key: 'email', label: 'fields.email', value: (user) => user.email },
  { key: 'role', label: 'users.fields.role', value: (user) => user.role, valueLabel: (value) => `roles.${value}` },
  { key: 'status', label: 'fields.status', value: (user) => user.status, valueLabel: (value) => `users.status.${value}` },
  { key: 'phone', label: 'users.fields.phone', value: (user) => user.phone },
  { key: 'company', label: 'fields.company', value: (user) => user.company?.name },
  { key: 'licenseExpiry', label: 'users.fields.licenseExpiry', value: (user) => isoDate(user.driverProfile?.licenseExpiry ?? null) },
  { key: 'medicalCardExpiry', label: 'users.fields.medicalCardExpiry', value: (user) => isoDate(user.driverProfile?.medicalCardExpiry ?? null) },
  { key: 'lastLoginAt', label: 'users.fields.lastLoginAt', value: (user) => user.lastLoginAt?.toISOString() },
  { key: 'id', label: 'fields.id', value: (user) => user.id },
]

/** Another organization's user is simply not found. */
export async function getUser(organizationId: string, id: string): Promise<UserWithRelations> {
  assertId(id, NOT_FOUND)
  return requireFound(await prisma.user.findFirst({ where: { id, organizationId }, select: userSelect }), NOT_FOUND)
}

export const UNIQUE_INDEXES: UniqueIndexes = { User_email_key: { field: 'email', messageKey: 'users.errors.emailTaken' } }

function companyReference(organizationId: string, companyId: string | undefined) {
  return {
    field: 'companyId',
    id: companyId,
    find: (tx: Tx, id: string) => tx.company.findFirst({ where: { id, organizationId }, select: { id: true } }),
    messageKey: 'users.errors.unknownCompany',
  }
}

/** Role assignment is an admin's: checked against the acting user as stored, not as claimed. */
async function assertActorIsAdmin(tx: Tx, actor: Actor) {
  const acting = actor.userId
    ? await tx.user.findFirst({ where: { id: actor.userId, organizationId: actor.organizationId }, select: { role: true, status: true } })
    : null
  if (!acting || acting.role !== 'admin' || acting.status !== 'active') throw new DomainError('forbidden', 'users.errors.roleAdminOnly')
}

/**
 * Every change to who is an active admin of an organization queues on one lock, so the check
 * "another active admin remains" and the write that depends on it happen one organization-wide
 * change at a time: two admins demoting each other at once cannot leave none.
 */
async function lockAdmins(tx: Tx, organizationId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`org-admins:${organizationId}`}, 0))`
}

function userData(input: Omit<UserUpdateInput, 'version' | 'status' | 'driverProfile'>) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone || null,
    role: input.role,
    companyId: input.companyId || null,
    ...addressColumns(input),
  }
}

function profileData(input: DriverProfileInput | undefined) {
  return {
    licenseNumber: input?.licenseNumber || null,
    licenseState: input?.licenseState || null,
    cdlClass: input?.cdlClass ?? null,
    licenseExpiry: toDateOnly(input?.licenseExpiry),
    medicalCardExpiry: toDateOnly(input?.medicalCardExpiry),
    hireDate: toDateOnly(input?.hireDate),
    ...storedPay(input),
    emptyMileRateCents: input?.emptyMileRateCents ?? null,
    storeLimitCents: input?.storeLimitCents ?? DEFAULT_STORE_LIMIT_CENTS,
    recurringDeductions: input?.recurringDeductions ?? [],
    language: input?.language ?? 'en',
    emergencyContactName: input?.emergencyContactName || null,
    emergencyContactPhone: input?.emergencyContactPhone || null,
  }
}

/** A driver always has exactly one profile row; what the request leaves out is empty. */
async function saveDriverProfile(tx: Tx, organizationId: string, userId: string, input: DriverProfileInput | undefined) {
  const data = profileData(input)
  await tx.driverProfile.upsert({ where: { userId }, create: { ...data, organizationId, userId }, update: data })
  return data
}

/** The fields an audit event records for a user (no hash, no storage key). */
export function auditable(user: UserWithRelations | null) {
  if (!user) return null
  const { company: _company, driverProfile, createdAt: _c, updatedAt: _u, lastLoginAt: _l, ...rest } = user
  return { ...rest, ...(driverProfile ? { driverProfile } : {}) }
}

/**
 * An admin adds a user. With a password the account is active at once; without one it is
 * `invited`, and the invitation email (the reset-password mechanism, valid for a week) is queued
 * in the same transaction, in `language`: choosing a password activates the account. An import
 * (ADR 108) writes in its own transaction (`db`) and may leave the email unsent (`invite: false`):
 * the account is then invited without a link until an admin sends one from the user's page.
 */
export async function createUser(
  actor: Actor,
  input: UserCreateInput,
  language: LanguageCode = FALLBACK_LANGUAGE,
  options: { db?: Tx; invite?: boolean } = {},
) {
  assertActorMay(actor, 'create', 'user')
  const { organizationId } = actor
  // Invited accounts get an unguessable hash, so they cannot sign in before choosing a password.
  const passwordHash = await hashPassword(input.password ?? createToken().token)
  const invited = !input.password
  const transaction = <T>(write: (tx: Tx) => Promise<T>) => (options.db ? write(options.db) : prisma.$transaction(write))
  try {
    return await transaction(async (tx) => {
      await assertActorIsAdmin(tx, actor)
      await assertReferences(tx, [companyReference(organizationId, input.companyId)])
      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) {
        throw new DomainError('validation_failed', 'validation.failed', { fields: { email: ['users.errors.emailTaken'] } })
      }
      const created = await tx.user.create({
        data: { ...userData(input), organizationId, email: input.email, passwordHash, status: invited ? 'invited' : 'active' },
        select: { id: true },
      })
      if (input.role === 'driver') await saveDriverProfile(tx, organizationId, created.id, input.driverProfile)
      if (invited && options.invite !== false) await queueInvitationEmail(tx, created.id, language)
      const user = await tx.user.findUniqueOrThrow({ where: { id: created.id }, select: userSelect })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: user.id, action: 'create', after: auditable(user) })
      return { user, invited }
    })
  } catch (error) {
    rethrowUnique(error, UNIQUE_INDEXES)
  }
}

/** A new invitation link's token (the invitation task makes one when it sends). */
export async function createInvitationToken(userId: string) {
  const invitation = createToken()
  await prisma.passwordResetToken.create({ data: { userId, tokenHash: invitation.tokenHash, expiresAt: new Date(Date.now() + INVITATION_TTL_MS) } })
  return invitation.token
}

/** A new invitation for a user who has not chosen a password yet, queued (older links stop working at once). */
export async function reinviteUser(actor: Actor, id: string, language: LanguageCode = FALLBACK_LANGUAGE) {
  assertActorMay(actor, 'update', 'user')
  assertId(id, NOT_FOUND)
  return prisma.$transaction(async (tx) => {
    await assertActorIsAdmin(tx, actor)
    const user = requireFound(await tx.user.findFirst({ where: { id, organizationId: actor.organizationId }, select: userSelect }), NOT_FOUND)
    if (user.status !== 'invited') throw new DomainError('conflict', 'users.errors.notInvited')
    await tx.passwordResetToken.updateMany({ where: { userId: id, usedAt: null }, data: { usedAt: new Date() } })
    await queueInvitationEmail(tx, id, language)
    return { user }
  })
}

/**
 * An admin saves a whole user if nobody changed it since `version` was read. The rules: only an
 * admin changes a role; the organization keeps at least one active admin (checked under the
 * organization's admin lock); nobody bans themselves; `invited` is left only by choosing a
 * password (or by a ban); a ban signs the user out everywhere (web sessions and API tokens) and
 * voids their emailed links, in the same transaction.
 */
export async function updateUser(actor: Actor, id: string, input: UserUpdateInput) {
  assertActorMay(actor, 'update', 'user')
  assertId(id, NOT_FOUND)
  const { organizationId } = actor
  return prisma.$transaction(async (tx) => {
    await lockAdmins(tx, organizationId)
    const before = requireFound(await tx.user.findFirst({ where: { id, organizationId }, select: userSelect }), NOT_FOUND)
    assertVersion(before, input.version)
    const status = input.status ?? before.status
    if (input.role !== before.role) await assertActorIsAdmin(tx, actor)
    if (status !== before.status) {
      if (status === 'invited' || (before.status === 'invited' && status === 'active')) {
        throw new DomainError('validation_failed', 'validation.failed', { fields: { status: ['users.errors.invitedStatus'] } })
      }
      if (status === 'banned' && id === actor.userId) {
        throw new DomainError('validation_failed', 'validation.failed', { fields: { status: ['users.errors.banSelf'] } })
      }
    }
    const wasActiveAdmin = before.role === 'admin' && before.status === 'active'
    if (wasActiveAdmin && (input.role !== 'admin' || status !== 'active')) {
      const others = await tx.user.count({ where: { organizationId, role: 'admin', status: 'active', NOT: { id } } })
      if (others === 0) {
        const field = input.role !== 'admin' ? 'role' : 'status'
        throw new DomainError('validation_failed', 'validation.failed', { fields: { [field]: ['users.errors.lastAdmin'] } })
      }
    }
    await assertReferences(tx, [companyReference(organizationId, input.companyId)])
    // The version in the WHERE closes the gap between the read above and this write.
    assertOneRow(
      await tx.user.updateMany({ where: { id, organizationId, version: input.version }, data: { ...userData(input), status, version: { increment: 1 } } }),
    )
    if (input.role === 'driver') await saveDriverProfile(tx, organizationId, id, input.driverProfile)
    if (status === 'banned' && before.status !== 'banned') await revokeAccess(tx, id)
    const after = await tx.user.findUniqueOrThrow({ where: { id }, select: userSelect })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: id,
      action: status !== before.status ? 'status' : 'update',
      before: auditable(before),
      after: auditable(after),
    })
    return after
  })
}

/** Every session and API token of the user, and every emailed link still unused. */
async function revokeAccess(tx: Tx, userId: string) {
  await tx.session.deleteMany({ where: { userId } })
  await tx.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } })
  await tx.emailVerificationToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } })
}

/** The API shape: dates as YYYY-MM-DD, `driverProfile` for drivers (null for other roles). */
export function serializeUser(user: UserWithRelations): UserRecord {
  const profile = user.driverProfile
  return {
    id: user.id,
    organizationId: user.organizationId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    avatarUrl: user.avatarUrl,
    role: user.role,
    status: user.status,
    companyId: user.companyId,
    company: user.company,
    addressLine1: user.addressLine1,
    addressLine2: user.addressLine2,
    city: user.city,
    state: user.state,
    postalCode: user.postalCode,
    country: user.country,
    emailVerified: Boolean(user.emailVerifiedAt),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    driverProfile:
      user.role === 'driver'
        ? {
            licenseNumber: profile?.licenseNumber ?? null,
            licenseState: profile?.licenseState ?? null,
            cdlClass: profile?.cdlClass ?? null,
            licenseExpiry: isoDate(profile?.licenseExpiry ?? null),
            medicalCardExpiry: isoDate(profile?.medicalCardExpiry ?? null),
            hireDate: isoDate(profile?.hireDate ?? null),
            payMethod: profile?.payMethod ?? null,
            payRate: profile?.payRate ?? null,
            // The contract's names for the same pay (docs/api-contract.md, "Driver pay").
            ...contractPay(profile?.payMethod ?? null, profile?.payRate ?? null),
            emptyMileRateCents: profile?.emptyMileRateCents ?? null,
            storeLimitCents: profile?.storeLimitCents ?? DEFAULT_STORE_LIMIT_CENTS,
            recurringDeductions: recurringDeductionsOf(profile?.recurringDeductions),
            language: STATEMENT_LANGUAGES.find((code) => code === profile?.language) ?? 'en',
            emergencyContactName: profile?.emergencyContactName ?? null,
            emergencyContactPhone: profile?.emergencyContactPhone ?? null,
          }
        : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    version: user.version,
  }
}
export type UserDto = UserRecord
