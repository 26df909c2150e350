/**
 * Driver bulletins (the specification's blog; ADR 064): posts with a Markdown body
 * rendered and sanitized when written, a cover image through the storage module, tags, draft or
 * published; "I have read this" once per person; comments. Shared by /dashboard/blog/* and
 * /api/posts. Who reads what, who must acknowledge and what is refused: app/policies/post.ts.
 */
import { href } from 'react-router'

import type { Post, Prisma } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { containsAny, sortOrder } from '~/models/records/record-store.server'
import { assertActorMay, assertId, deleteVersioned, inBatches, listPage, requireFound, throwRefusal, updateVersioned } from '~/models/records/records.server'
import { detectImageType } from '~/models/users/user-avatar.server'
import { acknowledgeRefusal, ACKNOWLEDGING_ROLES, canDeleteComment, deletePostRefusal, readableStatuses, respondRefusal } from '~/policies/post'
import type { PostCommentRecord, PostInput, PostListQuery, PostRecord } from '~/schemas/post'
import { OVERVIEW_LATEST, POST_COVER_MAX_BYTES } from '~/schemas/post-options'
import { createToken } from '~/utils/crypto.server'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { safeFileName } from '~/utils/file-name'
import type { Role } from '~/utils/permissions'
import { renderPostMarkdown } from '~/utils/post-markdown.server'
import { fileStorage } from '~/utils/storage.server'

const NOT_FOUND = 'bulletins.errors.notFound'
const COMMENT_NOT_FOUND = 'bulletins.errors.commentNotFound'
const COVER_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const

/** Who reads: their organization, their role (drafts or not) and who they are (their acknowledgments). */
export type PostReader = { id: string; organizationId: string; role: Role }

const authorSelect = { select: { id: true, firstName: true, lastName: true } } as const

function postInclude(readerId: string) {
  return {
    author: authorSelect,
    _count: { select: { comments: true, acknowledgments: true } },
    acknowledgments: { where: { userId: readerId }, select: { at: true } },
  } satisfies Prisma.PostInclude
}

export type PostRow = Post & {
  author: { id: string; firstName: string; lastName: string } | null
  _count: { comments: number; acknowledgments: number }
  acknowledgments: { at: Date }[]
}

/** The posts a reader may see: their organization's, and only published ones unless they write. */
function readable(reader: PostReader): Prisma.PostWhereInput {
  const statuses = readableStatuses(reader.role)
  return { organizationId: reader.organizationId, ...(statuses ? { status: { in: [...statuses] } } : {}) }
}

/** The list's search and filters within what the reader may see: the page, the API and its CSV. */
function listWhere(reader: PostReader, query: PostListQuery): Prisma.PostWhereInput {
  return {
    AND: [
      readable(reader),
      query.status ? { status: query.status } : {},
      query.tag ? { tags: { has: query.tag } } : {},
      query.acknowledgment ? { requiresAcknowledgment: true } : {},
      query.acknowledgment === 'pending' ? { status: 'published', acknowledgments: { none: { userId: reader.id } } } : {},
      query.q ? { OR: containsAny(query.q, ['title', 'description', 'body']) } : {},
    ],
  }
}

/** One page of the posts the reader may see, with the list's search, filters and order. */
export async function listPosts(reader: PostReader, query: PostListQuery) {
  const where = listWhere(reader, query)
  return listPage(
    query,
    () => prisma.post.count({ where }),
    (window) =>
      prisma.post.findMany({
        where,
        include: postInclude(reader.id),
        // The counts and the reader's acknowledgment by their own queries: half the time of JSON joins per row (ADR 066).
        relationLoadStrategy: 'query',
        orderBy: sortOrder(query, { nullable: ['publishedAt'] }),
        ...window,
      }) as Promise<PostRow[]>,
  )
}

/** Every post the list's search and filters match, in its order, read in batches (`GET /api/posts?format=csv`). */
export async function* exportPosts(reader: PostReader, query: PostListQuery): AsyncGenerator<PostRow> {
  const where = listWhere(reader, query)
  const orderBy = sortOrder(query, { nullable: ['publishedAt'] })
  for await (const row of inBatches((window) => prisma.post.findMany({ where, include: postInclude(reader.id), orderBy, ...window }))) yield row as PostRow
}

/** The CSV's columns (the API's keys as headers): the post without its HTML. */
export const POST_CSV_COLUMNS: CsvColumn<PostRow>[] = [
  { key: 'title', label: 'bulletins.fields.title', value: (post) => post.title },
  { key: 'status', label: 'fields.status', value: (post) => post.status, valueLabel: (value) => `bulletins.status.${value}` },
  { key: 'publishedAt', label: 'bulletins.fields.publishedAt', value: (post) => post.publishedAt?.toISOString() ?? '' },
  { key: 'requiresAcknowledgment', label: 'bulletins.fields.requiresAcknowledgment', value: (post) => post.requiresAcknowledgment },
  { key: 'acknowledgmentsCount', label: 'bulletins.fields.acknowledgment', value: (post) => post._count.acknowledgments },
  { key: 'commentsCount', label: 'bulletins.fields.comments', value: (post) => post._count.comments },
  { key: 'tags', label: 'bulletins.fields.tags', value: (post) => post.tags.join(', ') },
  { key: 'description', label: 'bulletins.fields.description', value: (post) => post.description ?? '' },
  { key: 'body', label: 'bulletins.fields.body', value: (post) => post.body },
  { key: 'id', label: 'fields.id', value: (post) => post.id },
]

/** The tags the reader's posts use, for the list's filter. */
export async function listPostTags(reader: PostReader) {
  const rows = await prisma.$queryRaw<{ tag: string }[]>`
    SELECT DISTINCT unnest("tags") AS "tag" FROM "Post"
    WHERE "organizationId" = ${reader.organizationId} AND (${readableStatuses(reader.role) === null} OR "status" = 'published')
    ORDER BY 1 LIMIT 200`
  return rows.map((row) => row.tag)
}

/** One post the reader may see (a draft for a driver, or another organization's: not found). */
export async function getPost(reader: PostReader, id: string): Promise<PostRow> {
  assertId(id, NOT_FOUND)
  return requireFound(
    (await prisma.post.findFirst({ where: { AND: [readable(reader), { id }] }, include: postInclude(reader.id) })) as PostRow | null,
    NOT_FOUND,
  )
}

/** The overview: counts, the latest published posts, and those the reader has still to acknowledge (oldest first). */
export async function postOverview(reader: PostReader) {
  const base = readable(reader)
  const pendingWhere: Prisma.PostWhereInput = {
    organizationId: reader.organizationId,
    status: 'published',
    requiresAcknowledgment: true,
    acknowledgments: { none: { userId: reader.id } },
  }
  const [published, drafts, requiring, pendingCount, pending, latest] = await Promise.all([
    prisma.post.count({ where: { organizationId: reader.organizationId, status: 'published' } }),
    readableStatuses(reader.role) ? Promise.resolve(0) : prisma.post.count({ where: { organizationId: reader.organizationId, status: 'draft' } }),
    prisma.post.count({ where: { organizationId: reader.organizationId, status: 'published', requiresAcknowledgment: true } }),
    prisma.post.count({ where: pendingWhere }),
    prisma.post.findMany({ where: pendingWhere, include: postInclude(reader.id), orderBy: [{ publishedAt: 'asc' }, { id: 'asc' }], take: 10 }),
    prisma.post.findMany({
      where: { AND: [base, { status: 'published' }] },
      include: postInclude(reader.id),
      orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
      take: OVERVIEW_LATEST,
    }),
  ])
  return { counts: { published, drafts, requiring, pending: pendingCount }, pending: pending as PostRow[], latest: latest as PostRow[] }
}

/** The navigation's badge: published posts that require acknowledgment and that this user has not acknowledged. */
export function unacknowledgedPostCount(user: { id: string; organizationId: string }) {
  return prisma.post.count({
    where: { organizationId: user.organizationId, status: 'published', requiresAcknowledgment: true, acknowledgments: { none: { userId: user.id } } },
  })
}

// --- The cover image -------------------------------------------------------------------------

/** A cover checked and held in memory, ready to store. */
export type CheckedCover = { fileName: string; contentType: string; bytes: Uint8Array }

function coverError(code: 'payload_too_large' | 'unsupported_media_type', key: string): never {
  throw new DomainError(code, 'validation.failed', { fields: { cover: [key] } })
}

/** The form's cover file, checked by size and by its first bytes (PNG, JPEG or WebP), or null when none was chosen. */
export async function checkCover(file: FormDataEntryValue | null): Promise<CheckedCover | null> {
  if (!file || typeof file === 'string' || file.size === 0) return null
  if (file.size > POST_COVER_MAX_BYTES) coverError('payload_too_large', 'bulletins.errors.coverTooLarge')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = detectImageType(bytes)
  if (!type) coverError('unsupported_media_type', 'bulletins.errors.coverType')
  return { fileName: safeFileName(file.name, type), contentType: COVER_TYPES[type], bytes }
}

async function storeCover(organizationId: string, cover: CheckedCover) {
  const key = `posts/${organizationId}/${createToken().token.slice(0, 24)}`
  await fileStorage().put(
    key,
    (async function* () {
      yield cover.bytes
    })(),
  )
  return key
}

async function removeCoverFile(key: string | null | undefined) {
  if (!key) return
  try {
    await fileStorage().delete(key)
  } catch (error) {
    console.warn('[freightdesk] could not remove a bulletin cover', key, error)
  }
}

function coverColumns(key: string | null, cover: CheckedCover | null) {
  return {
    coverStorageKey: key,
    coverContentType: cover?.contentType ?? null,
    coverFileName: cover?.fileName ?? null,
    coverSizeBytes: cover?.bytes.byteLength ?? null,
  }
}

/** A post's cover as a stream, for a reader who may see the post (else null). */
export async function readPostCover(reader: PostReader, id: string) {
  const post = await getPost(reader, id).catch(() => null)
  if (!post?.coverStorageKey || !post.coverContentType) return null
  const object = await fileStorage().get(post.coverStorageKey)
  return object ? { ...object, contentType: post.coverContentType, fileName: post.coverFileName ?? 'cover' } : null
}

// --- Writes ----------------------------------------------------------------------------------

/** The columns a write stores: the body's HTML rendered and sanitized now, never taken from the client. */
function postColumns(input: PostInput) {
  return {
    title: input.title,
    description: input.description || null,
    body: input.body,
    bodyHtml: renderPostMarkdown(input.body),
    tags: input.tags,
    status: input.status,
    requiresAcknowledgment: input.requiresAcknowledgment,
  }
}

/** What the audit log keeps of a post (not the rendered HTML, not the storage key). */
function audited(post: Partial<Post>) {
  const { bodyHtml: _html, coverStorageKey: _key, coverContentType: _type, coverSizeBytes: _size, ...rest } = post
  return rest as Record<string, unknown>
}

/** Writes a new post (published now, when it is published), with its cover when given. */
export async function createPost(actor: Actor, input: PostInput, cover: CheckedCover | null = null) {
  assertActorMay(actor, 'create', 'post')
  const key = cover ? await storeCover(actor.organizationId, cover) : null
  try {
    const post = await prisma.$transaction(async (tx) => {
      const data = { ...postColumns(input), publishedAt: input.status === 'published' ? new Date() : null, ...coverColumns(key, cover) }
      const row = await tx.post.create({ data: { ...data, organizationId: actor.organizationId, authorId: actor.userId } })
      await recordAudit(tx, actor, { entity: 'post', entityId: row.id, action: 'create', after: audited(data) })
      return row
    })
    return post
  } catch (error) {
    await removeCoverFile(key)
    throw error
  }
}

/**
 * Saves the whole post if nobody changed it since `version` was read (else 409, nothing written).
 * Published now when it moves to published; back to draft, it loses its date. A new cover
 * replaces the old one, `removeCover` drops it; the old file goes after the row.
 */
export async function updatePost(
  actor: Actor,
  reader: PostReader,
  id: string,
  input: PostInput & { version: number },
  change: { cover?: CheckedCover | null; removeCover?: boolean } = {},
) {
  assertActorMay(actor, 'update', 'post')
  const { organizationId } = actor
  const cover = change.cover ?? null
  const key = cover ? await storeCover(organizationId, cover) : null
  let replaced: string | null = null
  try {
    await prisma.$transaction(async (tx) => {
      const { before, data } = await updateVersioned(tx.post, { id, organizationId }, input.version, NOT_FOUND, async (stored) => {
        const publishedAt = input.status === 'published' ? (stored.status === 'published' ? stored.publishedAt : new Date()) : null
        const covers = cover ? coverColumns(key, cover) : change.removeCover ? coverColumns(null, null) : {}
        return { ...postColumns(input), publishedAt, ...covers }
      })
      if ((cover || change.removeCover) && before.coverStorageKey) replaced = before.coverStorageKey
      await recordAudit(tx, actor, { entity: 'post', entityId: id, action: 'update', before: audited(before), after: audited({ ...before, ...data }) })
    })
  } catch (error) {
    await removeCoverFile(key)
    throw error
  }
  await removeCoverFile(replaced)
  return getPost(reader, id)
}

/**
 * Deletes a post if it is still the version the client saw (when one is given) and nobody has
 * acknowledged it (409 `in_use`: set it back to draft instead). The row is locked first, so an
 * acknowledgment at the same moment either lands before (and the delete refuses) or finds it gone.
 */
export async function deletePost(actor: Actor, id: string, version?: number) {
  assertActorMay(actor, 'delete', 'post')
  const { organizationId } = actor
  assertId(id, NOT_FOUND)
  const before = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Post" WHERE "id" = ${id} AND "organizationId" = ${organizationId} FOR UPDATE`
    const acknowledgmentCount = await tx.postAcknowledgment.count({ where: { postId: id, organizationId } })
    throwRefusal(deletePostRefusal({ acknowledgmentCount }), { count: acknowledgmentCount })
    const row = await deleteVersioned(tx.post, { id, organizationId }, version, NOT_FOUND)
    await recordAudit(tx, actor, { entity: 'post', entityId: id, action: 'delete', before: audited(row) })
    return row
  })
  await removeCoverFile(before.coverStorageKey)
  return before
}

/**
 * "I have read this": records the reader once (the primary key holds it; a second press, or two
 * at the same moment, keeps the first time). Only a published post that requires it.
 */
export async function acknowledgePost(reader: PostReader, id: string) {
  const post = await getPost(reader, id)
  throwRefusal(acknowledgeRefusal(post, reader.role))
  await prisma.postAcknowledgment.createMany({
    data: [{ postId: post.id, userId: reader.id, organizationId: reader.organizationId }],
    skipDuplicates: true,
  })
  return prisma.postAcknowledgment.findUniqueOrThrow({ where: { postId_userId: { postId: post.id, userId: reader.id } } })
}

const displayName = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim()

/**
 * Who has acknowledged the post (with the time, first first), and who of the readers expected to
 * (active users of the acknowledging roles) has not.
 */
export async function postAcknowledgments(organizationId: string, postId: string) {
  const [rows, expected] = await Promise.all([
    prisma.postAcknowledgment.findMany({
      where: { postId, organizationId },
      include: { user: { select: { id: true, firstName: true, lastName: true, role: true } } },
      orderBy: [{ at: 'asc' }, { userId: 'asc' }],
    }),
    prisma.user.findMany({
      where: { organizationId, status: 'active', role: { in: [...ACKNOWLEDGING_ROLES] } },
      select: { id: true, firstName: true, lastName: true, role: true },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
    }),
  ])
  const done = new Set(rows.map((row) => row.userId))
  return {
    acknowledged: rows.map((row) => ({ userId: row.userId, name: displayName(row.user), role: row.user.role, at: row.at })),
    pending: expected.filter((user) => !done.has(user.id)).map((user) => ({ userId: user.id, name: displayName(user), role: user.role })),
  }
}

// --- Comments --------------------------------------------------------------------------------

/** The comments under a post the reader may see, oldest first. */
export async function listPostComments(reader: PostReader, postId: string) {
  const post = await getPost(reader, postId)
  return prisma.postComment.findMany({
    where: { postId: post.id, organizationId: reader.organizationId },
    include: { author: authorSelect },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: 500,
  })
}

/** Adds a comment under a post the reader may see (a draft for a driver: not found); a viewer reads only (403). */
export async function addPostComment(reader: PostReader, postId: string, body: string) {
  const post = await getPost(reader, postId)
  throwRefusal(respondRefusal(reader.role))
  return prisma.postComment.create({
    data: { postId: post.id, organizationId: reader.organizationId, authorId: reader.id, body },
    include: { author: authorSelect },
  })
}

/** Deletes a comment: the author's own, or any for an admin (someone else's is audited). */
export async function deletePostComment(actor: Actor, reader: PostReader, postId: string, commentId: string) {
  // A role that reads only never wrote a comment to delete (the bulletin policy).
  throwRefusal(respondRefusal(reader.role))
  assertId(commentId, COMMENT_NOT_FOUND)
  const post = await getPost(reader, postId)
  return prisma.$transaction(async (tx) => {
    const comment = requireFound(
      await tx.postComment.findFirst({ where: { id: commentId, postId: post.id, organizationId: reader.organizationId } }),
      COMMENT_NOT_FOUND,
    )
    if (!canDeleteComment(reader, comment)) throw new DomainError('forbidden', 'bulletins.errors.commentNotYours')
    await tx.postComment.delete({ where: { id: comment.id } })
    if (comment.authorId !== reader.id)
      await recordAudit(tx, actor, { entity: 'post', entityId: post.id, action: 'update', before: { comment: comment.body }, after: { comment: null } })
    return comment
  })
}

// --- The API's shape -------------------------------------------------------------------------

/** The author's name for pages and the API. */
export function authorName(author: { firstName: string; lastName: string } | null) {
  return author ? displayName(author) : null
}

/** A post as the API answers it (and the pages read it): the reader's own acknowledgment, the counts, the cover's address. */
/** The cover as the API shows it: stored with its name, type and size, or none. */
function serializeCover(post: PostRow): PostRecord['cover'] {
  const { coverStorageKey, coverFileName, coverContentType, coverSizeBytes } = post
  if (!coverStorageKey || coverFileName === null || coverContentType === null || coverSizeBytes === null) return null
  return { url: href('/api/posts/:id/cover', { id: post.id }), fileName: coverFileName, contentType: coverContentType, sizeBytes: coverSizeBytes }
}

export function serializePost(post: PostRow): PostRecord {
  return {
    id: post.id,
    title: post.title,
    description: post.description,
    body: post.body,
    bodyHtml: post.bodyHtml,
    tags: post.tags,
    status: post.status,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    requiresAcknowledgment: post.requiresAcknowledgment,
    acknowledgedByMe: post.acknowledgments.length > 0,
    acknowledgedAt: post.acknowledgments[0]?.at.toISOString() ?? null,
    commentsCount: post._count.comments,
    acknowledgmentsCount: post._count.acknowledgments,
    author: post.author ? { id: post.author.id, name: displayName(post.author) } : null,
    cover: serializeCover(post),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    version: post.version,
  }
}

export function serializeComment(comment: {
  id: string
  postId: string
  body: string
  createdAt: Date
  author: { id: string; firstName: string; lastName: string } | null
}): PostCommentRecord {
  return {
    id: comment.id,
    postId: comment.postId,
    body: comment.body,
    author: comment.author ? { id: comment.author.id, name: displayName(comment.author) } : null,
    createdAt: comment.createdAt.toISOString(),
  }
}
