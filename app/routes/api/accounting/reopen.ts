import { reopenBooks } from '~/models/accounting/period-lock.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody } from '~/requests/api.server'
import { ReopenBooksSchema } from '~/schemas/accounting-lock'

import type { Route } from './+types/reopen'

/**
 * POST /api/accounting/lock/reopen `{ closedThrough: day | null, reason, version }` (admins only):
 * the books closed through an earlier day, or open; the reason is kept in the audit log.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'delete', 'accounting')
    return apiData(await reopenBooks(actor, await readBody(request, ReopenBooksSchema)))
  })
}
