import { href } from 'react-router'

import { TruckStoreCosts } from '~/components/checkout/truck-costs'
import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { TripSheetsCard } from '~/components/ifta/trip-sheets-card'
import { UnitMaintenanceCard } from '~/components/maintenance/unit-maintenance-card'
import { UnitSchedulesCard } from '~/components/maintenance/unit-schedules-card'
import { Badge } from '~/components/ui/badge'
import { ComplianceDate, DetailCard, DetailItem, PlateText, RecordHeader } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { recentUnitTrips } from '~/models/fuel-tax/trip-sheet.server'
import { listUnitSchedules } from '~/models/maintenance/maintenance-schedule.server'
import { complianceFlags, startOfToday } from '~/models/organization/compliance.server'
import { customFieldsForDisplay } from '~/models/organization/custom-fields.server'
import { organizationToday } from '~/models/organization/organization.server'
import { isoDate } from '~/models/records/records.server'
import { getTruck } from '~/models/reference/truck.server'
import { truckStoreCosts } from '~/models/store/store-order.server'
import { parseQuarter, previousQuarter, quarterName, quarterOf } from '~/policies/ifta'
import { requirePermission } from '~/requests/session.server'
import { unitMaintenanceCard } from '~/requests/unit-maintenance.server'
import { TRUCK_STATUS_META } from '~/schemas/truck-options'
import { orNotFound } from '~/utils/errors.server'
import { formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields', 'checkout', 'iftaPdf', 'workOrders', 'schedules'] }

/** One truck, read-only: every role that may read trucks sees it; editors also get an Edit link. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'truck')
  const truck = await orNotFound(getTruck(user.organizationId, params.id))
  const today = startOfToday()
  return {
    truck: {
      id: truck.id,
      unitNumber: truck.unitNumber,
      status: truck.status,
      ownership: truck.ownership,
      company: truck.company?.name ?? null,
      primaryDriver: truck.primaryDriver ? `${truck.primaryDriver.firstName} ${truck.primaryDriver.lastName}` : null,
      vin: truck.vin,
      make: truck.make,
      model: truck.model,
      year: truck.year,
      licensePlate: truck.licensePlate,
      plateState: truck.plateState,
      odometerMiles: truck.odometerMiles,
      registrationExpiry: isoDate(truck.registrationExpiry),
      inspectionDue: isoDate(truck.inspectionDue),
      notes: truck.notes,
      compliance: complianceFlags(truck, today),
    },
    maintenance: await unitMaintenanceCard(user, context, 'truck', truck),
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/trucks/list')),
    canUpdate: can(user.role, 'update', 'truck'),
    customFields: await customFieldsForDisplay(user.organizationId, 'trucks', truck.customFields),
    // Its preventive maintenance schedules with their status today (ADR 133).
    schedules: can(user.role, 'read', 'maintenanceSchedule') ? await listUnitSchedules(user.organizationId, { truckId: truck.id }) : null,
    addSchedule: can(user.role, 'create', 'maintenanceSchedule') ? `${href('/dashboard/maintenance/schedules/new')}?truckId=${truck.id}` : null,
    // Store orders charged to the truck: its maintenance costs.
    storeCosts: can(user.role, 'read', 'storeOrder') ? await truckStoreCosts(user.organizationId, truck.id) : null,
    // Its trip sheets (the IFTA distance record) for those who read trips.
    tripSheets: can(user.role, 'read', 'trip') ? await tripSheets(user.organizationId, truck.id) : null,
  }
}

/** The unit's latest trips and the last four quarters (today's first), each a PDF of its sheets. */
async function tripSheets(organizationId: string, truckId: string) {
  const [trips, today] = await Promise.all([recentUnitTrips(organizationId, truckId), organizationToday(organizationId)])
  let quarter = parseQuarter(quarterOf(today))!
  const quarters: string[] = []
  for (let count = 0; count < 4; count++) {
    quarters.push(quarterName(quarter))
    quarter = previousQuarter(quarter)
  }
  return { trips, quarters }
}

export default function TruckView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { truck, returnTo } = loaderData
  const vehicle = [truck.year, truck.make, truck.model].filter(Boolean).join(' ')
  return (
    <>
      <RecordHeader
        title={t('trucks.view.title', { unit: truck.unitNumber })}
        listLabel={t('nav.trucks')}
        returnTo={returnTo}
        name={truck.unitNumber}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/trucks/:id/edit', { id: truck.id }), returnTo) : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t('trucks.editor.identity')} testId="truck-identity">
          <DetailItem label={t('fields.unitNumber')}>{truck.unitNumber}</DetailItem>
          <DetailItem label={t('fields.status')}>
            <Badge tone={TRUCK_STATUS_META[truck.status].tone}>{t(`trucks.status.${truck.status}`)}</Badge>
          </DetailItem>
          <DetailItem label={t('fields.ownership')}>{t(`trucks.ownership.${truck.ownership}`)}</DetailItem>
          <DetailItem label={t('fields.company')}>{truck.company}</DetailItem>
          <DetailItem label={t('fields.primaryDriver')}>{truck.primaryDriver}</DetailItem>
        </DetailCard>
        <DetailCard title={t('trucks.editor.vehicle')} testId="truck-vehicle">
          <DetailItem label={t('fields.vin')}>{truck.vin ? <span className="font-mono">{truck.vin}</span> : null}</DetailItem>
          <DetailItem label={t('trucks.list.vehicle')}>{vehicle ? <bdi>{vehicle}</bdi> : null}</DetailItem>
          <DetailItem label={t('fields.licensePlate')}>
            <PlateText plate={truck.licensePlate} state={truck.plateState} />
          </DetailItem>
          <DetailItem label={t('fields.odometerMiles')}>{truck.odometerMiles !== null ? formatNumber(i18n.language, truck.odometerMiles) : null}</DetailItem>
          <DetailItem label={t('fields.registrationExpiry')}>
            <ComplianceDate date={truck.registrationExpiry} kind="registration" compliance={truck.compliance} />
          </DetailItem>
          <DetailItem label={t('fields.inspectionDue')}>
            <ComplianceDate date={truck.inspectionDue} kind="inspection" compliance={truck.compliance} />
          </DetailItem>
          <DetailItem label={t('fields.notes')}>{truck.notes ? <p className="whitespace-pre-line">{truck.notes}</p> : null}</DetailItem>
        </DetailCard>
        <CustomFieldValues fields={loaderData.customFields} />
        {loaderData.schedules ? <UnitSchedulesCard rows={loaderData.schedules} addHref={loaderData.addSchedule} /> : null}
        {loaderData.storeCosts ? <TruckStoreCosts costs={loaderData.storeCosts} /> : null}
        {loaderData.tripSheets ? <TripSheetsCard truckId={truck.id} sheets={loaderData.tripSheets} /> : null}
        {loaderData.maintenance ? <UnitMaintenanceCard unit={{ truckId: truck.id }} maintenance={loaderData.maintenance} /> : null}
      </div>
    </>
  )
}
