import { useEffect, useState } from 'react'
import { href, Link } from 'react-router'

import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { getLocale } from '~/middleware/i18next'
import { siteComingSoonPage } from '~/models/organization/site.server'
import { formatDateTime } from '~/utils/format'
import { safeTimeZone } from '~/utils/time'

import type { Route } from './+types/coming-soon'

export const handle = { i18n: ['site'] }

/**
 * A countdown to the site carrier's coming-soon date: the server renders the time left as text
 * (the page is whole without JavaScript); with JavaScript it ticks every second.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const page = await siteComingSoonPage()
  const at = page?.siteComingSoonAt ?? null
  return {
    name: page?.name ?? 'Freightdesk',
    tagline: page?.siteTagline ?? null,
    target: at?.getTime() ?? null,
    date: at ? formatDateTime(getLocale(context), at, safeTimeZone(page?.timezone)) : null,
    now: Date.now(),
  }
}

/** Whole days, hours, minutes and seconds from now to the target (none once it has passed). */
function timeLeft(target: number, now: number) {
  const total = Math.max(0, Math.floor((target - now) / 1000))
  return { total, days: Math.floor(total / 86_400), hours: Math.floor(total / 3600) % 24, minutes: Math.floor(total / 60) % 60, seconds: total % 60 }
}

export default function ComingSoonPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { name, tagline, target, date } = loaderData
  // The server's clock first (so hydration matches), then the browser's, every second.
  const [now, setNow] = useState(loaderData.now)
  useEffect(() => {
    if (target === null) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [target])
  const left = target === null ? null : timeLeft(target, now)
  return (
    <div className="mx-auto max-w-3xl py-6 text-center">
      <title>{`${t('site.comingSoon.title')} | ${name}`}</title>
      <meta name="description" content={t('site.comingSoon.description', { name })} />
      <p className="text-sm font-bold tracking-wide text-primary-dark dark:text-primary-light uppercase">{t('site.comingSoon.lead')}</p>
      <h1 className="mt-2 text-4xl font-extrabold text-ink sm:text-5xl">{t('site.comingSoon.title')}</h1>
      {tagline ? (
        <p className="mt-4 text-lg text-muted" dir="auto">
          {tagline}
        </p>
      ) : null}
      {left === null ? (
        <p className="mt-10 text-lg" data-testid="coming-soon-none">
          {t('site.comingSoon.noDate')}
        </p>
      ) : left.total === 0 ? (
        <p className="mt-10 text-lg font-semibold" data-testid="coming-soon-arrived">
          {t('site.comingSoon.arrived')}
        </p>
      ) : (
        <section aria-labelledby="countdown-heading" className="mt-10">
          <h2 id="countdown-heading" className="sr-only">
            {t('site.comingSoon.countdown')}
          </h2>
          <dl className="grid grid-cols-4 gap-2 sm:gap-4" data-testid="countdown">
            {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
              <Card key={unit} className="flex flex-col-reverse items-center px-1 py-4 sm:py-6">
                <dt className="text-xs text-muted sm:text-sm">{t(`site.comingSoon.${unit}`)}</dt>
                <dd className="text-3xl font-extrabold tabular-nums sm:text-5xl" data-unit={unit}>
                  {unit === 'days' ? left[unit] : String(left[unit]).padStart(2, '0')}
                </dd>
              </Card>
            ))}
          </dl>
          {date ? <p className="mt-6 text-muted">{t('site.comingSoon.opensOn', { date })}</p> : null}
        </section>
      )}
      <p className="mt-10">
        <Link to={href('/contact-us')} className="font-semibold text-primary-dark dark:text-primary-light underline">
          {t('site.comingSoon.contact')}
        </Link>
      </p>
    </div>
  )
}
