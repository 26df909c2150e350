import { useMemo } from 'react'
import { data, Form, href, useLocation, useNavigation } from 'react-router'

import { ListEmpty, ListHeader } from '~/components/lists/list-page'
import { ListRow, ListTable } from '~/components/lists/list-table'
import { type FilterSelect, ListToolbar } from '~/components/lists/list-toolbar'
import { enumSelect } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { fileInputClass, inputClass } from '~/components/ui/field'
import { Pagination } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { assertInterchangeSize, receiveInterchange } from '~/models/edi/inbound.server'
import { getMessage, listMessages, reasonMessage, serializeMessage } from '~/models/edi/message.server'
import { serializeTender } from '~/models/edi/tender.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { resendRefusal } from '~/policies/edi-message'
import { requireActor } from '~/requests/actor.server'
import { readListPage } from '~/requests/list-page.server'
import { type EdiInboundRecord, EdiMessageQuerySchema } from '~/schemas/edi'
import { EDI_DIRECTIONS, EDI_MESSAGE_STATUSES, EDI_MESSAGE_TYPES } from '~/schemas/edi-options'
import { EDI_DELIVERY_TONE, EDI_MESSAGE_STATUS_TONE } from '~/schemas/edi-tones'
import { PAGE_SIZES } from '~/schemas/list-options'
import { DomainError, isDomainError } from '~/utils/errors.server'
import { formatDateTime } from '~/utils/format'
import { unpackRows } from '~/utils/packed-rows'

import type { Route } from './+types/messages'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['edi'] }

/** The message log, newest first: every interchange in and out, its rejection reason in the reader's language. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = getInstance(context).language
  const page = await readListPage(request, {
    entity: 'edi',
    customFields: null,
    schema: EdiMessageQuerySchema,
    read: listMessages,
    also: (user) => organizationTimeZone(user.organizationId),
    row: (message) => ({
      id: message.id,
      direction: message.direction,
      type: message.type,
      controlNumber: message.controlNumber,
      groupControlNumber: message.groupControlNumber,
      transactionControlNumber: message.transactionControlNumber,
      partner: message.partner?.name ?? null,
      status: message.status,
      delivery: message.delivery,
      lastError: message.lastError,
      reason: reasonMessage(message, language),
      createdAt: message.createdAt.toISOString(),
    }),
  })
  return page
}

type Upload = EdiInboundRecord & { partner: string | null; refusal: string | null }

/**
 * The upload: a file (multipart) or pasted text (urlencoded), received as POST /api/edi/inbound
 * receives it; the answer is the message kept (received or rejected, with why) and its 997.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, 'create', 'edi')
  const t = getInstance(context).t
  const language = getInstance(context).language
  try {
    const formData = await request.formData()
    const file = formData.get('file')
    const pasted = formData.get('text')
    let text = typeof pasted === 'string' ? pasted : ''
    if (file instanceof File && file.size > 0) {
      assertInterchangeSize(file.size)
      text = await file.text()
    }
    if (!text.trim()) throw new DomainError('validation_failed', 'edi.upload.empty')
    const outcome = await receiveInterchange(actor, text)
    const kept = await getMessage(actor.organizationId, outcome.message.id)
    const upload: Upload = {
      message: serializeMessage(outcome.message, language),
      acknowledgment: outcome.acknowledgment ? { ...serializeMessage(outcome.acknowledgment, language), raw: outcome.acknowledgment.raw } : null,
      tenders: outcome.tenders.map(serializeTender),
      partner: kept.partner?.name ?? null,
      refusal: outcome.refusal ? t(outcome.refusal.messageKey) : null,
    }
    return data({ upload, error: null }, { status: outcome.refusal ? 422 : 200 })
  } catch (error) {
    if (!isDomainError(error)) throw error
    return data({ upload: null, error: t(error.messageKey, error.options.params ?? {}) }, { status: error.status })
  }
}

function UploadResult({ upload, error }: { upload: Upload | null; error: string | null }) {
  const { t } = useTranslation()
  if (error)
    return (
      <p role="alert" className="rounded border border-error p-3 text-sm" data-testid="edi-upload-result">
        {error}
      </p>
    )
  if (!upload) return null
  const { message, acknowledgment } = upload
  const accepted = message.status === 'received'
  return (
    <div role="status" className={`rounded border p-3 text-sm ${accepted ? 'border-success' : 'border-error'}`} data-testid="edi-upload-result">
      <p className="font-semibold">
        {accepted
          ? t('edi.upload.accepted', { control: message.controlNumber ?? '', tenders: upload.tenders.length })
          : t('edi.upload.rejected', { reason: message.reasonMessage ?? '' })}
      </p>
      {upload.refusal ? <p>{upload.refusal}</p> : null}
      {acknowledgment ? (
        <p>
          {t('edi.upload.acknowledgment', { control: acknowledgment.controlNumber ?? '' })}{' '}
          <a href={href('/dashboard/edi/messages/:id/raw', { id: acknowledgment.id })}>{t('edi.messages.download')}</a>
        </p>
      ) : null}
    </div>
  )
}

export default function EdiMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const { query, also: timeZone } = loaderData
  const rows = useMemo(() => unpackRows(loaderData.rows), [loaderData.rows])
  const filters: FilterSelect[] = [
    enumSelect(t, 'direction', t('edi.fields.direction'), query.direction, EDI_DIRECTIONS, 'edi.direction'),
    enumSelect(t, 'status', t('edi.fields.status'), query.status, EDI_MESSAGE_STATUSES, 'edi.messageStatus'),
    {
      name: 'type',
      label: t('edi.fields.type'),
      value: query.type,
      options: EDI_MESSAGE_TYPES.map((value) => ({ value, label: value })),
    },
  ]
  return (
    <>
      <ListHeader title={t('edi.messages.title')} listLabel={t('nav.ediMessages')} list={href('/dashboard/edi/messages')} newHref={false} newLabel="" />
      {loaderData.canCreate ? (
        <Card className="mb-6 grid gap-4 p-5 sm:p-6">
          <h2 className="font-semibold">{t('edi.upload.title')}</h2>
          <Form method="post" encType="multipart/form-data" className="grid gap-4" data-testid="edi-upload-form">
            <div>
              <label htmlFor="edi-upload-file" className="mb-1.5 block text-sm font-semibold">
                {t('edi.upload.file')}
              </label>
              <input id="edi-upload-file" type="file" name="file" accept=".edi,.x12,.txt,text/plain,application/edi-x12" className={fileInputClass} />
            </div>
            <div>
              <label htmlFor="edi-upload-text" className="mb-1.5 block text-sm font-semibold">
                {t('edi.upload.text')}
              </label>
              <textarea id="edi-upload-text" name="text" rows={5} dir="ltr" spellCheck={false} className={`${inputClass} font-mono`} />
            </div>
            <div>
              <Button type="submit" disabled={navigation.state === 'submitting'}>
                {t('edi.upload.submit')}
              </Button>
            </div>
          </Form>
          {actionData ? <UploadResult upload={actionData.upload} error={actionData.error} /> : null}
        </Card>
      ) : null}
      <Card className="overflow-hidden">
        <ListToolbar query={query} filters={filters} searchLabel={t('edi.messages.search')} searchPlaceholder={t('edi.messages.searchPlaceholder')} />
        {rows.length === 0 ? (
          <ListEmpty
            narrowed={Boolean(query.q || query.direction || query.status || query.type || query.partnerId) || query.page > 1}
            clearTo={pathname}
            noMatch={{ title: t('edi.messages.noMatchTitle'), description: t('edi.messages.noMatch') }}
            empty={{ title: t('edi.messages.emptyTitle'), description: t('edi.messages.empty') }}
          />
        ) : (
          <ListTable
            testId="edi-messages"
            head={
              <>
                <th scope="col">{t('edi.fields.createdAt')}</th>
                <th scope="col">{t('edi.fields.direction')}</th>
                <th scope="col">{t('edi.fields.type')}</th>
                <th scope="col">{t('edi.fields.controlNumbers')}</th>
                <th scope="col">{t('edi.fields.partner')}</th>
                <th scope="col">{t('edi.fields.status')}</th>
              </>
            }
          >
            {rows.map((row) => (
              <ListRow
                key={row.id}
                changed={false}
                actions={
                  <span className="flex flex-wrap items-center gap-3">
                    <a href={href('/dashboard/edi/messages/:id/raw', { id: row.id })} download>
                      {t('edi.messages.download')}
                    </a>
                    {loaderData.canUpdate && !resendRefusal(row) ? (
                      <Form method="post" action={href('/dashboard/edi/messages/:id/resend', { id: row.id })} data-testid="edi-message-resend">
                        <input type="hidden" name="intent" value="resend" />
                        <Button type="submit" size="sm" variant="secondary">
                          {t('edi.resend.label')}
                        </Button>
                      </Form>
                    ) : null}
                  </span>
                }
              >
                <th className="fd-nw">{formatDateTime(i18n.language, row.createdAt, timeZone)}</th>
                <td>{t(`edi.direction.${row.direction}`)}</td>
                <td className="fd-nw">{row.type ?? '—'}</td>
                <td className="fd-nw" dir="ltr">
                  {[row.controlNumber, row.groupControlNumber, row.transactionControlNumber].map((value) => value ?? '—').join(' / ')}
                </td>
                <td dir="auto">{row.partner ?? '—'}</td>
                <td data-testid="edi-message-status">
                  <Badge tone={EDI_MESSAGE_STATUS_TONE[row.status]}>{t(`edi.messageStatus.${row.status}`)}</Badge>
                  {row.reason ? <span className="ms-2 text-xs">{row.reason}</span> : null}
                  {row.delivery ? (
                    <span className="ms-2" data-testid="edi-message-delivery">
                      <Badge tone={EDI_DELIVERY_TONE[row.delivery]}>{t(`edi.tenderRespond.delivery.${row.delivery}`)}</Badge>
                      {row.delivery !== 'delivered' && row.lastError ? (
                        <span className="ms-2 text-xs" dir="ltr">
                          {row.lastError}
                        </span>
                      ) : null}
                    </span>
                  ) : null}
                </td>
              </ListRow>
            ))}
          </ListTable>
        )}
        {loaderData.total > 0 ? <Pagination total={loaderData.total} page={query.page} pageSize={query.pageSize} pageSizes={PAGE_SIZES} /> : null}
      </Card>
    </>
  )
}
