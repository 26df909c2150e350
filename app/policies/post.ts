/**
 * The bulletin's policy (ADR 064): who reads which posts, who must acknowledge them, and
 * what may happen to a post and its comments. Plain functions, no zod, nothing server-only: the
 * post model refuses by them, the pages ask them what to offer.
 *
 * - Admins and dispatchers write posts and read drafts; every other role reads published posts
 *   only (a draft is "not found" for them).
 * - A published post that requires acknowledgment is acknowledged once by each reader; the readers
 *   expected to (and counted by the navigation's badge) are the roles that read but do not write.
 * - Admins see who has acknowledged, and when, and who has not.
 * - A post with acknowledgments is a compliance record: it is kept (409 `in_use`); set it back to
 *   draft to hide it.
 * - Anyone who reads a post comments on it, except a role that reads only (viewers),
 *   who neither comments nor acknowledges; the author deletes their own comment, an admin any.
 */
import type { PostStatus } from '~/schemas/post-options'
import { can, readsOnly, type Role, ROLES } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

/** Whether the role reads drafts (those who write posts). */
export function readsDrafts(role: Role) {
  return can(role, 'update', 'post')
}

/** The statuses the role may read: drafts only for those who write. */
export function readableStatuses(role: Role): readonly PostStatus[] | null {
  return readsDrafts(role) ? null : ['published']
}

/** Whether the role answers posts (acknowledges, comments): every reader but a role that reads only (viewers). */
export function respondsToPosts(role: Role) {
  return can(role, 'read', 'post') && !readsOnly(role)
}

/** Why this role may not acknowledge or comment, or null: a role that reads only (viewers). */
export function respondRefusal(role: Role): PolicyRefusal | null {
  return respondsToPosts(role) ? null : { code: 'forbidden', key: 'bulletins.errors.readOnly' }
}

/** The roles expected to acknowledge: they answer posts but do not write them (drivers, accountants). */
export const ACKNOWLEDGING_ROLES: readonly Role[] = ROLES.filter((role) => respondsToPosts(role) && !can(role, 'update', 'post'))

export function mustAcknowledge(role: Role) {
  return ACKNOWLEDGING_ROLES.includes(role)
}

/** Who sees the list of acknowledgments (who has, with the time, and who has not). */
export function seesAcknowledgments(role: Role) {
  return role === 'admin'
}

type PostState = { status: PostStatus; requiresAcknowledgment: boolean }

/** Why "I have read this" is refused on this post for this role, or null: only a published post that asks for it, by a role that answers posts. */
export function acknowledgeRefusal(post: PostState, role: Role): PolicyRefusal | null {
  const readOnly = respondRefusal(role)
  if (readOnly) return readOnly
  if (post.status !== 'published') return { code: 'invalid_transition', key: 'bulletins.errors.acknowledgeDraft' }
  if (!post.requiresAcknowledgment) return { code: 'invalid_transition', key: 'bulletins.errors.acknowledgeNotRequired' }
  return null
}

/** A post others have acknowledged is kept: the record of who read it. */
export function deletePostRefusal(post: { acknowledgmentCount: number }): PolicyRefusal | null {
  return post.acknowledgmentCount > 0 ? { code: 'in_use', key: 'bulletins.errors.acknowledgedKeep' } : null
}

/** Whether the user may delete this comment: their own, or any for an admin. */
export function canDeleteComment(user: { id: string; role: Role }, comment: { authorId: string | null }) {
  return user.role === 'admin' || (comment.authorId !== null && comment.authorId === user.id)
}

/** What the post page offers this user. */
export function postOffers(user: { id: string; role: Role }, post: PostState & { acknowledgedByMe: boolean; acknowledgmentCount: number }) {
  return {
    edit: can(user.role, 'update', 'post'),
    delete: can(user.role, 'delete', 'post') && !deletePostRefusal(post),
    // Offered to those asked to acknowledge; the model accepts anyone's (harmless).
    acknowledge: mustAcknowledge(user.role) && !acknowledgeRefusal(post, user.role) && !post.acknowledgedByMe,
    acknowledgments: seesAcknowledgments(user.role) && post.requiresAcknowledgment,
    comment: respondsToPosts(user.role),
  }
}
