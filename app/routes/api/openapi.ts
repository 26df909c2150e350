import { openApiDocument } from '~/api-docs/openapi.server'
import { jsonResponse, methodNotAllowed } from '~/requests/api.server'

import type { Route } from './+types/openapi'

/** GET /api/openapi.json: the API described from the routes' own zod schemas; public, like any API reference. */
export function loader(_: Route.LoaderArgs) {
  return jsonResponse(openApiDocument())
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ['GET', 'HEAD'])
}
