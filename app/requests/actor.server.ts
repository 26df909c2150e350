/**
 * Who is acting, for the models' audit trail and tenant checks: one helper for page actions
 * (session cookie) and API handlers (bearer token), so both record the same actor.
 */
import type { Actor } from '~/models/audit/audit.server'
import type { SessionUser } from '~/models/users/auth.server'
import type { ApiKeyScope } from '~/schemas/api-key-options'
import type { Action, Entity } from '~/utils/permissions'

import { type ApiCall, requireApiPermission } from './api.server'
import { getClientIp, requirePermission } from './session.server'

/** The signed-in user as the models' actor: their role, and an API key's scope when a key calls. */
export function actorOf(request: Request, user: Pick<SessionUser, 'id' | 'organizationId' | 'role'> & { apiKey?: { scope: ApiKeyScope } }): Actor {
  return { userId: user.id, organizationId: user.organizationId, ip: getClientIp(request), role: user.role, scope: user.apiKey?.scope ?? 'read_write' }
}

/** Page loaders and actions: signed in and allowed (else the sign-in or 403 page), and the actor. */
export async function requireActor(request: Request, action: Action, entity: Entity) {
  const user = await requirePermission(request, action, entity)
  return { user, actor: actorOf(request, user) }
}

/** API handlers: a valid token allowed to do this (else 401/403 in the envelope), and the actor. */
export async function requireApiActor(call: ApiCall, action: Action, entity: Entity) {
  const user = await requireApiPermission(call, action, entity)
  return { user, actor: actorOf(call.request, user) }
}
