import { Form, href, useLocation, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { useShownOnce } from '~/components/forms/shown-once-answer'
import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { DeliveryLog, SecretNotice, WebhookForm } from '~/components/webhooks/webhook-parts'
import { useTranslation } from '~/hooks/use-translation'
import { detectLanguage } from '~/i18n.server'
import { getInstance } from '~/middleware/i18next'
import { organizationTimeZone } from '~/models/organization/organization.server'
import {
  deleteWebhook,
  getWebhook,
  listDeliveries,
  resendDelivery,
  rotateWebhookSecret,
  serializeDelivery,
  serializeWebhook,
  updateWebhook,
} from '~/models/webhooks/webhook.server'
import { resendRefusal } from '~/policies/webhook'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, shownOnce } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { WebhookDeleteSchema, WebhookDeliveryQuerySchema, WebhookFormUpdateSchema, WebhookResendSchema, WebhookRotateSchema } from '~/schemas/webhook'
import { WEBHOOK_LOG_PAGE } from '~/schemas/webhook-options'
import { orNotFound } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

export const handle = { i18n: ['webhooks'] }

/** One endpoint: its settings (a version-checked form), its secret's rotation, its delivery log with resends, delete. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'webhook')
  const endpoint = serializeWebhook(await orNotFound(getWebhook(user.organizationId, params.id)))
  const query = { ...parseListQuery(WebhookDeliveryQuerySchema, new URL(request.url).searchParams), pageSize: WEBHOOK_LOG_PAGE }
  const [log, timeZone] = await Promise.all([listDeliveries(user.organizationId, endpoint.id, query), organizationTimeZone(user.organizationId)])
  return {
    endpoint,
    deliveries: log.items.map(serializeDelivery),
    total: log.total,
    timeZone,
    canResend: resendRefusal(endpoint) === null,
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const { actor } = await requireActor(request, form.get('intent') === 'delete' ? 'delete' : 'update', 'webhook')
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  return intentAction(form, t, {
    update: intent({
      schema: WebhookFormUpdateSchema,
      run: (input) => updateWebhook(actor, params.id, input, detectLanguage(request)),
      done: () => redirectWithToast(back, { type: 'success', title: t('webhooks.toast.saved') }),
    }),
    rotate: intent({
      schema: WebhookRotateSchema,
      run: ({ version }) => rotateWebhookSecret(actor, params.id, version),
      done: ({ secret }) => shownOnce('rotate', { value: secret }),
    }),
    resend: intent({
      schema: WebhookResendSchema,
      run: ({ deliveryId }) => resendDelivery(actor, params.id, deliveryId),
      done: () => redirectWithToast(back, { type: 'success', title: t('webhooks.toast.resent') }),
      gone: true,
    }),
    delete: intent({
      schema: WebhookDeleteSchema,
      run: ({ version }) => deleteWebhook(actor, params.id, version),
      done: (endpoint) => redirectWithToast(href('/dashboard/webhooks'), { type: 'success', title: t('webhooks.toast.deleted', { url: endpoint.url }) }),
    }),
  })
}

export default function WebhookView({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const { endpoint } = loaderData
  const edit = useRefusal(actionData, 'update', undefined, ['url', 'description', 'events', 'active'])
  const other = useRefusal(actionData, [null, 'rotate', 'resend', 'delete'], undefined, [])
  const rotated = useShownOnce(actionData, 'rotate')
  const hidden = (name: string) => (
    <>
      <input type="hidden" name="intent" value={name} />
      <input type="hidden" name="version" value={endpoint.version} />
    </>
  )
  return (
    <>
      <PageHeader
        title={t('webhooks.view.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('webhooks.title'), to: href('/dashboard/webhooks') },
          { label: t('webhooks.view.title') },
        ]}
        action={
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              {hidden('delete')}
              <Button type="submit" variant="ghost" disabled={busy} data-testid="webhook-delete">
                <Icon name="trash" size={18} />
                {t('common.delete')}
              </Button>
            </Form>
            <Form method="post">
              {hidden('rotate')}
              <Button type="submit" variant="secondary" disabled={busy} data-testid="webhook-rotate">
                {t('webhooks.secret.rotate')}
              </Button>
            </Form>
          </div>
        }
      />
      <RefusalNotice refusal={other} reloadTo={`${pathname}${search}`} testId="webhook-action-refusal" className="mb-6" />
      {rotated ? <SecretNotice secret={rotated.value} title={t('webhooks.secret.rotated')} /> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card className="p-6">
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <p dir="ltr" className="min-w-0 font-mono text-sm font-semibold break-all" data-testid="webhook-url">
              {endpoint.url}
            </p>
            {endpoint.active ? (
              <Badge tone="success">{t('webhooks.on')}</Badge>
            ) : (
              <Badge tone="default">{endpoint.disabledReason === 'failing' ? t('webhooks.disabledFailing') : t('webhooks.off')}</Badge>
            )}
          </div>
          {endpoint.disabledReason === 'failing' ? <p className="mb-4 text-sm text-error">{t('webhooks.view.disabledHint')}</p> : null}
          <WebhookForm intent="update" values={endpoint} refusal={edit} busy={busy} submitLabel={t('common.saveChanges')} reloadTo={`${pathname}${search}`} />
        </Card>
        <DeliveryLog deliveries={loaderData.deliveries} total={loaderData.total} timeZone={loaderData.timeZone} canResend={loaderData.canResend} busy={busy} />
      </div>
    </>
  )
}
