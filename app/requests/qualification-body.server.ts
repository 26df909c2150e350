/**
 * The body of a qualification write through the API: JSON (`readBody`), or multipart with the
 * text fields and an optional `file` (the document, streamed to storage). Either way the same
 * schema as the page's form; a refused body leaves no stored file.
 */
import type { z } from 'zod'

import type { Actor } from '~/models/audit/audit.server'
import { isMultipart, receiveQualificationUpload } from '~/models/compliance/qualification.server'
import { discardUpload } from '~/models/files/streamed-upload.server'

import { parseOrThrow, readBody } from './api.server'

export async function readQualificationBody<S extends z.ZodType>(actor: Actor, driverId: string, request: Request, schema: S, action: 'create' | 'update') {
  if (!isMultipart(request)) return { input: await readBody(request, schema), stored: undefined }
  const { form, stored } = await receiveQualificationUpload(actor, driverId, request, action)
  try {
    const values = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string' && value !== ''))
    return { input: parseOrThrow(schema, values), stored }
  } catch (error) {
    await discardUpload(stored)
    throw error
  }
}
