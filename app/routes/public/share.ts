import { sharedFile } from '~/models/files/file-share.server'
import { storedFileHeaders } from '~/utils/file-name'
import { TOKEN_PAGE_HEADERS } from '~/utils/token-page'

import type { Route } from './+types/share'

/**
 * `/share/{token}` (ADR 067): the shared file, downloaded signed out. Unknown, tampered, revoked
 * or expired: 404. Never cached, never indexed, never in a Referer.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const shared = await sharedFile(params.token)
  if (!shared) return new Response('Not found', { status: 404, headers: { ...TOKEN_PAGE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(request.method === 'HEAD' ? null : shared.body, {
    headers: { ...storedFileHeaders(shared, shared.sizeBytes), ...TOKEN_PAGE_HEADERS },
  })
}
