import { Form } from 'react-router'

import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { ShownOnce } from '~/components/ui/shown-once'
import { useTranslation } from '~/hooks/use-translation'
import { WEBHOOK_DELIVERY_STATE_TONE, WEBHOOK_EVENTS, type WebhookDeliveryStateName } from '~/schemas/webhook-options'
import { formatDateTime } from '~/utils/format'

export type WebhookValues = { url: string; description: string | null; events: string[]; active: boolean; version?: number }

/** The endpoint's form (new and edit): URL, description, the events as checkboxes, on or off. Plain form, no JavaScript needed. */
export function WebhookForm({
  intent,
  values,
  refusal,
  busy,
  submitLabel,
  reloadTo,
}: {
  intent: string
  values: WebhookValues
  refusal: ShownRefusal | null
  busy: boolean
  submitLabel: string
  reloadTo: string
}) {
  const { t } = useTranslation()
  // A refused post shows what was typed, not what is stored.
  const typed = refusal?.values
  const url = typed && typeof typed.url === 'string' ? typed.url : values.url
  const description = typed && typeof typed.description === 'string' ? typed.description : (values.description ?? '')
  const typedEvents = typed ? ([] as string[]).concat((typed.events as string[] | string | undefined) ?? []) : null
  const events = typedEvents ?? values.events
  const active = typed ? typed.active === 'on' : values.active
  return (
    <Form method="post" className="grid gap-4" data-testid="webhook-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      {values.version !== undefined ? <input type="hidden" name="version" value={values.version} /> : null}
      <RefusalNotice refusal={refusal} reloadTo={reloadTo} testId="webhook-refusal" />
      <PlainField id="url" label={t('webhooks.fields.url')} errors={refusal?.field('url')}>
        <input
          id="url"
          name="url"
          type="url"
          required
          dir="ltr"
          defaultValue={url}
          placeholder="https://example.com/webhooks/freightdesk"
          className={inputClass}
          aria-describedby={refusal?.field('url') ? 'url-error' : undefined}
        />
      </PlainField>
      <PlainField id="description" label={t('webhooks.fields.description')} errors={refusal?.field('description')}>
        <input id="description" name="description" defaultValue={description} className={inputClass} />
      </PlainField>
      <fieldset aria-describedby={refusal?.field('events') ? 'events-error' : undefined}>
        <legend className="mb-1.5 block text-sm font-semibold">{t('webhooks.fields.events')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <div key={event} className="flex items-start gap-2 text-sm">
              <input id={`event-${event}`} type="checkbox" name="events" value={event} defaultChecked={events.includes(event)} className="mt-1" />
              <label htmlFor={`event-${event}`}>
                {t(`webhooks.events.${event.replace('.', '_')}`)}
                <code dir="ltr" className="block font-mono text-xs text-muted">
                  {event}
                </code>
              </label>
            </div>
          ))}
        </div>
        {refusal?.field('events') ? (
          <p id="events-error" className="mt-1 text-xs font-medium text-error">
            {refusal.field('events')!.join(' ')}
          </p>
        ) : null}
      </fieldset>
      <label htmlFor="active" className="flex items-center gap-2 text-sm font-semibold">
        <input id="active" type="checkbox" name="active" defaultChecked={active} />
        {t('webhooks.fields.active')}
      </label>
      <div>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}

/** A secret shown once (after creation or rotation): selectable text, and a copy button with JavaScript. */
export function SecretNotice({ secret, title }: { secret: string; title: string }) {
  const { t } = useTranslation()
  return (
    <ShownOnce
      title={title}
      note={t('webhooks.secret.copyNow')}
      label={t('webhooks.secret.label')}
      value={secret}
      copyLabel={t('webhooks.secret.copy')}
      testId="webhook-secret"
      valueTestId="webhook-secret-value"
      className="mb-6"
    />
  )
}

export function DeliveryStateBadge({ state }: { state: WebhookDeliveryStateName }) {
  const { t } = useTranslation()
  return <Badge tone={WEBHOOK_DELIVERY_STATE_TONE[state]}>{t(`webhooks.state.${state}`)}</Badge>
}

type DeliveryRow = {
  id: string
  eventType: string
  state: WebhookDeliveryStateName
  attempts: number
  lastStatusCode: number | null
  lastError: string | null
  durationMs: number | null
  nextAttemptAt: string | null
  lastAttemptAt: string | null
  createdAt: string
  attemptLog: { at: string; statusCode: number | null; error: string | null; durationMs: number }[]
}

/** The delivery log: newest first, each with its answer and a "Resend" button (a plain form) while the endpoint is on. */
export function DeliveryLog({
  deliveries,
  total,
  timeZone,
  canResend,
  busy,
}: {
  deliveries: DeliveryRow[]
  total: number
  timeZone: string
  canResend: boolean
  busy: boolean
}) {
  const { t, i18n } = useTranslation()
  const when = (value: string | null) => (value ? formatDateTime(i18n.language, value, timeZone) : '—')
  return (
    <Card className="p-6">
      <h2 className="mb-1 text-base font-bold">{t('webhooks.log.title')}</h2>
      <p className="mb-4 text-sm text-muted">{t('webhooks.log.hint', { count: total })}</p>
      {deliveries.length === 0 ? (
        <p className="text-sm text-muted" data-testid="webhook-log-empty">
          {t('webhooks.log.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm" data-testid="webhook-log">
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 text-start font-semibold">
                  {t('webhooks.log.event')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t('webhooks.log.state')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t('webhooks.log.answer')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t('webhooks.log.times')}
                </th>
                <th scope="col" className="py-2 text-end font-semibold">
                  <span className="sr-only">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id} className="border-b border-dashed border-line align-top" data-testid="webhook-delivery">
                  <td className="py-2">
                    <code dir="ltr" className="font-mono text-xs">
                      {delivery.eventType}
                    </code>
                    <span dir="ltr" className="block font-mono text-xs text-muted">
                      {delivery.id}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    <DeliveryStateBadge state={delivery.state} />
                    <span className="block text-xs text-muted">{t('webhooks.log.attempts', { count: delivery.attempts })}</span>
                  </td>
                  <td className="px-3 py-2" data-testid="webhook-delivery-answer">
                    {delivery.lastStatusCode !== null ? <span className="tabular-nums">HTTP {delivery.lastStatusCode}</span> : null}
                    {delivery.lastError ? (
                      <bdi dir="ltr" className="block text-xs break-all text-error">
                        {delivery.lastError}
                      </bdi>
                    ) : null}
                    {delivery.durationMs !== null ? (
                      <span className="block text-xs text-muted">{t('webhooks.log.duration', { ms: delivery.durationMs })}</span>
                    ) : null}
                    {delivery.attemptLog.length > 0 ? (
                      <details className="mt-1 text-xs" data-testid="webhook-attempts">
                        <summary className="cursor-pointer text-primary">{t('webhooks.log.attemptLog', { count: delivery.attemptLog.length })}</summary>
                        <ol className="mt-1 space-y-1">
                          {delivery.attemptLog.map((attempt, index) => (
                            <li key={`${attempt.at}-${index}`} className="border-s-2 border-line ps-2" data-testid="webhook-attempt">
                              <span className="block text-muted">{when(attempt.at)}</span>
                              {attempt.statusCode !== null ? <span className="tabular-nums">HTTP {attempt.statusCode}</span> : null}
                              {attempt.error ? (
                                <bdi dir="ltr" className="block break-all text-error">
                                  {attempt.error}
                                </bdi>
                              ) : null}
                              <span className="block text-muted">{t('webhooks.log.duration', { ms: attempt.durationMs })}</span>
                            </li>
                          ))}
                        </ol>
                      </details>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-xs">
                    <span className="block">{t('webhooks.log.created', { at: when(delivery.createdAt) })}</span>
                    {delivery.lastAttemptAt ? (
                      <span className="block text-muted">{t('webhooks.log.lastAttempt', { at: when(delivery.lastAttemptAt) })}</span>
                    ) : null}
                    {delivery.state === 'pending' && delivery.nextAttemptAt ? (
                      <span className="block text-muted">{t('webhooks.log.nextAttempt', { at: when(delivery.nextAttemptAt) })}</span>
                    ) : null}
                  </td>
                  <td className="py-2 text-end">
                    {canResend ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="deliveryId" value={delivery.id} />
                        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                          {t('webhooks.log.resend')}
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}
