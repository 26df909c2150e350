import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import type { CustomFieldType } from '~/schemas/custom-field-options'
import { formatDate, formatNumber } from '~/utils/format'

/** One value as a page shows it: dates and numbers in the reader's language, Yes/No for checkboxes. */
export function CustomFieldValue({ type, value }: { type: CustomFieldType; value: string | number | boolean | null | undefined }) {
  const { t, i18n } = useTranslation()
  if (type === 'boolean') return <>{t(value === true ? 'customFields.values.yes' : 'customFields.values.no')}</>
  if (value === null || value === undefined || value === '') return <span className="text-muted">—</span>
  if (type === 'date' && typeof value === 'string') return <>{formatDate(i18n.language, value)}</>
  if (type === 'number' && typeof value === 'number') return <bdi className="tabular-nums">{formatNumber(i18n.language, value)}</bdi>
  return <bdi className="whitespace-pre-line">{String(value)}</bdi>
}

/**
 * The read-only custom fields of a view page (from customFieldsForDisplay); nothing when none.
 *
 *   <CustomFieldValues fields={loaderData.customFields} />
 */
export function CustomFieldValues({
  fields,
}: {
  fields: Array<{ key: string; label: string; type: CustomFieldType; value: string | number | boolean | null }>
}) {
  const { t } = useTranslation()
  if (!fields.length) return null
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-base font-bold">{t('customFields.values.heading')}</h2>
      <dl data-testid="custom-field-values">
        {fields.map((field) => (
          <div key={field.key} className="border-t border-dashed border-line py-3 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-semibold text-muted">{field.label}</dt>
            <dd className="mt-1 text-sm sm:col-span-2 sm:mt-0">
              <CustomFieldValue type={field.type} value={field.value} />
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  )
}
