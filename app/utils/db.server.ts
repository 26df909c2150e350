import { remember } from '@epic-web/remember'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'

import type { Prisma } from '~/generated/prisma/client'
import { PrismaClient } from '~/generated/prisma/client'

import { databaseTimeouts, watchedPool } from './db-pool.server'
import { env } from './env.server'

function createClient(connectionString: string) {
  // A statement that runs past DB_STATEMENT_TIMEOUT_MS is cancelled and answered as 503, so a
  // runaway query cannot hold a connection (and the request waiting on it) for ever; a database
  // that does not answer at all is found out by the pool's watch (app/utils/db-pool.server.ts).
  // The pool listens for errors from its start: PrismaPg only from its first query, and a lean
  // read may come first (ADR 081).
  const pool = watchedPool(connectionString, { max: 10 })
  // A transaction waits for a connection as long as any query does (DB_POOL_WAIT_MS, Prisma's own
  // default is 2 s: parallel writes on a busy machine met it and failed), and may run for
  // DB_TRANSACTION_TIMEOUT_MS (Prisma's default, 5 s, expired ordinary writes under load).
  // Either limit reached is a 503 with Retry-After (errors.server.ts), never a 500.
  const { poolWaitMs, transactionMs } = databaseTimeouts()
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
    log: process.env.LOG_QUERIES === 'true' ? ['query'] : [],
    transactionOptions: { maxWait: poolWaitMs, timeout: transactionMs },
  })
  return { client, pool }
}

function current() {
  // Asked on every call: the variable itself (env() checked it when the server started).
  const url = process.env.DATABASE_URL || env().DATABASE_URL
  return remember(`prisma:${url}`, () => createClient(url))
}

/** One client per database URL (the test harness gives each test file its own database). */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const { client } = current()
    const value = Reflect.get(client, property, client)
    return typeof value === 'function' ? value.bind(client) : value
  },
})

// How Prisma reads the types pg would read otherwise: a date (`@db.Date`) is UTC midnight and a
// timestamp without time zone is UTC, whatever the server's time zone; a BIGINT (money sums, ADR
// 089) is a bigint, never the string pg gives.
const PG_INT8 = 20
const PG_DATE = 1082
const PG_TIMESTAMP = 1114
const readTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8) return (value: string) => BigInt(value)
    if (oid === PG_DATE) return (value: string) => new Date(`${value}T00:00:00Z`)
    if (oid === PG_TIMESTAMP) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`)
    return pg.types.getTypeParser(oid, format)
  }) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * A read the request path makes often, as one statement on Prisma's own pool: no query plan and
 * no result mapping, which cost more than a small list's whole database work (ADR 081). Values
 * come as Prisma gives them for text, enums, booleans, int, bigint, jsonb, text[], dates and
 * timestamps (tests/integration/lean-reads.test.ts compares them); numeric would come as a string.
 * Never inside a transaction: it takes a connection of its own.
 */
export async function readRows<Row>(query: Prisma.Sql): Promise<Row[]> {
  const { rows } = await current().pool.query({ text: query.text, values: query.values as unknown[], types: readTypes })
  return rows as Row[]
}

export type Db = PrismaClient
/** A client or an interactive transaction: model functions accept either. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0]
