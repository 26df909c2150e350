import { Form, href, Link } from 'react-router'

import { PageHeader } from '~/components/layout/page-header'
import { ProductCard } from '~/components/store/product-card'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { productPhotoUrl } from '~/models/store/product-photo.server'
import { listShopProducts, shopFacets } from '~/models/store/shop.server'
import { requirePermission } from '~/requests/session.server'
import { parseListQuery } from '~/schemas/list-query'
import { ShopQuerySchema } from '~/schemas/product'
import { SHOP_PAGE_SIZE, SHOP_SORTS } from '~/schemas/product-options'
import { formatNumber } from '~/utils/format'
import { can } from '~/utils/permissions'

import type { Route } from './+types/shop'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['products', 'store'] }

/** The shop: active products as a grid, filtered by category and colour, sorted, a page at a time (a GET form: works without JavaScript). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'product')
  const url = new URL(request.url)
  const query = parseListQuery(ShopQuerySchema, url.searchParams)
  const [result, facets] = await Promise.all([listShopProducts(user.organizationId, query), shopFacets(user.organizationId)])
  const back = `${url.pathname}${url.search}`
  return {
    query,
    facets,
    total: result.total,
    pages: Math.max(1, Math.ceil(result.total / SHOP_PAGE_SIZE)),
    products: result.items.map((product) => ({
      id: product.id,
      name: product.name,
      category: product.category,
      priceCents: product.priceCents,
      stock: product.stock,
      colors: product.colors,
      photoUrl: product.photos[0] ? productPhotoUrl(product.photos[0]) : null,
      href: `${href('/dashboard/e-commerce/product/:id', { id: product.id })}?returnTo=${encodeURIComponent(back)}`,
    })),
    canManage: can(user.role, 'create', 'product'),
  }
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query, facets, products, total, pages } = loaderData
  const pageHref = (page: number) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries({ ...query, page }))
      if (value !== undefined && value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value))
    return `?${params}`
  }
  const narrowed = Boolean(query.q || query.category || query.color)
  return (
    <>
      <PageHeader
        title={t('store.shop.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.store') }, { label: t('store.shop.crumb') }]}
        action={loaderData.canManage ? <ButtonLink to={href('/dashboard/e-commerce/list')}>{t('store.shop.manage')}</ButtonLink> : null}
      />
      <Card className="mb-6 p-4">
        <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end" data-testid="shop-filters">
          <div className="min-w-0">
            <label htmlFor="shop-q" className="mb-1.5 block text-sm font-semibold">
              {t('store.shop.search')}
            </label>
            <input id="shop-q" name="q" type="search" defaultValue={query.q ?? ''} dir="auto" className={inputClass} />
          </div>
          <div className="min-w-0">
            <label htmlFor="shop-category" className="mb-1.5 block text-sm font-semibold">
              {t('products.fields.category')}
            </label>
            <select id="shop-category" name="category" defaultValue={query.category ?? ''} className={inputClass}>
              <option value="">{t('store.shop.allCategories')}</option>
              {facets.categories.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor="shop-color" className="mb-1.5 block text-sm font-semibold">
              {t('products.fields.color')}
            </label>
            <select id="shop-color" name="color" defaultValue={query.color ?? ''} className={inputClass}>
              <option value="">{t('store.shop.allColors')}</option>
              {facets.colors.map((color) => (
                <option key={color} value={color}>
                  {color}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor="shop-sort" className="mb-1.5 block text-sm font-semibold">
              {t('store.shop.sort')}
            </label>
            <select id="shop-sort" name="sort" defaultValue={query.sort} className={inputClass}>
              {SHOP_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`store.shop.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit">{t('list.apply')}</Button>
        </Form>
      </Card>

      <p className="mb-3 text-sm text-muted" data-testid="shop-count">
        {t('store.shop.count', { count: total, n: formatNumber(i18n.language, total) })}
      </p>
      {products.length ? (
        <ul className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4" data-testid="shop-grid">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      ) : (
        <Card className="p-8 text-center" data-testid="shop-empty">
          <p className="font-semibold">{narrowed ? t('store.shop.noMatch') : t('store.shop.empty')}</p>
          {narrowed ? (
            <Link to={href('/dashboard/e-commerce/shop')} className="mt-2 inline-block text-sm font-semibold text-primary-dark hover:underline">
              {t('store.shop.clear')}
            </Link>
          ) : null}
        </Card>
      )}
      {pages > 1 ? (
        <nav aria-label={t('store.shop.pages')} className="mt-6 flex items-center justify-center gap-4 text-sm">
          {query.page > 1 ? (
            <Link to={pageHref(query.page - 1)} className="font-semibold hover:underline">
              {t('list.previous')}
            </Link>
          ) : null}
          <span className="tabular-nums">
            {t('store.shop.page', { page: formatNumber(i18n.language, query.page), pages: formatNumber(i18n.language, pages) })}
          </span>
          {query.page < pages ? (
            <Link to={pageHref(query.page + 1)} className="font-semibold hover:underline" data-testid="shop-next">
              {t('list.next')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
