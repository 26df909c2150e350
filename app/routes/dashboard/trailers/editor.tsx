import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { listCompanyOptions } from '~/models/reference/company.server'
import { createTrailer, getTrailer, serializeTrailer, updateTrailer } from '~/models/reference/trailer.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { TrailerSchema, TrailerUpdateSchema } from '~/schemas/trailer'
import { TRAILER_STATUS_META, TRAILER_STATUSES, TRAILER_TYPES } from '~/schemas/trailer-options'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers', 'customFields'] }

const schemas = { create: TrailerSchema, update: TrailerUpdateSchema }

/** One editor for /dashboard/trailers/new and /dashboard/trailers/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return readEditor(request, params.id, {
    entity: 'trailer',
    name: 'trailers',
    get: getTrailer,
    serialize: serializeTrailer,
    schemas,
    newDefaults: { status: 'available', type: 'dry_van' },
    // Inactive companies are not offered, except the one this trailer already belongs to.
    also: (user, trailer) => listCompanyOptions(user.organizationId, { activeOnly: true, keepId: trailer?.companyId }),
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'trailer',
    name: 'trailers',
    schemas,
    create: createTrailer,
    update: updateTrailer,
    statusMeta: TRAILER_STATUS_META,
    rowName: (trailer) => ({ unit: trailer.unitNumber }),
  })
}

export default function TrailerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { record: trailer, also: companies } = loaderData
  return (
    <RecordEditor<typeof TrailerUpdateSchema>
      name="trailers"
      record={trailer && { id: trailer.id, label: trailer.unitNumber, values: { unit: trailer.unitNumber } }}
      data={loaderData}
      reply={actionData}
    >
      {(fields) => (
        <>
          <FormSection title={t('trailers.editor.identity')}>
            <TextField label={t('fields.unitNumber')} field={fields.unitNumber} />
            <SelectField
              label={t('fields.trailerType')}
              field={fields.type}
              options={TRAILER_TYPES.map((value) => ({ value, label: t(`trailers.type.${value}`) }))}
            />
            <SelectField
              label={t('fields.status')}
              field={fields.status}
              options={TRAILER_STATUSES.map((value) => ({ value, label: t(`trailers.status.${value}`) }))}
            />
            <SelectField
              label={t('fields.company')}
              field={fields.companyId}
              placeholder={t('common.none')}
              options={companies.map((company) => ({ value: company.id, label: company.name }))}
            />
          </FormSection>
          <FormSection title={t('trailers.editor.equipment')} after={<TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />}>
            <TextField label={t('fields.vin')} field={fields.vin} hint={t('trailers.editor.vinHint')} />
            <TextField label={t('fields.lengthFt')} field={fields.lengthFt} type="number" />
            <TextField label={t('fields.licensePlate')} field={fields.licensePlate} />
            <TextField label={t('fields.plateState')} field={fields.plateState} />
            <TextField label={t('fields.registrationExpiry')} field={fields.registrationExpiry} type="date" />
            <TextField label={t('fields.inspectionDue')} field={fields.inspectionDue} type="date" />
          </FormSection>
        </>
      )}
    </RecordEditor>
  )
}
