import { Form } from 'react-router'

import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { LinkArea } from '~/components/ui/link-area'
import { useTranslation } from '~/hooks/use-translation'
import { type MailBox, type MailView } from '~/schemas/mail-options'
import { cn } from '~/utils/cn'
import { formatDateTime } from '~/utils/format'

import { mailListPath, mailMessagePath } from './mail-paths'

export type MailListRow = {
  id: string
  fromName: string
  fromEmail: string
  toLine: string
  folder: string
  subject: string
  snippet: string
  isRead: boolean
  isStarred: boolean
  isImportant: boolean
  labels: string[]
  attachmentCount: number
  createdAt: string
}

type Props = {
  rows: MailListRow[]
  box: MailBox
  view: MailView
  q?: string
  label?: string
  page: number
  pageSize: number
  total: number
  selectedId: string | null
  timeZone: string
}

/** The second pane: search, the messages of the folder (unread in bold), and paging. */
export function MailList({ rows, box, view, q, label, page, pageSize, total, selectedId, timeZone }: Props) {
  const { t, i18n } = useTranslation()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const params = { box, q, label }
  return (
    <section aria-labelledby="mail-list-title" className="min-w-0" data-testid="mail-list">
      <h2 id="mail-list-title" className="sr-only">
        {t(`mail.folder.${view}`)}
      </h2>
      <Form method="get" className="mb-3 flex gap-2" role="search">
        <input type="hidden" name="box" value={box} />
        {label ? <input type="hidden" name="label" value={label} /> : null}
        <label htmlFor="mail-q" className="sr-only">
          {t('mail.search')}
        </label>
        <input id="mail-q" name="q" type="search" defaultValue={q} dir="auto" placeholder={t('mail.searchPlaceholder')} className={inputClass} />
        <button type="submit" className="fd-btn fd-btn-secondary fd-btn-md" aria-label={t('mail.search')}>
          <Icon name="search" size={16} />
        </button>
      </Form>
      {label ? (
        <p className="mb-2 text-sm text-muted">
          {t('mail.labelFilter')} <bdi className="font-semibold text-ink">#{label}</bdi>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted" data-testid="mail-empty">
          {q ? t('mail.noResults') : t('mail.empty')}
        </p>
      ) : (
        <LinkArea as="div">
          <ul className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface">
            {rows.map((row) => {
              const outgoing = row.folder === 'sent' || row.folder === 'drafts'
              return (
                <li key={row.id}>
                  <a
                    href={mailMessagePath(view, row.id, params)}
                    aria-current={row.id === selectedId ? 'page' : undefined}
                    data-testid="mail-row"
                    data-unread={row.isRead ? undefined : 'true'}
                    className={cn(
                      'block border-s-4 px-4 py-3 hover:bg-ink/5',
                      row.id === selectedId ? 'border-primary' : 'border-transparent',
                      !row.isRead && 'font-semibold',
                    )}
                  >
                    <span className="flex items-baseline gap-2">
                      {!row.isRead ? <span className="size-2 shrink-0 rounded-full bg-primary" aria-label={t('mail.unread')} /> : null}
                      <bdi className="min-w-0 flex-1 truncate text-sm">
                        {outgoing ? t('mail.toLine', { to: row.toLine || '—' }) : row.fromName || row.fromEmail}
                      </bdi>
                      {row.isStarred ? <span aria-label={t('mail.starred')}>★</span> : null}
                      {row.isImportant ? (
                        <span aria-label={t('mail.important')} className="text-warning">
                          !
                        </span>
                      ) : null}
                      {row.attachmentCount ? (
                        <Icon
                          name="invoice"
                          size={16}
                          className="shrink-0 text-muted"
                          aria-label={t('mail.attachmentCount', { count: row.attachmentCount })}
                          role="img"
                        />
                      ) : null}
                      <time className="shrink-0 text-xs font-normal text-muted" dateTime={row.createdAt}>
                        {formatDateTime(i18n.language, row.createdAt, timeZone)}
                      </time>
                    </span>
                    <bdi className="mt-0.5 block truncate text-sm">{row.subject || t('mail.noSubject')}</bdi>
                    <span className="mt-0.5 block truncate text-xs font-normal text-muted" dir="auto">
                      {row.snippet}
                    </span>
                    {row.labels.length ? (
                      <span className="mt-1 flex flex-wrap gap-1">
                        {row.labels.map((name) => (
                          <bdi key={name} className="rounded bg-ink/5 px-1.5 text-xs font-normal">
                            #{name}
                          </bdi>
                        ))}
                      </span>
                    ) : null}
                  </a>
                </li>
              )
            })}
          </ul>
        </LinkArea>
      )}
      {pages > 1 ? (
        <LinkArea as="nav" aria-label={t('mail.paging')} className="mt-3 flex items-center justify-between text-sm">
          {page > 1 ? (
            <a href={mailListPath(view, { ...params, page: page - 1 })} className="fd-btn fd-btn-secondary fd-btn-sm" rel="prev">
              {t('mail.newer')}
            </a>
          ) : (
            <span />
          )}
          <span className="text-muted">{t('mail.pageOf', { page, pages })}</span>
          {page < pages ? (
            <a href={mailListPath(view, { ...params, page: page + 1 })} className="fd-btn fd-btn-secondary fd-btn-sm" rel="next">
              {t('mail.older')}
            </a>
          ) : (
            <span />
          )}
        </LinkArea>
      ) : null}
    </section>
  )
}
