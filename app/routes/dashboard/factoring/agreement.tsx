import { Form, href, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icons'
import { inputClass } from '~/components/ui/input-class'
import { PlainField } from '~/components/ui/plain-field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { listBrokerOptions } from '~/models/broker.server'
import { factorCompanies, getAgreement, saveAgreement, serializeAgreement } from '~/models/factoring.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { AgreementSchema } from '~/schemas/factoring'
import { can } from '~/utils/permissions'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/agreement'

export const handle = { i18n: ['factoring'] }

/** The factoring agreement (the factor, the rates, the factor's email) and the notice-of-assignment letters. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'factoring')
  const [agreement, companies, brokers] = await Promise.all([
    getAgreement(user.organizationId),
    factorCompanies(user.organizationId),
    listBrokerOptions(user.organizationId),
  ])
  return {
    agreement: serializeAgreement(agreement),
    companies: companies.map((company) => ({ value: company.id, label: company.name })),
    brokers: brokers.map((broker) => ({ value: broker.id, label: broker.name })),
    canEdit: can(user.role, 'update', 'factoring'),
  }
}

/** Save: a plain form with the version seen (the first agreement needs none); refused: the reasons at their fields, nothing written. */
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
  })
}

const FIELDS = ['factorCompanyId', 'advancePercent', 'feePercent', 'factorEmail'] as const

export default function FactoringAgreement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const { agreement, companies, brokers, canEdit } = loaderData
  const refusal = useRefusal(actionData, 'save', undefined, FIELDS)
  const posted = (name: string, fallback: unknown) => String(refusal?.values[name] ?? fallback ?? '')
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
          <p className="mb-4 text-sm text-muted">{t('factoring.agreement.hint')}</p>
          <Form method="post" className="grid gap-4 sm:grid-cols-2" data-testid="agreement-form" noValidate>
            <input type="hidden" name="intent" value="save" />
            {agreement ? <input type="hidden" name="version" value={agreement.version} /> : null}
            {refusal ? (
              <div className="sm:col-span-2">
                <RefusalNotice refusal={refusal} reloadTo={href('/dashboard/factoring/agreement')} testId="agreement-refusal" />
              </div>
            ) : null}
            <PlainField id="factorCompanyId" label={t('factoring.fields.factor')} errors={refusal?.field('factorCompanyId')} className="sm:col-span-2">
              <select
                id="factorCompanyId"
                name="factorCompanyId"
                required
                disabled={!canEdit}
                defaultValue={posted('factorCompanyId', agreement?.factorCompanyId)}
                className={inputClass}
              >
                <option value="">{t('factoring.agreement.chooseFactor')}</option>
                {companies.map((company) => (
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
