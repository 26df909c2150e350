/**
 * The audit trail's writer: every model write records its change here, in its transaction. It
 * imports no model, so any model may import it; the trail's reader (audit-log.server.ts) reads
 * other aggregates' names and the organization's zone.
 */
import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/policies/actor'
import type { Tx } from '~/utils/db.server'

/** Who acts (app/policies/actor.ts): re-exported where the models have always imported it. */
export type { Actor }

type Changes = Record<string, { before: unknown; after: unknown }>

function comparable(value: unknown) {
  return value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null)
}

/** The fields whose values differ, as before/after pairs (housekeeping columns left out). */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): Changes {
  const ignored = new Set(['updatedAt', 'createdAt', 'version', 'organizationId', 'id'])
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const changes: Changes = {}
  for (const key of keys) {
    if (ignored.has(key)) continue
    const a = before?.[key] ?? null
    const b = after?.[key] ?? null
    if (comparable(a) !== comparable(b)) changes[key] = { before: a, after: b }
  }
  return changes
}

export async function recordAudit(
  tx: Tx,
  actor: Actor,
  event: {
    entity: string
    entityId: string
    action: 'create' | 'update' | 'delete' | 'status'
    before?: Record<string, unknown> | null
    after?: Record<string, unknown> | null
  },
) {
  const changes = diffFields(event.before ?? null, event.after ?? null)
  await tx.auditEvent.create({
    data: {
      organizationId: actor.organizationId,
      userId: actor.userId,
      entity: event.entity,
      entityId: event.entityId,
      action: event.action,
      changes: JSON.parse(JSON.stringify(changes)) as Prisma.InputJsonValue,
      ip: actor.ip ?? null,
    },
  })
}
