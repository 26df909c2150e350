/**
 * How a page action answers a form that failed: one shape (`{ result, conflict }`) for every
 * editor, so Conform shows the messages at the fields and the page offers a reload on conflict.
 */
import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import { isDomainError } from './errors.server'

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
