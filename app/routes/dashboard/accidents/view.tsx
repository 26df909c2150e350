import { Form, href, Link, useNavigation } from 'react-router'
import { z } from 'zod'

import { useRefusal } from '~/components/forms/refusal'
import { UploadFileField } from '~/components/forms/upload-file-field'
import { Badge } from '~/components/ui/badge'
import { Button, buttonClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { getAccident, personName } from '~/models/accidents/accident.server'
import { deleteAccidentDocument, uploadAccidentDocument } from '~/models/accidents/accident-document.server'
import { isRecordable } from '~/policies/accident'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, uploadAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { requiredId } from '~/schemas/text'
import { orNotFound } from '~/utils/errors.server'
import { formatBytes, formatDateTime, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['accidents'] }

/** The document upload form posts here: streamed to storage, never collected by the edge (app/utils/upload-limit.ts). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/** One accident, read-only, with its documents; those who change accidents edit, delete and add or remove documents. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'accident')
  const accident = await orNotFound(getAccident(user.organizationId, params.id))
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/accidents'))
  return {
    accident: {
      id: accident.id,
      version: accident.version,
      occurredAt: accident.occurredAt.toISOString(),
      city: accident.city,
      state: accident.state,
      driver: personName(accident.driver),
      truck: accident.truck,
      trailer: accident.trailer,
      load: accident.load,
      fatalities: accident.fatalities,
      injuries: accident.injuries,
      towAway: accident.towAway,
      hazmatReleased: accident.hazmatReleased,
      recordable: isRecordable(accident),
      reportNumber: accident.reportNumber,
      notes: accident.notes,
    },
    documents: accident.documents.map((document) => ({
      id: document.id,
      fileName: document.fileName,
      sizeBytes: document.sizeBytes,
      uploadedAt: document.uploadedAt.toISOString(),
    })),
    returnTo,
    canUpdate: can(user.role, 'update', 'accident'),
    deleteHref: can(user.role, 'delete', 'accident') ? withReturnTo(href('/dashboard/accidents/:id/delete', { id: accident.id }), returnTo) : null,
  }
}

const RemoveDocumentSchema = z.object({ documentId: requiredId() })

/**
 * The documents' posts: a multipart upload (streamed to storage by the model) or `removeDocument`;
 * back to this page with a toast, or the refusal at the upload form (a wrong type, too large).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const { actor } = await requireActor(request, 'update', 'accident')
  const back = new URL(request.url).pathname
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return uploadAction(
      params.id,
      t,
      t('accidents.documents.refused'),
      () => uploadAccidentDocument(actor, params.id, request),
      () => redirectWithToast(back, { type: 'success', title: t('accidents.documents.toast.uploaded') }),
    )
  return intentAction(
    await request.formData(),
    t,
    {
      removeDocument: intent({
        schema: RemoveDocumentSchema,
        run: ({ documentId }) => deleteAccidentDocument(actor, params.id, documentId),
        done: () => redirectWithToast(back, { type: 'success', title: t('accidents.documents.toast.removed') }),
        gone: true,
      }),
    },
    { about: params.id },
  )
}

export default function AccidentView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const navigation = useNavigation()
  const { accident, returnTo, documents } = loaderData
  const language = i18n.language
  const refusal = useRefusal(actionData, ['upload', 'removeDocument'], accident.id)
  const busy = navigation.state !== 'idle' && navigation.formEncType === 'multipart/form-data'
  const place = `${accident.city}, ${accident.state}`
  const date = formatDateTime(language, accident.occurredAt, timeZone)
  const yes = (value: boolean) => (value ? t('accidents.register.yes') : t('accidents.register.no'))
  return (
    <>
      <RecordHeader
        title={t('accidents.view.title', { date, place })}
        listLabel={t('nav.accidents')}
        returnTo={returnTo}
        name={place}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/accidents/:id/edit', { id: accident.id }), returnTo) : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t('accidents.editor.what')} testId="accident-what">
          <DetailItem label={t('accidents.fields.occurredAt')}>{date}</DetailItem>
          <DetailItem label={t('accidents.fields.place')}>{place}</DetailItem>
          <DetailItem label={t('accidents.fields.recordable')}>
            <span data-testid="accident-recordable">
              <Badge tone={accident.recordable ? 'error' : 'default'}>{t(accident.recordable ? 'accidents.recordable.yes' : 'accidents.recordable.no')}</Badge>
            </span>
          </DetailItem>
          <DetailItem label={t('accidents.fields.reportNumber')}>{accident.reportNumber}</DetailItem>
        </DetailCard>
        <DetailCard title={t('accidents.editor.who')} testId="accident-who">
          <DetailItem label={t('accidents.fields.driver')}>{accident.driver}</DetailItem>
          <DetailItem label={t('accidents.fields.truck')}>
            <Link
              className="font-semibold text-primary-darker hover:underline dark:text-primary-light"
              to={href('/dashboard/trucks/:id', { id: accident.truck.id })}
            >
              {accident.truck.unitNumber}
            </Link>
          </DetailItem>
          <DetailItem label={t('accidents.fields.trailer')}>
            {accident.trailer ? (
              <Link
                className="font-semibold text-primary-darker hover:underline dark:text-primary-light"
                to={href('/dashboard/trailers/:id', { id: accident.trailer.id })}
              >
                {accident.trailer.unitNumber}
              </Link>
            ) : null}
          </DetailItem>
          <DetailItem label={t('accidents.fields.load')}>
            {accident.load ? (
              <Link
                className="font-semibold text-primary-darker hover:underline dark:text-primary-light"
                to={href('/dashboard/loads/:id', { id: accident.load.id })}
              >
                {accident.load.loadNumber}
              </Link>
            ) : null}
          </DetailItem>
        </DetailCard>
        <DetailCard title={t('accidents.editor.outcome')} testId="accident-outcome">
          <DetailItem label={t('accidents.fields.fatalities')}>{formatNumber(language, accident.fatalities)}</DetailItem>
          <DetailItem label={t('accidents.fields.injuries')}>{formatNumber(language, accident.injuries)}</DetailItem>
          <DetailItem label={t('accidents.fields.towAway')}>{yes(accident.towAway)}</DetailItem>
          <DetailItem label={t('accidents.fields.hazmatReleased')}>{yes(accident.hazmatReleased)}</DetailItem>
          <DetailItem label={t('fields.notes')}>{accident.notes ? <p className="whitespace-pre-line">{accident.notes}</p> : null}</DetailItem>
        </DetailCard>
        <Card className="p-6" data-testid="accident-documents">
          <h2 className="mb-3 text-base font-bold">{t('accidents.documents.title')}</h2>
          {documents.length ? (
            <ul className="space-y-2">
              {documents.map((document) => (
                <li key={document.id} className="flex flex-wrap items-center gap-3">
                  <a
                    href={href('/dashboard/accidents/:id/documents/:documentId', { id: accident.id, documentId: document.id })}
                    className="min-w-0 font-semibold break-all text-primary-darker hover:underline dark:text-primary-light"
                  >
                    <Icon name="download" size={16} className="me-1 align-text-bottom" />
                    {document.fileName}
                  </a>
                  <span className="text-sm text-muted tabular-nums">{formatBytes(language, document.sizeBytes)}</span>
                  {loaderData.canUpdate ? (
                    <Form method="post">
                      <input type="hidden" name="documentId" value={document.id} />
                      <Button type="submit" name="intent" value="removeDocument" variant="ghost" size="sm">
                        <Icon name="trash" size={16} />
                        {t('accidents.documents.remove', { name: document.fileName })}
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">{t('accidents.documents.none')}</p>
          )}
          {loaderData.canUpdate ? (
            <Form
              key={documents.length}
              method="post"
              encType="multipart/form-data"
              className="mt-5 border-t border-dashed border-line pt-4"
              data-testid="accident-document-upload"
            >
              {refusal?.message ? (
                <p role="alert" className="mb-3 text-sm font-semibold text-error" data-testid="accident-document-refusal">
                  {refusal.message}
                </p>
              ) : null}
              <div className="flex flex-wrap items-start gap-4">
                <UploadFileField
                  id="accident-file"
                  label={t('accidents.documents.fileLabel')}
                  hint={t('accidents.documents.hint', { size: formatNumber(language, LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024) })}
                  errors={refusal?.field('file')}
                />
                <Button type="submit" disabled={busy} className="sm:mt-7">
                  <Icon name="plus" size={18} />
                  {t('accidents.documents.upload')}
                </Button>
              </div>
            </Form>
          ) : null}
        </Card>
      </div>
      {loaderData.deleteHref ? (
        <div className="mt-6">
          <a href={loaderData.deleteHref} className={buttonClass('ghost')} data-testid="accident-delete">
            <Icon name="trash" size={18} />
            {t('accidents.view.delete')}
          </a>
        </div>
      ) : null}
    </>
  )
}
