import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { getLocale } from '~/middleware/i18next'
import { deleteFuelPurchase, getFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { formatDate } from '~/utils/format'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['fuel'] }

const LIST = href('/dashboard/fuel/list')

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'fuelPurchase')
  const purchase = await orNotFound(getFuelPurchase(user.organizationId, params.id))
  const label = `${purchase.truck.unitNumber} · ${formatDate(getLocale(context), purchase.purchasedAt)}`
  return deleteConfirmation(request, LIST, { id: purchase.id, version: purchase.version, label })
}

/** A purchase in a filed quarter is kept (period_closed): the toast says why. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'fuelPurchase')
  const values = (purchase: { truck: { unitNumber: string }; purchasedAt: Date }) => ({
    unit: purchase.truck.unitNumber,
    date: formatDate(getLocale(context), purchase.purchasedAt),
  })
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteFuelPurchase(actor, params.id, version),
    find: () => getFuelPurchase(user.organizationId, params.id),
    deleted: (t, purchase) => t('fuel.toast.deleted', values(purchase)),
    kept: (t, purchase) => t('fuel.toast.kept', values(purchase)),
    conflict: 'fuel.changes.deleteConflict',
  })
}

export default function DeleteFuelPurchase({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <DeleteConfirmPage
      title={t('fuel.delete.titleOf', { label: record.label })}
      description={t('fuel.delete.description')}
      listLabel={t('nav.fuel')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
