import { postFile, postMessage } from '~/models/chat/chat.server'
import { apiData, handleApi, methodNotAllowed, parseOrThrow, readBody, requireApiPermission } from '~/requests/api.server'
import { ChatCaptionSchema, ChatMessageSchema } from '~/schemas/chat'
import { CHAT_FILE_MAX_BYTES } from '~/schemas/chat-options'
import { DomainError } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/messages'

/** A photo or PDF of at most 10 MB: the edge holds the body up to that, and answers 413 past it. */
export const upload = uploadLimit(CHAT_FILE_MAX_BYTES)

/**
 * POST /api/chat/{id}/messages: JSON `{ body }`, or multipart `file` (PNG, JPEG, WebP: `image`;
 * PDF: `file`; by content, else 415; past 10 MB 413) with an optional `body`. 201 with the
 * message; the other participants' unread counts grow and their event streams get it.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(request, ['POST'])
  return handleApi(request, async (call) => {
    const user = await requireApiPermission(call, 'create', 'chat')
    const type = (request.headers.get('Content-Type') ?? '').toLowerCase()
    if (!type.startsWith('multipart/form-data')) {
      const { body } = await readBody(request, ChatMessageSchema)
      return apiData(await postMessage(user, params.id, body), { status: 201 })
    }
    let form: FormData
    try {
      form = await request.formData()
    } catch {
      throw new DomainError('validation_failed', 'chat.errors.badForm')
    }
    const file = form.get('file')
    const text = form.get('body')
    const { body } = parseOrThrow(ChatCaptionSchema, { body: typeof text === 'string' && text.trim() ? text : undefined })
    if (!(file instanceof File) || file.name === '') {
      if (!body) throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['chat.errors.fileRequired'] } })
      return apiData(await postMessage(user, params.id, body), { status: 201 })
    }
    return apiData(await postFile(user, params.id, file, body), { status: 201 })
  })
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ['POST'])
}
