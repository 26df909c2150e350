import { useEffect, useRef } from 'react'
import { NavLink, useLocation } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

import { NavBadge } from './nav-badge'
import { isActive, itemHref, type NavCounts, type NavItem, type NavSection } from './nav-config'

/**
 * More items than fit in one row of a 1,280 px laptop: the bar then shows one menu per section
 * (General, Operations, Messages, Money, Management, Other) instead of a strip that scrolls out of
 * sight. A role with few items (a driver's six) keeps them in the row.
 */
export const INLINE_ITEMS_MAX = 8

const itemClass = (active: boolean) =>
  cn(
    'flex h-8 items-center gap-2 rounded-md px-2.5 text-sm font-medium whitespace-nowrap',
    active ? 'bg-primary/10 font-semibold text-primary-dark dark:text-primary-light' : 'text-muted hover:bg-black/5 dark:hover:bg-white/5',
  )

function ItemLink({ item, counts, pathname }: { item: NavItem; counts?: NavCounts; pathname: string }) {
  const { t } = useTranslation()
  return (
    <NavLink to={itemHref(item)} title={item.caption ? t(item.caption) : undefined} className={itemClass(isActive(pathname, item))}>
      <Icon name={item.icon} size={18} />
      {t(item.title)}
      <NavBadge item={item} counts={counts} />
    </NavLink>
  )
}

/** A section's unread total on its menu's button: the items' own counts show inside. */
function SectionBadge({ items, counts }: { items: NavItem[]; counts?: NavCounts }) {
  const { t } = useTranslation()
  const total = items.reduce((sum, item) => sum + (item.badge ? (counts?.[item.badge] ?? 0) : 0), 0)
  if (total <= 0) return null
  return (
    <span
      className="inline-grid min-w-5 place-items-center rounded-full bg-error px-1.5 text-[11px] leading-5 font-bold text-white"
      data-testid="nav-section-badge"
    >
      <span aria-hidden="true">{total > 99 ? '99+' : total}</span>
      <span className="sr-only">{t('nav.unread', { count: total })}</span>
    </span>
  )
}

/**
 * The top navigation bar under the header (horizontal layout); items 32 px high. With many items,
 * each section is a menu: a native `<details>` (it opens without JavaScript; `name` keeps one open
 * at a time); with JavaScript a click elsewhere or Escape closes it. A navigation closes it too.
 */
export function NavHorizontal({ sections, counts }: { sections: NavSection[]; counts?: NavCounts }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const bar = useRef<HTMLElement>(null)
  const grouped = sections.reduce((sum, section) => sum + section.items.length, 0) > INLINE_ITEMS_MAX

  useEffect(() => {
    if (!grouped) return
    const closeOthers = (event: Event) => {
      for (const menu of bar.current?.querySelectorAll('details[open]') ?? []) {
        if (event.type === 'keydown' ? (event as KeyboardEvent).key === 'Escape' : !menu.contains(event.target as Node)) menu.removeAttribute('open')
      }
    }
    document.addEventListener('click', closeOthers)
    document.addEventListener('keydown', closeOthers)
    return () => {
      document.removeEventListener('click', closeOthers)
      document.removeEventListener('keydown', closeOthers)
    }
  }, [grouped])

  return (
    <nav ref={bar} aria-label={t('nav.label')} data-testid="nav-horizontal" className="border-b border-dashed border-line bg-canvas/90 backdrop-blur">
      <ul
        className={cn(
          'mx-auto flex max-w-screen-xl items-center gap-1 px-10 py-2 in-data-[stretch=true]:max-w-none',
          grouped ? 'flex-wrap' : 'overflow-x-auto',
        )}
      >
        {grouped
          ? sections.map((section) => {
              const current = section.items.some((item) => isActive(pathname, item))
              return (
                <li key={section.subheader} className="relative">
                  {/* A new key per page closes the menu after a navigation (client-side, it would stay open). */}
                  <details key={pathname} name="nav-section" data-testid={`nav-section-${section.subheader.replace('nav.', '')}`}>
                    <summary className={cn(itemClass(current), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
                      {t(section.subheader)}
                      <SectionBadge items={section.items} counts={counts} />
                      <Icon name="chevronDown" size={16} />
                    </summary>
                    <ul className="absolute start-0 top-full z-nav mt-1 grid min-w-56 gap-0.5 rounded-card border border-line bg-surface p-1.5 shadow-lg">
                      {section.items.map((item) => (
                        <li key={item.path}>
                          <ItemLink item={item} counts={counts} pathname={pathname} />
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              )
            })
          : sections
              .flatMap((section) => section.items)
              .map((item) => (
                <li key={item.path}>
                  <ItemLink item={item} counts={counts} pathname={pathname} />
                </li>
              ))}
      </ul>
    </nav>
  )
}
