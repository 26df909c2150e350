import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { EVENT_COLOURS } from '~/schemas/calendar-options'

export type EventValues = Record<'title' | 'notes' | 'colour' | 'startDate' | 'startTime' | 'endDate' | 'endTime', string>

/** The fields the form shows with their messages (a refusal lists any other under its summary). */
export const EVENT_FIELDS = ['title', 'notes', 'colour', 'startDate', 'startTime', 'endDate', 'endTime'] as const

/** A calendar event's inputs, shared by its page (no JavaScript) and the calendar's dialog. */
export function EventFields({ values, fields }: { values: EventValues; fields: Record<string, string[]> }) {
  const { t } = useTranslation()
  const invalid = (name: string) => (fields[name]?.length ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})
  return (
    <>
      <div className="sm:col-span-2">
        <PlainField id="title" label={t('calendar.fields.title')} errors={fields.title}>
          <input id="title" name="title" required maxLength={120} defaultValue={values.title} className={inputClass} {...invalid('title')} />
        </PlainField>
      </div>
      <PlainField id="startDate" label={t('calendar.fields.startDate')} errors={fields.startDate}>
        <input id="startDate" name="startDate" type="date" required defaultValue={values.startDate} className={inputClass} {...invalid('startDate')} />
      </PlainField>
      <PlainField id="startTime" label={t('calendar.fields.startTime')} errors={fields.startTime}>
        <input id="startTime" name="startTime" type="time" defaultValue={values.startTime} className={inputClass} {...invalid('startTime')} />
      </PlainField>
      <PlainField id="endDate" label={t('calendar.fields.endDate')} errors={fields.endDate}>
        <input id="endDate" name="endDate" type="date" defaultValue={values.endDate} className={inputClass} {...invalid('endDate')} />
      </PlainField>
      <PlainField id="endTime" label={t('calendar.fields.endTime')} errors={fields.endTime}>
        <input id="endTime" name="endTime" type="time" defaultValue={values.endTime} className={inputClass} {...invalid('endTime')} />
      </PlainField>
      <p className="-mt-2 text-xs text-muted sm:col-span-2">{t('calendar.timesHint')}</p>
      <PlainField id="colour" label={t('calendar.fields.colour')} errors={fields.colour}>
        <select id="colour" name="colour" defaultValue={values.colour} className={inputClass}>
          {EVENT_COLOURS.map((colour) => (
            <option key={colour} value={colour}>
              {t(`calendar.colours.${colour}`)}
            </option>
          ))}
        </select>
      </PlainField>
      <div className="sm:col-span-2">
        <PlainField id="notes" label={t('fields.notes')} errors={fields.notes}>
          <textarea id="notes" name="notes" rows={3} maxLength={1000} defaultValue={values.notes} className={inputClass} />
        </PlainField>
      </div>
    </>
  )
}
