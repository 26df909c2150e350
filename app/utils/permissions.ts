/**
 * The role model (docs/domain.md, "Roles and scopes"). Shared by server checks and by the UI, which
 * hides what a role cannot do; the server check is the one that counts.
 */
export const ROLES = ['admin', 'dispatcher', 'accountant', 'driver', 'mechanic', 'viewer'] as const
export type Role = (typeof ROLES)[number]

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const
export type Action = (typeof ACTIONS)[number]
export type Entity =
  | 'dashboard'
  | 'user'
  | 'organization'
  | 'company'
  | 'truck'
  | 'trailer'
  | 'broker'
  | 'load'
  | 'invoice'
  | 'customField'
  | 'audit'
  | 'apiKey'
  | 'loadStop'
  /** A load's papers: drivers upload BOLs and PODs on their own loads (app/policies/load.ts). */
  | 'loadDocument'
  | 'calendarEvent'
  /** The analytics dashboard (revenue per week, mile, truck, broker) and the banking one (receivables, payments). */
  | 'analytics'
  | 'banking'
  /** Mail: one's own mailbox (messages between colleagues). */
  | 'mail'
  /** The organization's shared mailbox: what brokers and shippers write to. Drivers never see it. */
  | 'sharedMail'
  /** Chat: a role reads and writes only the conversations it takes part in. */
  | 'chat'
  /** The company store's products (safety gear, straps, ELD devices, parts). */
  | 'product'
  /** Store orders: the cart and checkout (create), cancel (update). */
  | 'storeOrder'
  /** Driver pay: settlements. Drivers read only their own (the settlement policy narrows every read). */
  | 'settlement'
  /** Quote requests from the public /pricing form, answered on the booking dashboard. */
  | 'quote'
  /** Driver bulletins (the specification's blog). Drivers and viewers read published posts only. */
  | 'post'
  /** Every stored file in one list (the files manager): read, and share links (create/delete). Deleting a file asks its record's own rule. */
  | 'file'
  /** Factoring: the agreement with the factor and the schedules of accounts sold to it. */
  | 'factoring'
  /** Webhook endpoints and their deliveries: admins only (a secret is handed out). */
  | 'webhook'
  /** Fuel tax (IFTA): fuel receipts, for the quarterly return. */
  | 'fuelPurchase'
  /** Fuel tax: a unit's trips with their miles per jurisdiction (the distance record). */
  | 'trip'
  /** Fuel tax: the quarter's rates and its return (filing closes the quarter; reopening is the admin's). */
  | 'iftaReturn'
  /** Fuel tax: a driver's odometer readings on their load (start, state lines, end), from which a delivered load's trip is made. */
  | 'odometerReading'
  /**
   * Driver vehicle inspection reports (DVIR, ADR 130): drivers file and read their own (and their
   * units'); the office reads them all and certifies defects (update). app/policies/inspection.ts
   * narrows who files and who certifies.
   */
  | 'inspection'
  /**
   * Work orders (ADR 132): repairs, preventive service and annual inspections of a unit, with parts
   * from the company store. The office runs them; accountants and viewers read them (their costs).
   */
  | 'workOrder'
  /** Preventive maintenance schedules (ADR 133): the office keeps them; accountants and viewers read them. */
  | 'maintenanceSchedule'
  /** The accident register (49 CFR 390.15, ADR 141): the office keeps it; accountants and viewers read it. */
  | 'accident'
  /**
   * The driver qualification file (ADR 139): the office keeps it and the organization's required
   * kinds (settings: admins, `organization` update); accountants and viewers read it; a driver reads
   * their own and adds a renewed medical card for the office to accept (app/models/compliance/qualification.server.ts).
   */
  | 'qualification'
  /** The compliance dashboard (ADR 140): every driver's qualification file by kind; the office reads it. */
  | 'compliance'
  /** Claims against loads (ADR 142): the office and accounting (money) keep them; viewers read them. */
  | 'claim'
  /**
   * Accounting export: the mapping to the books' accounts, the numbered export batches
   * and the period lock. Accountants and admins export and lock; reopening a locked period is the
   * admin's (app/policies/accounting.ts); viewers read.
   */
  | 'accounting'
  /**
   * EDI with brokers and shippers (ADR 147): the message log and tenders. Dispatch
   * uploads interchanges and answers tenders; the trading partners (identifiers, transport and its
   * secrets) are the admin's: their writes also ask `organization` update (app/models/edi/partner.server.ts).
   */
  | 'edi'

const ALL: Action[] = [...ACTIONS]
const READ: Action[] = ['read']

const matrix: Record<Role, Partial<Record<Entity, Action[]>>> = {
  admin: {
    dashboard: READ,
    user: ALL,
    organization: ALL,
    company: ALL,
    truck: ALL,
    trailer: ALL,
    broker: ALL,
    load: ALL,
    // Arrival and departure at a load's stops.
    loadStop: ['update'],
    loadDocument: ['create', 'delete'],
    calendarEvent: ALL,
    invoice: ALL,
    customField: ALL,
    audit: READ,
    // Keys act as their creator for programs: only admins hand them out.
    apiKey: ALL,
    analytics: READ,
    banking: READ,
    mail: ALL,
    sharedMail: ALL,
    chat: ALL,
    product: ALL,
    storeOrder: ALL,
    settlement: ALL,
    quote: ALL,
    post: ALL,
    file: ALL,
    factoring: ALL,
    webhook: ALL,
    fuelPurchase: ALL,
    trip: ALL,
    iftaReturn: ALL,
    // Only the load's driver records readings (app/policies/odometer-reading.ts); the office reads them
    // and may take back a load's latest one while it is on the road (a mistyped odometer).
    odometerReading: ['read', 'delete'],
    // The office's own yard check; certifying a report's defects is `update`.
    inspection: ['read', 'create', 'update'],
    workOrder: ALL,
    maintenanceSchedule: ALL,
    accident: ALL,
    qualification: ALL,
    compliance: READ,
    claim: ALL,
    accounting: ALL,
    edi: ALL,
  },
  dispatcher: {
    dashboard: READ,
    company: ALL,
    truck: ALL,
    trailer: ALL,
    broker: ALL,
    load: ALL,
    loadStop: ['update'],
    loadDocument: ['create', 'delete'],
    calendarEvent: ALL,
    invoice: READ,
    analytics: READ,
    mail: ALL,
    sharedMail: ALL,
    chat: ALL,
    product: ALL,
    storeOrder: ['read', 'create', 'update'],
    settlement: READ,
    quote: ALL,
    post: ALL,
    file: ALL,
    // Fuel tax is the office's bookkeeping: dispatch reads receipts and trips, enters trips of its loads.
    fuelPurchase: READ,
    trip: ALL,
    odometerReading: ['read', 'delete'],
    inspection: ['read', 'update'],
    workOrder: ALL,
    maintenanceSchedule: ALL,
    accident: ALL,
    qualification: ALL,
    compliance: READ,
    claim: ALL,
    edi: ['read', 'create', 'update'],
  },
  accountant: {
    dashboard: READ,
    invoice: ALL,
    load: READ,
    broker: READ,
    company: READ,
    calendarEvent: ALL,
    analytics: READ,
    banking: READ,
    mail: ALL,
    sharedMail: ALL,
    chat: ALL,
    product: ALL,
    storeOrder: ALL,
    settlement: ALL,
    quote: READ,
    post: READ,
    file: ['read', 'create', 'delete'],
    factoring: ALL,
    fuelPurchase: ALL,
    trip: ALL,
    // Rates, the return and filing it; reopening a filed quarter is the admin's (app/policies/ifta.ts).
    iftaReturn: ['read', 'create', 'update'],
    odometerReading: READ,
    inspection: READ,
    workOrder: READ,
    maintenanceSchedule: READ,
    accident: READ,
    qualification: READ,
    compliance: READ,
    claim: ALL,
    accounting: ['read', 'create', 'update'],
    edi: READ,
  },
  // Drivers read only the loads assigned to them: the load scope (app/policies/load.ts) narrows every read.
  driver: {
    dashboard: READ,
    load: READ,
    loadStop: ['update'],
    loadDocument: ['create'],
    calendarEvent: READ,
    mail: ALL,
    chat: ALL,
    settlement: READ,
    post: READ,
    // The company store: drivers buy for themselves, charged to their own settlement,
    // and read only those orders (orderScope in app/policies/cart.ts narrows every read).
    product: READ,
    storeOrder: ['read', 'create'],
    // Odometer readings on their own loads on the road (read: their own only; delete: their latest).
    odometerReading: ['read', 'create', 'delete'],
    // Their reports (read: their own and their units'; create: file one, and sign the last one of their unit).
    inspection: ['read', 'create'],
    // Their own file, read-only; create: a renewed medical card, pending until the office accepts it.
    qualification: ['read', 'create'],
  },
  // The shop (ADR 134): the fleet and its inspections, no money. Reads every load (which unit goes
  // where, and when it is back) without its rates: the load pages hide money from a role that reads
  // neither invoices nor settlements (seesLoadMoney in app/policies/load.ts).
  mechanic: {
    dashboard: READ,
    // Keeps the units' records true (status, inspection due, odometer); adding or selling a unit is the office's.
    truck: ['read', 'update'],
    trailer: ['read', 'update'],
    load: READ,
    calendarEvent: READ,
    // One's own mailbox and chat; not the shared mailbox, where brokers send their rates.
    mail: ALL,
    chat: ALL,
    // The company store's parts, read; orders are charged to a unit or a driver (money): the office's.
    product: READ,
    post: READ,
    odometerReading: READ,
    // A yard inspection (create) and certifying a report's defects repaired (update): app/policies/inspection.ts.
    inspection: ['read', 'create', 'update'],
    // The shop's own work (ADR 132, ADR 133): work orders, parts from the store's stock, and the schedules.
    workOrder: ALL,
    maintenanceSchedule: ALL,
  },
  viewer: {
    dashboard: READ,
    organization: READ,
    company: READ,
    truck: READ,
    trailer: READ,
    broker: READ,
    load: READ,
    invoice: READ,
    customField: READ,
    calendarEvent: READ,
    analytics: READ,
    banking: READ,
    mail: READ,
    sharedMail: READ,
    chat: READ,
    product: READ,
    storeOrder: READ,
    settlement: READ,
    quote: READ,
    post: READ,
    file: READ,
    factoring: READ,
    fuelPurchase: READ,
    trip: READ,
    iftaReturn: READ,
    odometerReading: READ,
    inspection: READ,
    workOrder: READ,
    maintenanceSchedule: READ,
    accident: READ,
    qualification: READ,
    compliance: READ,
    claim: READ,
    accounting: READ,
    edi: READ,
  },
}

/** Every entity the matrix names, in the order the roles page lists them. */
export const ENTITIES = [...new Set(ROLES.flatMap((role) => Object.keys(matrix[role])))] as Entity[]

export function can(role: Role, action: Action, entity: Entity) {
  return matrix[role]?.[entity]?.includes(action) ?? false
}

/**
 * A role that changes nothing anywhere (the viewer): it reads only, also where reading usually
 * comes with a small write of one's own, such as a bulletin's "I have read this" or a comment.
 */
export function readsOnly(role: Role) {
  return Object.values(matrix[role] ?? {}).every((actions) => actions.every((action) => action === 'read'))
}

/** What a list offers a role: New above it, and Edit and Delete on each row. */
export function listPermissions(role: Role, entity: Entity) {
  return { canCreate: can(role, 'create', entity), canUpdate: can(role, 'update', entity), canDelete: can(role, 'delete', entity) }
}
