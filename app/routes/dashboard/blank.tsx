import { href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/blank'

export const handle = { i18n: ['dashboard'] }

/**
 * `/dashboard/blank` (the specification's route table): an empty page in the dashboard frame, for
 * anyone signed in. A new module's first page starts as a copy of it: the header and crumbs, and
 * one card with the empty state every list shows before it has rows.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'read', 'dashboard')
  return null
}

export default function Blank() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader
        title={t('dashboard.blank.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('dashboard.blank.title') }]}
      />
      <Card>
        <EmptyState title={t('dashboard.blank.empty')} description={t('dashboard.blank.description')} />
      </Card>
    </>
  )
}
