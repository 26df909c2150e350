import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteBroker, getBroker } from '~/models/reference/broker.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['brokers'] }

const LIST = href('/dashboard/brokers/list')

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'broker')
  const broker = await orNotFound(getBroker(user.organizationId, params.id))
  return deleteConfirmation(request, LIST, { id: broker.id, version: broker.version, label: broker.name })
}

/** A broker with loads or invoices is kept (in_use); the toast says why and the row is marked. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'broker')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteBroker(actor, params.id, version),
    find: () => getBroker(user.organizationId, params.id),
    deleted: (t, broker) => t('brokers.toast.deleted', { name: broker.name }),
    kept: (t, broker) => t('brokers.changes.deleteConflictTitle', { name: broker.name }),
    conflict: 'brokers.changes.deleteConflict',
  })
}

export default function DeleteBroker({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const title = t('brokers.delete.title', { name: record.label })
  return (
    <DeleteConfirmPage title={title} description={t('brokers.delete.description')} listLabel={t('nav.brokers')} version={record.version} returnTo={returnTo} />
  )
}
