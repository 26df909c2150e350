import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { listCompanyOptions } from '~/models/reference/company.server'
import { createTruck, getTruck, serializeTruck, updateTruck } from '~/models/reference/truck.server'
import { listDriverOptions } from '~/models/users/user.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { TruckSchema, TruckUpdateSchema } from '~/schemas/truck'
import { TRUCK_OWNERSHIPS, TRUCK_STATUS_META, TRUCK_STATUSES } from '~/schemas/truck-options'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks', 'customFields'] }

const schemas = { create: TruckSchema, update: TruckUpdateSchema }

/** One editor for /dashboard/trucks/new and /dashboard/trucks/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return readEditor(request, params.id, {
    entity: 'truck',
    name: 'trucks',
    get: getTruck,
    serialize: serializeTruck,
    schemas,
    newDefaults: { status: 'available', ownership: 'company' },
    // Inactive companies are not offered, except the one this truck already belongs to.
    also: async (user, truck) => {
      const [companies, drivers] = await Promise.all([
        listCompanyOptions(user.organizationId, { activeOnly: true, keepId: truck?.companyId }),
        listDriverOptions(user.organizationId),
      ])
      return { companies, drivers }
    },
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'truck',
    name: 'trucks',
    schemas,
    create: createTruck,
    update: updateTruck,
    // A new truck's toast takes its variant from the truck's status (the spec's truckStatus).
    statusMeta: TRUCK_STATUS_META,
    rowName: (truck) => ({ unit: truck.unitNumber }),
  })
}

export default function TruckEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const {
    record: truck,
    also: { companies, drivers },
  } = loaderData
  const statusOptions = TRUCK_STATUSES.map((value) => ({ value, label: t(`trucks.status.${value}`) }))
  const ownershipOptions = TRUCK_OWNERSHIPS.map((value) => ({ value, label: t(`trucks.ownership.${value}`) }))
  return (
    <RecordEditor<typeof TruckUpdateSchema>
      name="trucks"
      record={truck && { id: truck.id, label: truck.unitNumber, values: { unit: truck.unitNumber } }}
      data={loaderData}
      reply={actionData}
    >
      {(fields) => (
        <>
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
        </>
      )}
    </RecordEditor>
  )
}
