import { type FieldMetadata, getInputProps, getSelectProps } from '@conform-to/react'
import type { ReactNode } from 'react'

import { Card } from '~/components/ui/card'
import { ErrorList, inputClass } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import type { CustomFieldDefinition } from '~/schemas/custom-field'
import { cn } from '~/utils/cn'

type AnyField = FieldMetadata<unknown, Record<string, unknown>>

/** A labelled checkbox whose errors show under it (an unticked box is absent from the form). */
export function CheckboxField({ label, field, hint, className }: { label: ReactNode; field: AnyField; hint?: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={field.id} className="flex min-h-11 items-center gap-3 text-sm font-semibold text-ink">
        <input {...getInputProps(field, { type: 'checkbox' })} className="size-5 shrink-0 accent-primary" />
        {label}
      </label>
      {hint && !field.errors?.length ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

function CustomFieldInput({ definition, field }: { definition: CustomFieldDefinition; field: AnyField }) {
  const { t } = useTranslation()
  if (definition.type === 'boolean') return <CheckboxField label={definition.label} field={field} />
  const common = { required: definition.required || undefined, className: inputClass }
  return (
    <div className="min-w-0">
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-semibold text-ink">
        {definition.label}
        {definition.required ? (
          <span aria-hidden="true" className="text-error">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {definition.type === 'select' ? (
        <select {...getSelectProps(field)} {...common}>
          <option value="">{definition.required ? t('customFields.values.choose') : t('common.none')}</option>
          {definition.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...getInputProps(field, { type: definition.type === 'number' ? 'number' : definition.type === 'date' ? 'date' : 'text' })}
          {...common}
          step={definition.type === 'number' ? 'any' : undefined}
          maxLength={definition.type === 'text' ? 2000 : undefined}
        />
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}

/**
 * The list's active custom fields as typed inputs named `customFields.<key>`, in a card of their
 * own; nothing when the list has none. Plain inputs, so they work without JavaScript; the server
 * types the text (app/models/organization/custom-fields.server.ts) and its errors come back per field.
 *
 *   <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
 */
export function CustomFieldInputs({ definitions, field }: { definitions: CustomFieldDefinition[]; field: FieldMetadata<unknown, Record<string, unknown>> }) {
  const { t } = useTranslation()
  if (!definitions.length) return null
  const fieldset = (field as FieldMetadata<Record<string, unknown>, Record<string, unknown>>).getFieldset() as Record<string, AnyField>
  return (
    <Card className="p-6" data-testid="custom-field-inputs">
      <h2 className="mb-5 text-base font-bold">{t('customFields.values.heading')}</h2>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {definitions.map((definition) => (
          <CustomFieldInput key={definition.key} definition={definition} field={fieldset[definition.key]} />
        ))}
      </div>
    </Card>
  )
}

export { customFieldDefaults } from '~/schemas/custom-field-options'

// Read-only values live in ./custom-field-values (lists and view pages need no Conform); kept here
// for the pages that import them from this module.
export { CustomFieldValue, CustomFieldValues } from './custom-field-values'
