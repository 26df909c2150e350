import { SiteFrame } from '~/components/layout/site-frame'
import { useTranslation } from '~/hooks/use-translation'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['site', 'payment'] }

/** Placeholder until the page lands (issue 28): an invoice's payment page, reached by a signed token. */
export default function PaymentPage() {
  const { t } = useTranslation()
  return (
    <SiteFrame organization={null} links={false}>
      <h1 className="text-3xl font-extrabold text-ink">{t('payment.title')}</h1>
    </SiteFrame>
  )
}
