import { acknowledgePost, getPost, serializePost } from '~/models/bulletins/post.server'
import { apiData, handleApi, methodNotAllowed, readActionBody, requireApiPermission } from '~/requests/api.server'
import { PostAcknowledgeSchema } from '~/schemas/post'

import type { Route } from './+types/acknowledge'

/**
 * POST /api/posts/{id}/acknowledge (no body needed): records "I have read this" for the caller,
 * once (a second call keeps the first time) → 200 with the post (`acknowledgedByMe: true`). A
 * draft, or a post that does not ask for it: 409 `invalid_transition`; a viewer (reads only): 403.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'post')
    await readActionBody(request, PostAcknowledgeSchema)
    await acknowledgePost(user, params.id)
    return apiData(serializePost(await getPost(user, params.id)))
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
