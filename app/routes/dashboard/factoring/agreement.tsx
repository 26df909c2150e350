import type { InputHTMLAttributes } from 'react'
import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, type ShownRefusal, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { addFactor, factorCompanies, getAgreement, saveAgreement, serializeAgreement } from '~/models/factoring/factoring.server'
import { listBrokerOptions } from '~/models/reference/broker.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { AgreementSchema, FactorCompanySchema } from '~/schemas/factoring'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/agreement'

export const handle = { i18n: ['factoring', 'companies'] }

/**
 * The factoring agreement (the factor, the rates, the factor's email), "add a factor" on the spot,
 * and the notice-of-assignment letters. The picker offers factors only (companies of kind factor,
 * ADR 094); `?factor=` (where "add a factor" returns) picks the one just added.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  const [agreement, factors, brokers] = await Promise.all([
    getAgreement(user.organizationId),
    factorCompanies(user.organizationId),
    listBrokerOptions(user.organizationId),
  ])
  const added = new URL(request.url).searchParams.get('factor')
  return {
    agreement: serializeAgreement(agreement),
    factors: factors.map((company) => ({ value: company.id, label: company.name })),
    added: factors.some((company) => company.id === added) ? added : null,
    brokers: brokers.map((broker) => ({ value: broker.id, label: broker.name })),
    canEdit: can(user.role, 'update', 'factoring'),
  }
}

/**
 * Save: a plain form with the version seen (the first agreement needs none). Add a factor: a
 * company of kind factor, then back here with it picked. Refused: the reasons at their fields,
 * nothing written.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { actor } = await requireActor(request, 'update', 'factoring')
  const form = await request.formData()
  return intentAction(form, t, {
    save: intent({
      schema: AgreementSchema,
      run: (input) => saveAgreement(actor, input),
      done: () => redirectWithToast(href('/dashboard/factoring'), { type: 'success', title: t('factoring.toast.agreementSaved') }),
    }),
    'add-factor': intent({
      schema: FactorCompanySchema,
      run: (input) => addFactor(actor, input),
      done: (factor) =>
        redirectWithToast(`${href('/dashboard/factoring/agreement')}?${new URLSearchParams({ factor: factor.id })}`, {
          type: 'success',
          title: t('factoring.toast.factorAdded', { name: factor.name }),
        }),
    }),
  })
}

const FIELDS = ['factorCompanyId', 'advancePercent', 'feePercent', 'factorEmail'] as const
const FACTOR_FIELDS = ['name', 'email', 'phone', 'addressLine1', 'city', 'state', 'postalCode'] as const

export default function FactoringAgreement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const { agreement, factors, added, brokers, canEdit } = loaderData
  const refusal = useRefusal(actionData, 'save', undefined, FIELDS)
  const posted = (name: string, fallback: unknown) => String(refusal?.values[name] ?? fallback ?? '')
  const factorRefusal = useRefusal(actionData, 'add-factor', undefined, FACTOR_FIELDS)
  return (
    <>
      <PageHeader
        title={t('factoring.agreement.title')}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('factoring.title'), to: href('/dashboard/factoring') },
          { label: t('factoring.agreement.title') },
        ]}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <p className="mb-2 text-sm text-muted">{t('factoring.agreement.hint')}</p>
          <p className="mb-4 text-sm text-muted" data-testid="agreement-needs">
            {t('factoring.agreement.needs')}
          </p>
          {factors.length === 0 ? (
            <p className="mb-4 rounded-lg border border-line bg-surface px-4 py-3 text-sm font-semibold" role="status" data-testid="agreement-no-factor">
              {t('factoring.agreement.noFactors')}
            </p>
          ) : null}
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="agreement-form" noValidate>
            <input type="hidden" name="intent" value="save" />
            {agreement ? <input type="hidden" name="version" value={agreement.version} /> : null}
            {refusal ? (
              <div className="sm:col-span-2">
                <RefusalNotice refusal={refusal} reloadTo={href('/dashboard/factoring/agreement')} testId="agreement-refusal" />
              </div>
            ) : null}
            <PlainField id="factorCompanyId" label={t('factoring.fields.factor')} errors={refusal?.field('factorCompanyId')} className="sm:col-span-2">
              {/* Keyed by the factor just added: picked as the page comes back, whatever else was typed is kept. */}
              <select
                key={added ?? ''}
                id="factorCompanyId"
                name="factorCompanyId"
                required
                disabled={!canEdit}
                defaultValue={posted('factorCompanyId', added ?? agreement?.factorCompanyId)}
                className={inputClass}
              >
                <option value="">{t('factoring.agreement.chooseFactor')}</option>
                {factors.map((company) => (
                  <option key={company.value} value={company.value}>
                    {company.label}
                  </option>
                ))}
              </select>
            </PlainField>
            <PlainField id="advancePercent" label={t('factoring.fields.advancePercent')} errors={refusal?.field('advancePercent')}>
              <input
                id="advancePercent"
                name="advancePercent"
                inputMode="decimal"
                required
                disabled={!canEdit}
                defaultValue={posted('advancePercent', agreement?.advancePercent)}
                className={inputClass}
              />
            </PlainField>
            <PlainField id="feePercent" label={t('factoring.fields.feePercent')} errors={refusal?.field('feePercent')}>
              <input
                id="feePercent"
                name="feePercent"
                inputMode="decimal"
                required
                disabled={!canEdit}
                defaultValue={posted('feePercent', agreement?.feePercent)}
                className={inputClass}
              />
            </PlainField>
            <PlainField id="factorEmail" label={t('factoring.fields.factorEmail')} errors={refusal?.field('factorEmail')} className="sm:col-span-2">
              <input
                id="factorEmail"
                name="factorEmail"
                type="email"
                disabled={!canEdit}
                defaultValue={posted('factorEmail', agreement?.factorEmail)}
                className={inputClass}
              />
            </PlainField>
            {canEdit ? (
              <div className="sm:col-span-2">
                <Button type="submit" disabled={busy}>
                  {t('factoring.agreement.save')}
                </Button>
              </div>
            ) : null}
          </Form>
        </Card>
        {canEdit ? <AddFactor refusal={factorRefusal} busy={busy} /> : null}
        <Card className="p-6">
          <h2 className="mb-1 text-base font-bold">{t('factoring.notice.title')}</h2>
          <p className="mb-4 text-sm text-muted">{t('factoring.notice.hint')}</p>
          {agreement ? (
            <Form method="get" action={href('/dashboard/factoring/notice')} reloadDocument className="grid gap-4" data-testid="notice-form">
              <PlainField id="brokerId" label={t('factoring.fields.broker')}>
                <select id="brokerId" name="brokerId" required defaultValue="" className={inputClass}>
                  <option value="">{t('factoring.notice.chooseBroker')}</option>
                  {brokers.map((broker) => (
                    <option key={broker.value} value={broker.value}>
                      {broker.label}
                    </option>
                  ))}
                </select>
              </PlainField>
              <div>
                <Button type="submit" variant="secondary">
                  <Icon name="download" size={18} />
                  {t('factoring.notice.download')}
                </Button>
              </div>
            </Form>
          ) : (
            <p className="text-sm text-muted">{t('factoring.agreement.none')}</p>
          )}
        </Card>
      </div>
    </>
  )
}

/** "Add a factor": what a factor needs, as a plain form (no JavaScript needed); it comes back here with the factor picked. */
function AddFactor({ refusal, busy }: { refusal: ShownRefusal | null; busy: boolean }) {
  const { t } = useTranslation()
  const posted = (name: string) => String(refusal?.values[name] ?? '')
  const field = (name: (typeof FACTOR_FIELDS)[number], label: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <PlainField
      id={`factor-${name}`}
      label={label}
      errors={refusal?.field(name)}
      className={name === 'name' || name === 'addressLine1' ? 'sm:col-span-2' : undefined}
    >
      <input
        id={`factor-${name}`}
        name={name}
        defaultValue={posted(name)}
        dir="auto"
        aria-invalid={refusal?.field(name) ? true : undefined}
        className={inputClass}
        {...props}
      />
    </PlainField>
  )
  return (
    <Card className="p-6" data-testid="add-factor">
      <h2 className="mb-1 text-base font-bold">{t('factoring.addFactor.title')}</h2>
      <p className="mb-4 text-sm text-muted">{t('factoring.addFactor.hint')}</p>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="add-factor-form" noValidate>
        <input type="hidden" name="intent" value="add-factor" />
        {refusal ? (
          <div className="sm:col-span-2">
            <RefusalNotice refusal={refusal} reloadTo={href('/dashboard/factoring/agreement')} testId="add-factor-refusal" />
          </div>
        ) : null}
        {field('name', t('factoring.addFactor.name'), { required: true, maxLength: 120, autoComplete: 'organization' })}
        {field('email', t('factoring.addFactor.email'), { type: 'email', maxLength: 254, autoComplete: 'email' })}
        {field('phone', t('companies.fields.phone'), { type: 'tel', maxLength: 40, autoComplete: 'tel' })}
        {field('addressLine1', t('factoring.addFactor.address'), { maxLength: 120, autoComplete: 'address-line1' })}
        {field('city', t('companies.fields.city'), { maxLength: 80, autoComplete: 'address-level2' })}
        <div className="grid grid-cols-3 gap-3">
          {field('state', t('companies.fields.state'), { maxLength: 3, autoComplete: 'address-level1' })}
          <div className="col-span-2">{field('postalCode', t('companies.fields.postalCode'), { maxLength: 10, autoComplete: 'postal-code' })}</div>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" variant="secondary" disabled={busy}>
            <Icon name="plus" size={18} />
            {t('factoring.addFactor.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  )
}
