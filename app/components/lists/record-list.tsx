import { type ReactNode, useMemo } from 'react'
import { useLocation } from 'react-router'

import { ColumnsMenu, columnsParam, CustomFieldCells, type CustomFieldColumns, CustomFieldHeaders } from '~/components/lists/custom-field-columns'
import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable, RowActions } from '~/components/lists/list-table'
import { type FilterSelect, ListToolbar } from '~/components/lists/list-toolbar'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { IMPORT_PATHS } from '~/schemas/import-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { RECORD_LIST_PARTS, RECORD_LIST_STRINGS, type RecordListName, recordPaths } from '~/schemas/record-pages'
import { cn } from '~/utils/cn'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { type PackedRows, unpackRows } from '~/utils/packed-rows'

export type RecordColumn<Row> = {
  label: string
  /** The list query's sort value, when the column sorts. */
  sort?: string
  /** Numbers: aligned to the end edge. */
  numeric?: boolean
  /** The cell's own classes (`fd-table` pads every cell; the first, the row's header, does not wrap). */
  className?: string
  /** `view`: the record's page, remembering the list as the user left it. */
  cell: (row: Row, links: { view: string }) => ReactNode
}

type Row = { id: string; version: number; customFields?: unknown }

/**
 * A record list page: header with New, search and filter toolbar with Export and the custom-field
 * Columns menu, the table (the first column links to the record and marks the row that just
 * changed; Edit and Delete for the roles that may), its empty states and pagination. The route
 * names its columns and filters; everything else is the same on every record list.
 */
export function RecordList<R extends Row>(props: {
  name: RecordListName
  data: {
    query: { q?: string; sort: string; dir: 'asc' | 'desc'; page: number; pageSize: number }
    total: number
    changed: string | null
    columns: CustomFieldColumns
    canCreate: boolean
    canUpdate: boolean
    canDelete: boolean
    rows: PackedRows<R>
  }
  /** The values a row's strings interpolate (`{ unit: trailer.unitNumber }`). */
  rowName: (row: R) => Record<string, string>
  filters: FilterSelect[]
  /** A from–to pair of days among the filters (ListToolbar's `dates`). */
  dates?: { from?: string; to?: string; fromLabel: string; toLabel: string }
  /** More links beside Export (a report of the list's records). */
  actions?: ReactNode
  columns: [RecordColumn<R> & { after?: (row: R) => ReactNode }, ...RecordColumn<R>[]]
}) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const { name, data, columns } = props
  const rows = useMemo(() => unpackRows(data.rows), [data.rows])
  const { query } = data
  const list = recordPaths(name)
  const returnTo = listReturnTo(`${pathname}${search}`, list.list)
  const text = (key: (typeof RECORD_LIST_STRINGS)[number], values?: Record<string, string>) => t(`${name}.${key}`, values)
  const [first, ...rest] = columns
  const imports = RECORD_LIST_PARTS[name].imports
  const header = (column: RecordColumn<R>) =>
    column.sort ? (
      <SortHeader
        key={column.sort}
        column={column.sort}
        label={column.label}
        sort={query.sort}
        dir={query.dir}
        className={column.numeric ? 'px-3 text-end' : undefined}
      />
    ) : (
      <th key={column.label} scope="col" className={column.numeric ? 'px-3 text-end' : undefined}>
        <span className="font-semibold">{column.label}</span>
      </th>
    )

  return (
    <>
      <ListHeader
        title={text('list.title')}
        listLabel={t(`nav.${name}`)}
        list={list.list}
        newHref={data.canCreate && withReturnTo(list.create, returnTo)}
        newLabel={text('list.new')}
        importHref={data.canCreate && imports !== null && IMPORT_PATHS[imports].page}
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          keep={{ cols: columnsParam(data.columns) }}
          searchLabel={text('list.search')}
          exportHref={`${list.exportCsv}${search}`}
          searchPlaceholder={text('list.searchPlaceholder')}
          filters={props.filters}
          dates={props.dates}
        />
        {props.actions}
        <ColumnsMenu columns={data.columns} />

        {rows.length === 0 ? (
          <ListEmpty
            narrowed={Boolean(query.q || props.filters.some((filter) => filter.value) || props.dates?.from || props.dates?.to) || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: text('list.noMatchTitle'), description: text('list.noMatch') }}
            empty={{
              title: text('list.emptyTitle'),
              description: text('list.empty'),
              action: data.canCreate ? <ButtonLink to={list.create}>{text('list.new')}</ButtonLink> : undefined,
            }}
          />
        ) : (
          <ListTable
            testId={name}
            head={
              <>
                {columns.map(header)}
                <CustomFieldHeaders columns={data.columns} />
              </>
            }
          >
            {rows.map((row) => {
              const changed = row.id === data.changed
              const values = props.rowName(row)
              const record = recordPaths(name, row.id)
              const links = { view: withReturnTo(record.view, returnTo) }
              return (
                <ListRow
                  key={row.id}
                  changed={changed}
                  actions={
                    <RowActions
                      returnTo={returnTo}
                      edit={data.canUpdate && { path: record.edit, label: text('list.editRow', values) }}
                      remove={
                        data.canDelete && {
                          path: record.remove,
                          version: row.version,
                          label: text('list.deleteRow', values),
                          title: text('delete.title', values),
                          description: text('delete.description'),
                        }
                      }
                    />
                  }
                >
                  {/* The cell that names the record heads its row (.fd-table styles it, app/app.css). */}
                  <th className={first.className}>
                    <a href={links.view}>{first.cell(row, links)}</a>
                    {changed ? <span className="sr-only"> ({text('changes.changedRow')})</span> : null}
                    {first.after?.(row)}
                  </th>
                  {rest.map((column, index) => (
                    <td key={index} className={column.numeric ? cn('fd-num', column.className) : column.className}>
                      {column.cell(row, links)}
                    </td>
                  ))}
                  <CustomFieldCells columns={data.columns} values={row.customFields} />
                </ListRow>
              )
            })}
          </ListTable>
        )}
        {data.total > 0 ? <Pagination total={data.total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}

/** A filter select over an enum's values, each labelled by its translation (`trailers.status.<value>`). */
export function enumSelect(
  t: (key: string) => string,
  name: string,
  label: string,
  value: string | undefined,
  values: readonly string[],
  prefix: string,
): FilterSelect {
  return { name, label, value, options: values.map((option) => ({ value: option, label: t(`${prefix}.${option}`) })) }
}

/** The filter of a list whose records belong to one of the organization's companies. */
export function companyFilter(label: string, value: string | undefined, companies: ReadonlyArray<{ id: string; name: string }>): FilterSelect {
  return { name: 'companyId', label, value, options: companies.map((company) => ({ value: company.id, label: company.name })) }
}
