import { useTranslation } from 'react-i18next'
import { Outlet, isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from 'react-router'
import { AccountMenu, LanguageMenu } from '~/components/layout/header'
import { navForRole } from '~/components/layout/nav-config'
import { Logo, NavVertical } from '~/components/layout/nav-vertical'
import { StatusPage } from '~/components/status-page'
import { Icon } from '~/components/ui/icons'
import { requireUser } from '~/utils/session.server'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  return {
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role, emailVerified: user.emailVerified },
  }
}

function Shell({ user, children }: { user: Route.ComponentProps['loaderData']['user']; children: React.ReactNode }) {
  const { t } = useTranslation()
  const location = useLocation()
  const sections = navForRole(user.role)
  return (
    <div className="group min-h-dvh lg:ps-nav">
      {/* The mobile drawer opens with a checkbox, so it works without JavaScript (and by keyboard). */}
      <input type="checkbox" id="nav-drawer" className="peer sr-only lg:hidden" key={location.pathname} aria-label={t('header.openMenu')} />
      <aside
        className="fixed inset-y-0 start-0 z-drawer w-nav overflow-y-auto border-e border-dashed border-line bg-surface transition-transform duration-300 ltr:-translate-x-full rtl:translate-x-full peer-checked:translate-x-0 lg:z-nav lg:translate-x-0! lg:bg-canvas"
        data-testid="nav-vertical"
      >
        <div className="flex h-header-mobile items-center px-7 lg:h-header-desktop">
          <Logo />
        </div>
        <NavVertical sections={sections} />
      </aside>
      <label htmlFor="nav-drawer" className="fixed inset-0 z-header hidden bg-black/40 peer-checked:block lg:hidden!" aria-hidden="true" />
      <header className="sticky top-0 z-header flex h-header-mobile items-center gap-2 bg-canvas/80 px-4 backdrop-blur sm:px-6 lg:h-header-desktop lg:px-10">
        <label
          htmlFor="nav-drawer"
          aria-hidden="true"
          className="grid size-10 cursor-pointer place-items-center rounded-full group-has-[#nav-drawer:focus-visible]:ring-2 group-has-[#nav-drawer:focus-visible]:ring-primary hover:bg-black/5 lg:hidden dark:hover:bg-white/10"
        >
          <Icon name="menu" />
        </label>
        <div className="flex-1" />
        <LanguageMenu />
        <AccountMenu user={user} />
      </header>
      <main className="mx-auto w-full max-w-screen-xl px-4 pt-2 pb-16 sm:px-6 lg:px-10">{children}</main>
    </div>
  )
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell user={loaderData.user}>
      <Outlet />
    </Shell>
  )
}

/** Errors inside the dashboard keep the navigation around them. */
export function ErrorBoundary() {
  const error = useRouteError()
  const data = useRouteLoaderData<typeof loader>('routes/dashboard/layout')
  const status = isRouteErrorResponse(error) ? error.status : 500
  if (!isRouteErrorResponse(error)) console.error(error)
  if (!data) return <StatusPage status={status} />
  return (
    <Shell user={data.user}>
      <StatusPage status={status} compact />
    </Shell>
  )
}
