/**
 * Share links of one stored file (ADR 067): `/share/{token}` downloads the file, signed out. As
 * tracking links (ADR 063): 32 random bytes, only their sha256 stored, so the link is shown once,
 * when made; it works until it expires (at most 30 days) or is revoked, and goes with its file.
 */
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import type { FileShareCreateInput } from '~/schemas/stored-file'
import { FILE_SHARE_MAX_DAYS } from '~/schemas/stored-file-options'
import { createToken, sha256 } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'

import { type Actor, recordAudit } from './audit.server'
import { assertActorMay, assertId, requireFound } from './records.server'
import { type FileReader, getFile, readFileBytes } from './stored-file.server'

const ENTITY = 'fileShare'
const NOT_FOUND = 'files.errors.shareNotFound'
const DAY_MS = 86_400_000

/** The link's absolute address for a token, on APP_URL (never the request's Host). */
export function shareUrl(token: string) {
  return appUrl(href('/share/:token', { token }))
}

const shareSelect = {
  id: true,
  fileId: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
  createdAt: true,
  createdBy: { select: { id: true, firstName: true, lastName: true } },
} as const

export function serializeFileShare(share: Prisma.FileShareGetPayload<{ select: typeof shareSelect }>) {
  return {
    id: share.id,
    fileId: share.fileId,
    expiresAt: share.expiresAt.toISOString(),
    revokedAt: share.revokedAt?.toISOString() ?? null,
    lastUsedAt: share.lastUsedAt?.toISOString() ?? null,
    createdAt: share.createdAt.toISOString(),
    createdBy: share.createdBy ? { id: share.createdBy.id, name: `${share.createdBy.firstName} ${share.createdBy.lastName}`.trim() } : null,
  }
}
export type FileShareDto = ReturnType<typeof serializeFileShare>

/** A file's links, newest first (the file page lists them with their state). */
export async function listFileShares(reader: FileReader, fileId: string) {
  const file = await getFile(reader, fileId)
  const rows = await prisma.fileShare.findMany({
    where: { organizationId: reader.organizationId, fileId: file.id },
    select: shareSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
  })
  return rows.map(serializeFileShare)
}

/** A new link for a file the reader sees: the token is in this answer only (its URL). */
export async function createFileShare(reader: FileReader, actor: Actor, fileId: string, input: FileShareCreateInput, now = new Date()) {
  assertActorMay(actor, 'create', 'file')
  const file = await getFile(reader, fileId)
  const days = Math.min(input.expiresInDays, FILE_SHARE_MAX_DAYS)
  const { token, tokenHash } = createToken()
  return prisma.$transaction(async (tx) => {
    const share = await tx.fileShare.create({
      data: {
        organizationId: reader.organizationId,
        fileId: file.id,
        tokenHash,
        expiresAt: new Date(now.getTime() + days * DAY_MS),
        createdById: actor.userId,
      },
      select: shareSelect,
    })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: share.id,
      action: 'create',
      after: { fileId: file.id, fileName: file.fileName, expiresAt: share.expiresAt },
    })
    return { ...serializeFileShare(share), url: shareUrl(token), fileName: file.fileName }
  })
}

/** Revokes a link (its page is then a 404); revoking it again changes nothing. A file the reader does not see: 404. */
export async function revokeFileShare(reader: FileReader, actor: Actor, shareId: string, now = new Date()) {
  assertActorMay(actor, 'create', 'file')
  assertId(shareId, NOT_FOUND)
  const found = requireFound(
    await prisma.fileShare.findFirst({ where: { id: shareId, organizationId: reader.organizationId }, select: { fileId: true } }),
    NOT_FOUND,
  )
  await getFile(reader, found.fileId).catch(() => {
    throw new DomainError('not_found', NOT_FOUND)
  })
  return prisma.$transaction(async (tx) => {
    const share = requireFound(await tx.fileShare.findFirst({ where: { id: shareId, organizationId: reader.organizationId }, select: shareSelect }), NOT_FOUND)
    if (share.revokedAt) return serializeFileShare(share)
    const revoked = await tx.fileShare.update({ where: { id: share.id }, data: { revokedAt: now }, select: shareSelect })
    await recordAudit(tx, actor, {
      entity: ENTITY,
      entityId: share.id,
      action: 'delete',
      before: { fileId: share.fileId, revokedAt: null },
      after: { revokedAt: now },
    })
    return serializeFileShare(revoked)
  })
}

/** What `/share/{token}` sends, or null (unknown, tampered, revoked or expired: a 404). */
export async function sharedFile(token: string, now = new Date()) {
  if (!token || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) return null
  const share = await prisma.fileShare.findUnique({
    where: { tokenHash: sha256(token) },
    select: { id: true, organizationId: true, revokedAt: true, expiresAt: true, file: true },
  })
  if (!share || share.revokedAt || share.expiresAt <= now) return null
  const file = { kind: share.file.kind as never, storageKey: share.file.storageKey, record: { id: share.file.recordId } }
  const object = await readFileBytes(file, share.organizationId)
  if (!object) return null
  await prisma.fileShare.updateMany({ where: { id: share.id }, data: { lastUsedAt: now } })
  return { fileName: share.file.fileName, contentType: share.file.contentType, ...object }
}
