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
import { createTruck, getTruck, serializeTruck, updateTruck, type TruckDto, type TruckWithRelations } from '~/models/truck.server'
import { listDriverOptions } from '~/models/user.server'
import { TruckSchema, TruckUpdateSchema, type TruckUpdate } from '~/schemas/truck'
import { TRUCK_OWNERSHIPS, TRUCK_STATUS_META, TRUCK_STATUSES } from '~/schemas/truck-options'
import { requireActor } from '~/utils/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { formConstraint, formFailure, invalidSubmission } from '~/utils/forms.server'
import { requirePermission } from '~/utils/session.server'
import { listReturnTo, withChanged, withReturnTo } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields'] }

/** One editor for /dashboard/trucks/new and /dashboard/trucks/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'truck')
  const [truck, drivers, customFieldDefinitions] = await Promise.all([
    params.id ? orNotFound(getTruck(user.organizationId, params.id)) : null,
    listDriverOptions(user.organizationId),
    customFieldsForForm(user.organizationId, 'trucks'),
  ])
  // Inactive companies are not offered, except the one this truck already belongs to.
  const companies = await listCompanyOptions(user.organizationId, { activeOnly: true, keepId: truck?.companyId })
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'))
  const dto = truck ? serializeTruck(truck) : null
  return {
    truck: dto,
    companies,
    drivers,
    customFieldDefinitions,
    returnTo,
    constraint: formConstraint(truck ? TruckUpdateSchema : TruckSchema),
    defaultValue: dto ? { ...formDefaults(dto), customFields: customFieldDefaults(dto.customFields) } : { status: 'available', ownership: 'company' },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'truck')
  const formData = await request.formData()
  const t = getInstance(context).t
  // Back to the list as the user left it, with the row that changed marked.
  const saved = (truck: TruckWithRelations) =>
    redirectWithToast(withChanged(listReturnTo(formData.get('returnTo')), truck.id), {
      // A new truck's toast takes its variant from the truck's status (the spec's truckStatus).
      type: params.id ? 'success' : TRUCK_STATUS_META[truck.status].toast,
      title: t(params.id ? 'trucks.toast.updated' : 'trucks.toast.created', { unit: truck.unitNumber }),
      description: t('trucks.toast.status', { status: t(`trucks.status.${truck.status}`) }),
    })

  if (params.id) {
    const submission = parseWithZod(formData, { schema: TruckUpdateSchema })
    if (submission.status !== 'success') return invalidSubmission(submission)
    try {
      return saved(await updateTruck(actor, params.id, submission.value))
    } catch (error) {
      return formFailure(submission, error)
    }
  }
  const submission = parseWithZod(formData, { schema: TruckSchema })
  if (submission.status !== 'success') return invalidSubmission(submission)
  try {
    return saved(await createTruck(actor, submission.value))
  } catch (error) {
    return formFailure(submission, error)
  }
}

/** The editable fields of a truck as the form shows them (absent, not null, when empty). */
function formDefaults(truck: TruckDto): Partial<Record<keyof TruckUpdate, string | number>> {
  const keys = (Object.keys(TruckUpdateSchema.shape) as Array<keyof TruckUpdate>).filter((key) => key !== 'customFields')
  return Object.fromEntries(keys.flatMap((key) => (truck[key] === null || truck[key] === undefined ? [] : [[key, truck[key]]])))
}

export default function TruckEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { truck, companies, drivers, returnTo } = loaderData
  // Typed by the update schema, whose fields are the create schema's plus the version.
  const [form, fields] = useSchemaForm<typeof TruckUpdateSchema>({
    id: truck ? `truck-${truck.id}` : 'truck-new',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
  })
  const title = truck ? t('trucks.edit.title', { unit: truck.unitNumber }) : t('trucks.new.title')
  const statusOptions = TRUCK_STATUSES.map((value) => ({ value, label: t(`trucks.status.${value}`) }))
  const ownershipOptions = TRUCK_OWNERSHIPS.map((value) => ({ value, label: t(`trucks.ownership.${value}`) }))

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.trucks'), to: returnTo },
          { label: truck ? truck.unitNumber : t('nav.create') },
        ]}
      />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.conflict && truck ? <ConflictNotice reloadTo={withReturnTo(href('/dashboard/trucks/:id/edit', { id: truck.id }), returnTo)} /> : null}
        {/* The version the user started from (kept from their submission after a conflict). */}
        {truck ? <input {...getInputProps(fields.version, { type: 'hidden' })} /> : null}
        <input type="hidden" name="returnTo" value={returnTo} />
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('trucks.editor.identity')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('fields.unitNumber')} field={fields.unitNumber} />
            <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
            <SelectField label={t('fields.ownership')} field={fields.ownership} options={ownershipOptions} />
            <SelectField
              label={t('fields.company')}
              field={fields.companyId}
              placeholder={t('common.none')}
              options={companies.map((company) => ({ value: company.id, label: company.name }))}
            />
            <SelectField
              label={t('fields.primaryDriver')}
              field={fields.primaryDriverId}
              placeholder={t('common.none')}
              options={drivers.map((driver) => ({ value: driver.id, label: `${driver.firstName} ${driver.lastName}` }))}
            />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('trucks.editor.vehicle')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('fields.vin')} field={fields.vin} hint={t('trucks.editor.vinHint')} />
            <TextField label={t('fields.make')} field={fields.make} />
            <TextField label={t('fields.model')} field={fields.model} />
            <TextField label={t('fields.year')} field={fields.year} type="number" />
            <TextField label={t('fields.licensePlate')} field={fields.licensePlate} />
            <TextField label={t('fields.plateState')} field={fields.plateState} />
            <TextField label={t('fields.odometerMiles')} field={fields.odometerMiles} type="number" />
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
            {truck ? t('common.saveChanges') : t('trucks.new.submit')}
          </Button>
        </div>
      </Form>
    </>
  )
}
