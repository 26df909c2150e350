import { IMPORT_ENTITIES, importTemplate } from '~/models/records/record-import.server'
import { requirePermission } from '~/requests/session.server'
import { importListOf } from '~/schemas/import-options'

import type { Route } from './+types/template'

/** A list's CSV template (one module serves every list's `/import/template`): the header row (the organization's custom fields last) and one example, itself a file the import accepts. */
export async function loader({ request }: Route.LoaderArgs) {
  const name = importListOf(new URL(request.url).pathname)
  if (!name) throw new Response('Not found', { status: 404 })
  const user = await requirePermission(request, 'create', IMPORT_ENTITIES[name])
  return new Response(await importTemplate(name, user.organizationId), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="freightdesk-${name}-template.csv"` },
  })
}
