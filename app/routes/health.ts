import { pingDatabase } from '~/models/operations/health.server'
import { maintenanceState } from '~/models/operations/maintenance-mode.server'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '~/utils/errors.server'

/**
 * GET /health, for load balancers, orchestrators and uptime monitors: 200 `{"status":"ok"}` when
 * the server answers and so does its database; 200 `{"status":"maintenance"}` while maintenance
 * mode is on (the server is up and answers every visitor with the maintenance page, so a load
 * balancer keeps it: docs/decisions/069-operations.md); 503 `{"status":"unavailable"}` with
 * Retry-After otherwise. Public, and says nothing more. Each call is one `SELECT 1` (and the
 * maintenance flag, read at most every 2 s).
 */
export async function loader() {
  try {
    await pingDatabase()
    return Response.json({ status: (await maintenanceState()) ? 'maintenance' : 'ok' })
  } catch (error) {
    if (!isDatabaseUnavailable(error)) console.error(error)
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })
  }
}
