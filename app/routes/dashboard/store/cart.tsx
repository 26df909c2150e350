import { href, redirect } from 'react-router'

import { getInstance } from '~/middleware/i18next'
import { addCartItem } from '~/models/store/cart.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction, refusalText } from '~/requests/forms.server'
import { safeRedirect } from '~/requests/session.server'
import { CartAddSchema } from '~/schemas/checkout'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/cart'

const CHECKOUT = href('/dashboard/e-commerce/checkout')
const SHOP = href('/dashboard/e-commerce/shop')
/** The store's pages all live under the shop's folder. */
const STORE = SHOP.slice(0, SHOP.lastIndexOf('/') + 1)

/** The cart is the checkout's first step. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireActor(request, 'create', 'storeOrder')
  throw redirect(CHECKOUT)
}

/**
 * Where a store page may send the user back to after a refused "Add to cart": one of the store's
 * own pages on this site (a `returnTo` field), else the shop.
 */
function storePage(value: FormDataEntryValue | null) {
  const path = safeRedirect(value, SHOP)
  return path.startsWith(STORE) ? path : SHOP
}

/**
 * The shop's "Add to cart" form (`intent=add`, `productId`, `color`, `quantity`): added, the
 * cart opens; refused, the user is back on the store page they came from with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { t } = getInstance(context)
  const { actor } = await requireActor(request, 'create', 'storeOrder')
  const form = await request.formData()
  return intentAction(
    form,
    t,
    {
      add: intent({
        schema: CartAddSchema,
        run: (input) => addCartItem(actor, input),
        done: () => redirectWithToast(CHECKOUT, { type: 'success', title: t('checkout.added') }),
      }),
    },
    {
      refused: (refused) =>
        redirectWithToast(storePage(form.get('returnTo')), { type: 'error', title: t('validation.failed'), description: refusalText(refused) }),
    },
  )
}
