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
import { createTruck, getTruck, serializeTruck, updateTruck, type TruckWithRelations } from '~/models/truck.server'
import { listDriverOptions } from '~/models/user.server'
import { TruckSchema, TruckUpdateSchema } from '~/schemas/truck'
import { TRUCK_OWNERSHIPS, TRUCK_STATUS_META, TRUCK_STATUSES } from '~/schemas/truck-options'
import { requireActor } from '~/requests/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { formConstraint, formDefaults, savedToList, submitForm } from '~/requests/forms.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { requirePermission } from '~/requests/session.server'
import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields'] }

const LIST = href('/dashboard/trucks/list')

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
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  const dto = truck ? serializeTruck(truck) : null
  return {
    truck: dto,
    companies,
    drivers,
    customFieldDefinitions,
    returnTo,
    constraint: formConstraint(truck ? TruckUpdateSchema : TruckSchema),
    defaultValue: dto ? formDefaults(dto, TruckUpdateSchema) : { status: 'available', ownership: 'company' },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'truck')
  const formData = await request.formData()
  const t = getInstance(context).t
  const saved = (truck: TruckWithRelations) =>
    savedToList(formData, LIST, truck.id, {
      // A new truck's toast takes its variant from the truck's status (the spec's truckStatus).
      type: params.id ? 'success' : TRUCK_STATUS_META[truck.status].toast,
      title: t(params.id ? 'trucks.toast.updated' : 'trucks.toast.created', { unit: truck.unitNumber }),
      description: t('trucks.toast.status', { status: t(`trucks.status.${truck.status}`) }),
    })
  return params.id
    ? submitForm(formData, TruckUpdateSchema, (input) => updateTruck(actor, params.id!, input), saved)
    : submitForm(formData, TruckSchema, (input) => createTruck(actor, input), saved)
}

export default function TruckEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
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
      <RecordForm
        form={form}
        version={truck ? fields.version : undefined}
        conflictReload={actionData?.conflict && truck ? withReturnTo(href('/dashboard/trucks/:id/edit', { id: truck.id }), returnTo) : undefined}
        returnTo={returnTo}
        submitLabel={truck ? t('common.saveChanges') : t('trucks.new.submit')}
      >
        <FormSection title={t('trucks.editor.identity')}>
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
        </FormSection>
        <FormSection title={t('trucks.editor.vehicle')} after={<TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />}>
          <TextField label={t('fields.vin')} field={fields.vin} hint={t('trucks.editor.vinHint')} />
          <TextField label={t('fields.make')} field={fields.make} />
          <TextField label={t('fields.model')} field={fields.model} />
          <TextField label={t('fields.year')} field={fields.year} type="number" />
          <TextField label={t('fields.licensePlate')} field={fields.licensePlate} />
          <TextField label={t('fields.plateState')} field={fields.plateState} />
          <TextField label={t('fields.odometerMiles')} field={fields.odometerMiles} type="number" />
          <TextField label={t('fields.registrationExpiry')} field={fields.registrationExpiry} type="date" />
          <TextField label={t('fields.inspectionDue')} field={fields.inspectionDue} type="date" />
        </FormSection>
        <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
      </RecordForm>
    </>
  )
}
