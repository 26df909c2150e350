/**
 * The entities whose pages follow the record layout: `/dashboard/<name>/list`, `/new`, `/export`,
 * `/:id`, `/:id/edit`, `/:id/delete`, custom fields of the list `<name>`, and strings under
 * `<name>.list.*`, `<name>.delete.*`, `<name>.new.*`, `<name>.edit.*`, `<name>.toast.*` by the
 * names below (tests/unit/i18n.test.ts counts them as used and fails on a missing one).
 */
import { href } from 'react-router'

import type { CustomFieldList } from './custom-field-options'
import type { ImportListName } from './import-options'

export const RECORD_LISTS = ['trucks', 'trailers', 'brokers', 'companies', 'products', 'fuel', 'trips', 'schedules', 'accidents'] as const
export type RecordListName = (typeof RECORD_LISTS)[number]

/**
 * What each record list has besides its pages: custom fields (an admin's own fields on its
 * records), a CSV import, and a status its toasts name (`<name>.toast.status`). Fuel purchases and
 * trips have no status and no custom fields.
 */
export const RECORD_LIST_PARTS: Record<RecordListName, { customFields: CustomFieldList | null; imports: ImportListName | null; status: boolean }> = {
  trucks: { customFields: 'trucks', imports: 'trucks', status: true },
  trailers: { customFields: 'trailers', imports: 'trailers', status: true },
  brokers: { customFields: 'brokers', imports: 'brokers', status: true },
  companies: { customFields: 'companies', imports: 'companies', status: true },
  products: { customFields: 'products', imports: 'products', status: true },
  fuel: { customFields: null, imports: 'fuelPurchases', status: false },
  trips: { customFields: null, imports: 'trips', status: false },
  // Preventive maintenance schedules (ADR 133): their status is the day's, not stored.
  schedules: { customFields: null, imports: null, status: false },
  // The accident register (ADR 141): no status, no custom fields, no import.
  accidents: { customFields: null, imports: null, status: false },
}

/** The strings RecordList takes from its entity's catalogue. */
export const RECORD_LIST_STRINGS = [
  'list.title',
  'list.new',
  'list.search',
  'list.searchPlaceholder',
  'list.noMatchTitle',
  'list.noMatch',
  'list.emptyTitle',
  'list.empty',
  'list.editRow',
  'list.deleteRow',
  'delete.title',
  'delete.description',
  'changes.changedRow',
] as const

/** The strings the record editor (RecordEditor, saveEditor) takes from its entity's catalogue. */
export const RECORD_EDITOR_STRINGS = ['new.title', 'new.submit', 'edit.title', 'toast.created', 'toast.updated'] as const
/** …and, for a list whose records have a status, the toast's line naming it. */
export const RECORD_STATUS_STRINGS = ['toast.status'] as const

/** An entity's pages, each a path React Router's href() checks against app/routes.ts. */
interface RecordPaths {
  list: string
  create: string
  exportCsv: string
  view: string
  edit: string
  remove: string
}

/**
 * One row per entity, written out in full: a template such as `/dashboard/${name}/list` would
 * need a cast to pass href(), and a cast checks only the entity it names.
 */
const RECORD_PATHS: Record<RecordListName, (id: string) => RecordPaths> = {
  trucks: (id) => ({
    list: href('/dashboard/trucks/list'),
    create: href('/dashboard/trucks/new'),
    exportCsv: href('/dashboard/trucks/export'),
    view: href('/dashboard/trucks/:id', { id }),
    edit: href('/dashboard/trucks/:id/edit', { id }),
    remove: href('/dashboard/trucks/:id/delete', { id }),
  }),
  trailers: (id) => ({
    list: href('/dashboard/trailers/list'),
    create: href('/dashboard/trailers/new'),
    exportCsv: href('/dashboard/trailers/export'),
    view: href('/dashboard/trailers/:id', { id }),
    edit: href('/dashboard/trailers/:id/edit', { id }),
    remove: href('/dashboard/trailers/:id/delete', { id }),
  }),
  brokers: (id) => ({
    list: href('/dashboard/brokers/list'),
    create: href('/dashboard/brokers/new'),
    exportCsv: href('/dashboard/brokers/export'),
    view: href('/dashboard/brokers/:id', { id }),
    edit: href('/dashboard/brokers/:id/edit', { id }),
    remove: href('/dashboard/brokers/:id/delete', { id }),
  }),
  companies: (id) => ({
    list: href('/dashboard/companies/list'),
    create: href('/dashboard/companies/new'),
    exportCsv: href('/dashboard/companies/export'),
    view: href('/dashboard/companies/:id', { id }),
    edit: href('/dashboard/companies/:id/edit', { id }),
    remove: href('/dashboard/companies/:id/delete', { id }),
  }),
  // The company store's products, at the specification's e-commerce paths.
  products: (id) => ({
    list: href('/dashboard/e-commerce/list'),
    create: href('/dashboard/e-commerce/product/new'),
    exportCsv: href('/dashboard/e-commerce/export'),
    view: href('/dashboard/e-commerce/product/:id', { id }),
    edit: href('/dashboard/e-commerce/product/:id/edit', { id }),
    remove: href('/dashboard/e-commerce/product/:id/delete', { id }),
  }),
  // Fuel purchases (IFTA receipts) and trips (the distance record), ADR 122.
  fuel: (id) => ({
    list: href('/dashboard/fuel/list'),
    create: href('/dashboard/fuel/new'),
    exportCsv: href('/dashboard/fuel/export'),
    view: href('/dashboard/fuel/:id', { id }),
    edit: href('/dashboard/fuel/:id/edit', { id }),
    remove: href('/dashboard/fuel/:id/delete', { id }),
  }),
  trips: (id) => ({
    list: href('/dashboard/trips/list'),
    create: href('/dashboard/trips/new'),
    exportCsv: href('/dashboard/trips/export'),
    view: href('/dashboard/trips/:id', { id }),
    edit: href('/dashboard/trips/:id/edit', { id }),
    remove: href('/dashboard/trips/:id/delete', { id }),
  }),
  // Preventive maintenance schedules (ADR 133), under /dashboard/maintenance (its own page is maintenance mode, ADR 104).
  schedules: (id) => ({
    list: href('/dashboard/maintenance/schedules'),
    create: href('/dashboard/maintenance/schedules/new'),
    exportCsv: href('/dashboard/maintenance/schedules/export'),
    view: href('/dashboard/maintenance/schedules/:id', { id }),
    edit: href('/dashboard/maintenance/schedules/:id/edit', { id }),
    remove: href('/dashboard/maintenance/schedules/:id/delete', { id }),
  }),
  // The accident register (ADR 141), its list at /dashboard/accidents.
  accidents: (id) => ({
    list: href('/dashboard/accidents'),
    create: href('/dashboard/accidents/new'),
    exportCsv: href('/dashboard/accidents/export'),
    view: href('/dashboard/accidents/:id', { id }),
    edit: href('/dashboard/accidents/:id/edit', { id }),
    remove: href('/dashboard/accidents/:id/delete', { id }),
  }),
}

/** Typed paths of an entity's pages (React Router's href(), so a missing route fails the type check). */
export function recordPaths(name: RecordListName, id = ''): RecordPaths {
  return RECORD_PATHS[name](id)
}
