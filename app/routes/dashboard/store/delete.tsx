import { href } from 'react-router'

import { DeleteConfirmPage } from '~/components/lists/delete-confirm-page'
import { useTranslation } from '~/hooks/use-translation'
import { deleteProduct, getProduct } from '~/models/store/product.server'
import { requireActor } from '~/requests/actor.server'
import { deleteAndReturn, deleteConfirmation } from '~/requests/delete-route.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/delete'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['products'] }

const LIST = href('/dashboard/e-commerce/list')

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'delete', 'product')
  const product = await orNotFound(getProduct(user.organizationId, params.id))
  return deleteConfirmation(request, LIST, { id: product.id, version: product.version, label: product.name })
}

/** A product an order names is kept (in_use: archive it instead); the toast says why and the row is marked. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, actor } = await requireActor(request, 'delete', 'product')
  return deleteAndReturn(request, context, {
    list: LIST,
    id: params.id,
    remove: (version) => deleteProduct(actor, params.id, version),
    find: () => getProduct(user.organizationId, params.id),
    deleted: (t, product) => t('products.toast.deleted', { name: product.name }),
    kept: (t, product) => t('products.changes.deleteConflictTitle', { name: product.name }),
    conflict: 'products.changes.deleteConflict',
  })
}

export default function DeleteProduct({ loaderData: { record, returnTo } }: Route.ComponentProps) {
  const { t } = useTranslation()
  return (
    <DeleteConfirmPage
      title={t('products.delete.title', { name: record.label })}
      description={t('products.delete.description')}
      listLabel={t('nav.products')}
      version={record.version}
      returnTo={returnTo}
    />
  )
}
