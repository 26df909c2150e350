import { href, Link } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Badge } from '~/components/ui/badge'
import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { DeliveryStateBadge } from '~/components/webhooks/webhook-parts'
import { useTranslation } from '~/hooks/use-translation'
import { listWebhooks } from '~/models/webhooks/webhook.server'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

export const handle = { i18n: ['webhooks'] }

/** The organization's webhook endpoints (admins only): URL, events, on or off, the last delivery. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'webhook')
  const endpoints = await listWebhooks(user.organizationId)
  return {
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      active: endpoint.active,
      disabledReason: endpoint.disabledReason,
      last: endpoint.lastState ? { state: endpoint.lastState, status: endpoint.lastStatusCode } : null,
    })),
  }
}

export default function Webhooks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('webhooks.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('webhooks.title') }]}
        action={
          <ButtonLink to={href('/dashboard/webhooks/new')} data-testid="new-webhook">
            <Icon name="plus" size={18} />
            {t('webhooks.new.title')}
          </ButtonLink>
        }
      />
      <p className="mb-6 max-w-3xl text-sm text-muted">{t('webhooks.intro')}</p>
      {loaderData.endpoints.length === 0 ? (
        <Card className="p-6 text-sm text-muted" data-testid="webhooks-empty">
          {t('webhooks.empty')}
        </Card>
      ) : (
        <ul className="grid gap-4" data-testid="webhook-list">
          {loaderData.endpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <Card className="p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link
                      to={href('/dashboard/webhooks/:id', { id: endpoint.id })}
                      className="font-mono text-sm font-semibold break-all text-primary-main hover:underline"
                      dir="ltr"
                    >
                      {endpoint.url}
                    </Link>
                    {endpoint.description ? <bdi className="block text-sm text-muted">{endpoint.description}</bdi> : null}
                    <p className="mt-2 flex flex-wrap gap-1" dir="ltr">
                      {endpoint.events.map((event) => (
                        <code key={event} className="rounded bg-surface-alt px-1.5 py-0.5 font-mono text-xs">
                          {event}
                        </code>
                      ))}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    {endpoint.active ? (
                      <Badge tone="success">{t('webhooks.on')}</Badge>
                    ) : (
                      <Badge tone="default">{endpoint.disabledReason === 'failing' ? t('webhooks.disabledFailing') : t('webhooks.off')}</Badge>
                    )}
                    {endpoint.last ? <DeliveryStateBadge state={endpoint.last.state} /> : null}
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
