/**
 * The load page's tracking links (ADR 063): "Share tracking" makes one (its full address shown
 * once, in the answer to the post, like an API key), the list shows each with its state, and
 * Revoke ends one. Plain forms: it all works without JavaScript.
 */
import { Form, useNavigation } from 'react-router'

import { ExpiringLinkForm } from '~/components/forms/expiring-link-form'
import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ShownOnce } from '~/components/ui/shown-once'
import { useTranslation } from '~/hooks/use-translation'
import { TRACKING_LINK_DEFAULT_DAYS, TRACKING_LINK_MAX_DAYS } from '~/schemas/tracking-link-options'
import { formatDateTime } from '~/utils/format'

export type TrackingLinkRow = {
  id: string
  createdAt: string
  expiresAt: string
  lastViewedAt: string | null
  state: 'active' | 'revoked' | 'expired'
}

const TONE = { active: 'success', revoked: 'default', expired: 'warning' } as const

export function TrackingLinks({
  links,
  created,
  refusal,
  timeZone,
}: {
  links: TrackingLinkRow[]
  /** The link just made: its address is in this answer only. */
  created: { url: string; expiresAt: string } | null
  refusal: ShownRefusal | null
  timeZone: string
}) {
  const { t, i18n } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const when = (value: string) => formatDateTime(i18n.language, value, timeZone)
  return (
    <Card className="min-w-0 p-6 lg:col-span-2" data-testid="tracking-links">
      <h2 className="text-base font-bold">{t('tracking.share.heading')}</h2>
      <p className="mt-1 text-sm text-muted">{t('tracking.share.intro')}</p>
      {created ? (
        <ShownOnce
          title={t('tracking.share.created')}
          label={t('tracking.share.heading')}
          value={created.url}
          copyLabel={t('common.copyLink')}
          testId="tracking-created"
          inputId="tracking-url"
        />
      ) : null}
      <RefusalNotice refusal={refusal} testId="tracking-refusal" className="mt-4" />
      <ExpiringLinkForm
        intent="shareTracking"
        label={t('tracking.share.expiresInDays')}
        maxDays={TRACKING_LINK_MAX_DAYS}
        defaultDays={TRACKING_LINK_DEFAULT_DAYS}
        errors={refusal?.field('expiresInDays')}
        busy={busy}
        testId="tracking-share-form"
      >
        {t('tracking.share.create')}
      </ExpiringLinkForm>
      {links.length ? (
        <div className="relative mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('tracking.share.createdAt')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('tracking.share.expiresAt')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('tracking.share.lastViewed')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('fields.status')}
                </th>
                <th scope="col" className="py-2 text-end font-semibold">
                  <span className="sr-only">{t('tracking.share.revoke')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id} className="border-b border-dashed border-line" data-testid="tracking-link">
                  <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{when(link.createdAt)}</td>
                  <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{when(link.expiresAt)}</td>
                  <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{link.lastViewedAt ? when(link.lastViewedAt) : t('tracking.share.never')}</td>
                  <td className="py-2 pe-3">
                    <Badge tone={TONE[link.state]}>{t(`tracking.share.state.${link.state}`)}</Badge>
                  </td>
                  <td className="py-2 text-end">
                    {link.state === 'active' ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="revokeTracking" />
                        <input type="hidden" name="linkId" value={link.id} />
                        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                          {t('tracking.share.revoke')}
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">{t('tracking.share.none')}</p>
      )}
    </Card>
  )
}
