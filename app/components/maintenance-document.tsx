import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'

import stylesheet from '~/app.css?url'
import { languageInfo } from '~/i18n'
import { parseSettings } from '~/utils/settings'

import { MaintenanceNotice } from './maintenance-notice'

/**
 * The whole page a browser gets when it opens any address during maintenance (the maintenance
 * gate answers it before any route runs, so resource routes such as `/` or an export answer it
 * too): the notice in the visitor's language, theme and direction, with the app's stylesheet and
 * no script. Client-side navigations get the same notice from the root ErrorBoundary instead.
 */
export function maintenanceDocument(i18n: i18n, cookieHeader: string | null, notice: { message: string | null; until: string | null }) {
  return noticeDocument(
    i18n,
    cookieHeader,
    // Its links are the router's (they render plain anchors here: no script follows them).
    <MemoryRouter>
      <MaintenanceNotice message={notice.message} until={notice.until} />
    </MemoryRouter>,
  )
}

/**
 * A whole page around a notice, for an answer no route renders (a resource route's refusal of a
 * browser's native form post, such as a ZIP refused for now): the visitor's language, theme and
 * direction, the app's stylesheet, no script.
 */
export function noticeDocument(i18n: i18n, cookieHeader: string | null, notice: ReactNode) {
  const info = languageInfo(i18n.language)
  const settings = parseSettings(cookieHeader, info.dir)
  const body = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <html
        lang={info.lang}
        dir={settings.themeDirection}
        className={settings.themeMode === 'dark' ? 'dark' : undefined}
        data-contrast={settings.themeContrast}
      >
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          {/* Empty where no bundler gives the address (a test calling the route). */}
          {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        </head>
        <body className="min-h-dvh">
          <main className="grid min-h-dvh place-items-center px-4">{notice}</main>
        </body>
      </html>
    </I18nextProvider>,
  )
  return `<!DOCTYPE html>${body}`
}
