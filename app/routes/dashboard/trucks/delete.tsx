import { useTranslation } from '~/utils/use-translation'
import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { getInstance } from '~/middleware/i18next'
import { deleteTruck, getTruck } from '~/models/truck.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { requireActor } from '~/utils/actor.server'
import { requirePermission } from '~/utils/session.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trucks'] }

/** The confirm page used without JavaScript; the dialog posts to the same action. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'truck')
  const truck = await orNotFound(getTruck(user.organizationId, params.id))
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'))
  return { truck: { id: truck.id, unitNumber: truck.unitNumber, version: truck.version }, returnTo }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'truck')
  const form = await request.formData()
  const t = getInstance(context).t
  const returnTo = listReturnTo(form.get('returnTo'))
  const parsed = OptionalVersionSchema.safeParse({ version: form.get('version') ?? undefined })
  // Only a forged or broken form gets here: the page and the dialog always send the version.
  if (!parsed.success) return redirectWithToast(returnTo, { type: 'error', title: t('validation.version') })
  try {
    const truck = await deleteTruck(actor, params.id, parsed.data.version)
    return redirectWithToast(returnTo, { type: 'success', title: t('trucks.toast.deleted', { unit: truck.unitNumber }) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'conflict') {
      // Someone changed the truck after the confirmation was shown: nothing is deleted, and the
      // list marks the row so the user sees its current details before deciding again.
      const current = await getTruck(user.organizationId, params.id).catch(() => null)
      return redirectWithToast(current ? withChanged(returnTo, params.id) : returnTo, {
        type: 'error',
        title: t('trucks.changes.deleteConflictTitle', { unit: current?.unitNumber ?? '' }),
        description: t('trucks.changes.deleteConflict'),
      })
    }
    return redirectWithToast(returnTo, { type: 'error', title: t(error.messageKey) })
  }
}

export default function DeleteTruck({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { truck, returnTo } = loaderData
  return (
    <DeleteConfirmPage
      title={t('trucks.delete.title', { unit: truck.unitNumber })}
      description={t('trucks.delete.description')}
      listLabel={t('nav.trucks')}
      version={truck.version}
      returnTo={returnTo}
    />
  )
}
