import { apiErrorResponse } from '~/requests/api.server'

import type { Route } from './+types/not-found'

export function loader({ request }: Route.LoaderArgs) {
  return apiErrorResponse(request, 'not_found', 'api.notFound', 404)
}

export function action({ request }: Route.ActionArgs) {
  return apiErrorResponse(request, 'not_found', 'api.notFound', 404)
}
