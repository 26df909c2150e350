import { quarterAndUnitFilters } from '~/components/ifta/record-filters'
import type { FilterSelect } from '~/components/lists/list-toolbar'
import { enumSelect, RecordList } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { OrDash } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { gallonsText, listFuelPurchases } from '~/models/fuel-tax/fuel-purchase.server'
import { fuelRecordFilterOptions } from '~/models/fuel-tax/ifta-return.server'
import { isoDate } from '~/models/records/records.server'
import { readListPage } from '~/requests/list-page.server'
import { FuelPurchaseListQuerySchema } from '~/schemas/fuel-purchase'
import { FUEL_TYPES, JURISDICTIONS } from '~/schemas/ifta-options'
import { formatDate, formatDecimalText, formatMoney } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['fuel', 'ifta'] }

/** The receipts of the fuel tax return, filtered by quarter, unit, state and fuel type. */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'fuelPurchase',
    customFields: null,
    schema: FuelPurchaseListQuerySchema,
    read: listFuelPurchases,
    also: (user) => fuelRecordFilterOptions(user.organizationId),
    row: (purchase) => ({
      id: purchase.id,
      version: purchase.version,
      purchasedAt: isoDate(purchase.purchasedAt)!,
      unit: purchase.truck.unitNumber,
      jurisdiction: purchase.jurisdiction,
      fuelType: purchase.fuelType,
      gallons: gallonsText(purchase),
      totalCents: purchase.totalCents,
      taxPaid: purchase.taxPaid,
      vendor: purchase.vendor,
      city: purchase.city,
    }),
  })
}

export default function FuelList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query } = loaderData
  const language = i18n.language
  const filters: FilterSelect[] = [
    ...quarterAndUnitFilters(t, query, loaderData.also),
    {
      name: 'jurisdiction',
      label: t('ifta.fields.jurisdiction'),
      value: query.jurisdiction,
      options: JURISDICTIONS.map((code) => ({ value: code, label: code })),
    },
    enumSelect(t, 'fuelType', t('ifta.fields.fuelType'), query.fuelType, FUEL_TYPES, 'ifta.fuelType'),
  ]
  return (
    <RecordList
      name="fuel"
      data={loaderData}
      rowName={(purchase) => ({ unit: purchase.unit, date: formatDate(language, purchase.purchasedAt) })}
      filters={filters}
      columns={[
        { label: t('ifta.fields.purchasedAt'), sort: 'purchasedAt', className: 'fd-nw', cell: (purchase) => formatDate(language, purchase.purchasedAt) },
        { label: t('fields.unitNumber'), sort: 'truck', className: 'fd-nw', cell: (purchase) => purchase.unit },
        { label: t('ifta.fields.jurisdiction'), sort: 'jurisdiction', cell: (purchase) => purchase.jurisdiction },
        { label: t('ifta.fields.fuelType'), sort: 'fuelType', cell: (purchase) => t(`ifta.fuelType.${purchase.fuelType}`) },
        { label: t('ifta.fields.gallons'), sort: 'gallons', numeric: true, cell: (purchase) => formatDecimalText(language, purchase.gallons, 3) },
        { label: t('ifta.fields.total'), sort: 'totalCents', numeric: true, cell: (purchase) => formatMoney(language, purchase.totalCents) },
        {
          label: t('ifta.fields.taxPaid'),
          cell: (purchase) => <Badge tone={purchase.taxPaid ? 'success' : 'warning'}>{t(`ifta.taxPaidValue.${purchase.taxPaid ? 'yes' : 'no'}`)}</Badge>,
        },
        { label: t('ifta.fields.vendor'), sort: 'vendor', cell: (purchase) => <OrDash>{[purchase.vendor, purchase.city].filter(Boolean).join(', ')}</OrDash> },
      ]}
    />
  )
}
