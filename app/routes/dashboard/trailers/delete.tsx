import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { getInstance } from '~/middleware/i18next'
import { deleteTrailer, getTrailer } from '~/models/trailer.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { requireActor } from '~/utils/actor.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trailers'] }

const LIST = href('/dashboard/trailers/list')

/** The confirm page used without JavaScript; the dialog posts to the same action. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'trailer')
  const trailer = await orNotFound(getTrailer(user.organizationId, params.id))
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  return { trailer: { id: trailer.id, unitNumber: trailer.unitNumber, version: trailer.version }, returnTo }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'trailer')
  const form = await request.formData()
  const t = getInstance(context).t
  const returnTo = listReturnTo(form.get('returnTo'), LIST)
  const parsed = OptionalVersionSchema.safeParse({ version: form.get('version') ?? undefined })
  // Only a forged or broken form gets here: the page and the dialog always send the version.
  if (!parsed.success) return redirectWithToast(returnTo, { type: 'error', title: t('validation.version') })
  try {
    const trailer = await deleteTrailer(actor, params.id, parsed.data.version)
    return redirectWithToast(returnTo, { type: 'success', title: t('trailers.toast.deleted', { unit: trailer.unitNumber }) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'conflict') {
      // Changed after the confirmation was shown: nothing is deleted, and the list marks the row
      // so the user sees its current details before deciding again.
      const current = await getTrailer(user.organizationId, params.id).catch(() => null)
      return redirectWithToast(current ? withChanged(returnTo, params.id) : returnTo, {
        type: 'error',
        title: t('trailers.changes.deleteConflictTitle', { unit: current?.unitNumber ?? '' }),
        description: t('trailers.changes.deleteConflict'),
      })
    }
    return redirectWithToast(returnTo, { type: 'error', title: t(error.messageKey) })
  }
}

export default function DeleteTrailer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { trailer, returnTo } = loaderData
  return (
    <DeleteConfirmPage
      title={t('trailers.delete.title', { unit: trailer.unitNumber })}
      description={t('trailers.delete.description')}
      listLabel={t('nav.trailers')}
      version={trailer.version}
      returnTo={returnTo}
    />
  )
}
