/**
 * Demo data: two organizations, users of every role, companies, trucks and trailers.
 *   npm run db:seed                      reset the demo organizations and seed them
 *   npm run db:seed -- --loads-scale N   also add N generated trucks per 100 (for benchmarks),
 *                                        written with batched inserts
 * Every demo user's password is DEMO_PASSWORD (README lists the logins).
 */
import { pathToFileURL } from 'node:url'
import type { Prisma } from '../app/generated/prisma/client'
import { vinCheckDigit } from '../app/schemas/truck'
import { hashPassword } from '../app/utils/crypto.server'

export const DEMO_PASSWORD = 'freightdesk'

/** Small deterministic PRNG so the demo data is the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'
function makeVin(next: () => number) {
  const chars = Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(next() * VIN_CHARS.length)])
  chars[8] = '0'
  const vin = chars.join('')
  return `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`
}

const MAKES: Array<[string, string[]]> = [
  ['Freightliner', ['Cascadia', 'M2 106']],
  ['Kenworth', ['T680', 'W900']],
  ['Peterbilt', ['579', '389']],
  ['Volvo', ['VNL 760', 'VNR 640']],
  ['International', ['LT625', 'RH613']],
  ['Mack', ['Anthem', 'Pinnacle']],
]
const STATES = ['TX', 'OK', 'AR', 'LA', 'NM', 'TN', 'GA', 'VA', 'NC']
const STATUS_WEIGHTS: Array<[Prisma.TruckCreateManyInput['status'], number]> = [
  ['available', 0.45],
  ['dispatched', 0.3],
  ['maintenance', 0.12],
  ['out_of_service', 0.05],
  ['inactive', 0.08],
]

function pick<T>(next: () => number, items: readonly T[]) {
  return items[Math.floor(next() * items.length)]
}

function weighted<T>(next: () => number, items: Array<[T, number]>) {
  let roll = next()
  for (const [value, weight] of items) {
    if ((roll -= weight) <= 0) return value
  }
  return items[items.length - 1][0]
}

function date(next: () => number, fromDays: number, toDays: number) {
  const days = Math.floor(fromDays + next() * (toDays - fromDays))
  const value = new Date(Date.UTC(2026, 10, 1) + days * 86_400_000)
  return value
}

export function generateTrucks(
  next: () => number,
  organizationId: string,
  companyIds: string[],
  driverIds: string[],
  count: number,
  startNumber: number,
): Prisma.TruckCreateManyInput[] {
  return Array.from({ length: count }, (_, index) => {
    const [make, models] = pick(next, MAKES)
    const status = weighted(next, STATUS_WEIGHTS)
    return {
      organizationId,
      unitNumber: `T-${String(startNumber + index).padStart(4, '0')}`,
      companyId: companyIds.length ? companyIds[index % companyIds.length] : null,
      vin: makeVin(next),
      make,
      model: pick(next, models),
      year: 2015 + Math.floor(next() * 12),
      licensePlate: `${String.fromCharCode(65 + Math.floor(next() * 26))}${String.fromCharCode(65 + Math.floor(next() * 26))}${Math.floor(1000 + next() * 9000)}`,
      plateState: pick(next, STATES),
      status,
      ownership: weighted(next, [
        ['company', 0.6],
        ['leased', 0.25],
        ['owner_operator', 0.15],
      ] as Array<[Prisma.TruckCreateManyInput['ownership'], number]>),
      registrationExpiry: date(next, 20, 400),
      inspectionDue: date(next, -15, 180),
      odometerMiles: Math.floor(40_000 + next() * 700_000),
      primaryDriverId: driverIds.length && index < driverIds.length ? driverIds[index] : null,
      notes: status === 'maintenance' ? 'In the shop: scheduled PM service.' : null,
    }
  })
}

const TRAILER_KINDS: Array<[Prisma.TrailerCreateManyInput['type'], number | null]> = [
  ['dry_van', 53],
  ['reefer', 53],
  ['dry_van', 48],
  ['flatbed', 48],
  ['step_deck', 53],
  ['reefer', 48],
  ['lowboy', 48],
  ['tanker', 42],
  ['power_only', null],
  ['dry_van', 28],
]
const TRAILER_STATUSES: Array<[Prisma.TrailerCreateManyInput['status'], number]> = [
  ['available', 0.45],
  ['in_use', 0.35],
  ['maintenance', 0.1],
  ['out_of_service', 0.04],
  ['inactive', 0.06],
]

/** Trailers TR-201 …, from their own random stream so the trucks stay the same as before. */
function generateTrailers(organizationId: string, companyIds: string[], count: number): Prisma.TrailerCreateManyInput[] {
  const next = random(20261123 + count)
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate())
  return Array.from({ length: count }, (_, index) => {
    const [type, lengthFt] = TRAILER_KINDS[index % TRAILER_KINDS.length]
    const status = weighted(next, TRAILER_STATUSES)
    const state = pick(next, STATES)
    return {
      organizationId,
      unitNumber: `TR-${201 + index}`,
      companyId: companyIds[index % companyIds.length],
      type,
      lengthFt,
      vin: type === 'power_only' ? null : makeVin(next),
      licensePlate: `${Math.floor(100 + next() * 900)}-${Math.floor(1000 + next() * 9000)}`,
      plateState: state,
      status,
      // Spread from two weeks overdue to a year ahead, so the compliance badges show up.
      registrationExpiry: new Date(today + Math.floor(-14 + next() * 380) * 86_400_000),
      inspectionDue: new Date(today + Math.floor(-10 + next() * 200) * 86_400_000),
      notes: status === 'maintenance' ? 'Brakes and lights inspection.' : null,
    }
  })
}

const DAY_MS = 86_400_000

/** A date-only value `days` from today (UTC midnight), as the profile's date columns store it. */
function daysFromToday(days: number) {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * DAY_MS)
}

/**
 * Demo driver profiles: the first driver's license expires within two weeks and the second's
 * medical card within a month, so the users list shows its warnings; pay in each method.
 */
function demoDriverProfile(organizationId: string, userId: string, index: number): Prisma.DriverProfileCreateManyInput {
  const pay = [
    { payMethod: 'per_mile' as const, payRate: 62 },
    { payMethod: 'percent' as const, payRate: 2800 },
    { payMethod: 'flat' as const, payRate: 45_000 },
  ][index % 3]
  return {
    organizationId,
    userId,
    licenseNumber: `TX${String(41_872_305 + index * 7919).padStart(8, '0')}`,
    licenseState: index % 2 ? 'OK' : 'TX',
    cdlClass: index === 2 ? 'B' : 'A',
    licenseExpiry: daysFromToday(index === 0 ? 12 : 400 + index * 90),
    medicalCardExpiry: daysFromToday(index === 1 ? 20 : 300 + index * 60),
    hireDate: daysFromToday(-(700 + index * 365)),
    ...pay,
    emergencyContactName: ['Rosa Cole', 'Ana Ortega', 'Mike Brooks'][index % 3],
    emergencyContactPhone: `+1 512 555 01${String(20 + index).padStart(2, '0')}`,
  }
}

type DemoOrg = {
  name: string
  domain: string
  companies: string[]
  trucks: number
  trailers: number
  users: Array<{ email: string; firstName: string; lastName: string; role: Prisma.UserCreateManyInput['role'] }>
}

const ORGS: DemoOrg[] = [
  {
    name: 'Lone Star Freight Services',
    domain: 'freightdesk.test',
    companies: ['Lone Star Freight LLC', 'Red River Carriers Inc', 'Pecos Valley Transport'],
    trucks: 40,
    trailers: 14,
    users: [
      { email: 'admin@freightdesk.test', firstName: 'Alma', lastName: 'Reyes', role: 'admin' },
      { email: 'dispatcher@freightdesk.test', firstName: 'Dan', lastName: 'Whitaker', role: 'dispatcher' },
      { email: 'accountant@freightdesk.test', firstName: 'Priya', lastName: 'Nair', role: 'accountant' },
      { email: 'driver@freightdesk.test', firstName: 'Marcus', lastName: 'Cole', role: 'driver' },
      { email: 'driver2@freightdesk.test', firstName: 'Luis', lastName: 'Ortega', role: 'driver' },
      { email: 'driver3@freightdesk.test', firstName: 'Tanya', lastName: 'Brooks', role: 'driver' },
      { email: 'viewer@freightdesk.test', firstName: 'Vera', lastName: 'Lind', role: 'viewer' },
    ],
  },
  {
    name: 'Blue Ridge Dispatch',
    domain: 'blueridge.test',
    companies: ['Blue Ridge Hauling', 'Smoky Mountain Express'],
    trucks: 6,
    trailers: 3,
    users: [
      { email: 'admin@blueridge.test', firstName: 'Grace', lastName: 'Holloway', role: 'admin' },
      { email: 'dispatcher@blueridge.test', firstName: 'Owen', lastName: 'Pike', role: 'dispatcher' },
      { email: 'driver@blueridge.test', firstName: 'Hank', lastName: 'Miller', role: 'driver' },
    ],
  },
]

const BATCH = 1000

/** Seeds the demo organizations, replacing them if they exist. Returns what it made. */
export async function seed(options: { scale?: number; log?: (line: string) => void } = {}) {
  const { prisma } = await import('../app/utils/db.server')
  const log = options.log ?? console.info
  const next = random(20261122)
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const emails = ORGS.flatMap((org) => org.users.map((user) => user.email))
  const existing = await prisma.user.findMany({ where: { email: { in: emails } }, select: { organizationId: true } })
  await prisma.organization.deleteMany({ where: { id: { in: [...new Set(existing.map((user) => user.organizationId))] } } })

  const summary: Array<{ organization: string; users: number; companies: number; trucks: number; trailers: number }> = []
  for (const demo of ORGS) {
    const organization = await prisma.organization.create({ data: { name: demo.name } })
    await prisma.company.createMany({ data: demo.companies.map((name) => ({ organizationId: organization.id, name })) })
    const companies = await prisma.company.findMany({ where: { organizationId: organization.id }, orderBy: { name: 'asc' } })
    await prisma.user.createMany({
      data: demo.users.map((user, index) => ({
        ...user,
        organizationId: organization.id,
        passwordHash,
        status: 'active' as const,
        emailVerifiedAt: new Date(),
        companyId: user.role === 'driver' ? companies[index % companies.length].id : null,
      })),
    })
    const drivers = await prisma.user.findMany({ where: { organizationId: organization.id, role: 'driver' }, orderBy: { email: 'asc' } })
    await prisma.driverProfile.createMany({ data: drivers.map((driver, index) => demoDriverProfile(organization.id, driver.id, index)) })
    const companyIds = companies.map((company) => company.id)
    const driverIds = drivers.map((driver) => driver.id)
    const extra = demo === ORGS[0] ? Math.max(0, Math.floor((options.scale ?? 0) * 100)) : 0
    const total = demo.trucks + extra
    for (let start = 0; start < total; start += BATCH) {
      const rows = generateTrucks(next, organization.id, companyIds, start === 0 ? driverIds : [], Math.min(BATCH, total - start), start + 101)
      await prisma.truck.createMany({ data: rows })
    }
    await prisma.trailer.createMany({ data: generateTrailers(organization.id, companyIds, demo.trailers) })
    summary.push({ organization: demo.name, users: demo.users.length, companies: companies.length, trucks: total, trailers: demo.trailers })
  }
  // Fresh planner statistics after bulk inserts, so lists use their indexes straight away.
  await prisma.$executeRawUnsafe('ANALYZE')
  for (const row of summary) log(`[seed] ${row.organization}: ${row.users} users, ${row.companies} companies, ${row.trucks} trucks, ${row.trailers} trailers`)
  return summary
}

/** Used by `npm start`: seeds only a database without any organization. */
export async function seedIfEmpty() {
  const { prisma } = await import('../app/utils/db.server')
  if ((await prisma.organization.count()) > 0) return false
  await seed()
  return true
}

async function main() {
  const { applyMigrations, startEmbeddedPostgres } = await import('../app/utils/db-setup.server')
  const scaleIndex = process.argv.indexOf('--loads-scale')
  const scale = scaleIndex > 0 ? Number(process.argv[scaleIndex + 1]) : 0
  if (!Number.isFinite(scale) || scale < 0) throw new Error('--loads-scale takes a number ≥ 0')
  let stop = async () => {}
  if (!process.env.DATABASE_URL) {
    const embedded = await startEmbeddedPostgres({ dataDir: `${process.env.DATA_DIR ?? '.data'}/postgres` })
    process.env.DATABASE_URL = embedded.url
    stop = embedded.stop
  }
  await applyMigrations(process.env.DATABASE_URL)
  process.env.SESSION_SECRET ??= 'seed-script-does-not-sign-anything'
  const started = performance.now()
  await seed({ scale })
  console.info(`[seed] done in ${((performance.now() - started) / 1000).toFixed(1)} s; password for every demo login: ${DEMO_PASSWORD}`)
  const { prisma } = await import('../app/utils/db.server')
  await prisma.$disconnect()
  await stop()
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
