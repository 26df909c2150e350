import { href } from 'react-router'

import { ButtonLink } from '~/components/ui/button'
import { useTranslation } from '~/hooks/use-translation'

const KNOWN = new Set([403, 404, 500, 503])

/** The 403 / 404 / 500 pages, also used by error boundaries. */
export function StatusPage({ status, compact = false }: { status: number; compact?: boolean }) {
  const { t } = useTranslation()
  const key = KNOWN.has(status) ? String(status) : status >= 500 ? '500' : '404'
  // Compact pages sit inside the dashboard's own <main>: one main landmark per page.
  const Frame = compact ? 'section' : 'main'
  return (
    <Frame
      className={compact ? 'grid place-items-center px-4 py-16 text-center' : 'grid min-h-dvh place-items-center px-4 py-16 text-center'}
      data-status={status}
    >
      <title>{`${t(`errors.${key}.title`)} | Freightdesk`}</title>
      <div className="max-w-md">
        <p className="text-7xl font-black text-primary sm:text-8xl dark:text-primary-light">{status}</p>
        <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{t(`errors.${key}.title`)}</h1>
        <p className="mt-3 text-muted">{t(`errors.${key}.description`)}</p>
        <ButtonLink to={href('/dashboard/app')} className="mt-8" reloadDocument>
          {t('errors.goHome')}
        </ButtonLink>
      </div>
    </Frame>
  )
}
