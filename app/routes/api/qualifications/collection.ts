import { createQualification, getQualificationFile, serializeQualification } from '~/models/compliance/qualification.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { readQualificationBody } from '~/requests/qualification-body.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { QualificationSchema } from '~/schemas/qualification'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/collection'

/** A multipart body streams its document to storage as it arrives (never collected by the edge). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/**
 * GET /api/drivers/{userId}/qualifications: the driver's file, every item with `validThrough`,
 * `status` and `review` (kinds in the file's order, newest first). A driver reads only their own.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'read', 'qualification')
    const file = await getQualificationFile(actor, params.userId)
    return apiData(file.items.map(serializeQualification), { meta: { total: file.items.length, page: 1, pageSize: Math.max(file.items.length, 1) } })
  })
}

/**
 * POST → 201 { data: item }: JSON, or multipart with the fields and the document as `file` (PDF,
 * PNG, JPEG or WebP by content, 15 MB). A driver posts their own renewed medical card, pending
 * until the office accepts it. Streamed, so not replayed by Idempotency-Key.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['GET', 'HEAD', 'POST'])
  return handleApi(
    request,
    async (call) => {
      const { actor } = await requireApiActor(call, 'create', 'qualification')
      const { input, stored } = await readQualificationBody(actor, params.userId, request, QualificationSchema, 'create')
      return apiData(serializeQualification(await createQualification(actor, params.userId, input, stored)), { status: 201 })
    },
    { idempotency: false },
  )
}
