import type { FilterSelect } from '~/components/lists/list-toolbar'

/**
 * The filters the fuel purchase and trip lists share: the quarter (the recent ones, and an older
 * one a link names) and the unit (no select past the picker's maximum: the search box finds a
 * unit number). What fuelRecordFilterOptions reads.
 */
export function quarterAndUnitFilters(
  t: (key: string) => string,
  query: { quarter?: string; truckId?: string },
  options: { quarters: string[]; trucks: ReadonlyArray<{ id: string; unitNumber: string }> | null },
): FilterSelect[] {
  const quarters = query.quarter && !options.quarters.includes(query.quarter) ? [...options.quarters, query.quarter] : options.quarters
  const unit: FilterSelect[] = options.trucks
    ? [
        {
          name: 'truckId',
          label: t('fields.unitNumber'),
          value: query.truckId,
          options: options.trucks.map((truck) => ({ value: truck.id, label: truck.unitNumber })),
        },
      ]
    : []
  return [
    { name: 'quarter', label: t('ifta.fields.quarter'), value: query.quarter, options: quarters.map((quarter) => ({ value: quarter, label: quarter })) },
    ...unit,
  ]
}
