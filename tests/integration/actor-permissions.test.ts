/**
 * Every model write refuses an actor whose role may not make it (ADR 106): the
 * models ask the actor's role and key scope before they read or write anything, so a route that
 * forgot its check still writes nothing. The functions are found in the source (every exported
 * function of app/models whose parameters name an Actor, and the record stores' create, update and
 * remove); WRITES must list each, so a new write cannot be added without saying how it is guarded.
 */
import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import type { Actor } from '~/models/audit.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { actorOf, createOrg, type Org } from '../helpers'

const MODELS = path.resolve('app/models')

/** How each write is guarded: `refused` (a viewer gets 403 `forbidden`, nothing written) or why it is not asked here. */
const WRITES: Record<string, 'refused' | { exempt: string }> = {
  'api-key:createApiKey': 'refused',
  'api-key:revokeApiKey': 'refused',
  'audit:recordAudit': { exempt: 'records the audit event of a write that was checked' },
  'broker:createBroker': 'refused',
  'broker:updateBroker': 'refused',
  'broker:deleteBroker': 'refused',
  'calendar:createCalendarEvent': 'refused',
  'calendar:updateCalendarEvent': 'refused',
  'calendar:deleteCalendarEvent': 'refused',
  'cart:buyerIsDriver': { exempt: 'a read' },
  'cart:addCartItem': 'refused',
  'cart:updateCartItem': 'refused',
  'cart:removeCartItem': 'refused',
  'cart:setCartBilling': 'refused',
  'cart:moveCartStep': 'refused',
  'cart:resetCart': 'refused',
  'company:createCompany': 'refused',
  'company:updateCompany': 'refused',
  'company:deleteCompany': 'refused',
  'custom-fields:createCustomFieldDefinition': 'refused',
  'custom-fields:updateCustomFieldDefinition': 'refused',
  'custom-fields:deleteCustomFieldDefinition': 'refused',
  'factoring:addFactor': 'refused',
  'factoring:saveAgreement': 'refused',
  'factoring:createSchedule': 'refused',
  'factoring:sendSchedule': 'refused',
  'factoring:voidSchedule': 'refused',
  'factoring:purchaseSchedule': 'refused',
  'factoring:importPurchaseReport': 'refused',
  'factoring:releaseReserve': 'refused',
  'file-share:createFileShare': 'refused',
  'file-share:revokeFileShare': 'refused',
  'invoice:createInvoice': 'refused',
  'invoice:updateInvoice': 'refused',
  'invoice:deleteInvoice': 'refused',
  'invoice:sendInvoice': 'refused',
  'invoice:emailInvoiceAgain': 'refused',
  'invoice:voidInvoice': 'refused',
  'invoice:recordPayment': 'refused',
  'invoice:recordPaymentIn': 'refused',
  'invoice:assignToFactor': 'refused',
  'invoice:deletePayment': 'refused',
  'load-document:uploadLoadDocument': 'refused',
  'load-document:deleteLoadDocument': 'refused',
  'load-import:importLoads': 'refused',
  'csv-import:runImport': { exempt: 'the pipeline: each row is written by its list’s own create function, which refuses the actor, in one transaction' },
  'load-status:moveLoad': 'refused',
  'load-status:reopenLoad': 'refused',
  'load-status:applyMove': { exempt: 'a step inside moveLoad’s and recordStopEvent’s checked transactions' },
  'load-stop-events:recordStopEvent': 'refused',
  'load:createLoad': 'refused',
  'load:updateLoad': 'refused',
  'load:deleteLoad': 'refused',
  'load:deleteStop': 'refused',
  'maintenance-mode:startMaintenance': 'refused',
  'maintenance-mode:endMaintenance': 'refused',
  'organization:updateOrganization': 'refused',
  'organization:updateSiteTexts': 'refused',
  'post:createPost': 'refused',
  'post:updatePost': 'refused',
  'post:deletePost': 'refused',
  'post:deletePostComment': 'refused',
  'product-photo:addProductPhotos': 'refused',
  'product-photo:deleteProductPhoto': 'refused',
  'product:createProduct': 'refused',
  'product:deleteProduct': 'refused',
  'product:updateProduct': 'refused',
  'quote:quotePrice': 'refused',
  'quote:markQuoteWon': 'refused',
  'quote:markQuoteLost': 'refused',
  'quote:convertQuote': 'refused',
  'rate-confirmation:createLoadFromSource': 'refused',
  'records:assertActorMay': { exempt: 'the check itself' },
  'remittance:revokePaymentLinks': 'refused',
  'remittance:confirmRemittance': 'refused',
  'remittance:dismissRemittance': 'refused',
  'settlement:createSettlement': 'refused',
  'settlement:runPay': 'refused',
  'settlement:approveSettlement': 'refused',
  'settlement:paySettlement': 'refused',
  'settlement:voidSettlement': 'refused',
  'settlement:deleteSettlement': 'refused',
  'settlement:addSettlementLine': 'refused',
  'settlement:removeSettlementLine': 'refused',
  'store-order:placeOrder': 'refused',
  'store-order:cancelOrder': 'refused',
  'stored-file:deleteFile': 'refused',
  'tracking-link:createTrackingLink': 'refused',
  'tracking-link:revokeTrackingLink': 'refused',
  'trailer:createTrailer': 'refused',
  'trailer:updateTrailer': 'refused',
  'trailer:deleteTrailer': 'refused',
  'truck:createTruck': 'refused',
  'truck:updateTruck': 'refused',
  'truck:deleteTruck': 'refused',
  'user-account:updateOwnProfile': { exempt: 'one’s own account: every role, viewers included' },
  'user-account:changeOwnPassword': { exempt: 'one’s own account: every role, viewers included' },
  'user-account:changeOwnEmail': { exempt: 'one’s own account: every role, viewers included' },
  'user-avatar:setOwnAvatar': { exempt: 'one’s own account: every role, viewers included' },
  'user-sessions:signOutOtherSessions': { exempt: 'one’s own account: every role, viewers included' },
  'user:createUser': 'refused',
  'user:reinviteUser': 'refused',
  'user:updateUser': 'refused',
  'webhook:createWebhook': 'refused',
  'webhook:updateWebhook': 'refused',
  'webhook:rotateWebhookSecret': 'refused',
  'webhook:deleteWebhook': 'refused',
  'webhook:resendDelivery': 'refused',
}

type Param = { name: string; type: string }

/** The parameters between the parenthesis at `open` and its match, split at top-level commas. */
function paramsAt(source: string, open: number): Param[] {
  let depth = 0
  let end = open
  for (; end < source.length; end++) {
    if ('([{<'.includes(source[end])) depth++
    else if (')]}>'.includes(source[end]) && !(source[end] === '>' && source[end - 1] === '=')) depth--
    if (depth === 0) break
  }
  const parts: string[] = []
  let part = ''
  depth = 0
  for (const char of source.slice(open + 1, end)) {
    if ('([{<'.includes(char)) depth++
    else if (')]}>'.includes(char)) depth--
    if (char === ',' && depth === 0) {
      parts.push(part)
      part = ''
    } else part += char
  }
  parts.push(part)
  return parts
    .map((text) => text.trim())
    .filter(Boolean)
    .map((text) => {
      const [name, ...type] = text.split(':')
      return { name: name.replace(/[?\s]/g, ''), type: type.join(':').trim() }
    })
}

/** Every exported function of app/models whose parameters name an Actor, as `module:name` with its parameters. */
function actorFunctions() {
  const found = new Map<string, Param[]>()
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
  for (const file of walk(MODELS).filter((file) => file.endsWith('.server.ts'))) {
    const source = fs.readFileSync(file, 'utf8')
    const module = path.relative(MODELS, file).replace(/\.server\.ts$/, '')
    for (const match of source.matchAll(/export (?:async )?function\*? ?(\w+)\s*(?:<[^(]*>)?\(/g)) {
      const params = paramsAt(source, match.index + match[0].length - 1)
      if (params.some((param) => /\bActor\b/.test(param.type))) found.set(`${module}:${match[1]}`, params)
    }
    // A record store's writes (`export const createTruck = trucks.create`): (actor, input | id, …).
    for (const match of source.matchAll(/export const (\w+) = \w+\.(create|update|remove)\b/g))
      found.set(`${module}:${match[1]}`, [
        { name: 'actor', type: 'Actor' },
        { name: 'id', type: 'string' },
        { name: 'input', type: 'object' },
      ])
  }
  return found
}

const FOUND = actorFunctions()
const ID = 'c00000000000000000000none'

/** What a viewer passes: itself for the actor (and the reader or user), an id no row has, and empty input. */
function viewerArgs(params: Param[], viewer: Actor, user: object) {
  return params.map(({ name, type }) => {
    if (/^Actor\b/.test(type)) return viewer
    if (/\bActor\b/.test(type)) return { actor: viewer }
    if (['reader', 'user', 'viewer'].includes(name)) return user
    if (name === 'tx' || name === 'db') return prisma
    if (/^string\b/.test(type) || /Id$|^id$/.test(name)) return ID
    if (/^number\b/.test(type)) return 1
    return {}
  })
}

/** One fingerprint of every table's rows: any insert, update or delete anywhere changes it. */
async function databaseFingerprint() {
  const tables = await prisma.$queryRaw<Array<{ name: string }>>`
    SELECT tablename AS "name" FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`
  const parts = tables.map(({ name }) => `SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS h FROM "${name.replace(/"/g, '')}" t`)
  const [row] = await prisma.$queryRawUnsafe<Array<{ h: string }>>(`SELECT md5(string_agg(h, '')) AS h FROM (${parts.join(' UNION ALL ')}) x`)
  return row.h
}

describe('the actor knows its role: every model write refuses a viewer (ADR 106)', () => {
  let org: Org
  let viewer: Actor
  beforeAll(async () => {
    org = await createOrg()
    viewer = actorOf(org, 'viewer')
  })

  it('lists every model function that takes an actor, and only those', () => {
    expect(FOUND.size).toBeGreaterThan(90)
    expect([...FOUND.keys()].sort()).toEqual(Object.keys(WRITES).sort())
  })

  it.each(Object.entries(WRITES).filter(([, guard]) => guard === 'refused'))('%s refuses a viewer with 403 forbidden, writing nothing', async (key) => {
    const [module, name] = key.split(':')
    const exports = (await import(path.join(MODELS, `${module}.server.ts`))) as Record<string, (...args: unknown[]) => unknown>
    const user = { id: org.users.viewer.id, organizationId: org.organization.id, role: 'viewer', email: org.users.viewer.email }
    const before = await databaseFingerprint()
    const outcome = await Promise.resolve()
      .then(() => exports[name](...viewerArgs(FOUND.get(key)!, viewer, user)))
      .then(
        () => 'written',
        (error: unknown) => error,
      )
    expect(outcome).toBeInstanceOf(DomainError)
    expect(outcome).toMatchObject({ code: 'forbidden', status: 403 })
    expect(await databaseFingerprint()).toBe(before)
  })

  it('refuses a read-only API key’s writes for a role that may make them', async () => {
    const readOnly: Actor = { ...actorOf(org, 'admin'), scope: 'read_only' }
    const { createTruck } = await import('~/models/truck.server')
    await expect(createTruck(readOnly, { unitNumber: 'RO-1' } as never)).rejects.toMatchObject({ code: 'forbidden', messageKey: 'api.keyReadOnly' })
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })
})
