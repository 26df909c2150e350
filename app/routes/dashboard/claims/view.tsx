import { Form, href, useNavigation } from 'react-router'
import { z } from 'zod'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { UploadFileField } from '~/components/forms/upload-file-field'
import { Badge } from '~/components/ui/badge'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { claimState, deleteClaim, deleteClaimDocument, getClaim, moveClaim, serializeClaim, uploadClaimDocument } from '~/models/claims/claim.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { deductClaim } from '~/models/settlements/settlement.server'
import { CLAIM_MOVES, claimOffers } from '~/policies/claim'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, uploadAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { ClaimDeductionFormSchema, ClaimSettleFormSchema } from '~/schemas/claim'
import { CLAIM_STATUS_TONE, type ClaimStatus } from '~/schemas/claim-options'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { requiredId } from '~/schemas/text'
import { OptionalVersionSchema } from '~/schemas/version'
import { orNotFound } from '~/utils/errors.server'
import { formatBytes, formatDate, formatDateTime, formatMoney, formatNumber } from '~/utils/format'
import { centsToDollars } from '~/utils/money'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['claims'] }

/** The papers' upload form posts here: streamed to storage, never collected by the edge (app/utils/upload-limit.ts). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/** One claim: its load, claimant and amounts, its papers, the moves its status allows and the driver's deduction. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'claim')
  const row = await orNotFound(getClaim(user.organizationId, params.id))
  const timeZone = await organizationTimeZone(user.organizationId)
  const claim = serializeClaim(row)
  return {
    timeZone,
    claim: { ...claim, documents: claim.documents.map(({ url: _url, ...document }) => document) },
    offers: claimOffers(user.role, claimState(row)),
  }
}

const DeleteDocumentSchema = z.object({ documentId: requiredId() })

/** Status moves, the deduction, papers and delete: each a plain form post, refused by the model as the API is. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const here = href('/dashboard/claims/:id', { id: params.id })
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    const { actor } = await requireActor(request, 'update', 'claim')
    return uploadAction(
      params.id,
      t,
      t('claims.documents.refused'),
      () => uploadClaimDocument(actor, params.id, request),
      () => redirectWithToast(here, { type: 'success', title: t('claims.documents.uploaded') }),
    )
  }
  const form = await request.formData()
  const { actor } = await requireActor(request, form.get('intent') === 'delete' ? 'delete' : 'update', 'claim')
  const moved = (claim: { number: string; status: ClaimStatus }) =>
    redirectWithToast(here, { type: 'success', title: t('claims.toast.moved', { number: claim.number, status: t(`claims.status.${claim.status}`) }) })
  const move = (status: Exclude<ClaimStatus, 'open' | 'settled'>) =>
    intent({ schema: OptionalVersionSchema, run: (input) => moveClaim(actor, params.id, { status, version: input.version }), done: moved })
  return intentAction(
    form,
    t,
    {
      investigating: move('investigating'),
      denied: move('denied'),
      closed: move('closed'),
      settled: intent({
        schema: ClaimSettleFormSchema,
        run: (input) => moveClaim(actor, params.id, { status: 'settled', amountPaidCents: input.amountPaid, version: input.version }),
        done: moved,
        fieldNames: { amountPaidCents: 'amountPaid' },
      }),
      deduct: intent({
        schema: ClaimDeductionFormSchema,
        run: (input) => deductClaim(actor, params.id, { amountCents: input.amount, version: input.version }),
        done: (settlement) =>
          redirectWithToast(here, {
            type: 'success',
            title: settlement ? t('claims.toast.deducted', { number: settlement.number }) : t('claims.toast.deductionQueued'),
          }),
        fieldNames: { amountCents: 'amount' },
      }),
      deleteDocument: intent({
        schema: DeleteDocumentSchema,
        run: (input) => deleteClaimDocument(actor, params.id, input.documentId),
        done: () => redirectWithToast(here, { type: 'success', title: t('claims.documents.removed') }),
      }),
      delete: intent({
        schema: OptionalVersionSchema,
        run: (input) => deleteClaim(actor, params.id, input.version),
        done: () => redirectWithToast(href('/dashboard/claims'), { type: 'success', title: t('claims.toast.deleted') }),
      }),
    },
    { about: params.id },
  )
}

export default function ClaimView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const navigation = useNavigation()
  const { claim, offers, timeZone } = loaderData
  const refusal = useRefusal(actionData, ['investigating', 'settled', 'denied', 'closed', 'deduct', 'deleteDocument', 'delete'], claim.id, [
    'amountPaid',
    'amount',
  ])
  const uploadRefusal = useRefusal(actionData, 'upload', claim.id)
  const money = (cents: number | null) => (cents === null ? '—' : formatMoney(i18n.language, cents))
  const busy = navigation.state === 'submitting'
  const fieldError = (name: string) => refusal?.field(name) ?? null
  const version = <input type="hidden" name="version" value={claim.version} />
  const moves = CLAIM_MOVES.filter((move) => offers[move] && move !== 'settled')
  const deduction = claim.deduction
  return (
    <>
      <RecordHeader
        title={t('claims.view.title', { number: claim.number })}
        listLabel={t('nav.claims')}
        returnTo={href('/dashboard/claims')}
        name={claim.number}
      />
      <div className="mx-auto grid max-w-4xl gap-6">
        <RefusalNotice refusal={refusal} reloadTo={href('/dashboard/claims/:id', { id: claim.id })} testId="claim-refusal" />
        <DetailCard title={t('claims.view.claim')} testId="claim-details">
          <DetailItem label={t('claims.fields.status')}>
            <span data-testid="claim-status">
              <Badge tone={CLAIM_STATUS_TONE[claim.status]}>{t(`claims.status.${claim.status}`)}</Badge>
            </span>
          </DetailItem>
          <DetailItem label={t('claims.fields.load')}>
            <a href={href('/dashboard/loads/:id', { id: claim.load.id })}>{claim.load.loadNumber}</a>
          </DetailItem>
          <DetailItem label={t('claims.fields.claimant')}>
            <a
              href={
                claim.claimant.type === 'broker'
                  ? href('/dashboard/brokers/:id', { id: claim.claimant.id })
                  : href('/dashboard/companies/:id', { id: claim.claimant.id })
              }
              dir="auto"
            >
              {claim.claimant.name}
            </a>
          </DetailItem>
          <DetailItem label={t('claims.fields.kind')}>{t(`claims.kind.${claim.kind}`)}</DetailItem>
          <DetailItem label={t('claims.fields.filedOn')}>{formatDate(i18n.language, claim.filedOn)}</DetailItem>
          <DetailItem label={t('claims.fields.amountClaimed')}>
            <span data-testid="claim-claimed">{money(claim.amountClaimedCents)}</span>
          </DetailItem>
          <DetailItem label={t('claims.fields.amountPaid')}>
            <span data-testid="claim-paid">{money(claim.amountPaidCents)}</span>
          </DetailItem>
          <DetailItem label={t('claims.fields.insurer')}>
            <span dir="auto">{claim.insurer ?? '—'}</span>
          </DetailItem>
          <DetailItem label={t('claims.fields.insurerClaimNumber')}>{claim.insurerClaimNumber ?? '—'}</DetailItem>
          <DetailItem label={t('claims.fields.notes')}>
            <span dir="auto" className="whitespace-pre-line">
              {claim.notes ?? '—'}
            </span>
          </DetailItem>
        </DetailCard>

        {offers.settled ? (
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('claims.settle.title')}</h2>
            <p className="mb-4 text-sm text-muted">{t('claims.settle.hint')}</p>
            <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end" data-testid="claim-settle">
              {version}
              <div>
                <label htmlFor="amountPaid" className="mb-1.5 block text-sm font-semibold">
                  {t('claims.fields.amountPaid')}
                </label>
                <input
                  id="amountPaid"
                  name="amountPaid"
                  inputMode="decimal"
                  className={inputClass}
                  aria-invalid={fieldError('amountPaid')?.length ? true : undefined}
                  aria-describedby={fieldError('amountPaid')?.length ? 'amountPaid-error' : undefined}
                />
                {fieldError('amountPaid')?.length ? (
                  <p id="amountPaid-error" className="mt-1 text-sm text-error">
                    {fieldError('amountPaid')!.join(' ')}
                  </p>
                ) : null}
              </div>
              <Button type="submit" name="intent" value="settled" disabled={busy}>
                {t('claims.move.settled')}
              </Button>
            </Form>
          </Card>
        ) : null}

        <Card className="p-6" data-testid="claim-deduction">
          <h2 className="mb-1 text-base font-bold">{t('claims.deduction.title')}</h2>
          {deduction ? (
            <p className="text-sm" data-testid="claim-deduction-state">
              {deduction.settlement ? (
                <>
                  {t('claims.deduction.onSettlement', { amount: money(deduction.amountCents), driver: deduction.driver.name })}{' '}
                  <a href={href('/dashboard/settlements/:id', { id: deduction.settlement.id })} className="font-semibold">
                    {deduction.settlement.number}
                  </a>
                </>
              ) : (
                t('claims.deduction.waiting', { amount: money(deduction.amountCents), driver: deduction.driver.name })
              )}
            </p>
          ) : offers.deduct ? (
            <>
              <p className="mb-4 text-sm text-muted">{t('claims.deduction.hint')}</p>
              <Form method="post" className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
                {version}
                <div>
                  <label htmlFor="deduction-amount" className="mb-1.5 block text-sm font-semibold">
                    {t('claims.deduction.amount')}
                  </label>
                  <input
                    id="deduction-amount"
                    name="amount"
                    inputMode="decimal"
                    defaultValue={centsToDollars(claim.amountPaidCents) ?? ''}
                    className={inputClass}
                    aria-invalid={fieldError('amount')?.length ? true : undefined}
                    aria-describedby={fieldError('amount')?.length ? 'deduction-amount-error' : undefined}
                  />
                  {fieldError('amount')?.length ? (
                    <p id="deduction-amount-error" className="mt-1 text-sm text-error">
                      {fieldError('amount')!.join(' ')}
                    </p>
                  ) : null}
                </div>
                <Button type="submit" name="intent" value="deduct" disabled={busy}>
                  {t('claims.deduction.submit')}
                </Button>
              </Form>
            </>
          ) : (
            <p className="text-sm text-muted">{t('claims.deduction.none')}</p>
          )}
        </Card>

        <Card className="p-6" data-testid="claim-documents">
          <h2 className="mb-3 text-base font-bold">{t('claims.documents.title')}</h2>
          {claim.documents.length === 0 ? (
            <p className="text-sm text-muted">{t('claims.documents.none')}</p>
          ) : (
            <ul className="grid gap-2">
              {claim.documents.map((document) => (
                <li key={document.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3 text-sm" data-testid="claim-document">
                  <a
                    href={href('/dashboard/claims/:id/documents/:documentId', { id: claim.id, documentId: document.id })}
                    className="font-semibold break-all"
                    download
                  >
                    <Icon name="download" size={16} className="me-1 align-text-bottom" />
                    {document.fileName}
                  </a>
                  <span className="text-muted">
                    {formatBytes(i18n.language, document.sizeBytes)} · {formatDateTime(i18n.language, document.uploadedAt, timeZone)}
                  </span>
                  {offers.edit ? (
                    <Form method="post" className="ms-auto">
                      <input type="hidden" name="documentId" value={document.id} />
                      <Button type="submit" name="intent" value="deleteDocument" variant="ghost" size="sm" disabled={busy}>
                        {t('claims.documents.remove')}
                      </Button>
                    </Form>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {offers.edit ? (
            <Form
              key={claim.documents.length}
              method="post"
              encType="multipart/form-data"
              className="mt-5 border-t border-dashed border-line pt-4"
              data-testid="claim-upload"
            >
              {uploadRefusal?.message ? (
                <p role="alert" className="mb-3 text-sm font-semibold text-error" data-testid="claim-upload-refusal">
                  {uploadRefusal.message}
                </p>
              ) : null}
              <div className="flex flex-wrap items-start gap-4">
                <UploadFileField
                  id="claim-file"
                  label={t('claims.documents.fileLabel')}
                  hint={t('claims.documents.hint', { size: formatNumber(i18n.language, LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024) })}
                  errors={uploadRefusal?.field('file')}
                />
                <Button type="submit" disabled={busy} className="sm:mt-7">
                  <Icon name="plus" size={18} />
                  {t('claims.documents.upload')}
                </Button>
              </div>
            </Form>
          ) : null}
        </Card>

        {offers.edit || moves.length || offers.delete ? (
          <Card className="flex flex-wrap items-center gap-3 p-6" data-testid="claim-actions">
            {offers.edit ? (
              <ButtonLink to={href('/dashboard/claims/:id/edit', { id: claim.id })} variant="secondary">
                {t('common.edit')}
              </ButtonLink>
            ) : null}
            {moves.map((move) => (
              <Form method="post" key={move}>
                {version}
                <Button type="submit" name="intent" value={move} variant="secondary" disabled={busy}>
                  {t(`claims.move.${move}`)}
                </Button>
              </Form>
            ))}
            {offers.delete ? (
              <details className="ms-auto">
                <summary className="cursor-pointer text-sm font-semibold text-error">{t('common.delete')}</summary>
                <Form method="post" className="mt-2 grid gap-2">
                  {version}
                  <p className="text-sm">{t('claims.view.deleteConfirm', { number: claim.number })}</p>
                  <Button type="submit" name="intent" value="delete" variant="danger" disabled={busy}>
                    {t('claims.view.deleteSubmit')}
                  </Button>
                </Form>
              </details>
            ) : null}
          </Card>
        ) : null}
      </div>
    </>
  )
}
