import { lazy, Suspense } from 'react'
import { href } from 'react-router'

import { Figure, Panel } from '~/components/charts/figure'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { EmptyState } from '~/components/ui/list-controls'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { fileDashboard } from '~/models/files/file-dashboard.server'
import { requirePermission } from '~/requests/session.server'
import { formatBytes, formatMonth, formatNumber, formatZonedDate } from '~/utils/format'

import type { Route } from './+types/dashboard'

export const handle = { i18n: ['files'] }

const BytesBarChart = lazy(() => import('~/components/charts/bytes-bar-chart'))

/**
 * `/dashboard/file`, the specification's file dashboard (ADR 067): storage by kind and by month,
 * the largest files, the latest uploads, and delivered loads missing a POD or a BOL as a to-do
 * list. Every number is in the server's HTML; the charts are drawn on top once the page runs.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'file')
  const board = await fileDashboard(user)
  const row = (file: (typeof board.largest)[number]) => ({
    id: file.id,
    fileName: file.fileName,
    kind: file.kind,
    sizeBytes: file.sizeBytes,
    record: file.record,
    createdAt: file.createdAt.toISOString(),
  })
  return { ...board, largest: board.largest.map(row), latest: board.latest.map(row) }
}

type FileRow = Route.ComponentProps['loaderData']['largest'][number]

export default function FileDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const hydrated = useHydrated()
  const size = (bytes: number) => formatBytes(i18n.language, bytes)
  const number = (value: number) => formatNumber(i18n.language, value)
  const { byKind, byMonth, missing } = loaderData
  const th = 'py-2 font-semibold text-muted'
  const chart = (testId: string, data: Array<{ key: string; label: string; bytes: number }>) =>
    hydrated ? (
      <Suspense fallback={<div className="h-56 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />}>
        <BytesBarChart testId={testId} series={t('files.dashboard.storage')} data={data} />
      </Suspense>
    ) : null
  const fileTable = (rows: FileRow[], testId: string, caption: string, column: 'size' | 'date') =>
    rows.length ? (
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <tbody>
          {rows.map((file) => (
            <tr key={file.id} className="border-t border-dashed border-line first:border-t-0">
              <th scope="row" className="max-w-0 truncate py-2 pe-3 text-start font-medium">
                <a href={href('/dashboard/files-manager/:id', { id: file.id })} className="hover:underline">
                  <bdi>{file.fileName}</bdi>
                </a>
                <div className="truncate text-xs font-normal text-muted">
                  {t(`files.kinds.${file.kind}`)} · <bdi>{file.record.label}</bdi>
                </div>
              </th>
              <td className="py-2 text-end whitespace-nowrap tabular-nums">
                {column === 'size' ? size(file.sizeBytes) : formatZonedDate(i18n.language, file.createdAt, timeZone)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    ) : (
      <p className="text-sm text-muted">{t('files.dashboard.noFiles')}</p>
    )

  return (
    <>
      <PageHeader
        title={t('files.dashboard.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('files.dashboard.title') }]}
      />
      <div className="grid gap-4 sm:grid-cols-3" data-testid="file-figures">
        <Figure label={t('files.dashboard.storage')} value={size(loaderData.totalBytes)} testId="file-total-bytes" />
        <Figure label={t('files.dashboard.files')} value={number(loaderData.totalFiles)} />
        <Figure label={t('files.dashboard.missingCount')} value={number(missing.count)} testId="file-missing-count" />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Panel title={t('files.dashboard.todo')} className="lg:col-span-2" testId="file-todo">
          {missing.loads.length ? (
            <ul className="divide-y divide-dashed divide-line text-sm">
              {missing.loads.map((load) => (
                <li key={load.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="file-todo-item">
                  <a href={href('/dashboard/loads/:id', { id: load.id })} className="font-semibold text-primary hover:underline">
                    <bdi>{load.loadNumber}</bdi>
                  </a>
                  <span className="flex flex-wrap gap-2">
                    {load.missingPod ? <Badge tone="warning">{t('files.dashboard.missingPod')}</Badge> : null}
                    {load.missingBol ? <Badge tone="warning">{t('files.dashboard.missingBol')}</Badge> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t('files.dashboard.todoDoneTitle')} description={t('files.dashboard.todoDone')} />
          )}
        </Panel>

        <Panel title={t('files.dashboard.byKind')}>
          {chart(
            'file-kind-chart',
            byKind.map((row) => ({ key: row.kind, label: t(`files.kinds.${row.kind}`), bytes: row.bytes })),
          )}
          <table className="w-full text-sm" data-testid="file-by-kind">
            <caption className="sr-only">{t('files.dashboard.byKind')}</caption>
            <thead>
              <tr>
                <th scope="col" className={`${th} text-start`}>
                  {t('files.fields.kind')}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t('files.dashboard.files')}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {t('files.dashboard.storage')}
                </th>
              </tr>
            </thead>
            <tbody>
              {byKind.map((row) => (
                <tr key={row.kind} className="border-t border-dashed border-line">
                  <th scope="row" className="py-2 text-start font-medium">
                    <a href={`${href('/dashboard/files-manager')}?kind=${row.kind}`} className="hover:underline">
                      {t(`files.kinds.${row.kind}`)}
                    </a>
                  </th>
                  <td className="py-2 text-end tabular-nums">{number(row.count)}</td>
                  <td className="py-2 text-end tabular-nums">{size(row.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>

        <Panel title={t('files.dashboard.byMonth')}>
          {chart(
            'file-month-chart',
            byMonth.map((row) => ({ key: row.month, label: formatMonth(i18n.language, row.month), bytes: row.bytes })),
          )}
          <div className="max-h-72 overflow-y-auto">
            <table className="w-full text-sm" data-testid="file-by-month">
              <caption className="sr-only">{t('files.dashboard.byMonth')}</caption>
              <tbody>
                {[...byMonth].reverse().map((row) => (
                  <tr key={row.month} className="border-t border-dashed border-line first:border-t-0">
                    <th scope="row" className="py-2 text-start font-medium">
                      {formatMonth(i18n.language, row.month)}
                    </th>
                    <td className="py-2 text-end tabular-nums">{number(row.count)}</td>
                    <td className="py-2 text-end tabular-nums">{size(row.bytes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>

        <Panel title={t('files.dashboard.largest')}>{fileTable(loaderData.largest, 'file-largest', t('files.dashboard.largest'), 'size')}</Panel>
        <Panel
          title={t('files.dashboard.latest')}
          action={
            <a href={href('/dashboard/files-manager')} className="text-sm font-semibold text-primary hover:underline">
              {t('files.dashboard.all')}
            </a>
          }
        >
          {fileTable(loaderData.latest, 'file-latest', t('files.dashboard.latest'), 'date')}
        </Panel>
      </div>
    </>
  )
}
