import { NavLink, useLocation } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

import { NavBadge } from './nav-badge'
import { isActive, itemHref, type NavCounts, type NavSection } from './nav-config'

/** The top navigation bar under the header (horizontal layout); items 32 px high. */
export function NavHorizontal({ sections, counts }: { sections: NavSection[]; counts?: NavCounts }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <nav aria-label={t('nav.label')} data-testid="nav-horizontal" className="border-b border-dashed border-line bg-canvas/90 backdrop-blur">
      <ul className="mx-auto flex max-w-screen-xl items-center gap-1 overflow-x-auto px-10 py-2 in-data-[stretch=true]:max-w-none">
        {sections
          .flatMap((section) => section.items)
          .map((item) => (
            <li key={item.path}>
              <NavLink
                to={itemHref(item)}
                title={item.caption ? t(item.caption) : undefined}
                className={cn(
                  'flex h-8 items-center gap-2 rounded-md px-2.5 text-sm font-medium whitespace-nowrap',
                  isActive(pathname, item)
                    ? 'bg-primary/10 font-semibold text-primary-dark dark:text-primary-light'
                    : 'text-muted hover:bg-black/5 dark:hover:bg-white/5',
                )}
              >
                <Icon name={item.icon} size={18} />
                {t(item.title)}
                <NavBadge item={item} counts={counts} />
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  )
}
