import { Form, href, Link } from 'react-router'

import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { Button } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { fileInputClass, inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { MAIL_ATTACHMENT_MAX_BYTES, MAIL_ATTACHMENTS_MAX, MAIL_ATTACHMENTS_MAX_TOTAL_BYTES, type MailBox } from '~/schemas/mail-options'

type Props = {
  values: Record<string, string>
  from: Array<{ box: MailBox; address: string }>
  carried: Array<{ id: string; fileName: string }>
  documents: Array<{ id: string; kind: string; fileName: string; loadNumber: string }>
  refusal: ShownRefusal | null
  busy: boolean
}

function Field({ id, label, errors, children }: { id: string; label: string; errors?: string[]; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {children}
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  )
}

/** The compose form: a plain multipart form (no JavaScript needed), sent or saved as a draft. */
export function MailComposeForm({ values: initial, from, carried, documents, refusal, busy }: Props) {
  const { t } = useTranslation()
  const posted = (refusal?.values ?? {}) as Record<string, unknown>
  const value = (name: string) => (typeof posted[name] === 'string' ? (posted[name] as string) : (initial[name] ?? ''))
  const chosenDocuments = new Set([posted.documentIds ?? []].flat().map(String))
  const error = (name: string) => refusal?.field(name)
  const invalid = (name: string) => (error(name)?.length ? { 'aria-invalid': true, 'aria-describedby': `compose-${name}-error` } : {})
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" data-testid="mail-compose-form">
      <RefusalNotice refusal={refusal} reloadTo={initial.draftId ? `${href('/dashboard/mail/new')}?draft=${initial.draftId}` : undefined} />
      {['answers', 'forward', 'draftId', 'version'].map((name) =>
        initial[name] ? <input key={name} type="hidden" name={name} value={initial[name]} /> : null,
      )}
      {from.length > 1 && !initial.draftId && !initial.answers ? (
        <Field id="compose-from" label={t('mail.from')} errors={error('from')}>
          <select id="compose-from" name="from" defaultValue={value('from')} className={inputClass}>
            {from.map((option) => (
              <option key={option.box} value={option.box}>
                {t(`mail.box.${option.box}`)} ({option.address})
              </option>
            ))}
          </select>
        </Field>
      ) : (
        <input type="hidden" name="from" value={value('from') || from[0].box} />
      )}
      <Field id="compose-to" label={t('mail.to')} errors={error('to')}>
        <input
          id="compose-to"
          name="to"
          type="text"
          inputMode="email"
          dir="ltr"
          defaultValue={value('to')}
          placeholder={t('mail.toPlaceholder')}
          className={inputClass}
          {...invalid('to')}
        />
      </Field>
      <Field id="compose-cc" label={t('mail.cc')} errors={error('cc')}>
        <input id="compose-cc" name="cc" type="text" inputMode="email" dir="ltr" defaultValue={value('cc')} className={inputClass} {...invalid('cc')} />
      </Field>
      <Field id="compose-subject" label={t('mail.subject')} errors={error('subject')}>
        <input id="compose-subject" name="subject" type="text" dir="auto" defaultValue={value('subject')} className={inputClass} {...invalid('subject')} />
      </Field>
      <Field id="compose-text" label={t('mail.message')} errors={error('text')}>
        <textarea id="compose-text" name="text" rows={12} dir="auto" defaultValue={value('text')} className={inputClass} {...invalid('text')} />
      </Field>
      {carried.length ? (
        <div className="text-sm">
          <p className="font-semibold">{initial.draftId ? t('mail.attached') : t('mail.carried')}</p>
          <ul className="mt-1 list-disc ps-5 text-muted" data-testid="mail-carried">
            {carried.map((file) => (
              <li key={file.id}>
                <bdi>{file.fileName}</bdi>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Field id="compose-files" label={t('mail.files')} errors={error('files')}>
        <input id="compose-files" name="files" type="file" multiple className={fileInputClass} {...invalid('files')} />
        <p className="mt-1.5 text-xs text-muted">
          {t('mail.filesHint', {
            count: MAIL_ATTACHMENTS_MAX,
            size: MAIL_ATTACHMENT_MAX_BYTES / 1024 / 1024,
            total: MAIL_ATTACHMENTS_MAX_TOTAL_BYTES / 1024 / 1024,
          })}
        </p>
      </Field>
      <fieldset className="rounded-lg border border-line p-3">
        <legend className="px-1 text-sm font-semibold">{t('mail.loadDocuments')}</legend>
        {documents.length ? (
          <ul className="max-h-56 space-y-1 overflow-auto text-sm">
            {documents.map((document) => (
              <li key={document.id}>
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="documentIds" value={document.id} defaultChecked={chosenDocuments.has(document.id)} />
                  <span className="min-w-0 truncate">
                    <bdi className="font-semibold">{document.loadNumber}</bdi> · {t(`mail.documentKind.${document.kind}`)} · <bdi>{document.fileName}</bdi>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">{t('mail.noDocuments')}</p>
        )}
        <ErrorList id="compose-documentIds-error" errors={error('documentIds')} />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="send" disabled={busy} data-testid="mail-send">
          {t('mail.send')}
        </Button>
        <Button type="submit" name="intent" value="save" variant="secondary" disabled={busy} data-testid="mail-save-draft">
          {t('mail.saveDraft')}
        </Button>
        <Link to={href('/dashboard/mail')} className="fd-btn fd-btn-ghost fd-btn-md">
          {t('common.cancel')}
        </Link>
      </div>
    </Form>
  )
}
