import { data, Form, href, useNavigation } from 'react-router'
import { ConflictNotice } from '~/components/forms/conflict-notice'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { PlainField } from '~/components/ui/plain-field'
import { inputClass } from '~/components/ui/input-class'
import { getInstance } from '~/middleware/i18next'
import { calendarEventForm, createCalendarEvent, deleteCalendarEvent, updateCalendarEvent } from '~/models/calendar.server'
import { CalendarEventSchema, CalendarEventUpdateSchema } from '~/schemas/calendar'
import { EVENT_COLOURS } from '~/schemas/calendar-options'
import { OptionalVersionSchema } from '~/schemas/version'
import { requireActor } from '~/utils/actor.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useTranslation } from '~/utils/use-translation'
import type { Route } from './+types/event'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['calendar'] }

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A new event (`?date=` preselects the day) or an existing one (`/events/{id}`), on a page of its own. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'calendarEvent')
  if (params.id) return { event: await orNotFound(calendarEventForm(user.organizationId, params.id)) }
  const date = new URL(request.url).searchParams.get('date') ?? ''
  return {
    event: { id: null, version: null, title: '', notes: '', colour: 'blue', startDate: DAY.test(date) ? date : '', startTime: '', endDate: '', endTime: '' },
  }
}

type Values = Record<string, string>

export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const intent = form.get('intent')
  const { actor } = await requireActor(request, intent === 'delete' ? 'delete' : params.id ? 'update' : 'create', 'calendarEvent')
  const values: Values = Object.fromEntries(
    ['title', 'notes', 'colour', 'startDate', 'startTime', 'endDate', 'endTime', 'version'].map((name) => [name, String(form.get(name) ?? '').slice(0, 1000)]),
  )
  const back = `${href('/dashboard/calendar')}?date=${values.startDate || ''}`
  const fail = (fields: Record<string, string[]>, status: number, message: string, conflict = false) => data({ values, fields, message, conflict }, { status })
  try {
    if (intent === 'delete' && params.id) {
      const { version } = OptionalVersionSchema.parse({ version: values.version || undefined })
      const event = await deleteCalendarEvent(actor, params.id, version)
      return redirectWithToast(href('/dashboard/calendar'), { type: 'success', title: t('calendar.toast.deleted', { title: event.title }) })
    }
    const input = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''))
    const parsed = (params.id ? CalendarEventUpdateSchema : CalendarEventSchema).safeParse(input)
    if (!parsed.success) {
      const fields: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) (fields[String(issue.path[0] ?? '_')] ??= []).push(t(issue.message))
      return fail(fields, 400, t('validation.failed'))
    }
    const event = params.id
      ? await updateCalendarEvent(actor, params.id, parsed.data as typeof parsed.data & { version: number })
      : await createCalendarEvent(actor, parsed.data)
    return redirectWithToast(back, { type: 'success', title: t(params.id ? 'calendar.toast.updated' : 'calendar.toast.created', { title: event.title }) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'not_found') throw data(null, { status: 404 })
    return fail({}, error.status, t(error.messageKey), error.code === 'conflict')
  }
}

export default function CalendarEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const stored = loaderData.event
  const values = (actionData?.values ?? stored) as Values
  const fields: Record<string, string[]> = actionData?.fields ?? {}
  const editing = Boolean(stored.id)
  const title = editing ? t('calendar.edit', { title: stored.title }) : t('calendar.new')
  const invalid = (name: string) => (fields[name]?.length ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {})

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('calendar.title'), to: href('/dashboard/calendar') }, { label: title }]}
      />
      <Card className="max-w-2xl p-6">
        <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="calendar-event-form" noValidate>
          {stored.version !== null ? <input type="hidden" name="version" value={stored.version} /> : null}
          {actionData?.message ? (
            <div role="alert" className="text-sm font-semibold text-error sm:col-span-2">
              {actionData.message}
              {actionData.conflict ? <ConflictNotice reloadTo={href('/dashboard/calendar/events/:id', { id: stored.id ?? '' })} /> : null}
            </div>
          ) : null}
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
          <div className="flex flex-wrap justify-between gap-2 sm:col-span-2">
            {editing ? (
              <Button type="submit" name="intent" value="delete" variant="ghost" disabled={busy}>
                {t('common.delete')}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <ButtonLink to={href('/dashboard/calendar')} variant="secondary">
                {t('common.cancel')}
              </ButtonLink>
              <Button type="submit" name="intent" value="save" disabled={busy}>
                {t('common.saveChanges')}
              </Button>
            </div>
          </div>
        </Form>
      </Card>
    </>
  )
}
