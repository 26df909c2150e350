import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'
import { formatNumber } from '~/utils/format'

import type { NavCounts, NavItem } from './nav-config'

/** An item's unread count in the page's digits: nothing at zero, "99+" above 99; its name says what it counts. */
export function NavBadge({ item, counts, className }: { item: NavItem; counts?: NavCounts; className?: string }) {
  const { t, i18n } = useTranslation()
  const count = item.badge ? (counts?.[item.badge] ?? 0) : 0
  if (count <= 0) return null
  return (
    <span
      className={cn('inline-grid min-w-5 place-items-center rounded-full bg-error px-1.5 text-[11px] leading-5 font-bold text-white', className)}
      data-testid={`nav-badge-${item.badge}`}
    >
      <span aria-hidden="true">{count > 99 ? `${formatNumber(i18n.language, 99)}+` : formatNumber(i18n.language, count)}</span>
      <span className="sr-only">{t(item.badge === 'bulletins' ? 'nav.toAcknowledge' : 'nav.unread', { count })}</span>
    </span>
  )
}
