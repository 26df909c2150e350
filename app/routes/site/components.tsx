import { useTranslation } from '~/hooks/use-translation'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['components'] }

/** Placeholder until the page lands (issue 28): every component of the app in its states. */
export default function ComponentsPage() {
  const { t } = useTranslation()
  return <h1 className="text-3xl font-extrabold text-ink">{t('components.title')}</h1>
}
