/**
 * A compose post as the models take it, from the page's form or POST /api/mail: JSON, or a
 * multipart body whose `files` parts are the uploads (the edge collected it, within the route's
 * `upload` limit). The fields go through the one compose schema; the files through checkMailFiles.
 */
import { type CheckedFile, checkMailFiles } from '~/models/mail/mail-compose.server'
import { MailComposeSchema } from '~/schemas/mail'
import { DomainError } from '~/utils/errors.server'

import { parseOrThrow, readBody } from './api.server'

/** The text fields of a form as an object: a repeated field (documentIds) as a list. */
export function formFields(form: FormData) {
  const fields: Record<string, string | string[]> = {}
  for (const key of new Set(form.keys())) {
    const values = form.getAll(key).filter((value): value is string => typeof value === 'string')
    if (!values.length) continue
    fields[key] = values.length === 1 && key !== 'documentIds' ? values[0] : values
  }
  return fields
}

/** The uploads of a form (`files`), checked by size and content. */
export function formFiles(form: FormData): Promise<CheckedFile[]> {
  return checkMailFiles(form.getAll('files').filter((value): value is File => value instanceof File))
}

/** POST /api/mail's body: JSON (no files) or multipart (fields and `files`). */
export async function readMailPost(request: Request) {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'multipart/form-data') return { input: await readBody(request, MailComposeSchema), files: [] as CheckedFile[] }
  const form = await request.formData().catch(() => {
    throw new DomainError('validation_failed', 'mail.errors.badForm')
  })
  const input = parseOrThrow(MailComposeSchema, formFields(form))
  return { input, files: await formFiles(form) }
}
