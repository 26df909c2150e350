/**
 * The bench's bare baseline: plain `node:http` + `pg` against the app's own database, doing for
 * each benchmarked request the database work the app does (the same session lookup, the same
 * count and page query with the same joins, the same writes in one transaction) and nothing else:
 * no framework, no ORM, no React. Pages are template strings, the API is JSON.stringify.
 *
 * Honest by construction, not by tuning: one session lookup per request (a JOIN of Session and
 * User, as the app's two Prisma queries return), the relations of a truck by LEFT JOIN (Prisma
 * sends two extra IN queries), every statement the app's transaction runs for a PUT and a sign-in
 * (advisory lock, throttle counts, reference and uniqueness checks, audit row), the API's
 * rate-limit count on every API request (the app's statement), the navigation's badge counts on
 * every dashboard page (ADR 076, 077). Responses are
 * gzipped like the app's `compression()` does when the client asks for it.
 *
 * Started by scripts/bench/index.ts as its own process:
 *   DATABASE_URL=… SESSION_SECRET=… PORT=3201 node --import tsx scripts/bench/baseline.ts
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import { gzipSync } from 'node:zlib'

import { verify as verifyArgon2 } from '@node-rs/argon2'
import pg from 'pg'

import en from '../../app/locales/en'
import { iftaReturn, parseQuarter } from '../../app/policies/ifta'
import { inspectionStatus } from '../../app/policies/inspection'
import { seesOwnLoadsOnly } from '../../app/policies/load'
import { mustAcknowledge } from '../../app/policies/post'
import { kindCompliance, type QualificationItem } from '../../app/policies/qualification'
import { DEFAULT_ACCOUNTING_NAMES } from '../../app/schemas/accounting'
import { ACCOUNTING_FORMATS, ACCOUNTING_KINDS, ACCOUNTING_NAME_FIELDS, ACCOUNTING_PARTY_NAMINGS } from '../../app/schemas/accounting-options'
import { CLAIM_KINDS, CLAIM_STATUSES } from '../../app/schemas/claim-options'
import { SCHEDULE_STATUSES } from '../../app/schemas/factoring-options'
import { INSPECTION_ITEMS } from '../../app/schemas/inspection-options'
import { PAGE_SIZES } from '../../app/schemas/list-options'
import { POST_STATUSES } from '../../app/schemas/post-options'
import { PRODUCT_STATUSES } from '../../app/schemas/product-options'
import { formatQuoteNumber, QUOTE_STATUSES } from '../../app/schemas/quote-options'
import { FILE_KINDS, FILE_RECORD_TYPES } from '../../app/schemas/stored-file-options'
import { TRUCK_OWNERSHIPS, TRUCK_STATUSES } from '../../app/schemas/truck-options'
import { WORK_ORDER_KINDS, WORK_ORDER_STATUSES } from '../../app/schemas/work-order-options'
import { COUNT_SQL } from '../../app/utils/api-limits.server'
import { formatDecimal } from '../../app/utils/money'
import { type Action, can, type Entity, type Role } from '../../app/utils/permissions'
import { safeTimeZone, zonedWallClock } from '../../app/utils/time'

const PORT = Number(process.env.PORT ?? 3201)
const SECRET = process.env.SESSION_SECRET ?? ''
if (!process.env.DATABASE_URL || SECRET.length < 16) throw new Error('baseline: DATABASE_URL and SESSION_SECRET are required')

// Date-only columns as the text PostgreSQL sends ('2027-06-05'), as the API shows them.
pg.types.setTypeParser(1082, (value) => value)
// The same pool size as the app's Prisma adapter (app/utils/db.server.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
const THROTTLE_WINDOW_MS = 15 * 60 * 1000
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$qCz5Jb0HfSQHILhVGKAi7IjaLzdbW8eUNH5/V7mxvpQ'

type User = { id: string; organizationId: string; email: string; firstName: string; lastName: string; role: Role; sessionId: string; timezone: string | null }

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code)
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions: the signed `fd_session` cookie (React Router's createCookie format) and the API's
// HS256 JWT, both naming a Session row that is read with its user.

function hmac(value: string) {
  return createHmac('sha256', SECRET).update(value).digest()
}

/** `base64(JSON).base64(HMAC-SHA256)`, the value React Router's signed cookie carries. */
function sessionIdFromCookie(header: string | undefined) {
  if (!header) return null
  const match = /(?:^|;\s*)fd_session=([^;]*)/.exec(header)
  if (!match) return null
  const value = decodeURIComponent(match[1])
  const dot = value.lastIndexOf('.')
  if (dot < 1) return null
  const expected = hmac(value.slice(0, dot))
  const given = Buffer.from(value.slice(dot + 1), 'base64')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const id = JSON.parse(Buffer.from(value.slice(0, dot), 'base64').toString('utf8')) as unknown
    return typeof id === 'string' && id ? id : null
  } catch {
    return null
  }
}

function sessionCookie(sessionId: string) {
  const value = Buffer.from(JSON.stringify(sessionId)).toString('base64')
  const signature = hmac(value).toString('base64').replace(/=+$/, '')
  return `fd_session=${encodeURIComponent(`${value}.${signature}`)}; Max-Age=${SESSION_TTL_MS / 1000}; Path=/; HttpOnly; SameSite=Lax`
}

/** The `sid` of a valid token (signature, algorithm, audience, expiry), and its subject. */
function verifyJwt(header: string | undefined) {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '')
  if (!match) return null
  const [head, body, signature] = match[1].trim().split('.')
  if (!head || !body || !signature) return null
  const expected = hmac(`${head}.${body}`)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string }
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { sid?: unknown; sub?: unknown; aud?: unknown; exp?: number }
  if (alg !== 'HS256' || payload.aud !== 'freightdesk-api' || typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now()) return null
  return typeof payload.sid === 'string' ? { sid: payload.sid, sub: payload.sub } : null
}

async function sessionUser(sessionId: string): Promise<User | null> {
  const { rows } = await pool.query(
    `SELECT s.id AS "sessionId", s."expiresAt", u.id, u."organizationId", u.email, u."firstName", u."lastName", u.role, u.status, u."emailVerifiedAt", u."avatarUrl", o.timezone
     FROM "Session" s JOIN "User" u ON u.id = s."userId" JOIN "Organization" o ON o.id = u."organizationId" WHERE s.id = $1`,
    [sessionId],
  )
  const row = rows[0]
  if (!row || row.expiresAt.getTime() <= Date.now() || row.status === 'banned') return null
  return row as User
}

/** A page: the session cookie's user, allowed to do this, or the sign-in redirect / 403. */
async function pageUser(req: http.IncomingMessage, action: Action, entity: Entity) {
  const id = sessionIdFromCookie(req.headers.cookie)
  const user = id ? await sessionUser(id) : null
  if (!user) throw new HttpError(302, '/auth/login')
  if (!can(user.role, action, entity)) throw new HttpError(403, 'forbidden')
  // The dashboard layout's loader counts the navigation's badges beside the page's own loader.
  const counts = navCounts(user)
  counts.catch(() => {})
  return { ...user, counts }
}

type NavCounts = { mail: number; chat: number; bulletins: number }

/**
 * The navigation's unread badges as app/models/nav-badges.server.ts counts them: unread mail in the
 * inboxes the role reads, the sum of the user's unread chat counts, the bulletins still to acknowledge.
 */
async function navCounts(user: User): Promise<NavCounts> {
  const count = async (sql: string, values: unknown[]) => (await pool.query<{ n: number }>(sql, values)).rows[0].n
  const [mail, chat, bulletins] = await Promise.all([
    can(user.role, 'read', 'mail')
      ? count(
          `SELECT count(*)::int AS n FROM "MailMessage" WHERE "organizationId" = $1 AND ("ownerId" = $2 OR ($3 AND "ownerId" IS NULL)) AND folder = 'inbox' AND NOT "isRead"`,
          [user.organizationId, user.id, can(user.role, 'read', 'sharedMail')],
        )
      : 0,
    can(user.role, 'read', 'chat')
      ? count(
          `SELECT COALESCE(sum(p."unreadCount"), 0)::int AS n FROM "ConversationParticipant" p JOIN "Conversation" c ON c.id = p."conversationId"
           WHERE p."userId" = $1 AND c."organizationId" = $2 AND ($3 OR c."loadId" IS NULL OR EXISTS (SELECT 1 FROM "Load" l WHERE l.id = c."loadId" AND l."driverId" = $1))`,
          [user.id, user.organizationId, !seesOwnLoadsOnly(user.role)],
        )
      : 0,
    mustAcknowledge(user.role)
      ? count(
          `SELECT count(*)::int AS n FROM "Post" p WHERE p."organizationId" = $1 AND p.status = 'published' AND p."requiresAcknowledgment"
             AND NOT EXISTS (SELECT 1 FROM "PostAcknowledgment" a WHERE a."postId" = p.id AND a."userId" = $2)`,
          [user.organizationId, user.id],
        )
      : 0,
  ])
  return { mail, chat, bulletins }
}

/**
 * One request counted against the API's rate limits, as the app counts it: the client address's
 * window and the credential's, in one statement on a pool of its own that does not wait for the
 * disk (app/utils/api-limits.server.ts). Its own keys: the app's windows are not the twin's.
 */
const limits = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4, options: '-c synchronous_commit=off' })
async function countApiRequest(req: http.IncomingMessage, sessionId: string | undefined) {
  const now = Date.now()
  const keys = [`twin-ip:${req.socket.remoteAddress ?? 'unknown'}`, ...(sessionId ? [`twin-credential:session:${sessionId}`] : [])]
  const { rows } = await limits.query<{ key: string; points: number }>(COUNT_SQL, [keys, now + 60_000, now])
  const limit = (key: string) =>
    Number((key.startsWith('twin-ip:') ? process.env.API_RATE_LIMIT_PER_IP_PER_MINUTE : process.env.API_RATE_LIMIT_PER_MINUTE) ?? 120)
  if (rows.some((row) => row.points > limit(row.key))) throw new HttpError(429, 'rate_limited')
}

async function apiUser(req: http.IncomingMessage, action: Action, entity: Entity) {
  const token = verifyJwt(req.headers.authorization)
  const [user] = await Promise.all([token ? sessionUser(token.sid) : null, countApiRequest(req, token?.sid)])
  if (!user || user.id !== token?.sub) throw new HttpError(401, 'unauthorized')
  if (!can(user.role, action, entity)) throw new HttpError(403, 'forbidden')
  return user
}

/** A list endpoint's answer: the page of the organization's records as JSON, with its paging. */
async function apiPage<Row>(
  req: http.IncomingMessage,
  url: URL,
  entity: Entity,
  pageOf: (organizationId: string, page: number, pageSize: number) => Promise<{ total: number; items: Row[] }>,
  json: (row: Row) => unknown,
) {
  const user = await apiUser(req, 'read', entity)
  const { page, pageSize } = listQuery(url)
  const { total, items } = await pageOf(user.organizationId, page, pageSize)
  return { data: items.map(json), meta: { total, page, pageSize } }
}

// ---------------------------------------------------------------------------------------------
// Trucks: the columns of the API record and its two relations, in one statement.

const TRUCK_SELECT = `SELECT t.id, t."organizationId", t."unitNumber", t."companyId", t.vin, t.make, t.model, t.year, t."licensePlate", t."plateState",
  t.status, t.ownership, t."registrationExpiry", t."inspectionDue", t."odometerMiles", t."primaryDriverId", t.notes, t."customFields",
  t."createdAt", t."updatedAt", t.version, c.name AS "companyName", d."firstName" AS "driverFirstName", d."lastName" AS "driverLastName"
  FROM "Truck" t LEFT JOIN "Company" c ON c.id = t."companyId" LEFT JOIN "User" d ON d.id = t."primaryDriverId"`

type TruckRow = {
  id: string
  organizationId: string
  unitNumber: string
  companyId: string | null
  vin: string | null
  make: string | null
  model: string | null
  year: number | null
  licensePlate: string | null
  plateState: string | null
  status: string
  ownership: string
  registrationExpiry: string | null
  inspectionDue: string | null
  odometerMiles: number | null
  primaryDriverId: string | null
  notes: string | null
  customFields: Record<string, unknown>
  createdAt: Date
  updatedAt: Date
  version: number
  companyName: string | null
  driverFirstName: string | null
  driverLastName: string | null
}

function truckJson(row: TruckRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    unitNumber: row.unitNumber,
    companyId: row.companyId,
    vin: row.vin,
    make: row.make,
    model: row.model,
    year: row.year,
    licensePlate: row.licensePlate,
    plateState: row.plateState,
    status: row.status,
    ownership: row.ownership,
    registrationExpiry: row.registrationExpiry,
    inspectionDue: row.inspectionDue,
    odometerMiles: row.odometerMiles,
    primaryDriverId: row.primaryDriverId,
    notes: row.notes,
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    // The app's record: the columns in the table's order, then the relations it includes.
    company: row.companyId ? { id: row.companyId, name: row.companyName } : null,
    primaryDriver: row.primaryDriverId ? { id: row.primaryDriverId, firstName: row.driverFirstName, lastName: row.driverLastName } : null,
  }
}

function listQuery(url: URL) {
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const size = Number(url.searchParams.get('pageSize'))
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : 25
  return { page, pageSize }
}

/** The default list: the count and one page in unit order, in parallel as the app runs them. */
async function truckPage(organizationId: string, page: number, pageSize: number) {
  const [count, items] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "Truck" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<TruckRow>(`${TRUCK_SELECT} WHERE t."organizationId" = $1 ORDER BY t."unitNumber" ASC, t.id ASC LIMIT $2 OFFSET $3`, [
      organizationId,
      pageSize,
      (page - 1) * pageSize,
    ]),
  ])
  return { total: Number(count.rows[0].total), items: items.rows }
}

function customFieldDefinitions(organizationId: string, activeOnly: boolean, listName = 'trucks') {
  return pool.query<{ key: string; label: string; type: string; options: string[]; required: boolean; active: boolean }>(
    `SELECT key, label, type, options, required, active FROM "CustomFieldDefinition"
     WHERE "organizationId" = $1 AND "listName" = $2 ${activeOnly ? 'AND active' : ''} ORDER BY "sortOrder", label, id`,
    [organizationId, listName],
  )
}

// ---------------------------------------------------------------------------------------------
// HTML: template strings, every value escaped.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const esc = (value: unknown) => (value === null || value === undefined ? '' : String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]))
const numberFormat = new Intl.NumberFormat('en-US')
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
const formatDate = (value: string | null) => (value ? dateFormat.format(new Date(`${value}T00:00:00Z`)) : '—')

/** The list's compliance badge of one date, by the app's rule (overdue; due within 30 days). */
function complianceBadge(label: string, value: string | null, today: string, soon: string) {
  if (!value || value > soon) return ''
  return value < today ? `<span class="badge danger">${label} overdue</span>` : `<span class="badge warning">${label} due soon</span>`
}

async function layout(title: string, user: User & { counts: Promise<NavCounts> }, main: string) {
  const counts = await user.counts
  const badge = (n: number) => (n ? ` <span class="badge">${n}</span>` : '')
  return `<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | Freightdesk</title><link rel="stylesheet" href="/assets/app.css"></head><body>
<nav><a href="/dashboard/app">Dashboard</a> <a href="/dashboard/trucks/list">Trucks</a> <a href="/dashboard/trailers/list">Trailers</a>
<a href="/dashboard/companies/list">Companies</a> <a href="/dashboard/brokers/list">Brokers</a> <a href="/dashboard/users/list">Users</a>
<a href="/dashboard/mail">Mail${badge(counts.mail)}</a> <a href="/dashboard/chat">Chat${badge(counts.chat)}</a> <a href="/dashboard/blog/posts">Bulletins${badge(counts.bulletins)}</a>
<span>${esc(user.firstName)} ${esc(user.lastName)} · ${esc(user.email)}</span><form method="post" action="/auth/logout"><button>Sign out</button></form></nav>
<main>${main}</main></body></html>`
}

function options(values: readonly string[], selected: string | null | undefined, label = (value: string) => value) {
  return values.map((value) => `<option value="${esc(value)}"${value === selected ? ' selected' : ''}>${esc(label(value))}</option>`).join('')
}

async function truckListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'truck')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, companies, columns] = await Promise.all([
    truckPage(user.organizationId, page, pageSize),
    pool.query<{ id: string; name: string; status: string }>(`SELECT id, name, status FROM "Company" WHERE "organizationId" = $1 ORDER BY name`, [
      user.organizationId,
    ]),
    customFieldDefinitions(user.organizationId, true),
  ])
  const today = new Date().toISOString().slice(0, 10)
  const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10)
  const rows = items
    .map((truck) => {
      const vehicle = [truck.year, truck.make, truck.model].filter(Boolean).join(' ')
      return `<tr><td><a href="/dashboard/trucks/${truck.id}">${esc(truck.unitNumber)}</a></td><td>${esc(truck.companyName ?? '—')}</td>
<td>${esc(vehicle || '—')}</td><td>${truck.licensePlate ? `${esc(truck.licensePlate)}${truck.plateState ? ` · ${esc(truck.plateState)}` : ''}` : '—'}</td>
<td><span class="badge">${esc(truck.status)}</span></td><td>${formatDate(truck.inspectionDue)}${complianceBadge('Inspection', truck.inspectionDue, today, soon)}${complianceBadge('Registration', truck.registrationExpiry, today, soon)}</td>
<td class="num">${truck.odometerMiles === null ? '—' : numberFormat.format(truck.odometerMiles)}</td>
<td><a href="/dashboard/trucks/${truck.id}/edit">Edit</a><form method="post" action="/dashboard/trucks/${truck.id}/delete"><input type="hidden" name="version" value="${truck.version}"><button>Delete</button></form></td></tr>`
    })
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Trucks</h1><a href="/dashboard/trucks/new">New truck</a>
<form method="get"><input type="search" name="q" aria-label="Search trucks">
<select name="status"><option value="">All statuses</option>${options(TRUCK_STATUSES, url.searchParams.get('status'))}</select>
<select name="companyId"><option value="">All companies</option>${companies.rows.map((c) => `<option value="${c.id}">${esc(c.name)}</option>`).join('')}</select>
<details><summary>Columns</summary>${columns.rows.map((c) => `<label><input type="checkbox" name="cols" value="${esc(c.key)}"> ${esc(c.label)}</label>`).join('')}</details>
<button>Search</button></form>
<table><thead><tr><th>Unit</th><th>Company</th><th>Vehicle</th><th>License plate</th><th>Status</th><th>Inspection due</th><th>Odometer</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Trucks', user, main)
}

async function truckEditPage(req: http.IncomingMessage, id: string) {
  const user = await pageUser(req, 'update', 'truck')
  const [truckResult, drivers, definitions] = await Promise.all([
    pool.query<TruckRow>(`${TRUCK_SELECT} WHERE t.id = $1 AND t."organizationId" = $2`, [id, user.organizationId]),
    pool.query<{ id: string; firstName: string; lastName: string }>(
      `SELECT id, "firstName", "lastName" FROM "User" WHERE "organizationId" = $1 AND role = 'driver' AND status <> 'banned' ORDER BY "lastName", "firstName"`,
      [user.organizationId],
    ),
    customFieldDefinitions(user.organizationId, true),
  ])
  const truck = truckResult.rows[0]
  if (!truck) throw new HttpError(404, 'not_found')
  const companies = await pool.query<{ id: string; name: string; status: string }>(
    `SELECT id, name, status FROM "Company" WHERE "organizationId" = $1 AND (status = 'active' OR id = $2) ORDER BY name`,
    [user.organizationId, truck.companyId],
  )
  const input = (name: string, label: string, value: unknown, type = 'text') =>
    `<label>${label} <input name="${name}" type="${type}" value="${esc(value)}"></label>`
  const custom = truck.customFields as Record<string, unknown>
  const main = `<h1>Edit ${esc(truck.unitNumber)}</h1><form method="post">
<input type="hidden" name="version" value="${truck.version}">
${input('unitNumber', 'Unit number', truck.unitNumber)}${input('vin', 'VIN', truck.vin)}${input('make', 'Make', truck.make)}${input('model', 'Model', truck.model)}
${input('year', 'Year', truck.year, 'number')}${input('licensePlate', 'License plate', truck.licensePlate)}${input('plateState', 'State', truck.plateState)}
<label>Status <select name="status">${options(TRUCK_STATUSES, truck.status)}</select></label>
<label>Ownership <select name="ownership">${options(TRUCK_OWNERSHIPS, truck.ownership)}</select></label>
<label>Company <select name="companyId"><option value="">—</option>${companies.rows.map((c) => `<option value="${c.id}"${c.id === truck.companyId ? ' selected' : ''}>${esc(c.name)}</option>`).join('')}</select></label>
<label>Primary driver <select name="primaryDriverId"><option value="">—</option>${drivers.rows
    .map((d) => `<option value="${d.id}"${d.id === truck.primaryDriverId ? ' selected' : ''}>${esc(d.firstName)} ${esc(d.lastName)}</option>`)
    .join('')}</select></label>
${input('registrationExpiry', 'Registration expiry', truck.registrationExpiry, 'date')}${input('inspectionDue', 'Inspection due', truck.inspectionDue, 'date')}
${input('odometerMiles', 'Odometer', truck.odometerMiles, 'number')}<label>Notes <textarea name="notes">${esc(truck.notes)}</textarea></label>
${definitions.rows.map((d) => input(`customFields.${d.key}`, esc(d.label), custom[d.key], d.type === 'number' ? 'number' : d.type === 'date' ? 'date' : 'text')).join('')}
<button>Save</button> <a href="/dashboard/trucks/list">Cancel</a></form>`
  return layout(`Edit ${truck.unitNumber}`, user, main)
}

/** The app's "item by roles" page: the signed-in frame around a heading and a sentence, for admins. */
async function shellPage(req: http.IncomingMessage) {
  const user = await pageUser(req, 'read', 'dashboard')
  if (user.role !== 'admin') throw new HttpError(403, 'forbidden')
  return layout('Item by roles', user, '<h1>Item by roles</h1><p>You have permission to see this page.</p>')
}

async function dashboardPage(req: http.IncomingMessage) {
  const user = await pageUser(req, 'read', 'dashboard')
  const today = new Date().toISOString().slice(0, 10)
  const soon = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10)
  const org = user.organizationId
  const [byStatus, overdue, dueSoon, byRole] = await Promise.all([
    pool.query<{ status: string; n: string }>(`SELECT status, count(*) AS n FROM "Truck" WHERE "organizationId" = $1 GROUP BY status`, [org]),
    pool.query<{ n: string }>(`SELECT count(*) AS n FROM "Truck" WHERE "organizationId" = $1 AND ("inspectionDue" < $2 OR "registrationExpiry" < $2)`, [
      org,
      today,
    ]),
    pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM "Truck" WHERE "organizationId" = $1
       AND (("inspectionDue" >= $2 AND "inspectionDue" <= $3) OR ("registrationExpiry" >= $2 AND "registrationExpiry" <= $3))
       AND ("inspectionDue" IS NULL OR "inspectionDue" >= $2) AND ("registrationExpiry" IS NULL OR "registrationExpiry" >= $2)`,
      [org, today, soon],
    ),
    pool.query<{ role: string; n: string }>(`SELECT role, count(*) AS n FROM "User" WHERE "organizationId" = $1 GROUP BY role`, [org]),
  ])
  const counts = Object.fromEntries(byStatus.rows.map((row) => [row.status, Number(row.n)]))
  const total = byStatus.rows.reduce((sum, row) => sum + Number(row.n), 0)
  const main = `<h1>Dashboard</h1><p>Welcome back, ${esc(user.firstName)}</p>
<section><h2>Total trucks</h2><p>${numberFormat.format(total)}</p></section>
${TRUCK_STATUSES.map((status) => `<section><h2>${status}</h2><p>${numberFormat.format(counts[status] ?? 0)}</p></section>`).join('')}
<section><h2>Overdue</h2><p>${numberFormat.format(Number(overdue.rows[0].n))}</p></section>
<section><h2>Due soon</h2><p>${numberFormat.format(Number(dueSoon.rows[0].n))}</p></section>
<table><thead><tr><th>Role</th><th>Users</th></tr></thead><tbody>${byRole.rows.map((row) => `<tr><td>${esc(row.role)}</td><td>${row.n}</td></tr>`).join('')}</tbody></table>`
  return layout('Dashboard', user, main)
}

// ---------------------------------------------------------------------------------------------
// Loads: the app's capped count (10,000) and one page in the list's order, with the broker,
// driver and truck beside each row, in one statement each.

const LOAD_SORTS: Record<string, string> = { pickupAt: 'l."pickupAt"', totalCents: 'l."totalCents"', loadNumber: 'l."loadNumber"', createdAt: 'l."createdAt"' }
const LOAD_STATUSES = ['draft', 'booked', 'dispatched', 'at_pickup', 'in_transit', 'at_delivery', 'delivered', 'invoiced', 'canceled']

type LoadRow = {
  id: string
  loadNumber: string
  status: string
  brokerId: string
  brokerName: string
  brokerReference: string | null
  equipmentType: string
  pickupAt: Date | null
  pickupCity: string | null
  pickupState: string | null
  deliveryAt: Date | null
  deliveryCity: string | null
  deliveryState: string | null
  driverId: string | null
  driverFirstName: string | null
  driverLastName: string | null
  truckId: string | null
  truckUnit: string | null
  linehaulCents: number
  totalCents: number
  loadedMiles: number | null
  emptyMiles: number | null
  createdAt: Date
  updatedAt: Date
  version: number
}

/** The app's cursor (`[sort, dir, value, id]` in base64url JSON) for pickupAt desc with a value, or null. */
function keysetAfter(cursor: string | null) {
  if (!cursor) return null
  const [sort, dir, value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string, string | null, string]
  return sort === 'pickupAt' && dir === 'desc' && value ? { value, id } : null
}

async function loadPage(organizationId: string, url: URL) {
  const { page, pageSize } = listQuery(url)
  const status = url.searchParams.get('status')
  const filter = status && LOAD_STATUSES.includes(status) ? status : null
  const sort = LOAD_SORTS[url.searchParams.get('sort') ?? ''] ?? LOAD_SORTS.pickupAt
  // The app's loads list reads newest first unless told otherwise.
  const direction = url.searchParams.get('dir') === 'asc' ? 'ASC' : 'DESC'
  // As the app's keyset paging (`?after=`, from the API's meta.nextCursor), for the newest-first default only.
  const after = keysetAfter(url.searchParams.get('after'))
  // The app's search (ADR 111: the lowercased searchText the database keeps), capped like the app's
  // count (1,000 with a search, else 10,000: ADR 073, 111); the bench searches one word of letters,
  // so it goes into the SQL as it is (anything else is ignored).
  const q = /^[A-Za-z -]{1,40}$/.test(url.searchParams.get('q') ?? '') ? url.searchParams.get('q')! : null
  const search = loadSearch(q)
  const cap = q ? 1_000 : 10_000
  const where = `l."organizationId" = $1${filter ? ` AND l.status = '${filter}'` : ''}${search}${after ? ` AND l."pickupAt" <= $4 AND (l."pickupAt" < $4 OR (l."pickupAt" = $4 AND l.id < $5))` : ''}`
  const order = `${sort} ${direction}, l.id ${direction}`
  // As the app: the capped count in the filters' index order (newest first), the page's ids first, then their rows.
  const countOrder = filter ? 'l.status DESC, l."pickupAt" DESC, l.id DESC' : 'l."pickupAt" DESC, l.id DESC'
  // The app counts the list's filters, not the cursor.
  const countWhere = `l."organizationId" = $1${filter ? ` AND l.status = '${filter}'` : ''}${search}`
  const [count, ids] = await Promise.all([
    pool.query<{ total: string }>(
      `SELECT count(*) AS total FROM (SELECT 1 FROM "Load" l WHERE ${countWhere} ORDER BY ${countOrder} LIMIT ${cap + 1}) AS capped`,
      [organizationId],
    ),
    pool.query<{ id: string }>(
      `SELECT l.id FROM "Load" l WHERE ${where} ORDER BY ${order} LIMIT $2 OFFSET $3`,
      after ? [organizationId, pageSize, 0, after.value, after.id] : [organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  const items = await pool.query<LoadRow>(
    `SELECT l.id, l."loadNumber", l.status, l."brokerId", b.name AS "brokerName", l."brokerReference", l."equipmentType", l."pickupAt", l."pickupCity",
      l."pickupState", l."deliveryAt", l."deliveryCity", l."deliveryState", l."driverId", d."firstName" AS "driverFirstName",
      d."lastName" AS "driverLastName", l."truckId", t."unitNumber" AS "truckUnit", l."linehaulCents", l."totalCents", l."loadedMiles",
      l."emptyMiles", l."createdAt", l."updatedAt", l.version
    FROM "Load" l JOIN "Broker" b ON b.id = l."brokerId" LEFT JOIN "User" d ON d.id = l."driverId" LEFT JOIN "Truck" t ON t.id = l."truckId"
    WHERE l.id = ANY($1::text[]) ORDER BY ${order}`,
    [ids.rows.map((row) => row.id)],
  )
  const counted = Number(count.rows[0].total)
  return { page, pageSize, total: Math.min(counted, cap), capped: counted > cap, items: items.rows, q, cap }
}

/** The app's search condition for a word of letters (ADR 111), or nothing. */
function loadSearch(q: string | null) {
  return q ? ` AND l."searchText" LIKE '%${q.toLowerCase()}%'` : ''
}

function ratePerMile(row: LoadRow) {
  const miles = (row.loadedMiles ?? 0) + (row.emptyMiles ?? 0)
  return miles > 0 ? Math.round(row.totalCents / miles) : null
}

function loadJson(row: LoadRow) {
  return {
    id: row.id,
    loadNumber: row.loadNumber,
    status: row.status,
    brokerId: row.brokerId,
    broker: { id: row.brokerId, name: row.brokerName },
    brokerReference: row.brokerReference,
    equipmentType: row.equipmentType,
    pickup: { at: row.pickupAt?.toISOString() ?? null, city: row.pickupCity, state: row.pickupState },
    delivery: { at: row.deliveryAt?.toISOString() ?? null, city: row.deliveryCity, state: row.deliveryState },
    driverId: row.driverId,
    driver: row.driverId ? { id: row.driverId, name: `${row.driverFirstName} ${row.driverLastName}` } : null,
    truckId: row.truckId,
    truck: row.truckId ? { id: row.truckId, unitNumber: row.truckUnit } : null,
    linehaulCents: row.linehaulCents,
    totalCents: row.totalCents,
    ratePerMileCents: ratePerMile(row),
    loadedMiles: row.loadedMiles,
    emptyMiles: row.emptyMiles,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' })

async function loadListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'load')
  const q = /^[A-Za-z -]{1,40}$/.test(url.searchParams.get('q') ?? '') ? url.searchParams.get('q')! : null
  const listing = loadPage(user.organizationId, url)
  // As the app's tabs: each status counted up to the cap on its own index range; a search's few
  // matches grouped, and a search past its cap (its total says so) not counted by status (ADR 156).
  const tabCounts = q
    ? listing.then(async ({ capped }) =>
        capped
          ? { rows: [] as Array<{ status: string; n: string }> }
          : pool.query<{ status: string; n: string }>(
              `SELECT l.status, count(*) AS n FROM "Load" l WHERE l."organizationId" = $1${loadSearch(q)} GROUP BY l.status`,
              [user.organizationId],
            ),
      )
    : pool.query<{ status: string; n: string }>(
        `SELECT s.status, (SELECT count(*) FROM (SELECT 1 FROM "Load" l WHERE l."organizationId" = $1 AND l.status = s.status::"LoadStatus"
          LIMIT 10001) AS c) AS n
        FROM unnest(enum_range(NULL::"LoadStatus")::text[]) AS s(status)`,
        [user.organizationId],
      )
  const [{ page, pageSize, total, capped, items, cap }, brokers, counts] = await Promise.all([
    listing,
    pool.query<{ id: string; name: string }>(`SELECT id, name FROM "Broker" WHERE "organizationId" = $1 ORDER BY name`, [user.organizationId]),
    tabCounts,
  ])
  const rows = items
    .map(
      (load) => `<tr><td><a href="/dashboard/loads/${load.id}">${esc(load.loadNumber)}</a></td><td><span class="badge">${esc(load.status)}</span></td>
<td>${esc(load.brokerName)}</td><td>${esc(load.pickupCity ?? '—')}, ${esc(load.pickupState ?? '')}<br>${load.pickupAt ? dateTime.format(load.pickupAt) : '—'}</td>
<td>${esc(load.deliveryCity ?? '—')}, ${esc(load.deliveryState ?? '')}<br>${load.deliveryAt ? dateTime.format(load.deliveryAt) : '—'}</td>
<td>${load.driverId ? `${esc(load.driverFirstName ?? '')} ${esc(load.driverLastName ?? '')}` : '—'} / ${esc(load.truckUnit ?? '—')}</td>
<td class="num">${money.format(load.totalCents / 100)}</td><td class="num">${ratePerMile(load) === null ? '—' : money.format((ratePerMile(load) ?? 0) / 100)}</td>
<td><a href="/dashboard/loads/${load.id}/edit">Edit</a></td></tr>`,
    )
    .join('\n')
  const tabs = counts.rows
    .map(
      (row) =>
        `<a href="?status=${row.status}">${esc(row.status)} (${Number(row.n) > cap ? `${numberFormat.format(cap)}+` : numberFormat.format(Number(row.n))})</a>`,
    )
    .join(' ')
  const main = `<h1>Loads</h1><a href="/dashboard/loads/new">New load</a><nav>${tabs}</nav>
<form method="get"><input type="search" name="q" aria-label="Search loads">
<select name="brokerId"><option value="">All brokers</option>${brokers.rows.map((b) => `<option value="${b.id}">${esc(b.name)}</option>`).join('')}</select>
<input type="date" name="from"><input type="date" name="to"><button>Search</button></form>
<table><thead><tr><th>Load</th><th>Status</th><th>Broker</th><th>Pickup</th><th>Delivery</th><th>Driver / truck</th><th>Total</th><th>Per mile</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format((page - 1) * pageSize + 1)}–${numberFormat.format(page * pageSize)} of ${numberFormat.format(total)}${capped ? '+' : ''}</p>`
  return layout('Loads', user, main)
}

async function apiLoadList(req: http.IncomingMessage, url: URL) {
  const user = await apiUser(req, 'read', 'load')
  const { page, pageSize, total, capped, items } = await loadPage(user.organizationId, url)
  return { data: items.map(loadJson), meta: { total, page, pageSize, ...(capped ? { totalCapped: true } : {}) } }
}

// ---------------------------------------------------------------------------------------------
// Chat: the user's conversations, most recent first (at most 100), each with its
// participants, its newest message (with sender and attachments), the load's number and the
// user's unread count, in one statement as the app's Prisma query (relation joins) sends one.
// The JSON is app/models/chat/chat.server.ts's serializeConversation, key for key.

type ChatPersonJson = { id: string; firstName: string; lastName: string; role: string }
type ChatMessageJson = {
  id: string
  conversationId: string
  body: string
  contentType: string
  createdAt: string
  senderId: string | null
  sender: ChatPersonJson | null
  attachments: Array<{ id: string; fileName: string; contentType: string; sizeBytes: number }>
}
type ConversationRow = {
  id: string
  kind: string
  title: string | null
  loadId: string | null
  loadNumber: string | null
  lastMessageAt: Date | null
  createdAt: Date
  version: number
  unreadCount: number
  lastReadAt: Date | null
  participants: ChatPersonJson[]
  lastMessage: ChatMessageJson | null
}

/** Timestamps inside JSON come as PostgreSQL writes them; the API's are ISO 8601 in UTC. */
const iso = (value: string | Date) => new Date(value).toISOString()
const personName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim()

const CONVERSATION_LIST = `SELECT c.id, c.kind, c.title, c."loadId", l."loadNumber", c."lastMessageAt", c."createdAt", c.version, me."unreadCount", me."lastReadAt",
    (SELECT coalesce(json_agg(json_build_object('id', u.id, 'firstName', u."firstName", 'lastName', u."lastName", 'role', u.role) ORDER BY p."joinedAt"), '[]')
      FROM "ConversationParticipant" p JOIN "User" u ON u.id = p."userId" WHERE p."conversationId" = c.id) AS participants,
    (SELECT json_build_object('id', m.id, 'conversationId', m."conversationId", 'body', m.body, 'contentType', m."contentType", 'createdAt', m."createdAt",
        'senderId', m."senderId",
        'sender', (SELECT json_build_object('id', s.id, 'firstName', s."firstName", 'lastName', s."lastName", 'role', s.role) FROM "User" s WHERE s.id = m."senderId"),
        'attachments', (SELECT coalesce(json_agg(json_build_object('id', a.id, 'fileName', a."fileName", 'contentType', a."contentType", 'sizeBytes', a."sizeBytes")
          ORDER BY a."createdAt"), '[]') FROM "ChatAttachment" a WHERE a."messageId" = m.id))
      FROM "ChatMessage" m WHERE m."conversationId" = c.id ORDER BY m."createdAt" DESC, m.id DESC LIMIT 1) AS "lastMessage"
  FROM "Conversation" c JOIN "ConversationParticipant" me ON me."conversationId" = c.id AND me."userId" = $2 LEFT JOIN "Load" l ON l.id = c."loadId"
  WHERE c."organizationId" = $1 ORDER BY c."lastMessageAt" DESC NULLS LAST, c."createdAt" DESC LIMIT 100`

/** The app's conversation scope: the user's, in their organization; a driver's load conversations only while the load is theirs. */
async function conversations(user: User) {
  const sql =
    user.role === 'driver'
      ? CONVERSATION_LIST.replace('WHERE c."organizationId" = $1', 'WHERE c."organizationId" = $1 AND (c."loadId" IS NULL OR l."driverId" = $2)')
      : CONVERSATION_LIST
  return (await pool.query<ConversationRow>(sql, [user.organizationId, user.id])).rows
}

function conversationJson(row: ConversationRow) {
  const last = row.lastMessage
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    loadId: row.loadId,
    loadNumber: row.loadNumber,
    participants: row.participants.map((person) => ({ id: person.id, name: personName(person), role: person.role })),
    lastMessage: last
      ? {
          id: last.id,
          conversationId: last.conversationId,
          body: last.body,
          contentType: last.contentType,
          attachments: last.attachments.map((a) => ({ ...a, url: `/api/chat/${last.conversationId}/attachments/${a.id}` })),
          createdAt: iso(last.createdAt),
          senderId: last.senderId,
          sender: last.sender ? { id: last.sender.id, name: personName(last.sender) } : null,
        }
      : null,
    unreadCount: row.unreadCount,
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
    updatedAt: (row.lastMessageAt ?? row.createdAt).toISOString(),
    version: row.version,
  }
}

/** The conversations the user takes part in (a driver: not another driver's load's), counted as the app's first page does. */
const CONVERSATION_COUNT = `SELECT count(*)::int AS total FROM "Conversation" c JOIN "ConversationParticipant" me ON me."conversationId" = c.id AND me."userId" = $2
  LEFT JOIN "Load" l ON l.id = c."loadId" WHERE c."organizationId" = $1`

async function apiChatList(req: http.IncomingMessage) {
  const user = await apiUser(req, 'read', 'chat')
  const count = user.role === 'driver' ? `${CONVERSATION_COUNT} AND (c."loadId" IS NULL OR l."driverId" = $2)` : CONVERSATION_COUNT
  const [rows, counted] = await Promise.all([conversations(user), pool.query<{ total: number }>(count, [user.organizationId, user.id])])
  return { data: rows.map(conversationJson), meta: { total: counted.rows[0].total, page: 1, pageSize: 100 } }
}

/** The organization's time zone, as the app's organizationTimeZone reads it (the page formats times in it). */
async function timeZoneOf(organizationId: string) {
  const { rows } = await pool.query<{ timezone: string | null }>(`SELECT timezone FROM "Organization" WHERE id = $1`, [organizationId])
  return rows[0]?.timezone || 'UTC'
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>()
function formatZoned(value: string, timeZone: string) {
  let format = zonedFormats.get(timeZone)
  if (!format) zonedFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })))
  return format.format(new Date(value))
}

async function chatListPage(req: http.IncomingMessage) {
  const user = await pageUser(req, 'read', 'chat')
  const [rows, timeZone] = await Promise.all([conversations(user), timeZoneOf(user.organizationId)])
  const items = rows
    .map((row) => {
      const conversation = conversationJson(row)
      const others = conversation.participants.filter((person) => person.id !== user.id)
      const name = conversation.loadNumber ? `Load ${conversation.loadNumber}` : conversation.title || others.map((person) => person.name).join(', ')
      const last = conversation.lastMessage
      const preview = last ? last.body || (last.attachments[0]?.fileName ?? '') : 'No messages yet'
      return `<li><a href="/dashboard/chat/${conversation.id}"><bdi>${esc(name)}</bdi> <time datetime="${conversation.updatedAt}">${formatZoned(conversation.updatedAt, timeZone)}</time>
<bdi dir="auto">${esc(preview)}</bdi>${conversation.unreadCount ? ` <span class="badge">${conversation.unreadCount} unread</span>` : ''}</a></li>`
    })
    .join('\n')
  const main = `<h1>Chat</h1><a href="/dashboard/chat/new">New conversation</a>
<div class="chat"><ul aria-label="Conversations">${items}</ul><p>Pick a conversation</p></div>`
  return layout('Chat', user, main)
}

// ---------------------------------------------------------------------------------------------
// Mail: one page of a mailbox's folder, newest first, with its total, as the app's
// listMail (app/models/mail/mailbox.server.ts) reads it: the count and the page (each message with its
// attachmentList, ADR 075) in parallel. The bench asks for the default mailbox's inbox: the shared one for
// the roles that read it (the bench's admin), else one's own. mailQuery and mailJson are the two
// places to follow the app's mail list when it changes.

/** The app's mail policy: the roles that read the shared mailbox open it by default. */
const readsSharedMail = (role: Role) => can(role, 'read', 'sharedMail')

type MailRow = {
  id: string
  ownerId: string | null
  folder: string
  fromName: string
  fromEmail: string
  envelopeFrom: string | null
  fromVerified: boolean | null
  textKey: string | null
  to: unknown
  cc: unknown
  subject: string
  text: string
  html: string | null
  snippet: string
  isRead: boolean
  isStarred: boolean
  isImportant: boolean
  labels: string[]
  delivery: string | null
  inReplyTo: string | null
  sentAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
  attachments: Array<{ id: string; fileName: string; contentType: string; sizeBytes: number }>
}

// As the app's boxSql asks: the shared mailbox's rows are those without an owner (`IS NULL`, which the
// index serves; `$2` is then null), one's own those with one's id.
const boxWhere = (shared: boolean) => `m."organizationId" = $1 AND ${shared ? 'm."ownerId" IS NULL AND $2::text IS NULL' : 'm."ownerId" = $2'}`
const mailWhere = (shared: boolean) => `${boxWhere(shared)} AND m.folder = $3::"MailFolder"`
const mailQuery = (
  shared: boolean,
) => `SELECT m.id, m."ownerId", m.folder, m."fromName", m."fromEmail", m."envelopeFrom", m."fromVerified", m."textKey", m."to", m.cc, m.subject, m.text, m.html, m.snippet, m."isRead", m."isStarred",
    m."isImportant", m.labels, m.delivery, m."inReplyTo", m."sentAt", m."createdAt", m."updatedAt", m.version, m."attachmentList" AS attachments
  FROM "MailMessage" m WHERE ${mailWhere(shared)} ORDER BY m."createdAt" DESC, m.id DESC LIMIT $4 OFFSET $5`

function mailBox(user: User, url: URL) {
  const asked = url.searchParams.get('box')
  const readsShared = readsSharedMail(user.role)
  const box = asked === 'own' || asked === 'shared' ? asked : readsShared ? 'shared' : 'own'
  if (box === 'shared' && !readsShared) throw new HttpError(404, 'not_found')
  return box
}

async function mailPage(user: User, url: URL) {
  const box = mailBox(user, url)
  const folder = url.searchParams.get('folder') || 'inbox'
  if (!['inbox', 'sent', 'drafts', 'trash'].includes(folder)) throw new HttpError(400, 'validation_failed')
  const { page, pageSize } = listQuery(url)
  const owner = box === 'shared' ? null : user.id
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "MailMessage" m WHERE ${mailWhere(owner === null)}`, [user.organizationId, owner, folder]),
    pool.query<MailRow>(mailQuery(owner === null), [user.organizationId, owner, folder, pageSize, (page - 1) * pageSize]),
  ])
  return { box, folder, page, pageSize, total: Number(count.rows[0].total), rows: rows.rows }
}

/** The stored `to`/`cc` JSON as parties, as the app's partiesOf reads them. */
function parties(value: unknown) {
  if (!Array.isArray(value)) return []
  return value.flatMap((entry: { name?: unknown; email?: unknown }) =>
    entry && typeof entry === 'object' && typeof entry.email === 'string' ? [{ name: String(entry.name ?? ''), email: entry.email }] : [],
  )
}

/** The app's serializeMail, key for key. */
function mailJson(row: MailRow) {
  return {
    id: row.id,
    mailbox: row.ownerId === null ? 'shared' : 'own',
    folder: row.folder,
    from: { name: row.fromName, email: row.fromEmail },
    envelopeFrom: row.envelopeFrom,
    fromVerified: row.fromVerified,
    to: parties(row.to),
    cc: parties(row.cc),
    subject: row.subject,
    text: row.text,
    textUrl: row.textKey ? `/api/mail/${row.id}/text` : null,
    html: row.html,
    snippet: row.snippet,
    isRead: row.isRead,
    isStarred: row.isStarred,
    isImportant: row.isImportant,
    labels: row.labels,
    attachments: row.attachments.map((a) => ({ ...a, url: `/api/mail/${row.id}/attachments/${a.id}` })),
    delivery: row.delivery,
    inReplyTo: row.inReplyTo,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

async function apiMailList(req: http.IncomingMessage, url: URL) {
  const user = await apiUser(req, 'read', 'mail')
  const { box, page, pageSize, total, rows } = await mailPage(user, url)
  return { data: rows.map(mailJson), meta: { total, page, pageSize, box } }
}

/**
 * The app's mail folder page: the page of messages, the organization's time zone and inbound
 * address, each readable mailbox's unread and total per folder, and the mailbox's labels.
 */
async function mailListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'mail')
  const boxes = readsSharedMail(user.role) ? (['shared', 'own'] as const) : (['own'] as const)
  const [list, organization, labels, ...counts] = await Promise.all([
    mailPage(user, url),
    pool.query<{ timezone: string | null; name: string; inboundLocalPart: string | null }>(
      `SELECT timezone, name, "inboundLocalPart" FROM "Organization" WHERE id = $1`,
      [user.organizationId],
    ),
    pool.query<{ label: string }>(
      `SELECT DISTINCT unnest(labels) AS label FROM "MailMessage" m WHERE ${boxWhere(mailBox(user, url) === 'shared')} ORDER BY label LIMIT 50`,
      [user.organizationId, mailBox(user, url) === 'shared' ? null : user.id],
    ),
    ...boxes.map((box) =>
      pool.query<{ folder: string; isRead: boolean; n: string }>(
        `SELECT folder, "isRead", count(*) AS n FROM "MailMessage" m WHERE ${boxWhere(box === 'shared')} GROUP BY folder, "isRead"`,
        [user.organizationId, box === 'shared' ? null : user.id],
      ),
    ),
  ])
  const timeZone = organization.rows[0]?.timezone || 'UTC'
  const folders = boxes
    .map((box, i) => {
      const unread = (folder: string) => counts[i].rows.filter((row) => row.folder === folder && !row.isRead).reduce((sum, row) => sum + Number(row.n), 0)
      return `<h2>${box === 'shared' ? 'Shared mailbox' : 'My mailbox'}</h2><ul>${['inbox', 'sent', 'drafts', 'trash']
        .map(
          (folder) =>
            `<li><a href="/dashboard/mail/${folder}?box=${box}">${folder}${unread(folder) ? ` <span class="badge">${unread(folder)}</span>` : ''}</a></li>`,
        )
        .join('')}</ul>`
    })
    .join('')
  const rows = list.rows
    .map(
      (row) => `<li class="${row.isRead ? '' : 'unread'}"><a href="/dashboard/mail/${list.folder}/${row.id}"><bdi>${esc(row.fromName || row.fromEmail)}</bdi>
<time datetime="${row.createdAt.toISOString()}">${formatZoned(row.createdAt.toISOString(), timeZone)}</time><bdi dir="auto">${esc(row.subject)}</bdi>
<span>${esc(row.snippet)}</span>${row.isStarred ? ' ★' : ''}${row.labels.map((label) => ` <span class="badge">${esc(label)}</span>`).join('')}${row.attachments.length ? ` 📎 ${row.attachments.length}` : ''}</a></li>`,
    )
    .join('\n')
  const main = `<h1>Mail</h1><p>${list.box === 'shared' ? 'Shared mailbox' : 'My mailbox'} · ${esc(list.folder)}</p><a href="/dashboard/mail/new">Compose</a>
<div class="mail"><aside>${folders}<h2>Labels</h2>${labels.rows.map((row) => `<a href="?label=${encodeURIComponent(row.label)}">${esc(row.label)}</a>`).join(' ')}</aside>
<form method="get"><input type="search" name="q" aria-label="Search mail"><button>Search</button></form><ul>${rows}</ul>
<p>${numberFormat.format(list.total ? (list.page - 1) * list.pageSize + 1 : 0)}–${numberFormat.format(Math.min(list.total, list.page * list.pageSize))} of ${numberFormat.format(list.total)}</p></div>`
  return layout('Mail', user, main)
}

// ---------------------------------------------------------------------------------------------
// Store products: the default list as app/models/store/product.server.ts's listProducts
// reads it (count and page in parallel, name order with the id tie-break, each product's photos
// in their order; Prisma sends the photos as a second IN query, here a subquery) and its JSON,
// serializeProduct, key for key. PRODUCT_QUERY and productJson are the places to follow.

type ProductPhotoRow = { id: string; fileName: string; contentType: string; sizeBytes: number }
type ProductRow = {
  id: string
  organizationId: string
  name: string
  sku: string
  description: string
  category: string
  priceCents: number
  stock: number
  colors: string[]
  status: string
  customFields: unknown
  createdAt: Date
  updatedAt: Date
  version: number
  photos: ProductPhotoRow[]
}

const PRODUCT_QUERY = `SELECT p.id, p."organizationId", p.name, p.sku, p.description, p.category, p."priceCents", p.stock, p.colors, p.status, p."customFields",
  p."createdAt", p."updatedAt", p.version,
  (SELECT coalesce(json_agg(json_build_object('id', f.id, 'fileName', f."fileName", 'contentType', f."contentType", 'sizeBytes', f."sizeBytes")
      ORDER BY f."sortOrder", f."createdAt"), '[]') FROM "ProductPhoto" f WHERE f."productId" = p.id) AS photos
  FROM "Product" p WHERE p."organizationId" = $1 ORDER BY p.name ASC, p.id ASC LIMIT $2 OFFSET $3`

async function productPage(organizationId: string, page: number, pageSize: number) {
  const [count, items] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "Product" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<ProductRow>(PRODUCT_QUERY, [organizationId, pageSize, (page - 1) * pageSize]),
  ])
  return { total: Number(count.rows[0].total), items: items.rows }
}

/** The app's serializeProduct: the row's columns (dates as ISO strings), then the photos with their URL. */
function productJson(row: ProductRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    sku: row.sku,
    description: row.description,
    category: row.category,
    priceCents: row.priceCents,
    stock: row.stock,
    colors: row.colors,
    status: row.status,
    customFields: row.customFields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    photos: row.photos.map((photo) => ({
      id: photo.id,
      url: `/api/products/${row.id}/photos/${photo.id}`,
      fileName: photo.fileName,
      contentType: photo.contentType,
      sizeBytes: photo.sizeBytes,
    })),
  }
}

const apiProductList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'product', productPage, productJson)

/** The app's products list page: the page, the active custom-field columns and the categories for the filter. */
async function productListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'product')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, columns, categories] = await Promise.all([
    productPage(user.organizationId, page, pageSize),
    customFieldDefinitions(user.organizationId, true, 'products'),
    pool.query<{ category: string }>(`SELECT DISTINCT category FROM "Product" WHERE "organizationId" = $1 AND category <> '' ORDER BY category`, [
      user.organizationId,
    ]),
  ])
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const rows = items
    .map(
      (
        product,
      ) => `<tr><td><a href="/dashboard/e-commerce/product/${product.id}"><bdi>${esc(product.name)}</bdi></a></td><td><bdi>${esc(product.sku)}</bdi></td>
<td>${esc(product.category || '—')}</td><td class="num">${money.format(product.priceCents / 100)}</td>
<td class="num"><span class="badge">${numberFormat.format(product.stock)}</span></td><td><span class="badge">${esc(product.status)}</span></td>
<td><a href="/dashboard/e-commerce/product/${product.id}/edit">Edit</a><form method="post" action="/dashboard/e-commerce/product/${product.id}/delete"><input type="hidden" name="version" value="${product.version}"><button>Delete</button></form></td></tr>`,
    )
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Products</h1><a href="/dashboard/e-commerce/new">New product</a>
<form method="get"><input type="search" name="q" aria-label="Search products">
<select name="status"><option value="">All statuses</option>${options(PRODUCT_STATUSES, url.searchParams.get('status'))}</select>
<select name="category"><option value="">All categories</option>${categories.rows.map((c) => `<option value="${esc(c.category)}">${esc(c.category)}</option>`).join('')}</select>
<select name="stock"><option value="">All stock</option><option value="low">Low</option><option value="out">Out</option></select>
<details><summary>Columns</summary>${columns.rows.map((c) => `<label><input type="checkbox" name="cols" value="${esc(c.key)}"> ${esc(c.label)}</label>`).join('')}</details>
<button>Search</button></form>
<table><thead><tr><th>Name</th><th>SKU</th><th>Category</th><th>Price</th><th>Stock</th><th>Status</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Products', user, main)
}

// ---------------------------------------------------------------------------------------------
// Settlements: the default list as app/models/settlements/settlement.server.ts's listSettlements
// reads it for an office user (the organization's, newest first with the id tie-break, each with
// its driver; Prisma sends the drivers as a second IN query, here a JOIN) and its JSON,
// serializeSettlementRow, key for key.

type SettlementRow = {
  id: string
  number: string
  status: string
  driverId: string
  driverFirstName: string
  driverLastName: string
  periodStart: string
  periodEnd: string
  // BIGINT columns (ADR 089): pg reads them as text.
  grossCents: string
  deductionsCents: string
  netCents: string
  paidAt: string | null
  paidMethod: string | null
  paidReference: string | null
  voidedAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
}

const SETTLEMENT_QUERY = `SELECT s.id, s.number, s.status, s."driverId", d."firstName" AS "driverFirstName", d."lastName" AS "driverLastName", s."periodStart", s."periodEnd",
  s."grossCents", s."deductionsCents", s."netCents", s."paidAt", s."paidMethod", s."paidReference", s."voidedAt", s."createdAt", s."updatedAt", s.version
  FROM "Settlement" s JOIN "User" d ON d.id = s."driverId" WHERE s."organizationId" = $1 ORDER BY s."createdAt" DESC, s.id DESC LIMIT $2 OFFSET $3`

async function settlementPage(organizationId: string, page: number, pageSize: number) {
  const [count, items] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "Settlement" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<SettlementRow>(SETTLEMENT_QUERY, [organizationId, pageSize, (page - 1) * pageSize]),
  ])
  return { total: Number(count.rows[0].total), items: items.rows }
}

/** The app's serializeSettlementRow. */
function settlementJson(row: SettlementRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    driverId: row.driverId,
    driver: { id: row.driverId, name: `${row.driverFirstName} ${row.driverLastName}`.trim() },
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    grossCents: Number(row.grossCents),
    deductionsCents: Number(row.deductionsCents),
    netCents: Number(row.netCents),
    paidAt: row.paidAt,
    method: row.paidMethod,
    reference: row.paidReference,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

const apiSettlementList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'settlement', settlementPage, settlementJson)

/** The app's settlements list page: the page and the organization's drivers for the filter. */
async function settlementListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'settlement')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, drivers] = await Promise.all([
    settlementPage(user.organizationId, page, pageSize),
    pool.query<{ id: string; firstName: string; lastName: string; status: string }>(
      `SELECT id, "firstName", "lastName", status FROM "User" WHERE "organizationId" = $1 AND role = 'driver' ORDER BY "firstName", "lastName"`,
      [user.organizationId],
    ),
  ])
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const rows = items
    .map((row) => {
      const settlement = settlementJson(row)
      return `<tr><td><a href="/dashboard/settlements/${settlement.id}">${esc(settlement.number)}</a></td><td><bdi>${esc(settlement.driver.name)}</bdi></td>
<td>${formatDate(settlement.periodStart)} – ${formatDate(settlement.periodEnd)}</td><td class="num">${money.format(settlement.netCents / 100)}</td><td><span class="badge">${esc(settlement.status)}</span></td></tr>`
    })
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Settlements</h1><a href="/dashboard/settlements/new">New settlement</a>
<form method="get"><input type="search" name="q" aria-label="Search settlements">
<select name="status"><option value="">All statuses</option>${options(['draft', 'approved', 'paid', 'void'], url.searchParams.get('status'))}</select>
<select name="driverId"><option value="">All drivers</option>${drivers.rows.map((d) => `<option value="${d.id}">${esc(`${d.firstName} ${d.lastName}`.trim())}</option>`).join('')}</select>
<input type="date" name="from" aria-label="From"><input type="date" name="to" aria-label="To"><button>Search</button></form>
<table><thead><tr><th>Number</th><th>Driver</th><th>Period</th><th>Net pay</th><th>Status</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Settlements', user, main)
}

// ---------------------------------------------------------------------------------------------
// Store orders: the default list as app/models/store/store-order.server.ts's listOrders
// reads it (newest first with the id tie-break; each order's lines by name, its driver, its truck
// and whether a live settlement deducts it: Prisma's four IN queries, here subqueries and JOINs)
// and its JSON, serializeOrder, key for key.

type OrderItemJson = {
  id: string
  productId: string | null
  name: string
  sku: string
  color: string
  priceCents: number
  quantity: number
  lineTotalCents: number
}
type OrderRow = {
  id: string
  orderNumber: string
  status: string
  chargeTo: string
  driverId: string | null
  driverFirstName: string | null
  driverLastName: string | null
  truckId: string | null
  truckUnit: string | null
  billingName: string
  billingAddress: string
  shippingMethod: string
  discountCode: string | null
  items: OrderItemJson[]
  subtotalCents: number
  discountCents: number
  shippingCents: number
  totalCents: number
  settled: boolean
  createdAt: Date
  canceledAt: Date | null
  version: number
}

const ORDER_QUERY = `SELECT o.id, o."orderNumber", o.status, o."chargeTo", o."driverId", d."firstName" AS "driverFirstName", d."lastName" AS "driverLastName",
  o."truckId", t."unitNumber" AS "truckUnit", o."billingName", o."billingAddress", o."shippingMethod", o."discountCode",
  (SELECT coalesce(json_agg(json_build_object('id', i.id, 'productId', i."productId", 'name', i.name, 'sku', i.sku, 'color', i.color, 'priceCents', i."priceCents",
      'quantity', i.quantity, 'lineTotalCents', i."lineTotalCents") ORDER BY i.name), '[]') FROM "StoreOrderItem" i WHERE i."orderId" = o.id) AS items,
  o."subtotalCents", o."discountCents", o."shippingCents", o."totalCents",
  EXISTS (SELECT 1 FROM "SettlementItem" si WHERE si."orderId" = o.id AND si."liveOrderId" IS NOT NULL) AS settled,
  o."createdAt", o."canceledAt", o.version
  FROM "StoreOrder" o LEFT JOIN "User" d ON d.id = o."driverId" LEFT JOIN "Truck" t ON t.id = o."truckId"
  WHERE o."organizationId" = $1 ORDER BY o."createdAt" DESC, o.id DESC LIMIT $2 OFFSET $3`

async function orderPage(organizationId: string, page: number, pageSize: number) {
  const [count, items] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "StoreOrder" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<OrderRow>(ORDER_QUERY, [organizationId, pageSize, (page - 1) * pageSize]),
  ])
  return { total: Number(count.rows[0].total), items: items.rows }
}

/** The app's serializeOrder. */
function orderJson(row: OrderRow) {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    chargeTo: row.chargeTo,
    driverId: row.driverId,
    driverName: row.driverId ? `${row.driverFirstName} ${row.driverLastName}` : null,
    truckId: row.truckId,
    truckUnit: row.truckUnit,
    billing: { name: row.billingName, address: row.billingAddress },
    shipping: { method: row.shippingMethod },
    discountCode: row.discountCode,
    items: row.items,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    settled: row.settled,
    createdAt: row.createdAt.toISOString(),
    canceledAt: row.canceledAt?.toISOString() ?? null,
    version: row.version,
  }
}

const apiOrderList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'storeOrder', orderPage, orderJson)

/** The app's orders page: the page and, for the roles that order, the user's cart count. */
async function orderListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'storeOrder')
  const { page, pageSize } = listQuery(url)
  const ordering = can(user.role, 'create', 'storeOrder')
  const [{ total, items }, cart] = await Promise.all([
    orderPage(user.organizationId, page, pageSize),
    ordering ? pool.query<{ n: number | null }>(`SELECT sum(quantity)::int AS n FROM "CartItem" WHERE "userId" = $1`, [user.id]) : null,
  ])
  const inCart = cart?.rows[0].n ?? 0
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const rows = items
    .map((order) => {
      const payer = order.driverId ? `${order.driverFirstName} ${order.driverLastName}` : order.truckUnit
      return `<tr><td><a href="/dashboard/e-commerce/orders/${order.id}">${esc(order.orderNumber)}</a></td><td><time datetime="${order.createdAt.toISOString()}">${dateFormat.format(order.createdAt)}</time></td>
<td>${esc(order.chargeTo)}${payer ? ` · <bdi>${esc(payer)}</bdi>` : ''}</td><td class="num">${numberFormat.format(order.items.reduce((sum, item) => sum + item.quantity, 0))}</td>
<td class="num">${money.format(order.totalCents / 100)}</td><td><span class="badge">${esc(order.status)}</span></td></tr>`
    })
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Orders</h1>${ordering ? `<a href="/dashboard/e-commerce/shop">Shop</a> <a href="/dashboard/e-commerce/cart">Cart (${inCart})</a>` : ''}
<form method="get"><input type="search" name="q" aria-label="Search orders">
<select name="chargeTo"><option value="">Anyone</option>${options(['driver', 'company', 'truck'], url.searchParams.get('chargeTo'))}</select>
<select name="status"><option value="">All statuses</option>${options(['placed', 'canceled'], url.searchParams.get('status'))}</select><button>Search</button></form>
<table><thead><tr><th>Order</th><th>Placed</th><th>Charged to</th><th>Items</th><th>Total</th><th>Status</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Orders', user, main)
}

// ---------------------------------------------------------------------------------------------
// Quote requests: the default list as app/models/quotes/quote.server.ts's listQuotes reads it
// (newest first with the id tie-break, each with who answered it and the load it became; Prisma
// sends those as two IN queries, here LEFT JOINs) and its JSON, serializeQuote, key for key.

type QuoteRow = {
  id: string
  number: number
  status: string
  originCity: string
  originState: string
  destinationCity: string
  destinationState: string
  equipmentType: string
  pickupDate: string
  weightLb: number | null
  name: string
  email: string
  company: string | null
  phone: string | null
  message: string | null
  quotedCents: number | null
  quoteNote: string | null
  quotedAt: Date | null
  decidedAt: Date | null
  lostReason: string | null
  answeredById: string | null
  answeredFirstName: string | null
  answeredLastName: string | null
  loadId: string | null
  loadNumber: string | null
  loadStatus: string | null
  createdAt: Date
  updatedAt: Date
  version: number
}

const QUOTE_QUERY = `SELECT q.id, q.number, q.status, q."originCity", q."originState", q."destinationCity", q."destinationState", q."equipmentType", q."pickupDate",
  q."weightLb", q.name, q.email, q.company, q.phone, q.message, q."quotedCents", q."quoteNote", q."quotedAt", q."decidedAt", q."lostReason",
  q."answeredById", a."firstName" AS "answeredFirstName", a."lastName" AS "answeredLastName", q."loadId", l."loadNumber", l.status AS "loadStatus",
  q."createdAt", q."updatedAt", q.version
  FROM "QuoteRequest" q LEFT JOIN "User" a ON a.id = q."answeredById" LEFT JOIN "Load" l ON l.id = q."loadId"
  WHERE q."organizationId" = $1 ORDER BY q."createdAt" DESC, q.id DESC LIMIT $2 OFFSET $3`

async function quotePage(organizationId: string, page: number, pageSize: number) {
  const [count, items] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "QuoteRequest" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<QuoteRow>(QUOTE_QUERY, [organizationId, pageSize, (page - 1) * pageSize]),
  ])
  return { total: Number(count.rows[0].total), items: items.rows }
}

/** The app's serializeQuote. */
function quoteJson(row: QuoteRow) {
  return {
    id: row.id,
    number: formatQuoteNumber(row.number),
    status: row.status,
    originCity: row.originCity,
    originState: row.originState,
    destinationCity: row.destinationCity,
    destinationState: row.destinationState,
    equipmentType: row.equipmentType,
    pickupDate: row.pickupDate,
    weightLb: row.weightLb,
    name: row.name,
    email: row.email,
    company: row.company,
    phone: row.phone,
    message: row.message,
    quotedCents: row.quotedCents,
    quoteNote: row.quoteNote,
    quotedAt: row.quotedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    lostReason: row.lostReason,
    answeredBy: row.answeredById ? { id: row.answeredById, name: `${row.answeredFirstName} ${row.answeredLastName}`.trim() } : null,
    loadId: row.loadId,
    load: row.loadId ? { id: row.loadId, loadNumber: row.loadNumber, status: row.loadStatus } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

const apiQuoteList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'quote', quotePage, quoteJson)

// Factoring schedules: the default list as app/models/factoring/factoring.server.ts's listSchedules
// reads it (the count and the page, newest first, with each schedule's invoice count) and its JSON,
// serializeScheduleRow, key for key.
type ScheduleRow = {
  id: string
  number: string
  status: string
  factorName: string
  factorEmail: string | null
  advanceBasisPoints: number
  feeBasisPoints: number
  // BIGINT columns (ADR 089): pg reads them as text.
  totalCents: string
  advanceCents: string
  feeCents: string
  reserveCents: string
  reserveReleasedCents: string
  reserveReleasedAt: string | null
  purchasedAt: string | null
  sentAt: Date | null
  emailStatus: string | null
  emailedAt: Date | null
  emailError: string | null
  voidedAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
  invoiceCount: number
}

const SCHEDULE_QUERY = `SELECT s.id, s.number, s.status, s."factorName", s."factorEmail", s."advanceBasisPoints", s."feeBasisPoints", s."totalCents", s."advanceCents",
    s."feeCents", s."reserveCents", s."reserveReleasedCents", s."reserveReleasedAt", s."purchasedAt", s."sentAt", s."emailStatus", s."emailedAt", s."emailError",
    s."voidedAt", s."createdAt", s."updatedAt", s.version, s."invoiceCount"
  FROM "FactoringSchedule" s WHERE s."organizationId" = $1 ORDER BY s."createdAt" DESC, s.id DESC LIMIT $2 OFFSET $3`

async function schedulePage(organizationId: string, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "FactoringSchedule" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<ScheduleRow>(SCHEDULE_QUERY, [organizationId, pageSize, (page - 1) * pageSize]),
  ])
  return { total: Number(count.rows[0].total), items: rows.rows }
}

function scheduleJson(row: ScheduleRow) {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    factor: { name: row.factorName, email: row.factorEmail },
    advancePercent: row.advanceBasisPoints / 100,
    feePercent: row.feeBasisPoints / 100,
    totalCents: Number(row.totalCents),
    advanceCents: Number(row.advanceCents),
    feeCents: Number(row.feeCents),
    reserveCents: Number(row.reserveCents),
    reserveReleasedCents: Number(row.reserveReleasedCents),
    reserveReleasedAt: row.reserveReleasedAt,
    purchasedAt: row.purchasedAt,
    sentAt: row.sentAt?.toISOString() ?? null,
    email: row.emailStatus ? { status: row.emailStatus, to: row.factorEmail, sentAt: row.emailedAt?.toISOString() ?? null, error: row.emailError } : null,
    invoiceCount: row.invoiceCount,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

const apiScheduleList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'factoring', schedulePage, scheduleJson)

// ---------------------------------------------------------------------------------------------
// Fuel tax (ADR 122): the purchase list in the API's shape, and the quarter's return from the same
// five reads as the app's model, computed by the same policy (the arithmetic is not what is timed).

type FuelRow = {
  id: string
  organizationId: string
  truckId: string
  // DATE columns come as text (the pool's type parser, as the trucks' dates).
  purchasedAt: string
  jurisdiction: string
  fuelType: string
  gallonsMilli: number
  totalCents: number
  vendor: string | null
  city: string | null
  odometer: number | null
  taxPaid: boolean
  reference: string | null
  cardLast4: string | null
  notes: string | null
  receiptFileName: string | null
  receiptContentType: string | null
  receiptSizeBytes: number | null
  receiptUploadedAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
  unitNumber: string
}

async function fuelPage(organizationId: string, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "FuelPurchase" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<FuelRow>(
      `SELECT f.id, f."organizationId", f."truckId", f."purchasedAt", f.jurisdiction, f."fuelType", f."gallonsMilli", f."totalCents", f.vendor, f.city, f.odometer,
        f."taxPaid", f.reference, f."cardLast4", f.notes, f."receiptFileName", f."receiptContentType", f."receiptSizeBytes", f."receiptUploadedAt",
        f."createdAt", f."updatedAt", f.version, t."unitNumber"
       FROM "FuelPurchase" f JOIN "Truck" t ON t.id = f."truckId" WHERE f."organizationId" = $1 ORDER BY f."purchasedAt" DESC, f.id ASC LIMIT $2 OFFSET $3`,
      [organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  return { total: Number(count.rows[0].total), items: rows.rows }
}

function fuelJson(row: FuelRow) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    truckId: row.truckId,
    purchasedAt: row.purchasedAt,
    jurisdiction: row.jurisdiction,
    fuelType: row.fuelType,
    totalCents: row.totalCents,
    vendor: row.vendor,
    city: row.city,
    odometer: row.odometer,
    taxPaid: row.taxPaid,
    reference: row.reference,
    cardLast4: row.cardLast4,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    truck: { id: row.truckId, unitNumber: row.unitNumber },
    gallons: Number(formatDecimal(row.gallonsMilli, 3)),
    receipt:
      row.receiptFileName && row.receiptUploadedAt
        ? {
            fileName: row.receiptFileName,
            contentType: row.receiptContentType,
            sizeBytes: row.receiptSizeBytes,
            uploadedAt: row.receiptUploadedAt.toISOString(),
            url: `/api/fuel-purchases/${row.id}/receipt`,
          }
        : null,
  }
}

const apiFuelList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'fuelPurchase', fuelPage, fuelJson)

/** The fuel purchase list page: the receipts, the quarter, unit, state and fuel-type filters. */
async function fuelListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'fuelPurchase')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, trucks] = await Promise.all([
    fuelPage(user.organizationId, page, pageSize),
    pool.query<{ id: string; unitNumber: string }>(`SELECT id, "unitNumber" FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT 201`, [
      user.organizationId,
    ]),
  ])
  const writes = can(user.role, 'update', 'fuelPurchase')
  const rows = items
    .map(
      (
        row,
      ) => `<tr><th><a href="/dashboard/fuel/${row.id}">${dateFormat.format(new Date(`${row.purchasedAt}T00:00:00Z`))}</a></th><td>${esc(row.unitNumber)}</td><td>${esc(row.jurisdiction)}</td>
<td>${esc(row.fuelType)}</td><td class="num">${formatDecimal(row.gallonsMilli, 3)}</td><td class="num">${money.format(row.totalCents / 100)}</td>
<td><span class="badge">${row.taxPaid ? 'Yes' : 'No'}</span></td><td>${esc([row.vendor, row.city].filter(Boolean).join(', ') || '—')}</td>
<td>${writes ? `<a href="/dashboard/fuel/${row.id}/edit">Edit</a><form method="post" action="/dashboard/fuel/${row.id}/delete"><input type="hidden" name="version" value="${row.version}"><button>Delete</button></form>` : ''}</td></tr>`,
    )
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const truckOptions = trucks.rows.length > 200 ? '' : trucks.rows.map((t) => `<option value="${t.id}">${esc(t.unitNumber)}</option>`).join('')
  const main = `<h1>Fuel purchases</h1>${can(user.role, 'create', 'fuelPurchase') ? '<a href="/dashboard/fuel/new">New fuel purchase</a> <a href="/dashboard/fuel/import">Import</a>' : ''}
<form method="get"><input type="search" name="q" aria-label="Search fuel purchases">
<select name="quarter"><option value="">All</option></select><select name="truckId"><option value="">All</option>${truckOptions}</select>
<select name="jurisdiction"><option value="">All</option></select><select name="fuelType"><option value="">All</option></select><button>Apply</button></form>
<table><thead><tr><th>Date</th><th>Unit</th><th>State</th><th>Fuel type</th><th>Gallons</th><th>Amount</th><th>Tax paid</th><th>Vendor</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Fuel purchases', user, main)
}

// ---------------------------------------------------------------------------------------------
// Inspections (DVIR, ADR 130): a page of reports with their unit, trailer, driver and defects.

type InspectionRow = {
  id: string
  organizationId: string
  truckId: string
  trailerId: string | null
  driverId: string | null
  kind: string
  inspectedAt: Date
  odometer: number
  remarks: string | null
  acknowledgedAt: Date | null
  acknowledgedById: string | null
  createdAt: Date
  version: number
  truckUnit: string
  trailerUnit: string | null
  driverFirstName: string | null
  driverLastName: string | null
}
type DefectRow = {
  id: string
  inspectionId: string
  item: string
  note: string
  outOfService: boolean
  certifiedAt: Date | null
  certifiedById: string | null
  repaired: boolean | null
  certificationNote: string | null
  photos?: PhotoRow[]
}
type PhotoRow = { id: string; defectId: string; fileName: string; contentType: string; sizeBytes: number }
const ITEM_ORDER = new Map<string, number>(INSPECTION_ITEMS.map((item, index) => [item, index]))

async function inspectionPage(organizationId: string, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "Inspection" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<InspectionRow>(
      `SELECT i.id, i."organizationId", i."truckId", i."trailerId", i."driverId", i.kind, i."inspectedAt", i.odometer, i.remarks, i."acknowledgedAt",
        i."acknowledgedById", i."createdAt", i.version, t."unitNumber" AS "truckUnit", r."unitNumber" AS "trailerUnit",
        d."firstName" AS "driverFirstName", d."lastName" AS "driverLastName"
       FROM "Inspection" i JOIN "Truck" t ON t.id = i."truckId" LEFT JOIN "Trailer" r ON r.id = i."trailerId" LEFT JOIN "User" d ON d.id = i."driverId"
       WHERE i."organizationId" = $1 ORDER BY i."inspectedAt" DESC, i.id DESC LIMIT $2 OFFSET $3`,
      [organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  const ids = rows.rows.map((row) => row.id)
  const defects = ids.length
    ? await pool.query<DefectRow>(
        `SELECT id, "inspectionId", item, note, "outOfService", "certifiedAt", "certifiedById", repaired, "certificationNote" FROM "InspectionDefect" WHERE "inspectionId" = ANY($1)`,
        [ids],
      )
    : { rows: [] }
  // Each defect's photos, as the app reads them (one statement per page).
  const defectIds = defects.rows.map((defect) => defect.id)
  const photos = defectIds.length
    ? await pool.query<PhotoRow>(
        `SELECT id, "defectId", "fileName", "contentType", "sizeBytes" FROM "InspectionPhoto" WHERE "defectId" = ANY($1) ORDER BY "createdAt", id`,
        [defectIds],
      )
    : { rows: [] }
  const byDefect = new Map<string, PhotoRow[]>()
  for (const photo of photos.rows) byDefect.set(photo.defectId, [...(byDefect.get(photo.defectId) ?? []), photo])
  const byReport = new Map<string, DefectRow[]>()
  for (const defect of defects.rows)
    byReport.set(defect.inspectionId, [...(byReport.get(defect.inspectionId) ?? []), { ...defect, photos: byDefect.get(defect.id) ?? [] }])
  return { total: Number(count.rows[0].total), items: rows.rows.map((row) => ({ ...row, defects: byReport.get(row.id) ?? [] })) }
}

function inspectionJson(row: InspectionRow & { defects: DefectRow[] }) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    truckId: row.truckId,
    truck: { id: row.truckId, unitNumber: row.truckUnit },
    trailerId: row.trailerId,
    trailer: row.trailerId ? { id: row.trailerId, unitNumber: row.trailerUnit } : null,
    driverId: row.driverId,
    driver: row.driverId ? { id: row.driverId, name: `${row.driverFirstName} ${row.driverLastName}`.trim() } : null,
    kind: row.kind,
    inspectedAt: row.inspectedAt.toISOString(),
    odometer: row.odometer,
    remarks: row.remarks,
    status: inspectionStatus(row),
    defects: [...row.defects]
      .sort((a, b) => ITEM_ORDER.get(a.item)! - ITEM_ORDER.get(b.item)!)
      .map((defect) => ({
        id: defect.id,
        item: defect.item,
        note: defect.note,
        outOfService: defect.outOfService,
        certifiedAt: defect.certifiedAt?.toISOString() ?? null,
        certifiedById: defect.certifiedById,
        repaired: defect.repaired,
        certificationNote: defect.certificationNote,
        photos: (defect.photos ?? []).map((photo) => ({
          id: photo.id,
          fileName: photo.fileName,
          contentType: photo.contentType,
          sizeBytes: photo.sizeBytes,
          url: `/api/inspections/photos/${photo.id}`,
        })),
      })),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedById: row.acknowledgedById,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  }
}

const apiInspectionList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'inspection', inspectionPage, inspectionJson)

/** The inspections list page: the reports with their status, the unit and kind filters. */
async function inspectionListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'inspection')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, trucks] = await Promise.all([
    inspectionPage(user.organizationId, page, pageSize),
    pool.query<{ id: string; unitNumber: string }>(`SELECT id, "unitNumber" FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT 201`, [
      user.organizationId,
    ]),
  ])
  const rows = items
    .map(
      (row) => `<tr><th><a href="/dashboard/inspections/${row.id}">${esc(row.inspectedAt.toISOString().slice(0, 16))}</a></th><td>${esc(row.truckUnit)}</td>
<td>${esc(row.trailerUnit ?? '—')}</td><td>${esc(row.kind)}</td><td class="num">${numberFormat.format(row.odometer)}</td>
<td>${esc([row.driverFirstName, row.driverLastName].filter(Boolean).join(' ') || '—')}</td><td><span class="badge">${inspectionStatus(row)}</span></td></tr>`,
    )
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const truckOptions = trucks.rows.length > 200 ? '' : trucks.rows.map((t) => `<option value="${t.id}">${esc(t.unitNumber)}</option>`).join('')
  const main = `<h1>Inspections</h1><a href="/dashboard/inspections/new">New inspection report</a>
<form method="get"><select name="truckId"><option value="">All</option>${truckOptions}</select><select name="kind"><option value="">All</option></select>
<select name="defects"><option value="">All</option></select><button>Apply</button></form>
<table><thead><tr><th>Inspected</th><th>Truck</th><th>Trailer</th><th>Kind</th><th>Odometer</th><th>Driver</th><th>Status</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Inspections', user, main)
}

// ---------------------------------------------------------------------------------------------
// Work orders (ADR 132): a page of orders with their unit; the API's with their lines, defects and schedules.

type WorkOrderRow = {
  id: string
  organizationId: string
  number: string
  truckId: string | null
  trailerId: string | null
  kind: string
  status: string
  description: string
  odometer: number | null
  totalCents: number
  completedAt: Date | null
  completedById: string | null
  canceledAt: Date | null
  createdAt: Date
  updatedAt: Date
  version: number
  truckUnit: string | null
  trailerUnit: string | null
}
type WorkOrderLineRow = {
  id: string
  workOrderId: string
  kind: string
  description: string
  quantityMilli: number
  unitCostCents: number
  totalCents: number
  productId: string | null
}

/** The count and one page, newest first, with the unit's number by LEFT JOIN (the app's default list). */
async function workOrderRows(organizationId: string, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "WorkOrder" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<WorkOrderRow>(
      `SELECT w.id, w."organizationId", w.number, w."truckId", w."trailerId", w.kind, w.status, w.description, w.odometer, w."totalCents",
        w."completedAt", w."completedById", w."canceledAt", w."createdAt", w."updatedAt", w.version,
        t."unitNumber" AS "truckUnit", r."unitNumber" AS "trailerUnit"
       FROM "WorkOrder" w LEFT JOIN "Truck" t ON t.id = w."truckId" LEFT JOIN "Trailer" r ON r.id = w."trailerId"
       WHERE w."organizationId" = $1 ORDER BY w."createdAt" DESC, w.id DESC LIMIT $2 OFFSET $3`,
      [organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  return { total: Number(count.rows[0].total), rows: rows.rows }
}

/** The API's page: the orders, then their lines, defects and preventive schedules by one query each. */
async function workOrderPage(organizationId: string, page: number, pageSize: number) {
  const { total, rows } = await workOrderRows(organizationId, page, pageSize)
  const ids = rows.map((row) => row.id)
  const [lines, defects, schedules] = ids.length
    ? await Promise.all([
        pool.query<WorkOrderLineRow>(
          `SELECT id, "workOrderId", kind, description, "quantityMilli", "unitCostCents", "totalCents", "productId" FROM "WorkOrderLine"
           WHERE "workOrderId" = ANY($1) ORDER BY position`,
          [ids],
        ),
        pool.query<{ id: string; workOrderId: string }>(`SELECT id, "workOrderId" FROM "InspectionDefect" WHERE "workOrderId" = ANY($1) ORDER BY id`, [ids]),
        pool.query<{ scheduleId: string; workOrderId: string }>(
          `SELECT "scheduleId", "workOrderId" FROM "WorkOrderSchedule" WHERE "workOrderId" = ANY($1) ORDER BY "scheduleId"`,
          [ids],
        ),
      ])
    : [{ rows: [] }, { rows: [] }, { rows: [] }]
  const group = <T extends { workOrderId: string }>(items: T[]) => {
    const map = new Map<string, T[]>()
    for (const item of items) map.set(item.workOrderId, [...(map.get(item.workOrderId) ?? []), item])
    return map
  }
  const [byLines, byDefects, bySchedules] = [group(lines.rows), group(defects.rows), group(schedules.rows)]
  return {
    total,
    items: rows.map((row) => ({
      ...row,
      lines: byLines.get(row.id) ?? [],
      defectIds: (byDefects.get(row.id) ?? []).map((defect) => defect.id),
      scheduleIds: (bySchedules.get(row.id) ?? []).map((link) => link.scheduleId),
    })),
  }
}

function workOrderJson(row: WorkOrderRow & { lines: WorkOrderLineRow[]; defectIds: string[]; scheduleIds: string[] }) {
  return {
    id: row.id,
    organizationId: row.organizationId,
    number: row.number,
    truckId: row.truckId,
    truck: row.truckId ? { id: row.truckId, unitNumber: row.truckUnit } : null,
    trailerId: row.trailerId,
    trailer: row.trailerId ? { id: row.trailerId, unitNumber: row.trailerUnit } : null,
    kind: row.kind,
    status: row.status,
    description: row.description,
    odometer: row.odometer,
    lines: row.lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      description: line.description,
      quantity: line.quantityMilli / 1000,
      unitCostCents: line.unitCostCents,
      totalCents: line.totalCents,
      productId: line.productId,
    })),
    defectIds: row.defectIds,
    scheduleIds: row.scheduleIds,
    totalCents: row.totalCents,
    completedAt: row.completedAt?.toISOString() ?? null,
    completedById: row.completedById,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

const apiWorkOrderList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'workOrder', workOrderPage, workOrderJson)

const zonedDays = new Map<string, Intl.DateTimeFormat>()
function zonedDay(value: Date, timeZone: string) {
  let format = zonedDays.get(timeZone)
  if (!format) zonedDays.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone })))
  return format.format(value)
}

/** The work orders list page: number, unit, kind, description, status, day and total; the truck, status and kind filters. */
async function workOrderListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'workOrder')
  const { page, pageSize } = listQuery(url)
  const [{ total, rows: items }, trucks, timeZone] = await Promise.all([
    workOrderRows(user.organizationId, page, pageSize),
    pool.query<{ id: string; unitNumber: string }>(`SELECT id, "unitNumber" FROM "Truck" WHERE "organizationId" = $1 ORDER BY "unitNumber" LIMIT 201`, [
      user.organizationId,
    ]),
    timeZoneOf(user.organizationId),
  ])
  const zone = safeTimeZone(timeZone)
  const rows = items
    .map(
      (row) => `<tr><th><a href="/dashboard/work-orders/${row.id}">${esc(row.number)}</a></th><td>${esc(row.truckUnit ?? row.trailerUnit ?? '—')}</td>
<td>${esc(row.kind)}</td><td title="${esc(row.description)}">${esc(row.description)}</td><td><span class="badge">${esc(row.status)}</span></td>
<td>${zonedDay(row.completedAt ?? row.createdAt, zone)}</td><td class="num">${money.format(row.totalCents / 100)}</td></tr>`,
    )
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const truckOptions = trucks.rows.length > 200 ? '' : trucks.rows.map((t) => `<option value="${t.id}">${esc(t.unitNumber)}</option>`).join('')
  const main = `<h1>Work orders</h1>${can(user.role, 'create', 'workOrder') ? '<a href="/dashboard/work-orders/new">New work order</a>' : ''}
<form method="get"><select name="truckId"><option value="">All</option>${truckOptions}</select>
<select name="status"><option value="">All</option>${options(WORK_ORDER_STATUSES, url.searchParams.get('status'))}</select>
<select name="kind"><option value="">All</option>${options(WORK_ORDER_KINDS, url.searchParams.get('kind'))}</select><button>Apply</button></form>
<table><thead><tr><th>Number</th><th>Unit</th><th>Kind</th><th>Description</th><th>Status</th><th>Date</th><th>Total</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Work orders', user, main)
}

// Accounting export batches (ADR 145): the page's mapping, export form and batches; the API's batches.

type AccountingExportRow = {
  id: string
  number: number
  format: string
  fromDate: string
  toDate: string
  kinds: string[]
  includeExported: boolean
  recordCount: number
  processedCount: number
  status: string
  error: string | null
  fileName: string
  sizeBytes: number | null
  createdAt: Date
  finishedAt: Date | null
}

async function accountingExportPage(organizationId: string, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "AccountingExport" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<AccountingExportRow>(
      `SELECT id, number, format, "fromDate", "toDate", kinds::text[] AS kinds, "includeExported", "recordCount", "processedCount", status, error,
        "fileName", "sizeBytes", "createdAt", "finishedAt"
       FROM "AccountingExport" WHERE "organizationId" = $1 ORDER BY number DESC LIMIT $2 OFFSET $3`,
      [organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  return { total: Number(count.rows[0].total), items: rows.rows }
}

function accountingExportJson(row: AccountingExportRow) {
  return {
    id: row.id,
    number: row.number,
    format: row.format,
    from: row.fromDate,
    to: row.toDate,
    kinds: ACCOUNTING_KINDS.filter((kind) => row.kinds.includes(kind)),
    includeExported: row.includeExported,
    recordCount: row.recordCount,
    processedCount: row.processedCount,
    status: row.status,
    error: row.error,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    url: `/api/accounting/exports/${row.id}/file`,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

const apiAccountingExportList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'accounting', accountingExportPage, accountingExportJson)

/** The accounting page: every name of the mapping in its form, the export form (last month by default) and a page of batches. */
async function accountingPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'accounting')
  const { page, pageSize } = listQuery(url)
  const [settings, { total, items }, timeZone] = await Promise.all([
    pool.query<Record<string, unknown>>(`SELECT * FROM "AccountingSettings" WHERE "organizationId" = $1`, [user.organizationId]),
    accountingExportPage(user.organizationId, page, pageSize),
    timeZoneOf(user.organizationId),
  ])
  const names: Record<string, unknown> = settings.rows[0] ?? { ...DEFAULT_ACCOUNTING_NAMES, customerNaming: 'name', version: 0 }
  const today = zonedWallClock(new Date(), safeTimeZone(timeZone)).slice(0, 10)
  const [year, month] = today.split('-').map(Number)
  const from = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10)
  const to = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10)
  const fields = ACCOUNTING_NAME_FIELDS.map(
    (field) => `<label>${esc(field)} <input name="${field}" value="${esc(String(names[field] ?? ''))}" required maxlength="159"></label>`,
  ).join('\n')
  const rows = items
    .map(
      (row) => `<tr><th><a href="/dashboard/accounting/exports/${row.id}">${numberFormat.format(row.number)}</a></th><td>${esc(row.format)}</td>
<td>${formatDate(row.fromDate)} – ${formatDate(row.toDate)}</td><td>${esc(row.kinds.join(', '))}</td><td class="num">${numberFormat.format(row.processedCount)} / ${numberFormat.format(row.recordCount)}</td>
<td><span class="badge">${esc(row.status)}</span></td><td>${row.status === 'ready' ? `<a href="/dashboard/accounting/exports/${row.id}/file">${esc(row.fileName)}</a>` : ''}</td></tr>`,
    )
    .join('\n')
  const first = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Accounting</h1>
<form method="post"><input type="hidden" name="intent" value="export"><input type="date" name="from" value="${from}"><input type="date" name="to" value="${to}">
<select name="format">${options(ACCOUNTING_FORMATS, 'qbd_iif')}</select>${ACCOUNTING_KINDS.map((kind) => `<label><input type="checkbox" name="kinds" value="${kind}" checked> ${kind}</label>`).join('')}
<label><input type="checkbox" name="includeExported"> again</label><button>Export</button></form>
<table><thead><tr><th>Number</th><th>Format</th><th>Range</th><th>Kinds</th><th>Records</th><th>Status</th><th>File</th></tr></thead><tbody>${rows}</tbody></table>
<p>${numberFormat.format(first)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
<form method="post"><input type="hidden" name="intent" value="settings"><input type="hidden" name="version" value="${esc(String(names.version ?? 0))}">
<select name="customerNaming">${options(ACCOUNTING_PARTY_NAMINGS, String(names.customerNaming ?? 'name'))}</select>
${fields}<button>Save</button></form>`
  return layout('Accounting', user, main)
}

// EDI (ADRs 147-148): the message log and the tenders, pages and API.

type EdiMessageRow = {
  id: string
  direction: string
  type: string | null
  controlNumber: string | null
  groupControlNumber: string | null
  transactionControlNumber: string | null
  partnerId: string | null
  partnerName: string | null
  loadId: string | null
  status: string
  reason: string | null
  reasonParams: Record<string, unknown> | null
  acknowledgesId: string | null
  acknowledgmentId: string | null
  sizeBytes: number
  createdAt: Date
}

async function ediMessagePage(organizationId: string, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "EdiMessage" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<EdiMessageRow>(
      `SELECT m.id, m.direction, m.type, m."controlNumber", m."groupControlNumber", m."transactionControlNumber", m."partnerId", p.name AS "partnerName",
        m."loadId", m.status, m.reason, m."reasonParams", m."acknowledgesId", a.id AS "acknowledgmentId", m."sizeBytes", m."createdAt"
       FROM "EdiMessage" m LEFT JOIN "EdiPartner" p ON p.id = m."partnerId" LEFT JOIN "EdiMessage" a ON a."acknowledgesId" = m.id
       WHERE m."organizationId" = $1 ORDER BY m."createdAt" DESC, m.id DESC LIMIT $2 OFFSET $3`,
      [organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  return { total: Number(count.rows[0].total), items: rows.rows }
}

/** The rejection's reason as the English sentence the app answers, its figures put in. */
function ediReason(row: EdiMessageRow) {
  if (!row.reason) return null
  const text = (en.edi.reasons as Record<string, string>)[row.reason] ?? row.reason
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(row.reasonParams?.[key] ?? ''))
}

function ediMessageJson(row: EdiMessageRow) {
  return {
    id: row.id,
    direction: row.direction,
    type: row.type,
    controlNumber: row.controlNumber,
    groupControlNumber: row.groupControlNumber,
    transactionControlNumber: row.transactionControlNumber,
    partnerId: row.partnerId,
    loadId: row.loadId,
    status: row.status,
    reason: row.reason,
    reasonMessage: ediReason(row),
    acknowledgesId: row.acknowledgesId,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  }
}

const apiEdiMessageList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'edi', ediMessagePage, ediMessageJson)

/** The message log: when, direction, set, control numbers, partner, status and why; its filters. */
async function ediMessageListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'edi')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, timeZone] = await Promise.all([ediMessagePage(user.organizationId, page, pageSize), timeZoneOf(user.organizationId)])
  const zone = safeTimeZone(timeZone)
  const rows = items
    .map(
      (row) => `<tr><td>${esc(zonedWallClock(row.createdAt, zone))}</td><td>${esc(row.direction)}</td><td>${esc(row.type ?? '—')}</td>
<th><a href="/dashboard/edi/messages/${row.id}/raw">${esc(row.controlNumber ?? '—')}</a></th><td>${esc(row.groupControlNumber ?? '')} / ${esc(row.transactionControlNumber ?? '')}</td>
<td>${esc(row.partnerName ?? '—')}</td><td><span class="badge">${esc(row.status)}</span></td><td>${esc(ediReason(row) ?? '')}</td><td class="num">${numberFormat.format(row.sizeBytes)}</td></tr>`,
    )
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>EDI messages</h1>
<form method="get"><input name="q" value="${esc(url.searchParams.get('q') ?? '')}"><select name="direction"><option value="">All</option>${options(['in', 'out'], url.searchParams.get('direction'))}</select>
<select name="status"><option value="">All</option>${options(['received', 'sent', 'acknowledged', 'rejected'], url.searchParams.get('status'))}</select><button>Apply</button></form>
<table><thead><tr><th>When</th><th>Direction</th><th>Set</th><th>Control</th><th>Group / set</th><th>Partner</th><th>Status</th><th>Reason</th><th>Size</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>`
  return layout('EDI messages', user, main)
}

type EdiTenderRow = {
  id: string
  partnerId: string
  partnerName: string
  messageId: string
  shipmentId: string
  purpose: string
  status: string
  respondBy: Date | null
  references: unknown
  weightLb: number | null
  equipmentType: string | null
  rateCents: number | null
  loadId: string | null
  createdAt: Date
  updatedAt: Date
  version: number
}
type EdiStopRow = {
  tenderId: string
  sequence: number
  reason: string
  kind: string
  name: string | null
  address: string | null
  city: string | null
  state: string | null
  postalCode: string | null
  windowStart: Date | null
  windowEnd: Date | null
  weightLb: number | null
  references: unknown
}

/** A page of tenders, newest first, then their stops by one query. */
async function ediTenderPage(organizationId: string, page: number, pageSize: number) {
  const [count, rows] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "EdiTender" WHERE "organizationId" = $1`, [organizationId]),
    pool.query<EdiTenderRow>(
      `SELECT t.id, t."partnerId", p.name AS "partnerName", t."messageId", t."shipmentId", t.purpose, t.status, t."respondBy", t."references", t."weightLb",
        t."equipmentType", t."rateCents", t."loadId", t."createdAt", t."updatedAt", t.version
       FROM "EdiTender" t JOIN "EdiPartner" p ON p.id = t."partnerId"
       WHERE t."organizationId" = $1 ORDER BY t."createdAt" DESC, t.id DESC LIMIT $2 OFFSET $3`,
      [organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  const ids = rows.rows.map((row) => row.id)
  const stops = ids.length
    ? await pool.query<EdiStopRow>(
        `SELECT "tenderId", sequence, reason, kind, name, address, city, state, "postalCode", "windowStart", "windowEnd", "weightLb", "references"
         FROM "EdiTenderStop" WHERE "tenderId" = ANY($1) ORDER BY sequence`,
        [ids],
      )
    : { rows: [] as EdiStopRow[] }
  const byTender = new Map<string, EdiStopRow[]>()
  for (const stop of stops.rows) byTender.set(stop.tenderId, [...(byTender.get(stop.tenderId) ?? []), stop])
  return { total: Number(count.rows[0].total), items: rows.rows.map((row) => ({ ...row, stops: byTender.get(row.id) ?? [] })) }
}

const jsonList = (value: unknown) => (Array.isArray(value) ? value : [])

function ediTenderJson(row: EdiTenderRow & { stops: EdiStopRow[] }) {
  return {
    id: row.id,
    partnerId: row.partnerId,
    messageId: row.messageId,
    shipmentId: row.shipmentId,
    purpose: row.purpose,
    status: row.status,
    respondBy: row.respondBy?.toISOString() ?? null,
    references: jsonList(row.references),
    stops: row.stops.map((stop) => ({
      sequence: stop.sequence,
      reason: stop.reason,
      kind: stop.kind === 'pickup' || stop.kind === 'delivery' ? stop.kind : 'other',
      name: stop.name,
      address: stop.address,
      city: stop.city,
      state: stop.state,
      postalCode: stop.postalCode,
      windowStart: stop.windowStart?.toISOString() ?? null,
      windowEnd: stop.windowEnd?.toISOString() ?? null,
      weightLb: stop.weightLb,
      references: jsonList(stop.references),
    })),
    weightLb: row.weightLb,
    equipmentType: row.equipmentType,
    rateCents: row.rateCents,
    loadId: row.loadId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

const apiEdiTenderList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'edi', ediTenderPage, ediTenderJson)

const stopPlace = (stop: EdiStopRow | undefined) => (stop ? [stop.city, stop.state].filter(Boolean).join(', ') : '—')

/** The tenders list: shipment, partner, from and to, status, purpose, rate and answer-by; its filters. */
async function ediTenderListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'edi')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, timeZone] = await Promise.all([ediTenderPage(user.organizationId, page, pageSize), timeZoneOf(user.organizationId)])
  const zone = safeTimeZone(timeZone)
  const rows = items
    .map(
      (row) => `<tr><th><a href="/dashboard/edi/tenders/${row.id}">${esc(row.shipmentId)}</a></th><td>${esc(row.partnerName)}</td>
<td>${esc(stopPlace(row.stops[0]))}</td><td>${esc(stopPlace(row.stops.at(-1)))}</td><td><span class="badge">${esc(row.status)}</span></td><td>${esc(row.purpose)}</td>
<td class="num">${row.rateCents === null ? '—' : money.format(row.rateCents / 100)}</td><td>${row.respondBy ? esc(zonedWallClock(row.respondBy, zone)) : '—'}</td></tr>`,
    )
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Tenders</h1>
<form method="get"><input name="q" value="${esc(url.searchParams.get('q') ?? '')}"><select name="status"><option value="">All</option>${options(['pending', 'accepted', 'declined', 'canceled', 'expired'], url.searchParams.get('status'))}</select><button>Apply</button></form>
<table><thead><tr><th>Shipment</th><th>Partner</th><th>From</th><th>To</th><th>Status</th><th>Purpose</th><th>Rate</th><th>Answer by</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>`
  return layout('Tenders', user, main)
}

/** The compliance dashboard: every active driver × kind on the organization's today, with the counts by status, one page of drivers. */
async function complianceDashboardPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'compliance')
  const { page, pageSize } = listQuery(url)
  const [settings, timeZone, drivers, items] = await Promise.all([
    pool.query<{ requiredKinds: string[] }>(`SELECT "requiredKinds"::text[] AS "requiredKinds" FROM "ComplianceSettings" WHERE "organizationId" = $1`, [
      user.organizationId,
    ]),
    timeZoneOf(user.organizationId),
    pool.query<{ id: string; firstName: string; lastName: string }>(
      `SELECT id, "firstName", "lastName" FROM "User" WHERE "organizationId" = $1 AND role = 'driver' AND status = 'active' ORDER BY "lastName", "firstName", id`,
      [user.organizationId],
    ),
    pool.query<{ driverId: string; kind: string; completedAt: string; expiresAt: string | null }>(
      `SELECT q."driverId", q.kind::text AS kind, to_char(q."completedAt", 'YYYY-MM-DD') AS "completedAt", to_char(q."expiresAt", 'YYYY-MM-DD') AS "expiresAt"
       FROM "DriverQualification" q WHERE q."organizationId" = $1 AND q.review = 'accepted'
         AND q."driverId" IN (SELECT u.id FROM "User" u WHERE u."organizationId" = $1 AND u.role = 'driver' AND u.status = 'active')`,
      [user.organizationId],
    ),
  ])
  const required = settings.rows[0]?.requiredKinds ?? []
  const kinds = ['application', 'mvr', 'road_test', 'medical_certificate', 'clearinghouse_query', 'drug_test', 'annual_review', 'license']
  const day = zonedWallClock(new Date(), safeTimeZone(timeZone)).slice(0, 10)
  const byDriver = new Map<string, QualificationItem[]>()
  for (const item of items.rows) byDriver.set(item.driverId, [...(byDriver.get(item.driverId) ?? []), item as QualificationItem])
  const counts: Record<string, number> = { ok: 0, expiring: 0, expired: 0, missing: 0 }
  const all = drivers.rows.map((driver) => {
    const own = byDriver.get(driver.id) ?? []
    const cells = kinds.map((kind) =>
      kindCompliance(
        own.filter((item) => item.kind === kind),
        day,
      ),
    )
    for (const cell of cells) counts[cell.status]! += 1
    return { driver, cells }
  })
  const shown = all.slice((page - 1) * pageSize, page * pageSize)
  const rows = shown
    .map(
      ({ driver, cells }) =>
        `<tr><th><a href="/dashboard/user/${driver.id}/edit">${esc(`${driver.firstName} ${driver.lastName}`)}</a></th>${cells
          .map(
            (cell, index) =>
              `<td data-kind="${kinds[index]}"><span>${kinds[index]}</span><span class="badge">${cell.status}</span>${cell.validThrough ? `<span>${cell.validThrough}</span>` : ''}</td>`,
          )
          .join('')}</tr>`,
    )
    .join('\n')
  const main = `<h1>Compliance</h1><ul>${Object.entries(counts)
    .map(([status, n]) => `<li><a href="?status=${status}">${status} ${numberFormat.format(n)}</a></li>`)
    .join('')}</ul>
<form method="get"><input name="q" type="search"><select name="status"><option value="">All</option>${options(['ok', 'expiring', 'expired', 'missing'], url.searchParams.get('status'))}</select>
<select name="kind"><option value="">All</option>${options(kinds, url.searchParams.get('kind'))}</select><label><input type="checkbox" name="required" value="1">Required kinds only</label><button>Apply</button></form>
<table><thead><tr><th>Driver</th>${kinds.map((kind) => `<th>${kind}${required.includes(kind) ? ' (required)' : ''}</th>`).join('')}</tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(all.length ? (page - 1) * pageSize + 1 : 0)}–${numberFormat.format(Math.min(all.length, page * pageSize))} of ${numberFormat.format(all.length)}</p>`
  return layout('Compliance', user, main)
}
/** The claims list page (ADR 142): number, day received, load, claimant, kind, status, amounts; the status and kind filters, the day range. */
async function claimListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'claim')
  const { page, pageSize } = listQuery(url)
  const [count, items] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "Claim" WHERE "organizationId" = $1`, [user.organizationId]),
    pool.query<{
      id: string
      number: string
      filedOn: string
      kind: string
      status: string
      amountClaimedCents: number
      amountPaidCents: number | null
      loadNumber: string
      claimant: string | null
    }>(
      `SELECT c.id, c.number, c."filedOn", c.kind, c.status, c."amountClaimedCents", c."amountPaidCents", l."loadNumber", COALESCE(b.name, co.name) AS claimant
       FROM "Claim" c JOIN "Load" l ON l.id = c."loadId" LEFT JOIN "Broker" b ON b.id = c."claimantBrokerId" LEFT JOIN "Company" co ON co.id = c."claimantCompanyId"
       WHERE c."organizationId" = $1 ORDER BY c."filedOn" DESC, c.id DESC LIMIT $2 OFFSET $3`,
      [user.organizationId, pageSize, (page - 1) * pageSize],
    ),
  ])
  const total = Number(count.rows[0].total)
  const rows = items.rows
    .map(
      (
        row,
      ) => `<tr><th><a href="/dashboard/claims/${row.id}">${esc(row.number)}</a></th><td>${zonedDay(new Date(`${row.filedOn}T00:00:00Z`), 'UTC')}</td><td>${esc(row.loadNumber)}</td>
<td title="${esc(row.claimant ?? '')}">${esc(row.claimant ?? '')}</td><td>${esc(row.kind)}</td><td><span class="badge">${esc(row.status)}</span></td>
<td class="num">${money.format(row.amountClaimedCents / 100)}</td><td class="num">${row.amountPaidCents === null ? '—' : money.format(row.amountPaidCents / 100)}</td></tr>`,
    )
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Claims</h1>${can(user.role, 'create', 'claim') ? '<a href="/dashboard/claims/new">New claim</a>' : ''}
<form method="get"><input type="search" name="q">
<select name="status"><option value="">All</option>${options(CLAIM_STATUSES, url.searchParams.get('status'))}</select>
<select name="kind"><option value="">All</option>${options(CLAIM_KINDS, url.searchParams.get('kind'))}</select>
<input type="date" name="from"><input type="date" name="to"><button>Apply</button><a href="/dashboard/claims/export">Export</a></form>
<table><thead><tr><th>Number</th><th>Received</th><th>Load</th><th>Claimant</th><th>Kind</th><th>Status</th><th>Amount claimed</th><th>Amount paid</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Claims', user, main)
}

async function apiIftaReturn(req: http.IncomingMessage, name: string) {
  const user = await apiUser(req, 'read', 'iftaReturn')
  const quarter = parseQuarter(name)
  if (!quarter) throw new HttpError(404, 'not_found')
  const from = `${quarter.year}-${String(quarter.number * 3 - 2).padStart(2, '0')}-01`
  const to = new Date(Date.UTC(quarter.year, quarter.number * 3, 0)).toISOString().slice(0, 10)
  const [trips, lines, purchases, rates, filed] = await Promise.all([
    pool.query<{ id: string; truckId: string; startedAt: string; endedAt: string; startOdometer: number; endOdometer: number }>(
      `SELECT id, "truckId", "startedAt", "endedAt", "startOdometer", "endOdometer" FROM "Trip" WHERE "organizationId" = $1 AND "endedAt" BETWEEN $2 AND $3`,
      [user.organizationId, from, to],
    ),
    pool.query<{ tripId: string; jurisdiction: string; miles: number; taxableMiles: number }>(
      `SELECT j."tripId", j.jurisdiction, j.miles, j."taxableMiles" FROM "TripJurisdiction" j JOIN "Trip" t ON t.id = j."tripId"
       WHERE t."organizationId" = $1 AND t."endedAt" BETWEEN $2 AND $3`,
      [user.organizationId, from, to],
    ),
    pool.query<{ truckId: string; jurisdiction: string; fuelType: 'diesel'; gallonsMilli: number; taxPaid: boolean }>(
      `SELECT "truckId", jurisdiction, "fuelType", "gallonsMilli", "taxPaid" FROM "FuelPurchase" WHERE "organizationId" = $1 AND "purchasedAt" BETWEEN $2 AND $3`,
      [user.organizationId, from, to],
    ),
    pool.query<{ jurisdiction: string; rateTenThousandths: number; surchargeTenThousandths: number | null }>(
      `SELECT jurisdiction, "rateTenThousandths", "surchargeTenThousandths" FROM "IftaRate" WHERE "organizationId" = $1 AND quarter = $2 AND "fuelType" = 'diesel'`,
      [user.organizationId, name],
    ),
    pool.query<{ filedAt: string | null; interestPerMonthPpm: number | null }>(
      `SELECT "filedAt", "interestPerMonthPpm" FROM "IftaQuarter" WHERE "organizationId" = $1 AND quarter = $2`,
      [user.organizationId, name],
    ),
  ])
  const byTrip = new Map<string, Array<{ jurisdiction: string; miles: number; taxableMiles: number }>>()
  for (const line of lines.rows) byTrip.set(line.tripId, [...(byTrip.get(line.tripId) ?? []), line])
  const row = filed.rows[0]
  const filedAt = row?.filedAt ?? null
  const figures = iftaReturn({
    quarter,
    fuelType: 'diesel',
    trips: trips.rows.map((trip) => ({ ...trip, lines: byTrip.get(trip.id) ?? [] })),
    purchases: purchases.rows,
    rates: rates.rows.map((rate) => ({ jurisdiction: rate.jurisdiction, rate: rate.rateTenThousandths, surcharge: rate.surchargeTenThousandths })),
    filedAt,
    today: zonedWallClock(new Date(), safeTimeZone(user.timezone ?? 'UTC')).slice(0, 10),
    interestPerMonthPpm: row?.interestPerMonthPpm ?? null,
  })
  const perGallon = (units: number | null) => (units === null ? null : formatDecimal(units, 4))
  return {
    data: {
      quarter: name,
      fuelType: 'diesel',
      status: filedAt ? 'filed' : 'open',
      dueDate: figures.dueDate,
      filedAt,
      totalMiles: figures.totalMiles,
      taxableMiles: figures.taxableMiles,
      totalGallons: formatDecimal(figures.totalGallonsMilli, 3),
      mpg: figures.mpgHundredths === null ? null : formatDecimal(figures.mpgHundredths, 2),
      lines: figures.lines.map((line) => ({
        jurisdiction: line.jurisdiction,
        totalMiles: line.totalMiles,
        taxableMiles: line.taxableMiles,
        taxableGallons: line.taxableGallons,
        taxPaidGallons: formatDecimal(line.taxPaidGallonsMilli, 3),
        netTaxableGallons: formatDecimal(line.netTaxableGallonsMilli, 3),
        ratePerGallon: perGallon(line.rate),
        surchargePerGallon: perGallon(line.surcharge),
        taxCents: line.taxCents,
        surchargeCents: line.surchargeCents,
        interestCents: line.interestCents,
      })),
      taxDueCents: figures.taxDueCents,
      penaltyCents: figures.penaltyCents,
      interestCents: figures.interestCents,
      totalDueCents: figures.totalDueCents,
      // The bench's quarter has no warning (continuous odometers, every rate, fuel and miles for each unit).
      warnings: figures.warnings.map((warning) => ({ code: warning.code, message: warning.code })),
    },
  }
}

/**
 * The app's factoring page: the page of schedules, the agreement with its factor (getAgreement:
 * Prisma's relation join, one statement) and the purchased figures by month (factoringFees).
 */
async function scheduleListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'factoring')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, agreement, fees] = await Promise.all([
    schedulePage(user.organizationId, page, pageSize),
    pool.query<{
      advanceBasisPoints: number
      feeBasisPoints: number
      factorEmail: string | null
      name: string
      legalName: string | null
      email: string | null
    }>(
      `SELECT a."advanceBasisPoints", a."feeBasisPoints", a."factorEmail", c.name, c."legalName", c.email, c.phone, c."addressLine1", c."addressLine2", c.city,
         c.state, c."postalCode", c.country
       FROM "FactoringAgreement" a JOIN "Company" c ON c.id = a."factorCompanyId" WHERE a."organizationId" = $1`,
      [user.organizationId],
    ),
    pool.query<{ month: string; schedules: string; total: string; advance: string; fee: string; reserve: string; released: string }>(
      `SELECT to_char(date_trunc('month', "purchasedAt"), 'YYYY-MM') AS "month", count(*) AS "schedules", sum("totalCents") AS "total", sum("advanceCents") AS "advance",
         sum("feeCents") AS "fee", sum("reserveCents") AS "reserve", sum("reserveReleasedCents") AS "released"
       FROM "FactoringSchedule" WHERE "organizationId" = $1 AND "status" = 'purchased' AND "purchasedAt" IS NOT NULL GROUP BY 1 ORDER BY 1 DESC LIMIT 12`,
      [user.organizationId],
    ),
  ])
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const cents = (value: number | string) => money.format(Number(value) / 100)
  const terms = agreement.rows[0]
  const rows = items
    .map((row) => {
      const schedule = scheduleJson(row)
      return `<tr><th><a href="/dashboard/factoring/${schedule.id}">${esc(schedule.number)}</a></th><td><span class="badge">${esc(schedule.status)}</span></td>
<td class="num">${numberFormat.format(schedule.invoiceCount)}</td><td><time datetime="${schedule.createdAt}">${formatDate(schedule.createdAt.slice(0, 10))}</time></td>
<td class="num">${cents(schedule.totalCents)}</td><td class="num">${cents(schedule.advanceCents)}</td><td class="num">${cents(schedule.feeCents)}</td></tr>`
    })
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Factoring</h1><a href="/dashboard/factoring/new">New schedule</a>
<section><h2>Agreement</h2>${
    terms
      ? `<p><bdi>${esc(terms.legalName ?? terms.name)}</bdi> · advance ${terms.advanceBasisPoints / 100} % · fee ${terms.feeBasisPoints / 100} %</p>`
      : '<p>No agreement yet.</p>'
  }<a href="/dashboard/factoring/agreement">Edit</a></section>
<section><h2>Fees by month</h2><table><thead><tr><th>Month</th><th>Schedules</th><th>Total</th><th>Advance</th><th>Fee</th><th>Reserve</th><th>Released</th></tr></thead><tbody>${fees.rows
    .map(
      (month) =>
        `<tr><td>${esc(month.month)}</td><td class="num">${month.schedules}</td><td class="num">${cents(month.total)}</td><td class="num">${cents(month.advance)}</td><td class="num">${cents(month.fee)}</td><td class="num">${cents(month.reserve)}</td><td class="num">${cents(month.released)}</td></tr>`,
    )
    .join('')}</tbody></table></section>
<form method="get"><input type="search" name="q" aria-label="Search schedules">
<select name="status"><option value="">All statuses</option>${options(SCHEDULE_STATUSES, url.searchParams.get('status'))}</select><button>Search</button></form>
<table><thead><tr><th>Number</th><th>Status</th><th>Invoices</th><th>Created</th><th>Total</th><th>Advance</th><th>Fee</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Factoring', user, main)
}

// The files manager (ADR 067): GET /api/files' default page as app/models/files/stored-file.server.ts's
// listFiles reads it (the page's ids from the one index table, then their rows with their record's
// label and uploader; the count and bytes of all the reader sees beside it), for a reader of the
// shared mailbox and of draft bulletins (the bench's admin), and its JSON, serializeFile.
type FileRow = {
  id: string
  kind: string
  recordType: string
  recordId: string
  fileName: string
  contentType: string
  sizeBytes: number
  uploadedById: string | null
  createdAt: Date
  recordLabel: string | null
  uploaderFirstName: string | null
  uploaderLastName: string | null
}

const FILES_VISIBLE = `f."organizationId" = $1 AND (f.kind <> 'mail_attachment' OR f."ownerId" IS NULL OR f."ownerId" = $2)
  AND (f.kind <> 'chat_attachment' OR EXISTS (SELECT 1 FROM "ConversationParticipant" cp WHERE cp."conversationId" = f."conversationId" AND cp."userId" = $2))`
const FILES_QUERY = `SELECT f.id, f.kind, f."recordType", f."recordId", f."fileName", f."contentType", f."sizeBytes", f."uploadedById", f."createdAt",
    COALESCE(l."loadNumber", NULLIF(m.subject, ''), c.title, pr.name, po.title, NULLIF(trim(ru."firstName" || ' ' || ru."lastName"), '')) AS "recordLabel",
    up."firstName" AS "uploaderFirstName", up."lastName" AS "uploaderLastName"
  FROM (SELECT s.* FROM (SELECT f.id FROM "StoredFile" f WHERE ${FILES_VISIBLE} ORDER BY f."createdAt" DESC, f.id DESC LIMIT $3 OFFSET $4) p
    JOIN "StoredFile" s ON s.id = p.id) f
  LEFT JOIN "Load" l ON f."recordType" = 'load' AND l.id = f."recordId"
  LEFT JOIN "MailMessage" m ON f."recordType" = 'mail' AND m.id = f."recordId"
  LEFT JOIN "Conversation" c ON f."recordType" = 'chat' AND c.id = f."recordId"
  LEFT JOIN "Product" pr ON f."recordType" = 'product' AND pr.id = f."recordId"
  LEFT JOIN "Post" po ON f."recordType" = 'post' AND po.id = f."recordId"
  LEFT JOIN "User" ru ON f."recordType" = 'user' AND ru.id = f."recordId"
  LEFT JOIN "User" up ON up.id = f."uploadedById"
  ORDER BY f."createdAt" DESC, f.id DESC`

/** A page of files as listFiles reads it, for a reader of the shared mailbox and of draft bulletins (the bench's admin). */
async function filePage(user: User, page: number, pageSize: number) {
  if (!readsSharedMail(user.role) || !can(user.role, 'update', 'post')) throw new HttpError(403, 'forbidden')
  const [rows, totals] = await Promise.all([
    pool.query<FileRow>(FILES_QUERY, [user.organizationId, user.id, pageSize, (page - 1) * pageSize]),
    pool.query<{ count: number; bytes: string }>(
      `SELECT count(*)::int AS count, COALESCE(sum(f."sizeBytes"), 0)::bigint AS bytes FROM "StoredFile" f WHERE ${FILES_VISIBLE}`,
      [user.organizationId, user.id],
    ),
  ])
  return { total: totals.rows[0].count, totalBytes: Number(totals.rows[0].bytes), items: rows.rows }
}

function fileJson(row: FileRow) {
  return {
    id: row.id,
    fileName: row.fileName,
    kind: row.kind,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    record: { type: row.recordType, id: row.recordId, label: row.recordLabel ?? '' },
    uploadedBy: row.uploadedById ? { id: row.uploadedById, name: `${row.uploaderFirstName ?? ''} ${row.uploaderLastName ?? ''}`.trim() } : null,
    createdAt: row.createdAt.toISOString(),
    url: `/api/files/${row.id}`,
  }
}

async function apiFileList(req: http.IncomingMessage, url: URL) {
  const user = await apiUser(req, 'read', 'file')
  const { page, pageSize } = listQuery(url)
  const { total, totalBytes, items } = await filePage(user, page, pageSize)
  return { data: items.map(fileJson), meta: { total, totalBytes, page, pageSize } }
}

const bytesFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const formatBytes = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${bytesFormat.format(bytes / 1024)} KB` : `${bytesFormat.format(bytes / 1024 ** 2)} MB`

/** The app's files manager page: the page of files with the storage used. */
async function fileListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'file')
  const { page, pageSize } = listQuery(url)
  const { total, totalBytes, items } = await filePage(user, page, pageSize)
  const uploaded = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
  const rows = items
    .map((row) => {
      const file = fileJson(row)
      return `<tr><th><a href="/dashboard/files-manager/${file.id}"><bdi>${esc(file.fileName)}</bdi></a></th><td>${esc(file.kind)}</td>
<td><bdi>${esc(file.record.label)}</bdi></td><td class="num">${formatBytes(file.sizeBytes)}</td><td><bdi>${esc(file.uploadedBy?.name ?? '—')}</bdi></td>
<td><time datetime="${file.createdAt}">${uploaded.format(row.createdAt)}</time></td></tr>`
    })
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Files</h1><p>${formatBytes(totalBytes)} in ${numberFormat.format(total)} files</p>
<form method="get"><input type="search" name="q" aria-label="Search files">
<select name="kind"><option value="">All kinds</option>${options(FILE_KINDS, url.searchParams.get('kind'))}</select>
<select name="recordType"><option value="">All records</option>${options(FILE_RECORD_TYPES, url.searchParams.get('recordType'))}</select><button>Search</button></form>
<form method="post" action="/dashboard/files-manager/zip"><table><thead><tr><th>Name</th><th>Kind</th><th>Record</th><th>Size</th><th>Uploaded by</th><th>Uploaded</th></tr></thead>
<tbody>${rows}</tbody></table><button>Download as ZIP</button></form>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Files', user, main)
}

// Webhook endpoints: the organization's endpoints, oldest first (at most 20: one page),
// as the app's GET /api/webhooks answers them (serializeWebhook), never their secrets.
type WebhookRow = {
  id: string
  url: string
  description: string | null
  events: string[]
  active: boolean
  disabledReason: string | null
  failingSince: Date | null
  version: number
  createdAt: Date
  updatedAt: Date
}

async function apiWebhookList(req: http.IncomingMessage) {
  const user = await apiUser(req, 'read', 'webhook')
  const { rows } = await pool.query<WebhookRow>(
    `SELECT id, url, description, events, active, "disabledReason", "failingSince", version, "createdAt", "updatedAt"
     FROM "WebhookEndpoint" WHERE "organizationId" = $1 ORDER BY "createdAt" ASC, id ASC`,
    [user.organizationId],
  )
  const data = rows.map((row) => ({
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    active: row.active,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }))
  return { data, meta: { total: data.length, page: 1, pageSize: 20 } }
}

/**
 * The app's webhooks page: every endpoint with its latest delivery's state and status code
 * (listWebhooks: Prisma's relation join, one statement with a LATERAL subquery).
 */
async function webhookListPage(req: http.IncomingMessage) {
  const user = await pageUser(req, 'read', 'webhook')
  const { rows } = await pool.query<WebhookRow & { lastState: string | null; lastStatusCode: number | null }>(
    `SELECT e.id, e.url, e.description, e.events, e.active, e."disabledReason", e."failingSince", e.version, e."createdAt", e."updatedAt",
       d.state AS "lastState", d."lastStatusCode"
     FROM "WebhookEndpoint" e
     LEFT JOIN LATERAL (SELECT state, "lastStatusCode", "createdAt" FROM "WebhookDelivery" WHERE "endpointId" = e.id ORDER BY "createdAt" DESC, id DESC LIMIT 1) d ON true
     WHERE e."organizationId" = $1 ORDER BY e."createdAt" ASC, e.id ASC`,
    [user.organizationId],
  )
  const cards = rows
    .map(
      (
        endpoint,
      ) => `<li><article><a href="/dashboard/webhooks/${endpoint.id}" dir="ltr">${esc(endpoint.url)}</a>${endpoint.description ? `<bdi>${esc(endpoint.description)}</bdi>` : ''}
<p dir="ltr">${endpoint.events.map((event) => `<code>${esc(event)}</code>`).join(' ')}</p>
<span class="badge">${endpoint.active ? 'On' : endpoint.disabledReason === 'failing' ? 'Turned off: failing' : 'Off'}</span>${
        endpoint.lastState ? ` <span class="badge">${esc(endpoint.lastState)}${endpoint.lastStatusCode ? ` ${endpoint.lastStatusCode}` : ''}</span>` : ''
      }</article></li>`,
    )
    .join('\n')
  const main = `<h1>Webhooks</h1><a href="/dashboard/webhooks/new">New endpoint</a>
<p>Freightdesk posts each event you choose to your endpoints, signed with the endpoint's secret.</p>
${rows.length ? `<ul>${cards}</ul>` : '<p>No endpoints yet.</p>'}`
  return layout('Webhooks', user, main)
}

/** The app's quote requests page: the page and the organization's time zone (the arrival is shown on its clock). */
async function quoteListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'quote')
  const { page, pageSize } = listQuery(url)
  const [{ total, items }, organization] = await Promise.all([
    quotePage(user.organizationId, page, pageSize),
    pool.query<{ timezone: string | null }>(`SELECT timezone FROM "Organization" WHERE id = $1`, [user.organizationId]),
  ])
  const timeZone = safeTimeZone(organization.rows[0]?.timezone)
  const received = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const rows = items
    .map((row) => {
      const quote = quoteJson(row)
      const lane = `${quote.originCity}, ${quote.originState} → ${quote.destinationCity}, ${quote.destinationState}`
      const requester = quote.company ? `${quote.name} · ${quote.company}` : quote.name
      return `<tr><th><a href="/dashboard/booking/${quote.id}?returnTo=%2Fdashboard%2Fbooking%2Flist">${esc(quote.number)}</a></th><td><span class="badge">${esc(quote.status)}</span></td>
<td><bdi>${esc(lane)}</bdi><span class="muted">${esc(quote.equipmentType)}</span></td><td><bdi>${esc(requester)}</bdi></td><td>${formatDate(quote.pickupDate)}</td>
<td><time datetime="${quote.createdAt}">${received.format(row.createdAt)}</time></td><td class="num">${quote.quotedCents === null ? '—' : money.format(quote.quotedCents / 100)}</td></tr>`
    })
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Quote requests</h1>
<form method="get"><input type="search" name="q" aria-label="Search quote requests">
<select name="status"><option value="">All statuses</option>${options(QUOTE_STATUSES, url.searchParams.get('status'))}</select><button>Search</button></form>
<table><thead><tr><th>Number</th><th>Status</th><th>Lane</th><th>Requester</th><th>Pickup</th><th>Received</th><th>Quoted</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Quote requests', user, main)
}

// ---------------------------------------------------------------------------------------------
// Driver bulletins: the default list as app/models/bulletins/post.server.ts's listPosts reads it
// for the reader (drafts only for those who write them; the newest published first, drafts last,
// with the id tie-break; each with its author, its comment and acknowledgment counts and the
// reader's own acknowledgment: Prisma's _count and two IN queries, here a JOIN and subqueries) and
// its JSON, serializePost, key for key.

type PostRow = {
  id: string
  title: string
  description: string | null
  body: string
  bodyHtml: string
  tags: string[]
  status: string
  publishedAt: Date | null
  requiresAcknowledgment: boolean
  acknowledgedAt: Date | null
  commentsCount: number
  acknowledgmentsCount: number
  authorId: string | null
  authorFirstName: string | null
  authorLastName: string | null
  coverStorageKey: string | null
  coverFileName: string | null
  coverContentType: string | null
  coverSizeBytes: number | null
  createdAt: Date
  updatedAt: Date
  version: number
}

/** The posts a reader sees: drafts too for the roles that write them (the post policy's readsDrafts). */
const postWhere = (role: Role) => `p."organizationId" = $1${can(role, 'update', 'post') ? '' : ` AND p.status = 'published'`}`

const postQuery = (role: Role) => `SELECT p.id, p.title, p.description, p.body, p."bodyHtml", p.tags, p.status, p."publishedAt", p."requiresAcknowledgment",
  (SELECT a.at FROM "PostAcknowledgment" a WHERE a."postId" = p.id AND a."userId" = $2) AS "acknowledgedAt",
  (SELECT count(*)::int FROM "PostComment" c WHERE c."postId" = p.id) AS "commentsCount",
  (SELECT count(*)::int FROM "PostAcknowledgment" a WHERE a."postId" = p.id) AS "acknowledgmentsCount",
  p."authorId", u."firstName" AS "authorFirstName", u."lastName" AS "authorLastName",
  p."coverStorageKey", p."coverFileName", p."coverContentType", p."coverSizeBytes", p."createdAt", p."updatedAt", p.version
  FROM "Post" p LEFT JOIN "User" u ON u.id = p."authorId"
  WHERE ${postWhere(role)} ORDER BY p."publishedAt" DESC NULLS LAST, p.id ASC LIMIT $3 OFFSET $4`

async function postPage(user: User, page: number, pageSize: number) {
  const [count, items] = await Promise.all([
    pool.query<{ total: string }>(`SELECT count(*) AS total FROM "Post" p WHERE ${postWhere(user.role)}`, [user.organizationId]),
    pool.query<PostRow>(postQuery(user.role), [user.organizationId, user.id, pageSize, (page - 1) * pageSize]),
  ])
  return { total: Number(count.rows[0].total), items: items.rows }
}

/** The app's serializePost. */
function postJson(row: PostRow) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    body: row.body,
    bodyHtml: row.bodyHtml,
    tags: row.tags,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    requiresAcknowledgment: row.requiresAcknowledgment,
    acknowledgedByMe: row.acknowledgedAt !== null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    commentsCount: row.commentsCount,
    acknowledgmentsCount: row.acknowledgmentsCount,
    author: row.authorId ? { id: row.authorId, name: `${row.authorFirstName} ${row.authorLastName}`.trim() } : null,
    cover: row.coverStorageKey
      ? { url: `/api/posts/${row.id}/cover`, fileName: row.coverFileName, contentType: row.coverContentType, sizeBytes: row.coverSizeBytes }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  }
}

async function apiPostList(req: http.IncomingMessage, url: URL) {
  const user = await apiUser(req, 'read', 'post')
  const { page, pageSize } = listQuery(url)
  const { total, items } = await postPage(user, page, pageSize)
  return { data: items.map(postJson), meta: { total, page, pageSize } }
}

/** The app's bulletins list page: the page and the tags of the reader's posts for the filter. */
async function postListPage(req: http.IncomingMessage, url: URL) {
  const user = await pageUser(req, 'read', 'post')
  const { page, pageSize } = listQuery(url)
  const drafts = can(user.role, 'update', 'post')
  // The roles that read but do not write are the ones asked to acknowledge (the post policy).
  const acknowledges = !drafts
  const [{ total, items }, tags] = await Promise.all([
    postPage(user, page, pageSize),
    pool.query<{ tag: string }>(
      `SELECT DISTINCT unnest(tags) AS tag FROM "Post" WHERE "organizationId" = $1 AND ($2 OR status = 'published') ORDER BY 1 LIMIT 200`,
      [user.organizationId, drafts],
    ),
  ])
  const rows = items
    .map((post) => {
      // The app's AcknowledgmentBadge.
      const acknowledgment = !post.requiresAcknowledgment
        ? ''
        : !acknowledges || post.status !== 'published'
          ? '<span class="badge info">Requires acknowledgment</span>'
          : post.acknowledgedAt
            ? '<span class="badge success">Acknowledged</span>'
            : '<span class="badge warning">Please acknowledge</span>'
      return `<tr><th><a href="/dashboard/blog/post/${post.id}" dir="auto">${esc(post.title)}</a>${post.description ? `<span class="muted" dir="auto">${esc(post.description)}</span>` : ''}</th>
<td>${drafts ? `<span class="badge">${esc(post.status)}</span>` : ''}${acknowledgment}</td><td>${esc(post.tags.map((tag) => `#${tag}`).join(' '))}</td>
<td>${post.publishedAt ? dateFormat.format(post.publishedAt) : '—'}</td><td class="num">${numberFormat.format(post.commentsCount)}</td></tr>`
    })
    .join('\n')
  const from = total ? (page - 1) * pageSize + 1 : 0
  const main = `<h1>Bulletins</h1>${can(user.role, 'create', 'post') ? '<a href="/dashboard/blog/new">New bulletin</a>' : ''}
<form method="get"><input type="search" name="q" aria-label="Search bulletins">
${drafts ? `<select name="status"><option value="">All statuses</option>${options(POST_STATUSES, url.searchParams.get('status'))}</select>` : ''}
<select name="tag"><option value="">All tags</option>${options(
    tags.rows.map((row) => row.tag),
    url.searchParams.get('tag'),
    (tag) => `#${tag}`,
  )}</select>
<select name="acknowledgment"><option value="">Any</option><option value="required">Requires acknowledgment</option>${acknowledges ? '<option value="pending">Not yet acknowledged</option>' : ''}</select>
<button>Search</button></form>
<table><thead><tr><th>Title</th><th>${drafts ? 'Status' : 'Acknowledgment'}</th><th>Tags</th><th>Published</th><th>Comments</th></tr></thead>
<tbody>${rows}</tbody></table>
<p>${numberFormat.format(from)}–${numberFormat.format(Math.min(total, page * pageSize))} of ${numberFormat.format(total)}</p>
${page > 1 ? `<a href="?page=${page - 1}&amp;pageSize=${pageSize}">Previous</a>` : ''} ${page * pageSize < total ? `<a href="?page=${page + 1}&amp;pageSize=${pageSize}">Next</a>` : ''}`
  return layout('Bulletins', user, main)
}

// ---------------------------------------------------------------------------------------------
// API

const apiTruckList = (req: http.IncomingMessage, url: URL) => apiPage(req, url, 'truck', truckPage, truckJson)

async function apiTruckItem(req: http.IncomingMessage, id: string) {
  const user = await apiUser(req, 'read', 'truck')
  const { rows } = await pool.query<TruckRow>(`${TRUCK_SELECT} WHERE t.id = $1 AND t."organizationId" = $2`, [id, user.organizationId])
  if (!rows[0]) throw new HttpError(404, 'not_found')
  return { data: truckJson(rows[0]) }
}

const EDITABLE = [
  'unitNumber',
  'companyId',
  'vin',
  'make',
  'model',
  'year',
  'licensePlate',
  'plateState',
  'status',
  'ownership',
  'registrationExpiry',
  'inspectionDue',
  'odometerMiles',
  'primaryDriverId',
  'notes',
  'customFields',
] as const

/** A light check of a PUT body: the types a bare server would insist on. */
function truckInput(body: Record<string, unknown>) {
  const text = (key: string) => {
    const value = body[key]
    if (value === null || value === undefined || value === '') return null
    if (typeof value !== 'string') throw new HttpError(400, 'validation_failed')
    return value.trim()
  }
  const int = (key: string) => {
    const value = body[key]
    if (value === null || value === undefined || value === '') return null
    if (!Number.isInteger(value)) throw new HttpError(400, 'validation_failed')
    return value as number
  }
  const input = {
    unitNumber: text('unitNumber'),
    companyId: text('companyId'),
    vin: text('vin'),
    make: text('make'),
    model: text('model'),
    year: int('year'),
    licensePlate: text('licensePlate'),
    plateState: text('plateState'),
    status: text('status') ?? 'available',
    ownership: text('ownership') ?? 'company',
    registrationExpiry: text('registrationExpiry'),
    inspectionDue: text('inspectionDue'),
    odometerMiles: int('odometerMiles'),
    primaryDriverId: text('primaryDriverId'),
    notes: text('notes'),
    customFields: (body.customFields ?? {}) as Record<string, unknown>,
  }
  const version = int('version')
  if (!input.unitNumber || version === null) throw new HttpError(400, 'validation_failed')
  if (!(TRUCK_STATUSES as readonly string[]).includes(input.status) || !(TRUCK_OWNERSHIPS as readonly string[]).includes(input.ownership)) {
    throw new HttpError(400, 'validation_failed')
  }
  if (typeof input.customFields !== 'object' || Array.isArray(input.customFields)) throw new HttpError(400, 'validation_failed')
  return { input, version }
}

/** The statements of the app's updateTruck, in one transaction, without an ORM. */
async function apiTruckUpdate(req: http.IncomingMessage, id: string, body: string) {
  const user = await apiUser(req, 'update', 'truck')
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    throw new HttpError(400, 'validation_failed')
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new HttpError(400, 'validation_failed')
  const { input, version } = truckInput(parsed as Record<string, unknown>)
  const org = user.organizationId
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const before = (await client.query(`SELECT * FROM "Truck" WHERE id = $1 AND "organizationId" = $2`, [id, org])).rows[0] as TruckRow | undefined
    if (!before) throw new HttpError(404, 'not_found')
    if (before.version !== version) throw new HttpError(409, 'conflict')
    // The checks the app runs before writing: custom field definitions, references, uniqueness.
    const [definitions, company, driver, unit, vin] = await Promise.all([
      client.query<{ key: string; active: boolean }>(
        `SELECT key, active FROM "CustomFieldDefinition" WHERE "organizationId" = $1 AND "listName" = 'trucks' ORDER BY "sortOrder", label, id`,
        [org],
      ),
      input.companyId ? client.query(`SELECT id FROM "Company" WHERE id = $1 AND "organizationId" = $2 LIMIT 1`, [input.companyId, org]) : null,
      input.primaryDriverId
        ? client.query(`SELECT id FROM "User" WHERE id = $1 AND "organizationId" = $2 AND role = 'driver' LIMIT 1`, [input.primaryDriverId, org])
        : null,
      client.query(`SELECT id FROM "Truck" WHERE "organizationId" = $1 AND "unitNumber" ILIKE $2 AND NOT id = $3 LIMIT 1`, [org, input.unitNumber, id]),
      input.vin ? client.query(`SELECT id FROM "Truck" WHERE "organizationId" = $1 AND vin ILIKE $2 AND NOT id = $3 LIMIT 1`, [org, input.vin, id]) : null,
    ])
    const known = new Set(definitions.rows.map((row) => row.key))
    if (Object.keys(input.customFields).some((key) => !known.has(key))) throw new HttpError(400, 'validation_failed')
    if ((company && !company.rowCount) || (driver && !driver.rowCount) || unit.rowCount || vin?.rowCount) throw new HttpError(400, 'validation_failed')
    const updated = await client.query(
      `UPDATE "Truck" SET "unitNumber" = $1, "companyId" = $2, vin = $3, make = $4, model = $5, year = $6, "licensePlate" = $7, "plateState" = $8,
       status = $9::"TruckStatus", ownership = $10::"TruckOwnership", "registrationExpiry" = $11, "inspectionDue" = $12, "odometerMiles" = $13,
       "primaryDriverId" = $14, notes = $15, "customFields" = $16, version = version + 1, "updatedAt" = now()
       WHERE id = $17 AND "organizationId" = $18 AND version = $19`,
      [...EDITABLE.map((key) => (key === 'customFields' ? JSON.stringify(input.customFields) : input[key])), id, org, version],
    )
    if (updated.rowCount !== 1) throw new HttpError(409, 'conflict')
    const changes: Record<string, { before: unknown; after: unknown }> = {}
    for (const key of EDITABLE) {
      const was = before[key]
      if (JSON.stringify(was ?? null) !== JSON.stringify(input[key] ?? null)) changes[key] = { before: was ?? null, after: input[key] ?? null }
    }
    await client.query(
      `INSERT INTO "AuditEvent" (id, "organizationId", "userId", entity, "entityId", action, changes, ip) VALUES ($1, $2, $3, 'truck', $4, 'update', $5, $6)`,
      [newId(), org, user.id, id, JSON.stringify(changes), req.socket.remoteAddress ?? null],
    )
    const after = (await client.query<TruckRow>(`${TRUCK_SELECT} WHERE t.id = $1`, [id])).rows[0]
    await client.query('COMMIT')
    return { data: truckJson(after) }
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}

// ---------------------------------------------------------------------------------------------
// Sign-in: the app's verifyLogin and createSession, statement for statement.

/** A collision-free text id (the app's Prisma ids are cuids made in the app, too). */
function newId() {
  return `b${Date.now().toString(36)}${randomBytes(9).toString('base64url')}`
}

async function signIn(req: http.IncomingMessage, body: string) {
  const form = new URLSearchParams(body)
  const email = (form.get('email') ?? '').trim().toLowerCase()
  const password = form.get('password') ?? ''
  if (!email || !password) return { status: 400, body: 'email and password are required' }
  const ip = req.socket.remoteAddress ?? 'unknown'
  const since = new Date(Date.now() - THROTTLE_WINDOW_MS)
  const client = await pool.connect()
  let attemptId: string
  try {
    await client.query('BEGIN')
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`login-ip:${ip}`])
    const [byAccount, byIp] = await Promise.all([
      client.query<{ n: string }>(`SELECT count(*) AS n FROM "LoginAttempt" WHERE email = $1 AND ip = $2 AND NOT success AND "createdAt" >= $3`, [
        email,
        ip,
        since,
      ]),
      client.query<{ n: string }>(`SELECT count(*) AS n FROM "LoginAttempt" WHERE ip = $1 AND NOT success AND "createdAt" >= $2`, [ip, since]),
    ])
    if (Number(byAccount.rows[0].n) >= 10 || Number(byIp.rows[0].n) >= 100) {
      await client.query('ROLLBACK')
      return { status: 429, body: 'too many attempts' }
    }
    attemptId = newId()
    await client.query(`INSERT INTO "LoginAttempt" (id, email, ip, success) VALUES ($1, $2, $3, false)`, [attemptId, email, ip])
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
  const user = (
    await pool.query<{ id: string; passwordHash: string; status: string }>(`SELECT id, "passwordHash", status FROM "User" WHERE email = $1`, [email])
  ).rows[0]
  const ok = await verifyArgon2(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false)
  const success = Boolean(user && ok && user.status !== 'banned')
  if (success) await pool.query(`UPDATE "LoginAttempt" SET success = true WHERE id = $1`, [attemptId])
  await pool.query(`DELETE FROM "LoginAttempt" WHERE email = $1 AND "createdAt" < $2`, [email, new Date(Date.now() - 86_400_000)])
  if (!success || !user) return { status: 400, body: 'wrong email or password' }
  await pool.query(`UPDATE "User" SET "lastLoginAt" = now(), "updatedAt" = now() WHERE id = $1`, [user.id])
  await pool.query(`DELETE FROM "Session" WHERE "userId" = $1 AND "expiresAt" <= now()`, [user.id])
  const sessionId = newId()
  await pool.query(`INSERT INTO "Session" (id, "userId", kind, "expiresAt", ip, "userAgent") VALUES ($1, $2, 'web', $3, $4, $5)`, [
    sessionId,
    user.id,
    new Date(Date.now() + SESSION_TTL_MS),
    ip,
    req.headers['user-agent']?.slice(0, 300) ?? null,
  ])
  const redirectTo = form.get('redirectTo')
  const location = redirectTo && redirectTo.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : '/dashboard/app/'
  return { status: 302, headers: { Location: location, 'Set-Cookie': sessionCookie(sessionId) } }
}

// ---------------------------------------------------------------------------------------------
// The server

function readBody(req: http.IncomingMessage, limit = 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) reject(new HttpError(413, 'payload_too_large'))
      else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** Like the app's compression(): gzip above 1 KiB when the client accepts it. */
function send(req: http.IncomingMessage, res: http.ServerResponse, status: number, type: string, text: string, headers: Record<string, string> = {}) {
  let body: Buffer = Buffer.from(text)
  const out: Record<string, string | number> = { 'Content-Type': type, 'Cache-Control': 'private, no-store', ...headers }
  if (body.length > 1024 && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    body = gzipSync(body)
    out['Content-Encoding'] = 'gzip'
    out.Vary = 'Accept-Encoding'
  }
  out['Content-Length'] = body.length
  res.writeHead(status, out)
  res.end(body)
}

const HTML = 'text/html; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'

async function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://baseline.invalid')
  const path = url.pathname
  const api = path.startsWith('/api/')
  try {
    let match: RegExpExecArray | null
    if (req.method === 'GET' && path === '/health') {
      // The app's GET /health: one SELECT 1, then JSON.
      await pool.query('SELECT 1')
      return send(req, res, 200, JSON_TYPE, JSON.stringify({ status: 'ok' }))
    }
    if (req.method === 'GET' && path === '/dashboard/trucks/list') return send(req, res, 200, HTML, await truckListPage(req, url))
    if (req.method === 'GET' && (match = /^\/dashboard\/trucks\/([^/]+)\/edit$/.exec(path)))
      return send(req, res, 200, HTML, await truckEditPage(req, match[1]))
    if (req.method === 'GET' && /^\/dashboard\/app\/?$/.test(path)) return send(req, res, 200, HTML, await dashboardPage(req))
    if (req.method === 'GET' && path === '/dashboard/permission-denied') return send(req, res, 200, HTML, await shellPage(req))
    if (req.method === 'GET' && path === '/dashboard/loads/list') return send(req, res, 200, HTML, await loadListPage(req, url))
    if (req.method === 'GET' && path === '/api/loads') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiLoadList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/chat') return send(req, res, 200, HTML, await chatListPage(req))
    if (req.method === 'GET' && path === '/api/chat') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiChatList(req)))
    if (req.method === 'GET' && path === '/dashboard/mail') return send(req, res, 200, HTML, await mailListPage(req, url))
    if (req.method === 'GET' && path === '/api/mail') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiMailList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/e-commerce/list') return send(req, res, 200, HTML, await productListPage(req, url))
    if (req.method === 'GET' && path === '/api/products') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiProductList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/settlements/list') return send(req, res, 200, HTML, await settlementListPage(req, url))
    if (req.method === 'GET' && path === '/api/settlements') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiSettlementList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/e-commerce/orders') return send(req, res, 200, HTML, await orderListPage(req, url))
    if (req.method === 'GET' && path === '/api/orders') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiOrderList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/booking/list') return send(req, res, 200, HTML, await quoteListPage(req, url))
    if (req.method === 'GET' && path === '/dashboard/factoring') return send(req, res, 200, HTML, await scheduleListPage(req, url))
    if (req.method === 'GET' && path === '/dashboard/files-manager') return send(req, res, 200, HTML, await fileListPage(req, url))
    if (req.method === 'GET' && path === '/dashboard/webhooks') return send(req, res, 200, HTML, await webhookListPage(req))
    if (req.method === 'GET' && path === '/api/quotes') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiQuoteList(req, url)))
    if (req.method === 'GET' && path === '/api/factoring/schedules') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiScheduleList(req, url)))
    if (req.method === 'GET' && path === '/api/webhooks') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiWebhookList(req)))
    if (req.method === 'GET' && path === '/api/files') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiFileList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/blog/posts') return send(req, res, 200, HTML, await postListPage(req, url))
    if (req.method === 'GET' && path === '/api/posts') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiPostList(req, url)))
    if (req.method === 'GET' && path === '/api/fuel-purchases') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiFuelList(req, url)))
    if (req.method === 'GET' && path === '/api/inspections') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiInspectionList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/fuel/list') return send(req, res, 200, HTML, await fuelListPage(req, url))
    if (req.method === 'GET' && path === '/dashboard/inspections') return send(req, res, 200, HTML, await inspectionListPage(req, url))
    if (req.method === 'GET' && path === '/api/work-orders') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiWorkOrderList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/work-orders') return send(req, res, 200, HTML, await workOrderListPage(req, url))
    if (req.method === 'GET' && path === '/api/accounting/exports')
      return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiAccountingExportList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/accounting') return send(req, res, 200, HTML, await accountingPage(req, url))
    if (req.method === 'GET' && path === '/api/edi/messages') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiEdiMessageList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/edi/messages') return send(req, res, 200, HTML, await ediMessageListPage(req, url))
    if (req.method === 'GET' && path === '/api/edi/tenders') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiEdiTenderList(req, url)))
    if (req.method === 'GET' && path === '/dashboard/edi/tenders') return send(req, res, 200, HTML, await ediTenderListPage(req, url))
    if (req.method === 'GET' && path === '/dashboard/compliance') return send(req, res, 200, HTML, await complianceDashboardPage(req, url))
    if (req.method === 'GET' && path === '/dashboard/claims') return send(req, res, 200, HTML, await claimListPage(req, url))
    if (req.method === 'GET' && (match = /^\/api\/ifta\/returns\/([^/]+)$/.exec(path)))
      return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiIftaReturn(req, match[1])))
    if (req.method === 'GET' && path === '/api/trucks') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiTruckList(req, url)))
    if ((match = /^\/api\/trucks\/([^/]+)$/.exec(path))) {
      if (req.method === 'GET') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiTruckItem(req, match[1])))
      if (req.method === 'PUT') return send(req, res, 200, JSON_TYPE, JSON.stringify(await apiTruckUpdate(req, match[1], await readBody(req))))
    }
    if (req.method === 'POST' && path === '/auth/login') {
      const result = await signIn(req, await readBody(req))
      if (result.status === 302) {
        res.writeHead(302, { ...result.headers, 'Content-Length': 0 })
        return res.end()
      }
      return send(req, res, result.status, 'text/plain', result.body ?? '')
    }
    throw new HttpError(404, 'not_found')
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 302) {
        res.writeHead(302, { Location: `${error.code}?redirectTo=${encodeURIComponent(path)}`, 'Content-Length': 0 })
        return res.end()
      }
      return api
        ? send(req, res, error.status, JSON_TYPE, JSON.stringify({ error: { code: error.code } }))
        : send(req, res, error.status, 'text/plain', error.code)
    }
    console.error(error)
    return send(req, res, 500, 'text/plain', 'internal error')
  }
}

const server = http.createServer((req, res) => void route(req, res))
server.keepAliveTimeout = 60_000
server.listen(PORT, '127.0.0.1', () => console.info(`[baseline] listening on http://127.0.0.1:${PORT}`))

function stop() {
  server.close()
  server.closeAllConnections()
  pool.end().finally(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
