import { useTranslation } from '~/hooks/use-translation'

/** Placeholder until the page lands (issue 28). */
export default function FaqsPage() {
  const { t } = useTranslation()
  return <h1 className="text-3xl font-extrabold text-ink">{t('site.nav.faqs')}</h1>
}
