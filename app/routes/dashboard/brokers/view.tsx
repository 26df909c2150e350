import { href } from 'react-router'

import { BrokerInvoices, BrokerLoads } from '~/components/brokers/broker-activity'
import { CustomFieldValues } from '~/components/forms/custom-field-values'
import { Badge } from '~/components/ui/badge'
import { Card } from '~/components/ui/card'
import { DetailItem, RecordHeader } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { brokerInvoiceSummary } from '~/models/invoices/invoice-reports.server'
import { loadTimeZone } from '~/models/loads/load.server'
import { listLoads } from '~/models/loads/load-list.server'
import { customFieldsForDisplay } from '~/models/organization/custom-fields.server'
import { getBroker } from '~/models/reference/broker.server'
import { loadScope } from '~/policies/load'
import { requirePermission } from '~/requests/session.server'
import { BROKER_STATUS_META } from '~/schemas/broker-options'
import { parseListQuery } from '~/schemas/list-query'
import { LoadListQuerySchema } from '~/schemas/load'
import { orNotFound } from '~/utils/errors.server'
import { addressLines, formatMoney } from '~/utils/format'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { can } from '~/utils/permissions'
import { zonedWallClock } from '~/utils/time'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['brokers', 'customFields', 'invoices', 'loads'] }

/** The broker's latest loads (pickup newest first, as the load list), their first pickup as a day on the organization's clock. */
async function latestLoads(user: Parameters<typeof loadScope>[0], brokerId: string) {
  const query = parseListQuery(LoadListQuerySchema, new URLSearchParams({ brokerId, pageSize: '10' }))
  const [result, timeZone] = await Promise.all([listLoads(loadScope(user), query), loadTimeZone(user.organizationId)])
  return {
    total: result.total,
    loads: result.items.map((load) => ({
      id: load.id,
      loadNumber: load.loadNumber,
      status: load.status,
      pickupDate: load.pickupAt ? zonedWallClock(load.pickupAt, timeZone).slice(0, 10) : null,
      totalCents: load.totalCents,
    })),
  }
}

/**
 * One broker, read-only: every role that may read brokers sees it; editors also get an Edit link.
 * Its money (open balance, days to pay, credit used, latest invoices) only for roles that read
 * invoices, its latest loads only for roles that read loads.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'broker')
  const broker = await orNotFound(getBroker(user.organizationId, params.id))
  const [invoices, loads] = await Promise.all([
    can(user.role, 'read', 'invoice') ? brokerInvoiceSummary(user.organizationId, broker) : null,
    can(user.role, 'read', 'load') ? latestLoads(user, broker.id) : null,
  ])
  return {
    invoices,
    loads,
    customFields: await customFieldsForDisplay(user.organizationId, 'brokers', broker.customFields),
    broker: {
      id: broker.id,
      name: broker.name,
      type: broker.type,
      status: broker.status,
      mcNumber: broker.mcNumber,
      dotNumber: broker.dotNumber,
      contactName: broker.contactName,
      email: broker.email,
      phone: broker.phone,
      billingEmail: broker.billingEmail,
      address: addressLines(broker),
      paymentTerms: broker.paymentTerms,
      creditLimitCents: broker.creditLimitCents,
      notes: broker.notes,
    },
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), href('/dashboard/brokers/list')),
    canUpdate: can(user.role, 'update', 'broker'),
  }
}

function MailLink({ address }: { address: string | null }) {
  return address ? (
    <a href={`mailto:${address}`} className="break-all text-primary-darker hover:underline dark:text-primary-light">
      {address}
    </a>
  ) : null
}

export default function BrokerView({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { broker, returnTo } = loaderData
  return (
    <>
      <RecordHeader
        title={t('brokers.view.title', { name: broker.name })}
        listLabel={t('nav.brokers')}
        returnTo={returnTo}
        name={broker.name}
        editHref={loaderData.canUpdate ? withReturnTo(href('/dashboard/brokers/:id/edit', { id: broker.id }), returnTo) : undefined}
      />
      {broker.status === 'on_hold' ? (
        <div
          role="status"
          data-testid="broker-on-hold"
          className="mb-6 flex gap-3 rounded-lg border border-warning/40 bg-warning-lighter px-4 py-3 text-sm text-warning-darker dark:bg-warning/15 dark:text-warning-light"
        >
          <Icon name="alert" size={20} className="mt-0.5 shrink-0" />
          <div>
            <p className="font-bold">{t('brokers.view.onHoldTitle')}</p>
            <p>{t('brokers.view.onHold')}</p>
          </div>
        </div>
      ) : null}
      {broker.status === 'inactive' ? (
        <p role="status" className="mb-6 flex gap-3 rounded-lg border border-line bg-black/[0.03] px-4 py-3 text-sm text-muted dark:bg-white/5">
          <Icon name="info" size={20} className="mt-0.5 shrink-0" />
          {t('brokers.view.inactive')}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('brokers.editor.identity')}</h2>
          <dl data-testid="broker-identity">
            <DetailItem label={t('brokers.fields.name')}>
              <bdi>{broker.name}</bdi>
            </DetailItem>
            <DetailItem label={t('brokers.fields.type')}>{t(`brokers.type.${broker.type}`)}</DetailItem>
            <DetailItem label={t('brokers.fields.status')}>
              <Badge tone={BROKER_STATUS_META[broker.status].tone}>{t(`brokers.status.${broker.status}`)}</Badge>
            </DetailItem>
            <DetailItem label={t('brokers.fields.mcNumber')}>{broker.mcNumber ? <bdi>{`MC-${broker.mcNumber}`}</bdi> : null}</DetailItem>
            <DetailItem label={t('brokers.fields.dotNumber')}>{broker.dotNumber ? <bdi>{broker.dotNumber}</bdi> : null}</DetailItem>
          </dl>
          <h2 className="mt-6 mb-3 text-base font-bold">{t('brokers.editor.contact')}</h2>
          <dl data-testid="broker-contact">
            <DetailItem label={t('brokers.fields.contactName')}>{broker.contactName ? <bdi>{broker.contactName}</bdi> : null}</DetailItem>
            <DetailItem label={t('brokers.fields.email')}>
              <MailLink address={broker.email} />
            </DetailItem>
            <DetailItem label={t('brokers.fields.phone')}>{broker.phone ? <bdi>{broker.phone}</bdi> : null}</DetailItem>
            <DetailItem label={t('brokers.editor.address')}>
              {broker.address.length ? (
                <address className="not-italic">
                  {broker.address.map((line) => (
                    // Each line keeps its own direction: "1 Walton Blvd" stays as written on an Arabic page.
                    <div key={line}>
                      <bdi>{line}</bdi>
                    </div>
                  ))}
                </address>
              ) : null}
            </DetailItem>
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="mb-3 text-base font-bold">{t('brokers.editor.billing')}</h2>
          <dl data-testid="broker-billing">
            <DetailItem label={t('brokers.fields.paymentTerms')}>{t(`brokers.paymentTerms.${broker.paymentTerms}`)}</DetailItem>
            <DetailItem label={t('brokers.fields.creditLimit')}>
              {broker.creditLimitCents !== null ? (
                <span className="tabular-nums">{formatMoney(i18n.language, broker.creditLimitCents)}</span>
              ) : (
                t('brokers.list.noLimit')
              )}
            </DetailItem>
            <DetailItem label={t('brokers.fields.billingEmail')}>
              <MailLink address={broker.billingEmail} />
            </DetailItem>
            <DetailItem label={t('brokers.fields.notes')}>
              {broker.notes ? (
                <p dir="auto" className="whitespace-pre-line">
                  {broker.notes}
                </p>
              ) : null}
            </DetailItem>
          </dl>
        </Card>
        <CustomFieldValues fields={loaderData.customFields} />
        {loaderData.invoices ? <BrokerInvoices brokerId={broker.id} data={loaderData.invoices} /> : null}
        {loaderData.loads ? <BrokerLoads brokerId={broker.id} data={loaderData.loads} /> : null}
      </div>
    </>
  )
}
