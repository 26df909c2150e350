import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { getInstance } from '~/middleware/i18next'
import { deleteLoad, getLoad, loadViewer } from '~/models/load.server'
import { OptionalVersionSchema } from '~/schemas/version'
import { requireActor } from '~/utils/actor.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['loads'] }

const LIST = href('/dashboard/loads/list')

/** The confirm page used without JavaScript; the list's dialog posts to the same action. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'load')
  const load = await orNotFound(getLoad(loadViewer(user), params.id))
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  return { load: { id: load.id, loadNumber: load.loadNumber, version: load.version }, returnTo }
}

/**
 * Deletes a load that never reached the road (or was canceled). The model refuses loads on the
 * road, delivered or invoiced with its reason, shown as a toast on the list with the row marked.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'load')
  const form = await request.formData()
  const t = getInstance(context).t
  const returnTo = listReturnTo(form.get('returnTo'), LIST)
  const parsed = OptionalVersionSchema.safeParse({ version: form.get('version') ?? undefined })
  // Only a forged or broken form gets here: the page and the dialog always send the version.
  if (!parsed.success) return redirectWithToast(returnTo, { type: 'error', title: t('validation.version') })
  try {
    const load = await deleteLoad(actor, params.id, parsed.data.version)
    return redirectWithToast(returnTo, { type: 'success', title: t('loads.toast.deleted', { number: load.loadNumber }) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    const current = await getLoad(loadViewer(user), params.id).catch(() => null)
    if (error.code === 'conflict') {
      // Changed after the confirmation was shown: nothing is deleted, and the list marks the row
      // so the user sees its current details before deciding again.
      return redirectWithToast(current ? withChanged(returnTo, params.id) : returnTo, {
        type: 'error',
        title: t('loads.delete.conflictTitle', { number: current?.loadNumber ?? '' }),
        description: t('loads.delete.conflict'),
      })
    }
    return redirectWithToast(current ? withChanged(returnTo, params.id) : returnTo, {
      type: 'error',
      title: current ? t('loads.delete.refusedTitle', { number: current.loadNumber }) : t(error.messageKey),
      description: current ? t(error.messageKey) : undefined,
    })
  }
}

export default function DeleteLoad({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { load, returnTo } = loaderData
  return (
    <DeleteConfirmPage
      title={t('loads.delete.title', { number: load.loadNumber })}
      description={t('loads.delete.description')}
      listLabel={t('nav.loads')}
      version={load.version}
      returnTo={returnTo}
    />
  )
}
