import { href } from 'react-router'

import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { UnitMaintenanceCard } from '~/components/maintenance/unit-maintenance-card'
import { UnitSchedulesCard } from '~/components/maintenance/unit-schedules-card'
import { Badge } from '~/components/ui/badge'
import { ComplianceDate, DetailCard, DetailItem, PlateText, RecordHeader } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { listUnitSchedules } from '~/models/maintenance/maintenance-schedule.server'
import { complianceFlags, startOfToday } from '~/models/organization/compliance.server'
import { customFieldsForDisplay } from '~/models/organization/custom-fields.server'
import { isoDate } from '~/models/records/records.server'
import { getTrailer } from '~/models/reference/trailer.server'
import { requirePermission } from '~/requests/session.server'
import { unitMaintenanceCard } from '~/requests/unit-maintenance.server'
import { TRAILER_STATUS_META } from '~/schemas/trailer-options'
import { orNotFound } from '~/utils/errors.server'
import { formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers', 'customFields', 'workOrders', 'schedules'] }

/** One trailer, read-only: every role that may read trailers sees it; editors also get an Edit link. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'trailer')
  const trailer = await orNotFound(getTrailer(user.organizationId, params.id))
  const today = startOfToday()
  return {
    trailer: {
      id: trailer.id,
      unitNumber: trailer.unitNumber,
      status: trailer.status,
      type: trailer.type,
      company: trailer.company?.name ?? null,
      lengthFt: trailer.lengthFt,
      vin: trailer.vin,
      licensePlate: trailer.licensePlate,
      plateState: trailer.plateState,
      registrationExpiry: isoDate(trailer.registrationExpiry),
      inspectionDue: isoDate(trailer.inspectionDue),
      notes: trailer.notes,
      compliance: complianceFlags(trailer, today),
    },
    maintenance: await unitMaintenanceCard(user, context, 'trailer', trailer),
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/trailers/list')),
    canUpdate: can(user.role, 'update', 'trailer'),
    customFields: await customFieldsForDisplay(user.organizationId, 'trailers', trailer.customFields),
    // Its preventive maintenance schedules with their status today (ADR 133).
    schedules: can(user.role, 'read', 'maintenanceSchedule') ? await listUnitSchedules(user.organizationId, { trailerId: trailer.id }) : null,
    addSchedule: can(user.role, 'create', 'maintenanceSchedule') ? `${href('/dashboard/maintenance/schedules/new')}?trailerId=${trailer.id}` : null,
  }
}

export default function TrailerView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { trailer, returnTo } = loaderData
  return (
    <>
      <RecordHeader
        title={t('trailers.view.title', { unit: trailer.unitNumber })}
        listLabel={t('nav.trailers')}
        returnTo={returnTo}
        name={trailer.unitNumber}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/trailers/:id/edit', { id: trailer.id }), returnTo) : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t('trailers.editor.identity')} testId="trailer-identity">
          <DetailItem label={t('fields.unitNumber')}>{trailer.unitNumber}</DetailItem>
          <DetailItem label={t('fields.trailerType')}>{t(`trailers.type.${trailer.type}`)}</DetailItem>
          <DetailItem label={t('fields.status')}>
            <Badge tone={TRAILER_STATUS_META[trailer.status].tone}>{t(`trailers.status.${trailer.status}`)}</Badge>
          </DetailItem>
          <DetailItem label={t('fields.company')}>{trailer.company}</DetailItem>
        </DetailCard>
        <DetailCard title={t('trailers.editor.equipment')} testId="trailer-equipment">
          <DetailItem label={t('fields.vin')}>{trailer.vin ? <span className="font-mono">{trailer.vin}</span> : null}</DetailItem>
          <DetailItem label={t('fields.lengthFt')}>
            {trailer.lengthFt !== null ? t('trailers.list.feet', { length: formatNumber(i18n.language, trailer.lengthFt) }) : null}
          </DetailItem>
          <DetailItem label={t('fields.licensePlate')}>
            <PlateText plate={trailer.licensePlate} state={trailer.plateState} />
          </DetailItem>
          <DetailItem label={t('fields.registrationExpiry')}>
            <ComplianceDate date={trailer.registrationExpiry} kind="registration" compliance={trailer.compliance} />
          </DetailItem>
          <DetailItem label={t('fields.inspectionDue')}>
            <ComplianceDate date={trailer.inspectionDue} kind="inspection" compliance={trailer.compliance} />
          </DetailItem>
          <DetailItem label={t('fields.notes')}>{trailer.notes ? <p className="whitespace-pre-line">{trailer.notes}</p> : null}</DetailItem>
        </DetailCard>
        <CustomFieldValues fields={loaderData.customFields} />
        {loaderData.maintenance ? <UnitMaintenanceCard unit={{ trailerId: trailer.id }} maintenance={loaderData.maintenance} /> : null}
        {loaderData.schedules ? <UnitSchedulesCard rows={loaderData.schedules} addHref={loaderData.addSchedule} /> : null}
      </div>
    </>
  )
}
