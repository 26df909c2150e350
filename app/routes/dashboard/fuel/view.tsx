import { href } from 'react-router'
import { z } from 'zod'

import { useRefusal } from '~/components/forms/refusal'
import { FuelReceiptCard } from '~/components/ifta/fuel-receipt-card'
import { Badge } from '~/components/ui/badge'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { gallonsText, getFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { attachFuelReceipt, receiptRefusal, removeFuelReceipt, serializeReceipt } from '~/models/fuel-tax/fuel-receipt.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { isoDate } from '~/models/records/records.server'
import { quarterOf } from '~/policies/ifta'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, uploadAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { LOAD_DOCUMENT_MAX_BYTES } from '~/schemas/load-document-options'
import { VersionSchema } from '~/schemas/version'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatDecimalText, formatMoney, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['fuel', 'ifta'] }

/** The receipt upload form posts here: streamed to storage, never collected by the edge (app/utils/upload-limit.ts). */
export const upload = uploadLimit(LOAD_DOCUMENT_MAX_BYTES, { streamed: true })

/** One receipt, read-only; editors also get an Edit link, and add, replace or remove its photo or scan. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'fuelPurchase')
  const purchase = await orNotFound(getFuelPurchase(user.organizationId, params.id))
  const [timeZone, kept] = await Promise.all([organizationTimeZone(user.organizationId), receiptRefusal(user.organizationId, purchase)])
  const receipt = serializeReceipt(purchase)
  return {
    receipt: receipt && { fileName: receipt.fileName, contentType: receipt.contentType, sizeBytes: receipt.sizeBytes, uploadedAt: receipt.uploadedAt },
    keptFor: kept ? quarterOf(isoDate(purchase.purchasedAt)!) : null,
    version: purchase.version,
    timeZone,
    purchase: {
      id: purchase.id,
      unit: purchase.truck.unitNumber,
      truckId: purchase.truckId,
      purchasedAt: isoDate(purchase.purchasedAt)!,
      jurisdiction: purchase.jurisdiction,
      fuelType: purchase.fuelType,
      gallons: gallonsText(purchase),
      totalCents: purchase.totalCents,
      taxPaid: purchase.taxPaid,
      vendor: purchase.vendor,
      city: purchase.city,
      odometer: purchase.odometer,
      reference: purchase.reference,
      cardLast4: purchase.cardLast4,
      notes: purchase.notes,
    },
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/fuel/list')),
    canUpdate: can(user.role, 'update', 'fuelPurchase'),
  }
}

/**
 * The receipt's posts: a multipart upload (streamed to storage by the model) or `removeReceipt`;
 * back to this page with a toast, or the refusal at the receipt's form (a wrong type, too large,
 * a filed quarter's receipt, a purchase changed meanwhile).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const { actor } = await requireActor(request, 'update', 'fuelPurchase')
  const back = new URL(request.url).pathname
  if ((request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return uploadAction(
      params.id,
      t,
      t('fuel.receipt.refused'),
      () => attachFuelReceipt(actor, params.id, request),
      () => redirectWithToast(back, { type: 'success', title: t('fuel.receipt.toast.uploaded') }),
    )
  return intentAction(
    await request.formData(),
    t,
    {
      removeReceipt: intent({
        schema: RemoveReceiptSchema,
        run: ({ version }) => removeFuelReceipt(actor, params.id, version),
        done: () => redirectWithToast(back, { type: 'success', title: t('fuel.receipt.toast.removed') }),
        gone: true,
      }),
    },
    { about: params.id },
  )
}

const RemoveReceiptSchema = z.object({ version: VersionSchema })

export default function FuelPurchaseView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { purchase, returnTo } = loaderData
  const refusal = useRefusal(actionData, ['upload', 'removeReceipt'], purchase.id)
  const language = i18n.language
  const values = { unit: purchase.unit, date: formatDate(language, purchase.purchasedAt) }
  return (
    <>
      <RecordHeader
        title={t('fuel.view.title', values)}
        listLabel={t('nav.fuel')}
        returnTo={returnTo}
        name={t('fuel.view.label', values)}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/fuel/:id/edit', { id: purchase.id }), returnTo) : undefined}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <DetailCard title={t('fuel.editor.purchase')} testId="fuel-purchase">
          <DetailItem label={t('fields.unitNumber')}>
            <a
              className="font-semibold text-primary-darker hover:underline dark:text-primary-light"
              href={href('/dashboard/trucks/:id', { id: purchase.truckId })}
            >
              {purchase.unit}
            </a>
          </DetailItem>
          <DetailItem label={t('ifta.fields.purchasedAt')}>{formatDate(language, purchase.purchasedAt)}</DetailItem>
          <DetailItem label={t('ifta.fields.jurisdiction')}>{purchase.jurisdiction}</DetailItem>
          <DetailItem label={t('ifta.fields.fuelType')}>{t(`ifta.fuelType.${purchase.fuelType}`)}</DetailItem>
          <DetailItem label={t('ifta.fields.gallons')}>{formatDecimalText(language, purchase.gallons, 3)}</DetailItem>
          <DetailItem label={t('ifta.fields.total')}>{formatMoney(language, purchase.totalCents)}</DetailItem>
          <DetailItem label={t('ifta.fields.taxPaid')}>
            <Badge tone={purchase.taxPaid ? 'success' : 'warning'}>{t(`ifta.taxPaidValue.${purchase.taxPaid ? 'yes' : 'no'}`)}</Badge>
          </DetailItem>
        </DetailCard>
        <DetailCard title={t('fuel.editor.receipt')} testId="fuel-receipt">
          <DetailItem label={t('ifta.fields.vendor')}>{purchase.vendor}</DetailItem>
          <DetailItem label={t('ifta.fields.city')}>{purchase.city}</DetailItem>
          <DetailItem label={t('ifta.fields.odometer')}>{purchase.odometer !== null ? formatNumber(language, purchase.odometer) : null}</DetailItem>
          <DetailItem label={t('ifta.fields.reference')}>{purchase.reference}</DetailItem>
          <DetailItem label={t('ifta.fields.cardLast4')}>{purchase.cardLast4 ? <span className="font-mono">•••• {purchase.cardLast4}</span> : null}</DetailItem>
          <DetailItem label={t('fields.notes')}>{purchase.notes ? <p className="whitespace-pre-line">{purchase.notes}</p> : null}</DetailItem>
        </DetailCard>
        <FuelReceiptCard
          purchaseId={purchase.id}
          version={loaderData.version}
          receipt={loaderData.receipt}
          canUpdate={loaderData.canUpdate}
          keptFor={loaderData.keptFor}
          timeZone={loaderData.timeZone}
          refusal={refusal}
        />
      </div>
    </>
  )
}
