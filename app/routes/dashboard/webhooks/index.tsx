import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

export const handle = { i18n: ['webhooks'] }

/** Placeholder until the module lands (issue 30, webhooks): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'webhook')
  return null
}

export default function WebhooksPlaceholder() {
  const { t } = useTranslation()
  return <PageHeader title={t('webhooks.title')} crumbs={[]} />
}
