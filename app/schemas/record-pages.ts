/**
 * The entities whose pages follow the record layout: `/dashboard/<name>/list`, `/new`, `/export`,
 * `/:id`, `/:id/edit`, `/:id/delete`, custom fields of the list `<name>`, and strings under
 * `<name>.list.*`, `<name>.delete.*`, `<name>.new.*`, `<name>.edit.*`, `<name>.toast.*` by the
 * names below (tests/unit/i18n.test.ts counts them as used and fails on a missing one).
 */
import { href } from 'react-router'

export const RECORD_LISTS = ['trucks', 'trailers', 'brokers', 'companies', 'products'] as const
export type RecordListName = (typeof RECORD_LISTS)[number]

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
export const RECORD_EDITOR_STRINGS = ['new.title', 'new.submit', 'edit.title', 'toast.created', 'toast.updated', 'toast.status'] as const

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
}

/** Typed paths of an entity's pages (React Router's href(), so a missing route fails the type check). */
export function recordPaths(name: RecordListName, id = ''): RecordPaths {
  return RECORD_PATHS[name](id)
}
