import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { booksLockEvents, closeBooks, readBooksLock, reopenBooks } from '~/models/accounting/period-lock.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { CloseBooksSchema, ReopenBooksSchema } from '~/schemas/accounting-lock'
import { formatDate, formatZonedDate } from '~/utils/format'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/lock'

export const handle = { i18n: ['accountingLock'] }

/**
 * The books closed through a day (ADR 146): the day, "close through" (admins and accountants),
 * "reopen" with a reason (admins), and the latest closes and reopens from the audit log. Viewers read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accounting')
  const [lock, events, timeZone] = await Promise.all([
    readBooksLock(user.organizationId),
    booksLockEvents(user.organizationId),
    organizationTimeZone(user.organizationId),
  ])
  return {
    lock,
    events,
    timeZone,
    canClose: can(user.role, 'update', 'accounting'),
    canReopen: can(user.role, 'delete', 'accounting'),
  }
}

/** Close or reopen: plain forms with the version seen; refused, the reason at the form and nothing written. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'update', 'accounting')
  const form = await request.formData()
  const back = href('/dashboard/accounting/lock')
  return intentAction(form, t, {
    close: intent({
      schema: CloseBooksSchema,
      run: (input) => closeBooks(actor, input),
      done: (lock) => redirectWithToast(back, { type: 'success', title: t('accountingLock.close.done', { day: lock.closedThrough }) }),
    }),
    reopen: intent({
      schema: ReopenBooksSchema,
      run: (input) => reopenBooks(actor, input),
      done: () => redirectWithToast(back, { type: 'success', title: t('accountingLock.reopen.done') }),
    }),
  })
}

export default function BooksLock({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const { lock, events, timeZone, canClose, canReopen } = loaderData
  const day = (value: string) => formatDate(i18n.language, value)
  const closeRefusal = useRefusal(actionData, 'close', undefined, ['closedThrough'])
  const reopenRefusal = useRefusal(actionData, 'reopen', undefined, ['closedThrough', 'reason'])
  const back = href('/dashboard/accounting/lock')
  return (
    <>
      <PageHeader
        title={t('accountingLock.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('accountingLock.title') }]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6 lg:col-span-2">
          <p className="text-lg font-bold" role="status" data-testid="books-closed-through">
            {lock.closedThrough ? t('accountingLock.closedThrough', { day: day(lock.closedThrough) }) : t('accountingLock.open')}
          </p>
          {lock.updatedBy ? <p className="text-sm text-muted">{t('accountingLock.updatedBy', { name: lock.updatedBy.name })}</p> : null}
          <p className="mt-2 text-sm text-muted">{t('accountingLock.description')}</p>
        </Card>
        {canClose ? (
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('accountingLock.close.title')}</h2>
            <p className="mb-4 text-sm text-muted">{t('accountingLock.close.hint')}</p>
            <Form method="post" className="grid gap-4" data-testid="close-books-form" noValidate>
              <input type="hidden" name="intent" value="close" />
              <input type="hidden" name="version" value={lock.version} />
              {closeRefusal ? <RefusalNotice refusal={closeRefusal} reloadTo={back} testId="close-books-refusal" /> : null}
              <PlainField id="closedThrough" label={t('accountingLock.close.field')} errors={closeRefusal?.field('closedThrough')}>
                <input
                  id="closedThrough"
                  name="closedThrough"
                  type="date"
                  required
                  defaultValue={String(closeRefusal?.values.closedThrough ?? '')}
                  aria-invalid={closeRefusal?.field('closedThrough') ? true : undefined}
                  className={inputClass}
                />
              </PlainField>
              <div>
                <Button type="submit" disabled={busy}>
                  {t('accountingLock.close.submit')}
                </Button>
              </div>
            </Form>
          </Card>
        ) : null}
        {canReopen && lock.closedThrough ? (
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('accountingLock.reopen.title')}</h2>
            <p className="mb-4 text-sm text-muted">{t('accountingLock.reopen.hint')}</p>
            <Form method="post" className="grid gap-4" data-testid="reopen-books-form" noValidate>
              <input type="hidden" name="intent" value="reopen" />
              <input type="hidden" name="version" value={lock.version} />
              {reopenRefusal ? <RefusalNotice refusal={reopenRefusal} reloadTo={back} testId="reopen-books-refusal" /> : null}
              <PlainField id="reopenThrough" label={t('accountingLock.reopen.field')} errors={reopenRefusal?.field('closedThrough')}>
                <input
                  id="reopenThrough"
                  name="closedThrough"
                  type="date"
                  max={lock.closedThrough}
                  defaultValue={String(reopenRefusal?.values.closedThrough ?? '')}
                  aria-invalid={reopenRefusal?.field('closedThrough') ? true : undefined}
                  className={inputClass}
                />
              </PlainField>
              <PlainField id="reason" label={t('accountingLock.reopen.reason')} errors={reopenRefusal?.field('reason')}>
                <textarea
                  id="reason"
                  name="reason"
                  required
                  maxLength={500}
                  rows={3}
                  dir="auto"
                  defaultValue={String(reopenRefusal?.values.reason ?? '')}
                  aria-invalid={reopenRefusal?.field('reason') ? true : undefined}
                  className={inputClass}
                />
              </PlainField>
              <div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t('accountingLock.reopen.submit')}
                </Button>
              </div>
            </Form>
          </Card>
        ) : null}
        <Card className="p-6 lg:col-span-2">
          <h2 className="mb-3 text-base font-bold">{t('accountingLock.events.title')}</h2>
          {events.length === 0 ? (
            <p className="text-sm text-muted">{t('accountingLock.events.empty')}</p>
          ) : (
            <ul className="grid gap-3" data-testid="books-events">
              {events.map((event) => (
                <li key={event.id} className="border-b border-line pb-2 text-sm last:border-b-0" data-testid="books-event">
                  <p className="font-semibold">
                    {event.kind === 'close'
                      ? t('accountingLock.events.close', { to: day(event.to ?? '') })
                      : event.to
                        ? t('accountingLock.events.reopen', { to: day(event.to) })
                        : t('accountingLock.events.reopenAll')}
                  </p>
                  <p className="text-muted">
                    {formatZonedDate(i18n.language, event.at, timeZone)}
                    {event.user ? ` · ${t('accountingLock.events.by', { name: event.user })}` : null}
                  </p>
                  {event.reason ? (
                    <p dir="auto" className="break-words">
                      {t('accountingLock.events.reason', { reason: event.reason })}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  )
}
