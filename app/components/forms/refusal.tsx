import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { cn } from '~/utils/cn'
import { isRefusal, type RefusalAnswer } from '~/utils/page-answer'

import { ConflictNotice } from './conflict-notice'

/** A page action's refusal as the page receives it: the page-answer type's `refused` kind (app/utils/page-answer.ts, ADR 049, ADR 107). */
export type RefusalData = RefusalAnswer

/** A refusal read for one form of the page: its summary, its other messages, the messages of a field. */
export type ShownRefusal = {
  message: string | null
  reasons: string[]
  field: (name: string) => string[] | undefined
  /** Every field's messages by name. */
  fields: Record<string, string[]>
  conflict: boolean
  /** A page the refusal points to (the load that holds a busy driver). */
  link: { to: string; label: string } | null
  /** The values as posted, for a form that shows them again (not the hidden ones, such as passwords). */
  values: Record<string, unknown>
}

export { isRefusal }

/** The record a refusal concerns (`about`), for a page that shows several: it hands the refusal to that one's card. */
export function refusalAbout(actionData: unknown) {
  return isRefusal(actionData) ? actionData.about : null
}

/**
 * The action's answer if it is a refusal for this form (`intent`: one, several, or null for a post
 * that named none or an unknown one; absent: any) and the record `about` when the page shows
 * several, else null. `formFields`: the fields the form shows at their inputs; the messages of
 * any other field (a hidden version, or all of them for status buttons) are listed under the summary.
 * Every message is text the server translated: shown as it is.
 */
export function useRefusal(
  actionData: unknown,
  intent?: string | null | readonly (string | null)[],
  about?: string,
  formFields?: readonly string[],
): ShownRefusal | null {
  if (!isRefusal(actionData)) return null
  const intents = intent === undefined ? null : Array.isArray(intent) ? intent : [intent]
  if (intents && !intents.includes(actionData.intent)) return null
  if (about !== undefined && actionData.about !== about) return null
  const errors = actionData.result.error ?? {}
  const [message = null, ...others] = errors[''] ?? []
  const fieldMessages = formFields
    ? Object.entries(errors)
        .filter(([name]) => name !== '' && !formFields.includes(name))
        .flatMap(([, list]) => list ?? [])
    : []
  return {
    message,
    reasons: [...new Set([...others, ...fieldMessages])],
    field: (name) => errors[name] ?? undefined,
    fields: Object.fromEntries(
      Object.entries(errors)
        .filter(([name]) => name !== '')
        .map(([name, list]) => [name, list ?? []]),
    ),
    conflict: actionData.conflict,
    link: actionData.link ?? null,
    values: (actionData.result.initialValue ?? {}) as Record<string, unknown>,
  }
}

/** A refusal above its form: the summary, its reasons, and on a conflict the link to the latest version. */
export function RefusalNotice({
  refusal,
  reloadTo,
  testId,
  className,
  children,
}: {
  refusal: ShownRefusal | null
  reloadTo?: string
  testId?: string
  className?: string
  /** Said after the messages (e.g. that the page already shows the latest version). */
  children?: ReactNode
}) {
  if (!refusal || (!refusal.message && !refusal.reasons.length && !refusal.conflict)) return null
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cn(
        'flex gap-3 rounded-lg border border-error/40 bg-error-lighter px-4 py-3 text-sm text-error-darker dark:bg-error/15 dark:text-error-light',
        className,
      )}
    >
      <Icon name="alert" size={20} className="mt-0.5 shrink-0" />
      <div className="min-w-0">
        {refusal.message ? <p className="font-bold">{refusal.message}</p> : null}
        {refusal.link ? (
          <p className="mt-1">
            <Link to={refusal.link.to} className="font-semibold underline" data-testid="refusal-link">
              {refusal.link.label}
            </Link>
          </p>
        ) : null}
        {refusal.reasons.length ? (
          <ul className="mt-1 list-disc ps-5">
            {refusal.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        ) : null}
        {refusal.conflict && reloadTo ? <ConflictNotice reloadTo={reloadTo} /> : null}
        {children}
      </div>
    </div>
  )
}
