import { useLocation } from 'react-router'

import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { RowButton } from '~/components/forms/row-button'
import { buttonClass } from '~/components/ui/button'
import { ErrorList, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getLocale } from '~/middleware/i18next'
import { createTrip, getTrip, serializeTrip, updateTrip } from '~/models/fuel-tax/trip.server'
import { listTruckOptions } from '~/models/reference/truck.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { JURISDICTIONS, MAX_TRIP_JURISDICTIONS } from '~/schemas/ifta-options'
import { TripSchema, TripUpdateSchema } from '~/schemas/trip'
import { formatDate } from '~/utils/format'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trips', 'ifta'] }

const schemas = { create: TripSchema, update: TripUpdateSchema }
/** The anchor the add and remove buttons come back to, with JavaScript or without. */
const LINES = 'trip-jurisdictions'

/** One editor for /dashboard/trips/new and /dashboard/trips/:id/edit: a trip and its miles by state. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return readEditor(request, params.id, {
    entity: 'trip',
    name: 'trips',
    get: getTrip,
    serialize: serializeTrip,
    schemas,
    newDefaults: { jurisdictions: [{ jurisdiction: '' }] },
    also: (user) => listTruckOptions(user.organizationId),
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'trip',
    name: 'trips',
    schemas,
    create: createTrip,
    update: updateTrip,
    statusMeta: null,
    rowName: (trip) => ({ unit: trip.truck.unitNumber, date: formatDate(getLocale(context), trip.endedAt) }),
  })
}

export default function TripEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const { record: trip, also: trucks } = loaderData
  const values = trip && { unit: trip.truck.unitNumber, date: formatDate(i18n.language, trip.endedAt) }
  const back = `${pathname}${search}#${LINES}`
  return (
    <RecordEditor<typeof TripUpdateSchema>
      name="trips"
      record={trip && values && { id: trip.id, label: t('trips.view.label', values), values }}
      data={loaderData}
      reply={actionData}
    >
      {(fields, form) => {
        const lines = fields.jurisdictions.getFieldList()
        return (
          <>
            <FormSection title={t('trips.editor.trip')}>
              <SelectField
                label={t('fields.unitNumber')}
                field={fields.truckId}
                placeholder={t('trips.editor.chooseUnit')}
                options={trucks.map((truck) => ({ value: truck.id, label: truck.unitNumber }))}
              />
              <TextField label={t('trips.fields.startedAt')} field={fields.startedAt} type="date" />
              <TextField label={t('trips.fields.endedAt')} field={fields.endedAt} type="date" />
              <TextField label={t('trips.fields.startOdometer')} field={fields.startOdometer} type="number" />
              <TextField label={t('trips.fields.endOdometer')} field={fields.endOdometer} type="number" />
            </FormSection>
            <FormSection title={t('trips.fields.jurisdictions')} after={<TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />}>
              <div id={LINES} className="scroll-mt-24 sm:col-span-2 lg:col-span-3">
                <p className="mb-3 text-sm text-muted">{t('trips.editor.linesHint')}</p>
                <ErrorList id={fields.jurisdictions.errorId} errors={fields.jurisdictions.errors} />
                <ol className="space-y-3" data-testid="trip-lines">
                  {lines.map((line, index) => {
                    const row = line.getFieldset()
                    const n = index + 1
                    return (
                      <li key={line.key ?? index} className="flex items-start gap-2 rounded-lg border border-line p-3" data-testid="trip-line">
                        <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-3">
                          <SelectField
                            label={t('trips.editor.jurisdiction', { n })}
                            field={row.jurisdiction}
                            placeholder={t('trips.editor.chooseJurisdiction')}
                            options={JURISDICTIONS.map((code) => ({ value: code, label: code }))}
                          />
                          <TextField label={t('trips.fields.miles')} field={row.miles} type="number" />
                          <TextField label={t('trips.editor.taxableMiles')} field={row.taxableMiles} type="number" hint={t('trips.editor.taxableHint')} />
                        </div>
                        <div className="pt-7">
                          <RowButton
                            icon="trash"
                            label={t('trips.editor.removeLine', { n })}
                            disabled={lines.length === 1}
                            buttonProps={{ ...form.remove.getButtonProps({ name: fields.jurisdictions.name, index }), formAction: back }}
                          />
                        </div>
                      </li>
                    )
                  })}
                </ol>
                <button
                  {...form.insert.getButtonProps({ name: fields.jurisdictions.name, defaultValue: { jurisdiction: '' } })}
                  formAction={back}
                  type="submit"
                  disabled={lines.length >= MAX_TRIP_JURISDICTIONS}
                  className={buttonClass('secondary', 'sm', 'mt-3')}
                >
                  <Icon name="plus" size={16} />
                  {t('trips.editor.addLine')}
                </button>
              </div>
            </FormSection>
          </>
        )
      }}
    </RecordEditor>
  )
}
