import { CheckboxField } from '~/components/forms/custom-field-inputs'
import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { accidentFormOptions, accidentFormValues, createAccident, getAccident, serializeAccident, updateAccident } from '~/models/accidents/accident.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { requirePermission } from '~/requests/session.server'
import { AccidentSchema, AccidentUpdateSchema } from '~/schemas/accident'
import { JURISDICTIONS } from '~/schemas/ifta-options'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['accidents'] }

const schemas = { create: AccidentSchema, update: AccidentUpdateSchema }

/**
 * One editor for /dashboard/accidents/new and /:id/edit. `?loadId=` (the load page's "Record an
 * accident") names the load of a new one and fills in its driver, truck and trailer.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'accident')
  const loadId = params.id ? null : new URL(request.url).searchParams.get('loadId')
  const [timeZone, prefill] = await Promise.all([organizationTimeZone(user.organizationId), accidentFormOptions(user.organizationId, { loadId })])
  const load = prefill.load
  return {
    ...(await readEditor(request, params.id, {
      entity: 'accident',
      name: 'accidents',
      get: getAccident,
      serialize: serializeAccident,
      schemas,
      newDefaults: load
        ? { loadId: load.id, driverId: load.driverId ?? undefined, truckId: load.truckId ?? undefined, trailerId: load.trailerId ?? undefined }
        : {},
      formValues: (record) => accidentFormValues(record, timeZone),
      also: async (_user, record) => (record?.loadId ? accidentFormOptions(user.organizationId, { loadId: record.loadId }) : prefill),
    })),
    timeZone,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'accident',
    name: 'accidents',
    schemas,
    create: (actor, input) => createAccident(actor, input),
    update: (actor, id, input) => updateAccident(actor, id, input),
    statusMeta: null,
    rowName: (accident) => ({ place: `${accident.city}, ${accident.state}` }),
  })
}

export default function AccidentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { record: accident, also: options } = loaderData
  const values = accident && { date: String(loaderData.defaultValue.occurredAt ?? '').replace('T', ' '), place: `${accident.city}, ${accident.state}` }
  return (
    <RecordEditor<typeof AccidentUpdateSchema>
      name="accidents"
      record={accident && values && { id: accident.id, label: values.place, values }}
      data={loaderData}
      reply={actionData}
    >
      {(fields) => (
        <>
          <FormSection title={t('accidents.editor.what')}>
            <TextField
              label={t('accidents.fields.occurredAt')}
              field={fields.occurredAt}
              type="datetime-local"
              hint={t('accidents.editor.timeHint', { zone: loaderData.timeZone })}
            />
            <TextField label={t('accidents.fields.city')} field={fields.city} />
            <SelectField
              label={t('accidents.fields.state')}
              field={fields.state}
              placeholder={t('accidents.editor.chooseState')}
              options={JURISDICTIONS.map((code) => ({ value: code, label: code }))}
            />
            <TextField label={t('accidents.fields.reportNumber')} field={fields.reportNumber} hint={t('accidents.editor.reportNumberHint')} />
          </FormSection>
          <FormSection title={t('accidents.editor.who')}>
            <SelectField
              label={t('accidents.fields.driver')}
              field={fields.driverId}
              placeholder={t('accidents.editor.chooseDriver')}
              options={options.drivers.map((driver) => ({ value: driver.id, label: driver.name }))}
            />
            <SelectField
              label={t('accidents.fields.truck')}
              field={fields.truckId}
              placeholder={t('accidents.editor.chooseTruck')}
              options={options.trucks.map((unit) => ({ value: unit.id, label: unit.unitNumber }))}
            />
            <SelectField
              label={t('accidents.fields.trailer')}
              field={fields.trailerId}
              placeholder={t('common.none')}
              options={options.trailers.map((unit) => ({ value: unit.id, label: unit.unitNumber }))}
            />
            <SelectField
              label={t('accidents.fields.load')}
              field={fields.loadId}
              placeholder={t('common.none')}
              options={options.load ? [{ value: options.load.id, label: options.load.loadNumber }] : []}
            />
          </FormSection>
          <FormSection title={t('accidents.editor.outcome')} after={<TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />}>
            <TextField label={t('accidents.fields.fatalities')} field={fields.fatalities} type="number" />
            <TextField label={t('accidents.fields.injuries')} field={fields.injuries} type="number" hint={t('accidents.editor.injuriesHint')} />
            <CheckboxField label={t('accidents.fields.towAway')} field={fields.towAway} hint={t('accidents.editor.towAwayHint')} />
            <CheckboxField label={t('accidents.fields.hazmatReleased')} field={fields.hazmatReleased} />
          </FormSection>
        </>
      )}
    </RecordEditor>
  )
}
