import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { PhotoInput } from '~/components/store/photo-input'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { createProduct, getProduct, serializeProduct, updateProduct } from '~/models/store/product.server'
import { addProductPhotos, checkPhotos, filesOf } from '~/models/store/product-photo.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { ProductFormSchema, ProductFormUpdateSchema, productFromForm } from '~/schemas/product'
import { PRODUCT_STATUS_META, PRODUCT_STATUSES, PRODUCT_UPLOAD_MAX_BYTES } from '~/schemas/product-options'
import { centsToDollars } from '~/utils/money'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['products', 'customFields'] }

/** The form may carry several photos (each checked by the model: type by its bytes, size). */
export const upload = uploadLimit(PRODUCT_UPLOAD_MAX_BYTES)

const schemas = { create: ProductFormSchema, update: ProductFormUpdateSchema }

/** One editor for /dashboard/e-commerce/product/new and /dashboard/e-commerce/product/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return readEditor(request, params.id, {
    entity: 'product',
    name: 'products',
    get: getProduct,
    serialize: serializeProduct,
    schemas,
    newDefaults: { status: 'active', stock: 0 },
    // The form shows dollars and one line of colours.
    formValues: (product) => ({ price: centsToDollars(product.priceCents), colors: product.colors.join(', ') }),
  })
}

/**
 * Saves the product and the photos the form carries: the photos are checked (type, size, count)
 * before anything is written, so a bad photo is a field error and nothing is saved.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const photos = filesOf(await request.clone().formData(), 'photos')
  return saveEditor(request, params.id, context, {
    entity: 'product',
    name: 'products',
    schemas,
    create: async (actor, input) => createProduct(actor, productFromForm(input), await checkPhotos(photos)),
    update: async (actor, id, input) => {
      const stored = await getProduct(actor.organizationId, id)
      const checked = await checkPhotos(photos, stored.photos.length)
      const product = await updateProduct(actor, id, productFromForm(input))
      await addProductPhotos(actor, id, checked)
      return product
    },
    statusMeta: PRODUCT_STATUS_META,
    rowName: (product) => ({ name: product.name }),
  })
}

export default function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { record: product } = loaderData
  const statusOptions = PRODUCT_STATUSES.map((value) => ({ value, label: t(`products.status.${value}`) }))
  return (
    <RecordEditor<typeof ProductFormUpdateSchema>
      name="products"
      record={product && { id: product.id, label: product.name, values: { name: product.name } }}
      data={loaderData}
      reply={actionData}
      encType="multipart/form-data"
    >
      {(fields) => (
        <>
          <FormSection
            title={t('products.editor.identity')}
            after={<TextareaField label={t('products.fields.description')} field={fields.description} className="mt-5" />}
          >
            <TextField label={t('products.fields.name')} field={fields.name} />
            <TextField label={t('products.fields.sku')} field={fields.sku} hint={t('products.editor.skuHint')} />
            <TextField label={t('products.fields.category')} field={fields.category} />
            <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
          </FormSection>
          <FormSection title={t('products.editor.sale')}>
            <TextField label={t('products.fields.priceDollars')} field={fields.price} />
            <TextField label={t('products.fields.stock')} field={fields.stock} type="number" />
            <TextField label={t('products.fields.colors')} field={fields.colors} hint={t('products.editor.colorsHint')} />
          </FormSection>
          <FormSection title={t('products.fields.photos')}>
            <PhotoInput field={(fields as unknown as Record<string, Parameters<typeof PhotoInput>[0]['field']>).photos} />
          </FormSection>
        </>
      )}
    </RecordEditor>
  )
}
