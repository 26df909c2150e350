import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

export const handle = { i18n: ['booking'] }

/** Placeholder until the module lands (issue 28, quote requests): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'quote')
  return null
}

export default function BookingsPlaceholder() {
  const { t } = useTranslation()
  return <PageHeader title={t('booking.title')} crumbs={[]} />
}
