/** Helpers for integration tests: real users in the test database, real requests to route modules. */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { expect } from 'vitest'

import type { Actor } from '~/models/audit/audit.server'
import { createLoad } from '~/models/loads/load.server'
import { createSession } from '~/models/users/auth.server'
import { createAccessToken } from '~/requests/api.server'
import { LoadSchema } from '~/schemas/load'
import { vinCheckDigit } from '~/schemas/truck'
import { CLIENT_IP_HEADER } from '~/utils/client-ip'
import { hashPassword } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import { MIGRATIONS_DIR } from '~/utils/db-setup.server'
import { DomainError } from '~/utils/errors.server'
import type { Role } from '~/utils/permissions'

export const PASSWORD = 'correct horse battery'
let passwordHash: Promise<string> | undefined

export function unique(prefix = 'x') {
  return `${prefix}-${randomBytes(4).toString('hex')}`
}

/** An organization with one user of each role (or the roles asked for) and a company. */
export async function createOrg(name = unique('org')) {
  passwordHash ??= hashPassword(PASSWORD)
  const organization = await prisma.organization.create({ data: { name } })
  const company = await prisma.company.create({ data: { organizationId: organization.id, name: `${name} Carriers` } })
  const users = {} as Record<Role, { id: string; email: string; token: string; sessionId: string }>
  for (const role of ['admin', 'dispatcher', 'accountant', 'driver', 'mechanic', 'viewer'] as const) {
    const user = await prisma.user.create({
      data: {
        organizationId: organization.id,
        email: `${role}.${unique()}@example.test`,
        passwordHash: await passwordHash,
        firstName: role,
        lastName: 'Tester',
        role,
      },
    })
    const session = await createSession(user.id, 'api')
    users[role] = { id: user.id, email: user.email, sessionId: session.id, token: await createAccessToken(user, session.id) }
  }
  return { organization, company, users }
}

export type Org = Awaited<ReturnType<typeof createOrg>>

/** The organization's user of `role` as the models' actor (a session: read-write). */
export function actorOf(org: Org, role: Role = 'admin'): Actor & { userId: string } {
  return { userId: org.users[role].id, organizationId: org.organization.id, ip: '203.0.113.7', role, scope: 'read_write' }
}

/**
 * The equipment and people a load needs, fit to dispatch on 2026-12-01: a broker, a truck, a
 * trailer, and the organization's driver with a license and medical card valid past then.
 */
export async function fleet(org: Org) {
  const organizationId = org.organization.id
  const [broker, truck, trailer] = await Promise.all([
    prisma.broker.create({ data: { organizationId, name: unique('Broker') } }),
    prisma.truck.create({ data: { organizationId, unitNumber: unique('T').slice(0, 20) } }),
    prisma.trailer.create({ data: { organizationId, unitNumber: unique('TR').slice(0, 20) } }),
  ])
  await prisma.driverProfile.create({
    data: { organizationId, userId: org.users.driver.id, licenseExpiry: new Date('2027-06-30'), medicalCardExpiry: new Date('2027-01-31') },
  })
  return { broker, truck, trailer, driverId: org.users.driver.id }
}

/** A pickup in Dallas on 2026-12-01 and a delivery in Tulsa the next day. */
export const LOAD_STOPS = [
  { type: 'pickup', facilityName: 'Acme Cold Storage', city: 'Dallas', state: 'TX', windowStart: '2026-12-01T08:00' },
  { type: 'delivery', city: 'Tulsa', state: 'OK', windowStart: '2026-12-02T09:00' },
]

/** A booked load (Dallas → Tulsa, $1,500, 500 miles) created by the admin, with these fields on top. */
export function newLoad(org: Org, fields: Record<string, unknown>) {
  return createLoad(actorOf(org), LoadSchema.parse({ stops: LOAD_STOPS, linehaulCents: 150_000, loadedMiles: 500, ...fields }))
}

// `never` accepts any route module's loader or action (their args are LoaderArgs/ActionArgs).
type RouteModule = {
  loader?: (args: never) => Promise<Response> | Response
  action?: (args: never) => Promise<Response> | Response
}

/** Calls an API route module the way React Router would: loader for GET, action otherwise. */
export async function callApi(
  module: RouteModule,
  options: {
    method?: string
    path: string
    params?: Record<string, string>
    token?: string
    body?: unknown
    rawBody?: string
    /** A multipart body (an upload); its Content-Type, with the boundary, is the Request's own. */
    form?: FormData
    headers?: Record<string, string>
  },
) {
  const method = options.method ?? 'GET'
  const headers = new Headers(options.headers)
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
  if (options.body !== undefined || options.rawBody !== undefined) headers.set('Content-Type', 'application/json')
  headers.set(CLIENT_IP_HEADER, headers.get(CLIENT_IP_HEADER) ?? '198.51.100.1')
  const request = new Request(`http://localhost${options.path}`, {
    method,
    headers,
    body: options.form ?? options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  })
  const handler = method === 'GET' ? module.loader : module.action
  if (!handler) throw new Error(`no handler for ${method}`)
  const response = await handler({ request, params: options.params ?? {}, context: {} } as never)
  const text = await response.text()
  // A file (a PDF, a CSV) is no JSON: its body is null here, its headers say what it is.
  const json = !/^(application\/pdf|text\/csv)/.test(response.headers.get('Content-Type') ?? '')
  return { status: response.status, body: text && json ? JSON.parse(text) : null, headers: response.headers }
}

/** A VIN with a correct check digit, different for each n. */
export function vin(n: number) {
  const body = `1XKYD49X0LJ${String(n).padStart(6, '0')}`
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`
}

/** The DomainError a model call was refused with (the test fails when it was not refused). */
export async function refusal(pending: Promise<unknown>) {
  const error = await pending.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

/** Runs `run` while the database cannot be reached: nothing listens on port 1, so every connection is refused, as with a stopped server. */
export async function withUnreachableDatabase<T>(run: () => Promise<T>) {
  const url = process.env.DATABASE_URL
  process.env.DATABASE_URL = 'postgresql://freightdesk:secret@127.0.0.1:1/freightdesk'
  try {
    return await run()
  } finally {
    process.env.DATABASE_URL = url
  }
}

/**
 * A migration's backfill run again over rows a test made: the statements after its `-- Backfill`
 * comment (plain statements, one per `;` at a line's end), so the SQL that moved the existing
 * rows is the SQL tested. `name`: the migration folder's name after its timestamp.
 */
export async function runBackfill(name: string) {
  const folder = fs.readdirSync(MIGRATIONS_DIR).find((entry) => entry.endsWith(`_${name}`))
  if (!folder) throw new Error(`No migration named ${name}`)
  const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, folder, 'migration.sql'), 'utf8')
  const at = sql.indexOf('-- Backfill')
  if (at < 0) throw new Error(`Migration ${name} has no backfill`)
  for (const statement of sql.slice(at).split(/;\s*\n/)) {
    const code = statement
      .split('\n')
      .filter((line) => !line.trim().startsWith('--'))
      .join('\n')
      .trim()
    if (code) await prisma.$executeRawUnsafe(code)
  }
}
