import { data, href } from 'react-router'

import { SiteFrame } from '~/components/layout/site-frame'
import { ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'

export const handle = { i18n: ['site'] }

/** How long a client waits before trying again (seconds), as the 503 of an unavailable database says. */
const RETRY_AFTER_SECONDS = 300

/**
 * The page maintenance mode shows (issue 30 adds the mode): 503 with Retry-After, so crawlers and
 * monitors read it as "back soon", in the visitor's language. It reads nothing from the database
 * (that may be what is being maintained), so it speaks as Freightdesk, not as the site's carrier.
 */
export function loader() {
  return data(null, { status: 503, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } })
}

export function headers() {
  return { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' }
}

export default function MaintenancePage() {
  const { t } = useTranslation()
  return (
    <SiteFrame organization={null} links={false}>
      <title>{`${t('site.maintenance.title')} | Freightdesk`}</title>
      <meta name="description" content={t('site.maintenance.description')} />
      <div className="mx-auto max-w-xl py-10 text-center" data-testid="maintenance">
        <span className="mx-auto grid size-16 place-items-center rounded-2xl bg-warning-lighter text-warning-darker">
          <Icon name="settings" size={32} />
        </span>
        <h1 className="mt-6 text-3xl font-extrabold text-ink sm:text-4xl">{t('site.maintenance.title')}</h1>
        <p className="mt-4 text-lg text-muted">{t('site.maintenance.body')}</p>
        <ButtonLink to={href('/')} reloadDocument className="mt-8">
          {t('site.maintenance.retry')}
        </ButtonLink>
      </div>
    </SiteFrame>
  )
}
