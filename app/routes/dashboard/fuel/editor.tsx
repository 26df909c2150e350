import { CheckboxField } from '~/components/forms/custom-field-inputs'
import { RecordEditor } from '~/components/forms/record-editor'
import { FormSection } from '~/components/forms/record-form'
import { SelectField, TextareaField, TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getLocale } from '~/middleware/i18next'
import { createFuelPurchase, getFuelPurchase, serializeFuelPurchase, updateFuelPurchase } from '~/models/fuel-tax/fuel-purchase.server'
import { listTruckOptions } from '~/models/reference/truck.server'
import { readEditor, saveEditor } from '~/requests/editor.server'
import { FuelPurchaseFormSchema, FuelPurchaseFormUpdateSchema, fuelPurchaseFromForm } from '~/schemas/fuel-purchase'
import { FUEL_TYPES, JURISDICTIONS } from '~/schemas/ifta-options'
import { formatDate } from '~/utils/format'
import { centsToDollars } from '~/utils/money'

import type { Route } from './+types/editor'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['fuel', 'ifta'] }

const schemas = { create: FuelPurchaseFormSchema, update: FuelPurchaseFormUpdateSchema }

/** One editor for /dashboard/fuel/new and /dashboard/fuel/:id/edit: a receipt, typed in. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return readEditor(request, params.id, {
    entity: 'fuelPurchase',
    name: 'fuel',
    get: getFuelPurchase,
    serialize: serializeFuelPurchase,
    schemas,
    newDefaults: { fuelType: 'diesel', taxPaid: 'on' },
    formValues: (purchase) => ({ amount: centsToDollars(purchase.totalCents), gallons: String(purchase.gallons) }),
    also: (user) => listTruckOptions(user.organizationId),
  })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return saveEditor(request, params.id, context, {
    entity: 'fuelPurchase',
    name: 'fuel',
    schemas,
    create: (actor, input) => createFuelPurchase(actor, fuelPurchaseFromForm(input)),
    update: (actor, id, input) => updateFuelPurchase(actor, id, fuelPurchaseFromForm(input)),
    statusMeta: null,
    rowName: (purchase) => ({ unit: purchase.truck.unitNumber, date: formatDate(getLocale(context), purchase.purchasedAt) }),
  })
}

export default function FuelPurchaseEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { record: purchase, also: trucks } = loaderData
  const values = purchase && { unit: purchase.truck.unitNumber, date: formatDate(i18n.language, purchase.purchasedAt) }
  return (
    <RecordEditor<typeof FuelPurchaseFormUpdateSchema>
      name="fuel"
      record={purchase && values && { id: purchase.id, label: t('fuel.view.label', values), values }}
      data={loaderData}
      reply={actionData}
    >
      {(fields) => (
        <>
          <FormSection title={t('fuel.editor.purchase')}>
            <SelectField
              label={t('fields.unitNumber')}
              field={fields.truckId}
              placeholder={t('fuel.editor.chooseUnit')}
              options={trucks.map((truck) => ({ value: truck.id, label: truck.unitNumber }))}
            />
            <TextField label={t('ifta.fields.purchasedAt')} field={fields.purchasedAt} type="date" />
            <SelectField
              label={t('ifta.fields.jurisdiction')}
              field={fields.jurisdiction}
              placeholder={t('fuel.editor.chooseJurisdiction')}
              options={JURISDICTIONS.map((code) => ({ value: code, label: code }))}
            />
            <SelectField
              label={t('ifta.fields.fuelType')}
              field={fields.fuelType}
              options={FUEL_TYPES.map((value) => ({ value, label: t(`ifta.fuelType.${value}`) }))}
            />
            <TextField label={t('ifta.fields.gallons')} field={fields.gallons} hint={t('fuel.editor.gallonsHint')} />
            <TextField label={t('ifta.fields.total')} field={fields.amount} hint={t('fuel.editor.amountHint')} />
            <CheckboxField label={t('ifta.fields.taxPaid')} field={fields.taxPaid} hint={t('fuel.editor.taxPaidHint')} />
          </FormSection>
          <FormSection title={t('fuel.editor.receipt')} after={<TextareaField label={t('fields.notes')} field={fields.notes} className="mt-5" />}>
            <TextField label={t('ifta.fields.vendor')} field={fields.vendor} />
            <TextField label={t('ifta.fields.city')} field={fields.city} />
            <TextField label={t('ifta.fields.odometer')} field={fields.odometer} type="number" />
            <TextField label={t('ifta.fields.reference')} field={fields.reference} />
          </FormSection>
        </>
      )}
    </RecordEditor>
  )
}
