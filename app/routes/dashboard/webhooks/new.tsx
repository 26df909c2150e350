import { href, Link, useNavigation } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { useShownOnce } from '~/components/forms/shown-once-answer'
import { PageHeader } from '~/components/layout/page-header'
import { Card } from '~/components/ui/card'
import { SecretNotice, WebhookForm } from '~/components/webhooks/webhook-parts'
import { useTranslation } from '~/hooks/use-translation'
import { detectLanguage } from '~/i18n.server'
import { getInstance } from '~/middleware/i18next'
import { createWebhook } from '~/models/webhooks/webhook.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, shownOnce } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { WebhookFormSchema } from '~/schemas/webhook'

import type { Route } from './+types/new'

export const handle = { i18n: ['webhooks'] }

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'create', 'webhook')
  return null
}

/** Registers the endpoint; the answer (not a redirect) carries its secret, shown this once. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'create', 'webhook')
  const form = await request.formData()
  return intentAction(form, t, {
    create: intent({
      schema: WebhookFormSchema,
      run: (input) => createWebhook(actor, input, detectLanguage(request)),
      done: ({ endpoint, secret }) => shownOnce('create', { value: secret, name: endpoint.url }, endpoint.id),
    }),
  })
}

export default function NewWebhook({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const refusal = useRefusal(actionData, 'create', undefined, ['url', 'description', 'events', 'active'])
  const created = useShownOnce(actionData, 'create')
  const crumbs = [
    { label: t('nav.dashboard'), to: href('/dashboard/app') },
    { label: t('webhooks.title'), to: href('/dashboard/webhooks') },
    { label: t('webhooks.new.title') },
  ]
  return (
    <>
      <PageHeader title={t('webhooks.new.title')} crumbs={crumbs} />
      <Card className="max-w-3xl p-6">
        {created ? (
          <>
            <SecretNotice secret={created.value} title={t('webhooks.secret.created', { url: created.name })} />
            <Link
              to={href('/dashboard/webhooks/:id', { id: created.about ?? '' })}
              className="font-semibold text-primary-main underline"
              data-testid="webhook-open"
            >
              {t('webhooks.new.open')}
            </Link>
          </>
        ) : (
          <>
            <p className="mb-4 text-sm text-muted">{t('webhooks.new.hint')}</p>
            <WebhookForm
              intent="create"
              values={{ url: '', description: null, events: [], active: true }}
              refusal={refusal}
              busy={busy}
              submitLabel={t('webhooks.new.submit')}
              reloadTo={href('/dashboard/webhooks/new')}
            />
          </>
        )}
      </Card>
    </>
  )
}
