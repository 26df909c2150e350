/**
 * The form that makes a link valid for a number of days: a load's tracking link, a file's share
 * link. The days field (bounded by the link's own limits) and the submit button, a plain post.
 */
import type { ReactNode } from 'react'
import { Form } from 'react-router'

import { Button } from '~/components/ui/button'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'

export function ExpiringLinkForm({
  intent,
  label,
  maxDays,
  defaultDays,
  errors,
  busy,
  testId,
  children,
}: {
  intent: string
  label: string
  maxDays: number
  defaultDays: number
  errors?: string[]
  busy: boolean
  testId: string
  /** The submit button's content. */
  children: ReactNode
}) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      <PlainField id="expiresInDays" label={label} errors={errors} className="w-40">
        <input id="expiresInDays" name="expiresInDays" type="number" min={1} max={maxDays} defaultValue={defaultDays} required className={inputClass} />
      </PlainField>
      <Button type="submit" disabled={busy}>
        {children}
      </Button>
    </Form>
  )
}
