import { useTranslation } from '~/hooks/use-translation'

/** Placeholder until the page lands (issue 28). */
export default function PricingPage() {
  const { t } = useTranslation()
  return <h1 className="text-3xl font-extrabold text-ink">{t('site.nav.pricing')}</h1>
}
