import { href } from 'react-router'

import { ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { formatDateTime } from '~/utils/format'

/** What a page refused for maintenance carries to the root ErrorBoundary (app/middleware/maintenance-gate.ts). */
export type MaintenanceRefusal = { maintenance: { message: string | null; until: string | null } }

export function isMaintenanceRefusal(value: unknown): value is MaintenanceRefusal {
  return typeof value === 'object' && value !== null && 'maintenance' in value
}

/**
 * What a visitor sees during maintenance (docs/decisions/069-operations.md): on /maintenance and
 * on every page the maintenance gate refuses (root ErrorBoundary, with the sign-in link for site
 * admins that /maintenance has in its frame). Its strings are in `errors`
 * (always loaded), so it renders translated whatever page was asked for.
 */
export function MaintenanceNotice({ message, until, signIn = true }: { message: string | null; until: string | null; signIn?: boolean }) {
  const { t, i18n } = useTranslation()
  return (
    <div className="mx-auto max-w-xl py-10 text-center" data-testid="maintenance">
      <title>{`${t('errors.maintenance.title')} | Freightdesk`}</title>
      <meta name="description" content={t('errors.maintenance.description')} />
      <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-warning-lighter text-warning-darker">
        <Icon name="settings" size={32} />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold text-ink sm:text-4xl">{t('errors.maintenance.title')}</h1>
      <p className="mt-4 text-lg text-muted">{t('errors.maintenance.body')}</p>
      {message ? (
        <p dir="auto" className="mt-4 rounded-xl bg-warning-lighter px-4 py-3 whitespace-pre-line text-ink" data-testid="maintenance-message">
          {message}
        </p>
      ) : null}
      {until ? <p className="mt-4 text-muted">{t('errors.maintenance.until', { time: `${formatDateTime(i18n.language, until, 'UTC')} UTC` })}</p> : null}
      <div className="mt-8 flex flex-wrap items-center justify-center gap-4">
        <ButtonLink to={href('/')} reloadDocument>
          {t('errors.maintenance.retry')}
        </ButtonLink>
        {signIn ? (
          <a href={href('/auth/login')} className="text-sm font-semibold text-primary-dark underline-offset-4 hover:underline dark:text-primary-light">
            {t('errors.maintenance.signIn')}
          </a>
        ) : null}
      </div>
    </div>
  )
}
