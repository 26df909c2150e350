import { enumSelect, RecordList } from '~/components/lists/record-list'
import { Badge } from '~/components/ui/badge'
import { OrDash } from '~/components/ui/details'
import { useTranslation } from '~/hooks/use-translation'
import { listBrokers } from '~/models/reference/broker.server'
import { readListPage } from '~/requests/list-page.server'
import { BrokerListQuerySchema } from '~/schemas/broker'
import { BROKER_STATUS_META, BROKER_STATUSES, CUSTOMER_TYPES, PAYMENT_TERMS } from '~/schemas/broker-options'
import { formatMoney } from '~/utils/format'

import type { Route } from './+types/list'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['brokers', 'customFields'] }

export async function loader({ request }: Route.LoaderArgs) {
  return readListPage(request, {
    entity: 'broker',
    customFields: 'brokers',
    schema: BrokerListQuerySchema,
    read: listBrokers,
    row: (broker) => ({
      id: broker.id,
      version: broker.version,
      name: broker.name,
      type: broker.type,
      mcNumber: broker.mcNumber,
      contactName: broker.contactName,
      email: broker.email,
      phone: broker.phone,
      location: [broker.city, broker.state].filter(Boolean).join(', '),
      paymentTerms: broker.paymentTerms,
      creditLimitCents: broker.creditLimitCents,
      status: broker.status,
    }),
  })
}

/** An address that may wrap after its @ before it wraps anywhere else. */
function EmailBreak({ address }: { address: string }) {
  const at = address.lastIndexOf('@')
  if (at < 1) return <>{address}</>
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  )
}

export default function BrokerList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { query } = loaderData
  return (
    <RecordList
      name="brokers"
      data={loaderData}
      rowName={(broker) => ({ name: broker.name })}
      filters={[
        // Brokers and shippers are one list of customers (ADR 098): the type tells them apart.
        enumSelect(t, 'type', t('brokers.fields.type'), query.type, CUSTOMER_TYPES, 'brokers.type'),
        enumSelect(t, 'status', t('brokers.fields.status'), query.status, BROKER_STATUSES, 'brokers.status'),
        enumSelect(t, 'paymentTerms', t('brokers.fields.paymentTerms'), query.paymentTerms, PAYMENT_TERMS, 'brokers.paymentTerms'),
      ]}
      columns={[
        {
          label: t('brokers.fields.name'),
          sort: 'name',
          className: 'min-w-40 whitespace-normal [overflow-wrap:anywhere]',
          cell: (broker) => broker.name,
          // The type under the name, not a column of its own: the table fits a 1,280 px screen in every language.
          after: (broker) => (
            <div className="text-xs font-normal text-muted tabular-nums" data-testid="broker-type">
              {t(`brokers.type.${broker.type}`)}
              {broker.mcNumber ? (
                <>
                  {' · '}
                  <bdi>{`MC-${broker.mcNumber}`}</bdi>
                </>
              ) : null}
            </div>
          ),
        },
        {
          label: t('brokers.list.contact'),
          sort: 'contactName',
          className: 'min-w-44',
          cell: (broker) => (
            <OrDash>
              {broker.contactName || broker.email || broker.phone ? (
                <>
                  {broker.contactName ? <div>{broker.contactName}</div> : null}
                  {broker.email ? (
                    <div className="text-xs text-muted [overflow-wrap:anywhere]">
                      <EmailBreak address={broker.email} />
                    </div>
                  ) : null}
                  {!broker.email && broker.phone ? (
                    <div className="text-xs whitespace-nowrap text-muted">
                      <bdi>{broker.phone}</bdi>
                    </div>
                  ) : null}
                </>
              ) : null}
            </OrDash>
          ),
        },
        { label: t('brokers.list.location'), sort: 'city', cell: (broker) => <OrDash>{broker.location}</OrDash> },
        { label: t('brokers.list.terms'), sort: 'paymentTerms', cell: (broker) => t(`brokers.paymentTerms.${broker.paymentTerms}`) },
        {
          label: t('brokers.fields.creditLimit'),
          sort: 'creditLimitCents',
          numeric: true,
          cell: (broker) =>
            broker.creditLimitCents !== null ? (
              formatMoney(i18n.language, broker.creditLimitCents)
            ) : (
              <span className="text-muted">{t('brokers.list.noLimit')}</span>
            ),
        },
        {
          label: t('brokers.fields.status'),
          sort: 'status',
          // Long statuses (Vietnamese) take two lines rather than pushing a column out of view.
          cell: (broker) => (
            <Badge tone={BROKER_STATUS_META[broker.status].tone} wrap>
              {t(`brokers.status.${broker.status}`)}
            </Badge>
          ),
        },
      ]}
    />
  )
}
