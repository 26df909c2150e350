import { Form } from 'react-router'

import { Button } from '~/components/ui/button'
import { inputClass } from '~/components/ui/input-class'
import { useTranslation } from '~/hooks/use-translation'
import { FUEL_TYPES, type FuelType } from '~/schemas/ifta-options'

/** The return's and the rates page's "which fuel type": a GET form, so it works without JavaScript. */
export function FuelTypePicker({ value, className }: { value: FuelType; className?: string }) {
  const { t } = useTranslation()
  return (
    <Form method="get" className={className}>
      <label className="text-sm">
        <span className="mb-1 block font-semibold">{t('ifta.fields.fuelType')}</span>
        <select name="fuelType" defaultValue={value} className={inputClass}>
          {FUEL_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`ifta.fuelType.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary">
        {t('ifta.return.show')}
      </Button>
    </Form>
  )
}
