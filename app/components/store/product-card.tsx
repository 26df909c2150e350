import { Link } from 'react-router'

import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { isLowStock } from '~/schemas/product-options'
import { formatMoney } from '~/utils/format'

export type ShopCard = {
  id: string
  name: string
  category: string
  priceCents: number
  stock: number
  colors: string[]
  photoUrl: string | null
  href: string
}

/** One product of the shop's grid: its first photo, name, category, price and stock note; the whole card links to its page. */
export function ProductCard({ product }: { product: ShopCard }) {
  const { t, i18n } = useTranslation()
  return (
    <Card className="group relative flex flex-col overflow-hidden" data-testid="shop-card">
      {product.photoUrl ? (
        <img src={product.photoUrl} alt="" loading="lazy" className="aspect-square w-full bg-neutral object-cover" />
      ) : (
        <div aria-hidden="true" className="flex aspect-square w-full items-center justify-center bg-neutral text-4xl font-bold text-muted">
          {product.name.slice(0, 1)}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-1 p-4">
        {product.category ? <p className="text-xs font-semibold tracking-wide text-muted uppercase">{product.category}</p> : null}
        <h2 className="font-bold">
          <Link to={product.href} className="after:absolute after:inset-0 hover:underline">
            <bdi>{product.name}</bdi>
          </Link>
        </h2>
        {product.colors.length ? <p className="text-xs text-muted">{product.colors.join(' · ')}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="font-bold tabular-nums" data-testid="shop-card-price">
            {formatMoney(i18n.language, product.priceCents)}
          </span>
          {product.stock <= 0 ? (
            <span className="text-xs font-semibold text-error">{t('products.stock.out')}</span>
          ) : isLowStock(product.stock) ? (
            <span className="text-xs font-semibold text-warning-darker dark:text-warning-light">{t('products.stock.low')}</span>
          ) : null}
        </div>
      </div>
    </Card>
  )
}
