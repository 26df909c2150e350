import { createPost, exportPosts, getPost, listPosts, POST_CSV_COLUMNS, serializePost } from '~/models/bulletins/post.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, readBody, requireApiPermission } from '~/requests/api.server'
import { parseListQuery } from '~/schemas/list-query'
import { PostListQuerySchema, PostSchema } from '~/schemas/post'
import { csvFilename, csvResponse, wantsCsv } from '~/utils/csv.server'

import type { Route } from './+types/collection'

/**
 * GET /api/posts: the bulletins the caller may read (drivers, accountants and viewers: published
 * only), with search `q`, filters `status`, `tag`, `acknowledgment=required|pending`, sort and paging;
 * `?format=csv` streams every matching post (all pages) with the fields' keys as headers.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'read', 'post')
    const url = new URL(request.url)
    const query = parseListQuery(PostListQuerySchema, url.searchParams)
    if (wantsCsv(url)) return csvResponse(exportPosts(user, query), POST_CSV_COLUMNS, { headers: 'key', filename: csvFilename('bulletins') })
    const result = await listPosts(user, query)
    return apiData(result.items.map(serializePost), { meta: { total: result.total, page: result.page, pageSize: result.pageSize } })
  })
}

/** POST /api/posts → 201 { data: post }: the body's HTML is rendered and sanitized on the server. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(request, async (call) => {
    const { user, actor } = await requireApiActor(call, 'create', 'post')
    const input = await readBody(request, PostSchema)
    const post = await createPost(actor, input)
    return apiData(serializePost(await getPost(user, post.id)), { status: 201 })
  })
}
