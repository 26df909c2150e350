import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '~/utils/use-translation'
import { Form, useNavigation, href } from 'react-router'
import { ConflictNotice } from '~/components/forms/conflict-notice'
import { CustomFieldInputs, customFieldDefaults } from '~/components/forms/custom-field-inputs'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { listCompanyOptions } from '~/models/company.server'
import { customFieldsForForm } from '~/models/custom-fields.server'
import { createTrailer, getTrailer, serializeTrailer, updateTrailer, type TrailerDto, type TrailerWithRelations } from '~/models/trailer.server'
import { TrailerSchema, TrailerUpdateSchema, type TrailerUpdate } from '~/schemas/trailer'
import { TRAILER_STATUS_META, TRAILER_STATUSES, TRAILER_TYPES } from '~/schemas/trailer-options'
import { requireActor } from '~/utils/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { formConstraint, formFailure, invalidSubmission } from '~/utils/forms.server'
import { listReturnTo, withChanged, withReturnTo } from '~/utils/list-return'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
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
    defaultValue: dto ? { ...formDefaults(dto), customFields: customFieldDefaults(dto.customFields) } : { status: 'available', type: 'dry_van' },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'trailer')
  const formData = await request.formData()
  const t = getInstance(context).t
  // Back to the list as the user left it, with the row that changed marked.
  const saved = (trailer: TrailerWithRelations) =>
    redirectWithToast(withChanged(listReturnTo(formData.get('returnTo'), LIST), trailer.id), {
      type: params.id ? 'success' : TRAILER_STATUS_META[trailer.status].toast,
      title: t(params.id ? 'trailers.toast.updated' : 'trailers.toast.created', { unit: trailer.unitNumber }),
      description: t('trailers.toast.status', { status: t(`trailers.status.${trailer.status}`) }),
    })

  if (params.id) {
    const submission = parseWithZod(formData, { schema: TrailerUpdateSchema })
    if (submission.status !== 'success') return invalidSubmission(submission)
    try {
      return saved(await updateTrailer(actor, params.id, submission.value))
    } catch (error) {
      return formFailure(submission, error)
    }
  }
  const submission = parseWithZod(formData, { schema: TrailerSchema })
  if (submission.status !== 'success') return invalidSubmission(submission)
  try {
    return saved(await createTrailer(actor, submission.value))
  } catch (error) {
    return formFailure(submission, error)
  }
}

/** The editable fields of a trailer as the form shows them (absent, not null, when empty). */
function formDefaults(trailer: TrailerDto): Partial<Record<keyof TrailerUpdate, string | number>> {
  const keys = (Object.keys(TrailerUpdateSchema.shape) as Array<keyof TrailerUpdate>).filter((key) => key !== 'customFields')
  return Object.fromEntries(keys.flatMap((key) => (trailer[key] === null || trailer[key] === undefined ? [] : [[key, trailer[key]]])))
}

export default function TrailerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
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
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.conflict && trailer ? (
          <ConflictNotice reloadTo={withReturnTo(href('/dashboard/trailers/:id/edit', { id: trailer.id }), returnTo)} />
        ) : null}
        {/* The version the user started from (kept from their submission after a conflict). */}
        {trailer ? <input {...getInputProps(fields.version, { type: 'hidden' })} /> : null}
        <input type="hidden" name="returnTo" value={returnTo} />
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('trailers.editor.identity')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('fields.unitNumber')} field={fields.unitNumber} />
            <SelectField label={t('fields.trailerType')} field={fields.type} options={typeOptions} />
            <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
            <SelectField
              label={t('fields.company')}
              field={fields.companyId}
              placeholder={t('common.none')}
              options={companies.map((company) => ({ value: company.id, label: company.name }))}
            />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('trailers.editor.equipment')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('fields.vin')} field={fields.vin} hint={t('trailers.editor.vinHint')} />
            <TextField label={t('fields.lengthFt')} field={fields.lengthFt} type="number" />
            <TextField label={t('fields.licensePlate')} field={fields.licensePlate} />
            <TextField label={t('fields.plateState')} field={fields.plateState} />
            <TextField label={t('fields.registrationExpiry')} field={fields.registrationExpiry} type="date" />
            <TextField label={t('fields.inspectionDue')} field={fields.inspectionDue} type="date" />
          </div>
          <TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />
        </Card>
        <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
        <div className="flex flex-wrap justify-end gap-3">
          <ButtonLink to={returnTo} variant="secondary">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {trailer ? t('common.saveChanges') : t('trailers.new.submit')}
          </Button>
        </div>
      </Form>
    </>
  )
}
