import { companyFilter, enumSelect, RecordList } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { DueDateCell, OrDash, PlateText } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { complianceFlags, startOfToday } from '~/models/organization/compliance.server'
import { isoDate } from '~/models/records/records.server'
import { listCompanyOptions } from '~/models/reference/company.server'
import { listTrucks } from '~/models/reference/truck.server'
import { readListPage } from '~/requests/list-page.server'
import { TruckListQuerySchema } from '~/schemas/truck'
import { TRUCK_COMPLIANCE, TRUCK_STATUS_META, TRUCK_STATUSES } from '~/schemas/truck-options'
import { formatNumber } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields'] }

export async function loader({ request }: Route.LoaderArgs) {
  const today = startOfToday()
  return readListPage(request, {
    entity: 'truck',
    customFields: 'trucks',
    schema: TruckListQuerySchema,
    read: listTrucks,
    also: (user) => listCompanyOptions(user.organizationId),
    row: (truck) => ({
      id: truck.id,
      version: truck.version,
      unitNumber: truck.unitNumber,
      company: truck.company?.name,
      vehicle: [truck.year, truck.make, truck.model].filter(Boolean).join(' '),
      licensePlate: truck.licensePlate,
      plateState: truck.plateState,
      status: truck.status,
      inspectionDue: isoDate(truck.inspectionDue),
      // Flat (inspection, registration): a nested object per row costs the page's HTML more.
      ...complianceFlags(truck, today),
      odometerMiles: truck.odometerMiles,
    }),
  })
}

export default function TruckList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query, also: companies } = loaderData
  return (
    <RecordList
      name="trucks"
      data={loaderData}
      rowName={(truck) => ({ unit: truck.unitNumber })}
      filters={[
        enumSelect(t, 'status', t('fields.status'), query.status, TRUCK_STATUSES, 'trucks.status'),
        companyFilter(t('fields.company'), query.companyId, companies),
        enumSelect(t, 'compliance', t('compliance.label'), query.compliance, TRUCK_COMPLIANCE, 'compliance.filter'),
      ]}
      columns={[
        { label: t('fields.unitNumber'), sort: 'unitNumber', cell: (truck) => truck.unitNumber },
        { label: t('fields.company'), sort: 'company', cell: (truck) => <OrDash>{truck.company}</OrDash> },
        { label: t('trucks.list.vehicle'), sort: 'make', cell: (truck) => <OrDash>{truck.vehicle && <bdi>{truck.vehicle}</bdi>}</OrDash> },
        { label: t('fields.licensePlate'), sort: 'licensePlate', cell: (truck) => <PlateText plate={truck.licensePlate} state={truck.plateState} /> },
        {
          label: t('fields.status'),
          sort: 'status',
          cell: (truck) => <Badge tone={TRUCK_STATUS_META[truck.status].tone}>{t(`trucks.status.${truck.status}`)}</Badge>,
        },
        {
          label: t('fields.inspectionDue'),
          sort: 'inspectionDue',
          className: 'fd-nw',
          cell: (truck) => <DueDateCell date={truck.inspectionDue} compliance={truck} />,
        },
        {
          label: t('fields.odometerMiles'),
          sort: 'odometerMiles',
          numeric: true,
          cell: (truck) => <OrDash>{truck.odometerMiles !== null && formatNumber(i18n.language, truck.odometerMiles)}</OrDash>,
        },
      ]}
    />
  )
}
