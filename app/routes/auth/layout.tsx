import { Outlet } from 'react-router'

import { LanguageMenu } from '~/components/layout/header'
import { Logo } from '~/components/layout/nav-vertical'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['auth'] }

export default function AuthLayout() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-dvh flex-col bg-[radial-gradient(circle_at_top,var(--primary-lighter),transparent_60%)] dark:bg-none">
      <header className="flex h-16 items-center justify-between px-4 sm:px-8">
        <Logo />
        <LanguageMenu />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <Card className="w-full max-w-[420px] p-6 sm:p-8">
          <Outlet />
        </Card>
      </main>
      {/* On phones the footer ends above the floating settings button (bottom 24 px + 48 px). */}
      <footer className="px-4 pb-24 text-center text-xs text-muted sm:pb-6">{t('app.tagline')}</footer>
    </div>
  )
}
