import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/list'

export const handle = { i18n: ['files'] }

/** Placeholder until the module lands (issue 29, the files manager): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'file')
  return null
}

export default function FilesPlaceholder() {
  const { t } = useTranslation()
  return <PageHeader title={t('files.title')} crumbs={[]} />
}
