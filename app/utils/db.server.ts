import { remember } from '@epic-web/remember'
import { PrismaPg } from '@prisma/adapter-pg'

import { PrismaClient } from '~/generated/prisma/client'

import { env } from './env.server'

function createClient(connectionString: string) {
  // A statement that runs past DB_STATEMENT_TIMEOUT_MS is cancelled and answered as 503, so a
  // runaway query cannot hold a connection (and the request waiting on it) for ever.
  const adapter = new PrismaPg({ connectionString, max: 10, statement_timeout: Number(process.env.DB_STATEMENT_TIMEOUT_MS ?? 15_000) })
  return new PrismaClient({ adapter, log: process.env.LOG_QUERIES === 'true' ? ['query'] : [] })
}

/** One client per database URL (the test harness gives each test file its own database). */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    // Asked on every Prisma call: the variable itself (env() checked it when the server started).
    const url = process.env.DATABASE_URL || env().DATABASE_URL
    const client = remember(`prisma:${url}`, () => createClient(url))
    const value = Reflect.get(client, property, client)
    return typeof value === 'function' ? value.bind(client) : value
  },
})

export type Db = PrismaClient
/** A client or an interactive transaction: model functions accept either. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0]
