import { z } from 'zod'

import { instant, ListMetaSchema, namedRef } from './api-record'
import { CHAT_BODY_MAX, CHAT_CONTENT_TYPES, CHAT_PAGE_SIZE, CONVERSATION_KINDS } from './chat-options'
import { optionalText } from './fields'
import { idText, requiredId, text } from './text'
import { ROLES } from './user-options'

/**
 * A new conversation, from /dashboard/chat/new and `POST /api/chat`: the other people (one: the
 * pair's one conversation; more: a group, with an optional title), or a load (its conversation,
 * opened or joined), and an optional first message.
 */
export const ConversationSchema = z
  .object({
    participantIds: z.array(requiredId()).max(50, 'validation.tooMany').default([]),
    title: optionalText(120),
    loadId: idText().optional(),
    body: optionalText(CHAT_BODY_MAX),
  })
  .superRefine((value, ctx) => {
    if (!value.loadId && value.participantIds.length === 0)
      ctx.addIssue({ code: 'custom', message: 'chat.errors.participantsRequired', path: ['participantIds'] })
  })
export type ConversationInput = z.infer<typeof ConversationSchema>

/** A message's text (`POST /api/chat/{id}/messages` as JSON, the page's form without a file). */
export const ChatMessageSchema = z.object({
  body: text({ error: 'validation.required' }).trim().min(1, 'chat.errors.bodyRequired').max(CHAT_BODY_MAX, 'validation.tooLong'),
})

/** The text beside a file: optional. */
export const ChatCaptionSchema = z.object({ body: optionalText(CHAT_BODY_MAX) })

/** Paging back through a conversation: the messages before this one. */
export const ChatHistoryQuery = z.object({ before: idText().optional() })

/** Marking a conversation read from its page (its stream saw a new message): nothing but the intent. */
export const ChatReadSchema = z.object({})

/** `POST /api/chat/{id}/read`: no body, or `{}`; nothing else is accepted. */
export const ChatReadBodySchema = z.strictObject({})

/** A chat message as the API answers it (serializeMessage), alone, as a conversation's last or in its page. */
export const ChatMessageRecordSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  body: z.string().describe('Plain text; show it as text, never as HTML.'),
  contentType: z.enum(CHAT_CONTENT_TYPES),
  attachments: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      contentType: z.string().describe('Detected from its bytes at upload: image/png, image/jpeg, image/webp or application/pdf.'),
      sizeBytes: z.number().int().min(0),
      url: z.string().describe('GET it with the same credential for the file.'),
    }),
  ),
  createdAt: instant(),
  senderId: z.string().nullable(),
  sender: namedRef().nullable().describe('Null for a message whose sender was removed.'),
})
export type ChatMessageRecord = z.infer<typeof ChatMessageRecordSchema>

/** A conversation as the API answers it (serializeConversation), for the caller. */
export const ConversationRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  title: z.string().nullable(),
  loadId: z.string().nullable(),
  loadNumber: z.string().nullable(),
  participants: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(ROLES) })),
  lastMessage: ChatMessageRecordSchema.nullable(),
  unreadCount: z.number().int().min(0).describe("The caller's unread messages in it."),
  lastReadAt: instant().nullable(),
  updatedAt: instant().describe('Its last message, else when it was made.'),
  version: z.number().int().min(1),
})
export type ConversationRecord = z.infer<typeof ConversationRecordSchema>

/** GET /api/chat/{id}: the conversation with a page of its messages, oldest first. */
export const ConversationPageSchema = z.object({
  data: ConversationRecordSchema.extend({ messages: z.array(ChatMessageRecordSchema) }),
  meta: z.object({
    hasMore: z.boolean(),
    before: z.string().nullable().describe(`Send it as \`?before=\` for the ${CHAT_PAGE_SIZE} messages before these; null at the start.`),
  }),
})

/** GET /api/chat: the caller's conversations, most recent first, with the list's `meta`. */
export const ConversationListSchema = z.object({ data: z.array(ConversationRecordSchema), meta: ListMetaSchema })

/** POST /api/chat/{id}/read. */
export const ChatReadRecordSchema = z.object({ id: z.string(), unreadCount: z.literal(0) })
export type ChatReadRecord = z.infer<typeof ChatReadRecordSchema>
