import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

export const handle = { i18n: ['factoring'] }

/** Placeholder until the module lands (issue 29, factoring): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'factoring')
  return null
}

export default function FactoringPlaceholder() {
  const { t } = useTranslation()
  return <PageHeader title={t('factoring.title')} crumbs={[]} />
}
