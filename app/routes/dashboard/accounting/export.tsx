import { useEffect } from 'react'
import { href, useRevalidator } from 'react-router'

import { AccountingExportStatusBadge } from '~/components/accounting/export-status'
import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { getAccountingExport } from '~/models/accounting/export.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatDateTime } from '~/utils/format'

import type { Route } from './+types/export'

export const handle = { i18n: ['accounting'] }

/** Seconds between looks at a batch still being written (JavaScript revalidates; without it the page refreshes itself). */
const REFRESH_SECONDS = 2

/** One batch: its range, format, kinds, progress while its file is written, and the download once ready. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accounting')
  const [batch, timeZone] = await Promise.all([orNotFound(getAccountingExport(user.organizationId, params.id)), organizationTimeZone(user.organizationId)])
  return { batch, timeZone }
}

export default function AccountingExportPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { batch } = loaderData
  const working = batch.status === 'queued' || batch.status === 'running'
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!working) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate()
    }, REFRESH_SECONDS * 1000)
    return () => clearInterval(timer)
  }, [working, revalidator])
  const percent = batch.recordCount === 0 ? (working ? 0 : 100) : Math.min(100, Math.round((batch.processedCount / batch.recordCount) * 100))
  const here = href('/dashboard/accounting/exports/:id', { id: batch.id })
  const title = t('accounting.list.batch', { number: batch.number })
  return (
    <>
      {/* Without JavaScript the page looks again by itself while the file is being written. */}
      {working ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('accounting.title'), to: href('/dashboard/accounting') },
          { label: title },
        ]}
      />
      <Card className="max-w-3xl p-4 sm:p-6" data-testid="accounting-export">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted">{t('accounting.list.status')}</dt>
            <dd data-testid="accounting-export-status" data-status={batch.status}>
              <AccountingExportStatusBadge status={batch.status} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('accounting.list.range')}</dt>
            <dd className="tabular-nums">
              {formatDate(i18n.language, batch.from)} – {formatDate(i18n.language, batch.to)}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('accounting.list.format')}</dt>
            <dd>{t(`accounting.formats.${batch.format}`)}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('accounting.list.kinds')}</dt>
            <dd>{batch.kinds.map((kind) => t(`accounting.kinds.${kind}`)).join(', ')}</dd>
          </div>
          <div>
            <dt className="text-muted">{t('accounting.list.count')}</dt>
            <dd className="tabular-nums" data-testid="accounting-export-count">
              {batch.recordCount}
              {batch.includeExported ? ` · ${t('accounting.export.includeExported')}` : ''}
            </dd>
          </div>
          <div>
            <dt className="text-muted">{t('accounting.detail.created')}</dt>
            <dd>{formatDateTime(i18n.language, batch.createdAt, loaderData.timeZone)}</dd>
          </div>
        </dl>
        <div className="mt-6">
          <p className="mb-1.5 text-sm font-semibold" id="accounting-progress-label">
            {t('accounting.detail.progress', { processed: batch.processedCount, total: batch.recordCount })}
          </p>
          <progress className="h-2 w-full" max={100} value={percent} aria-labelledby="accounting-progress-label" />
        </div>
        {batch.status === 'failed' ? (
          <p role="alert" className="mt-4 text-sm text-error">
            {t('accounting.detail.failed')}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          {batch.status === 'ready' ? (
            <a
              href={href('/dashboard/accounting/exports/:id/file', { id: batch.id })}
              download
              className="font-semibold underline"
              data-testid="accounting-export-download"
            >
              {t('accounting.detail.download', { name: batch.fileName })}
            </a>
          ) : working ? (
            <ButtonLink to={here} variant="secondary" reloadDocument>
              {t('accounting.detail.refresh')}
            </ButtonLink>
          ) : null}
        </div>
      </Card>
    </>
  )
}
