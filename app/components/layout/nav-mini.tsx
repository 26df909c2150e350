import { NavLink, useLocation } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

import { NavBadge } from './nav-badge'
import { isActive, itemHref, type NavCounts, type NavSection } from './nav-config'

/** The 88 px icon rail: each item an icon with its name under it and as a tooltip. */
export function NavMini({ sections, counts }: { sections: NavSection[]; counts?: NavCounts }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-1 px-1.5 pb-8" data-testid="nav-mini">
      {sections
        .flatMap((section) => section.items)
        .map((item) => {
          const title = t(item.title)
          return (
            <NavLink
              key={item.path}
              to={itemHref(item)}
              title={item.caption ? `${title} (${t(item.caption)})` : title}
              className={cn(
                'flex min-h-14 flex-col items-center justify-center gap-1 rounded-lg px-1 py-1.5 text-center text-[10px] leading-tight font-semibold',
                isActive(pathname, item) ? 'bg-primary/10 text-primary-dark dark:text-primary-light' : 'text-muted hover:bg-black/5 dark:hover:bg-white/5',
              )}
            >
              <span className="relative">
                <Icon name={item.icon} size={22} />
                <NavBadge item={item} counts={counts} className="absolute -top-2 -end-3" />
              </span>
              <span className="line-clamp-2 break-words">{title}</span>
            </NavLink>
          )
        })}
    </nav>
  )
}
