/**
 * The entities whose pages follow the record layout: `/dashboard/<name>/list`, `/new`, `/export`,
 * `/:id`, `/:id/edit`, `/:id/delete`, custom fields of the list `<name>`, and strings under
 * `<name>.list.*`, `<name>.delete.*`, `<name>.new.*`, `<name>.edit.*`, `<name>.toast.*` by the
 * names below (tests/unit/i18n.test.ts counts them as used and fails on a missing one).
 */
import { href } from 'react-router'

export const RECORD_LISTS = ['trucks', 'trailers', 'brokers', 'companies'] as const
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

/** Typed paths of an entity's pages (React Router's href(), so a missing route fails the type check). */
export function recordPaths(name: RecordListName, id = '') {
  const base = `/dashboard/${name}` as '/dashboard/trucks'
  return {
    list: href(`${base}/list`),
    create: href(`${base}/new`),
    exportCsv: href(`${base}/export`),
    view: href(`${base}/:id`, { id }),
    edit: href(`${base}/:id/edit`, { id }),
    remove: href(`${base}/:id/delete`, { id }),
  }
}
