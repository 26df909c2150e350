/**
 * How a page action answers a form that failed: one shape (`{ result, conflict }`) for every
 * editor, so Conform shows the messages at the fields and the page offers a reload on conflict.
 * And what a page's loader sends for its form instead of the schema: the native constraints.
 */
import type { Submission } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'
import { customFieldDefaults } from '~/schemas/custom-field-options'
import type { FormConstraint } from '~/schemas/form-constraint'
import { isDomainError } from '~/utils/errors.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { redirectWithToast, type ToastInput } from '~/utils/toast.server'

const constraints = new WeakMap<z.ZodType, FormConstraint>()

/**
 * The schema's native constraints (required, minLength, maxLength, pattern, min, max, step,
 * multiple) by field name, for `useSchemaForm({ constraint })`: the browser gets the attributes
 * and required marks without downloading zod, and the action still validates with the schema.
 * Computed once per schema.
 */
export function formConstraint(schema: z.ZodType): FormConstraint {
  let constraint = constraints.get(schema)
  if (!constraint) {
    constraint = getZodConstraint(schema)
    constraints.set(schema, constraint)
  }
  return constraint
}

type Options = { hideFields?: string[] }

/** The input did not pass the schema: 400 with the messages at their fields. */
export function invalidSubmission(submission: Submission<unknown>, options: Options = {}) {
  return data({ result: submission.reply({ hideFields: options.hideFields }), conflict: false }, { status: 400 })
}

/**
 * The model refused the input. Field errors go to their fields, anything else above the form; a
 * record that is gone is the 404 page; a stale version sets `conflict`. Not a DomainError: a bug,
 * rethrown for the error page.
 */
export function formFailure(submission: Submission<unknown>, error: unknown, options: Options = {}) {
  if (!isDomainError(error)) throw error
  if (error.code === 'not_found') throw data(null, { status: 404 })
  const result = submission.reply({
    fieldErrors: error.fields,
    formErrors: error.fields ? [] : [error.messageKey],
    hideFields: options.hideFields,
  })
  // A form is not an API: wrong credentials are a bad submission (400), not a missing login.
  const status = error.status === 401 ? 400 : error.status
  return data({ result, conflict: error.code === 'conflict' }, { status })
}

/**
 * An editor action's one path, for new and edit alike: parse the form with the schema (400 with
 * the messages at their fields), save through the model (its refusals at their fields, a conflict
 * flagged), then answer as `done` says, usually a redirect. Nothing is saved unless it all passes.
 */
export async function submitForm<S extends z.ZodType, Row>(
  formData: FormData,
  schema: S,
  save: (value: z.output<S>) => Promise<Row>,
  done: (row: Row) => Response | Promise<Response>,
  options: Options = {},
) {
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return invalidSubmission(submission, options)
  let row: Row
  try {
    row = await save(submission.value)
  } catch (error) {
    return formFailure(submission, error, options)
  }
  return done(row)
}

/** After a save: back to the list as the user left it (the form's `returnTo`), the row marked, a toast. */
export function savedToList(formData: FormData, list: string, id: string, toast: ToastInput) {
  return redirectWithToast(withChanged(listReturnTo(formData.get('returnTo'), list), id), toast)
}

/**
 * A record's values as its editor shows them: the schema's fields, each absent rather than null
 * when empty, and custom-field values as form text.
 */
export function formDefaults(record: Record<string, unknown>, schema: { shape: Record<string, unknown> }) {
  const values: Record<string, unknown> = {}
  for (const key of Object.keys(schema.shape)) {
    const value = record[key]
    if (value === null || value === undefined) continue
    values[key] = key === 'customFields' ? customFieldDefaults(value) : value
  }
  return values
}
