import { useTranslation } from '~/utils/use-translation'
import { href } from 'react-router'
import { CustomFieldInputs } from '~/components/forms/custom-field-inputs'
import { FormSection, RecordForm } from '~/components/forms/record-form'
import { useSchemaForm } from '~/components/forms/use-schema-form'
import { PageHeader } from '~/components/layout/page-header'
import { Card } from '~/components/ui/card'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { getInstance } from '~/middleware/i18next'
import { customFieldsForForm } from '~/models/custom-fields.server'
import { createCompany, getCompany, serializeCompany, updateCompany, type CompanyWithCounts } from '~/models/company.server'
import { CompanySchema, CompanyUpdateSchema } from '~/schemas/company'
import { COMPANY_STATUS_META, COMPANY_STATUSES } from '~/schemas/company-options'
import { requireActor } from '~/requests/actor.server'
import { orNotFound } from '~/utils/errors.server'
import { formConstraint, formDefaults, savedToList, submitForm } from '~/requests/forms.server'
import { listReturnTo, withReturnTo } from '~/utils/list-return'
import { requirePermission } from '~/requests/session.server'
import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['companies', 'customFields'] }

const LIST = href('/dashboard/companies/list')

/** One editor for /dashboard/companies/new and /dashboard/companies/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, params.id ? 'update' : 'create', 'company')
  const [company, customFieldDefinitions] = await Promise.all([
    params.id ? orNotFound(getCompany(user.organizationId, params.id)) : null,
    customFieldsForForm(user.organizationId, 'companies'),
  ])
  const returnTo = listReturnTo(new URL(request.url).searchParams.get('returnTo'), LIST)
  const dto = company ? serializeCompany(company) : null
  return {
    company: dto,
    customFieldDefinitions,
    returnTo,
    constraint: formConstraint(company ? CompanyUpdateSchema : CompanySchema),
    defaultValue: dto ? formDefaults(dto, CompanyUpdateSchema) : { status: 'active' },
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, params.id ? 'update' : 'create', 'company')
  const formData = await request.formData()
  const t = getInstance(context).t
  const saved = (company: CompanyWithCounts) =>
    savedToList(formData, LIST, company.id, {
      type: params.id ? 'success' : COMPANY_STATUS_META[company.status].toast,
      title: t(params.id ? 'companies.toast.updated' : 'companies.toast.created', { name: company.name }),
      description: t('companies.toast.status', { status: t(`companies.status.${company.status}`) }),
    })
  return params.id
    ? submitForm(formData, CompanyUpdateSchema, (input) => updateCompany(actor, params.id!, input), saved)
    : submitForm(formData, CompanySchema, (input) => createCompany(actor, input), saved)
}

export default function CompanyEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { company, returnTo } = loaderData
  // Typed by the update schema, whose fields are the create schema's plus the version.
  const [form, fields] = useSchemaForm<typeof CompanyUpdateSchema>({
    id: company ? `company-${company.id}` : 'company-new',
    constraint: loaderData.constraint,
    lastResult: actionData?.result,
    defaultValue: loaderData.defaultValue,
  })
  const title = company ? t('companies.edit.title', { name: company.name }) : t('companies.new.title')
  const statusOptions = COMPANY_STATUSES.map((value) => ({ value, label: t(`companies.status.${value}`) }))

  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('nav.dashboard'), to: href('/dashboard/app') },
          { label: t('nav.companies'), to: returnTo },
          { label: company ? company.name : t('nav.create') },
        ]}
      />
      <RecordForm
        form={form}
        version={company ? fields.version : undefined}
        conflictReload={actionData?.conflict && company ? withReturnTo(href('/dashboard/companies/:id/edit', { id: company.id }), returnTo) : undefined}
        returnTo={returnTo}
        submitLabel={company ? t('common.saveChanges') : t('companies.new.submit')}
      >
        <FormSection title={t('companies.editor.identity')}>
          <TextField label={t('companies.fields.name')} field={fields.name} autoComplete="organization" />
          <TextField label={t('companies.fields.legalName')} field={fields.legalName} hint={t('companies.editor.legalNameHint')} />
          <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
          <TextField label={t('companies.fields.mcNumber')} field={fields.mcNumber} placeholder="MC-123456" />
          <TextField label={t('companies.fields.dotNumber')} field={fields.dotNumber} placeholder="1234567" />
          <TextField label={t('companies.fields.scac')} field={fields.scac} hint={t('companies.editor.scacHint')} />
        </FormSection>
        <FormSection title={t('companies.editor.contact')}>
          <TextField label={t('companies.fields.email')} field={fields.email} type="email" autoComplete="email" />
          <TextField label={t('companies.fields.phone')} field={fields.phone} type="tel" autoComplete="tel" />
          <div className="hidden lg:block" />
          <TextField label={t('companies.fields.addressLine1')} field={fields.addressLine1} autoComplete="address-line1" className="sm:col-span-2" />
          <TextField label={t('companies.fields.addressLine2')} field={fields.addressLine2} autoComplete="address-line2" />
          <TextField label={t('companies.fields.city')} field={fields.city} autoComplete="address-level2" />
          <div className="grid grid-cols-3 gap-3">
            <TextField label={t('companies.fields.state')} field={fields.state} autoComplete="address-level1" />
            <TextField label={t('companies.fields.postalCode')} field={fields.postalCode} autoComplete="postal-code" className="col-span-2" />
          </div>
          <TextField label={t('companies.fields.country')} field={fields.country} hint={t('companies.editor.countryHint')} autoComplete="country" />
        </FormSection>
        <Card className="p-6">
          <h2 className="mb-1 text-base font-bold">{t('companies.editor.factoring')}</h2>
          <p className="mb-5 text-sm text-muted">{t('companies.editor.factoringHint')}</p>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label={t('companies.fields.factoringName')} field={fields.factoringName} />
            <TextareaField label={t('companies.fields.factoringRemitTo')} field={fields.factoringRemitTo} rows={3} />
          </div>
        </Card>
        <Card className="p-6">
          <TextareaField label={t('fields.notes')} field={fields.notes} />
        </Card>
        <CustomFieldInputs definitions={loaderData.customFieldDefinitions} field={fields.customFields} />
      </RecordForm>
    </>
  )
}
