import { type DragEvent, useRef, useState } from 'react'
import { Form, href, Link, useNavigation } from 'react-router'

import type { ShownRefusal } from '~/components/forms/refusal'
import { UploadFileField } from '~/components/forms/upload-file-field'
import { BidiText } from '~/components/ui/bidi-text'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList } from '~/components/ui/field'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { LOAD_DOCUMENT_KINDS, LOAD_DOCUMENT_MAX_BYTES, type LoadDocumentKind } from '~/schemas/load-document-options'
import { cn } from '~/utils/cn'
import { formatBytes, formatDateTime, formatNumber, isolate } from '~/utils/format'

export type DocumentItem = {
  id: string
  kind: LoadDocumentKind
  fileName: string
  contentType?: string
  sizeBytes: number
  uploadedAt: string
  uploadedBy: { id: string; name: string } | null
  /** A rate confirmation's loads already read from it (ADR 103). */
  madeInto?: Array<{ id: string; loadNumber: string }>
}

/**
 * A load's papers per kind, with download links, delete buttons (form posts) for the office, and a
 * plain multipart upload form that works without JavaScript.
 */
export function LoadDocuments({
  loadId,
  documents,
  kinds,
  canDelete,
  canCreateLoad = false,
  timeZone,
  refusal,
}: {
  loadId: string
  documents: DocumentItem[]
  kinds: readonly LoadDocumentKind[]
  canDelete: boolean
  canCreateLoad?: boolean
  timeZone: string
  refusal: ShownRefusal | null
}) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formEncType === 'multipart/form-data'
  const fileErrors = refusal?.field('file')
  const kindErrors = refusal?.field('kind')
  // With JavaScript the card is a drop zone: a dropped file goes into the form's file input and the
  // form is submitted as if chosen and sent by hand (same checks, same answer).
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [dropError, setDropError] = useState<string | null>(null)
  const dragOver = (event: DragEvent) => {
    if (!kinds.length || !event.dataTransfer.types.includes('Files')) return
    event.preventDefault()
    setDragging(true)
  }
  const drop = (event: DragEvent) => {
    if (!kinds.length || !form.current || !input.current) return
    event.preventDefault()
    setDragging(false)
    const files = event.dataTransfer.files
    if (files.length !== 1) {
      setDropError(t('loads.documents.dropOne'))
      return
    }
    setDropError(null)
    const transfer = new DataTransfer()
    transfer.items.add(files[0])
    input.current.files = transfer.files
    form.current.requestSubmit()
  }
  return (
    <Card
      className={cn('p-6 lg:col-span-2', dragging && 'outline-2 outline-offset-2 outline-primary outline-dashed')}
      data-testid="load-documents"
      onDragOver={dragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <h2 className="mb-3 text-base font-bold">{t('loads.documents.title')}</h2>
      <div className="grid gap-6 md:grid-cols-3">
        {LOAD_DOCUMENT_KINDS.map((kind) => {
          const items = documents.filter((document) => document.kind === kind)
          return (
            <section key={kind} aria-labelledby={`documents-${kind}`} data-testid={`documents-${kind}`}>
              <h3 id={`documents-${kind}`} className="mb-2 text-sm font-semibold text-muted">
                {t(`loads.documents.kind.${kind}`)}
              </h3>
              {items.length ? (
                <ul className="space-y-2">
                  {items.map((document) => (
                    <li key={document.id} className="flex items-start gap-2 rounded-lg border border-line p-2 text-sm">
                      <Icon name="download" size={18} className="mt-0.5 shrink-0 text-muted" />
                      <div className="min-w-0 flex-1">
                        <a
                          href={href('/dashboard/loads/:id/documents/:documentId', { id: loadId, documentId: document.id })}
                          className="font-semibold break-all text-primary-darker hover:underline dark:text-primary-light"
                          aria-label={t('loads.documents.downloadLabel', { name: document.fileName })}
                          title={t('loads.documents.download')}
                          download
                        >
                          <bdi>{document.fileName}</bdi>
                        </a>
                        <p className="text-xs text-muted">
                          <span className="tabular-nums">{formatBytes(i18n.language, document.sizeBytes)}</span>
                          {' · '}
                          <BidiText
                            text={
                              document.uploadedBy
                                ? t('loads.documents.uploadedBy', {
                                    date: formatDateTime(i18n.language, document.uploadedAt, timeZone),
                                    name: isolate(document.uploadedBy.name),
                                  })
                                : t('loads.documents.uploaded', { date: formatDateTime(i18n.language, document.uploadedAt, timeZone) })
                            }
                          />
                        </p>
                        {document.madeInto?.length ? (
                          <p className="mt-1 text-xs font-semibold" data-testid="document-made-into">
                            {t('loads.documents.madeInto')}{' '}
                            {document.madeInto.map((made, index) => (
                              <span key={made.id}>
                                {index ? ', ' : null}
                                <Link to={href('/dashboard/loads/:id', { id: made.id })} className="text-primary-darker underline dark:text-primary-light">
                                  <bdi>{made.loadNumber}</bdi>
                                </Link>
                              </span>
                            ))}
                          </p>
                        ) : null}
                        {canCreateLoad && kind === 'rateConn' && document.contentType === 'application/pdf' ? (
                          // Once a load was made from it, "Make another load" (the new-load page asks to confirm).
                          <Link
                            to={`${href('/dashboard/loads/new')}?${new URLSearchParams({ source: 'document', id: document.id })}`}
                            className={
                              document.madeInto?.length
                                ? 'mt-1 inline-block text-xs text-muted underline'
                                : 'mt-1 inline-block text-xs font-semibold text-primary-darker hover:underline dark:text-primary-light'
                            }
                            aria-label={t(document.madeInto?.length ? 'loads.documents.makeAnotherLoadLabel' : 'loads.documents.createLoadLabel', {
                              name: document.fileName,
                            })}
                            data-testid={document.madeInto?.length ? 'make-another-load-from-document' : 'create-load-from-document'}
                          >
                            {t(document.madeInto?.length ? 'loads.documents.makeAnotherLoad' : 'loads.documents.createLoad')}
                          </Link>
                        ) : null}
                      </div>
                      {canDelete ? (
                        <Form method="post">
                          <input type="hidden" name="documentId" value={document.id} />
                          <Button
                            type="submit"
                            name="intent"
                            value="deleteDocument"
                            variant="ghost"
                            size="sm"
                            aria-label={t('loads.documents.deleteLabel', { name: document.fileName })}
                            title={t('loads.documents.delete')}
                          >
                            <Icon name="trash" size={16} />
                          </Button>
                        </Form>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted">{t('loads.documents.empty')}</p>
              )}
            </section>
          )
        })}
      </div>

      {kinds.length ? (
        <Form ref={form} method="post" encType="multipart/form-data" className="mt-6 border-t border-dashed border-line pt-4" data-testid="document-upload">
          <h3 className="mb-3 text-sm font-bold">{t('loads.documents.upload')}</h3>
          {hydrated ? (
            <p className="mb-3 flex items-center gap-2 text-sm text-muted" data-testid="drop-hint">
              <Icon name="download" size={16} className="rotate-180" />
              {busy ? t('loads.documents.uploading') : t('loads.documents.dropHint')}
            </p>
          ) : null}
          {dropError ? (
            <p role="alert" className="mb-3 text-sm font-semibold text-error" data-testid="drop-refusal">
              {dropError}
            </p>
          ) : null}
          {refusal ? (
            <p role="alert" className="mb-3 text-sm font-semibold text-error" data-testid="document-refusal">
              {refusal.message}
            </p>
          ) : null}
          <div className="flex flex-wrap items-start gap-4">
            <div className="w-full sm:w-56">
              <label htmlFor="document-kind" className="mb-1.5 block text-sm font-semibold">
                {t('loads.documents.kindLabel')}
              </label>
              <select
                id="document-kind"
                name="kind"
                className={inputClass}
                defaultValue={kinds[0]}
                aria-invalid={kindErrors?.length ? true : undefined}
                aria-describedby={kindErrors?.length ? 'document-kind-error' : undefined}
              >
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`loads.documents.kind.${kind}`)}
                  </option>
                ))}
              </select>
              <ErrorList id="document-kind-error" errors={kindErrors} />
            </div>
            <UploadFileField
              id="document-file"
              label={t('loads.documents.fileLabel')}
              hint={t('loads.documents.hint', { size: formatNumber(i18n.language, LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024) })}
              errors={fileErrors}
              inputRef={input}
            />
            <Button type="submit" name="intent" value="uploadDocument" disabled={busy} className="sm:mt-7">
              <Icon name="plus" size={18} />
              {t('loads.documents.submit')}
            </Button>
          </div>
        </Form>
      ) : null}
    </Card>
  )
}
