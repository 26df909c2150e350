/**
 * Chat: the accepted attachment types, the size limit and the page size, zod-free so
 * pages, the model, the edge (`upload` exports) and the OpenAPI document share them.
 */

/** Photos, by their bytes: shown inline in the conversation. */
export const CHAT_IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const
/** Files, by their bytes: offered as a download. */
export const CHAT_FILE_TYPES = { 'application/pdf': 'pdf' } as const
export const CHAT_ATTACHMENT_TYPES = { ...CHAT_IMAGE_TYPES, ...CHAT_FILE_TYPES } as const
export type ChatAttachmentType = keyof typeof CHAT_ATTACHMENT_TYPES

/** 10 MB per file. */
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024

/** Messages per page of history (`?before=` pages further back). */
export const CHAT_PAGE_SIZE = 50

/** A message's text, in characters. */
export const CHAT_BODY_MAX = 4000

/** What the photo input offers (a hint for the picker; the server decides by content). */
export const CHAT_IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp'

/** A conversation between two people, a group, or the one of a load (its dispatcher and driver). */
export const CONVERSATION_KINDS = ['direct', 'group', 'load'] as const
export type ConversationKind = (typeof CONVERSATION_KINDS)[number]

export const CHAT_CONTENT_TYPES = ['text', 'image', 'file'] as const
export type ChatContentType = (typeof CHAT_CONTENT_TYPES)[number]

export function isChatAttachmentType(value: string): value is ChatAttachmentType {
  return value in CHAT_ATTACHMENT_TYPES
}
