import { pingDatabase } from '~/models/health.server'
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '~/utils/errors.server'

/**
 * GET /health, for load balancers, orchestrators and uptime monitors: 200 `{"status":"ok"}` when
 * the server answers and so does its database; 503 `{"status":"unavailable"}` with Retry-After
 * otherwise. Public, and says nothing more. Each call is one `SELECT 1`.
 */
export async function loader() {
  try {
    await pingDatabase()
    return Response.json({ status: 'ok' })
  } catch (error) {
    if (!isDatabaseUnavailable(error)) console.error(error)
    return Response.json({ status: 'unavailable' }, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })
  }
}
