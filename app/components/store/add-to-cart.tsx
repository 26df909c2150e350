import { Form } from 'react-router'

import { RefusalNotice, type ShownRefusal } from '~/components/forms/refusal'
import { Button } from '~/components/ui/button'
import { ErrorList, inputClass } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { MAX_LINE_QUANTITY } from '~/schemas/checkout-options'

/**
 * The product page's "Add to cart": a form (works without JavaScript) posted to the product page
 * itself, which takes `intent=add`, `productId`, `color` (one of the product's colours; left out
 * when it has none) and `quantity` (1 to the cart's MAX_LINE_QUANTITY). Refused (more than the
 * stock with what the cart holds), the page answers with the reason at the quantity and
 * the values typed. A product that cannot be sold (out of stock, not active) shows the button
 * disabled with the reason.
 */
export function AddToCart({
  productId,
  colors,
  blocked,
  refusal,
}: {
  productId: string
  colors: readonly string[]
  blocked: 'notForSale' | 'outOfStock' | null
  refusal?: ShownRefusal | null
}) {
  const { t } = useTranslation()
  const posted = refusal?.values ?? {}
  const quantityErrors = refusal?.field('quantity')
  return (
    <Form method="post" className="space-y-4" data-testid="add-to-cart" noValidate>
      <RefusalNotice refusal={refusal ?? null} testId="add-to-cart-refusal" />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <div className="grid gap-4 sm:grid-cols-2">
        {colors.length ? (
          <div className="min-w-0">
            <label htmlFor="cart-color" className="mb-1.5 block text-sm font-semibold text-ink">
              {t('products.fields.color')}
            </label>
            <select
              id="cart-color"
              name="color"
              required
              className={inputClass}
              disabled={Boolean(blocked)}
              defaultValue={typeof posted.color === 'string' ? posted.color : undefined}
            >
              {colors.map((color) => (
                <option key={color} value={color}>
                  {color}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="min-w-0">
          <label htmlFor="cart-quantity" className="mb-1.5 block text-sm font-semibold text-ink">
            {t('store.product.quantity')}
          </label>
          <input
            id="cart-quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LINE_QUANTITY}
            step={1}
            defaultValue={typeof posted.quantity === 'string' ? posted.quantity : 1}
            required
            className={inputClass}
            disabled={Boolean(blocked)}
            {...(quantityErrors?.length ? { 'aria-invalid': true, 'aria-describedby': 'cart-quantity-error' } : {})}
          />
          <ErrorList id="cart-quantity-error" errors={quantityErrors} />
        </div>
      </div>
      <Button type="submit" disabled={Boolean(blocked)} aria-describedby={blocked ? 'cart-blocked' : undefined}>
        {t('store.product.addToCart')}
      </Button>
      {blocked ? (
        <p id="cart-blocked" className="text-sm font-medium text-error" data-testid="cart-blocked">
          {t(`store.product.${blocked}`)}
        </p>
      ) : null}
    </Form>
  )
}
