/** Products of the company store: the domain rules, shared by /dashboard/e-commerce/* and /api/products. */
import type { Product, ProductPhoto } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { apiRecord, containsAny, recordStore, sortOrder, toColumns } from '~/models/records/record-store.server'
import { assertActorMay, assertId, deleteVersioned, throwRefusal } from '~/models/records/records.server'
import { deleteRefusal } from '~/policies/product'
import type { CustomFieldValues } from '~/schemas/api-record'
import { type ProductInput, type ProductListQuery, type ProductRecord, ProductSchema } from '~/schemas/product'
import { LOW_STOCK_THRESHOLD } from '~/schemas/product-options'
import type { CsvColumn } from '~/utils/csv.server'
import { prisma, type Tx } from '~/utils/db.server'

import { addProductPhotos, type CheckedPhoto, removePhotoFiles, serializeProductPhoto } from './product-photo.server'

export type ProductWithPhotos = Product & { photos: ProductPhoto[] }

const NOT_FOUND = 'products.errors.notFound'

const products = recordStore<ProductWithPhotos, ProductInput, ProductListQuery>({
  entity: 'product',
  table: (db) => db.product,
  include: { photos: { orderBy: [{ sortOrder: 'asc' }, { createdAt: 'asc' }] } },
  // The photos by a second query: a JSON aggregate per product made the list twice as slow (ADR 066).
  relationLoadStrategy: 'query',
  notFound: NOT_FOUND,
  inUse: 'products.errors.inUse',
  // CITEXT: "ELD-100" and "eld-100" are one SKU.
  unique: { Product_organizationId_sku_key: { field: 'sku', messageKey: 'products.errors.duplicateSku' } },
  customFields: 'products',
  toData: (input) => {
    const columns = toColumns(ProductSchema, input) as Record<string, unknown>
    // Text columns are NOT NULL with an empty default.
    return { ...columns, description: input.description ?? '', category: input.category ?? '', colors: input.colors ?? [] }
  },
  where: (organizationId, { q, status, category, stock }) => ({
    organizationId,
    status,
    // As stored: the filter offers the stored names (an insensitive equals is an ILIKE, where `\\` and `%` would be patterns).
    ...(category ? { category } : {}),
    ...(stock === 'out' ? { stock: 0 } : stock === 'low' ? { stock: { lte: LOW_STOCK_THRESHOLD } } : {}),
    AND: q ? [{ OR: containsAny(q, ['name', 'sku', 'category', 'description']) }] : [],
  }),
  orderBy: (query) => sortOrder(query),
})

export const listProducts = products.list
export const exportProducts = products.all
export const getProduct = products.get
export const updateProduct = products.update

/** A new product, with the photos the editor sent (checked before anything is written); in `db`'s transaction when given (an import, no photos). */
export async function createProduct(actor: Actor, input: ProductInput, photos: readonly CheckedPhoto[] = [], db?: Tx) {
  assertActorMay(actor, 'create', 'product')
  const product = await products.create(actor, input, { db })
  if (!photos.length) return product
  await addProductPhotos(actor, product.id, photos)
  return products.get(actor.organizationId, product.id)
}

/**
 * Deletes a product that no order names (else 409 `in_use`: archive it instead), if it is still
 * the version the client saw. The product's row is locked first, so an order placed at the same
 * moment either sees it gone or makes this refuse. Its photos' files go after the rows.
 */
export async function deleteProduct(actor: Actor, id: string, version?: number): Promise<ProductWithPhotos> {
  assertActorMay(actor, 'delete', 'product')
  // An id no row can have (a NUL, a megabyte) is "not found" before the raw lock below reads it.
  assertId(id, NOT_FOUND)
  const { organizationId } = actor
  const before = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Product" WHERE "id" = ${id} AND "organizationId" = ${organizationId} FOR UPDATE`
    const orderCount = await tx.storeOrderItem.count({ where: { productId: id, order: { organizationId } } })
    const product = await tx.product.findFirst({ where: { id, organizationId }, include: { photos: true } })
    if (product) {
      throwRefusal(deleteRefusal({ orderCount }), { name: product.name })
    }
    const row = await deleteVersioned(
      {
        findFirst: (args) => tx.product.findFirst({ ...args, include: { photos: true } }),
        deleteMany: (args) => tx.product.deleteMany(args),
      },
      { id, organizationId },
      version,
      NOT_FOUND,
    )
    await recordAudit(tx, actor, { entity: 'product', entityId: id, action: 'delete', before: { ...row, photos: row.photos.length } })
    return row
  })
  await removePhotoFiles(before.photos)
  return before
}

/** The API shape: the price in cents, the photos with where to read them. */
export function serializeProduct(product: ProductWithPhotos): ProductRecord {
  const { photos, ...rest } = product
  return { ...apiRecord(rest), customFields: rest.customFields as CustomFieldValues, photos: photos.map(serializeProductPhoto) }
}

/** The export's columns, for the page (translated) and `GET /api/products?format=csv` (keys). */
export const PRODUCT_CSV_COLUMNS: CsvColumn<ProductWithPhotos>[] = [
  { key: 'name', label: 'products.fields.name', value: (product) => product.name },
  { key: 'sku', label: 'products.fields.sku', value: (product) => product.sku },
  { key: 'status', label: 'fields.status', value: (product) => product.status, valueLabel: (value) => `products.status.${value}` },
  { key: 'category', label: 'products.fields.category', value: (product) => product.category },
  {
    key: 'priceCents',
    label: 'products.fields.priceDollars',
    value: (product) => product.priceCents,
    // The page's export in dollars, as the editor shows them; the API's keeps cents.
    money: true,
  },
  { key: 'stock', label: 'products.fields.stock', value: (product) => product.stock },
  { key: 'colors', label: 'products.fields.colors', value: (product) => product.colors.join(', ') },
  { key: 'description', label: 'products.fields.description', value: (product) => product.description },
  { key: 'id', label: 'fields.id', value: (product) => product.id },
]

/** The categories the organization's products use, for the filters. */
export async function listProductCategories(organizationId: string, where: { status?: Product['status'] } = {}) {
  const rows = await prisma.product.findMany({
    where: { organizationId, ...where, category: { not: '' } },
    distinct: ['category'],
    select: { category: true },
    orderBy: { category: 'asc' },
  })
  return rows.map((row) => row.category)
}
