import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/shop'

/** Placeholder until the module lands (issue 27): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'product')
  return null
}

export default function Shop() {
  const { t } = useTranslation()
  return <PageHeader title={t('nav.store')} crumbs={[]} />
}
