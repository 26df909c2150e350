/**
 * Maintenance mode (docs/decisions/069-operations.md): one row in `MaintenanceMode` while
 * it is on. Every app server reads it at most once per MAINTENANCE_CACHE_MS (2 s) and caches it
 * in the process, so all servers obey `npm run maintenance -- on|off` within a few seconds at the
 * cost of one indexed read per server every two seconds. The gate (app/middleware/maintenance-gate.ts)
 * acts on it for every request; the sign-in (only the site organization's admins sign in) and the
 * webhook deliveries (they wait) ask it too, so a restore under maintenance loses nothing.
 */
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { siteOrganizationId } from '~/models/organization/site.server'
import { assertActorMay } from '~/models/records/records.server'
import { systemActor } from '~/policies/actor'
import { MAINTENANCE_MESSAGE_MAX } from '~/schemas/maintenance'
import { prisma, type Tx } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import type { Role } from '~/utils/permissions'

export { MAINTENANCE_MESSAGE_MAX }

export type MaintenanceState = { message: string | null; until: Date | null; startedAt: Date; version: number }

const stateSelect = { message: true, until: true, startedAt: true, version: true } as const

/** How long a server trusts what it read (ms): the most another server's switch takes to be seen. */
export const MAINTENANCE_CACHE_MS = 2_000
/** Retry-After when no end time was given (seconds). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300

let cached: { at: number; state: MaintenanceState | null } | null = null

/** The mode as this server knows it (read again once the cache is 2 s old); null when off. */
export async function maintenanceState(): Promise<MaintenanceState | null> {
  if (cached && Date.now() - cached.at < MAINTENANCE_CACHE_MS) return cached.state
  const row = await prisma.maintenanceMode.findUnique({ where: { id: 1 }, select: stateSelect })
  cached = { at: Date.now(), state: row }
  return row
}

/** Who switched it: the page's admin, or (the script) nobody in particular of the site organization; null on an empty installation. */
async function auditActor(actor: Actor | null | undefined): Promise<Actor | null> {
  if (actor) return actor
  const organizationId = await siteOrganizationId()
  return organizationId ? systemActor(organizationId) : null
}

function audited(state: Pick<MaintenanceState, 'message' | 'until'> | null) {
  return state ? { on: true, message: state.message, until: state.until } : { on: false }
}

async function audit(tx: Tx, actor: Actor | null, action: 'create' | 'update' | 'delete', before: MaintenanceState | null, after: MaintenanceState | null) {
  if (actor) await recordAudit(tx, actor, { entity: 'maintenance', entityId: 'site', action, before: audited(before), after: audited(after) })
}

function stale(): never {
  throw new DomainError('conflict', 'maintenance.errors.conflict')
}

/**
 * Switches it on (or changes its message and end), for every server; audited in the site
 * organization (ADR 104). `version` is what the settings page saw: null when it saw the mode off
 * (someone else switching it on meanwhile is a conflict), a number when it saw it on (a change
 * since is a conflict). The script passes none: the operator at the machine has the last word.
 */
export async function startMaintenance(
  input: { message?: string | null; until?: Date | null },
  options: { actor?: Actor | null; version?: number | null } = {},
) {
  if (options.actor) assertActorMay(options.actor, 'update', 'organization')
  const message = input.message?.trim().slice(0, MAINTENANCE_MESSAGE_MAX) || null
  const until = input.until ?? null
  const actor = await auditActor(options.actor)
  const state = await prisma.$transaction(async (tx) => {
    const before = await tx.maintenanceMode.findUnique({ where: { id: 1 }, select: stateSelect })
    let after: MaintenanceState
    if (options.version === null || (options.version === undefined && !before)) {
      if (before) stale()
      try {
        after = await tx.maintenanceMode.create({ data: { id: 1, message, until }, select: stateSelect })
      } catch (error) {
        // Switched on by another request between the read and the insert.
        if ((error as { code?: string }).code === 'P2002') stale()
        throw error
      }
    } else {
      const { count } = await tx.maintenanceMode.updateMany({
        where: { id: 1, ...(options.version === undefined ? {} : { version: options.version }) },
        data: { message, until, version: { increment: 1 } },
      })
      if (count === 0) stale()
      after = (await tx.maintenanceMode.findUnique({ where: { id: 1 }, select: stateSelect }))!
    }
    await audit(tx, actor, before ? 'update' : 'create', before, after)
    return after
  })
  cached = null
  return state
}

/**
 * Switches it off; true when it was on. With `version` (the settings page), only as the page saw
 * it: off already, or changed since, is a conflict.
 */
export async function endMaintenance(options: { actor?: Actor | null; version?: number } = {}) {
  if (options.actor) assertActorMay(options.actor, 'update', 'organization')
  const actor = await auditActor(options.actor)
  const ended = await prisma.$transaction(async (tx) => {
    const before = await tx.maintenanceMode.findUnique({ where: { id: 1 }, select: stateSelect })
    const { count } = await tx.maintenanceMode.deleteMany({ where: { id: 1, ...(options.version === undefined ? {} : { version: options.version }) } })
    if (count === 0 && options.version !== undefined) stale()
    if (count > 0) await audit(tx, actor, 'delete', before, null)
    return count > 0
  })
  cached = null
  return ended
}

/** Seconds a client should wait: until the announced end, else MAINTENANCE_RETRY_AFTER_SECONDS. */
export function maintenanceRetryAfter(state: Pick<MaintenanceState, 'until'>, now = Date.now()) {
  const left = state.until ? Math.ceil((state.until.getTime() - now) / 1000) : 0
  return left > 0 ? left : MAINTENANCE_RETRY_AFTER_SECONDS
}

/**
 * Who uses the app while maintenance is on (the site organization's admins, to check it; everyone
 * else waits), and so who may switch it from the settings page (ADR 104): it stops every organization.
 */
export async function passesMaintenance(user: { role: Role; organizationId: string }) {
  return user.role === 'admin' && user.organizationId === (await siteOrganizationId())
}

/**
 * A sign-in during maintenance (checked after the password, before the session is made): refused
 * with 503 and the translated reason unless the user passes, so no one else starts a session
 * (and writes its row) that a restore would lose or the gate would stop at the next page.
 */
export async function assertSignInAllowed(user: { role: Role; organizationId: string }) {
  const state = await maintenanceState()
  if (state && !(await passesMaintenance(user))) throw new DomainError('unavailable', 'auth.login.maintenance')
}
