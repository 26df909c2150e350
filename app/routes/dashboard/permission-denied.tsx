import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { PageHeader } from '~/components/layout/page-header'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { requireUser } from '~/utils/session.server'
import type { Route } from './+types/permission-denied'

/** The "item by roles" page: admins see it, every other role gets the permission-denied answer (403). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const allowed = user.role === 'admin'
  return data({ allowed }, { status: allowed ? 200 : 403 })
}

export default function PermissionDenied({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('permissionDenied.title')} crumbs={[{ label: t('nav.dashboard'), to: '/dashboard/app' }, { label: t('nav.itemByRoles') }]} />
      <Card className="flex flex-col items-center p-10 text-center" data-allowed={loaderData.allowed}>
        <span className={`grid size-16 place-items-center rounded-full ${loaderData.allowed ? 'bg-success-lighter text-success-dark' : 'bg-error-lighter text-error-dark'}`}>
          <Icon name={loaderData.allowed ? 'check' : 'lock'} size={32} />
        </span>
        <h2 className="mt-5 text-xl font-bold">{t(loaderData.allowed ? 'permissionDenied.allowedTitle' : 'permissionDenied.deniedTitle')}</h2>
        <p className="mt-2 max-w-md text-muted">{t(loaderData.allowed ? 'permissionDenied.allowed' : 'permissionDenied.denied')}</p>
      </Card>
    </>
  )
}
