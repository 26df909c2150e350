import { closeBooks, readBooksLock } from '~/models/accounting/period-lock.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { CloseBooksSchema } from '~/schemas/accounting-lock'

import type { Route } from './+types/lock'

/** GET /api/accounting/lock (ADR 146): `{ closedThrough, version, updatedAt, updatedBy }`; `closedThrough` null while the books are open. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accounting')
    return apiData(await readBooksLock(user.organizationId))
  })
}

/**
 * PUT /api/accounting/lock `{ closedThrough, version }` (admins and accountants): the books closed
 * through the day, only forward (409 invalid_transition), never past today (400); stale 409 `conflict`.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(request, ['GET', 'HEAD', 'PUT'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'update', 'accounting')
    return apiData(await closeBooks(actor, await readBody(request, CloseBooksSchema)))
  })
}
