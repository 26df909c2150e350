/**
 * The unread counts beside the navigation's items, for the dashboard layout's loader: one small
 * query per module, only for the modules the role may read. Each module owns its count.
 */
import { unreadChatCount } from '~/models/chat/chat.server'
import type { SessionUser } from '~/models/users/auth.server'
import { mustAcknowledge } from '~/policies/post'
import { can } from '~/utils/permissions'

import { unacknowledgedPostCount } from './bulletins/post.server'
import { unreadInboxCount } from './mail/mailbox.server'

/** Keyed as the navigation's badges (NavCounts in app/components/layout/nav-config.ts). */
export async function navCounts(user: SessionUser): Promise<{ mail: number; chat: number; bulletins: number }> {
  const [mail, chat, bulletins] = await Promise.all([
    // Unread messages in the user's own inbox and, for roles that read it, the shared one.
    can(user.role, 'read', 'mail') ? unreadInboxCount(user) : 0,
    // The sum of the user's unread counts over their conversations.
    can(user.role, 'read', 'chat') ? unreadChatCount(user) : 0,
    // Published bulletins the reader has still to acknowledge (drivers and the other readers who do not write them).
    mustAcknowledge(user.role) ? unacknowledgedPostCount(user) : 0,
  ])
  return { mail, chat, bulletins }
}
