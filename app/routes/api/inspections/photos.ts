import { serializePhoto, uploadInspectionPhoto } from '~/models/maintenance/inspection-photo.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed } from '~/requests/api.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/photos'

/** Streamed to storage as it arrives (app/models/files/streamed-upload.server.ts): never collected by the edge. */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}

/**
 * POST /api/inspections/photos, multipart `file` → 201 { data: { id, fileName, contentType,
 * sizeBytes, url } }: a defect's photo uploaded before the report is filed (ADR 135), by a caller
 * who files reports (else 403). JPEG, PNG or WebP by content (else 415), 15 MB at most (413);
 * nothing is kept when refused. Name its id in `defects[i].photoIds` of POST /api/inspections
 * within a day, or it is removed. Not replayed by Idempotency-Key: the body is never held whole.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(
    request,
    async (call) => {
      const { actor } = await requireApiActor(call, 'create', 'inspection')
      return apiData(serializePhoto(await uploadInspectionPhoto(actor, request)), { status: 201 })
    },
    { idempotency: false },
  )
}
