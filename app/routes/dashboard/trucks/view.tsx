import { href } from 'react-router'
import type { ReactNode } from 'react'
import { useTranslation } from '~/utils/use-translation'
import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { PageHeader } from '~/components/layout/page-header'
import { ComplianceBadges } from '~/components/ui/compliance-badges'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { complianceFlags, startOfToday } from '~/models/compliance.server'
import { customFieldsForDisplay } from '~/models/custom-fields.server'
import { getTruck } from '~/models/truck.server'
import { TRUCK_STATUS_META } from '~/schemas/truck-options'
import { formatDate, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { orNotFound } from '~/utils/errors.server'
import { requirePermission } from '~/utils/session.server'
import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields'] }

/** One truck, read-only: every role that may read trucks sees it; editors also get an Edit link. */
export async function loader({ request, params }: Route.LoaderArgs) {
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
      registrationExpiry: truck.registrationExpiry?.toISOString().slice(0, 10) ?? null,
      inspectionDue: truck.inspectionDue?.toISOString().slice(0, 10) ?? null,
      notes: truck.notes,
      compliance: complianceFlags(truck, today),
    },
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo')),
    canUpdate: can(user.role, 'update', 'truck'),
    customFields: await customFieldsForDisplay(user.organizationId, 'trucks', truck.customFields),
  }
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-dashed border-line py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 text-sm sm:col-span-2 sm:mt-0">{children ?? <span className="text-muted">—</span>}</dd>
    </div>
  )
}

export default function TruckView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { truck, returnTo } = loaderData
  const vehicle = [truck.year, truck.make, truck.model].filter(Boolean).join(' ')
  return (
    <>
      <PageHeader
        title={t('trucks.view.title', { unit: truck.unitNumber })}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.trucks'), to: returnTo }, { label: truck.unitNumber }]}
        action={
          loaderData.canUpdate ? (
            <ButtonLink to={withReturnTo(href('/dashboard/trucks/:id/edit', { id: truck.id }), returnTo)}>
              <Icon name="edit" size={18} />
              {t('common.edit')}
            </ButtonLink>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('trucks.editor.identity')}</h2>
          <dl data-testid="truck-identity">
            <Item label={t('fields.unitNumber')}>{truck.unitNumber}</Item>
            <Item label={t('fields.status')}>
              <Badge tone={TRUCK_STATUS_META[truck.status].tone}>{t(`trucks.status.${truck.status}`)}</Badge>
            </Item>
            <Item label={t('fields.ownership')}>{t(`trucks.ownership.${truck.ownership}`)}</Item>
            <Item label={t('fields.company')}>{truck.company}</Item>
            <Item label={t('fields.primaryDriver')}>{truck.primaryDriver}</Item>
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('trucks.editor.vehicle')}</h2>
          <dl data-testid="truck-vehicle">
            <Item label={t('fields.vin')}>{truck.vin ? <span className="font-mono">{truck.vin}</span> : null}</Item>
            <Item label={t('trucks.list.vehicle')}>{vehicle ? <bdi>{vehicle}</bdi> : null}</Item>
            <Item label={t('fields.licensePlate')}>
              {truck.licensePlate ? <bdi>{`${truck.licensePlate}${truck.plateState ? ` · ${truck.plateState}` : ''}`}</bdi> : null}
            </Item>
            <Item label={t('fields.odometerMiles')}>{truck.odometerMiles !== null ? formatNumber(i18n.language, truck.odometerMiles) : null}</Item>
            <Item label={t('fields.registrationExpiry')}>
              {truck.registrationExpiry ? (
                <>
                  {formatDate(i18n.language, truck.registrationExpiry)}
                  <ComplianceBadges compliance={{ inspection: null, registration: truck.compliance.registration }} />
                </>
              ) : null}
            </Item>
            <Item label={t('fields.inspectionDue')}>
              {truck.inspectionDue ? (
                <>
                  {formatDate(i18n.language, truck.inspectionDue)}
                  <ComplianceBadges compliance={{ inspection: truck.compliance.inspection, registration: null }} />
                </>
              ) : null}
            </Item>
            <Item label={t('fields.notes')}>{truck.notes ? <p className="whitespace-pre-line">{truck.notes}</p> : null}</Item>
          </dl>
        </Card>
        <CustomFieldValues fields={loaderData.customFields} />
      </div>
    </>
  )
}
