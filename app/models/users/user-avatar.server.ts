/** Avatar files: one's own picture stored, replaced and read back for users of the same organization. */
import fs from 'node:fs/promises'
import path from 'node:path'

import { href } from 'react-router'

import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { AVATAR_MAX_BYTES } from '~/schemas/user-options'
import { createToken } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'
import { fileStorage } from '~/utils/storage.server'

import { ENTITY } from './user.server'

// ---------------------------------------------------------------------------------------------
// Avatars: stored through the storage module (STORAGE_DIR or the S3 bucket, as load documents
// are) under `avatars/<organization>/<user>/<random>-<type>`, served by /resources/avatar/<user>.
// Pictures from before ADR 050 (`avatars/<organization>/<user>-<random>.<ext>` in STORAGE_DIR)
// are still read from that disk until their owner uploads a new one.

const AVATAR_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const
type AvatarExt = keyof typeof AVATAR_TYPES

/** The image type the first bytes announce (never the file's name or its declared type). */
export function detectImageType(bytes: Uint8Array): AvatarExt | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpg'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

/** A key written before avatars went through the storage module: a file under STORAGE_DIR. */
const LEGACY_AVATAR_KEY = /^avatars\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.(png|jpg|webp)$/

function legacyAvatarFile(key: string) {
  return path.join(path.resolve(env().STORAGE_DIR), ...key.split('/'))
}

/** The image type a stored key names (its last `-` part, or a legacy key's extension). */
function avatarType(key: string) {
  const ext = (LEGACY_AVATAR_KEY.exec(key)?.[1] ?? key.slice(key.lastIndexOf('-') + 1)) as AvatarExt
  return AVATAR_TYPES[ext] ?? 'application/octet-stream'
}

async function removeAvatarFile(key: string) {
  try {
    if (LEGACY_AVATAR_KEY.test(key)) await fs.rm(legacyAvatarFile(key), { force: true })
    else await fileStorage().delete(key)
  } catch (error) {
    console.warn('[freightdesk] could not remove a replaced avatar', key, error)
  }
}

/** Stores a new avatar for the acting user, replacing the old file. */
export async function setOwnAvatar(actor: Actor & { userId: string }, bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw new DomainError('validation_failed', 'validation.failed', { fields: { avatar: ['validation.required'] } })
  if (bytes.byteLength > AVATAR_MAX_BYTES)
    throw new DomainError('payload_too_large', 'validation.failed', { fields: { avatar: ['users.errors.avatarTooLarge'] } })
  const ext = detectImageType(bytes)
  if (!ext) throw new DomainError('unsupported_media_type', 'validation.failed', { fields: { avatar: ['users.errors.avatarType'] } })
  const stamp = createToken().token.slice(0, 12)
  const key = `avatars/${actor.organizationId}/${actor.userId}/${stamp}-${ext}`
  await fileStorage().put(
    key,
    (async function* () {
      yield bytes
    })(),
  )
  const avatarUrl = `${href('/resources/avatar/:userId', { userId: actor.userId })}?v=${stamp}`
  let before: { avatarKey: string | null; avatarUrl: string | null }
  try {
    before = await prisma.$transaction(async (tx) => {
      const row = await tx.user.findUniqueOrThrow({ where: { id: actor.userId }, select: { avatarKey: true, avatarUrl: true } })
      await tx.user.update({ where: { id: actor.userId }, data: { avatarKey: key, avatarSizeBytes: bytes.byteLength, avatarUrl, version: { increment: 1 } } })
      await recordAudit(tx, actor, { entity: ENTITY, entityId: actor.userId, action: 'update', before: { avatarUrl: row.avatarUrl }, after: { avatarUrl } })
      return row
    })
  } catch (error) {
    // Not saved: the new file must not stay behind without a row naming it.
    await removeAvatarFile(key)
    throw error
  }
  if (before.avatarKey) await removeAvatarFile(before.avatarKey)
  return avatarUrl
}

/** The avatar of a user of the same organization, as a stream, or null (another organization's: null). */
export async function readAvatar(organizationId: string, userId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) return null
  const user = await prisma.user.findFirst({ where: { id: userId, organizationId }, select: { avatarKey: true } })
  if (!user?.avatarKey) return null
  const contentType = avatarType(user.avatarKey)
  if (LEGACY_AVATAR_KEY.test(user.avatarKey)) {
    const object = await diskStorageObject(legacyAvatarFile(user.avatarKey))
    return object ? { ...object, contentType } : null
  }
  const object = await fileStorage().get(user.avatarKey)
  return object ? { ...object, contentType } : null
}

async function diskStorageObject(file: string) {
  try {
    const bytes = await fs.readFile(file)
    return { body: new Blob([new Uint8Array(bytes)]).stream(), sizeBytes: bytes.byteLength }
  } catch {
    return null
  }
}
