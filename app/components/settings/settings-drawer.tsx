import { lazy, Suspense, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { useHydrated } from '~/hooks/use-hydrated'
import { useParamsHref } from '~/hooks/use-params-href'
import { useTranslation } from '~/hooks/use-translation'

import { Dot, iconButton, panelClass } from './settings-chrome'
import { useSettings } from './use-settings'

// The dialog (Radix) loads on first open, keeping it out of every page's first download.
const SettingsDialog = lazy(() => import('./settings-dialog'))
// The panel without JavaScript (`?settings=open`) is rendered by the server only, which has its
// code before rendering (awaited when this module loads; the browser build drops the branch). The
// browser never runs it to hydrate: it keeps the server's panel for the hydration render (see
// below), and right after hydration the drawer becomes the button and dialog, which load the
// panel when opened.
const ServerPanel = import.meta.env.SSR ? (await import('./settings-panel')).Panel : null

// The floating button, on every page: one class (app/app.css).
const fabClass = 'fd-fab'

/**
 * The floating settings button and its right-hand drawer (260 px). Without JavaScript the button
 * is a link to `?settings=open` and the server renders the drawer; every choice is a form post.
 */
export function SettingsDrawer() {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const paramsHref = useParamsHref()
  const [searchParams] = useSearchParams()
  const { isDefault } = useSettings()
  const openFromUrl = searchParams.get('settings') === 'open'
  const [open, setOpen] = useState(openFromUrl)
  const button = useRef<HTMLButtonElement>(null)

  if (!hydrated) {
    const closeHref = paramsHref({ settings: null })
    return (
      <>
        <Link to={paramsHref({ settings: 'open' })} className={fabClass} aria-label={t('settings.open')} data-testid="settings-button">
          <Icon name="settings" size={24} />
          <Dot show={!isDefault} testId="settings-dot" />
        </Link>
        {openFromUrl ? (
          <aside
            className={panelClass}
            role="dialog"
            aria-labelledby="settings-title"
            data-testid="settings-drawer"
            // In the browser (hydration only): empty inner HTML with no hydration warning makes React
            // keep the server's children as they are, without the panel's code.
            {...(ServerPanel ? {} : { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true })}
          >
            {ServerPanel ? (
              <ServerPanel
                close={
                  <Link to={closeHref} className={iconButton} aria-label={t('common.close')} title={t('common.close')}>
                    <Icon name="close" size={18} />
                  </Link>
                }
              />
            ) : null}
          </aside>
        ) : null}
      </>
    )
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={fabClass}
        aria-label={t('settings.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="settings-button"
      >
        <Icon name="settings" size={24} />
        <Dot show={!isDefault} testId="settings-dot" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <SettingsDialog onClose={() => setOpen(false)} returnFocus={button} />
        </Suspense>
      ) : null}
    </>
  )
}
