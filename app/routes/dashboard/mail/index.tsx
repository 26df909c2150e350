import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

/** Placeholder until the mail module lands (issue 26): the navigation links here. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'mail')
  return null
}

export default function MailIndex() {
  const { t } = useTranslation()
  return <PageHeader title={t('nav.mail')} crumbs={[]} />
}
