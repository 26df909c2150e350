import { useMemo } from 'react'
import { href, useLocation } from 'react-router'

import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { type FilterSelect, ListToolbar } from '~/components/lists/list-toolbar'
import { enumSelect } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Pagination, SortHeader } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { listClaimTable } from '~/models/claims/claim.server'
import { isoDate } from '~/models/records/records.server'
import { readListPage } from '~/requests/list-page.server'
import { ClaimListQuerySchema } from '~/schemas/claim'
import { CLAIM_KINDS, CLAIM_STATUS_TONE, CLAIM_STATUSES } from '~/schemas/claim-options'
import { PAGE_SIZES } from '~/schemas/list-options'
import { formatDate, formatMoney } from '~/utils/format'
import { unpackRows } from '~/utils/packed-rows'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['claims'] }

/** The organization's claims, newest first: by status, kind, load (its number in the search, or `loadId`) and the day received. */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'claim',
    customFields: null,
    schema: ClaimListQuerySchema,
    read: (organizationId, query) => listClaimTable(organizationId, query),
    row: (claim) => ({
      id: claim.id,
      version: claim.version,
      number: claim.number,
      load: claim.load.loadNumber,
      claimant: (claim.claimantBroker ?? claim.claimantCompany)?.name ?? '',
      kind: claim.kind,
      status: claim.status,
      filedOn: isoDate(claim.filedOn)!,
      amountClaimedCents: claim.amountClaimedCents,
      amountPaidCents: claim.amountPaidCents,
    }),
  })
}

export default function ClaimList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { query } = loaderData
  const rows = useMemo(() => unpackRows(loaderData.rows), [loaderData.rows])
  const filters: FilterSelect[] = [
    enumSelect(t, 'status', t('claims.fields.status'), query.status, CLAIM_STATUSES, 'claims.status'),
    enumSelect(t, 'kind', t('claims.fields.kind'), query.kind, CLAIM_KINDS, 'claims.kind'),
  ]
  const sort = (column: string, label: string, numeric = false) => (
    <SortHeader column={column} label={label} sort={query.sort} dir={query.dir} className={numeric ? 'px-3 text-end' : undefined} />
  )
  const plain = (label: string) => (
    <th scope="col">
      <span className="font-semibold">{label}</span>
    </th>
  )
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(i18n.language, cents))
  return (
    <>
      <ListHeader
        title={t('claims.list.title')}
        listLabel={t('nav.claims')}
        list={href('/dashboard/claims')}
        newHref={loaderData.canCreate && href('/dashboard/claims/new')}
        newLabel={t('claims.list.new')}
      />
      <Card className="overflow-hidden">
        <ListToolbar
          query={query}
          filters={filters}
          searchLabel={t('claims.list.search')}
          searchPlaceholder={t('claims.list.searchPlaceholder')}
          dates={{ from: query.from, to: query.to, fromLabel: t('claims.list.from'), toLabel: t('claims.list.to') }}
          filtered={Boolean(query.loadId)}
          exportHref={`${href('/dashboard/claims/export')}${search}`}
        >
          {query.loadId ? <input type="hidden" name="loadId" value={query.loadId} /> : null}
        </ListToolbar>
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={Boolean(query.q || query.loadId || query.from || query.to || filters.some((filter) => filter.value)) || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('claims.list.noMatchTitle'), description: t('claims.list.noMatch') }}
            empty={{ title: t('claims.list.emptyTitle'), description: t('claims.list.empty') }}
          />
        ) : (
          <ListTable
            testId="claims"
            head={
              <>
                {sort('number', t('claims.fields.number'))}
                {sort('filedOn', t('claims.fields.filedOn'))}
                {plain(t('claims.fields.load'))}
                {plain(t('claims.fields.claimant'))}
                {plain(t('claims.fields.kind'))}
                {plain(t('claims.fields.status'))}
                {sort('amountClaimedCents', t('claims.fields.amountClaimed'), true)}
                {plain(t('claims.fields.amountPaid'))}
              </>
            }
          >
            {rows.map((row) => (
              <ListRow key={row.id} changed={row.id === loaderData.changed} actions={null}>
                <th className="fd-nw">
                  <a href={href('/dashboard/claims/:id', { id: row.id })}>{row.number}</a>
                </th>
                <td className="fd-nw">{formatDate(i18n.language, row.filedOn)}</td>
                <td className="fd-nw">{row.load}</td>
                <td className="max-w-60 truncate" dir="auto" title={row.claimant}>
                  {row.claimant}
                </td>
                <td className="fd-nw">{t(`claims.kind.${row.kind}`)}</td>
                <td data-testid="claim-status">
                  <Badge tone={CLAIM_STATUS_TONE[row.status]}>{t(`claims.status.${row.status}`)}</Badge>
                </td>
                <td className="fd-num fd-nw">{money(row.amountClaimedCents)}</td>
                <td className="fd-num fd-nw">{money(row.amountPaidCents)}</td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {loaderData.total > 0 ? <Pagination total={loaderData.total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
