import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

/** Placeholder until the module lands (issue 28, the public site's texts): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'update', 'organization')
  return null
}

export default function SitePlaceholder() {
  const { t } = useTranslation()
  return <PageHeader title={t('nav.site')} crumbs={[]} />
}
