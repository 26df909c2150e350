import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { CustomFieldInputs } from '~/components/forms/custom-field-inputs'
import { FormSection, RecordForm } from '~/components/forms/record-form'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { customFieldsForForm } from '~/models/custom-fields.server'
import { createBroker, getBroker, serializeBroker, updateBroker, type Broker } from '~/models/broker.server'
import { BrokerFormSchema, BrokerFormUpdateSchema, brokerFromForm } from '~/schemas/broker'
import { BROKER_STATUS_META, BROKER_STATUSES, PAYMENT_TERMS } from '~/schemas/broker-options'
import { centsToDollars } from '~/schemas/money'
import { requireActor } from '~/requests/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { formConstraint, formDefaults, savedToList, submitForm } from '~/requests/forms.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { requirePermission } from '~/requests/session.server'
import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['brokers', 'customFields'] }

const LIST = href('/dashboard/brokers/list')

/** One editor for /dashboard/brokers/new and /dashboard/brokers/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'broker')
  const [broker, customFieldDefinitions] = await Promise.all([
    params.id ? orNotFound(getBroker(user.organizationId, params.id)) : null,
    customFieldsForForm(user.organizationId, 'brokers'),
  ])
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  const dto = broker ? serializeBroker(broker) : null
  return {
    broker: dto,
    customFieldDefinitions,
    returnTo,
    constraint: formConstraint(broker ? BrokerFormUpdateSchema : BrokerFormSchema),
    defaultValue: dto
      ? { ...formDefaults(dto, BrokerFormUpdateSchema), creditLimit: centsToDollars(dto.creditLimitCents) }
      : { status: 'active', paymentTerms: 'net_30' },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'broker')
  const formData = await request.formData()
  const t = getInstance(context).t
  const saved = (broker: Broker) =>
    savedToList(formData, LIST, broker.id, {
      type: params.id ? 'success' : BROKER_STATUS_META[broker.status].toast,
      title: t(params.id ? 'brokers.toast.updated' : 'brokers.toast.created', { name: broker.name }),
      description: t('brokers.toast.status', { status: t(`brokers.status.${broker.status}`) }),
    })
  return params.id
    ? submitForm(formData, BrokerFormUpdateSchema, (input) => updateBroker(actor, params.id!, brokerFromForm(input)), saved)
    : submitForm(formData, BrokerFormSchema, (input) => createBroker(actor, brokerFromForm(input)), saved)
}

export default function BrokerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { broker, returnTo } = loaderData
  // Typed by the update schema, whose fields are the create schema's plus the version.
  const [form, fields] = useSchemaForm<typeof BrokerFormUpdateSchema>({
    id: broker ? `broker-${broker.id}` : 'broker-new',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
  })
  const title = broker ? t('brokers.edit.title', { name: broker.name }) : t('brokers.new.title')
  const statusOptions = BROKER_STATUSES.map((value) => ({ value, label: t(`brokers.status.${value}`) }))
  const termOptions = PAYMENT_TERMS.map((value) => ({ value, label: t(`brokers.paymentTerms.${value}`) }))

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.brokers'), to: returnTo },
          { label: broker ? broker.name : t('nav.create') },
        ]}
      />
      <RecordForm
        form={form}
        version={broker ? fields.version : undefined}
        conflictReload={actionData?.conflict && broker ? withReturnTo(href('/dashboard/brokers/:id/edit', { id: broker.id }), returnTo) : undefined}
        returnTo={returnTo}
        submitLabel={broker ? t('common.saveChanges') : t('brokers.new.submit')}
      >
        <FormSection title={t('brokers.editor.identity')}>
          <TextField label={t('brokers.fields.name')} field={fields.name} className="sm:col-span-2 lg:col-span-1" />
          <TextField label={t('brokers.fields.mcNumber')} field={fields.mcNumber} hint={t('brokers.editor.mcHint')} />
          <TextField label={t('brokers.fields.dotNumber')} field={fields.dotNumber} hint={t('brokers.editor.dotHint')} />
          <SelectField label={t('brokers.fields.status')} field={fields.status} options={statusOptions} hint={t('brokers.editor.statusHint')} />
        </FormSection>
        <FormSection title={t('brokers.editor.contact')}>
          <TextField label={t('brokers.fields.contactName')} field={fields.contactName} />
          <TextField label={t('brokers.fields.email')} field={fields.email} type="email" />
          <TextField label={t('brokers.fields.phone')} field={fields.phone} />
        </FormSection>
        <FormSection title={t('brokers.editor.address')}>
          <TextField label={t('brokers.fields.addressLine1')} field={fields.addressLine1} />
          <TextField label={t('brokers.fields.addressLine2')} field={fields.addressLine2} />
          <TextField label={t('brokers.fields.city')} field={fields.city} />
          <TextField label={t('brokers.fields.state')} field={fields.state} />
          <TextField label={t('brokers.fields.postalCode')} field={fields.postalCode} />
          <TextField label={t('brokers.fields.country')} field={fields.country} />
        </FormSection>
        <FormSection title={t('brokers.editor.billing')} after={<TextareaField label={t('brokers.fields.notes')} field={fields.notes} className="mt-5" />}>
          <SelectField label={t('brokers.fields.paymentTerms')} field={fields.paymentTerms} options={termOptions} />
          <TextField label={t('brokers.fields.creditLimitDollars')} field={fields.creditLimit} hint={t('brokers.editor.creditLimitHint')} />
          <TextField label={t('brokers.fields.billingEmail')} field={fields.billingEmail} type="email" hint={t('brokers.editor.billingEmailHint')} />
        </FormSection>
        <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
      </RecordForm>
    </>
  )
}
