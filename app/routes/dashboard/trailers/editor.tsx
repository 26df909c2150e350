import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { CustomFieldInputs } from '~/components/forms/custom-field-inputs'
import { FormSection, RecordForm } from '~/components/forms/record-form'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { listCompanyOptions } from '~/models/company.server'
import { customFieldsForForm } from '~/models/custom-fields.server'
import { createTrailer, getTrailer, serializeTrailer, updateTrailer, type TrailerWithRelations } from '~/models/trailer.server'
import { TrailerSchema, TrailerUpdateSchema } from '~/schemas/trailer'
import { TRAILER_STATUS_META, TRAILER_STATUSES, TRAILER_TYPES } from '~/schemas/trailer-options'
import { requireActor } from '~/requests/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { formConstraint, formDefaults, savedToList, submitForm } from '~/requests/forms.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { requirePermission } from '~/requests/session.server'
import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers', 'customFields'] }

const LIST = href('/dashboard/trailers/list')

/** One editor for /dashboard/trailers/new and /dashboard/trailers/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'trailer')
  const [trailer, customFieldDefinitions] = await Promise.all([
    params.id ? orNotFound(getTrailer(user.organizationId, params.id)) : null,
    customFieldsForForm(user.organizationId, 'trailers'),
  ])
  // Inactive companies are not offered, except the one this trailer already belongs to.
  const companies = await listCompanyOptions(user.organizationId, { activeOnly: true, keepId: trailer?.companyId })
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  const dto = trailer ? serializeTrailer(trailer) : null
  return {
    trailer: dto,
    companies,
    customFieldDefinitions,
    returnTo,
    constraint: formConstraint(trailer ? TrailerUpdateSchema : TrailerSchema),
    defaultValue: dto ? formDefaults(dto, TrailerUpdateSchema) : { status: 'available', type: 'dry_van' },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'trailer')
  const formData = await request.formData()
  const t = getInstance(context).t
  const saved = (trailer: TrailerWithRelations) =>
    savedToList(formData, LIST, trailer.id, {
      type: params.id ? 'success' : TRAILER_STATUS_META[trailer.status].toast,
      title: t(params.id ? 'trailers.toast.updated' : 'trailers.toast.created', { unit: trailer.unitNumber }),
      description: t('trailers.toast.status', { status: t(`trailers.status.${trailer.status}`) }),
    })
  return params.id
    ? submitForm(formData, TrailerUpdateSchema, (input) => updateTrailer(actor, params.id!, input), saved)
    : submitForm(formData, TrailerSchema, (input) => createTrailer(actor, input), saved)
}

export default function TrailerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { trailer, companies, returnTo } = loaderData
  // Typed by the update schema, whose fields are the create schema's plus the version.
  const [form, fields] = useSchemaForm<typeof TrailerUpdateSchema>({
    id: trailer ? `trailer-${trailer.id}` : 'trailer-new',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
  })
  const title = trailer ? t('trailers.edit.title', { unit: trailer.unitNumber }) : t('trailers.new.title')
  const statusOptions = TRAILER_STATUSES.map((value) => ({ value, label: t(`trailers.status.${value}`) }))
  const typeOptions = TRAILER_TYPES.map((value) => ({ value, label: t(`trailers.type.${value}`) }))

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.trailers'), to: returnTo },
          { label: trailer ? trailer.unitNumber : t('nav.create') },
        ]}
      />
      <RecordForm
        form={form}
        version={trailer ? fields.version : undefined}
        conflictReload={actionData?.conflict && trailer ? withReturnTo(href('/dashboard/trailers/:id/edit', { id: trailer.id }), returnTo) : undefined}
        returnTo={returnTo}
        submitLabel={trailer ? t('common.saveChanges') : t('trailers.new.submit')}
      >
        <FormSection title={t('trailers.editor.identity')}>
          <TextField label={t('fields.unitNumber')} field={fields.unitNumber} />
          <SelectField label={t('fields.trailerType')} field={fields.type} options={typeOptions} />
          <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
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
        <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
      </RecordForm>
    </>
  )
}
