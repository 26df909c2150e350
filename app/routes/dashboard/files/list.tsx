import { href, useLocation } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ListEmpty } from '~/components/lists/list-page'
import { ListTable } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { enumSelect } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { OrDash } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { listFiles } from '~/models/files/stored-file.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { FileListQuerySchema } from '~/schemas/stored-file'
import { FILE_KINDS, FILE_RECORD_TYPES, FILE_ZIP_MAX } from '~/schemas/stored-file-options'
import { formatBytes, formatZonedDate } from '~/utils/format'

import type { Route } from './+types/list'

export const handle = { i18n: ['files'] }

const LIST = href('/dashboard/files-manager')

/**
 * `/dashboard/files-manager` (ADR 067): every stored file the user sees, one page of the files
 * index, with filters by kind and record type, search on the name, sort and paging; the storage
 * the matching files use. Checked files download as one ZIP (a plain form: works without JavaScript).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'file')
  const url = new URL(request.url)
  const query = parseListQuery(FileListQuerySchema, url.searchParams)
  const result = await listFiles(user, query)
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    total: result.total,
    totalBytes: result.totalBytes,
    rows: result.items.map((file) => ({
      id: file.id,
      fileName: file.fileName,
      kind: file.kind,
      sizeBytes: file.sizeBytes,
      record: file.record,
      uploadedBy: file.uploadedBy?.name ?? null,
      createdAt: file.createdAt.toISOString(),
    })),
  }
}

export default function FilesManager({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const { pathname, search } = useLocation()
  const { query, rows, total, totalBytes } = loaderData
  const filters = [
    enumSelect(t, 'kind', t('files.fields.kind'), query.kind, FILE_KINDS, 'files.kinds'),
    enumSelect(t, 'recordType', t('files.fields.recordType'), query.recordType, FILE_RECORD_TYPES, 'files.recordTypes'),
  ]
  const sortable = (column: string, label: string, numeric = false) => (
    <SortHeader column={column} label={label} sort={query.sort} dir={query.dir} className={numeric ? 'px-3 text-end' : undefined} />
  )
  const viewPath = (id: string) => href('/dashboard/files-manager/:id', { id })
  return (
    <>
      <PageHeader
        title={t('files.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('files.title') }]}
        description={t('files.list.storageUsed', { size: formatBytes(i18n.language, totalBytes), count: total })}
      />
      <Card className="overflow-hidden">
        <ListToolbar query={query} searchLabel={t('files.list.search')} searchPlaceholder={t('files.list.searchPlaceholder')} filters={filters} />
        {/* The ZIP form: the row checkboxes belong to it by their `form` attribute. A native post, so the browser downloads the answer. */}
        <form
          id="files-zip"
          method="post"
          action={href('/dashboard/files-manager/zip')}
          className="flex flex-wrap items-center gap-3 border-t border-line px-4 py-3 sm:px-5"
        >
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <Button type="submit" size="sm" variant="secondary" data-testid="files-zip">
            <Icon name="download" size={18} />
            {t('files.list.zip')}
          </Button>
          <span className="text-xs text-muted">{t('files.list.zipHint', { max: FILE_ZIP_MAX })}</span>
        </form>
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={Boolean(query.q || query.kind || query.recordType) || query.page > 1}
            clearTo={LIST}
            noMatch={{ title: t('files.list.noMatchTitle'), description: t('files.list.noMatch') }}
            empty={{ title: t('files.list.emptyTitle'), description: t('files.list.empty') }}
          />
        ) : (
          <ListTable
            testId="files"
            head={
              <>
                <th scope="col" className="w-10">
                  <span className="sr-only">{t('files.list.select')}</span>
                </th>
                {sortable('fileName', t('files.fields.fileName'))}
                {sortable('kind', t('files.fields.kind'))}
                <th scope="col">
                  <span className="font-semibold">{t('files.fields.record')}</span>
                </th>
                {sortable('sizeBytes', t('files.fields.size'), true)}
                <th scope="col">
                  <span className="font-semibold">{t('files.fields.uploadedBy')}</span>
                </th>
                {sortable('createdAt', t('files.fields.createdAt'))}
              </>
            }
          >
            {rows.map((file) => (
              <tr key={file.id} data-testid="file-row">
                <td>
                  <input
                    type="checkbox"
                    form="files-zip"
                    name="ids"
                    value={file.id}
                    aria-label={t('files.list.selectFile', { name: file.fileName })}
                    className="size-4"
                  />
                </td>
                <th className="max-w-[18rem] truncate">
                  <a href={viewPath(file.id)}>
                    <bdi>{file.fileName}</bdi>
                  </a>
                </th>
                <td className="fd-nw">
                  <Badge tone="default">{t(`files.kinds.${file.kind}`)}</Badge>
                </td>
                <td className="max-w-[14rem] truncate">
                  <span className="text-muted">{t(`files.recordTypes.${file.record.type}`)}</span>{' '}
                  <a href={file.record.path} className="hover:underline">
                    <bdi>{file.record.label || '—'}</bdi>
                  </a>
                </td>
                <td className="fd-num fd-nw">{formatBytes(i18n.language, file.sizeBytes)}</td>
                <td>
                  <OrDash>{file.uploadedBy}</OrDash>
                </td>
                <td className="fd-nw tabular-nums">{formatZonedDate(i18n.language, file.createdAt, timeZone)}</td>
                <td>
                  <a
                    href={href('/dashboard/files-manager/:id/download', { id: file.id })}
                    className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
                    aria-label={t('files.list.downloadFile', { name: file.fileName })}
                    download
                  >
                    <Icon name="download" size={18} />
                  </a>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
