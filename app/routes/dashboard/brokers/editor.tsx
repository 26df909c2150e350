import { getFormProps, getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useTranslation } from '~/utils/use-translation'
import { Form, useNavigation, href } from 'react-router'
import { ConflictNotice } from '~/components/forms/conflict-notice'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { CustomFieldInputs, customFieldDefaults } from '~/components/forms/custom-field-inputs'
import { FormErrors, SelectField, TextareaField, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { customFieldsForForm } from '~/models/custom-fields.server'
import { createBroker, getBroker, serializeBroker, updateBroker, type Broker, type BrokerDto } from '~/models/broker.server'
import { BrokerFormSchema, BrokerFormUpdateSchema, brokerFromForm, type BrokerForm } from '~/schemas/broker'
import { BROKER_STATUS_META, BROKER_STATUSES, PAYMENT_TERMS } from '~/schemas/broker-options'
import { centsToDollars } from '~/schemas/money'
import { requireActor } from '~/utils/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { formConstraint, formFailure, invalidSubmission } from '~/utils/forms.server'
import { listReturnTo, withChanged, withReturnTo } from '~/utils/list-return'
import { requirePermission } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
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
    defaultValue: dto ? { ...formDefaults(dto), customFields: customFieldDefaults(dto.customFields) } : { status: 'active', paymentTerms: 'net_30' },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'broker')
  const formData = await request.formData()
  const t = getInstance(context).t
  // Back to the list as the user left it, with the row that changed marked.
  const saved = (broker: Broker) =>
    redirectWithToast(withChanged(listReturnTo(formData.get('returnTo'), LIST), broker.id), {
      type: params.id ? 'success' : BROKER_STATUS_META[broker.status].toast,
      title: t(params.id ? 'brokers.toast.updated' : 'brokers.toast.created', { name: broker.name }),
      description: t('brokers.toast.status', { status: t(`brokers.status.${broker.status}`) }),
    })

  if (params.id) {
    const submission = parseWithZod(formData, { schema: BrokerFormUpdateSchema })
    if (submission.status !== 'success') return invalidSubmission(submission)
    try {
      return saved(await updateBroker(actor, params.id, brokerFromForm(submission.value)))
    } catch (error) {
      return formFailure(submission, error)
    }
  }
  const submission = parseWithZod(formData, { schema: BrokerFormSchema })
  if (submission.status !== 'success') return invalidSubmission(submission)
  try {
    return saved(await createBroker(actor, brokerFromForm(submission.value)))
  } catch (error) {
    return formFailure(submission, error)
  }
}

/** The editable fields of a broker as the form shows them (absent, not null, when empty; dollars, not cents). */
function formDefaults(broker: BrokerDto): Partial<Record<keyof BrokerForm | 'version', string | number>> {
  const keys = (Object.keys(BrokerFormUpdateSchema.shape) as Array<keyof BrokerForm | 'version'>).filter(
    (key) => key !== 'customFields' && key !== 'creditLimit',
  )
  const values = Object.fromEntries(
    keys.flatMap((key) => {
      const value = broker[key as keyof BrokerDto]
      return value === null || value === undefined ? [] : [[key, value]]
    }),
  )
  const creditLimit = centsToDollars(broker.creditLimitCents)
  return creditLimit === undefined ? values : { ...values, creditLimit }
}

export default function BrokerEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const navigation = useNavigation()
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
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.conflict && broker ? <ConflictNotice reloadTo={withReturnTo(href('/dashboard/brokers/:id/edit', { id: broker.id }), returnTo)} /> : null}
        {/* The version the user started from (kept from their submission after a conflict). */}
        {broker ? <input {...getInputProps(fields.version, { type: 'hidden' })} /> : null}
        <input type="hidden" name="returnTo" value={returnTo} />
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('brokers.editor.identity')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('brokers.fields.name')} field={fields.name} className="sm:col-span-2 lg:col-span-1" />
            <TextField label={t('brokers.fields.mcNumber')} field={fields.mcNumber} hint={t('brokers.editor.mcHint')} />
            <TextField label={t('brokers.fields.dotNumber')} field={fields.dotNumber} hint={t('brokers.editor.dotHint')} />
            <SelectField label={t('brokers.fields.status')} field={fields.status} options={statusOptions} hint={t('brokers.editor.statusHint')} />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('brokers.editor.contact')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('brokers.fields.contactName')} field={fields.contactName} />
            <TextField label={t('brokers.fields.email')} field={fields.email} type="email" />
            <TextField label={t('brokers.fields.phone')} field={fields.phone} />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('brokers.editor.address')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <TextField label={t('brokers.fields.addressLine1')} field={fields.addressLine1} />
            <TextField label={t('brokers.fields.addressLine2')} field={fields.addressLine2} />
            <TextField label={t('brokers.fields.city')} field={fields.city} />
            <TextField label={t('brokers.fields.state')} field={fields.state} />
            <TextField label={t('brokers.fields.postalCode')} field={fields.postalCode} />
            <TextField label={t('brokers.fields.country')} field={fields.country} />
          </div>
        </Card>
        <Card className="p-6">
          <h2 className="mb-5 text-base font-bold">{t('brokers.editor.billing')}</h2>
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            <SelectField label={t('brokers.fields.paymentTerms')} field={fields.paymentTerms} options={termOptions} />
            <TextField label={t('brokers.fields.creditLimitDollars')} field={fields.creditLimit} hint={t('brokers.editor.creditLimitHint')} />
            <TextField label={t('brokers.fields.billingEmail')} field={fields.billingEmail} type="email" hint={t('brokers.editor.billingEmailHint')} />
          </div>
          <TextareaField label={t('brokers.fields.notes')} field={fields.notes} className="mt-5" />
        </Card>
        <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
        <div className="flex flex-wrap justify-end gap-3">
          <ButtonLink to={returnTo} variant="secondary">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={navigation.state === 'submitting'}>
            {broker ? t('common.saveChanges') : t('brokers.new.submit')}
          </Button>
        </div>
      </Form>
    </>
  )
}
