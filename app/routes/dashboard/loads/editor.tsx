/**
 * PLACEHOLDER until the load editor lands (it replaces this file): the routes `loads-new` and
 * `loads-edit` exist so the list and view pages can link to them. Until then both lead back.
 */
import { redirect, href } from 'react-router'
import { requirePermission } from '~/utils/session.server'
import type { Route } from './+types/editor'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, params.id ? 'update' : 'create', 'load')
  return redirect(params.id ? href('/dashboard/loads/:id', { id: params.id }) : href('/dashboard/loads/list'))
}
