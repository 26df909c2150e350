import { Form, href, useLocation } from 'react-router'

import { CustomFieldValue } from '~/components/forms/custom-field-values'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import type { CustomFieldList, CustomFieldType } from '~/schemas/custom-field-options'

type Column = { key: string; label: string; type: CustomFieldType }
/** A list's custom-field columns (`list` null: a list without custom fields, nothing to offer). */
export type CustomFieldColumns = { list: CustomFieldList | null; available: Column[]; shown: Column[] }

/** The `cols` value that keeps the shown columns across search, sort and paging (ListToolbar's `keep`). */
export function columnsParam(columns: CustomFieldColumns) {
  return columns.shown.length ? columns.shown.map((column) => column.key).join(',') : undefined
}

/**
 * "Columns": a menu of the list's custom fields to show as extra columns. A `<details>` holding a
 * form of checkboxes, posted to /resources/list-columns, which remembers the choice for the user
 * and comes back to the list as it was with `?cols=…` (the URL is the state; the list opened
 * without `cols` shows the remembered choice). Works without JavaScript. Nothing when the list
 * has no custom fields.
 *
 *   <ColumnsMenu columns={loaderData.columns} />
 */
export function ColumnsMenu({ columns }: { columns: CustomFieldColumns }) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  if (!columns.available.length || !columns.list) return null
  const shown = new Set(columns.shown.map((column) => column.key))
  // Everything else in the URL stays (search, filters, sort, page size); the page starts again.
  const kept = new URLSearchParams([...new URLSearchParams(search)].filter(([key]) => !['cols', 'page', 'changed'].includes(key))).toString()
  return (
    <div className="flex justify-end px-4 pb-3 sm:px-5">
      <details className="group relative" data-testid="columns-menu">
        <summary className="fd-menu-button">
          <Icon name="filter" size={16} />
          {t('customFields.columns.button')}
          {shown.size ? <span className="text-muted">({shown.size})</span> : null}
        </summary>
        <Form
          method="post"
          action={href('/resources/list-columns')}
          className="absolute end-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-line bg-surface p-4 shadow-lg"
        >
          <input type="hidden" name="list" value={columns.list} />
          <input type="hidden" name="returnTo" value={kept ? `${pathname}?${kept}` : pathname} />
          <fieldset>
            <legend className="mb-2 text-sm font-bold">{t('customFields.columns.title')}</legend>
            <div className="max-h-64 space-y-1 overflow-auto">
              {columns.available.map((column) => (
                <label key={column.key} className="flex min-h-9 items-center gap-3 text-sm">
                  <input type="checkbox" name="cols" value={column.key} defaultChecked={shown.has(column.key)} className="size-4 shrink-0 accent-primary" />
                  {column.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-3 flex justify-end">
            <Button type="submit" size="sm" variant="secondary">
              {t('customFields.columns.apply')}
            </Button>
          </div>
        </Form>
      </details>
    </div>
  )
}

/** The header cells of the shown custom-field columns, after a list's own. */
export function CustomFieldHeaders({ columns }: { columns: CustomFieldColumns }) {
  return (
    <>
      {columns.shown.map((column) => (
        <th key={column.key} scope="col" className={column.type === 'number' ? 'px-3 py-3 text-end' : 'px-3 py-3 text-start'}>
          {column.label}
        </th>
      ))}
    </>
  )
}

/** One row's cells of the shown custom-field columns (`values` is the record's `customFields`). */
export function CustomFieldCells({ columns, values }: { columns: CustomFieldColumns; values: unknown }) {
  const record = values && typeof values === 'object' ? (values as Record<string, string | number | boolean | undefined>) : {}
  return (
    <>
      {columns.shown.map((column) => (
        <td key={column.key} className={column.type === 'number' ? 'text-end' : undefined} data-column={column.key}>
          <CustomFieldValue type={column.type} value={Object.hasOwn(record, column.key) ? record[column.key] : undefined} />
        </td>
      ))}
    </>
  )
}
