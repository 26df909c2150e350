import { z } from 'zod'

import { CHAT_BODY_MAX } from './chat-options'
import { optionalText } from './fields'
import { idText, requiredId, text } from './text'

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
