/**
 * Maintenance mode (issue 30, docs/decisions/069-operations.md): one row in `MaintenanceMode` while
 * it is on. Every app server reads it at most once per MAINTENANCE_CACHE_MS (2 s) and caches it
 * in the process, so all servers obey `npm run maintenance -- on|off` within a few seconds at the
 * cost of one indexed read per server every two seconds. The gate (app/middleware/maintenance-gate.ts)
 * acts on it for every request; the sign-in (only the site organization's admins sign in) and the
 * webhook deliveries (they wait: issue 36) ask it too, so a restore under maintenance loses nothing.
 */
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import type { Role } from '~/utils/permissions'

import { siteOrganizationId } from './site.server'

export type MaintenanceState = { message: string | null; until: Date | null; startedAt: Date }

/** How long a server trusts what it read (ms): the most another server's switch takes to be seen. */
export const MAINTENANCE_CACHE_MS = 2_000
/** Retry-After when no end time was given (seconds). */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300
/** The longest message shown on the maintenance page. */
export const MAINTENANCE_MESSAGE_MAX = 500

let cached: { at: number; state: MaintenanceState | null } | null = null

/** The mode as this server knows it (read again once the cache is 2 s old); null when off. */
export async function maintenanceState(): Promise<MaintenanceState | null> {
  if (cached && Date.now() - cached.at < MAINTENANCE_CACHE_MS) return cached.state
  const row = await prisma.maintenanceMode.findUnique({ where: { id: 1 }, select: { message: true, until: true, startedAt: true } })
  cached = { at: Date.now(), state: row }
  return row
}

/** Switches it on (or changes its message and end), for every server. */
export async function startMaintenance(input: { message?: string | null; until?: Date | null }) {
  const message = input.message?.trim().slice(0, MAINTENANCE_MESSAGE_MAX) || null
  const until = input.until ?? null
  const state = await prisma.maintenanceMode.upsert({
    where: { id: 1 },
    create: { id: 1, message, until },
    update: { message, until },
    select: { message: true, until: true, startedAt: true },
  })
  cached = null
  return state
}

/** Switches it off; true when it was on. */
export async function endMaintenance() {
  const { count } = await prisma.maintenanceMode.deleteMany({ where: { id: 1 } })
  cached = null
  return count > 0
}

/** Seconds a client should wait: until the announced end, else MAINTENANCE_RETRY_AFTER_SECONDS. */
export function maintenanceRetryAfter(state: Pick<MaintenanceState, 'until'>, now = Date.now()) {
  const left = state.until ? Math.ceil((state.until.getTime() - now) / 1000) : 0
  return left > 0 ? left : MAINTENANCE_RETRY_AFTER_SECONDS
}

/** Who uses the app while maintenance is on: the site organization's admins (to check it); everyone else waits. */
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
