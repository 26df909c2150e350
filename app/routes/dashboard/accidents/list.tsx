import { href } from 'react-router'

import { enumSelect, RecordList } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { buttonClass } from '~/components/ui/button'
import { OrDash } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { useTimeZone } from '~/hooks/use-time-zone'
import { useTranslation } from '~/hooks/use-translation'
import { accidentDrivers, listAccidents, personName } from '~/models/accidents/accident.server'
import { isRecordable } from '~/policies/accident'
import { readListPage } from '~/requests/list-page.server'
import { AccidentListQuerySchema } from '~/schemas/accident'
import { RECORDABLE_FILTERS } from '~/schemas/accident-options'
import { formatDateTime, formatNumber } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['accidents'] }

/** The accident register (390.15): by a range of days, driver and recordable; newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'accident',
    customFields: null,
    schema: AccidentListQuerySchema,
    read: listAccidents,
    also: (user) => accidentDrivers(user.organizationId),
    row: (accident) => ({
      id: accident.id,
      version: accident.version,
      occurredAt: accident.occurredAt.toISOString(),
      city: accident.city,
      state: accident.state,
      driver: personName(accident.driver),
      truck: accident.truck.unitNumber,
      fatalities: accident.fatalities,
      injuries: accident.injuries,
      hazmatReleased: accident.hazmatReleased,
      recordable: isRecordable(accident),
    }),
  })
}

export default function AccidentList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const timeZone = useTimeZone()
  const { query, also: drivers } = loaderData
  const language = i18n.language
  const when = (accident: { occurredAt: string }) => formatDateTime(language, accident.occurredAt, timeZone)
  return (
    <RecordList
      name="accidents"
      data={loaderData}
      rowName={(accident) => ({ date: when(accident), place: `${accident.city}, ${accident.state}` })}
      dates={{ from: query.from, to: query.to, fromLabel: t('accidents.list.from'), toLabel: t('accidents.list.to') }}
      filters={[
        {
          name: 'driverId',
          label: t('accidents.fields.driver'),
          value: query.driverId,
          options: drivers.map((driver) => ({ value: driver.id, label: driver.name })),
        },
        enumSelect(t, 'recordable', t('accidents.fields.recordable'), query.recordable, RECORDABLE_FILTERS, 'accidents.recordable'),
      ]}
      actions={
        <div className="flex justify-end px-4 pb-3 sm:px-5">
          <a href={href('/dashboard/accidents/register')} className={buttonClass('ghost')} data-testid="accident-register-link">
            <Icon name="invoice" size={18} />
            {t('accidents.register.open')}
          </a>
        </div>
      }
      columns={[
        { label: t('accidents.fields.occurredAt'), sort: 'occurredAt', className: 'whitespace-nowrap', cell: when },
        { label: t('accidents.fields.place'), sort: 'city', cell: (accident) => `${accident.city}, ${accident.state}` },
        { label: t('accidents.fields.driver'), sort: 'driver', cell: (accident) => accident.driver },
        { label: t('accidents.fields.truck'), cell: (accident) => accident.truck },
        { label: t('accidents.fields.fatalities'), sort: 'fatalities', numeric: true, cell: (accident) => formatNumber(language, accident.fatalities) },
        { label: t('accidents.fields.injuries'), sort: 'injuries', numeric: true, cell: (accident) => formatNumber(language, accident.injuries) },
        {
          label: t('accidents.fields.hazmatReleased'),
          cell: (accident) => <OrDash>{accident.hazmatReleased ? t('accidents.register.yes') : null}</OrDash>,
        },
        {
          label: t('accidents.fields.recordable'),
          cell: (accident) => (
            <span data-testid="accident-recordable">
              <Badge tone={accident.recordable ? 'error' : 'default'}>{t(accident.recordable ? 'accidents.recordable.yes' : 'accidents.recordable.no')}</Badge>
            </span>
          ),
        },
      ]}
    />
  )
}
