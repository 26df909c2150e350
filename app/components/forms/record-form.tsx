import { type FieldMetadata, type FormMetadata, getFormProps, getInputProps } from '@conform-to/react'
import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'

import { ConflictNotice } from '~/components/forms/conflict-notice'
import { DefaultSubmit } from '~/components/forms/default-submit'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { FormErrors } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

/**
 * The frame of every record editor (new and edit): the form's own errors, the reload link after a
 * conflict, the version the user started from (kept from their submission after a conflict, so a
 * second save cannot overwrite the other edit), where to return, the sections, then Cancel and
 * the submit button. It posts to the page's action, with or without JavaScript.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's fields, as Conform's own helpers accept
export function RecordForm<Schema extends Record<string, any>>(props: {
  form: FormMetadata<Schema, string[]>
  /** The version field of an existing record; absent for a new one. */
  version?: FieldMetadata<unknown, Record<string, unknown>, string[]>
  /** The edit page to reload after a refused stale save; absent when there was none. */
  conflictReload?: string
  returnTo: string
  submitLabel: string
  /** Extra classes for the form, e.g. a narrower width. */
  className?: string
  /** `multipart/form-data` when the form carries files (product photos). */
  encType?: 'multipart/form-data'
  children: ReactNode
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const { form } = props
  return (
    <Form method="post" encType={props.encType} {...getFormProps(form)} className={cn('space-y-6', props.className)}>
      {/* A section's own buttons (a preview, a row's) come before the submit: Enter saves all the same. */}
      <DefaultSubmit label={props.submitLabel} />
      <FormErrors id={form.errorId} errors={form.errors} />
      {props.conflictReload ? <ConflictNotice reloadTo={props.conflictReload} /> : null}
      {props.version ? <input {...getInputProps(props.version, { type: 'hidden' })} /> : null}
      <input type="hidden" name="returnTo" value={props.returnTo} />
      {props.children}
      <div className="flex flex-wrap justify-end gap-3">
        <ButtonLink to={props.returnTo} variant="secondary">
          {t('common.cancel')}
        </ButtonLink>
        <Button type="submit" disabled={navigation.state === 'submitting'}>
          {props.submitLabel}
        </Button>
      </div>
    </Form>
  )
}

/** One titled card of an editor, its fields in a grid of up to three columns; `after` spans it. */
export function FormSection({ title, children, after }: { title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <Card className="p-6">
      <h2 className="mb-5 text-base font-bold">{title}</h2>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      {after}
    </Card>
  )
}
