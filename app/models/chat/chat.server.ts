/**
 * Chat: conversations between people of one organization (a pair's one conversation,
 * groups, one per load), their messages with text, photos and files, and each person's unread
 * count. Shared by the pages under /dashboard/chat and /api/chat; who may do what is
 * app/policies/chat.ts. A new message is announced on the `freightdesk_chat` channel inside its
 * transaction (NOTIFY is sent at commit): app/models/chat/chat-events.server.ts carries it to the open
 * event streams of every app server (ADR 056).
 */
import { randomBytes } from 'node:crypto'

import { fileTypeFromBuffer } from 'file-type'
import { href } from 'react-router'

import { type Prisma } from '~/generated/prisma/client'
import { safeFileName, storedFileHeaders } from '~/models/loads/load-document.server'
import { assertId, isUniqueViolation, requireFound, throwRefusal } from '~/models/records/records.server'
import { type ChatUser, conversationScopeWhere, directKey, loadConversationMembers, loadConversationRefusal, writeRefusal } from '~/policies/chat'
import { loadScope, loadScopeWhere } from '~/policies/load'
import type { ChatMessageRecord, ChatReadRecord, ConversationInput, ConversationRecord } from '~/schemas/chat'
import { CHAT_ATTACHMENT_TYPES, CHAT_FILE_MAX_BYTES, CHAT_IMAGE_TYPES, CHAT_PAGE_SIZE, isChatAttachmentType } from '~/schemas/chat-options'
import { isId } from '~/schemas/text'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { can } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

export type { ChatUser }

const NOT_FOUND = 'chat.errors.notFound'
/** The NOTIFY channel; its payload is `<conversationId>:<messageId>` (small, far under the 8000-byte limit). */
export const CHAT_CHANNEL = 'freightdesk_chat'
/** The conversations a list shows, most recent first. */
/** Conversations per page of the list (the page and GET /api/chat). */
export const CONVERSATION_PAGE_SIZE = 100

const personSelect = { id: true, firstName: true, lastName: true, role: true } as const
const messageInclude = {
  attachments: { select: { id: true, fileName: true, contentType: true, sizeBytes: true }, orderBy: { createdAt: 'asc' } },
  sender: { select: personSelect },
} as const satisfies Prisma.ChatMessageInclude
const conversationInclude = {
  participants: { include: { user: { select: personSelect } }, orderBy: { joinedAt: 'asc' } },
  messages: { take: 1, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], include: messageInclude },
  load: { select: { loadNumber: true } },
} as const satisfies Prisma.ConversationInclude

type MessageRow = Prisma.ChatMessageGetPayload<{ include: typeof messageInclude }>
type ConversationRow = Prisma.ConversationGetPayload<{ include: typeof conversationInclude }>
type Person = { id: string; firstName: string; lastName: string; role: string }

const personName = (person: Pick<Person, 'firstName' | 'lastName'>) => `${person.firstName} ${person.lastName}`.trim()

// ---- Shapes (the API's, which the pages read too) ----

export function serializeMessage(message: MessageRow): ChatMessageRecord {
  return {
    id: message.id,
    conversationId: message.conversationId,
    body: message.body,
    contentType: message.contentType,
    attachments: message.attachments.map((attachment) => ({
      id: attachment.id,
      fileName: attachment.fileName,
      contentType: attachment.contentType,
      sizeBytes: attachment.sizeBytes,
      url: href('/api/chat/:id/attachments/:attachmentId', { id: message.conversationId, attachmentId: attachment.id }),
    })),
    createdAt: message.createdAt.toISOString(),
    senderId: message.senderId,
    sender: message.sender ? { id: message.sender.id, name: personName(message.sender) } : null,
  }
}
export type ChatMessageDto = ChatMessageRecord

export function serializeConversation(conversation: ConversationRow, userId: string): ConversationRecord {
  const me = conversation.participants.find((participant) => participant.userId === userId)
  const last = conversation.messages[0]
  return {
    id: conversation.id,
    kind: conversation.kind,
    title: conversation.title,
    loadId: conversation.loadId,
    loadNumber: conversation.load?.loadNumber ?? null,
    participants: conversation.participants.map(({ user }) => ({ id: user.id, name: personName(user), role: user.role })),
    lastMessage: last ? serializeMessage(last) : null,
    unreadCount: me?.unreadCount ?? 0,
    lastReadAt: me?.lastReadAt?.toISOString() ?? null,
    updatedAt: (conversation.lastMessageAt ?? conversation.createdAt).toISOString(),
    version: conversation.version,
  }
}
export type ConversationDto = ConversationRecord

// ---- Reading ----

/** A page number from `?page=` (1 when absent or not a whole number from 1). */
export function conversationPage(value: string | null) {
  const page = Number(value)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}

/**
 * One page of the user's conversations (CONVERSATION_PAGE_SIZE), most recent first, with their
 * unread counts and last messages, and how many there are in all: past the first hundred, pages.
 */
export async function listConversations(user: ChatUser, page = 1) {
  const where = conversationScopeWhere(user)
  const [rows, total] = await Promise.all([
    prisma.conversation.findMany({
      where,
      include: conversationInclude,
      orderBy: [{ lastMessageAt: { sort: 'desc', nulls: 'last' } }, { createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * CONVERSATION_PAGE_SIZE,
      take: CONVERSATION_PAGE_SIZE,
    }),
    prisma.conversation.count({ where }),
  ])
  return { items: rows.map((row) => serializeConversation(row, user.id)), total, page, pageSize: CONVERSATION_PAGE_SIZE }
}

/** Unread messages over all the user's conversations (the navigation badge). */
export async function unreadChatCount(user: ChatUser) {
  const { _sum } = await prisma.conversationParticipant.aggregate({
    where: { userId: user.id, conversation: conversationScopeWhere(user) },
    _sum: { unreadCount: true },
  })
  return _sum.unreadCount ?? 0
}

/** A conversation the user takes part in, in their organization; anything else is 404. */
async function findConversation(user: ChatUser, id: string, db: Tx | typeof prisma = prisma) {
  assertId(id, NOT_FOUND)
  return requireFound(
    await db.conversation.findFirst({
      where: { id, ...conversationScopeWhere(user) },
      include: conversationInclude,
    }),
    NOT_FOUND,
  )
}

/** May this user read the conversation? Throws 404 like every read (the event stream asks once, at its start). */
export async function assertConversationReader(user: ChatUser, id: string) {
  assertId(id, NOT_FOUND)
  const found = await prisma.conversationParticipant.findFirst({
    where: { conversationId: id, userId: user.id, conversation: conversationScopeWhere(user) },
    select: { conversationId: true },
  })
  return requireFound(found, NOT_FOUND).conversationId
}

/** Readers re-checked in one query: a hundred people's conversations at a time keeps each statement small. */
const READERS_PER_QUERY = 100

/**
 * Which of these people still read which of these conversations, as `userId:conversationId`: the
 * open event streams are re-checked by it when access may have changed (ADR 084). The same rule
 * as every read (conversationScopeWhere), with each person's role as it is now.
 */
export async function readableConversations(readers: ReadonlyArray<{ user: ChatUser; conversationId: string }>): Promise<Set<string>> {
  const byUser = new Map<string, { user: ChatUser; conversationIds: Set<string> }>()
  for (const { user, conversationId } of readers) {
    if (!can(user.role, 'read', 'chat')) continue
    const entry = byUser.get(user.id) ?? { user, conversationIds: new Set<string>() }
    entry.conversationIds.add(conversationId)
    byUser.set(user.id, entry)
  }
  const entries = [...byUser.values()]
  const readable = new Set<string>()
  for (let i = 0; i < entries.length; i += READERS_PER_QUERY) {
    const rows = await prisma.conversationParticipant.findMany({
      where: {
        OR: entries
          .slice(i, i + READERS_PER_QUERY)
          .map(({ user, conversationIds }) => ({ userId: user.id, conversationId: { in: [...conversationIds] }, conversation: conversationScopeWhere(user) })),
      },
      select: { userId: true, conversationId: true },
    })
    for (const row of rows) readable.add(`${row.userId}:${row.conversationId}`)
  }
  return readable
}

/** A page of messages, oldest first: the newest ones, or those before `before` (a message of this conversation). */
async function messagePage(conversationId: string, before: string | undefined) {
  let cursor: { createdAt: Date; id: string } | null = null
  if (before) {
    if (!isId(before)) throw new DomainError('validation_failed', 'validation.failed', { fields: { before: ['validation.choice'] } })
    cursor = await prisma.chatMessage.findFirst({ where: { id: before, conversationId }, select: { createdAt: true, id: true } })
    if (!cursor) throw new DomainError('validation_failed', 'validation.failed', { fields: { before: ['chat.errors.beforeUnknown'] } })
  }
  const rows = await prisma.chatMessage.findMany({
    where: {
      conversationId,
      ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}),
    },
    include: messageInclude,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: CHAT_PAGE_SIZE + 1,
  })
  const hasMore = rows.length > CHAT_PAGE_SIZE
  const messages = rows.slice(0, CHAT_PAGE_SIZE).reverse().map(serializeMessage)
  return { messages, hasMore, before: hasMore ? (messages[0]?.id ?? null) : null }
}

/** A conversation with a page of its messages (`before`: further back). Reading does not mark it read (markRead does). */
export async function getConversation(user: ChatUser, id: string, before?: string) {
  const conversation = await findConversation(user, id)
  const page = await messagePage(conversation.id, before)
  return { conversation: serializeConversation(conversation, user.id), ...page }
}

/** The messages after `afterId` (oldest first, at most a page): what a reconnecting stream missed. */
export async function messagesAfter(conversationId: string, afterId: string) {
  if (!isId(afterId)) return []
  const cursor = await prisma.chatMessage.findFirst({ where: { id: afterId, conversationId }, select: { createdAt: true, id: true } })
  if (!cursor) return []
  const rows = await prisma.chatMessage.findMany({
    where: { conversationId, OR: [{ createdAt: { gt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { gt: cursor.id } }] },
    include: messageInclude,
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: CHAT_PAGE_SIZE,
  })
  return rows.map(serializeMessage)
}

/** One message by id, for the event listener (it has the id from the notification). */
export async function readMessage(conversationId: string, messageId: string) {
  const row = await prisma.chatMessage.findFirst({ where: { id: messageId, conversationId }, include: messageInclude })
  return row ? serializeMessage(row) : null
}

// ---- Writing ----

/** Marks the conversation read for this user: their unread count to 0. */
export async function markRead(user: ChatUser, id: string): Promise<ChatReadRecord> {
  const conversationId = await assertConversationReader(user, id)
  // A viewer reads without writing messages; the read mark is theirs, so it is kept for them too.
  await prisma.conversationParticipant.update({
    where: { conversationId_userId: { conversationId, userId: user.id } },
    data: { unreadCount: 0, lastReadAt: new Date() },
  })
  return { id: conversationId, unreadCount: 0 }
}

async function insertMessage(
  tx: Tx,
  user: ChatUser,
  conversationId: string,
  message: {
    body: string
    contentType: 'text' | 'image' | 'file'
    attachment?: { fileName: string; contentType: string; sizeBytes: number; storageKey: string }
  },
) {
  const now = new Date()
  const row = await tx.chatMessage.create({
    data: {
      conversationId,
      organizationId: user.organizationId,
      senderId: user.id,
      body: message.body,
      contentType: message.contentType,
      createdAt: now,
      ...(message.attachment ? { attachments: { create: { ...message.attachment, organizationId: user.organizationId } } } : {}),
    },
    include: messageInclude,
  })
  await tx.conversation.update({ where: { id: conversationId }, data: { lastMessageAt: now, version: { increment: 1 } } })
  await tx.conversationParticipant.updateMany({ where: { conversationId, userId: { not: user.id } }, data: { unreadCount: { increment: 1 } } })
  await tx.conversationParticipant.updateMany({ where: { conversationId, userId: user.id }, data: { unreadCount: 0, lastReadAt: now } })
  // Sent at commit, never for a rolled-back message.
  await tx.$executeRaw`SELECT pg_notify(${CHAT_CHANNEL}, ${`${conversationId}:${row.id}`})`
  return row
}

/** Posts a text message; the other participants' unread counts grow. */
export async function postMessage(user: ChatUser, id: string, body: string) {
  throwRefusal(writeRefusal(user.role))
  const conversation = await findConversation(user, id)
  const row = await prisma.$transaction((tx) => insertMessage(tx, user, conversation.id, { body, contentType: 'text' }))
  return serializeMessage(row)
}

function fileError(code: 'validation_failed' | 'payload_too_large' | 'unsupported_media_type', key: string, params?: Record<string, unknown>) {
  return new DomainError(code, 'validation.failed', { fields: { file: [key] }, params })
}

/**
 * Posts a photo (PNG, JPEG, WebP: `image`) or a PDF (`file`) with an optional caption. The type
 * is read from the bytes (415 otherwise), at most CHAT_FILE_MAX_BYTES (413). The body reached the
 * route whole (the edge holds at most the route's `upload` limit), so the file is in memory here.
 */
export async function postFile(user: ChatUser, id: string, file: File, body = '') {
  throwRefusal(writeRefusal(user.role))
  const conversation = await findConversation(user, id)
  if (file.size === 0) throw fileError('validation_failed', 'chat.errors.fileEmpty')
  if (file.size > CHAT_FILE_MAX_BYTES) throw fileError('payload_too_large', 'chat.errors.fileTooLarge', { size: CHAT_FILE_MAX_BYTES / 1024 / 1024 })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const detected = await fileTypeFromBuffer(bytes)
  if (!detected || !isChatAttachmentType(detected.mime)) throw fileError('unsupported_media_type', 'chat.errors.fileType')
  const contentType = detected.mime
  const storageKey = `chat/${user.organizationId}/${conversation.id}/${randomBytes(18).toString('base64url')}`
  const storage = fileStorage()
  const sizeBytes = await storage.put(
    storageKey,
    (async function* () {
      yield bytes
    })(),
  )
  try {
    const row = await prisma.$transaction((tx) =>
      insertMessage(tx, user, conversation.id, {
        body,
        contentType: contentType in CHAT_IMAGE_TYPES ? 'image' : 'file',
        attachment: { fileName: safeFileName(file.name, CHAT_ATTACHMENT_TYPES[contentType]), contentType, sizeBytes, storageKey },
      }),
    )
    return serializeMessage(row)
  } catch (error) {
    await storage.delete(storageKey).catch(() => {})
    throw error
  }
}

/** The stored bytes of an attachment, for a participant of its conversation. */
export async function readChatAttachment(user: ChatUser, id: string, attachmentId: string) {
  const conversationId = await assertConversationReader(user, id)
  assertId(attachmentId, NOT_FOUND)
  const attachment = requireFound(
    await prisma.chatAttachment.findFirst({ where: { id: attachmentId, organizationId: user.organizationId, message: { conversationId } } }),
    NOT_FOUND,
  )
  const object = await fileStorage().get(attachment.storageKey)
  if (!object) throw new DomainError('not_found', NOT_FOUND)
  return { attachment, ...object }
}

/**
 * The answer's headers for an attachment: photos inline (shown in the conversation), PDFs as a
 * download; the type is the one detected at upload, with `nosniff`.
 */
export function attachmentHeaders(attachment: { fileName: string; contentType: string }, sizeBytes: number) {
  return storedFileHeaders(attachment, sizeBytes, { inline: attachment.contentType in CHAT_IMAGE_TYPES })
}

/** The people a conversation may have: active users of the organization (else a field error). */
async function assertPeople(user: ChatUser, ids: string[]) {
  if (ids.length === 0) return
  const found = await prisma.user.count({ where: { id: { in: ids }, organizationId: user.organizationId, status: 'active' } })
  if (found !== ids.length) throw new DomainError('validation_failed', 'validation.failed', { fields: { participantIds: ['chat.errors.participantUnknown'] } })
}

/** A load's conversation, created on first open; the opener, its dispatcher and its driver take part. */
async function openLoadConversation(user: ChatUser, loadId: string) {
  assertId(loadId, 'loads.errors.notFound')
  // A load the user may not see (another organization, a driver's other loads) is 404, as everywhere.
  const load = requireFound(
    await prisma.load.findFirst({
      where: { id: loadId, ...loadScopeWhere(loadScope(user)) },
      select: { id: true, organizationId: true, driverId: true, dispatcherId: true },
    }),
    'loads.errors.notFound',
  )
  throwRefusal(loadConversationRefusal(user, load))
  const members = loadConversationMembers(load, user.id)
  let existing = await prisma.conversation.findUnique({ where: { loadId: load.id }, select: { id: true } })
  let created = false
  if (!existing) {
    try {
      existing = await prisma.conversation.create({
        data: {
          organizationId: user.organizationId,
          kind: 'load',
          loadId: load.id,
          createdById: user.id,
          participants: { create: members.map((userId) => ({ userId })) },
        },
        select: { id: true },
      })
      created = true
    } catch (error) {
      // Two first opens at once: the other one made it.
      if (!isUniqueViolation(error, 'Conversation_loadId_key')) throw error
      existing = requireFound(await prisma.conversation.findUnique({ where: { loadId: load.id }, select: { id: true } }), NOT_FOUND)
    }
  }
  if (!created)
    await prisma.conversationParticipant.createMany({ data: members.map((userId) => ({ conversationId: existing.id, userId })), skipDuplicates: true })
  return { id: existing.id, created }
}

/** The pair's one conversation, created on first use. */
async function openDirectConversation(user: ChatUser, otherId: string) {
  const key = directKey(user.id, otherId)
  const found = await prisma.conversation.findUnique({
    where: { organizationId_directKey: { organizationId: user.organizationId, directKey: key } },
    select: { id: true },
  })
  if (found) return { id: found.id, created: false }
  try {
    const row = await prisma.conversation.create({
      data: {
        organizationId: user.organizationId,
        kind: 'direct',
        directKey: key,
        createdById: user.id,
        participants: { create: [{ userId: user.id }, { userId: otherId }] },
      },
      select: { id: true },
    })
    return { id: row.id, created: true }
  } catch (error) {
    if (!isUniqueViolation(error, 'Conversation_organizationId_directKey_key')) throw error
    const row = requireFound(
      await prisma.conversation.findUnique({
        where: { organizationId_directKey: { organizationId: user.organizationId, directKey: key } },
        select: { id: true },
      }),
      NOT_FOUND,
    )
    return { id: row.id, created: false }
  }
}

/**
 * Starts or opens a conversation: a load's (`loadId`), the pair's (one other person, no title) or
 * a group (more people, or a title). The first message, if any, is posted in it.
 */
export async function startConversation(user: ChatUser, input: ConversationInput) {
  throwRefusal(writeRefusal(user.role))
  let opened: { id: string; created: boolean }
  if (input.loadId) {
    opened = await openLoadConversation(user, input.loadId)
  } else {
    const others = [...new Set(input.participantIds)].filter((id) => id !== user.id)
    if (others.length === 0)
      throw new DomainError('validation_failed', 'validation.failed', { fields: { participantIds: ['chat.errors.participantsRequired'] } })
    await assertPeople(user, others)
    if (others.length === 1 && !input.title) opened = await openDirectConversation(user, others[0])
    else {
      const row = await prisma.conversation.create({
        data: {
          organizationId: user.organizationId,
          kind: 'group',
          title: input.title ?? null,
          createdById: user.id,
          participants: { create: [user.id, ...others].map((userId) => ({ userId })) },
        },
        select: { id: true },
      })
      opened = { id: row.id, created: true }
    }
  }
  if (input.body) await prisma.$transaction((tx) => insertMessage(tx, user, opened.id, { body: input.body!, contentType: 'text' }))
  const conversation = await findConversation(user, opened.id)
  return { conversation: serializeConversation(conversation, user.id), created: opened.created }
}

/** The people one may start a conversation with: the organization's active users but oneself. */
export async function chatPeople(user: ChatUser) {
  const rows = await prisma.user.findMany({
    where: { organizationId: user.organizationId, status: 'active', id: { not: user.id } },
    select: personSelect,
    orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }],
    take: 500,
  })
  return rows.map((row) => ({ id: row.id, name: personName(row), role: row.role }))
}
