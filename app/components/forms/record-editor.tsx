import type { FieldMetadata, FormMetadata } from '@conform-to/react'
import type { ReactNode } from 'react'
import { href } from 'react-router'
import { CustomFieldInputs } from '~/components/forms/custom-field-inputs'
import { RecordForm } from '~/components/forms/record-form'
import { PageHeader } from '~/components/layout/page-header'
import type { CustomFieldDefinition } from '~/schemas/custom-field'
import { recordPaths, type RecordListName } from '~/schemas/record-pages'
import { withReturnTo } from '~/utils/list-return'
import { useTranslation } from '~/utils/use-translation'

type Field = FieldMetadata<unknown, Record<string, unknown>, string[]>

/**
 * A record editor page (new and edit): the title and the way back to the list, then RecordForm
 * (form errors, the reload link after a conflict, version, returnTo, Cancel and submit) around the
 * route's own sections, then the list's custom fields. Strings by the names in RECORD_EDITOR_STRINGS.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's fields, as Conform's own helpers accept
export function RecordEditor<Schema extends Record<string, any>>(props: {
  name: RecordListName
  /** The record being edited (`label` names it in the crumbs, `values` in the title), or null for a new one. */
  record: { id: string; label: string; values: Record<string, string> } | null
  form: FormMetadata<Schema, string[]>
  version: Field
  customFields: Field
  data: { returnTo: string; customFieldDefinitions: CustomFieldDefinition[] }
  /** The last save was refused because the record changed since it was read. */
  conflict?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  const { name, record, data } = props
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
        form={props.form}
        version={record ? props.version : undefined}
        conflictReload={props.conflict && record ? withReturnTo(recordPaths(name, record.id).edit, data.returnTo) : undefined}
        returnTo={data.returnTo}
        submitLabel={record ? t('common.saveChanges') : t(`${name}.new.submit`)}
      >
        {props.children}
        <CustomFieldInputs definitions={data.customFieldDefinitions} field={props.customFields} />
      </RecordForm>
    </>
  )
}
