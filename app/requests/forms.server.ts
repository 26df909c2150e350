/**
 * The one protocol of a page action (docs/decisions/049-page-action-protocol.md): parse the post
 * with the form's schema through Conform, call the model, and answer either a redirect with a
 * toast or a `Refusal` (messages at the fields and above the form, a conflict flag), the one
 * shape every page reads (app/components/forms/refusal.tsx). Malformed input (no intent, an
 * unknown one, a missing id or version) is a refusal too, never an error page. And what a page's
 * loader sends for its form instead of the schema: the native constraints.
 */
import '~/schemas/messages'

import type { Submission, SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { z } from 'zod'

import { customFieldDefaults } from '~/schemas/custom-field-options'
import type { FormConstraint } from '~/schemas/form-constraint'
import { type DomainError, isDomainError } from '~/utils/errors.server'
import { listReturnTo, withChanged } from '~/utils/list-return'
import { parseDollars } from '~/utils/money'
import type { RefusalAnswer, RefusalLink, ShownOnceAnswer } from '~/utils/page-answer'
import { redirectWithToast, type ToastInput } from '~/utils/toast.server'

const constraints = new WeakMap<z.ZodType, FormConstraint>()

/**
 * The schema's native constraints (required, minLength, maxLength, pattern, min, max, step,
 * multiple) by field name, for `useSchemaForm({ constraint })`: the browser gets the attributes
 * and required marks without downloading zod, and the action still validates with the schema.
 * Computed once per schema.
 */
/**
 * A form's `amount` in dollars as typed, read into the `amountCents` its schema takes (a payment,
 * a settlement line, a quoted price, a reserve release): text that is not an amount is NaN, which
 * the schema refuses at the field (`fieldNames: { amountCents: 'amount' }`). Empty stays absent.
 */
export function withAmountCents(form: FormData) {
  const amount = String(form.get('amount') ?? '').trim()
  if (amount) form.set('amountCents', String(parseDollars(amount) ?? Number.NaN))
  return form
}

export function formConstraint(schema: z.ZodType): FormConstraint {
  let constraint = constraints.get(schema)
  if (!constraint) {
    constraint = getZodConstraint(schema)
    constraints.set(schema, constraint)
  }
  return constraint
}

/**
 * What a page action answers when it does not redirect is one discriminated type
 * (app/utils/page-answer.ts): a refusal (`kind: 'refused'`, messages at the fields and above the
 * form, a conflict flag) or a secret shown once (`kind: 'shownOnce'`). Every message in it is text
 * translated here, in the request's language: the page shows it as it is.
 */
export type Refusal = RefusalAnswer
export type { RefusalLink }

type Options = {
  hideFields?: string[]
  intent?: string | null
  about?: string | null
  /**
   * The request's `t`: every message is answered translated, with the model's parameters (a
   * balance, a load number), as `intentAction` answers them.
   */
  translate: Translate
}

function refusal(result: SubmissionResult<string[]>, conflict: boolean, options: Partial<Options>): Refusal {
  return { kind: 'refused', intent: options.intent ?? null, about: options.about ?? null, result, conflict }
}

/** The schema's messages (catalogue keys) as text, by field; the summary first above the form. */
function translatedReply(reply: SubmissionResult<string[]>, t: Translate, summary: string[]): SubmissionResult<string[]> {
  const error: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(reply.error ?? {})) if (messages?.length) error[field] = messages.map((key) => t(key))
  return { ...reply, status: 'error', error: { ...error, '': error['']?.length ? error[''] : summary } }
}

/**
 * The input did not pass the schema: 400 with the messages at their fields, and the summary above
 * the form (`validation.failed`, as intentAction answers it): without JavaScript the page is drawn
 * again from the top, and a long form's field messages may be far below it.
 */
export function invalidSubmission(submission: Submission<unknown>, options: Options) {
  const reply = submission.reply({ hideFields: options.hideFields })
  return data(refusal(translatedReply(reply, options.translate, [options.translate('validation.failed')]), false, options), { status: 400 })
}

/** One of Conform's own intents (add, remove or move a row): the same form again with its new rows, no messages, nothing written. */
export function formIntentReply(submission: Submission<unknown>, translate: Translate) {
  const reply = submission.reply()
  const error: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(reply.error ?? {})) if (messages?.length) error[field] = messages.map((key) => translate(key))
  return data(refusal(reply.error ? { ...reply, error } : reply, false, {}))
}

/**
 * The model refused the input. Field errors go to their fields, anything else above the form; a
 * record that is gone is the 404 page; a stale version sets `conflict`. Not a DomainError: a bug,
 * rethrown for the error page. The messages are text with the model's parameters.
 */
export function formFailure(submission: Submission<unknown>, error: unknown, options: Options) {
  if (!isDomainError(error)) throw error
  if (error.code === 'not_found') throw data(null, { status: 404 })
  const translated = domainMessages(error, options.translate, (field) => field)
  const result = submission.reply({
    fieldErrors: translated.fieldErrors,
    formErrors: error.fields ? [] : translated.formErrors,
    hideFields: options.hideFields,
  })
  // A form is not an API: wrong credentials are a bad submission (400), not a missing login.
  const status = error.status === 401 ? 400 : error.status
  return data(refusal(result, error.code === 'conflict', options), { status })
}

type Translate = (key: string, params?: Record<string, unknown>) => string

/** What an action may answer besides a refusal: a redirect, or data for a fetcher (the board's drop). */
type Answer = Response | ReturnType<typeof data<unknown>>

/** One intent of a page: the form's schema, the model call, and the answer when it is done. */
export type Intent<S extends z.ZodType = z.ZodType, Row = unknown> = {
  schema: S
  run: (value: z.output<S>) => Promise<Row>
  done: (row: Row) => Answer | Promise<Answer>
  /** Form fields named otherwise in the schema or the model (`{ amountCents: 'amount' }`). */
  fieldNames?: Record<string, string>
  hideFields?: string[]
  /**
   * A record that is gone is a refusal (404, the model's message on the page) instead of the 404
   * page: for an intent about a part of the page's record (a payment, a document).
   */
  gone?: boolean
  /** A page the model's refusal points to, when it names one (the load holding a busy driver). */
  link?: (error: DomainError, t: Translate) => RefusalLink | undefined
}

// Any intent's shape: its model call and answer take its own schema's output (never: any of them).
type AnyIntent = Omit<Intent, 'run' | 'done'> & { run: (value: never) => Promise<unknown>; done: (row: never) => Answer | Promise<Answer> }

/** Declares one intent (types the model call by the schema). */
export function intent<S extends z.ZodType, Row>(definition: Intent<S, Row>): Intent<S, Row> {
  return definition
}

/**
 * The refusal as one line of text (a toast's description): the summary, then its reasons and field
 * messages, as `intentAction` translated them.
 */
export function refusalText(refused: Refusal) {
  const messages = Object.values(refused.result.error ?? {}).flatMap((list) => list ?? [])
  return [...new Set(messages)].join(' ')
}

type IntentActionOptions = {
  /** The record it concerns when the page shows several (kept in the refusal). */
  about?: string | null
  /** Answer a refusal otherwise than as data for the page, e.g. a toast (the dispatch board). */
  refused?: (refused: Refusal, status: number) => Answer | Promise<Answer>
}

/**
 * A page action's one path: pick the intent the form posted (none, or an unknown one, is a 400
 * refusal), parse the post with its schema through Conform (400 with the messages at their
 * fields), run the model (its refusals at their fields or above the form, a stale version
 * flagged), then answer as `done` says, usually a redirect with a toast. Every message is
 * translated here, in the request's language, with the model's parameters. A record that is gone
 * is the 404 page; anything but a DomainError is a bug, rethrown for the error page.
 */
export async function intentAction(
  form: FormData,
  t: Translate,
  intents: Record<string, AnyIntent>,
  options: IntentActionOptions = {},
): Promise<Answer | ReturnType<typeof data<Refusal>>> {
  const name = form.get('intent')
  const chosen = typeof name === 'string' && Object.hasOwn(intents, name) ? (intents[name] as unknown as Intent) : undefined
  const base = { intent: typeof name === 'string' ? name.slice(0, 40) : null, about: options.about ?? null }
  const answer = async (result: SubmissionResult<string[]>, conflict: boolean, status: number, link?: RefusalLink) => {
    const refused: Refusal = { kind: 'refused', ...base, result, conflict, ...(link ? { link } : {}) }
    return options.refused ? options.refused(refused, status) : data(refused, { status })
  }
  if (!chosen) return answer({ status: 'error', error: { '': [t('errors.unknownIntent')] } }, false, 400)
  const submission = parseWithZod(form, { schema: chosen.schema })
  const rename = (field: string) => chosen.fieldNames?.[field] ?? field
  if (submission.status !== 'success') {
    const fieldErrors: Record<string, string[]> = {}
    for (const [field, messages] of Object.entries(submission.error ?? {}))
      if (messages) (fieldErrors[rename(field)] ??= []).push(...messages.map((key) => t(key)))
    return answer(withErrors(submission.reply({ hideFields: chosen.hideFields }), [t('validation.failed')], fieldErrors), false, 400)
  }
  let row: unknown
  try {
    row = await chosen.run(submission.value)
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.code === 'not_found' && !chosen.gone) throw data(null, { status: 404 })
    const { formErrors, fieldErrors } = domainMessages(error, t, rename)
    const status = error.status === 401 ? 400 : error.status
    return answer(
      withErrors(submission.reply({ hideFields: chosen.hideFields }), formErrors, fieldErrors),
      error.code === 'conflict',
      status,
      chosen.link?.(error, t),
    )
  }
  return chosen.done(row)
}

/**
 * A refusal built by hand, for a post that no schema parses (a streamed upload): the summary above
 * the form, messages by field, already translated.
 */
export function refuse(
  about: { intent: string | null; about?: string | null },
  message: string,
  fieldErrors: Record<string, string[]> = {},
  status = 400,
  conflict = false,
) {
  return data<Refusal>(
    { kind: 'refused', intent: about.intent, about: about.about ?? null, result: { status: 'error', error: { '': [message], ...fieldErrors } }, conflict },
    { status },
  )
}

/**
 * A secret or link just made, answered this once (ADR 107): an API key, a webhook's signing
 * secret, a tracking or share link. Never a redirect, never cached; the form that made it starts
 * empty again. The page reads it with `useShownOnce` and shows it in `<ShownOnce>`.
 */
export function shownOnce(intent: string, secret: { value: string; name?: string | null }, about: string | null = null) {
  return data<ShownOnceAnswer>(
    { kind: 'shownOnce', intent, about, value: secret.value, name: secret.name ?? null, result: { status: 'success', initialValue: null } },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** A model's refusal of a post that no schema parses, as `refuse` answers it; a record that is gone is the 404 page. */
export function refuseError(about: { intent: string | null; about?: string | null }, error: unknown, t: Translate) {
  if (!isDomainError(error)) throw error
  if (error.code === 'not_found') throw data(null, { status: 404 })
  const { formErrors, fieldErrors } = domainMessages(error, t, (field) => field)
  return refuse(about, formErrors[0], fieldErrors, error.status === 401 ? 400 : error.status, error.code === 'conflict')
}

/**
 * A streamed upload's post (intent `upload`, a load's paper, a fuel receipt): `run` stores it and
 * `done` answers (a redirect with a toast), or its refusal at the upload form: `title` above it and
 * the file's reasons at their field (a wrong type, too large, a conflict). A record that is gone is the 404 page.
 */
export async function uploadAction<T>(about: string, t: Translate, title: string, run: () => Promise<T>, done: (value: T) => Response | Promise<Response>) {
  let value: T
  try {
    value = await run()
  } catch (error) {
    if (!isDomainError(error) || error.code === 'not_found' || error.code === 'conflict') return refuseError({ intent: 'upload', about }, error, t)
    const { formErrors, fieldErrors } = domainMessages(error, t, (field) => field)
    return refuse({ intent: 'upload', about }, title, Object.keys(fieldErrors).length ? fieldErrors : { file: formErrors }, error.status)
  }
  return done(value)
}

/** Conform's reply (the values as typed) with these messages, in their order: the summary first, then the fields as the model named them. */
function withErrors(reply: SubmissionResult<string[]>, formErrors: string[], fieldErrors: Record<string, string[]>): SubmissionResult<string[]> {
  return { ...reply, status: 'error', error: { '': formErrors, ...fieldErrors } }
}

/** A model's refusal as translated messages: the summary above the form, the reasons at their fields. */
function domainMessages(error: DomainError, t: Translate, rename: (field: string) => string) {
  const params = error.options.params ?? {}
  const fieldErrors: Record<string, string[]> = {}
  for (const [field, keys] of Object.entries(error.fields ?? {})) (fieldErrors[rename(field)] ??= []).push(...keys.map((key) => t(key, params)))
  return { formErrors: [t(error.messageKey, params)], fieldErrors }
}

/**
 * An editor action's one path, for new and edit alike: parse the form with the schema (400 with
 * the messages at their fields), save through the model (its refusals at their fields, a conflict
 * flagged), then answer as `done` says, usually a redirect. Nothing is saved unless it all passes.
 * `options.translate` answers every message translated, the model's with their parameters.
 */
export async function submitForm<S extends z.ZodType, Row>(
  formData: FormData,
  schema: S,
  save: (value: z.output<S>) => Promise<Row>,
  done: (row: Row) => Response | Promise<Response>,
  options: Options,
) {
  const submission = parseWithZod(formData, { schema })
  // A row added or removed without JavaScript (Conform's intents): the form again, nothing saved.
  if (submission.status === undefined) return formIntentReply(submission, options.translate)
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
