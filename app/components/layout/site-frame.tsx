import type { ReactNode } from 'react'
import { href, Link, NavLink } from 'react-router'

import { LanguageMenu } from '~/components/layout/header'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import type { SiteFrameOrganization } from '~/models/organization/site.server'
import { cn } from '~/utils/cn'

/**
 * The frame of every signed-out public page: the carrier's name, the site's links, the
 * language menu and a sign-in link above; how to reach the carrier below. Plain links, so it works
 * without JavaScript. `links={false}` keeps only the name and language (pages reached by a token:
 * /payment, /track, which speak for the token's organization).
 */
export function SiteFrame({ organization, links = true, children }: { organization: SiteFrameOrganization | null; links?: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  const name = organization?.name ?? 'Freightdesk'
  const phone = organization?.siteContactPhone ?? organization?.phone
  const email = organization?.siteContactEmail
  const nav = [
    { to: href('/about-us'), label: t('site.nav.about') },
    { to: href('/pricing'), label: t('site.nav.pricing') },
    { to: href('/faqs'), label: t('site.nav.faqs') },
    { to: href('/contact-us'), label: t('site.nav.contact') },
  ]
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(circle_at_top,var(--primary-lighter),transparent_60%)] dark:bg-none">
      <header className="border-b border-line/60">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-8">
          <Link to={links ? href('/about-us') : '#main'} className="flex items-center gap-2 text-lg font-extrabold text-ink">
            <span className="grid size-9 place-items-center rounded-xl bg-primary text-primary-contrast">
              <Icon name="truck" size={20} />
            </span>
            {name}
          </Link>
          <div className="flex items-center gap-2">
            <LanguageMenu />
            <Link to={href('/auth/login')} className="rounded-lg px-3 py-2 text-sm font-semibold text-primary-dark hover:bg-primary/10 dark:text-primary-light">
              {t('site.nav.signIn')}
            </Link>
          </div>
          {links ? (
            <nav aria-label={t('site.nav.label')} className="order-last w-full overflow-x-auto sm:order-none sm:w-auto">
              <ul className="flex gap-1 text-sm font-semibold">
                {nav.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      className={({ isActive }) =>
                        cn(
                          'block rounded-lg px-3 py-2 whitespace-nowrap text-muted hover:bg-surface-2 hover:text-ink',
                          isActive && 'bg-primary/10 text-primary-dark dark:text-primary-light',
                        )
                      }
                    >
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-8 sm:py-12">
        {children}
      </main>
      {/* On phones the footer ends above the floating settings button (bottom 24 px + 48 px). */}
      <footer className="border-t border-line/60 px-4 pt-6 pb-24 text-sm text-muted sm:px-8 sm:pb-8">
        <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-1">
          <span className="font-semibold text-ink">{organization?.legalName ?? name}</span>
          {organization?.mcNumber ? <span>MC {organization.mcNumber}</span> : null}
          {organization?.dotNumber ? <span>USDOT {organization.dotNumber}</span> : null}
          {phone ? (
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="hover:text-ink" dir="ltr">
              {phone}
            </a>
          ) : null}
          {email ? (
            <a href={`mailto:${email}`} className="hover:text-ink" dir="ltr">
              {email}
            </a>
          ) : null}
        </div>
      </footer>
    </div>
  )
}
