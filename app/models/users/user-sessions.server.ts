/** One's own sessions and API tokens: the list on the account page and "sign out everywhere else". */
import type { Actor } from '~/models/audit/audit.server'
import { prisma } from '~/utils/db.server'

/** The user's sessions and API tokens, newest first, for the account page. */
export function listOwnSessions(userId: string) {
  return prisma.session.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    select: { id: true, kind: true, ip: true, userAgent: true, createdAt: true, lastSeenAt: true },
    orderBy: { createdAt: 'desc' },
  })
}

/** "Sign out everywhere else": every session and token but the one making the request. */
export async function signOutOtherSessions(actor: Actor & { userId: string }, sessionId: string) {
  const { count } = await prisma.session.deleteMany({ where: { userId: actor.userId, NOT: { id: sessionId } } })
  return count
}
