import { href, Link, useLocation } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { LinkArea } from '~/components/ui/link-area'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'

import { NavBadge } from './nav-badge'
import { isActive, itemHref, type NavCounts, type NavSection } from './nav-config'

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to={href('/dashboard/app')} className="flex items-center gap-2 text-lg font-extrabold text-ink" aria-label={compact ? 'Freightdesk' : undefined}>
      <span className="grid size-9 place-items-center rounded-xl bg-primary text-primary-contrast">
        <Icon name="truck" size={20} />
      </span>
      {compact ? null : 'Freightdesk'}
    </Link>
  )
}

/**
 * The 280 px navigation; server-rendered plain links, so it works without JavaScript, and one
 * delegated handler makes a click a client-side navigation (useLinkDelegation).
 */
export function NavVertical({ sections, counts, testId }: { sections: NavSection[]; counts?: NavCounts; testId?: string }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <LinkArea as="nav" aria-label={t('nav.label')} className="flex flex-col gap-4 px-4 pb-8" data-testid={testId}>
      {sections.map((section) => (
        <div key={section.subheader}>
          <p className="fd-nav-heading">{t(section.subheader)}</p>
          <ul className="space-y-1">
            {section.items.map((item) => {
              const active = isActive(pathname, item)
              const to = itemHref(item)
              return (
                <li key={item.path}>
                  <a
                    href={to}
                    aria-current={isActive(pathname, { path: to }) ? 'page' : undefined}
                    // The item draws its icon (.fd-nav-item::before, app/app.css).
                    className={cn('fd-nav-item', `fd-i-${item.icon}`, active && 'fd-nav-active')}
                  >
                    {item.caption ? (
                      <span>
                        {t(item.title)}
                        <small>{t(item.caption)}</small>
                      </span>
                    ) : (
                      t(item.title)
                    )}
                    <NavBadge item={item} counts={counts} className="ms-auto" />
                  </a>
                  {item.children?.length && active ? (
                    <ul className="mt-1 space-y-0.5">
                      {item.children.map((child) => {
                        const current = isActive(pathname, child, true)
                        return (
                          <li key={child.path}>
                            <a href={child.path} aria-current={current ? 'page' : undefined} className={current ? 'fd-nav-sub fd-nav-active' : 'fd-nav-sub'}>
                              {t(child.title)}
                            </a>
                          </li>
                        )
                      })}
                    </ul>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </LinkArea>
  )
}
