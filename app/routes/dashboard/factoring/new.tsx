import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { EmptyState } from '~/components/ui/list-controls'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createSchedule, factorableInvoices, getAgreement, serializeAgreement } from '~/models/factoring/factoring.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { ScheduleCreateSchema } from '~/schemas/factoring'
import { splitInvoice } from '~/schemas/factoring-options'
import { formatDate, formatMoney } from '~/utils/format'
import { percentToBasisPoints } from '~/utils/money'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/new'

export const handle = { i18n: ['factoring'] }

/** A new schedule of accounts: tick sent, unpaid invoices on no live schedule. A plain form, no JavaScript needed. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'create', 'factoring')
  const [agreement, invoices] = await Promise.all([getAgreement(user.organizationId), factorableInvoices(user.organizationId)])
  return { agreement: serializeAgreement(agreement), invoices }
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'create', 'factoring')
  const form = await request.formData()
  return intentAction(form, t, {
    create: intent({
      schema: ScheduleCreateSchema,
      run: (input) => createSchedule(actor, input),
      done: (schedule) =>
        redirectWithToast(href('/dashboard/factoring/:id', { id: schedule.id }), {
          type: 'success',
          title: t('factoring.toast.created', { number: schedule.number }),
        }),
    }),
  })
}

export default function NewSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const { agreement, invoices } = loaderData
  const refusal = useRefusal(actionData, 'create', undefined, [])
  const money = (cents: number) => formatMoney(i18n.language, cents)
  const crumbs = [
    { label: t('nav.dashboard'), to: href('/dashboard/app') },
    { label: t('factoring.title'), to: href('/dashboard/factoring') },
    { label: t('factoring.new.title') },
  ]
  return (
    <>
      <PageHeader title={t('factoring.new.title')} crumbs={crumbs} />
      {!agreement ? (
        <Card>
          <EmptyState
            title={t('factoring.agreement.title')}
            description={t('factoring.agreement.none')}
            action={<ButtonLink to={href('/dashboard/factoring/agreement')}>{t('factoring.agreement.title')}</ButtonLink>}
          />
        </Card>
      ) : invoices.length === 0 ? (
        <Card>
          <EmptyState title={t('factoring.new.noneTitle')} description={t('factoring.new.none')} />
        </Card>
      ) : (
        <Form method="post" data-testid="schedule-create" noValidate>
          <input type="hidden" name="intent" value="create" />
          <RefusalNotice refusal={refusal} reloadTo={href('/dashboard/factoring/new')} testId="create-refusal" className="mb-4" />
          <Card className="overflow-hidden">
            <p className="p-4 text-sm text-muted sm:px-6">{t('factoring.new.hint', { advance: agreement.advancePercent, fee: agreement.feePercent })}</p>
            <ul className="divide-y divide-line border-t border-line" data-testid="factorable-invoices">
              {invoices.map((invoice) => {
                const split = splitInvoice(invoice.totalCents, percentToBasisPoints(agreement.advancePercent), percentToBasisPoints(agreement.feePercent))
                return (
                  <li key={invoice.id}>
                    <label className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
                      <input type="checkbox" name="invoiceIds" value={invoice.id} className="size-5 shrink-0 accent-primary" />
                      <span className="min-w-28 font-semibold">{invoice.invoiceNumber}</span>
                      <bdi className="min-w-32 flex-1 text-muted">{invoice.broker}</bdi>
                      <span className="text-sm text-muted tabular-nums">
                        {t('factoring.fields.dueDate')} {formatDate(i18n.language, invoice.dueDate)}
                      </span>
                      <span className="ms-auto text-end tabular-nums">
                        <span className="font-semibold">{money(invoice.totalCents)}</span>
                        <span className="block text-xs text-muted">
                          {t('factoring.fields.advance')} {money(split.advanceCents)} · {t('factoring.fields.fee')} {money(split.feeCents)}
                        </span>
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
          </Card>
          <div className="mt-4">
            <Button type="submit" disabled={busy}>
              {t('factoring.new.create')}
            </Button>
          </div>
        </Form>
      )}
    </>
  )
}
