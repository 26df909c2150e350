/**
 * `npm run maintenance -- on [--message "…"] [--until TIME]` and `npm run maintenance -- off`:
 * maintenance mode for every app server on the configured database (DATABASE_URL, else the
 * embedded one). Servers see it within ~2 s (docs/decisions/069-operations.md). TIME is an ISO
 * date-time (`2026-12-01T06:00Z`) or a duration from now (`30m`, `2h`); Retry-After counts down to it.
 */
import { parseArgs } from 'node:util'

import { configuredDatabase } from './lib/configured-database.ts'

function usage(message?: string): never {
  if (message) console.error(message)
  console.error(
    'Usage: npm run maintenance -- on [--message "…"] [--until 2026-12-01T06:00Z | 30m | 2h]\n       npm run maintenance -- off\n       npm run maintenance -- status',
  )
  process.exit(1)
}

/** An ISO date-time or a duration from now (90s, 30m, 2h, 1d). */
function parseUntil(text: string, now = Date.now()): Date | null {
  const duration = /^(\d+)\s*(s|m|h|d)$/i.exec(text.trim())
  if (duration) return new Date(now + Number(duration[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[duration[2].toLowerCase() as 's']!)
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null
  const date = new Date(text)
  return Number.isNaN(date.getTime()) ? null : date
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
const until = parsed.values.until === undefined ? null : parseUntil(parsed.values.until)
if (parsed.values.until !== undefined && (!until || until.getTime() <= Date.now())) usage(`--until: "${parsed.values.until}" is not a time in the future.`)

const database = await configuredDatabase()
try {
  const { endMaintenance, maintenanceState, startMaintenance, MAINTENANCE_CACHE_MS } = await import('../app/models/maintenance-mode.server.ts')
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
