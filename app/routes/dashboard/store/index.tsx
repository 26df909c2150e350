import { href, redirect } from 'react-router'

/** /dashboard/e-commerce, the Store navigation item's own path: the shop. */
export function loader() {
  return redirect(href('/dashboard/e-commerce/shop'))
}
