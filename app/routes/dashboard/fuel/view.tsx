import { href } from 'react-router'

import { Badge } from '~/components/ui/badge'
import { DetailCard, DetailItem, RecordHeader } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { gallonsText, getFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { isoDate } from '~/models/records/records.server'
import { requirePermission } from '~/requests/session.server'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatDecimalText, formatMoney, formatNumber } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['fuel', 'ifta'] }

/** One receipt, read-only; editors also get an Edit link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'fuelPurchase')
  const purchase = await orNotFound(getFuelPurchase(user.organizationId, params.id))
  return {
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

export default function FuelPurchaseView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { purchase, returnTo } = loaderData
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
      </div>
    </>
  )
}
