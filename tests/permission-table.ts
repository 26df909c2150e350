/**
 * The permission matrix written out by hand: what each role may do with each entity (c create,
 * r read, u update, d delete). It is the specification the tests hold the app to: the unit test
 * tests/unit/permission-matrix.test.ts compares it with `can()` (app/utils/permissions.ts) for
 * every role, action and entity, and the API contract kit (tests/contract-kit.ts) expects its
 * answers from it, so a change to the matrix in the app is a change to this table too.
 */
import type { Action, Entity, Role } from '~/utils/permissions'

export const ENTITIES = [
  'dashboard',
  'user',
  'organization',
  'company',
  'truck',
  'trailer',
  'broker',
  'load',
  'loadStop',
  'loadDocument',
  'calendarEvent',
  'invoice',
  'customField',
  'audit',
  'apiKey',
  'analytics',
  'banking',
  'mail',
  'sharedMail',
  'chat',
  'product',
  'storeOrder',
  'settlement',
  'quote',
  'post',
  'file',
  'factoring',
  'webhook',
  'fuelPurchase',
  'trip',
  'iftaReturn',
  'odometerReading',
  'inspection',
  'workOrder',
  'maintenanceSchedule',
  'accident',
  'qualification',
  'compliance',
  'claim',
  'accounting',
  'edi',
] as const satisfies readonly Entity[]

// Every entity of the app is in the table (a new one fails the type check until it is added).
type Unlisted = Exclude<Entity, (typeof ENTITIES)[number]>
export const EVERY_ENTITY_LISTED: [Unlisted] extends [never] ? true : never = true

type Row = Record<(typeof ENTITIES)[number], string>

// prettier-ignore
export const PERMISSIONS: Record<Role, Row> = {
  //            dashboard  user    organization company truck   trailer broker  load    loadStop loadDocument calendarEvent invoice customField audit  apiKey  analytics banking
  admin:      { dashboard: 'r', user: 'crud', organization: 'crud', company: 'crud', truck: 'crud', trailer: 'crud', broker: 'crud', load: 'crud', loadStop: 'u', loadDocument: 'cd', calendarEvent: 'crud', invoice: 'crud', customField: 'crud', audit: 'r', apiKey: 'crud', analytics: 'r', banking: 'r', mail: 'crud', sharedMail: 'crud', chat: 'crud', product: 'crud', storeOrder: 'crud', settlement: 'crud', quote: 'crud', post: 'crud', file: 'crud', factoring: 'crud', webhook: 'crud', fuelPurchase: 'crud', trip: 'crud', iftaReturn: 'crud', odometerReading: 'rd', inspection: 'cru', workOrder: 'crud', maintenanceSchedule: 'crud', accident: 'crud', qualification: 'crud', compliance: 'r', claim: 'crud', accounting: 'crud', edi: 'crud' },
  dispatcher: { dashboard: 'r', user: '',     organization: '',     company: 'crud', truck: 'crud', trailer: 'crud', broker: 'crud', load: 'crud', loadStop: 'u', loadDocument: 'cd', calendarEvent: 'crud', invoice: 'r',    customField: '',     audit: '',  apiKey: '',     analytics: 'r', banking: '', mail: 'crud', sharedMail: 'crud', chat: 'crud', product: 'crud', storeOrder: 'cru',  settlement: 'r', quote: 'crud', post: 'crud', file: 'crud', factoring: '', webhook: '', fuelPurchase: 'r', trip: 'crud', iftaReturn: '', odometerReading: 'rd', inspection: 'ru', workOrder: 'crud', maintenanceSchedule: 'crud', accident: 'crud', qualification: 'crud', compliance: 'r', claim: 'crud', accounting: '', edi: 'cru' },
  accountant: { dashboard: 'r', user: '',     organization: '',     company: 'r',    truck: '',     trailer: '',     broker: 'r',    load: 'r',    loadStop: '',  loadDocument: '', calendarEvent: 'crud', invoice: 'crud', customField: '',     audit: '',  apiKey: '',     analytics: 'r', banking: 'r', mail: 'crud', sharedMail: 'crud', chat: 'crud', product: 'crud', storeOrder: 'crud', settlement: 'crud', quote: 'r', post: 'r', file: 'crd', factoring: 'crud', webhook: '', fuelPurchase: 'crud', trip: 'crud', iftaReturn: 'cru', odometerReading: 'r', inspection: 'r', workOrder: 'r', maintenanceSchedule: 'r', accident: 'r', qualification: 'r', compliance: 'r', claim: 'crud', accounting: 'cru', edi: 'r' },
  driver:     { dashboard: 'r', user: '',     organization: '',     company: '',     truck: '',     trailer: '',     broker: '',     load: 'r',    loadStop: 'u', loadDocument: 'c', calendarEvent: 'r',    invoice: '',     customField: '',     audit: '',  apiKey: '',     analytics: '',  banking: '', mail: 'crud', sharedMail: '',     chat: 'crud', product: 'r',    storeOrder: 'cr',   settlement: 'r', quote: '', post: 'r', file: '', factoring: '', webhook: '', fuelPurchase: '', trip: '', iftaReturn: '', odometerReading: 'crd', inspection: 'cr', workOrder: '', maintenanceSchedule: '', accident: '', qualification: 'cr', compliance: '', claim: '', accounting: '', edi: '' },
  mechanic:   { dashboard: 'r', user: '',     organization: '',     company: '',     truck: 'ru',   trailer: 'ru',   broker: '',     load: 'r',    loadStop: '',  loadDocument: '', calendarEvent: 'r',    invoice: '',     customField: '',     audit: '',  apiKey: '',     analytics: '',  banking: '', mail: 'crud', sharedMail: '',     chat: 'crud', product: 'r',    storeOrder: '',     settlement: '', quote: '', post: 'r', file: '', factoring: '', webhook: '', fuelPurchase: '', trip: '', iftaReturn: '', odometerReading: 'r', inspection: 'cru', workOrder: 'crud', maintenanceSchedule: 'crud', accident: '', qualification: '', compliance: '', claim: '', accounting: '', edi: '' },
  viewer:     { dashboard: 'r', user: '',     organization: 'r',    company: 'r',    truck: 'r',    trailer: 'r',    broker: 'r',    load: 'r',    loadStop: '',  loadDocument: '', calendarEvent: 'r',    invoice: 'r',    customField: 'r',    audit: '',  apiKey: '',     analytics: 'r', banking: 'r', mail: 'r',    sharedMail: 'r',    chat: 'r', product: 'r',    storeOrder: 'r',    settlement: 'r', quote: 'r', post: 'r', file: 'r', factoring: 'r', webhook: '', fuelPurchase: 'r', trip: 'r', iftaReturn: 'r', odometerReading: 'r', inspection: 'r', workOrder: 'r', maintenanceSchedule: 'r', accident: 'r', qualification: 'r', compliance: 'r', claim: 'r', accounting: 'r', edi: 'r' },
}

const LETTER: Record<Action, string> = { create: 'c', read: 'r', update: 'u', delete: 'd' }

/** Whether the table lets `role` do `action` with `entity`. */
export function allowed(role: Role, action: Action, entity: Entity) {
  return PERMISSIONS[role][entity as (typeof ENTITIES)[number]].includes(LETTER[action])
}
