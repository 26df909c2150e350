import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { getLocale } from '~/middleware/i18next'
import { deleteTrip, getTrip } from '~/models/fuel-tax/trip.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { formatDate } from '~/utils/format'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['trips'] }

const LIST = href('/dashboard/trips/list')

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'trip')
  const trip = await orNotFound(getTrip(user.organizationId, params.id))
  const label = `${trip.truck.unitNumber} · ${formatDate(getLocale(context), trip.endedAt)}`
  return deleteConfirmation(request, LIST, { id: trip.id, version: trip.version, label })
}

/** A trip in a filed quarter is kept (period_closed): the toast says why. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'trip')
  const values = (trip: { truck: { unitNumber: string }; endedAt: Date }) => ({
    unit: trip.truck.unitNumber,
    date: formatDate(getLocale(context), trip.endedAt),
  })
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteTrip(actor, params.id, version),
    find: () => getTrip(user.organizationId, params.id),
    deleted: (t, trip) => t('trips.toast.deleted', values(trip)),
    kept: (t, trip) => t('trips.toast.kept', values(trip)),
    conflict: 'trips.changes.deleteConflict',
  })
}

export default function DeleteTrip({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <DeleteConfirmPage
      title={t('trips.delete.titleOf', { label: record.label })}
      description={t('trips.delete.description')}
      listLabel={t('nav.trips')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
