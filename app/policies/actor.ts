/**
 * Who is acting, as every model write receives it (ADR 106): the user and organization for the
 * audit trail, and what they may do (their role, and an API key's scope). The models refuse
 * through actorRefusal before they read or write anything, so a route that forgets its check
 * still writes nothing; routes check the same permissions to decide what a page offers. No zod
 * and nothing server-only (ADR 047).
 */
import type { ApiKeyScope } from '~/schemas/api-key-options'
import { type Action, can, type Entity, type Role } from '~/utils/permissions'

import type { PolicyRefusal } from './refusal'

export type Actor = {
  userId: string | null
  organizationId: string
  ip?: string | null
  /**
   * The user's role; `system` for what the application does on its own behalf (a public form, a
   * payment page's token, a job, maintenance from the command line): the token or the job is
   * the permission, and the audit trail shows no user.
   */
  role: Role | 'system'
  /** A session acts read-write; an API key acts with its scope (a read-only key only reads). */
  scope: ApiKeyScope
}

/** The application acting for an organization, with no user: a public form, a token's page, a job. */
export function systemActor(organizationId: string, ip: string | null = null): Actor {
  return { userId: null, organizationId, ip, role: 'system', scope: 'read_write' }
}

/** Why this actor may not take `action` on `entity`, or null: the role matrix, then the key's scope. */
export function actorRefusal(actor: Pick<Actor, 'role' | 'scope'>, action: Action, entity: Entity): PolicyRefusal | null {
  if (actor.role === 'system') return null
  if (!can(actor.role, action, entity)) return { code: 'forbidden', key: 'api.forbidden' }
  if (actor.scope === 'read_only' && action !== 'read') return { code: 'forbidden', key: 'api.keyReadOnly' }
  return null
}
