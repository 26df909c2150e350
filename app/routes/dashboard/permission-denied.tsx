import { data, href } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { requireUser } from '~/requests/session.server'
import { ACTIONS, can, ENTITIES, ROLES } from '~/utils/permissions'

import type { Route } from './+types/permission-denied'

export const handle = { i18n: ['dashboard'] }

/**
 * `/dashboard/permission-denied` (the specification's "item by roles" page): for admins, who can
 * do what, read from the one role matrix the server checks (app/utils/permissions.ts), so the
 * page can never say otherwise than the server does. Every other role gets the same 403 page as
 * any other forbidden URL (the dashboard's error boundary).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  if (user.role !== 'admin') throw data({ reason: 'forbidden' }, { status: 403 })
  return {
    roles: ROLES,
    rows: ENTITIES.map((entity) => ({ entity, allowed: ROLES.map((role) => ACTIONS.filter((action) => can(role, action, entity))) })),
  }
}

export default function RolesAndPermissions({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { roles, rows } = loaderData
  return (
    <>
      <PageHeader title={t('rolesPage.title')} crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('rolesPage.title') }]} />
      <p className="-mt-4 mb-2 max-w-3xl text-muted">{t('rolesPage.lead')}</p>
      <p className="mb-6 max-w-3xl text-sm text-muted">{t('rolesPage.notes')}</p>
      <Card className="overflow-x-auto">
        <table className="fd-table w-full text-sm" data-testid="role-matrix">
          <thead>
            <tr>
              <th scope="col" className="text-start">
                {t('rolesPage.entity')}
              </th>
              {roles.map((role) => (
                <th key={role} scope="col" className="text-start">
                  {t(`roles.${role}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.entity} data-entity={row.entity}>
                <th scope="row" className="text-start font-semibold">
                  {t(`rolesPage.entities.${row.entity}`)}
                </th>
                {row.allowed.map((actions, index) => (
                  <td key={roles[index]} data-role={roles[index]}>
                    {actions.length ? (
                      actions.map((action) => t(`rolesPage.actions.${action}`)).join(', ')
                    ) : (
                      <span className="text-muted" aria-label={t('rolesPage.nothing')}>
                        {t('rolesPage.none')}
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  )
}
