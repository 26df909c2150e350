import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { createSchedule, getSchedule, listUnitOptions, serializeSchedule, updateSchedule } from '~/models/maintenance/maintenance-schedule.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { MaintenanceScheduleSchema, MaintenanceScheduleUpdateSchema } from '~/schemas/maintenance-schedule'
import { scheduleName } from '~/schemas/maintenance-schedule-options'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['schedules'] }

const schemas = { create: MaintenanceScheduleSchema, update: MaintenanceScheduleUpdateSchema }

/** One editor for /dashboard/maintenance/schedules/new and /:id/edit. `?truckId=` or `?trailerId=` picks the unit of a new one (from the unit's page). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return readEditor(request, params.id, {
    entity: 'maintenanceSchedule',
    name: 'schedules',
    get: getSchedule,
    serialize: serializeSchedule,
    schemas,
    newDefaults: { truckId: url.searchParams.get('truckId') ?? undefined, trailerId: url.searchParams.get('trailerId') ?? undefined },
    also: (user) => listUnitOptions(user.organizationId),
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'maintenanceSchedule',
    name: 'schedules',
    schemas,
    create: createSchedule,
    update: updateSchedule,
    statusMeta: null,
    rowName: scheduleName,
  })
}

export default function ScheduleEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { record: schedule, also: units } = loaderData
  const values = schedule && scheduleName(schedule)
  return (
    <RecordEditor<typeof MaintenanceScheduleUpdateSchema>
      name="schedules"
      record={schedule && values && { id: schedule.id, label: t('schedules.view.label', values), values }}
      data={loaderData}
      reply={actionData}
    >
      {(fields) => (
        <>
          <FormSection title={t('schedules.editor.unit')}>
            <TextField label={t('schedules.fields.task')} field={fields.task} />
            <SelectField
              label={t('schedules.fields.truck')}
              field={fields.truckId}
              placeholder={t('schedules.editor.chooseTruck')}
              hint={t('schedules.editor.unitHint')}
              options={units.trucks.map((unit) => ({ value: unit.id, label: unit.unitNumber }))}
            />
            <SelectField
              label={t('schedules.fields.trailer')}
              field={fields.trailerId}
              placeholder={t('schedules.editor.chooseTrailer')}
              options={units.trailers.map((unit) => ({ value: unit.id, label: unit.unitNumber }))}
            />
          </FormSection>
          <FormSection title={t('schedules.editor.interval')} after={<TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />}>
            <TextField label={t('schedules.fields.everyDays')} field={fields.everyDays} type="number" hint={t('schedules.editor.intervalHint')} />
            <TextField label={t('schedules.fields.everyMiles')} field={fields.everyMiles} type="number" />
            <TextField label={t('schedules.fields.lastDoneAt')} field={fields.lastDoneAt} type="date" />
            <TextField label={t('schedules.fields.lastDoneOdometer')} field={fields.lastDoneOdometer} type="number" hint={t('schedules.editor.odometerHint')} />
          </FormSection>
        </>
      )}
    </RecordEditor>
  )
}
