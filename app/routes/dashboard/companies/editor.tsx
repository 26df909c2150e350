import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { Card } from '~/components/ui/card'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { createCompany, getCompany, serializeCompany, updateCompany } from '~/models/reference/company.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { CompanySchema, CompanyUpdateSchema } from '~/schemas/company'
import { COMPANY_KINDS, COMPANY_STATUS_META, COMPANY_STATUSES } from '~/schemas/company-options'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['companies', 'customFields'] }

const schemas = { create: CompanySchema, update: CompanyUpdateSchema }

/** One editor for /dashboard/companies/new and /dashboard/companies/:id/edit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return readEditor(request, params.id, {
    entity: 'company',
    name: 'companies',
    get: getCompany,
    serialize: serializeCompany,
    schemas,
    newDefaults: { status: 'active', kind: 'own_fleet' },
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'company',
    name: 'companies',
    schemas,
    create: createCompany,
    update: updateCompany,
    statusMeta: COMPANY_STATUS_META,
    rowName: (company) => ({ name: company.name }),
  })
}

export default function CompanyEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { record: company } = loaderData
  const statusOptions = COMPANY_STATUSES.map((value) => ({ value, label: t(`companies.status.${value}`) }))
  const kindOptions = COMPANY_KINDS.map((value) => ({ value, label: t(`companies.kind.${value}`) }))
  return (
    <RecordEditor<typeof CompanyUpdateSchema>
      name="companies"
      record={company && { id: company.id, label: company.name, values: { name: company.name } }}
      data={loaderData}
      reply={actionData}
    >
      {(fields) => (
        <>
          <FormSection title={t('companies.editor.identity')}>
            <TextField label={t('companies.fields.name')} field={fields.name} autoComplete="organization" />
            <TextField label={t('companies.fields.legalName')} field={fields.legalName} hint={t('companies.editor.legalNameHint')} />
            <SelectField label={t('fields.status')} field={fields.status} options={statusOptions} />
            <SelectField label={t('companies.fields.kind')} field={fields.kind} options={kindOptions} hint={t('companies.editor.kindHint')} />
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
        </>
      )}
    </RecordEditor>
  )
}
