/**
 * The mail policy (ADR 053): which mailbox a role reads and writes, and what may happen
 * to a message in which folder. The mail model refuses by it; the mail pages offer exactly what it
 * allows. No zod and nothing server-only: page components import it.
 *
 * Two kinds of mailbox: the organization's shared one (`shared`: what brokers and shippers write
 * to) and each user's own (`own`: mail between colleagues). Every role with `mail` has its own;
 * roles with `read sharedMail` read the shared one (drivers never). Viewers only read.
 */
import { MAIL_BOXES, type MailBox, type MailFolderName } from '~/schemas/mail-options'
import { can, type Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

const entityOf = (box: MailBox) => (box === 'shared' ? 'sharedMail' : 'mail')

/** Whether the role reads this mailbox. */
export function readsBox(role: Role, box: MailBox) {
  return can(role, 'read', entityOf(box))
}

/** Whether the role changes messages in this mailbox (stars, folders, sending from it). Viewers never. */
export function writesBox(role: Role, box: MailBox) {
  return can(role, 'update', entityOf(box))
}

/** The mailboxes the role reads, the shared one first. */
export function readableBoxes(role: Role): MailBox[] {
  return MAIL_BOXES.filter((box) => readsBox(role, box))
}

/** The mailbox /dashboard/mail opens: the shared one for the office, one's own for everyone else. */
export function defaultBox(role: Role): MailBox {
  return readsBox(role, 'shared') ? 'shared' : 'own'
}

/** The mailbox a message row is in. */
export function boxOf(message: { ownerId: string | null }): MailBox {
  return message.ownerId === null ? 'shared' : 'own'
}

export const MAIL_ACTIONS = ['read', 'star', 'important', 'label', 'edit', 'send', 'reply', 'forward', 'trash', 'restore', 'deleteForever'] as const
export type MailAction = (typeof MAIL_ACTIONS)[number]

type MessageState = { folder: MailFolderName }

/**
 * Why an action is refused on a message in this folder, or null when the folder allows it. Drafts
 * are the only messages edited and sent; sent and received mail is answered and forwarded, never
 * edited; trash restores to where the message came from or deletes for good.
 */
export function mailRefusal(action: MailAction, { folder }: MessageState): PolicyRefusal | null {
  switch (action) {
    case 'edit':
    case 'send':
      return folder === 'drafts' ? null : { code: 'invalid_transition', key: 'mail.errors.notDraft' }
    case 'reply':
    case 'forward':
      return folder === 'drafts' || folder === 'trash' ? { code: 'invalid_transition', key: 'mail.errors.cannotAnswer' } : null
    case 'trash':
      return folder === 'trash' ? { code: 'invalid_transition', key: 'mail.errors.alreadyTrash' } : null
    case 'restore':
    case 'deleteForever':
      return folder === 'trash' ? null : { code: 'invalid_transition', key: 'mail.errors.notInTrash' }
    default:
      return null
  }
}

/**
 * A move through the API's `folder` field: to trash from anywhere, out of trash only back to where
 * the message came from (a received message never becomes a sent one).
 */
export function mailMoveRefusal(from: MailFolderName, to: MailFolderName, trashedFrom: MailFolderName | null): PolicyRefusal | null {
  if (from === to) return null
  if (to === 'trash') return null
  if (from === 'trash' && to === (trashedFrom ?? 'inbox')) return null
  return { code: 'invalid_transition', key: 'mail.errors.move' }
}

/** What the mail pages offer this role on this message: the actions its mailbox and folder allow. */
export function mailOffers(role: Role, message: MessageState & { ownerId: string | null }): Record<MailAction, boolean> {
  const writes = writesBox(role, boxOf(message))
  return Object.fromEntries(MAIL_ACTIONS.map((action) => [action, writes && !mailRefusal(action, message)])) as Record<MailAction, boolean>
}

/**
 * The roles that send mail to outside addresses: the office. Drivers write to colleagues
 * and the shared mailbox only; viewers write nothing. Brokers and shippers hear from the office.
 */
export const OUTSIDE_MAIL_ROLES: readonly Role[] = ['admin', 'dispatcher', 'accountant', 'mechanic']

/** Whether the role may send to addresses outside the organization. */
export function mailsOutside(role: Role) {
  return OUTSIDE_MAIL_ROLES.includes(role)
}
