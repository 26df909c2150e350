/**
 * The one "share links" card (ADR 107): a load's tracking links and a file's share links. The
 * form that makes a link valid for some days, the new link's address shown once (in the answer to
 * the post, never a redirect), each link with its state as the share-link policy reads it, and
 * Revoke where the policy offers it. Plain forms: it all works without JavaScript.
 */
import { Form, useNavigation } from 'react-router'

import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { ShownOnce } from '~/components/ui/shown-once'
import { useTranslation } from '~/hooks/use-translation'
import { SHARE_LINK_TONE, type ShareLinkRow } from '~/policies/share-link'
import { FILE_SHARE_DEFAULT_DAYS, FILE_SHARE_MAX_DAYS } from '~/schemas/stored-file-options'
import { TRACKING_LINK_DEFAULT_DAYS, TRACKING_LINK_MAX_DAYS } from '~/schemas/tracking-link-options'
import { cn } from '~/utils/cn'
import { formatDateTime } from '~/utils/format'

/** What differs between the two kinds: their words, their page's intents, their limits, their test ids. */
const KINDS = {
  tracking: {
    heading: 'tracking.share.heading',
    intro: 'tracking.share.intro',
    created: 'tracking.share.created',
    expiresInDays: 'tracking.share.expiresInDays',
    create: 'tracking.share.create',
    none: 'tracking.share.none',
    icon: null,
    createIntent: 'shareTracking',
    revokeIntent: 'revokeTracking',
    idField: 'linkId',
    maxDays: TRACKING_LINK_MAX_DAYS,
    defaultDays: TRACKING_LINK_DEFAULT_DAYS,
    ids: {
      card: 'tracking-links',
      created: 'tracking-created',
      url: 'tracking-url',
      refusal: 'tracking-refusal',
      form: 'tracking-share-form',
      row: 'tracking-link',
    },
  },
  file: {
    heading: 'files.share.heading',
    intro: 'files.share.intro',
    created: 'files.share.created',
    expiresInDays: 'files.share.expiresInDays',
    create: 'files.share.create',
    none: 'files.share.none',
    icon: 'link',
    createIntent: 'share',
    revokeIntent: 'revoke',
    idField: 'shareId',
    maxDays: FILE_SHARE_MAX_DAYS,
    defaultDays: FILE_SHARE_DEFAULT_DAYS,
    ids: { card: 'file-shares', created: 'share-created', url: 'share-url', refusal: 'share-refusal', form: 'share-form', row: 'share-row' },
  },
} as const

export type ShareLinkKind = keyof typeof KINDS

/** The intents a share-links card posts, for the page's `useRefusal` and `useShownOnce`. */
export function shareLinkIntents(kind: ShareLinkKind) {
  return [KINDS[kind].createIntent, KINDS[kind].revokeIntent] as const
}

export function ShareLinksCard({
  kind,
  links,
  created,
  refusal,
  canShare,
  timeZone,
  className,
}: {
  kind: ShareLinkKind
  links: ShareLinkRow[]
  /** The link just made: its address is in this answer only. */
  created: string | null
  refusal: ShownRefusal | null
  /** Whether this user makes and revokes links (the list is shown either way). */
  canShare: boolean
  timeZone: string
  className?: string
}) {
  const { t, i18n } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const when = (value: string) => formatDateTime(i18n.language, value, timeZone)
  const words = KINDS[kind]
  const errors = refusal?.field('expiresInDays')
  return (
    <Card className={cn('min-w-0 p-6', className)} data-testid={words.ids.card}>
      <h2 className="text-base font-bold">{t(words.heading)}</h2>
      <p className="mt-1 text-sm text-muted">{t(words.intro)}</p>
      {created ? (
        <ShownOnce
          title={t(words.created)}
          label={t(words.heading)}
          value={created}
          copyLabel={t('common.copyLink')}
          testId={words.ids.created}
          inputId={words.ids.url}
        />
      ) : null}
      <RefusalNotice refusal={refusal} testId={words.ids.refusal} className="mt-4" />
      {canShare ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" data-testid={words.ids.form}>
          <input type="hidden" name="intent" value={words.createIntent} />
          <PlainField id="expiresInDays" label={t(words.expiresInDays)} errors={errors} className="w-40">
            <input
              id="expiresInDays"
              name="expiresInDays"
              type="number"
              min={1}
              max={words.maxDays}
              defaultValue={words.defaultDays}
              required
              className={inputClass}
            />
          </PlainField>
          <Button type="submit" disabled={busy}>
            {words.icon ? <Icon name={words.icon} size={18} /> : null}
            {t(words.create)}
          </Button>
        </Form>
      ) : null}
      {links.length ? (
        <div className="relative mt-4 overflow-x-auto">
          <table className="w-full text-sm">
            <thead className="text-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('common.shareLinks.createdAt')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('common.shareLinks.expiresAt')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('common.shareLinks.lastUsed')}
                </th>
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {t('common.shareLinks.status')}
                </th>
                <th scope="col" className="py-2 text-end font-semibold">
                  <span className="sr-only">{t('common.shareLinks.revoke')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id} className="border-b border-dashed border-line" data-testid={words.ids.row}>
                  <td className="py-2 pe-3">
                    <span className="whitespace-nowrap tabular-nums">{when(link.createdAt)}</span>
                    {link.createdBy ? (
                      <div className="text-xs text-muted">
                        <bdi>{link.createdBy.name}</bdi>
                      </div>
                    ) : null}
                  </td>
                  <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{when(link.expiresAt)}</td>
                  <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{link.lastUsedAt ? when(link.lastUsedAt) : t('common.shareLinks.never')}</td>
                  <td className="py-2 pe-3">
                    <Badge tone={SHARE_LINK_TONE[link.state]}>{t(`common.shareLinks.state.${link.state}`)}</Badge>
                  </td>
                  <td className="py-2 text-end">
                    {link.revocable && canShare ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value={words.revokeIntent} />
                        <input type="hidden" name={words.idField} value={link.id} />
                        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                          {t('common.shareLinks.revoke')}
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
        <p className="mt-4 text-sm text-muted">{t(words.none)}</p>
      )}
    </Card>
  )
}
