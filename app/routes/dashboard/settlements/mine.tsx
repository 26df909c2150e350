import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { SettlementStatusBadge } from '~/components/settlements/settlement-status'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { listSettlements, serializeSettlementRow } from '~/models/settlements/settlement.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { SettlementListQuerySchema } from '~/schemas/settlement'
import { formatDate, formatMoney } from '~/utils/format'

import type { Route } from './+types/mine'

export const handle = { i18n: ['settlements'] }

/** "My pay": the signed-in user's own settlements, newest period first, each with its totals and statement. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'settlement')
  const url = new URL(request.url)
  const query = parseListQuery(SettlementListQuerySchema, url.searchParams)
  const result = await listSettlements({ organizationId: user.organizationId, driverId: user.id }, { ...query, sort: 'periodEnd', dir: 'desc' })
  redirectPastLastPage(url, query, result.total)
  return { query, total: result.total, settlements: result.items.map(serializeSettlementRow) }
}

export default function MyPay({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { settlements, total, query } = loaderData
  const date = (value: string) => formatDate(i18n.language, value)
  return (
    <>
      <PageHeader title={t('nav.myPay')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.myPay') }]} />
      {settlements.length === 0 ? (
        <Card>
          <EmptyState title={t('settlements.mine.emptyTitle')} description={t('settlements.mine.empty')} />
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" data-testid="my-pay">
          {settlements.map((settlement) => (
            <li key={settlement.id}>
              <Card className="flex h-full flex-col gap-3 p-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <a href={href('/dashboard/settlements/:id', { id: settlement.id })} className="font-bold text-primary hover:underline">
                    {settlement.number}
                  </a>
                  <SettlementStatusBadge status={settlement.status} />
                </div>
                <p className="text-sm text-muted tabular-nums">
                  {date(settlement.periodStart)} – {date(settlement.periodEnd)}
                </p>
                <dl className="grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-muted">{t('settlements.fields.gross')}</dt>
                    <dd className="tabular-nums">{formatMoney(i18n.language, settlement.grossCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t('settlements.fields.deductions')}</dt>
                    <dd className="tabular-nums">−{formatMoney(i18n.language, settlement.deductionsCents)}</dd>
                  </div>
                  <div>
                    <dt className="text-muted">{t('settlements.fields.net')}</dt>
                    <dd className="font-bold tabular-nums">{formatMoney(i18n.language, settlement.netCents)}</dd>
                  </div>
                </dl>
                {settlement.paidAt ? <p className="text-sm">{t('settlements.mine.paidOn', { date: date(settlement.paidAt) })}</p> : null}
                <ButtonLink
                  to={href('/dashboard/settlements/:id/pdf', { id: settlement.id })}
                  reloadDocument
                  variant="secondary"
                  className="mt-auto self-start"
                >
                  <Icon name="download" size={18} />
                  {t('settlements.actions.statement')}
                </ButtonLink>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {total > query.pageSize ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
    </>
  )
}
