import { href, useLocation } from 'react-router'

import { ScheduleStatusBadge } from '~/components/factoring/schedule-status'
import { PageHeader } from '~/components/layout/page-header'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { ListToolbar } from '~/components/lists/list-toolbar'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { SummaryItem, SummaryList } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { EmptyState, Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { languageInfo } from '~/i18n'
import { factoringFees, getAgreement, listSchedules, serializeAgreement, serializeScheduleRow } from '~/models/factoring/factoring.server'
import { redirectPastLastPage } from '~/requests/list-page.server'
import { requirePermission } from '~/requests/session.server'
import { ScheduleListQuerySchema } from '~/schemas/factoring'
import { SCHEDULE_STATUSES } from '~/schemas/factoring-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { parseListQuery } from '~/schemas/list-query'
import { formatMoney, formatZonedDate } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/index'

export const handle = { i18n: ['factoring'] }

const LIST = href('/dashboard/factoring')

/** Factoring: the agreement in brief, the schedules of accounts (filters, search, sort, paging), the monthly fees report. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  const url = new URL(request.url)
  const query = parseListQuery(ScheduleListQuerySchema, url.searchParams)
  const [result, agreement, fees] = await Promise.all([
    listSchedules(user.organizationId, query),
    getAgreement(user.organizationId),
    factoringFees(user.organizationId),
  ])
  redirectPastLastPage(url, query, result.total)
  return {
    query,
    total: result.total,
    agreement: serializeAgreement(agreement),
    fees,
    canCreate: can(user.role, 'create', 'factoring'),
    canEdit: can(user.role, 'update', 'factoring'),
    schedules: result.items.map((row) => {
      const schedule = serializeScheduleRow(row)
      return {
        id: schedule.id,
        number: schedule.number,
        status: schedule.status,
        invoiceCount: schedule.invoiceCount,
        createdAt: schedule.createdAt,
        totalCents: schedule.totalCents,
        advanceCents: schedule.advanceCents,
        feeCents: schedule.feeCents,
      }
    }),
  }
}

export default function Factoring({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const { pathname, search } = useLocation()
  const { query, schedules, total, agreement, fees } = loaderData
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const filtered = Boolean(query.q || query.status)
  const returnTo = listReturnTo(`${pathname}${search}`, LIST)
  const sortProps = { sort: query.sort, dir: query.dir }
  const newHref = loaderData.canCreate && agreement ? href('/dashboard/factoring/new') : false
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(languageInfo(i18n.language).intl, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))

  return (
    <>
      <PageHeader
        title={t('factoring.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('factoring.title') }]}
        action={
          newHref ? (
            <ButtonLink to={newHref}>
              <Icon name="plus" size={18} />
              {t('factoring.list.new')}
            </ButtonLink>
          ) : null
        }
      />

      <Card className="mb-6 p-6" data-testid="factoring-agreement">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-bold">{t('factoring.agreement.title')}</h2>
          <ButtonLink to={href('/dashboard/factoring/agreement')} variant="secondary">
            {loaderData.canEdit ? t('factoring.agreement.edit') : t('factoring.agreement.view')}
          </ButtonLink>
        </div>
        {agreement ? (
          <SummaryList>
            <SummaryItem label={t('factoring.fields.factor')} className="font-semibold">
              <bdi>{agreement.factor.name}</bdi>
            </SummaryItem>
            <SummaryItem label={t('factoring.fields.advancePercent')} className="tabular-nums">
              {agreement.advancePercent} %
            </SummaryItem>
            <SummaryItem label={t('factoring.fields.feePercent')} className="tabular-nums">
              {agreement.feePercent} %
            </SummaryItem>
            <SummaryItem label={t('factoring.fields.factorEmail')} className="break-all">
              {agreement.factorEmail ?? '—'}
            </SummaryItem>
          </SummaryList>
        ) : (
          <p className="text-sm text-muted">{t('factoring.agreement.none')}</p>
        )}
      </Card>

      <Card className="mb-6 overflow-hidden">
        <ListToolbar
          query={query}
          searchLabel={t('factoring.list.search')}
          searchPlaceholder={t('factoring.list.searchPlaceholder')}
          filters={[
            {
              name: 'status',
              label: t('fields.status'),
              value: query.status,
              options: SCHEDULE_STATUSES.map((value) => ({ value, label: t(`factoring.status.${value}`) })),
            },
          ]}
        />
        {schedules.length === 0 ? (
          filtered || query.page > 1 ? (
            <EmptyState title={t('factoring.list.noMatchTitle')} description={t('factoring.list.noMatch')} />
          ) : (
            <EmptyState
              title={t('factoring.list.emptyTitle')}
              description={t('factoring.list.empty')}
              action={newHref ? <ButtonLink to={newHref}>{t('factoring.list.new')}</ButtonLink> : undefined}
            />
          )
        ) : (
          <ListTable
            testId="schedules"
            head={
              <>
                <SortHeader column="number" label={t('factoring.fields.number')} {...sortProps} />
                <SortHeader column="status" label={t('fields.status')} {...sortProps} />
                <SortHeader column="createdAt" label={t('factoring.fields.createdAt')} {...sortProps} />
                <th scope="col" className="px-3 py-3 text-end font-semibold">
                  {t('factoring.fields.invoices')}
                </th>
                <SortHeader column="totalCents" label={t('factoring.fields.total')} {...sortProps} className="px-3 text-end" />
                <th scope="col" className="px-3 py-3 text-end font-semibold">
                  {t('factoring.fields.fee')}
                </th>
              </>
            }
          >
            {schedules.map((schedule) => (
              <ListRow key={schedule.id} changed={false} actions={null}>
                <th>
                  <a href={withReturnTo(href('/dashboard/factoring/:id', { id: schedule.id }), returnTo)}>{schedule.number}</a>
                </th>
                <td className="whitespace-nowrap">
                  <ScheduleStatusBadge status={schedule.status} />
                </td>
                <td className="whitespace-nowrap tabular-nums">{formatZonedDate(i18n.language, schedule.createdAt, timeZone)}</td>
                <td className="fd-num">{schedule.invoiceCount}</td>
                <td className="fd-num font-semibold">{money(schedule.totalCents)}</td>
                <td className="fd-num">{money(schedule.feeCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {total > 0 ? <Pagination total={total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>

      <Card className="overflow-hidden" data-testid="factoring-fees">
        <div className="flex flex-wrap items-center justify-between gap-3 p-6 pb-3">
          <div>
            <h2 className="text-base font-bold">{t('factoring.fees.title')}</h2>
            <p className="text-sm text-muted">{t('factoring.fees.hint')}</p>
          </div>
          <ButtonLink to={href('/dashboard/factoring/fees')} reloadDocument variant="secondary">
            <Icon name="download" size={18} />
            {t('factoring.fees.csv')}
          </ButtonLink>
        </div>
        {fees.length === 0 ? (
          <p className="px-6 pb-6 text-sm text-muted">{t('factoring.fees.empty')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="border-b border-line text-muted">
                <tr>
                  <th scope="col" className="px-6 py-2 text-start font-semibold">
                    {t('factoring.fees.month')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">
                    {t('factoring.fields.total')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">
                    {t('factoring.fields.advance')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-end font-semibold">
                    {t('factoring.fields.fee')}
                  </th>
                  <th scope="col" className="px-6 py-2 text-end font-semibold">
                    {t('factoring.fields.reserveReleased')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {fees.map((row) => (
                  <tr key={row.month} className="border-b border-line last:border-0">
                    <th scope="row" className="px-6 py-2 text-start font-semibold whitespace-nowrap">
                      {monthLabel(row.month)}
                    </th>
                    <td className="px-3 py-2 text-end tabular-nums">{money(row.totalCents)}</td>
                    <td className="px-3 py-2 text-end tabular-nums">{money(row.advanceCents)}</td>
                    <td className="px-3 py-2 text-end font-semibold tabular-nums">{money(row.feeCents)}</td>
                    <td className="px-6 py-2 text-end tabular-nums">
                      {money(row.reserveReleasedCents)} / {money(row.reserveCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </>
  )
}
