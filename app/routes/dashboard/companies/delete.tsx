import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteCompany, getCompany } from '~/models/reference/company.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['companies'] }

const LIST = href('/dashboard/companies/list')

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'company')
  const company = await orNotFound(getCompany(user.organizationId, params.id))
  return deleteConfirmation(request, LIST, { id: company.id, version: company.version, label: company.name })
}

/** A company that still has trucks, trailers or users is kept (in_use, with the counts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'company')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteCompany(actor, params.id, version),
    find: () => getCompany(user.organizationId, params.id),
    deleted: (t, company) => t('companies.toast.deleted', { name: company.name }),
    kept: (t, company) => t('companies.changes.deleteRefusedTitle', { name: company.name }),
    conflict: 'companies.changes.deleteConflict',
  })
}

export default function DeleteCompany({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const title = t('companies.delete.title', { name: record.label })
  return (
    <DeleteConfirmPage
      title={title}
      description={t('companies.delete.description')}
      listLabel={t('nav.companies')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
