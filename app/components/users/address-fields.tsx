import { useTranslation } from '~/hooks/use-translation'
import { TextField } from '~/components/ui/field'

type AddressFieldset = Record<'addressLine1' | 'addressLine2' | 'city' | 'state' | 'postalCode' | 'country', Parameters<typeof TextField>[0]['field']>

/** The address block, shared by the admin editor and the own-profile page. */
export function AddressFields({ fields }: { fields: AddressFieldset }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      <TextField label={t('users.fields.addressLine1')} field={fields.addressLine1} autoComplete="off" className="sm:col-span-2" />
      <TextField label={t('users.fields.addressLine2')} field={fields.addressLine2} autoComplete="off" />
      <TextField label={t('users.fields.city')} field={fields.city} autoComplete="off" />
      <TextField label={t('users.fields.state')} field={fields.state} autoComplete="off" />
      <TextField label={t('users.fields.postalCode')} field={fields.postalCode} autoComplete="off" />
      <TextField label={t('users.fields.country')} field={fields.country} autoComplete="off" />
    </div>
  )
}
