/**
 * What every delete route does around its model call: the confirm page's data (used without
 * JavaScript; the list's dialog posts to the same action) and the action's answer, a redirect
 * back to the list as the user left it with a toast. The route still checks the permission and
 * calls its own model functions; only the answer's shape lives here, once.
 */
import type { TFunction } from 'i18next'
import type { RouterContextProvider } from 'react-router'

import { getInstance } from '~/middleware/i18next'
import { OptionalVersionSchema } from '~/schemas/version'
import { isDomainError } from '~/utils/errors.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'

/** The confirm page's data: whom it names, the version it will send, and where it returns. */
export function deleteConfirmation(request: Request, list: string, record: { id: string; version: number; label: string }) {
  return { record, returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), list) }
}

type DeleteSteps<Row> = {
  /** The list this delete returns to (unless the form names a page of it). */
  list: string
  /** The record's id, to mark its row when it is kept. */
  id: string
  /** The model's delete, given the version the user saw (absent: no check). */
  remove: (version: number | undefined) => Promise<Row>
  /** The record as it is now, after a refusal (a rejection: it is gone). */
  find: () => Promise<Row>
  /** The success toast's title. */
  deleted: (t: TFunction, row: Row) => string
  /** The refusal toast's title, naming the record that was kept. */
  kept: (t: TFunction, row: Row) => string
  /** The refusal's explanation when someone changed the record since the confirmation. */
  conflict: string
}

/**
 * Deletes with the version the form sent and answers with a toast on the list. A refusal
 * (changed since, still in use, or not allowed in its state) deletes nothing: the toast names the
 * record and says why, and the list marks its row so the user sees its current details before
 * deciding again. A record that is gone already gets the model's message alone.
 */
export async function deleteAndReturn<Row>(request: Request, context: Readonly<RouterContextProvider>, steps: DeleteSteps<Row>) {
  const form = await request.formData()
  const t = getInstance(context).t
  const returnTo = listReturnTo(form.get('returnTo'), steps.list)
  const parsed = OptionalVersionSchema.safeParse({ version: form.get('version') ?? undefined })
  // Only a forged or broken form gets here: the page and the dialog always send the version.
  if (!parsed.success) return redirectWithToast(returnTo, { type: 'error', title: t('validation.version') })
  try {
    const row = await steps.remove(parsed.data.version)
    return redirectWithToast(returnTo, { type: 'success', title: steps.deleted(t, row) })
  } catch (error) {
    if (!isDomainError(error)) throw error
    const current = await steps.find().catch(() => null)
    const reason = error.code === 'conflict' ? t(steps.conflict) : t(error.messageKey, error.options.params ?? {})
    if (!current) return redirectWithToast(returnTo, { type: 'error', title: reason })
    return redirectWithToast(withChanged(returnTo, steps.id), { type: 'error', title: steps.kept(t, current), description: reason })
  }
}
