import { href, redirect } from 'react-router'

import { accountingFileResponse } from '~/models/accounting/export.server'
import { requirePermission } from '~/requests/session.server'
import { isDomainError, orNotFound } from '~/utils/errors.server'

import type { Route } from './+types/file'

/** The batch's file (`.iif`, `.zip`); another organization's is not found, one not written yet goes back to the batch's page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accounting')
  try {
    return await orNotFound(accountingFileResponse(request, user.organizationId, params.id))
  } catch (error) {
    if (isDomainError(error) && error.code === 'invalid_transition') return redirect(href('/dashboard/accounting/exports/:id', { id: params.id }))
    throw error
  }
}
