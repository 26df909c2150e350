import { data } from 'react-router'

import { SiteFrame } from '~/components/layout/site-frame'
import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import { trackingView } from '~/models/loads/tracking-link.server'
import { LOAD_STATUS_META } from '~/schemas/load-options'
import { formatDateTime, isolate } from '~/utils/format'
import { TOKEN_PAGE_HEADERS } from '~/utils/token-page'
import { visitorTimeZone } from '~/utils/visitor-time-zone'

import type { Route } from './+types/track'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['site', 'tracking'] }

/** A page reached by a secret link: never cached, never indexed, never in a Referer. */
export function headers() {
  return TOKEN_PAGE_HEADERS
}

/**
 * `/track/{token}` (ADR 063): where a shipment is, for a customer with the link, signed out, in
 * the visitor's language, without JavaScript: the load number, status, stops in order with city
 * and state, windows, arrival and departure, the last update. What the model reads is all it
 * shows: never the rate, charges, broker, driver or equipment. Unknown, revoked or expired: 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const view = await trackingView(params.token)
  if (!view) throw data(null, { status: 404, headers: TOKEN_PAGE_HEADERS })
  // The visitor's zone when their browser said it, else the carrier's: the page names it.
  return { ...view, timeZone: visitorTimeZone(request) ?? view.timeZone }
}

export default function TrackingPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { load, organization, timeZone } = loaderData
  const language = i18n.language
  const when = (value: string | null) => (value ? formatDateTime(language, value, timeZone) : null)
  const meta = LOAD_STATUS_META[load.status]
  return (
    <SiteFrame organization={organization} links={false}>
      <title>{`${t('tracking.heading', { number: load.loadNumber })} | ${organization.name}`}</title>
      <meta name="description" content={t('tracking.description', { number: load.loadNumber })} />
      <meta name="robots" content="noindex" />
      <div className="mx-auto max-w-2xl">
        <p className="text-sm font-semibold text-muted">{t('tracking.title')}</p>
        <h1 className="mt-1 text-3xl font-extrabold text-ink" data-testid="tracking-load-number">
          <bdi>{t('tracking.heading', { number: load.loadNumber })}</bdi>
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <span data-testid="tracking-status">
            <Badge tone={meta.tone}>{t(`tracking.status.${load.status}`)}</Badge>
          </span>
          <span className="text-sm text-muted">{t('tracking.lastUpdate', { time: when(load.updatedAt) })}</span>
        </div>

        <h2 className="mt-8 text-lg font-bold">{t('tracking.stops')}</h2>
        <ol className="mt-3 space-y-3" data-testid="tracking-stops">
          {load.stops.map((stop, index) => {
            const done = Boolean(stop.actualDeparture)
            const here = Boolean(stop.actualArrival) && !done
            return (
              <li
                key={stop.id}
                className={`rounded-xl border bg-surface p-4 shadow-sm ${here ? 'border-primary' : 'border-line'}`}
                aria-current={here ? 'step' : undefined}
              >
                <div className="flex items-start gap-3">
                  <span
                    className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold ${
                      done ? 'bg-success text-white' : here ? 'bg-primary text-primary-contrast' : 'bg-surface-2 text-muted'
                    }`}
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-xs font-bold tracking-wide text-muted uppercase">{t(`tracking.stopType.${stop.type}`)}</p>
                    <p className="text-lg font-semibold">
                      <bdi>{[stop.city, stop.state].filter(Boolean).join(', ')}</bdi>
                    </p>
                    <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      {stop.windowStart ? (
                        <>
                          <dt className="text-muted">{t('tracking.window')}</dt>
                          <dd className="tabular-nums">
                            {when(stop.windowStart)}
                            {stop.windowEnd ? ` – ${when(stop.windowEnd)}` : null}
                          </dd>
                        </>
                      ) : null}
                      <dt className="text-muted">{t('tracking.arrived')}</dt>
                      <dd className="tabular-nums">{when(stop.actualArrival) ?? <span className="text-muted">{t('tracking.notYet')}</span>}</dd>
                      <dt className="text-muted">{t('tracking.departed')}</dt>
                      <dd className="tabular-nums">{when(stop.actualDeparture) ?? <span className="text-muted">{t('tracking.notYet')}</span>}</dd>
                    </dl>
                  </div>
                </div>
              </li>
            )
          })}
        </ol>
        <p className="mt-6 text-xs text-muted" data-testid="tracking-expires">
          {t('tracking.expires', { date: when(loaderData.expiresAt) })} {t('tracking.timesIn', { zone: isolate(timeZone) })}
        </p>
      </div>
    </SiteFrame>
  )
}
