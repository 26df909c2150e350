import { Form, href } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { createSettlement, runPay, settlementDrivers } from '~/models/settlements/settlement.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { SettlementCreateSchema, SettlementRunSchema } from '~/schemas/settlement'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/new'

export const handle = { i18n: ['settlements'] }

/** A draft for one driver and a period, or "Run pay for the period": one draft per active driver with something to pay. Plain forms, no JavaScript needed. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'create', 'settlement')
  const drivers = await settlementDrivers(user.organizationId)
  return { drivers: drivers.filter((driver) => driver.active).map((driver) => ({ value: driver.id, label: driver.name })) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'create', 'settlement')
  const form = await request.formData()
  return intentAction(form, t, {
    create: intent({
      schema: SettlementCreateSchema,
      run: (input) => createSettlement(actor, input),
      done: (settlement) =>
        redirectWithToast(href('/dashboard/settlements/:id', { id: settlement.id }), {
          type: 'success',
          title: t('settlements.toast.created', { number: settlement.number }),
        }),
    }),
    run: intent({
      schema: SettlementRunSchema,
      run: (input) => runPay(actor, input),
      done: ({ created }) =>
        redirectWithToast(href('/dashboard/settlements/list'), {
          type: created ? 'success' : 'warning',
          title: t('settlements.toast.ran', { count: created }),
        }),
    }),
  })
}

function Period({ prefix, errors }: { prefix: string; errors: (field: string) => string[] | undefined }) {
  const { t } = useTranslation()
  return (
    <>
      <PlainField id={`${prefix}-periodStart`} label={t('settlements.fields.periodStart')} errors={errors('periodStart')}>
        <input id={`${prefix}-periodStart`} name="periodStart" type="date" required className={inputClass} />
      </PlainField>
      <PlainField id={`${prefix}-periodEnd`} label={t('settlements.fields.periodEnd')} errors={errors('periodEnd')}>
        <input id={`${prefix}-periodEnd`} name="periodEnd" type="date" required className={inputClass} />
      </PlainField>
    </>
  )
}

export default function NewSettlement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const create = useRefusal(actionData, 'create', undefined, ['driverId', 'periodStart', 'periodEnd'])
  const run = useRefusal(actionData, 'run', undefined, ['periodStart', 'periodEnd'])
  const crumbs = [
    { label: t('nav.dashboard'), to: href('/dashboard/app') },
    { label: t('nav.settlements'), to: href('/dashboard/settlements/list') },
    { label: t('settlements.new.title') },
  ]
  return (
    <>
      <PageHeader title={t('settlements.new.title')} crumbs={crumbs} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <h2 className="mb-1 text-base font-bold">{t('settlements.new.one')}</h2>
          <p className="mb-4 text-sm text-muted">{t('settlements.new.oneHint')}</p>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="settlement-create" noValidate>
            <input type="hidden" name="intent" value="create" />
            {create ? (
              <div className="sm:col-span-2">
                <RefusalNotice refusal={create} reloadTo={href('/dashboard/settlements/new')} testId="create-refusal" />
              </div>
            ) : null}
            <PlainField id="driverId" label={t('settlements.fields.driver')} errors={create?.field('driverId')} className="sm:col-span-2">
              <select id="driverId" name="driverId" required defaultValue="" className={inputClass}>
                <option value="">{t('settlements.new.chooseDriver')}</option>
                {loaderData.drivers.map((driver) => (
                  <option key={driver.value} value={driver.value}>
                    {driver.label}
                  </option>
                ))}
              </select>
            </PlainField>
            <Period prefix="one" errors={(field) => create?.field(field)} />
            <div className="sm:col-span-2">
              <Button type="submit">{t('settlements.new.create')}</Button>
            </div>
          </Form>
        </Card>
        <Card className="p-6">
          <h2 className="mb-1 text-base font-bold">{t('settlements.new.run')}</h2>
          <p className="mb-4 text-sm text-muted">{t('settlements.new.runHint')}</p>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="settlement-run" noValidate>
            <input type="hidden" name="intent" value="run" />
            {run ? (
              <div className="sm:col-span-2">
                <RefusalNotice refusal={run} reloadTo={href('/dashboard/settlements/new')} testId="run-refusal" />
              </div>
            ) : null}
            <Period prefix="run" errors={(field) => run?.field(field)} />
            <div className="sm:col-span-2">
              <Button type="submit" variant="secondary">
                {t('settlements.new.runSubmit')}
              </Button>
            </div>
          </Form>
        </Card>
      </div>
    </>
  )
}
