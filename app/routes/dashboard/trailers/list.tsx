import { companyFilter, enumSelect, RecordList } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { DueDateCell, OrDash, PlateText } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { complianceFlags, startOfToday } from '~/models/organization/compliance.server'
import { isoDate } from '~/models/records/records.server'
import { listCompanyOptions } from '~/models/reference/company.server'
import { listTrailers } from '~/models/reference/trailer.server'
import { readListPage } from '~/requests/list-page.server'
import { TrailerListQuerySchema } from '~/schemas/trailer'
import { TRAILER_STATUS_META, TRAILER_STATUSES, TRAILER_TYPES } from '~/schemas/trailer-options'
import { formatNumber } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers', 'customFields'] }

export async function loader({ request }: Route.LoaderArgs) {
  const today = startOfToday()
  return readListPage(request, {
    entity: 'trailer',
    customFields: 'trailers',
    schema: TrailerListQuerySchema,
    read: listTrailers,
    also: (user) => listCompanyOptions(user.organizationId),
    row: (trailer) => ({
      id: trailer.id,
      version: trailer.version,
      unitNumber: trailer.unitNumber,
      type: trailer.type,
      lengthFt: trailer.lengthFt,
      company: trailer.company?.name,
      licensePlate: trailer.licensePlate,
      plateState: trailer.plateState,
      status: trailer.status,
      inspectionDue: isoDate(trailer.inspectionDue),
      // Flat (inspection, registration): a nested object per row costs the page's HTML more.
      ...complianceFlags(trailer, today),
    }),
  })
}

export default function TrailerList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query, also: companies } = loaderData
  return (
    <RecordList
      name="trailers"
      data={loaderData}
      rowName={(trailer) => ({ unit: trailer.unitNumber })}
      filters={[
        enumSelect(t, 'status', t('fields.status'), query.status, TRAILER_STATUSES, 'trailers.status'),
        enumSelect(t, 'type', t('fields.trailerType'), query.type, TRAILER_TYPES, 'trailers.type'),
        companyFilter(t('fields.company'), query.companyId, companies),
      ]}
      columns={[
        { label: t('fields.unitNumber'), sort: 'unitNumber', cell: (trailer) => trailer.unitNumber },
        { label: t('fields.trailerType'), sort: 'type', className: 'whitespace-nowrap', cell: (trailer) => t(`trailers.type.${trailer.type}`) },
        {
          label: t('fields.lengthFt'),
          sort: 'lengthFt',
          numeric: true,
          cell: (trailer) => <OrDash>{trailer.lengthFt !== null && t('trailers.list.feet', { length: formatNumber(i18n.language, trailer.lengthFt) })}</OrDash>,
        },
        { label: t('fields.company'), sort: 'company', cell: (trailer) => <OrDash>{trailer.company}</OrDash> },
        { label: t('fields.licensePlate'), sort: 'licensePlate', cell: (trailer) => <PlateText plate={trailer.licensePlate} state={trailer.plateState} /> },
        {
          label: t('fields.status'),
          sort: 'status',
          cell: (trailer) => <Badge tone={TRAILER_STATUS_META[trailer.status].tone}>{t(`trailers.status.${trailer.status}`)}</Badge>,
        },
        {
          label: t('fields.inspectionDue'),
          sort: 'inspectionDue',
          className: 'fd-nw',
          cell: (trailer) => <DueDateCell date={trailer.inspectionDue} compliance={trailer} />,
        },
      ]}
    />
  )
}
