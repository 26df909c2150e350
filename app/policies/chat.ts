/**
 * Who may read and write which conversation. Plain functions, no zod, nothing
 * server-only: the chat model refuses by them, the pages ask them what to offer.
 *
 * - A conversation is read by its participants only, in its organization (anyone else: 404,
 *   so a conversation's existence is not told to outsiders).
 * - Writing (posting, starting, reading marks) needs the `chat` create permission: viewers read
 *   the conversations they are in and write nothing (403).
 * - A load's conversation is its dispatcher and its driver, plus the office people who open it:
 *   a driver opens only the conversations of loads assigned to them, the office roles that read
 *   loads open any load's; the opener joins it.
 */
import { can, type Role } from '~/utils/permissions'

import { seesOwnLoadsOnly } from './load'
import type { PolicyRefusal } from './refusal'

export type ChatUser = { id: string; organizationId: string; role: Role }

/** Posting messages, starting conversations, marking them read. */
export function writeRefusal(role: Role): PolicyRefusal | null {
  return can(role, 'create', 'chat') ? null : { code: 'forbidden', key: 'chat.errors.readOnly' }
}

export const canWriteChat = (role: Role) => !writeRefusal(role)

/**
 * The conversations a user reads, as a query filter: those they take part in, in their
 * organization; a driver reads a load's conversation only while the load is theirs (taken off
 * it, the talk about it is no longer theirs to read, as the load is not).
 */
export function conversationScopeWhere(user: ChatUser) {
  return {
    organizationId: user.organizationId,
    participants: { some: { userId: user.id } },
    ...(seesOwnLoadsOnly(user.role) ? { OR: [{ loadId: null }, { load: { driverId: user.id } }] } : {}),
  }
}

/** Opening (and so joining) a load's conversation: its driver, or an office role that reads every load. */
export function loadConversationRefusal(user: ChatUser, load: { organizationId: string; driverId: string | null }): PolicyRefusal | null {
  const writing = writeRefusal(user.role)
  if (writing) return writing
  if (load.organizationId !== user.organizationId || !can(user.role, 'read', 'load')) return { code: 'forbidden', key: 'chat.errors.loadForbidden' }
  if (seesOwnLoadsOnly(user.role) && load.driverId !== user.id) return { code: 'forbidden', key: 'chat.errors.loadForbidden' }
  return null
}

/** The people a load's conversation starts with: its dispatcher and its driver, and the one opening it. */
export function loadConversationMembers(load: { dispatcherId: string | null; driverId: string | null }, openerId: string) {
  return [...new Set([openerId, load.dispatcherId, load.driverId].filter((id): id is string => Boolean(id)))]
}

/** The one conversation of two people: their ids sorted and joined by ":". */
export function directKey(a: string, b: string) {
  return [a, b].sort().join(':')
}

/** What a page offers in a conversation. */
export function chatOffers(role: Role) {
  return { write: canWriteChat(role) }
}
