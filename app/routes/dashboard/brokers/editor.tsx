import { CheckboxField } from '~/components/forms/custom-field-inputs'
import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { createBroker, getBroker, serializeBroker, updateBroker } from '~/models/reference/broker.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { brokerFromRateConfirmation } from '~/requests/rate-confirmation-prefill.server'
import { BrokerFormSchema, BrokerFormUpdateSchema, brokerFromForm } from '~/schemas/broker'
import { BROKER_STATUS_META, BROKER_STATUSES, CUSTOMER_TYPES, PAYMENT_TERMS } from '~/schemas/broker-options'
import { centsToDollars } from '~/utils/money'
import { newLoadPath, returnSourceOf } from '~/utils/rate-confirmation-return'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['brokers', 'customFields'] }

// The form takes the credit limit in dollars; the model and the API keep cents.
const schemas = { create: BrokerFormSchema, update: BrokerFormUpdateSchema }

/**
 * One editor for /dashboard/brokers/new and /dashboard/brokers/:id/edit. A new one opened by "Add
 * a broker" on the new-load page (`?returnTo=` that page with its rate confirmation) starts with
 * what the document says and, saved, goes back there with the broker picked (ADR 103).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const returnTo = new URL(request.url).searchParams.get('returnTo')
  const page = await readEditor(request, params.id, {
    entity: 'broker',
    name: 'brokers',
    get: getBroker,
    serialize: serializeBroker,
    schemas,
    newDefaults: { status: 'active', paymentTerms: 'net_30', type: 'broker' },
    formValues: (broker) => ({ creditLimit: centsToDollars(broker.creditLimitCents) }),
    also: (user, record) => (record ? Promise.resolve(null) : brokerFromRateConfirmation(user, returnTo)),
  })
  const fromDocument = page.also
  if (!fromDocument) return { ...page, fromDocument: null }
  return {
    ...page,
    returnTo: fromDocument.returnTo,
    defaultValue: { ...page.defaultValue, ...fromDocument.values },
    fromDocument: { fileName: fromDocument.fileName },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'broker',
    name: 'brokers',
    schemas,
    create: (actor, input) => createBroker(actor, brokerFromForm(input)),
    update: (actor, id, input) => updateBroker(actor, id, brokerFromForm(input)),
    statusMeta: BROKER_STATUS_META,
    rowName: (broker) => ({ name: broker.name }),
    // Back to the new load read from the rate confirmation, the broker picked; only that page of this site (returnSourceOf).
    createdTo: (formData, broker) => {
      const source = returnSourceOf(formData.get('returnTo'))
      return source ? newLoadPath(source, broker.id) : null
    },
  })
}

export default function BrokerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { record: broker } = loaderData
  const statusOptions = BROKER_STATUSES.map((value) => ({ value, label: t(`brokers.status.${value}`) }))
  const termOptions = PAYMENT_TERMS.map((value) => ({ value, label: t(`brokers.paymentTerms.${value}`) }))
  const typeOptions = CUSTOMER_TYPES.map((value) => ({ value, label: t(`brokers.type.${value}`) }))
  return (
    <RecordEditor<typeof BrokerFormUpdateSchema>
      name="brokers"
      record={broker && { id: broker.id, label: broker.name, values: { name: broker.name } }}
      data={loaderData}
      reply={actionData}
    >
      {(fields) => (
        <>
          {loaderData.fromDocument ? (
            <p
              className="rounded-lg bg-info-lighter p-3 text-sm text-info-darker dark:bg-info/20 dark:text-info-light"
              data-testid="broker-from-rate-confirmation"
            >
              {t('brokers.editor.fromRateConfirmation', { name: loaderData.fromDocument.fileName })}
            </p>
          ) : null}
          <FormSection title={t('brokers.editor.identity')}>
            <TextField label={t('brokers.fields.name')} field={fields.name} className="sm:col-span-2 lg:col-span-1" />
            <SelectField label={t('brokers.fields.type')} field={fields.type} options={typeOptions} hint={t('brokers.editor.typeHint')} />
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
            <CheckboxField label={t('brokers.fields.sendPacket')} field={fields.sendPacket} hint={t('brokers.editor.sendPacketHint')} />
          </FormSection>
        </>
      )}
    </RecordEditor>
  )
}
