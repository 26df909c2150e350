import { data, href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { requireUser } from '~/requests/session.server'

import type { Route } from './+types/permission-denied'

/**
 * The "item by roles" page: admins see it; every other role gets the same 403 page as any other
 * forbidden URL (the dashboard's error boundary), so no one reads "denied" above "you have permission".
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  if (user.role !== 'admin') throw data({ reason: 'forbidden' }, { status: 403 })
  return null
}

export default function ItemByRoles() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('nav.itemByRoles')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.itemByRoles') }]} />
      <Card className="flex flex-col items-center p-10 text-center" data-allowed="true">
        <span className="grid size-16 place-items-center rounded-full bg-success-lighter text-success-dark">
          <Icon name="check" size={32} />
        </span>
        <h2 className="mt-5 text-xl font-bold">{t('permissionDenied.allowedTitle')}</h2>
        <p className="mt-2 max-w-md text-muted">{t('permissionDenied.allowed')}</p>
      </Card>
    </>
  )
}
