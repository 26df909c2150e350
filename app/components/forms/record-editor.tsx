import type { FieldMetadata, SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { href } from 'react-router'
import type { z } from 'zod'

import { CustomFieldInputs } from '~/components/forms/custom-field-inputs'
import { RecordForm } from '~/components/forms/record-form'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { useTranslation } from '~/hooks/use-translation'
import type { CustomFieldDefinition } from '~/schemas/custom-field'
import type { FormConstraint } from '~/schemas/form-constraint'
import { type RecordListName, recordPaths } from '~/schemas/record-pages'
import { withReturnTo } from '~/utils/list-return'

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>
type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>

/**
 * A record editor page (new and edit): the title and the way back to the list, then the form
 * (Conform, set up from the loader's constraints and values and the action's reply: form errors,
 * the reload link after a conflict, version, returnTo, Cancel and submit) around the route's own
 * sections, which get the fields, then the list's custom fields. Typed by the update schema,
 * whose fields are the create schema's plus the version. Strings by the names in
 * RECORD_EDITOR_STRINGS.
 */
export function RecordEditor<Schema extends FormSchema>(props: {
  name: RecordListName
  /** The record being edited (`label` names it in the crumbs, `values` in the title), or null for a new one. */
  record: { id: string; label: string; values: Record<string, string> } | null
  /** readEditor's answer. */
  data: { returnTo: string; customFieldDefinitions: CustomFieldDefinition[]; constraint: FormConstraint; defaultValue: Record<string, unknown> }
  /** saveEditor's answer to a refused save. */
  reply: { result: SubmissionResult<string[]>; conflict: boolean } | undefined
  /** `multipart/form-data` when the form carries files (product photos). */
  encType?: 'multipart/form-data'
  /** The route's sections, given the fields and, for lists of rows (a trip's states), the form's insert and remove. */
  children: (fields: ReturnType<typeof useSchemaForm<Schema>>[1], form: ReturnType<typeof useSchemaForm<Schema>>[0]) => ReactNode
}) {
  const { t } = useTranslation()
  const { name, record, data } = props
  const [form, fields] = useSchemaForm<Schema>({
    id: `${name}-${record?.id ?? 'new'}`,
    constraint: data.constraint,
    lastResult: props.reply?.result,
    defaultValue: data.defaultValue,
  })
  const { version, customFields } = fields as unknown as { version: Field; customFields: Field }
  return (
    <>
      <PageHeader
        title={record ? t(`${name}.edit.title`, record.values) : t(`${name}.new.title`)}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t(`nav.${name}`), to: data.returnTo },
          { label: record ? record.label : t('nav.create') },
        ]}
      />
      <RecordForm
        form={form}
        version={record ? version : undefined}
        conflictReload={props.reply?.conflict && record ? withReturnTo(recordPaths(name, record.id).edit, data.returnTo) : undefined}
        returnTo={data.returnTo}
        submitLabel={record ? t('common.saveChanges') : t(`${name}.new.submit`)}
        encType={props.encType}
      >
        {props.children(fields, form)}
        <CustomFieldInputs definitions={data.customFieldDefinitions} field={customFields} />
      </RecordForm>
    </>
  )
}
