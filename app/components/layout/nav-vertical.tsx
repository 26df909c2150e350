import { useTranslation } from '~/utils/use-translation'
import { Link, NavLink, useLocation } from 'react-router'
import { Icon } from '~/components/ui/icons'
import { cn } from '~/utils/cn'
import { isActive, itemHref, type NavSection } from './nav-config'

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/dashboard/app" className="flex items-center gap-2 text-lg font-extrabold text-ink" aria-label={compact ? 'Freightdesk' : undefined}>
      <span className="grid size-9 place-items-center rounded-xl bg-primary text-primary-contrast">
        <Icon name="truck" size={20} />
      </span>
      {compact ? null : 'Freightdesk'}
    </Link>
  )
}

/** The 280 px navigation; server-rendered links, so it works without JavaScript. */
export function NavVertical({ sections, testId }: { sections: NavSection[]; testId?: string }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-4 px-4 pb-8" data-testid={testId}>
      {sections.map((section) => (
        <div key={section.subheader}>
          <p className="fd-nav-heading">{t(section.subheader)}</p>
          <ul className="space-y-1">
            {section.items.map((item) => {
              const active = isActive(pathname, item)
              return (
                <li key={item.path}>
                  <NavLink to={itemHref(item)} className={active ? 'fd-nav-item fd-nav-active' : 'fd-nav-item'}>
                    <Icon name={item.icon} />
                    <span className="flex min-w-0 flex-col">
                      <span>{t(item.title)}</span>
                      {item.caption ? <span className={cn('text-xs font-normal italic', !active && 'text-muted')}>{t(item.caption)}</span> : null}
                    </span>
                  </NavLink>
                  {item.children?.length && active ? (
                    <ul className="mt-1 space-y-0.5">
                      {item.children.map((child) => (
                        <li key={child.path}>
                          <NavLink to={child.path} end className={({ isActive }) => (isActive ? 'fd-nav-sub fd-nav-active' : 'fd-nav-sub')}>
                            {t(child.title)}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </nav>
  )
}
