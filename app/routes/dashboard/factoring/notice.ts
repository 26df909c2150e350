import { data } from 'react-router'

import { getLocale } from '~/middleware/i18next'
import { noticePdfResponse } from '~/models/factoring/factoring-pdf.server'
import { requirePermission } from '~/requests/session.server'
import { isDomainError } from '~/utils/errors.server'

import type { Route } from './+types/notice'

/** `?brokerId=`: the notice-of-assignment letter to that broker (a GET form on the agreement page). No agreement, or no such broker: 404. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  const brokerId = new URL(request.url).searchParams.get('brokerId') ?? ''
  try {
    return await noticePdfResponse(request, user.organizationId, brokerId, getLocale(context))
  } catch (error) {
    if (isDomainError(error) && (error.code === 'not_found' || error.code === 'invalid_transition')) throw data(null, { status: 404 })
    throw error
  }
}
