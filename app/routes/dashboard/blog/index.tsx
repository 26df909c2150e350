import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

export const handle = { i18n: ['bulletins'] }

/** Placeholder until the module lands (issue 28, bulletins): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'post')
  return null
}

export default function BulletinsPlaceholder() {
  const { t } = useTranslation()
  return <PageHeader title={t('bulletins.title')} crumbs={[]} />
}
