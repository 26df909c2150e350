import type { FieldMetadata } from '@conform-to/react'

import { TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'

type Row = { description: string; amountCents: string }

/**
 * A driver's recurring deductions in the user editor: one row per deduction plus spare empty rows
 * (the editor's default value adds them), so a deduction is added without JavaScript; a row
 * emptied is removed on save.
 */
export function RecurringDeductions({ list }: { list: FieldMetadata<unknown, Record<string, unknown>> }) {
  const { t } = useTranslation()
  // The form schema reads the rows through a preprocess (spare rows dropped), so Conform types them as unknown.
  const rows = (list as unknown as FieldMetadata<Row[]>).getFieldList()
  return (
    <fieldset className="mt-6" data-testid="recurring-deductions">
      <legend className="text-sm font-bold">{t('users.fields.recurringDeductions')}</legend>
      <p className="mt-1 mb-3 text-sm text-muted">{t('users.editor.deductionsHint')}</p>
      {list.errors?.length ? <p className="mb-2 text-xs font-medium text-error">{list.errors.map((key) => t(key)).join(' ')}</p> : null}
      <ol className="grid gap-3">
        {rows.map((row, index) => {
          const fields = row.getFieldset()
          return (
            <li key={row.key} className="grid gap-3 sm:grid-cols-[2fr_1fr]">
              <TextField label={t('users.fields.deductionDescription', { n: index + 1 })} field={fields.description} optional />
              <TextField label={t('users.fields.deductionAmount', { n: index + 1 })} field={fields.amountCents} optional />
            </li>
          )
        })}
      </ol>
    </fieldset>
  )
}
