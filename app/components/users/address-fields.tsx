import { TextField } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'

type AddressFieldset = Record<AddressField, Parameters<typeof TextField>[0]['field']>

type AddressField = 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'postalCode' | 'country'

/** Each field's label key, for a person's address or the organization's (keys written out, so the catalogue test finds them). */
const LABELS: Record<'users' | 'organization', Record<AddressField, string>> = {
  users: {
    addressLine1: 'users.fields.addressLine1',
    addressLine2: 'users.fields.addressLine2',
    city: 'users.fields.city',
    state: 'users.fields.state',
    postalCode: 'users.fields.postalCode',
    country: 'users.fields.country',
  },
  organization: {
    addressLine1: 'organization.fields.addressLine1',
    addressLine2: 'organization.fields.addressLine2',
    city: 'organization.fields.city',
    state: 'organization.fields.state',
    postalCode: 'organization.fields.postalCode',
    country: 'organization.fields.country',
  },
}

/**
 * The address block, shared by the user editor, the own-profile page and the organization page.
 * `labels`: whose field labels (`users.fields.*` or `organization.fields.*`); `own`: the address is
 * the signed-in person's or organization's own, so the browser may fill it (autocomplete tokens).
 */
export function AddressFields({
  fields,
  labels = 'users',
  own = false,
  countryHint,
}: {
  fields: AddressFieldset
  labels?: 'users' | 'organization'
  own?: boolean
  countryHint?: string
}) {
  const { t } = useTranslation()
  const auto = (token: string) => (own ? token : 'off')
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      <TextField label={t(LABELS[labels].addressLine1)} field={fields.addressLine1} autoComplete={auto('address-line1')} className="sm:col-span-2" />
      <TextField label={t(LABELS[labels].addressLine2)} field={fields.addressLine2} autoComplete={auto('address-line2')} />
      <TextField label={t(LABELS[labels].city)} field={fields.city} autoComplete={auto('address-level2')} />
      <TextField label={t(LABELS[labels].state)} field={fields.state} autoComplete={auto('address-level1')} />
      <TextField label={t(LABELS[labels].postalCode)} field={fields.postalCode} autoComplete={auto('postal-code')} />
      <TextField label={t(LABELS[labels].country)} field={fields.country} autoComplete={auto('country')} hint={countryHint} />
    </div>
  )
}
