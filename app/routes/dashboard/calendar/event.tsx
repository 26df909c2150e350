import { Form, href, useNavigation } from 'react-router'

import { EVENT_FIELDS, EventFields, type EventValues } from '~/components/calendar/event-fields'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { calendarEventForm, createCalendarEvent, deleteCalendarEvent, updateCalendarEvent } from '~/models/calendar.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { CalendarEventSchema, CalendarEventUpdateSchema } from '~/schemas/calendar'
import { isDay } from '~/schemas/dates'
import { OptionalVersionSchema } from '~/schemas/version'
import { orNotFound } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

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

/** Save (new or changed) or delete, through the one page-action protocol: refused on the page, with the values as typed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const { actor } = await requireActor(request, form.get('intent') === 'delete' ? 'delete' : params.id ? 'update' : 'create', 'calendarEvent')
  const id = params.id
  const save = id
    ? intent({ schema: CalendarEventUpdateSchema, run: (input) => updateCalendarEvent(actor, id, input), done: saved('calendar.toast.updated') })
    : intent({ schema: CalendarEventSchema, run: (input) => createCalendarEvent(actor, input), done: saved('calendar.toast.created') })
  function saved(key: string) {
    return (event: { title: string }) =>
      redirectWithToast(`${href('/dashboard/calendar')}?date=${String(form.get('startDate') ?? '').slice(0, 10)}`, {
        type: 'success',
        title: t(key, { title: event.title }),
      })
  }
  return intentAction(form, t, {
    save,
    ...(id
      ? {
          delete: intent({
            schema: OptionalVersionSchema,
            run: ({ version }) => deleteCalendarEvent(actor, id, version),
            done: (event) => redirectWithToast(href('/dashboard/calendar'), { type: 'success', title: t('calendar.toast.deleted', { title: event.title }) }),
          }),
        }
      : {}),
  })
}

export default function CalendarEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const stored = loaderData.event
  const refusal = useRefusal(actionData, undefined, undefined, EVENT_FIELDS)
  const values = (refusal ? { ...stored, ...refusal.values } : stored) as EventValues
  const fields = refusal?.fields ?? {}
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
          <RefusalNotice
            refusal={refusal}
            reloadTo={href('/dashboard/calendar/events/:id', { id: stored.id ?? '' })}
            testId="calendar-refusal"
            className="sm:col-span-2"
          />
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
