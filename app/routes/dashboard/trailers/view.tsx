import type { ReactNode } from 'react'
import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { PageHeader } from '~/components/layout/page-header'
import { ComplianceBadges } from '~/components/ui/compliance-badges'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { getTrailer } from '~/models/trailer.server'
import { complianceFlags, startOfToday } from '~/models/compliance.server'
import { customFieldsForDisplay } from '~/models/custom-fields.server'
import { TRAILER_STATUS_META } from '~/schemas/trailer-options'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { requirePermission } from '~/utils/session.server'
import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers', 'customFields'] }

/** One trailer, read-only: every role that may read trailers sees it; editors also get an Edit link. */
export async function loader({ request, params }: Route.LoaderArgs) {
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
      registrationExpiry: trailer.registrationExpiry?.toISOString().slice(0, 10) ?? null,
      inspectionDue: trailer.inspectionDue?.toISOString().slice(0, 10) ?? null,
      notes: trailer.notes,
      compliance: complianceFlags(trailer, today),
    },
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/trailers/list')),
    canUpdate: can(user.role, 'update', 'trailer'),
    customFields: await customFieldsForDisplay(user.organizationId, 'trailers', trailer.customFields),
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

export default function TrailerView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { trailer, returnTo } = loaderData
  return (
    <>
      <PageHeader
        title={t('trailers.view.title', { unit: trailer.unitNumber })}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.trailers'), to: returnTo }, { label: trailer.unitNumber }]}
        action={
          loaderData.canUpdate ? (
            <ButtonLink to={withReturnTo(href('/dashboard/trailers/:id/edit', { id: trailer.id }), returnTo)}>
              <Icon name="edit" size={18} />
              {t('common.edit')}
            </ButtonLink>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('trailers.editor.identity')}</h2>
          <dl data-testid="trailer-identity">
            <Item label={t('fields.unitNumber')}>{trailer.unitNumber}</Item>
            <Item label={t('fields.trailerType')}>{t(`trailers.type.${trailer.type}`)}</Item>
            <Item label={t('fields.status')}>
              <Badge tone={TRAILER_STATUS_META[trailer.status].tone}>{t(`trailers.status.${trailer.status}`)}</Badge>
            </Item>
            <Item label={t('fields.company')}>{trailer.company}</Item>
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('trailers.editor.equipment')}</h2>
          <dl data-testid="trailer-equipment">
            <Item label={t('fields.vin')}>{trailer.vin ? <span className="font-mono">{trailer.vin}</span> : null}</Item>
            <Item label={t('fields.lengthFt')}>
              {trailer.lengthFt !== null ? t('trailers.list.feet', { length: formatNumber(i18n.language, trailer.lengthFt) }) : null}
            </Item>
            <Item label={t('fields.licensePlate')}>
              {trailer.licensePlate ? <bdi>{`${trailer.licensePlate}${trailer.plateState ? ` · ${trailer.plateState}` : ''}`}</bdi> : null}
            </Item>
            <Item label={t('fields.registrationExpiry')}>
              {trailer.registrationExpiry ? (
                <>
                  {formatDate(i18n.language, trailer.registrationExpiry)}
                  <ComplianceBadges compliance={{ inspection: null, registration: trailer.compliance.registration }} />
                </>
              ) : null}
            </Item>
            <Item label={t('fields.inspectionDue')}>
              {trailer.inspectionDue ? (
                <>
                  {formatDate(i18n.language, trailer.inspectionDue)}
                  <ComplianceBadges compliance={{ inspection: trailer.compliance.inspection, registration: null }} />
                </>
              ) : null}
            </Item>
            <Item label={t('fields.notes')}>{trailer.notes ? <p className="whitespace-pre-line">{trailer.notes}</p> : null}</Item>
          </dl>
        </Card>
        <CustomFieldValues fields={loaderData.customFields} />
      </div>
    </>
  )
}
