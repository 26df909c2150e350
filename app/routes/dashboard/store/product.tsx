import { href, redirect } from 'react-router'

import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { AddToCart } from '~/components/store/add-to-cart'
import { PhotoGallery } from '~/components/store/photo-gallery'
import { StockBadge } from '~/components/store/stock-badge'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { customFieldsForDisplay } from '~/models/organization/custom-fields.server'
import { addCartItem } from '~/models/store/cart.server'
import { getProduct } from '~/models/store/product.server'
import { deleteProductPhoto, productPhotoUrl } from '~/models/store/product-photo.server'
import { saleBlock } from '~/policies/product'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { CartAddSchema } from '~/schemas/checkout'
import { ProductPhotoActionSchema } from '~/schemas/product'
import { PRODUCT_STATUS_META } from '~/schemas/product-options'
import { orNotFound } from '~/utils/errors.server'
import { formatMoney } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/product'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['products', 'store', 'customFields'] }

/**
 * One product: its photos, price, stock and details, and "Add to cart" for those who may order.
 * The shop links here; so does the product list. Editors also get Edit and a delete button per photo.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'product')
  const product = await orNotFound(getProduct(user.organizationId, params.id))
  return {
    product: {
      id: product.id,
      name: product.name,
      sku: product.sku,
      description: product.description,
      category: product.category,
      priceCents: product.priceCents,
      stock: product.stock,
      colors: product.colors,
      status: product.status,
      photos: product.photos.map((photo) => ({ id: photo.id, url: productPhotoUrl(photo), fileName: photo.fileName })),
    },
    blocked: saleBlock(product),
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/e-commerce/shop')),
    canUpdate: can(user.role, 'update', 'product'),
    canOrder: can(user.role, 'create', 'storeOrder'),
    customFields: await customFieldsForDisplay(user.organizationId, 'products', product.customFields),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const form = await request.formData()
  // "Add to cart" is anyone's who may order (drivers too); the photos are the editors'.
  if (form.get('intent') === 'add') {
    const { actor } = await requireActor(request, 'create', 'storeOrder')
    return intentAction(form, t, {
      add: intent({
        schema: CartAddSchema,
        run: (input) => addCartItem(actor, input),
        done: () => redirectWithToast(href('/dashboard/e-commerce/checkout'), { type: 'success', title: t('checkout.added') }),
      }),
    })
  }
  const { actor } = await requireActor(request, 'update', 'product')
  const here = new URL(request.url)
  return intentAction(form, t, {
    deletePhoto: intent({
      schema: ProductPhotoActionSchema,
      run: ({ photoId }) => deleteProductPhoto(actor, params.id, photoId),
      done: () => redirect(`${here.pathname}${here.search}`),
      gone: true,
    }),
  })
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { product, returnTo } = loaderData
  const refusal = useRefusal(actionData, 'deletePhoto')
  const cartRefusal = useRefusal(actionData, 'add', undefined, ['quantity'])
  return (
    <>
      <RecordHeader
        title={product.name}
        listLabel={t('nav.store')}
        returnTo={returnTo}
        name={product.name}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/e-commerce/product/:id/edit', { id: product.id }), returnTo) : undefined}
      />
      <RefusalNotice refusal={refusal} className="mb-4" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-4 sm:p-6">
          <PhotoGallery name={product.name} photos={product.photos} canDelete={loaderData.canUpdate} />
        </Card>
        <div className="space-y-6">
          <Card className="space-y-4 p-6">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={PRODUCT_STATUS_META[product.status].tone}>{t(`products.status.${product.status}`)}</Badge>
              {product.category ? <span className="text-sm text-muted">{product.category}</span> : null}
            </div>
            <p className="text-3xl font-bold tabular-nums" data-testid="product-price">
              {formatMoney(i18n.language, product.priceCents)}
            </p>
            <p className="text-sm">
              <span className="font-semibold">{t('products.fields.stock')}: </span>
              <span data-testid="product-stock">
                <StockBadge stock={product.stock} />
              </span>
            </p>
            {loaderData.canOrder ? <AddToCart productId={product.id} colors={product.colors} blocked={loaderData.blocked} refusal={cartRefusal} /> : null}
          </Card>
          <DetailCard title={t('products.view.details')} testId="product-details">
            <DetailItem label={t('products.fields.sku')}>
              <bdi className="font-mono">{product.sku}</bdi>
            </DetailItem>
            <DetailItem label={t('products.fields.colors')}>{product.colors.length ? product.colors.join(', ') : null}</DetailItem>
            <DetailItem label={t('products.fields.description')}>
              {product.description ? (
                <p dir="auto" className="whitespace-pre-line">
                  {product.description}
                </p>
              ) : null}
            </DetailItem>
          </DetailCard>
          <CustomFieldValues fields={loaderData.customFields} />
        </div>
      </div>
    </>
  )
}
