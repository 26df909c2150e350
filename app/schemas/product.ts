import { z } from 'zod'

import { apiRecordSchema, customFieldValues } from './api-record'
import { customFieldsInput, integer, optionalText, requiredText, text, withVersion } from './fields'
import { enumFilter, listQuery } from './list-query'
import { cents, requiredDollars } from './money-fields'
import { MAX_COLOR_LENGTH, MAX_PRODUCT_COLORS, MAX_PRODUCT_STOCK, PRODUCT_SORTS, PRODUCT_STATUSES, SHOP_SORTS } from './product-options'

/** A product's colours, checked the same way from the form (one text, comma separated) and the API (a list). */
function checkColors(colors: string[], ctx: z.RefinementCtx) {
  if (colors.length > MAX_PRODUCT_COLORS) ctx.addIssue({ code: 'custom', message: 'products.errors.tooManyColors' })
  if (colors.some((color) => color.length > MAX_COLOR_LENGTH)) ctx.addIssue({ code: 'custom', message: 'products.errors.colorTooLong' })
  const folded = colors.map((color) => color.toLocaleLowerCase())
  if (new Set(folded).size !== folded.length) ctx.addIssue({ code: 'custom', message: 'products.errors.duplicateColor' })
}

/** The colours as the API sends them: a list of names (empty names dropped, each trimmed). */
const colorList = z
  .array(text({ error: 'products.errors.colors' }).trim(), { error: 'products.errors.colors' })
  // Bounded before anything else runs over it.
  .max(100, 'products.errors.tooManyColors')
  .transform((colors) => colors.filter(Boolean))
  .superRefine(checkColors)

/** The colours as the editor takes them: one text field, "Black, High-vis yellow". */
const colorText = optionalText(2000).transform((value, ctx) => {
  const colors = (value ?? '')
    .split(',')
    .map((color) => color.trim())
    .filter(Boolean)
  checkColors(colors, ctx)
  return colors
})

const ProductFields = z.object({
  name: requiredText(120),
  // Letters, digits and - _ . /: what a label printer and a barcode take.
  sku: requiredText(40).regex(/^[\p{L}\p{N}][\p{L}\p{N}._/-]*$/u, 'products.errors.skuFormat'),
  description: optionalText(4000),
  category: optionalText(60),
  stock: integer(0, MAX_PRODUCT_STOCK).default(0),
  status: z.enum(PRODUCT_STATUSES, { error: 'validation.choice' }).default('active'),
  customFields: customFieldsInput(),
})

/** One schema for the API (POST) and the model: the price in integer cents, the colours a list. */
export const ProductSchema = ProductFields.extend({
  priceCents: cents('price'),
  colors: colorList.default([]),
})
export type ProductInput = z.infer<typeof ProductSchema>

/** PUT: the whole product plus the version it was read at. */
export const ProductUpdateSchema = withVersion(ProductSchema)

/**
 * The editor's schema (Conform): the same fields and rules, the price typed in dollars and read
 * as cents (`price` → `priceCents`), the colours one comma-separated text (see productFromForm).
 */
export const ProductFormSchema = ProductFields.extend({
  price: requiredDollars('products.errors.price', 'price'),
  colors: colorText,
})
export const ProductFormUpdateSchema = withVersion(ProductFormSchema)
export type ProductForm = z.infer<typeof ProductFormSchema>

/** The model's input from the editor's values: the price, already in cents, under its API name. */
export function productFromForm<T extends ProductForm>({ price, ...rest }: T): Omit<T, 'price'> & { priceCents: number } {
  return { ...rest, priceCents: price }
}

/** List query from the URL (GET form) or the API's query string; bad values fall back. */
export const ProductListQuerySchema = listQuery({
  sorts: PRODUCT_SORTS,
  defaultSort: 'name',
  filters: {
    status: enumFilter(PRODUCT_STATUSES),
    category: text().trim().max(60).optional().catch(undefined),
    stock: enumFilter(['low', 'out'] as const),
  },
})
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>

/** The shop's query: category and colour filters, its own orders, pages of a fixed size. */
export const ShopQuerySchema = z.object({
  q: text().trim().max(100).optional().catch(undefined),
  category: text().trim().max(60).optional().catch(undefined),
  color: text().trim().max(MAX_COLOR_LENGTH).optional().catch(undefined),
  sort: z.enum(SHOP_SORTS).default('name').catch('name'),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
})
export type ShopQuery = z.infer<typeof ShopQuerySchema>

/** The product page's "delete this photo" button. */
export const ProductPhotoActionSchema = z.object({ photoId: requiredText(40) })

/** A product's photo as the API answers it (serializeProductPhoto). */
export const ProductPhotoRecordSchema = z.object({
  id: z.string(),
  url: z.string().describe('GET it with the same bearer token to read the image.'),
  fileName: z.string(),
  contentType: z.string().describe('image/png, image/jpeg or image/webp, as read from its bytes.'),
  sizeBytes: z.number().int(),
})
export type ProductPhotoRecord = z.infer<typeof ProductPhotoRecordSchema>

/** A product as the API answers it (serializeProduct): the price in cents, and its photos (added with their own calls). */
export const ProductRecordSchema = apiRecordSchema({
  name: z.string(),
  sku: z.string(),
  description: z.string().describe('Empty when none.'),
  category: z.string().describe('Empty when none.'),
  priceCents: z.number().int().describe('Integer cents.'),
  stock: z.number().int(),
  colors: z.array(z.string()),
  status: z.enum(PRODUCT_STATUSES),
  customFields: customFieldValues(),
  photos: z.array(ProductPhotoRecordSchema).meta({ readOnly: true }),
}).describe(
  'A product of the company store. `sku` is unique per organization in any case (400 with a field error when taken). `active` products are sold in the shop, `draft` ones are not shown there, `archived` ones are no longer sold. A product that an order names cannot be deleted (409 in_use): archive it.',
)
export type ProductRecord = z.infer<typeof ProductRecordSchema>
