import { isRouteErrorResponse, Outlet, type ShouldRevalidateFunctionArgs, useLocation, useRouteError, useRouteLoaderData } from 'react-router'

import { AccountMenu, LanguageMenu } from '~/components/layout/header'
import { NAV, type NavCounts, navForRole } from '~/components/layout/nav-config'
import { NavHorizontal } from '~/components/layout/nav-horizontal'
import { NavMini } from '~/components/layout/nav-mini'
import { Logo, NavVertical } from '~/components/layout/nav-vertical'
import { isMaintenanceRefusal, MaintenanceNotice } from '~/components/maintenance-notice'
import { SettingForm } from '~/components/settings/setting-form'
import { useSettings } from '~/components/settings/use-settings'
import { StatusPage } from '~/components/status-page'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { navCounts } from '~/models/nav-badges.server'
import { passesMaintenance } from '~/models/operations/maintenance-mode.server'
import { requireUser } from '~/requests/session.server'
import { cn } from '~/utils/cn'

import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  return {
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      emailVerified: user.emailVerified,
      avatarUrl: user.avatarUrl,
      // Sees the maintenance settings in the navigation (ADR 104); asked of admins only, to spare the others a query.
      siteAdmin: user.role === 'admin' && (await passesMaintenance(user)),
    },
    timeZone: user.timeZone,
    counts: await navCounts(user),
  }
}

/** The pages of the items with a badge: opening a message or a conversation there reads it. */
const BADGE_PAGES = NAV.flatMap((section) => section.items)
  .filter((item) => item.badge)
  .map((item) => item.path)

/**
 * The counts are asked again on a move within a badge's pages (the mail message opened, the
 * conversation read), which React Router would not do by itself: only this layout's child changed.
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (defaultShouldRevalidate) return true
  if (nextUrl.pathname === currentUrl.pathname) return false
  return BADGE_PAGES.some((path) => nextUrl.pathname === path || nextUrl.pathname.startsWith(`${path}/`))
}

function SidebarToggle({ layout }: { layout: 'vertical' | 'mini' }) {
  const { t } = useTranslation()
  const next = layout === 'mini' ? 'vertical' : 'mini'
  return (
    <SettingForm setting="themeLayout" keepDrawer={false} className="absolute top-7 -end-3.5 z-nav">
      <button
        type="submit"
        name="value"
        value={next}
        className="grid size-7 place-items-center rounded-full border border-dashed border-line bg-canvas text-muted hover:text-ink"
        // The title is the button's name and its tooltip.
        title={t(layout === 'mini' ? 'nav.expand' : 'nav.collapse')}
        data-testid="nav-toggle"
      >
        <Icon name={layout === 'mini' ? 'chevronRight' : 'chevronLeft'} size={16} className="fd-flip-rtl" />
      </button>
    </SettingForm>
  )
}

function Shell({ user, counts, children }: { user: Route.ComponentProps['loaderData']['user']; counts?: NavCounts; children: React.ReactNode }) {
  const { t } = useTranslation()
  const location = useLocation()
  const { settings } = useSettings()
  const layout = settings.themeLayout
  const sections = navForRole(user.role, user.siteAdmin)
  return (
    <div className={cn('group min-h-dvh', layout === 'vertical' && 'lg:ps-nav', layout === 'mini' && 'lg:ps-nav-mini')}>
      {/* Below 1200 px every layout uses this drawer. It opens with a checkbox, so it works
          without JavaScript (and by keyboard). Closed, it is invisible: its shadow would show as a
          grey band at the page's edge, and its links would take keyboard focus off-screen. */}
      <input type="checkbox" id="nav-drawer" className="peer sr-only lg:hidden" key={location.pathname} aria-label={t('header.openMenu')} />
      {layout === 'vertical' ? (
        // One navigation for every width: the drawer below 1200 px, the sidebar above (rendered
        // once, not twice: it is a fifth of a page's markup, ADR 044).
        <aside className="fd-drawer fd-sidebar" data-testid="nav-drawer">
          <div className="h-full lg:border-e lg:border-dashed lg:border-line" data-testid="nav-desktop">
            <div className="flex h-header-mobile items-center px-7 lg:h-header-desktop">
              <Logo />
            </div>
            <div className="hidden lg:block">
              <SidebarToggle layout={layout} />
            </div>
            <div className="lg:h-[calc(100dvh-88px)] lg:overflow-y-auto">
              <NavVertical sections={sections} counts={counts} testId="nav-vertical" />
            </div>
          </div>
        </aside>
      ) : (
        <aside className="fd-drawer lg:hidden" data-testid="nav-drawer">
          <div className="flex h-header-mobile items-center px-7">
            <Logo />
          </div>
          <NavVertical sections={sections} counts={counts} />
        </aside>
      )}
      {/* The backdrop closes the CSS-only drawer on a click; keyboard and screen-reader users close it with the menu button. */}
      {/* eslint-disable-next-line jsx-a11y/label-has-associated-control -- a click target, hidden from assistive technology */}
      <label htmlFor="nav-drawer" className="fixed inset-0 z-header hidden bg-black/40 peer-checked:block lg:hidden!" aria-hidden="true" />

      {layout === 'mini' ? (
        <aside className="fixed inset-y-0 start-0 z-nav hidden w-nav-mini border-e border-dashed border-line bg-canvas lg:block" data-testid="nav-desktop">
          <div className="flex h-header-desktop items-center justify-center">
            <Logo compact />
          </div>
          <SidebarToggle layout={layout} />
          <div className="h-[calc(100dvh-88px)] overflow-y-auto">
            <NavMini sections={sections} counts={counts} />
          </div>
        </aside>
      ) : null}

      <header className="sticky top-0 z-header flex h-header-mobile items-center gap-2 bg-canvas/80 px-4 backdrop-blur sm:px-6 lg:h-header-desktop lg:px-10">
        <label
          htmlFor="nav-drawer"
          aria-hidden="true"
          className="fd-round group-has-[#nav-drawer:focus-visible]:ring-2 group-has-[#nav-drawer:focus-visible]:ring-primary lg:hidden"
        >
          <Icon name="menu" />
        </label>
        {layout === 'horizontal' ? (
          <div className="hidden lg:block">
            <Logo />
          </div>
        ) : null}
        <div className="flex-1" />
        <LanguageMenu />
        <AccountMenu user={user} />
        {/* The settings button (app/root.tsx) sits here, over no content (app.css, .fd-fab). */}
        <span className="fd-fab-slot" aria-hidden="true" />
      </header>
      {layout === 'horizontal' ? (
        <div className="sticky top-header-desktop z-nav hidden lg:block">
          <NavHorizontal sections={sections} counts={counts} />
        </div>
      ) : null}
      <main
        className={cn(
          'mx-auto w-full px-4 pt-2 pb-24 sm:px-6 lg:px-10',
          settings.themeStretch ? 'max-w-none' : 'max-w-screen-xl',
          layout === 'horizontal' && 'lg:pt-8',
        )}
      >
        {children}
      </main>
    </div>
  )
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell user={loaderData.user} counts={loaderData.counts}>
      <Outlet />
    </Shell>
  )
}

/** Errors inside the dashboard keep the navigation around them. */
export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('routes/dashboard/layout')
  // Maintenance mode met by a client-side navigation or revalidation (a `.data` request answered
  // 503 by app/middleware/maintenance-gate.ts): the maintenance notice, not "cannot reach its database".
  if (isRouteErrorResponse(error) && isMaintenanceRefusal(error.data)) {
    return (
      <main className="grid min-h-dvh place-items-center px-4">
        <MaintenanceNotice message={error.data.maintenance.message} until={error.data.maintenance.until} />
      </main>
    )
  }
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (!isRouteErrorResponse(error)) console.error(error)
  if (!data) return <StatusPage status={status} />
  return (
    <Shell user={data.user}>
      <StatusPage status={status} compact />
    </Shell>
  )
}
