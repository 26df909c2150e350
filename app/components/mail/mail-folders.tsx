import { Icon, type IconName } from '~/components/ui/icons'
import { LinkArea } from '~/components/ui/link-area'
import { useTranslation } from '~/hooks/use-translation'
import { type MailBox, type MailFolderName, type MailView } from '~/schemas/mail-options'
import { cn } from '~/utils/cn'
import { formatNumber } from '~/utils/format'

import { mailListPath } from './mail-paths'

export type BoxSummary = { box: MailBox; address: string | null; counts: Record<MailFolderName, { unread: number; total: number }> }

const VIEWS: Array<{ view: MailView; icon: IconName }> = [
  { view: 'inbox', icon: 'inbox' },
  { view: 'starred', icon: 'check' },
  { view: 'important', icon: 'alert' },
  { view: 'sent', icon: 'mail' },
  { view: 'drafts', icon: 'edit' },
  { view: 'all', icon: 'package' },
  { view: 'trash', icon: 'trash' },
]

/** The first pane: each mailbox the reader has, its folders with unread counts, and the mailbox's labels. */
export function MailFolders({
  boxes,
  box,
  view,
  labels,
  label,
  testIds = true,
}: {
  boxes: BoxSummary[]
  box: MailBox
  view: MailView
  labels: string[]
  label?: string
  /** Off for the phone's copy in its disclosure, so each test id names one element. */
  testIds?: boolean
}) {
  const { t, i18n } = useTranslation()
  return (
    <LinkArea as="nav" aria-label={t('mail.folders')} className="space-y-5" data-testid={testIds ? 'mail-folders' : undefined}>
      {boxes.map((summary) => (
        <div key={summary.box}>
          <h2 className="px-3 text-xs font-bold tracking-wide text-muted uppercase">{t(`mail.box.${summary.box}`)}</h2>
          {summary.address ? (
            <p className="truncate px-3 text-xs text-muted" dir="ltr">
              {summary.address}
            </p>
          ) : null}
          <ul className="mt-2 space-y-0.5">
            {VIEWS.map(({ view: item, icon }) => {
              const current = summary.box === box && item === view && !label
              const count = item === 'drafts' ? summary.counts.drafts.total : item === 'inbox' ? summary.counts.inbox.unread : 0
              return (
                <li key={item}>
                  <a
                    href={mailListPath(item, { box: summary.box })}
                    aria-current={current ? 'page' : undefined}
                    data-testid={testIds ? `mail-folder-${summary.box}-${item}` : undefined}
                    className={cn(
                      'flex items-center gap-3 rounded-lg px-3 py-1.5 text-sm',
                      current ? 'bg-primary/10 font-semibold text-primary-dark dark:text-primary-light' : 'text-ink hover:bg-ink/5',
                    )}
                  >
                    <Icon name={icon} size={16} />
                    <span className="min-w-0 flex-1 truncate">{t(`mail.folder.${item}`)}</span>
                    {count ? (
                      <span className="text-xs font-bold" aria-label={t(item === 'inbox' ? 'mail.unreadCount' : 'mail.count', { count })}>
                        {formatNumber(i18n.language, count)}
                      </span>
                    ) : null}
                  </a>
                </li>
              )
            })}
          </ul>
          {summary.box === box && labels.length ? (
            <>
              <h3 className="mt-3 px-3 text-xs font-semibold text-muted">{t('mail.labels')}</h3>
              <ul className="mt-1 space-y-0.5">
                {labels.map((name) => (
                  <li key={name}>
                    <a
                      href={mailListPath('all', { box, label: name })}
                      aria-current={label === name ? 'page' : undefined}
                      className={cn(
                        'block truncate rounded-lg px-3 py-1 text-sm',
                        label === name ? 'bg-primary/10 font-semibold text-primary-dark dark:text-primary-light' : 'hover:bg-ink/5',
                      )}
                    >
                      <bdi>#{name}</bdi>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ))}
    </LinkArea>
  )
}
