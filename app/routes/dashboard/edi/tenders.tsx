import { useMemo } from 'react'
import { href, useLocation } from 'react-router'

import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { type FilterSelect, ListToolbar } from '~/components/lists/list-toolbar'
import { enumSelect } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { Pagination } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { listTenders } from '~/models/edi/tender.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { readListPage } from '~/requests/list-page.server'
import { EdiTenderQuerySchema } from '~/schemas/edi'
import { EDI_TENDER_STATUSES } from '~/schemas/edi-options'
import { EDI_TENDER_STATUS_TONE } from '~/schemas/edi-tones'
import { PAGE_SIZES } from '~/schemas/list-options'
import { formatDateTime, formatMoney } from '~/utils/format'
import { unpackRows } from '~/utils/packed-rows'

import type { Route } from './+types/tenders'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['edi'] }

const place = (stop: { city: string | null; state: string | null } | undefined) => (stop ? [stop.city, stop.state].filter(Boolean).join(', ') : '')

/** Tenders from 204s, newest first: read-only (accepting and declining come later). */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'edi',
    customFields: null,
    schema: EdiTenderQuerySchema,
    read: listTenders,
    also: (user) => organizationTimeZone(user.organizationId),
    row: (tender) => ({
      id: tender.id,
      shipmentId: tender.shipmentId,
      partner: tender.partner.name,
      origin: place(tender.stops[0]),
      destination: place(tender.stops.at(-1)),
      status: tender.status,
      purpose: tender.purpose,
      rateCents: tender.rateCents,
      respondBy: tender.respondBy?.toISOString() ?? null,
      createdAt: tender.createdAt.toISOString(),
    }),
  })
}

export default function EdiTenders({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const { query, also: timeZone } = loaderData
  const rows = useMemo(() => unpackRows(loaderData.rows), [loaderData.rows])
  const filters: FilterSelect[] = [enumSelect(t, 'status', t('edi.fields.status'), query.status, EDI_TENDER_STATUSES, 'edi.tenderStatus')]
  return (
    <>
      <ListHeader title={t('edi.tenders.title')} listLabel={t('nav.ediTenders')} list={href('/dashboard/edi/tenders')} newHref={false} newLabel="" />
      <Card className="overflow-hidden">
        <ListToolbar query={query} filters={filters} searchLabel={t('edi.tenders.search')} searchPlaceholder={t('edi.tenders.searchPlaceholder')} />
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={Boolean(query.q || query.status || query.partnerId) || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('edi.tenders.noMatchTitle'), description: t('edi.tenders.noMatch') }}
            empty={{ title: t('edi.tenders.emptyTitle'), description: t('edi.tenders.empty') }}
          />
        ) : (
          <ListTable
            testId="edi-tenders"
            head={
              <>
                <th scope="col">{t('edi.fields.shipmentId')}</th>
                <th scope="col">{t('edi.fields.partner')}</th>
                <th scope="col">{t('edi.fields.origin')}</th>
                <th scope="col">{t('edi.fields.destination')}</th>
                <th scope="col">{t('edi.fields.rate')}</th>
                <th scope="col">{t('edi.fields.respondBy')}</th>
                <th scope="col">{t('edi.fields.status')}</th>
              </>
            }
          >
            {rows.map((row) => (
              <ListRow key={row.id} changed={false} actions={null}>
                <th className="fd-nw" dir="ltr">
                  <a href={href('/dashboard/edi/tenders/:id', { id: row.id })}>{row.shipmentId}</a>
                </th>
                <td dir="auto">{row.partner}</td>
                <td dir="auto">{row.origin || '—'}</td>
                <td dir="auto">{row.destination || '—'}</td>
                <td className="fd-num fd-nw">{row.rateCents === null ? '—' : formatMoney(i18n.language, row.rateCents)}</td>
                <td className="fd-nw">{row.respondBy ? formatDateTime(i18n.language, row.respondBy, timeZone) : '—'}</td>
                <td data-testid="edi-tender-status">
                  <Badge tone={EDI_TENDER_STATUS_TONE[row.status]}>{t(`edi.tenderStatus.${row.status}`)}</Badge>
                </td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {loaderData.total > 0 ? <Pagination total={loaderData.total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
