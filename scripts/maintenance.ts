/**
 * `npm run maintenance -- on [--message "…"] [--until TIME]` and `npm run maintenance -- off`:
 * maintenance mode for every app server on the configured database (DATABASE_URL, else the
 * embedded one). Servers see it within ~2 s (docs/decisions/069-operations.md). TIME is an ISO
 * date-time (`2026-12-01T06:00Z`) or a duration from now (`30m`, `2h`); Retry-After counts down to it.
 */
import { parseArgs } from 'node:util'

import { maintenanceUntil } from '../app/schemas/maintenance.ts'
import { configuredDatabase } from './lib/configured-database.ts'

function usage(message?: string): never {
  if (message) console.error(message)
  console.error(
    'Usage: npm run maintenance -- on [--message "…"] [--until 2026-12-01T06:00Z | 30m | 2h]\n       npm run maintenance -- off\n       npm run maintenance -- status',
  )
  process.exit(1)
}

let parsed
try {
  parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { message: { type: 'string' }, until: { type: 'string' } } })
} catch (error) {
  usage((error as Error).message)
}
const [command, ...rest] = parsed.positionals
if (rest.length || !['on', 'off', 'status'].includes(command ?? '')) usage()
if (command !== 'on' && (parsed.values.message !== undefined || parsed.values.until !== undefined)) usage('--message and --until go with `on`.')
// The settings page's rule (app/schemas/maintenance.ts): one rule for both.
const parsedUntil = parsed.values.until === undefined ? null : maintenanceUntil(parsed.values.until)
if (parsedUntil && 'error' in parsedUntil) usage(`--until: "${parsed.values.until}" is not a time in the future.`)
const until = parsedUntil?.until ?? null

const database = await configuredDatabase()
try {
  const { endMaintenance, maintenanceState, startMaintenance, MAINTENANCE_CACHE_MS } = await import('../app/models/operations/maintenance-mode.server.ts')
  const seconds = MAINTENANCE_CACHE_MS / 1000
  if (command === 'on') {
    const state = await startMaintenance({ message: parsed.values.message, until })
    console.info(
      `Maintenance mode is on${state.until ? ` until ${state.until.toISOString()}` : ''}; every server follows within ${seconds} s. Site admins can still sign in.`,
    )
  } else if (command === 'off') {
    console.info((await endMaintenance()) ? `Maintenance mode is off; every server follows within ${seconds} s.` : 'Maintenance mode was already off.')
  } else {
    const state = await maintenanceState()
    console.info(
      state
        ? `on since ${state.startedAt.toISOString()}${state.until ? `, until ${state.until.toISOString()}` : ''}${state.message ? `: ${state.message}` : ''}`
        : 'off',
    )
  }
} finally {
  const { prisma } = await import('../app/utils/db.server.ts')
  await prisma.$disconnect()
  await database.stop()
}
