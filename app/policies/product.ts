/**
 * What may happen to a product in which status. Plain functions, no zod, nothing
 * server-only: the product model and the shop refuse by them, the pages ask them what to offer.
 *
 * - `active` products are shown in the shop and sold while they have stock.
 * - `draft` products are being prepared: the office sees them in the list, the shop does not.
 * - `archived` products are no longer sold nor shown in the shop; past orders still name them.
 * - A product that an order names is archived, never deleted (409 `in_use`): orders keep it.
 */
import type { ProductStatus } from '~/schemas/product-options'

import type { PolicyRefusal } from './refusal'

/** The statuses the shop lists. */
export const SHOP_STATUSES: readonly ProductStatus[] = ['active']

export function shownInShop(product: { status: ProductStatus }) {
  return SHOP_STATUSES.includes(product.status)
}

/**
 * Why the product cannot be put in a cart now (its message key under `store.product`), or null
 * when it can: only active products with stock are sold. The cart refuses by it; the product page
 * disables its "Add to cart" button with the note.
 */
export function saleBlock(product: { status: ProductStatus; stock: number }): 'notForSale' | 'outOfStock' | null {
  if (product.status !== 'active') return 'notForSale'
  if (product.stock <= 0) return 'outOfStock'
  return null
}

export const canSell = (product: { status: ProductStatus; stock: number }) => !saleBlock(product)

/** A product on an order is kept for the order's sake: archive it instead. */
export function deleteRefusal(product: { orderCount: number }): PolicyRefusal | null {
  return product.orderCount > 0 ? { code: 'in_use', key: 'products.errors.inUse' } : null
}
