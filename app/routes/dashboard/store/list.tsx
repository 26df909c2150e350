import { enumSelect, RecordList } from '~/components/lists/record-list'
import { StockBadge } from '~/components/store/stock-badge'
import { Badge } from '~/components/ui/badge'
import { OrDash } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { listProductCategories, listProducts } from '~/models/store/product.server'
import { readListPage } from '~/requests/list-page.server'
import { ProductListQuerySchema } from '~/schemas/product'
import { PRODUCT_STATUS_META, PRODUCT_STATUSES } from '~/schemas/product-options'
import { formatMoney } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['products', 'customFields'] }

/** /dashboard/e-commerce/list: the store's products, every status, with search, filters, sort, paging and export. */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'product',
    customFields: 'products',
    schema: ProductListQuerySchema,
    read: listProducts,
    also: (user) => listProductCategories(user.organizationId),
    row: (product) => ({
      id: product.id,
      version: product.version,
      name: product.name,
      sku: product.sku,
      category: product.category,
      priceCents: product.priceCents,
      stock: product.stock,
      status: product.status,
    }),
  })
}

export default function ProductList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query, also: categories } = loaderData
  return (
    <RecordList
      name="products"
      data={loaderData}
      rowName={(product) => ({ name: product.name })}
      filters={[
        enumSelect(t, 'status', t('fields.status'), query.status, PRODUCT_STATUSES, 'products.status'),
        { name: 'category', label: t('products.fields.category'), value: query.category, options: categories.map((value) => ({ value, label: value })) },
        enumSelect(t, 'stock', t('products.fields.stock'), query.stock, ['low', 'out'], 'products.stock'),
      ]}
      columns={[
        { label: t('products.fields.name'), sort: 'name', cell: (product) => <bdi>{product.name}</bdi> },
        { label: t('products.fields.sku'), sort: 'sku', className: 'font-mono', cell: (product) => <bdi>{product.sku}</bdi> },
        { label: t('products.fields.category'), sort: 'category', cell: (product) => <OrDash>{product.category}</OrDash> },
        { label: t('products.fields.price'), sort: 'priceCents', numeric: true, cell: (product) => formatMoney(i18n.language, product.priceCents) },
        { label: t('products.fields.stock'), sort: 'stock', numeric: true, cell: (product) => <StockBadge stock={product.stock} /> },
        {
          label: t('fields.status'),
          sort: 'status',
          cell: (product) => <Badge tone={PRODUCT_STATUS_META[product.status].tone}>{t(`products.status.${product.status}`)}</Badge>,
        },
      ]}
    />
  )
}
