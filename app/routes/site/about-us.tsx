import { href, Link } from 'react-router'

import { ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { siteAboutPage } from '~/models/organization/site.server'

import type { Route } from './+types/about-us'

/** The strings this page needs in the browser besides `common` (app/i18n.ts): the trailer types' names. */
export const handle = { i18n: ['site', 'trailers'] }

/** The site carrier's about page: its texts, its authority and address, and its fleet counted from its data. */
export async function loader() {
  return { about: await siteAboutPage() }
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const about = loaderData.about
  const name = about?.name ?? 'Freightdesk'
  const facts = about
    ? [
        { label: t('site.about.legalName'), value: about.legalName },
        { label: t('site.about.mc'), value: about.mcNumber ? `MC-${about.mcNumber}` : null },
        { label: t('site.about.dot'), value: about.dotNumber },
        { label: t('site.about.phone'), value: about.siteContactPhone ?? about.phone },
      ].filter((fact): fact is { label: string; value: string } => Boolean(fact.value))
    : []
  return (
    <article className="space-y-10">
      <title>{`${t('site.about.title', { name })} | ${name}`}</title>
      <meta name="description" content={t('site.about.description', { name })} />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">
          <bdi>{t('site.about.title', { name })}</bdi>
        </h1>
        {about?.siteTagline ? (
          <p className="mt-3 text-lg text-muted sm:text-xl" dir="auto">
            {about.siteTagline}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={href('/pricing')}>{t('site.about.quote')}</ButtonLink>
          <ButtonLink to={href('/contact-us')} variant="secondary">
            {t('site.about.contact')}
          </ButtonLink>
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-4 text-base leading-relaxed text-ink lg:col-span-2" data-testid="about-text">
          {about?.paragraphs.length ? (
            about.paragraphs.map((paragraph, index) => (
              <p key={index} dir="auto" className="whitespace-pre-line">
                {paragraph}
              </p>
            ))
          ) : (
            <p className="text-muted">
              {t('site.about.empty')}{' '}
              <Link to={href('/contact-us')} className="font-semibold text-primary-dark dark:text-primary-light underline">
                {t('site.about.contact')}
              </Link>
            </p>
          )}
        </div>
        <Card className="p-6">
          <h2 className="mb-4 text-base font-bold">{t('site.about.facts')}</h2>
          <dl className="space-y-3 text-sm" data-testid="about-facts">
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt className="text-muted">{fact.label}</dt>
                <dd className="font-semibold">
                  <bdi>{fact.value}</bdi>
                </dd>
              </div>
            ))}
            {about?.address.length ? (
              <div>
                <dt className="text-muted">{t('site.about.address')}</dt>
                <dd className="font-semibold">
                  {about.address.map((line) => (
                    <bdi key={line} dir="auto" className="block">
                      {line}
                    </bdi>
                  ))}
                </dd>
              </div>
            ) : null}
          </dl>
        </Card>
      </div>

      <section aria-labelledby="about-fleet">
        <h2 id="about-fleet" className="mb-4 text-xl font-bold">
          {t('site.about.fleet')}
        </h2>
        {about && (about.fleet.trucks || about.fleet.trailers.length) ? (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="fleet">
            <FleetCount icon="truck" count={about.fleet.trucks} label={t('site.about.trucks')} />
            {about.fleet.trailers.map((row) => (
              <FleetCount key={row.type} icon="trailer" count={row.count} label={t(`trailers.type.${row.type}`)} />
            ))}
          </ul>
        ) : (
          <p className="text-muted">{t('site.about.noFleet')}</p>
        )}
      </section>

      {about?.services.length ? (
        <section aria-labelledby="about-services">
          <h2 id="about-services" className="mb-4 text-xl font-bold">
            {t('site.about.services')}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="services">
            {about.services.map((service, index) => (
              <li key={index}>
                <Card className="h-full p-5">
                  <h3 className="font-bold" dir="auto">
                    {service.name}
                  </h3>
                  {service.description ? (
                    <p className="mt-2 text-sm text-muted" dir="auto">
                      {service.description}
                    </p>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  )
}

function FleetCount({ icon, count, label }: { icon: 'truck' | 'trailer'; count: number; label: string }) {
  return (
    <li>
      <Card className="flex items-center gap-3 p-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
          <Icon name={icon} />
        </span>
        <span>
          <span className="block text-2xl font-extrabold tabular-nums">{count}</span>
          <span className="block text-sm text-muted">{label}</span>
        </span>
      </Card>
    </li>
  )
}
