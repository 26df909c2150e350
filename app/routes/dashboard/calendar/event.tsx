import { data, Form, href, useNavigation } from 'react-router'
import { EventFields, type EventValues } from '~/components/calendar/event-fields'
import { ConflictNotice } from '~/components/forms/conflict-notice'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { getInstance } from '~/middleware/i18next'
import { calendarEventForm, createCalendarEvent, deleteCalendarEvent, updateCalendarEvent } from '~/models/calendar.server'
import { CalendarEventSchema, CalendarEventUpdateSchema } from '~/schemas/calendar'
import { isDay } from '~/schemas/dates'
import { OptionalVersionSchema } from '~/schemas/version'
import { requireActor } from '~/requests/actor.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { requirePermission } from '~/requests/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { useTranslation } from '~/utils/use-translation'
import type { Route } from './+types/event'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['calendar'] }

/**
 * A new event (`?date=` preselects the day, `&end=` the last day of a range dragged on the calendar)
 * or an existing one (`/events/{id}`), on a page of its own.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'calendarEvent')
  if (params.id) return { event: await orNotFound(calendarEventForm(user.organizationId, params.id)) }
  const query = new URL(request.url).searchParams
  const date = query.get('date') ?? ''
  const startDate = isDay(date) ? date : ''
  const end = query.get('end') ?? ''
  const endDate = startDate && isDay(end) && end > startDate ? end : ''
  return {
    event: { id: null, version: null, title: '', notes: '', colour: 'blue', startDate, startTime: '', endDate, endTime: '' },
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
  const values = (actionData?.values ?? stored) as EventValues
  const fields: Record<string, string[]> = actionData?.fields ?? {}
  const editing = Boolean(stored.id)
  const title = editing ? t('calendar.edit', { title: stored.title }) : t('calendar.new')

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
          <EventFields values={values} fields={fields} />
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
