import { createAccountingExport, listAccountingExports } from '~/models/accounting/export.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { AccountingExportListQuerySchema, AccountingExportSchema } from '~/schemas/accounting'

import type { Route } from './+types/exports'

/** GET /api/accounting/exports?page=&pageSize=: the organization's batches, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'accounting')
    const query = parseOrThrow(AccountingExportListQuerySchema, Object.fromEntries(new URL(request.url).searchParams))
    const result = await listAccountingExports(user.organizationId, query)
    return apiData(result.items, { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/**
 * POST `{ from, to, format, kinds, includeExported? }` → 201 with the batch (`id`, `number`,
 * `recordCount`, `url` and its status): its records are claimed at once, its file written by the
 * job queue (`status` queued → running → ready; `processedCount` of `recordCount`).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'create', 'accounting')
    const input = await readBody(request, AccountingExportSchema)
    return apiData(await createAccountingExport(actor, input), { status: 201 })
  })
}
