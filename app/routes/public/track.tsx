import { SiteFrame } from '~/components/layout/site-frame'
import { useTranslation } from '~/hooks/use-translation'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['site', 'tracking'] }

/** Placeholder until the page lands (issue 28): a shipment's tracking page, reached by a link's token. */
export default function TrackingPage() {
  const { t } = useTranslation()
  return (
    <SiteFrame organization={null} links={false}>
      <h1 className="text-3xl font-extrabold text-ink">{t('tracking.title')}</h1>
    </SiteFrame>
  )
}
