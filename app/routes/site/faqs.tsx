import { href, Link } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { siteFaqPage } from '~/models/organization/site.server'

import type { Route } from './+types/faqs'

export const handle = { i18n: ['site'] }

/** The site carrier's FAQ: each entry a <details>, so it opens and closes without JavaScript. */
export async function loader() {
  return { page: await siteFaqPage() }
}

export default function FaqsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const name = loaderData.page?.name ?? 'Freightdesk'
  const faq = loaderData.page?.faq ?? []
  return (
    <div className="mx-auto max-w-3xl">
      <title>{`${t('site.faqs.title')} | ${name}`}</title>
      <meta name="description" content={t('site.faqs.description', { name })} />
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{t('site.faqs.title')}</h1>
      {faq.length ? (
        <div className="mt-8 space-y-3" data-testid="faq">
          {faq.map((entry, index) => (
            <details key={index} className="group rounded-card border border-[var(--card-border)] bg-surface shadow-[var(--card-shadow)]">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 p-5 font-semibold [&::-webkit-details-marker]:hidden">
                <span dir="auto">{entry.question}</span>
                <Icon name="chevronDown" className="shrink-0 text-muted transition-transform group-open:rotate-180" />
              </summary>
              <p className="px-5 pb-5 whitespace-pre-line text-muted" dir="auto">
                {entry.answer}
              </p>
            </details>
          ))}
        </div>
      ) : (
        <p className="mt-6 text-muted">{t('site.faqs.empty')}</p>
      )}
      <p className="mt-10 text-muted">
        {t('site.faqs.more')}{' '}
        <Link to={href('/contact-us')} className="font-semibold text-primary-dark dark:text-primary-light underline">
          {t('site.faqs.write')}
        </Link>
      </p>
    </div>
  )
}
