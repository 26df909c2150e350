import { Form, href, useLocation, useNavigation } from 'react-router'

import { ScheduleStatusBadge } from '~/components/factoring/schedule-status'
import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { SummaryItem, SummaryList } from '~/components/ui/details'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import {
  getSchedule,
  importPurchaseReport,
  purchaseSchedule,
  releaseReserve,
  sendSchedule,
  serializeSchedule,
  voidSchedule,
} from '~/models/factoring/factoring.server'
import { organizationToday } from '~/models/organization/organization.server'
import { scheduleOffers } from '~/policies/factoring'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, withAmountCents } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { PurchaseImportSchema, PurchaseSchema, ReserveReleaseSchema, ScheduleActionSchema } from '~/schemas/factoring'
import { DomainError, orNotFound } from '~/utils/errors.server'
import { formatDate, formatMoney } from '~/utils/format'
import { listReturnTo } from '~/utils/list-return'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/view'

export const handle = { i18n: ['factoring'] }

const LIST = href('/dashboard/factoring')

/** One schedule of accounts: its invoices and figures, and what the factoring policy offers this role. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  const schedule = serializeSchedule(await orNotFound(getSchedule(user.organizationId, params.id)))
  const url = new URL(request.url)
  return {
    schedule,
    today: await organizationToday(user.organizationId),
    can: scheduleOffers(user.role, schedule),
    returnTo: listReturnTo(url.searchParams.get('returnTo'), LIST),
  }
}

/** Send, void, purchased (the schedule's figures or the factor's report), reserve released: plain forms with the version seen. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'update', 'factoring')
  const form = await request.formData()
  const url = new URL(request.url)
  const back = `${url.pathname}${url.search}`
  const toast =
    (key: string, type: 'success' | 'warning' = 'success') =>
    (schedule: { number: string }) =>
      redirectWithToast(back, { type, title: t(key, { number: schedule.number }) })
  return intentAction(withAmountCents(form), t, {
    send: intent({ schema: ScheduleActionSchema, run: ({ version }) => sendSchedule(actor, params.id, version), done: toast('factoring.toast.sent') }),
    void: intent({
      schema: ScheduleActionSchema,
      run: ({ version }) => voidSchedule(actor, params.id, version),
      done: toast('factoring.toast.voided', 'warning'),
    }),
    purchase: intent({
      schema: PurchaseSchema.omit({ lines: true }),
      run: (input) => purchaseSchedule(actor, params.id, input),
      done: toast('factoring.toast.purchased'),
    }),
    import: intent({
      schema: PurchaseImportSchema,
      run: async (input) => {
        const file = form.get('report')
        if (!(file instanceof File) || file.size === 0)
          throw new DomainError('validation_failed', 'validation.failed', { fields: { report: ['factoring.errors.reportMissing'] } })
        return importPurchaseReport(actor, params.id, input, await file.text())
      },
      done: toast('factoring.toast.purchased'),
    }),
    release: intent({
      schema: ReserveReleaseSchema,
      run: (input) => releaseReserve(actor, params.id, input),
      done: toast('factoring.toast.released'),
      fieldNames: { amountCents: 'amount' },
    }),
  })
}

export default function ScheduleView({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { pathname, search } = useLocation()
  const busy = useNavigation().state !== 'idle'
  const { schedule, can, today } = loaderData
  const refusal = useRefusal(actionData, [null, 'send', 'void'], undefined, [])
  const purchase = useRefusal(actionData, 'purchase', undefined, ['purchasedAt'])
  const report = useRefusal(actionData, 'import', undefined, ['purchasedAt', 'report'])
  const release = useRefusal(actionData, 'release', undefined, ['releasedAt', 'amount'])
  const reportRows = report ? Object.entries(report.fields).filter(([name]) => !['purchasedAt', 'report', 'version'].includes(name)) : []
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const date = (value: string) => formatDate(i18n.language, value)
  const hidden = (name: string) => (
    <>
      <input type="hidden" name="intent" value={name} />
      <input type="hidden" name="version" value={schedule.version} />
    </>
  )

  return (
    <>
      <PageHeader
        title={t('factoring.view.title', { number: schedule.number })}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('factoring.title'), to: loaderData.returnTo },
          { label: schedule.number },
        ]}
      />

      {/* Under the title rather than beside it: four actions wrap at 390 px. */}
      <div className="mb-6 flex flex-wrap gap-2" data-testid="schedule-actions">
        <ButtonLink to={href('/dashboard/factoring/:id/pdf', { id: schedule.id })} reloadDocument variant="secondary">
          <Icon name="download" size={18} />
          {t('factoring.actions.pdf')}
        </ButtonLink>
        <ButtonLink to={href('/dashboard/factoring/:id/csv', { id: schedule.id })} reloadDocument variant="secondary">
          <Icon name="download" size={18} />
          {t('factoring.actions.csv')}
        </ButtonLink>
        {can.void ? (
          <Form method="post">
            {hidden('void')}
            <Button type="submit" variant="ghost" disabled={busy}>
              {t('factoring.actions.void')}
            </Button>
          </Form>
        ) : null}
        {can.send ? (
          <Form method="post">
            {hidden('send')}
            <Button type="submit" disabled={busy}>
              {schedule.status === 'sent' ? t('factoring.actions.sendAgain') : t('factoring.actions.send')}
            </Button>
          </Form>
        ) : null}
      </div>

      <RefusalNotice refusal={refusal} reloadTo={`${pathname}${search}`} testId="schedule-refusal" className="mb-6" />

      <Card className="mb-6 p-6">
        <SummaryList testId="schedule-summary">
          <SummaryItem label={t('fields.status')}>
            <ScheduleStatusBadge status={schedule.status} />
          </SummaryItem>
          <SummaryItem label={t('factoring.fields.factor')} className="font-semibold break-words">
            <bdi>{schedule.factor.name}</bdi>
          </SummaryItem>
          <SummaryItem label={t('factoring.fields.total')} className="text-lg font-bold tabular-nums" testId="schedule-total">
            {money(schedule.totalCents)}
          </SummaryItem>
          <SummaryItem label={t('factoring.fields.advance')} className="tabular-nums" testId="schedule-advance">
            {money(schedule.advanceCents)} <span className="text-muted">({schedule.advancePercent} %)</span>
          </SummaryItem>
          <SummaryItem label={t('factoring.fields.fee')} className="tabular-nums" testId="schedule-fee">
            {money(schedule.feeCents)} <span className="text-muted">({schedule.feePercent} %)</span>
          </SummaryItem>
          <SummaryItem label={t('factoring.fields.reserve')} className="tabular-nums">
            {money(schedule.reserveCents)}
          </SummaryItem>
          {schedule.email ? (
            <SummaryItem label={t('factoring.fields.email')} className="break-all" testId="schedule-email">
              {t(`factoring.email.status.${schedule.email.status}`, { to: schedule.email.to ?? '' })}
            </SummaryItem>
          ) : null}
          {schedule.purchasedAt ? (
            <SummaryItem label={t('factoring.fields.purchasedAt')} className="tabular-nums" testId="schedule-purchased">
              {date(schedule.purchasedAt)}
            </SummaryItem>
          ) : null}
          {schedule.reserveReleasedAt ? (
            <SummaryItem label={t('factoring.fields.reserveReleased')} className="tabular-nums" testId="schedule-released">
              {money(schedule.reserveReleasedCents)} · {date(schedule.reserveReleasedAt)}
            </SummaryItem>
          ) : null}
        </SummaryList>
      </Card>

      <Card className="mb-6 overflow-hidden">
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="schedule-invoices">
            <thead className="border-b border-line text-muted">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-semibold sm:px-6">
                  {t('factoring.fields.invoice')}
                </th>
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {t('factoring.fields.broker')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {t('factoring.fields.amount')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {t('factoring.fields.advance')}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {t('factoring.fields.fee')}
                </th>
                <th scope="col" className="px-4 py-2 text-end font-semibold sm:px-6">
                  {t('factoring.fields.reserve')}
                </th>
              </tr>
            </thead>
            <tbody>
              {schedule.invoices.map((line) => (
                <tr key={line.invoiceId} className="border-b border-line last:border-0">
                  <th scope="row" className="px-4 py-2 text-start font-semibold whitespace-nowrap sm:px-6">
                    <a href={href('/dashboard/invoice/:id', { id: line.invoiceId })}>{line.invoiceNumber}</a>
                  </th>
                  <td className="min-w-32 px-3 py-2">
                    <bdi>{line.broker.name}</bdi>
                  </td>
                  <td className="px-3 py-2 text-end font-semibold tabular-nums">{money(line.amountCents)}</td>
                  <td className="px-3 py-2 text-end tabular-nums">{money(line.advanceCents)}</td>
                  <td className="px-3 py-2 text-end tabular-nums">{money(line.feeCents)}</td>
                  <td className="px-4 py-2 text-end tabular-nums sm:px-6">{money(line.reserveCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        {can.purchase ? (
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('factoring.purchase.title')}</h2>
            <p className="mb-4 text-sm text-muted">{t('factoring.purchase.hint')}</p>
            <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="purchase-form" noValidate>
              {hidden('purchase')}
              {purchase ? (
                <div className="sm:col-span-2">
                  <RefusalNotice refusal={purchase} reloadTo={`${pathname}${search}`} testId="purchase-refusal" />
                </div>
              ) : null}
              <PlainField id="purchasedAt" label={t('factoring.fields.purchasedAt')} errors={purchase?.field('purchasedAt')}>
                <input id="purchasedAt" name="purchasedAt" type="date" required max={today} defaultValue={today} className={inputClass} />
              </PlainField>
              <div className="flex items-end">
                <Button type="submit" disabled={busy}>
                  {t('factoring.actions.purchased')}
                </Button>
              </div>
            </Form>
          </Card>
        ) : null}
        {can.purchase ? (
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('factoring.import.title')}</h2>
            <p className="mb-4 text-sm text-muted">{t('factoring.import.hint')}</p>
            <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" data-testid="import-form" noValidate>
              {hidden('import')}
              {report ? (
                <div className="sm:col-span-2">
                  <RefusalNotice refusal={{ ...report, reasons: [] }} reloadTo={`${pathname}${search}`} testId="import-refusal" />
                  {reportRows.length ? (
                    <ul className="mt-2 list-disc ps-5 text-sm text-error" data-testid="import-rows">
                      {reportRows.map(([name, messages]) => (
                        <li key={name}>
                          <bdi className="font-semibold">{t('factoring.import.row', { row: name })}</bdi> {messages.join(' ')}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ) : null}
              <PlainField id="import-purchasedAt" label={t('factoring.fields.purchasedAt')} errors={report?.field('purchasedAt')}>
                <input id="import-purchasedAt" name="purchasedAt" type="date" required max={today} defaultValue={today} className={inputClass} />
              </PlainField>
              <PlainField id="report" label={t('factoring.import.file')} errors={report?.field('report')}>
                <input
                  id="report"
                  name="report"
                  type="file"
                  accept=".csv,text/csv"
                  required
                  className="block w-full text-sm file:me-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-2 file:text-sm file:font-semibold"
                />
              </PlainField>
              <div className="sm:col-span-2">
                <Button type="submit" variant="secondary" disabled={busy}>
                  {t('factoring.import.submit')}
                </Button>
              </div>
            </Form>
          </Card>
        ) : null}
        {can.release ? (
          <Card className="p-6">
            <h2 className="mb-1 text-base font-bold">{t('factoring.release.title')}</h2>
            <p className="mb-4 text-sm text-muted">{t('factoring.release.hint', { left: money(schedule.reserveCents - schedule.reserveReleasedCents) })}</p>
            <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="release-form" noValidate>
              {hidden('release')}
              {release ? (
                <div className="sm:col-span-2">
                  <RefusalNotice refusal={release} reloadTo={`${pathname}${search}`} testId="release-refusal" />
                </div>
              ) : null}
              <PlainField id="releasedAt" label={t('factoring.fields.releasedAt')} errors={release?.field('releasedAt')}>
                <input id="releasedAt" name="releasedAt" type="date" required max={today} defaultValue={today} className={inputClass} />
              </PlainField>
              <PlainField id="amount" label={t('factoring.fields.releasedAmount')} errors={release?.field('amount')}>
                <input
                  id="amount"
                  name="amount"
                  inputMode="decimal"
                  required
                  defaultValue={((schedule.reserveCents - schedule.reserveReleasedCents) / 100).toFixed(2)}
                  className={inputClass}
                />
              </PlainField>
              <div className="sm:col-span-2">
                <Button type="submit" disabled={busy}>
                  {t('factoring.release.submit')}
                </Button>
              </div>
            </Form>
          </Card>
        ) : null}
      </div>
    </>
  )
}
