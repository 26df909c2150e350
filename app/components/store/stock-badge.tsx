import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import { isLowStock } from '~/schemas/product-options'
import { formatNumber } from '~/utils/format'

/** A product's stock: the number, with "Out of stock" or "Low stock" beside it when it is low (LOW_STOCK_THRESHOLD). */
export function StockBadge({ stock }: { stock: number }) {
  const { t, i18n } = useTranslation()
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{formatNumber(i18n.language, stock)}</span>
      {stock <= 0 ? <Badge tone="error">{t('products.stock.out')}</Badge> : isLowStock(stock) ? <Badge tone="warning">{t('products.stock.low')}</Badge> : null}
    </span>
  )
}
