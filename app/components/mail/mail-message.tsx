import { Form, href, Link, useLocation } from 'react-router'

import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { Button, ButtonLink } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import type { MailAction } from '~/policies/mail'
import { type MailBox, type MailView } from '~/schemas/mail-options'
import { formatBytes, formatDateTime } from '~/utils/format'
import { withParams } from '~/utils/with-params'

import { mailComposePath, mailListPath, mailMessagePath } from './mail-paths'

export type MailMessageView = {
  id: string
  version: number
  box: MailBox
  folder: string
  fromName: string
  fromEmail: string
  to: string
  cc: string
  subject: string
  /** The text, or for a long inbound message its beginning (then `textUrl` shows the whole of it). */
  text: string
  textUrl: string | null
  /** Inbound mail: the envelope's sender, and whether From was verified (false: marked unverified). */
  envelopeFrom: string | null
  fromVerified: boolean | null
  /** The sandboxed frame's document (mailFrameDocument), when the message has HTML. */
  frame: string | null
  remoteImages: boolean
  showImages: boolean
  isRead: boolean
  isStarred: boolean
  isImportant: boolean
  labels: string[]
  delivery: string | null
  /** `madeInto`: the loads already read from the attachment (ADR 103), the viewer's to open. */
  attachments: Array<{ id: string; fileName: string; contentType: string; sizeBytes: number; madeInto: Array<{ id: string; loadNumber: string }> }>
  canCreateLoad: boolean
  createdAt: string
  offers: Record<MailAction, boolean>
  /** "Delete for good" was pressed: the page asks before it posts (`?confirm=delete`). */
  confirmDelete: boolean
}

function Toggle({ message, intent, on, label }: { message: MailMessageView; intent: string; on: boolean; label: string }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="id" value={message.id} />
      <input type="hidden" name="version" value={message.version} />
      <input type="hidden" name="on" value={String(on)} />
      <Button type="submit" name="intent" value={intent} variant="secondary" size="sm" data-testid={`mail-${intent}`}>
        {label}
      </Button>
    </Form>
  )
}

function Act({ message, intent, label, variant = 'secondary' }: { message: MailMessageView; intent: string; label: string; variant?: 'secondary' | 'danger' }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="id" value={message.id} />
      <input type="hidden" name="version" value={message.version} />
      <Button type="submit" name="intent" value={intent} variant={variant} size="sm" data-testid={`mail-${intent}`}>
        {label}
      </Button>
    </Form>
  )
}

/** The third pane: one message, what may be done with it, its body (HTML in a sandboxed frame) and its files. */
export function MailMessage({
  message,
  view,
  refusal,
  timeZone,
  q,
  label,
}: {
  message: MailMessageView
  view: MailView
  refusal: ShownRefusal | null
  timeZone: string
  q?: string
  label?: string
}) {
  const { t, i18n } = useTranslation()
  const { offers } = message
  const { search } = useLocation()
  const back = mailListPath(view, { box: message.box, q, label })
  return (
    <article aria-labelledby="mail-subject" className="min-w-0" data-testid="mail-message">
      <Link
        to={back}
        className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-primary-dark dark:text-primary-light min-[1280px]:hidden"
        data-testid="mail-back"
      >
        <Icon name="chevronLeft" size={16} className="rtl:rotate-180" />
        {t('mail.backToList')}
      </Link>
      <RefusalNotice refusal={refusal} reloadTo={mailMessagePath(view, message.id, { box: message.box })} className="mb-4" />
      <h2 id="mail-subject" className="text-xl font-bold break-words">
        <bdi>{message.subject || t('mail.noSubject')}</bdi>
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('mail.from')}</dt>
        <dd className="min-w-0 break-words">
          <bdi className="font-semibold">{message.fromName || message.fromEmail}</bdi>{' '}
          {message.fromName ? (
            <span className="text-muted" dir="ltr">
              &lt;{message.fromEmail}&gt;
            </span>
          ) : null}
          {message.fromVerified === false ? (
            <span
              className="ms-2 rounded bg-warning-lighter px-1.5 text-xs font-semibold text-warning-darker dark:bg-warning/15 dark:text-warning-light"
              title={t('mail.unverifiedHint')}
              data-testid="mail-unverified"
            >
              {t('mail.unverified')}
            </span>
          ) : null}
        </dd>
        {message.fromVerified === false && message.envelopeFrom && message.envelopeFrom.toLowerCase() !== message.fromEmail.toLowerCase() ? (
          <>
            <dt className="text-muted">{t('mail.sentBy')}</dt>
            <dd className="min-w-0 break-words" dir="ltr" data-testid="mail-envelope-from">
              {message.envelopeFrom}
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('mail.to')}</dt>
        <dd className="min-w-0 break-words">
          <bdi>{message.to || '—'}</bdi>
        </dd>
        {message.cc ? (
          <>
            <dt className="text-muted">{t('mail.cc')}</dt>
            <dd className="min-w-0 break-words">
              <bdi>{message.cc}</bdi>
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('mail.date')}</dt>
        <dd>
          <time dateTime={message.createdAt}>{formatDateTime(i18n.language, message.createdAt, timeZone)}</time>
          {message.delivery ? <span className="ms-2 text-xs text-muted">({t(`mail.delivery.${message.delivery}`)})</span> : null}
        </dd>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2" data-testid="mail-actions">
        {offers.reply ? (
          <ButtonLink to={mailComposePath({ reply: message.id })} size="sm" data-testid="mail-reply">
            {t('mail.reply')}
          </ButtonLink>
        ) : null}
        {offers.reply ? (
          <ButtonLink to={mailComposePath({ replyAll: message.id })} size="sm" variant="secondary" data-testid="mail-reply-all">
            {t('mail.replyAll')}
          </ButtonLink>
        ) : null}
        {offers.forward ? (
          <ButtonLink to={mailComposePath({ forward: message.id })} size="sm" variant="secondary" data-testid="mail-forward">
            {t('mail.forward')}
          </ButtonLink>
        ) : null}
        {offers.edit ? (
          <ButtonLink to={mailComposePath({ draft: message.id })} size="sm" data-testid="mail-edit-draft">
            {t('mail.editDraft')}
          </ButtonLink>
        ) : null}
        {offers.star ? <Toggle message={message} intent="star" on={!message.isStarred} label={message.isStarred ? t('mail.unstar') : t('mail.star')} /> : null}
        {offers.important ? (
          <Toggle
            message={message}
            intent="important"
            on={!message.isImportant}
            label={message.isImportant ? t('mail.notImportant') : t('mail.markImportant')}
          />
        ) : null}
        {offers.read ? (
          <Toggle message={message} intent="read" on={!message.isRead} label={message.isRead ? t('mail.markUnread') : t('mail.markRead')} />
        ) : null}
        {offers.trash ? <Act message={message} intent="trash" label={t('mail.trash')} /> : null}
        {offers.restore ? <Act message={message} intent="restore" label={t('mail.restore')} /> : null}
        {offers.deleteForever && !message.confirmDelete ? (
          <ButtonLink to={withParams(search, { confirm: 'delete' })} size="sm" variant="danger" preventScrollReset data-testid="mail-delete-forever">
            {t('mail.deleteForever')}
          </ButtonLink>
        ) : null}
      </div>
      {offers.deleteForever && message.confirmDelete ? (
        <section
          aria-labelledby="mail-delete-title"
          data-testid="mail-delete-confirm"
          className="mt-4 rounded-lg border border-error/40 bg-error-lighter px-4 py-3 text-sm text-error-darker dark:bg-error/15 dark:text-error-light"
        >
          <h3 id="mail-delete-title" className="font-bold">
            {t('mail.deleteConfirm.title')}
          </h3>
          <p className="mt-1">{t('mail.deleteConfirm.description')}</p>
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <ButtonLink to={withParams(search, { confirm: null })} size="sm" variant="secondary" preventScrollReset>
              {t('mail.deleteConfirm.keep')}
            </ButtonLink>
            <Act message={message} intent="deleteForever" label={t('mail.deleteForever')} variant="danger" />
          </div>
        </section>
      ) : null}
      {offers.label ? (
        <Form method="post" className="mt-3 flex max-w-md gap-2">
          <input type="hidden" name="id" value={message.id} />
          <input type="hidden" name="version" value={message.version} />
          <label htmlFor="mail-labels" className="sr-only">
            {t('mail.labels')}
          </label>
          <input
            id="mail-labels"
            name="labels"
            defaultValue={message.labels.join(', ')}
            placeholder={t('mail.labelsPlaceholder')}
            dir="auto"
            aria-invalid={refusal?.field('labels')?.length ? true : undefined}
            aria-describedby={refusal?.field('labels')?.length ? 'mail-labels-error' : undefined}
            className={inputClass}
          />
          <Button type="submit" name="intent" value="labels" variant="secondary" size="sm" data-testid="mail-labels-save">
            {t('mail.saveLabels')}
          </Button>
        </Form>
      ) : null}
      {offers.label ? (
        <ErrorList id="mail-labels-error" errors={refusal?.field('labels')} />
      ) : message.labels.length ? (
        <p className="mt-3 flex flex-wrap gap-1 text-xs">
          {message.labels.map((name) => (
            <bdi key={name} className="rounded bg-ink/5 px-1.5">
              #{name}
            </bdi>
          ))}
        </p>
      ) : null}
      <div className="mt-5 border-t border-line pt-5">
        {message.frame ? (
          <>
            {message.remoteImages && !message.showImages ? (
              <p className="mb-3 flex flex-wrap items-center gap-2 rounded-lg bg-ink/5 px-3 py-2 text-sm" data-testid="mail-images-held">
                {t('mail.imagesHeld')}
                <Link
                  to={mailMessagePath(view, message.id, { box: message.box, q, label, images: true })}
                  className="font-semibold text-primary-dark dark:text-primary-light underline"
                  data-testid="mail-show-images"
                >
                  {t('mail.showImages')}
                </Link>
              </p>
            ) : null}
            <iframe
              title={t('mail.body')}
              srcDoc={message.frame}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              className="h-[60vh] w-full rounded-lg border border-line bg-white"
              data-testid="mail-frame"
            />
          </>
        ) : (
          <div className="text-sm leading-relaxed break-words whitespace-pre-wrap" dir="auto" data-testid="mail-text">
            {message.text}
          </div>
        )}
        {message.textUrl ? (
          <p className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-ink/5 px-3 py-2 text-sm" data-testid="mail-text-cut">
            {t('mail.textCut')}
            {/* A plain text file streamed in its own tab, never through the page's data. */}
            <a
              href={message.textUrl}
              target="_blank"
              rel="noopener"
              className="font-semibold text-primary-dark dark:text-primary-light underline"
              data-testid="mail-show-whole"
            >
              {t('mail.showWholeMessage')}
            </a>
          </p>
        ) : null}
      </div>
      {message.attachments.length ? (
        <section aria-labelledby="mail-attachments" className="mt-5">
          <h3 id="mail-attachments" className="text-sm font-bold">
            {t('mail.attachments')}
          </h3>
          <ul className="mt-2 space-y-2" data-testid="mail-attachments">
            {message.attachments.map((attachment) => (
              <li key={attachment.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-line px-3 py-2 text-sm">
                <Icon name="download" size={16} />
                {/* A file, loaded by the browser: a plain anchor. */}
                <a
                  href={href('/dashboard/mail/attachments/:attachmentId', { attachmentId: attachment.id })}
                  className="min-w-[12rem] flex-1 font-semibold break-all text-primary-dark dark:text-primary-light underline"
                  download
                >
                  <bdi>{attachment.fileName}</bdi>
                </a>
                <span className="text-xs text-muted">{formatBytes(i18n.language, attachment.sizeBytes)}</span>
                {attachment.madeInto.length ? (
                  <span className="basis-full text-xs font-semibold" data-testid="mail-made-into">
                    {t('mail.madeInto')}{' '}
                    {attachment.madeInto.map((load, index) => (
                      <span key={load.id}>
                        {index ? ', ' : null}
                        <Link to={href('/dashboard/loads/:id', { id: load.id })} className="text-primary-dark underline dark:text-primary-light">
                          <bdi>{load.loadNumber}</bdi>
                        </Link>
                      </span>
                    ))}
                  </span>
                ) : null}
                {message.canCreateLoad && attachment.contentType === 'application/pdf' ? (
                  // Once a load exists the offer is a quiet link: the new-load page then asks "Make another load from it anyway".
                  <Link
                    to={`${href('/dashboard/loads/new')}?${new URLSearchParams({ source: 'mail-attachment', id: attachment.id })}`}
                    className={
                      attachment.madeInto.length
                        ? 'text-xs font-semibold text-primary-dark underline dark:text-primary-light'
                        : 'fd-btn fd-btn-secondary fd-btn-sm'
                    }
                    data-testid={attachment.madeInto.length ? 'mail-make-another-load' : 'mail-create-load'}
                  >
                    {attachment.madeInto.length ? t('mail.makeAnotherLoad') : t('mail.createLoad')}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  )
}
