/**
 * Product choices shared by pages, schemas and models. No zod here: pages that only need the
 * choices (lists, the shop, the store dashboard) do not download the validation library.
 */
import type { Tone } from './tone'

export const PRODUCT_STATUSES = ['active', 'draft', 'archived'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]

/** How each status looks, in one place: its badge tone and the create toast's variant. */
export const PRODUCT_STATUS_META = {
  active: { tone: 'success', toast: 'success' },
  draft: { tone: 'default', toast: 'info' },
  archived: { tone: 'warning', toast: 'warning' },
} as const satisfies Record<ProductStatus, { tone: Tone; toast: 'info' | 'success' | 'warning' | 'error' }>

/** At or below this many in stock, a product carries the low-stock badge and shows in the store dashboard's alerts. */
export const LOW_STOCK_THRESHOLD = 5

/** Bounds of what a product may carry (the database holds >= 0; these keep forms and pages sane). */
export const MAX_PRODUCT_STOCK = 1_000_000
export const MAX_PRODUCT_COLORS = 12
export const MAX_COLOR_LENGTH = 30

/** Photos: PNG, JPEG or WebP (read from the bytes), at most this size each and this many per product. */
export const PRODUCT_PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const MAX_PRODUCT_PHOTOS = 8
/** One form may carry several photos: the upload limit of the routes that take them. */
export const PRODUCT_UPLOAD_MAX_BYTES = PRODUCT_PHOTO_MAX_BYTES * 4

export const PRODUCT_SORTS = ['name', 'sku', 'category', 'priceCents', 'stock', 'status', 'createdAt', 'updatedAt'] as const

/** The shop's orders: by name, cheapest or dearest first, newest first. */
export const SHOP_SORTS = ['name', 'price_asc', 'price_desc', 'newest'] as const
export type ShopSort = (typeof SHOP_SORTS)[number]
export const SHOP_PAGE_SIZE = 12

/** Whether a product's stock is low enough to order more (the badge and the dashboard's alerts). */
export function isLowStock(stock: number) {
  return stock <= LOW_STOCK_THRESHOLD
}
