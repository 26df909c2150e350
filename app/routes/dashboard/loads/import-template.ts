import { requirePermission } from '~/requests/session.server'
import { loadImportTemplate } from '~/schemas/load-import-options'

import type { Route } from './+types/import-template'

/** The import's CSV template: the header row and one example load. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, 'create', 'load')
  return new Response(loadImportTemplate(), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="freightdesk-loads-template.csv"' },
  })
}
