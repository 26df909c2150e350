/**
 * What a page action answers when it does not redirect (ADR 049, ADR 107): one discriminated type,
 * read by the server that builds it (app/requests/forms.server.ts) and the page that shows it
 * (app/components/forms/refusal.tsx, app/components/forms/shown-once-answer.ts). Its `kind` says
 * which, so a page never guesses an answer's shape from the fields it happens to have.
 *
 * Every message in it is text in the request's language, translated on the server with the
 * model's parameters: the page shows it as it is.
 */
import type { SubmissionResult } from '@conform-to/react'

/** A link a refusal offers: where, and its text. */
export type RefusalLink = { to: string; label: string }

/**
 * The form was refused: nothing was written. `result` is Conform's reply: messages by field name
 * and, under `''`, above the form (the first is the summary, the others its reasons), with the
 * values as posted.
 */
export type RefusalAnswer = {
  kind: 'refused'
  /** The form of the page that posted (its `intent`), so the page shows the refusal beside it. */
  intent: string | null
  /** The record it concerns when a page shows several (a load on "My loads"). */
  about: string | null
  result: SubmissionResult<string[]>
  /** A stale version: the page offers to load the latest one. */
  conflict: boolean
  /** A page the refusal points to (the load that holds a busy driver), shown as a link under the message. */
  link?: RefusalLink
}

/**
 * A secret or link just made (an API key, a webhook's signing secret, a tracking or share link),
 * in this answer and nowhere else: never a redirect (it would have to be kept to be shown after
 * it), never cached. `result` resets the form that made it.
 */
export type ShownOnceAnswer = {
  kind: 'shownOnce'
  intent: string
  about: string | null
  /** The secret or the link's full address. */
  value: string
  /** What it belongs to, for the box's title (the key's name, the endpoint's URL), when it has one. */
  name: string | null
  result: SubmissionResult<string[]>
}

export type PageAnswer = RefusalAnswer | ShownOnceAnswer

function isAnswer(value: unknown): value is PageAnswer {
  return Boolean(value && typeof value === 'object' && 'kind' in value)
}

/** Whether an action's answer (a page's `actionData`, a fetcher's data) is a refusal. */
export function isRefusal(value: unknown): value is RefusalAnswer {
  return isAnswer(value) && value.kind === 'refused'
}

/** Whether an action's answer is a secret shown once. */
export function isShownOnce(value: unknown): value is ShownOnceAnswer {
  return isAnswer(value) && value.kind === 'shownOnce'
}
