import { use, useEffect } from 'react'
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, useRouteLoaderData } from 'react-router'

import { useTranslation } from '~/hooks/use-translation'

import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { isMaintenanceRefusal, MaintenanceNotice } from './components/maintenance-notice'
import { ProgressBar } from './components/progress-bar'
import { SettingsDrawer } from './components/settings/settings-drawer'
import { useSettings } from './components/settings/use-settings'
import { StatusPage } from './components/status-page'
import { Toaster } from './components/toaster'
import { useNonce } from './hooks/use-nonce'
import { handleNamespaces, type LanguageCode, languageInfo } from './i18n'
import { hasNamespaces, loadedNamespaces, loadNamespaces, namespacesReady } from './locales/client'
import { getLocale, i18nextMiddleware } from './middleware/i18next'
import { maintenanceGate } from './middleware/maintenance-gate'
import { unavailableMiddleware } from './middleware/unavailable'
import { parseSettings } from './utils/settings'
import { getToast } from './utils/toast.server'

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, unavailableMiddleware, maintenanceGate]

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as LanguageCode
  const languageDir = languageInfo(locale).dir
  // Display settings come from cookies, so the first byte already has the right theme.
  const settings = parseSettings(request.headers.get('Cookie'), languageDir)
  const { toast, headers } = await getToast(request)
  return data({ locale, languageDir, settings, toast }, { headers: headers ?? undefined })
}

/**
 * A page that needs no JavaScript says so (`handle.hydrate === false`, the API reference: ADR 023)
 * and gets none: no module scripts, no hydration data; every link and form is the browser's own.
 */
function useHydrate() {
  return !useMatches().some((match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === false)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const loaderData = useRouteLoaderData<typeof loader>('root')
  const hydrate = useHydrate()
  const { i18n } = useTranslation()
  const locale = loaderData?.locale ?? (i18n.language as LanguageCode) ?? 'en'
  const { settings } = useSettings()
  const nonce = useNonce()
  return (
    <html
      lang={languageInfo(locale).lang}
      dir={settings.themeDirection}
      className={settings.themeMode === 'dark' ? 'dark' : undefined}
      data-contrast={settings.themeContrast}
      data-preset={settings.themeColorPresets}
      data-layout={settings.themeLayout}
      data-stretch={String(settings.themeStretch)}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  )
}

/** Keeps the client's i18next in step when the server switches language (language menu). */
function useLanguageSync(locale: LanguageCode) {
  const { i18n } = useTranslation()
  useEffect(() => {
    if (i18n.language === locale) return
    let cancelled = false
    // The new language's strings for every area the old one had loaded.
    loadNamespaces(i18n, locale, ['common', ...loadedNamespaces(i18n.language)]).then(() => {
      if (cancelled) return
      i18n.changeLanguage(locale)
      try {
        localStorage.setItem('i18nextLng', locale)
      } catch {
        // storage disabled: the cookie still carries the choice
      }
    })
    return () => {
      cancelled = true
    }
  }, [locale, i18n])
}

/**
 * In the browser, waits for the strings of the areas the matched routes name (`handle.i18n`)
 * before rendering them: navigation keeps the previous page on screen meanwhile (a transition),
 * so no untranslated key ever shows. The server has every string already.
 */
function useRouteNamespaces() {
  const { i18n } = useTranslation()
  const matches = useMatches()
  if (typeof document === 'undefined') return
  const namespaces = [...new Set(matches.flatMap((match) => handleNamespaces(match.handle)))]
  if (!hasNamespaces(i18n.language, namespaces)) use(namespacesReady(i18n, i18n.language, namespaces))
}

export default function App({ loaderData }: Route.ComponentProps) {
  useLanguageSync(loaderData.locale)
  useRouteNamespaces()
  const { settings } = useSettings()
  return (
    <>
      <ProgressBar />
      <Outlet />
      <SettingsDrawer />
      <Toaster toast={loaderData.toast} dir={settings.themeDirection} />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  // Maintenance mode (app/middleware/maintenance-gate.ts): the notice, whatever page was asked for.
  if (isRouteErrorResponse(error) && isMaintenanceRefusal(error.data)) {
    return (
      <main className="grid min-h-dvh place-items-center px-4">
        <MaintenanceNotice message={error.data.maintenance.message} until={error.data.maintenance.until} />
      </main>
    )
  }
  if (isRouteErrorResponse(error)) return <StatusPage status={error.status} />
  console.error(error)
  return <StatusPage status={500} />
}
