import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/dashboard'

export const handle = { i18n: ['files'] }

/** Placeholder until the module lands (issue 29, the file dashboard): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'file')
  return null
}

export default function FileDashboardPlaceholder() {
  const { t } = useTranslation()
  return <PageHeader title={t('files.title')} crumbs={[]} />
}
