import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { getInstance } from '~/middleware/i18next'
import { deleteCustomFieldDefinition, getCustomFieldDefinition } from '~/models/custom-fields.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { requireActor } from '~/utils/actor.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['customFields'] }

const LIST = href('/dashboard/customfields/list')

/** The confirm page used without JavaScript; the dialog posts to the same action. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'customField')
  const definition = await orNotFound(getCustomFieldDefinition(user.organizationId, params.id))
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  return { definition: { id: definition.id, label: definition.label, version: definition.version }, returnTo }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'customField')
  const form = await request.formData()
  const t = getInstance(context).t
  const returnTo = listReturnTo(form.get('returnTo'), LIST)
  const parsed = OptionalVersionSchema.safeParse({ version: form.get('version') ?? undefined })
  if (!parsed.success) return redirectWithToast(returnTo, { type: 'error', title: t('validation.version') })
  try {
    const definition = await deleteCustomFieldDefinition(actor, params.id, parsed.data.version)
    return redirectWithToast(returnTo, { type: 'success', title: t('customFields.toast.deleted', { label: definition.label }) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    // Changed since it was shown, or still used by records: nothing is deleted and the row is marked.
    const current = await getCustomFieldDefinition(user.organizationId, params.id).catch(() => null)
    const to = current ? withChanged(returnTo, params.id) : returnTo
    if (error.code === 'conflict') {
      return redirectWithToast(to, {
        type: 'error',
        title: t('customFields.changes.deleteConflictTitle', { label: current?.label ?? '' }),
        description: t('customFields.changes.deleteConflict'),
      })
    }
    return redirectWithToast(to, { type: 'error', title: t(error.messageKey, error.options.params ?? {}) })
  }
}

export default function DeleteCustomField({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { definition, returnTo } = loaderData
  return (
    <DeleteConfirmPage
      title={t('customFields.delete.title', { label: definition.label })}
      description={t('customFields.delete.description')}
      listLabel={t('nav.customFields')}
      version={definition.version}
      returnTo={returnTo}
    />
  )
}
