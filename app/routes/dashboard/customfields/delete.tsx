import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteCustomFieldDefinition, getCustomFieldDefinition } from '~/models/organization/custom-fields.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['customFields'] }

const LIST = href('/dashboard/customfields/list')

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'customField')
  const definition = await orNotFound(getCustomFieldDefinition(user.organizationId, params.id))
  return deleteConfirmation(request, LIST, { id: definition.id, version: definition.version, label: definition.label })
}

/** A field that records still hold values for is kept (in_use); the toast says why. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'customField')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteCustomFieldDefinition(actor, params.id, version),
    find: () => getCustomFieldDefinition(user.organizationId, params.id),
    deleted: (t, definition) => t('customFields.toast.deleted', { label: definition.label }),
    kept: (t, definition) => t('customFields.changes.deleteConflictTitle', { label: definition.label }),
    conflict: 'customFields.changes.deleteConflict',
  })
}

export default function DeleteCustomField({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  const title = t('customFields.delete.title', { label: record.label })
  return (
    <DeleteConfirmPage
      title={title}
      description={t('customFields.delete.description')}
      listLabel={t('nav.customFields')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
