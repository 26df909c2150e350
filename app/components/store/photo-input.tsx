import type { FieldMetadata } from '@conform-to/react'

import { ErrorList, fileInputClass } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { MAX_PRODUCT_PHOTOS, PRODUCT_PHOTO_MAX_BYTES } from '~/schemas/product-options'

export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp'

/** The product editor's photo picker: several PNG, JPEG or WebP files, each checked by the server. */
export function PhotoInput({ field }: { field: FieldMetadata<unknown, Record<string, unknown>, string[]> }) {
  const { t } = useTranslation()
  return (
    <div className="min-w-0">
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-semibold text-ink">
        {t('products.fields.photos')}
      </label>
      <input
        id={field.id}
        name={field.name}
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className={fileInputClass}
      />
      {field.errors?.length ? null : (
        <p className="mt-1.5 text-xs text-muted">
          {t('products.editor.photosHint', { size: PRODUCT_PHOTO_MAX_BYTES / 1024 / 1024, count: MAX_PRODUCT_PHOTOS })}
        </p>
      )}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  )
}
