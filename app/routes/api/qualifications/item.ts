import { deleteQualification, getQualification, serializeQualification, updateQualification } from '~/models/compliance/qualification.server'
import { requireApiActor } from '~/requests/actor.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow } from '~/requests/api.server'
import { readQualificationBody } from '~/requests/qualification-body.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { QualificationUpdateSchema } from '~/schemas/qualification'
import { OptionalVersionSchema } from '~/schemas/version'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/item'

export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  return handleApi(request, async (call) => {
    const { actor } = await requireApiActor(call, 'read', 'qualification')
    return apiData(serializeQualification(await getQualification(actor, params.userId, params.id)))
  })
}

/**
 * PUT replaces the whole item at `version` (JSON, or multipart with a new `file`); `review`
 * (`accepted`, `rejected`) answers a driver's upload. DELETE takes an optional `?version=`.
 */
export async function action({ request, params }: Route.ActionArgs) {
  return handleApi(
    request,
    async (call) => {
      switch (request.method) {
        case 'PUT': {
          const { actor } = await requireApiActor(call, 'update', 'qualification')
          const { input, stored } = await readQualificationBody(actor, params.userId, request, QualificationUpdateSchema, 'update')
          return apiData(serializeQualification(await updateQualification(actor, params.userId, params.id, input, stored)))
        }
        case 'DELETE': {
          const { actor } = await requireApiActor(call, 'delete', 'qualification')
          const raw = new URL(request.url).searchParams.get('version')
          const { version } = parseOrThrow(OptionalVersionSchema, { version: raw ?? undefined })
          const item = await deleteQualification(actor, params.userId, params.id, version)
          return apiData({ id: item.id, deleted: true })
        }
        default:
          return methodNotAllowed(request, ['GET', 'HEAD', 'PUT', 'DELETE'])
      }
    },
    { idempotency: false },
  )
}
