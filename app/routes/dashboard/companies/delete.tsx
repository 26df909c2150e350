import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { getInstance } from '~/middleware/i18next'
import { deleteCompany, getCompany } from '~/models/company.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { requireActor } from '~/utils/actor.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['companies'] }

const LIST = href('/dashboard/companies/list')

/** The confirm page used without JavaScript; the dialog posts to the same action. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'company')
  const company = await orNotFound(getCompany(user.organizationId, params.id))
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  return { company: { id: company.id, name: company.name, version: company.version }, returnTo }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'company')
  const form = await request.formData()
  const t = getInstance(context).t
  const returnTo = listReturnTo(form.get('returnTo'), LIST)
  const parsed = OptionalVersionSchema.safeParse({ version: form.get('version') ?? undefined })
  // Only a forged or broken form gets here: the page and the dialog always send the version.
  if (!parsed.success) return redirectWithToast(returnTo, { type: 'error', title: t('validation.version') })
  try {
    const company = await deleteCompany(actor, params.id, parsed.data.version)
    return redirectWithToast(returnTo, { type: 'success', title: t('companies.toast.deleted', { name: company.name }) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'conflict' || error.code === 'in_use') {
      // Nothing is deleted. Changed since the confirmation, or still in use: the list marks the
      // row so the user sees its current details (and counts) before deciding again.
      const current = await getCompany(user.organizationId, params.id).catch(() => null)
      const name = current?.name ?? ''
      return redirectWithToast(current ? withChanged(returnTo, params.id) : returnTo, {
        type: 'error',
        title: t('companies.changes.deleteRefusedTitle', { name }),
        description: error.code === 'in_use' ? t(error.messageKey, error.options.params) : t('companies.changes.deleteConflict'),
      })
    }
    return redirectWithToast(returnTo, { type: 'error', title: t(error.messageKey) })
  }
}

export default function DeleteCompany({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { company, returnTo } = loaderData
  return (
    <DeleteConfirmPage
      title={t('companies.delete.title', { name: company.name })}
      description={t('companies.delete.description')}
      listLabel={t('nav.companies')}
      version={company.version}
      returnTo={returnTo}
    />
  )
}
