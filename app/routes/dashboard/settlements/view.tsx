import { Form, href, useLocation, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { SettlementLineForm, SettlementLines, SettlementPayForm } from '~/components/settlements/settlement-cards'
import { SettlementStatusBadge } from '~/components/settlements/settlement-status'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { SummaryItem, SummaryList } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { organizationToday } from '~/models/organization/organization.server'
import {
  addSettlementLine,
  approveSettlement,
  deleteSettlement,
  getSettlement,
  paySettlement,
  removeSettlementLine,
  serializeSettlement,
  voidSettlement,
} from '~/models/settlements/settlement.server'
import { settlementHeldBack, settlementOffers, settlementScope } from '~/policies/settlement'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, withAmountCents } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { SettlementActionSchema, SettlementLineRemoveSchema, SettlementLineSchema, SettlementPaySchema } from '~/schemas/settlement'
import { orNotFound } from '~/utils/errors.server'
import { formatDate, formatMoney } from '~/utils/format'
import { listReturnTo } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

export const handle = { i18n: ['settlements'] }

const LIST = href('/dashboard/settlements/list')

/** One settlement: its lines and totals, and what the settlement policy offers this role (a driver: their own, read only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'settlement')
  const settlement = serializeSettlement(await orNotFound(getSettlement(settlementScope(user), params.id)))
  const url = new URL(request.url)
  return {
    settlement,
    today: await organizationToday(user.organizationId),
    can: settlementOffers(user.role, settlement),
    // Why a draft waits before approval (a net below zero): the policy's reason, not the page's.
    heldBack: settlementHeldBack(settlement),
    returnTo: user.role === 'driver' ? href('/dashboard/pay') : listReturnTo(url.searchParams.get('returnTo'), LIST),
  }
}

/** Approve, pay, void, delete a draft, add or remove a line: each a plain form with the version seen; refused: the reason on the page, nothing written. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const form = await request.formData()
  const { actor } = await requireActor(request, form.get('intent') === 'delete' ? 'delete' : 'update', 'settlement')
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  const toast =
    (key: string, type: 'success' | 'warning' = 'success') =>
    (settlement: { number: string }) =>
      redirectWithToast(back, { type, title: t(key, { number: settlement.number }) })
  return intentAction(withAmountCents(form), t, {
    approve: intent({
      schema: SettlementActionSchema,
      run: ({ version }) => approveSettlement(actor, params.id, version),
      done: toast('settlements.toast.approved'),
    }),
    pay: intent({ schema: SettlementPaySchema, run: (input) => paySettlement(actor, params.id, input), done: toast('settlements.toast.paid') }),
    void: intent({
      schema: SettlementActionSchema,
      run: ({ version }) => voidSettlement(actor, params.id, version),
      done: toast('settlements.toast.voided', 'warning'),
    }),
    addLine: intent({
      schema: SettlementLineSchema,
      run: (input) => addSettlementLine(actor, params.id, input),
      done: toast('settlements.toast.lineAdded'),
      fieldNames: { amountCents: 'amount' },
    }),
    removeLine: intent({
      schema: SettlementLineRemoveSchema,
      run: ({ itemId, version }) => removeSettlementLine(actor, params.id, itemId, version),
      done: toast('settlements.toast.lineRemoved'),
      gone: true,
    }),
    delete: intent({
      schema: SettlementActionSchema,
      run: ({ version }) => deleteSettlement(actor, params.id, version),
      done: (settlement) =>
        redirectWithToast(listReturnTo(url.searchParams.get('returnTo'), LIST), {
          type: 'success',
          title: t('settlements.toast.deleted', { number: settlement.number }),
        }),
    }),
  })
}

export default function SettlementView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const { settlement, can } = loaderData
  const refusal = useRefusal(actionData, [null, 'approve', 'void', 'delete', 'removeLine'], undefined, [])
  const line = useRefusal(actionData, 'addLine', undefined, ['type', 'description', 'amount'])
  const payment = useRefusal(actionData, 'pay', undefined, ['paidAt', 'method', 'reference'])
  const hidden = (name: string) => (
    <>
      <input type="hidden" name="intent" value={name} />
      <input type="hidden" name="version" value={settlement.version} />
    </>
  )
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const date = (value: string) => formatDate(i18n.language, value)

  return (
    <>
      <PageHeader
        title={t('settlements.view.title', { number: settlement.number })}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.settlements'), to: loaderData.returnTo },
          { label: settlement.number },
        ]}
        action={
          <div className="flex flex-wrap gap-2" data-testid="settlement-actions">
            {can.delete ? (
              <Form method="post">
                {hidden('delete')}
                <Button type="submit" variant="ghost" disabled={busy}>
                  <Icon name="trash" size={18} />
                  {t('common.delete')}
                </Button>
              </Form>
            ) : null}
            <ButtonLink to={href('/dashboard/settlements/:id/pdf', { id: settlement.id })} reloadDocument variant="secondary">
              <Icon name="download" size={18} />
              {t('settlements.actions.statement')}
            </ButtonLink>
            {can.void ? (
              <Form method="post">
                {hidden('void')}
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t('settlements.actions.void')}
                </Button>
              </Form>
            ) : null}
            {can.approve ? (
              <Form method="post">
                {hidden('approve')}
                <Button type="submit" disabled={busy}>
                  {t('settlements.actions.approve')}
                </Button>
              </Form>
            ) : null}
          </div>
        }
      />

      <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="settlement-refusal" className="mb-6" />

      <Card className="mb-6 p-6">
        <SummaryList testId="settlement-summary">
          <SummaryItem label={t('fields.status')}>
            <SettlementStatusBadge status={settlement.status} />
          </SummaryItem>
          <SummaryItem label={t('settlements.fields.driver')} className="font-semibold">
            <bdi>{settlement.driver.name}</bdi>
          </SummaryItem>
          <SummaryItem label={t('settlements.fields.period')} className="tabular-nums">
            {date(settlement.periodStart)} – {date(settlement.periodEnd)}
          </SummaryItem>
          <SummaryItem
            label={t('settlements.fields.net')}
            className={`text-lg font-bold tabular-nums ${settlement.netCents < 0 ? 'text-error' : ''}`}
            testId="settlement-net"
          >
            {money(settlement.netCents)}
          </SummaryItem>
          {settlement.paidAt ? (
            <SummaryItem label={t('settlements.view.payment')} wide>
              {[date(settlement.paidAt), t(`settlements.method.${settlement.method}`), settlement.reference ? `#${settlement.reference}` : '']
                .filter(Boolean)
                .join(' · ')}
            </SummaryItem>
          ) : null}
        </SummaryList>
        {loaderData.heldBack ? (
          <p className="mt-4 text-sm text-error" data-testid="settlement-held-back">
            {t(loaderData.heldBack)}
          </p>
        ) : null}
      </Card>

      <SettlementLines settlement={settlement} canRemove={can.edit} busy={busy} />

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {can.edit ? <SettlementLineForm version={settlement.version} refusal={line} busy={busy} /> : null}
        {can.pay ? <SettlementPayForm version={settlement.version} today={loaderData.today} refusal={payment} busy={busy} /> : null}
      </div>
    </>
  )
}
