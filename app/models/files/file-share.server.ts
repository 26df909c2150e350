/**
 * Share links of one stored file (ADR 067): `/share/{token}` downloads the file, signed out. As
 * tracking links (ADR 063): 32 random bytes, only their sha256 stored, so the link is shown once,
 * when made; it works until it expires (at most 30 days) or is revoked, and goes with its file.
 */
import { href } from 'react-router'

import type { Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, requireFound } from '~/models/records/records.server'
import { newShareLink, openShareLink, revokeShareLink, shareLinkMakerSelect, shareLinkRow } from '~/models/share-link.server'
import type { FileShareCreateInput } from '~/schemas/stored-file'
import { FILE_SHARE_MAX_DAYS } from '~/schemas/stored-file-options'
import { prisma } from '~/utils/db.server'
import { appUrl } from '~/utils/env.server'
import { DomainError } from '~/utils/errors.server'

import { type FileReader, getFile, readFileBytes } from './stored-file.server'

const ENTITY = 'fileShare'
const NOT_FOUND = 'files.errors.shareNotFound'

/** The link's absolute address for a token, on APP_URL (never the request's Host). */
function shareUrl(token: string) {
  return appUrl(href('/share/:token', { token }))
}

const shareSelect = { id: true, fileId: true, expiresAt: true, revokedAt: true, lastUsedAt: true, createdAt: true, ...shareLinkMakerSelect } as const

/** A link as the file page lists it: the share-link service's row. */
function fileShareRow(share: Prisma.FileShareGetPayload<{ select: typeof shareSelect }>, now?: Date) {
  return shareLinkRow(share, share.lastUsedAt, now)
}

/** A file's links, newest first, each with its state (the file page's share-links card). */
export async function listFileShares(reader: FileReader, fileId: string, now = new Date()) {
  const file = await getFile(reader, fileId)
  const rows = await prisma.fileShare.findMany({
    where: { organizationId: reader.organizationId, fileId: file.id },
    select: shareSelect,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
  })
  return rows.map((row) => fileShareRow(row, now))
}

/** A new link for a file the reader sees: the token is in this answer only (its URL). */
export async function createFileShare(reader: FileReader, actor: Actor, fileId: string, input: FileShareCreateInput, now = new Date()) {
  assertActorMay(actor, 'create', 'file')
  const file = await getFile(reader, fileId)
  const { token, tokenHash, expiresAt } = newShareLink(now, input.expiresInDays, FILE_SHARE_MAX_DAYS)
  return prisma.$transaction(async (tx) => {
    const share = await tx.fileShare.create({
      data: {
        organizationId: reader.organizationId,
        fileId: file.id,
        tokenHash,
        expiresAt,
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
    return { ...fileShareRow(share, now), url: shareUrl(token), fileName: file.fileName }
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
    const revoked = await revokeShareLink(share, now, async (revokedAt) => {
      const row = await tx.fileShare.update({ where: { id: share.id }, data: { revokedAt }, select: shareSelect })
      await recordAudit(tx, actor, {
        entity: ENTITY,
        entityId: share.id,
        action: 'delete',
        before: { fileId: share.fileId, revokedAt: null },
        after: { revokedAt },
      })
      return row
    })
    return fileShareRow(revoked, now)
  })
}

/** What `/share/{token}` sends, or null (unknown, tampered, revoked or expired: a 404). */
export async function sharedFile(token: unknown, now = new Date()) {
  const share = await openShareLink(token, now, (tokenHash) =>
    prisma.fileShare.findUnique({ where: { tokenHash }, select: { id: true, organizationId: true, revokedAt: true, expiresAt: true, file: true } }),
  )
  if (!share) return null
  const file = { kind: share.file.kind as never, storageKey: share.file.storageKey, record: { id: share.file.recordId } }
  const object = await readFileBytes(file, share.organizationId)
  if (!object) return null
  await prisma.fileShare.updateMany({ where: { id: share.id }, data: { lastUsedAt: now } })
  return { fileName: share.file.fileName, contentType: share.file.contentType, ...object }
}
