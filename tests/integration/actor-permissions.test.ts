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

import type { Actor } from '~/models/audit/audit.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'

import { actorOf, createOrg, type Org } from '../helpers'

const MODELS = path.resolve('app/models')

/** How each write is guarded: `refused` (a viewer gets 403 `forbidden`, nothing written) or why it is not asked here. */
const WRITES: Record<string, 'refused' | { exempt: string }> = {
  'users/api-key:createApiKey': 'refused',
  'users/api-key:revokeApiKey': 'refused',
  'audit/audit:recordAudit': { exempt: 'records the audit event of a write that was checked' },
  'reference/broker:createBroker': 'refused',
  'reference/broker:updateBroker': 'refused',
  'reference/broker:deleteBroker': 'refused',
  'calendar:createCalendarEvent': 'refused',
  'calendar:updateCalendarEvent': 'refused',
  'calendar:deleteCalendarEvent': 'refused',
  'store/cart:buyerIsDriver': { exempt: 'a read' },
  'store/cart:addCartItem': 'refused',
  'store/cart:updateCartItem': 'refused',
  'store/cart:removeCartItem': 'refused',
  'store/cart:setCartBilling': 'refused',
  'store/cart:moveCartStep': 'refused',
  'store/cart:resetCart': 'refused',
  'reference/company:createCompany': 'refused',
  'reference/company:updateCompany': 'refused',
  'reference/company:deleteCompany': 'refused',
  'organization/custom-fields:createCustomFieldDefinition': 'refused',
  'organization/custom-fields:updateCustomFieldDefinition': 'refused',
  'organization/custom-fields:deleteCustomFieldDefinition': 'refused',
  'factoring/factoring:addFactor': 'refused',
  'factoring/factoring:saveAgreement': 'refused',
  'factoring/factoring:createSchedule': 'refused',
  'factoring/factoring:sendSchedule': 'refused',
  'factoring/factoring:voidSchedule': 'refused',
  'factoring/factoring:purchaseSchedule': 'refused',
  'factoring/factoring:importPurchaseReport': 'refused',
  'factoring/factoring:releaseReserve': 'refused',
  'files/file-share:createFileShare': 'refused',
  'files/file-share:revokeFileShare': 'refused',
  'invoices/invoice:createInvoice': 'refused',
  'invoices/invoice:updateInvoice': 'refused',
  'invoices/invoice:deleteInvoice': 'refused',
  'invoices/invoice:sendInvoice': 'refused',
  'invoices/invoice:emailInvoiceAgain': 'refused',
  'invoices/invoice:voidInvoice': 'refused',
  'invoices/invoice:recordPayment': 'refused',
  'invoices/invoice:recordPaymentIn': 'refused',
  'invoices/invoice:assignToFactor': 'refused',
  'invoices/invoice:deletePayment': 'refused',
  'loads/load-document:uploadLoadDocument': 'refused',
  'loads/load-document:deleteLoadDocument': 'refused',
  'loads/load-import:importLoads': 'refused',
  'records/csv-import:runImport': {
    exempt: 'the pipeline: each row is written by its list’s own create function, which refuses the actor, in one transaction',
  },
  'loads/load-status:moveLoad': 'refused',
  'loads/load-status:reopenLoad': 'refused',
  'loads/load-status:applyMove': { exempt: 'a step inside moveLoad’s and recordStopEvent’s checked transactions' },
  'loads/load-stop-events:recordStopEvent': 'refused',
  'loads/load:createLoad': 'refused',
  'loads/load:updateLoad': 'refused',
  'loads/load:deleteLoad': 'refused',
  'loads/load:deleteStop': 'refused',
  'operations/maintenance-mode:startMaintenance': 'refused',
  'operations/maintenance-mode:endMaintenance': 'refused',
  'organization/organization:updateOrganization': 'refused',
  'organization/organization:updateSiteTexts': 'refused',
  'bulletins/post:createPost': 'refused',
  'bulletins/post:updatePost': 'refused',
  'bulletins/post:deletePost': 'refused',
  'bulletins/post:deletePostComment': 'refused',
  'store/product-photo:addProductPhotos': 'refused',
  'store/product-photo:deleteProductPhoto': 'refused',
  'store/product:createProduct': 'refused',
  'store/product:deleteProduct': 'refused',
  'store/product:updateProduct': 'refused',
  'quotes/quote:quotePrice': 'refused',
  'quotes/quote:markQuoteWon': 'refused',
  'quotes/quote:markQuoteLost': 'refused',
  'quotes/quote:convertQuote': 'refused',
  'loads/rate-confirmation:createLoadFromSource': 'refused',
  'records/records:assertActorMay': { exempt: 'the check itself' },
  'invoices/remittance:revokePaymentLinks': 'refused',
  'invoices/remittance:confirmRemittance': 'refused',
  'invoices/remittance:dismissRemittance': 'refused',
  'settlements/settlement:createSettlement': 'refused',
  'settlements/settlement:runPay': 'refused',
  'settlements/settlement:approveSettlement': 'refused',
  'settlements/settlement:paySettlement': 'refused',
  'settlements/settlement:voidSettlement': 'refused',
  'settlements/settlement:deleteSettlement': 'refused',
  'settlements/settlement:addSettlementLine': 'refused',
  'settlements/settlement:removeSettlementLine': 'refused',
  'store/store-order:placeOrder': 'refused',
  'store/store-order:cancelOrder': 'refused',
  'files/stored-file:deleteFile': 'refused',
  'loads/tracking-link:createTrackingLink': 'refused',
  'loads/tracking-link:revokeTrackingLink': 'refused',
  'reference/trailer:createTrailer': 'refused',
  'reference/trailer:updateTrailer': 'refused',
  'reference/trailer:deleteTrailer': 'refused',
  'reference/truck:createTruck': 'refused',
  'reference/truck:updateTruck': 'refused',
  'reference/truck:deleteTruck': 'refused',
  'users/user-account:updateOwnProfile': { exempt: 'one’s own account: every role, viewers included' },
  'users/user-account:changeOwnPassword': { exempt: 'one’s own account: every role, viewers included' },
  'users/user-account:changeOwnEmail': { exempt: 'one’s own account: every role, viewers included' },
  'users/user-avatar:setOwnAvatar': { exempt: 'one’s own account: every role, viewers included' },
  'users/user-sessions:signOutOtherSessions': { exempt: 'one’s own account: every role, viewers included' },
  'users/user:createUser': 'refused',
  'users/user:reinviteUser': 'refused',
  'users/user:updateUser': 'refused',
  'webhooks/webhook:createWebhook': 'refused',
  'webhooks/webhook:updateWebhook': 'refused',
  'webhooks/webhook:rotateWebhookSecret': 'refused',
  'webhooks/webhook:deleteWebhook': 'refused',
  'webhooks/webhook:resendDelivery': 'refused',
  'fuel-tax/fuel-purchase:createFuelPurchase': 'refused',
  'fuel-tax/fuel-purchase:updateFuelPurchase': 'refused',
  'fuel-tax/fuel-purchase:deleteFuelPurchase': 'refused',
  'fuel-tax/fuel-purchase:importFuelPurchases': 'refused',
  'fuel-tax/fuel-receipt:attachFuelReceipt': 'refused',
  'fuel-tax/fuel-receipt:removeFuelReceipt': 'refused',
  'fuel-tax/trip:createTrip': 'refused',
  'fuel-tax/trip:updateTrip': 'refused',
  'fuel-tax/trip:deleteTrip': 'refused',
  'fuel-tax/trip:importTrips': 'refused',
  'fuel-tax/trip:createLoadTrip': { exempt: 'writes the trip of a delivery that was checked (moveLoad, recordStopEvent)' },
  'fuel-tax/odometer-reading:recordOdometerReading': 'refused',
  'fuel-tax/odometer-reading:deleteOdometerReading': 'refused',
  'fuel-tax/odometer-reading:makeTripOfLoad': { exempt: 'in the transaction of a delivery that was checked (applyMove)' },
  'fuel-tax/ifta-return:putIftaRates': 'refused',
  'fuel-tax/ifta-return:importIftaRateMatrix': 'refused',
  'fuel-tax/ifta-return:fileIftaReturn': 'refused',
  'fuel-tax/ifta-return:reopenIftaReturn': 'refused',
  'accounting/period-lock:closeBooks': 'refused',
  'accounting/period-lock:reopenBooks': 'refused',
  'maintenance/inspection:createInspection': 'refused',
  'maintenance/inspection:certifyInspection': 'refused',
  'maintenance/inspection:acknowledgeInspection': 'refused',
  'maintenance/inspection:waitingInspection': { exempt: 'a read: the report the filer signs in the next one, acknowledged by createInspection' },
  'maintenance/inspection-photo:uploadInspectionPhoto': 'refused',
  'maintenance/inspection-photo:deleteInspectionPhoto': 'refused',
  'maintenance/inspection-photo:receiveInspectionForm': {
    exempt: 'reads the filing form; a photo in it is refused by assertUploader, the report by createInspection',
  },
  'maintenance/inspection-photo:attachInspectionPhotos': { exempt: 'in the transaction of a report createInspection checked' },
  'maintenance/maintenance-schedule:createSchedule': 'refused',
  'maintenance/maintenance-schedule:updateSchedule': 'refused',
  'maintenance/maintenance-schedule:deleteSchedule': 'refused',
  'maintenance/work-order:createWorkOrder': 'refused',
  'maintenance/work-order:updateWorkOrder': 'refused',
  'maintenance/work-order:startWorkOrder': 'refused',
  'maintenance/work-order:cancelWorkOrder': 'refused',
  'maintenance/work-order:completeWorkOrder': 'refused',
  'maintenance/work-order:deleteWorkOrder': 'refused',
  'accidents/accident:createAccident': 'refused',
  'accidents/accident:updateAccident': 'refused',
  'accidents/accident:deleteAccident': 'refused',
  'accidents/accident-document:uploadAccidentDocument': 'refused',
  'accidents/accident-document:deleteAccidentDocument': 'refused',
  'compliance/compliance-settings:updateComplianceSettings': 'refused',
  'compliance/qualification:createQualification': 'refused',
  'compliance/qualification:updateQualification': 'refused',
  'compliance/qualification:reviewQualification': 'refused',
  'compliance/qualification:deleteQualification': 'refused',
  'compliance/qualification:receiveQualificationUpload': 'refused',
  'claims/claim:createClaim': 'refused',
  'claims/claim:updateClaim': 'refused',
  'claims/claim:moveClaim': 'refused',
  'claims/claim:deleteClaim': 'refused',
  'claims/claim:uploadClaimDocument': 'refused',
  'claims/claim:deleteClaimDocument': 'refused',
  'settlements/settlement:deductClaim': 'refused',
  'accounting/export:createAccountingExport': 'refused',
  'accounting/settings:updateAccountingSettings': 'refused',
  'edi/inbound:receiveInterchange': 'refused',
  'edi/partner:createPartner': 'refused',
  'edi/partner:updatePartner': 'refused',
  'edi/partner:deletePartner': 'refused',
  'edi/tender-respond:acceptTender': 'refused',
  'edi/tender-respond:declineTender': 'refused',
  'edi/outbound:resendOutbound': 'refused',
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
/** Each public table's content hash, by table: a refused write changes none of them (a failure names the tables that changed). */
async function databaseFingerprint() {
  const tables = await prisma.$queryRaw<Array<{ name: string }>>`
    SELECT tablename AS "name" FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`
  const parts = tables.map(
    ({ name }) =>
      `SELECT '${name.replace(/[^A-Za-z0-9_]/g, '')}' AS t, md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) AS h FROM "${name.replace(/"/g, '')}" x`,
  )
  const rows = await prisma.$queryRawUnsafe<Array<{ t: string; h: string }>>(parts.join(' UNION ALL '))
  return Object.fromEntries(rows.map((row) => [row.t, row.h]))
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
    const after = await databaseFingerprint()
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([])
  })

  it('refuses a read-only API key’s writes for a role that may make them', async () => {
    const readOnly: Actor = { ...actorOf(org, 'admin'), scope: 'read_only' }
    const { createTruck } = await import('~/models/reference/truck.server')
    await expect(createTruck(readOnly, { unitNumber: 'RO-1' } as never)).rejects.toMatchObject({ code: 'forbidden', messageKey: 'api.keyReadOnly' })
    expect(await prisma.truck.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })
})
