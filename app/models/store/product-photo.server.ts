/**
 * Product photos: PNG, JPEG or WebP by their bytes (never the name or the declared type), at
 * most PRODUCT_PHOTO_MAX_BYTES each and MAX_PRODUCT_PHOTOS per product, stored through the
 * storage module (disk or S3) under `products/<organization>/<product>/<random>`, read back by
 * signed-in users of the same organization, removed from storage with their row.
 */
import { href } from 'react-router'

import type { ProductPhoto } from '~/generated/prisma/client'
import { type Actor, recordAudit } from '~/models/audit/audit.server'
import { assertActorMay, assertId, isCheckViolation, requireFound } from '~/models/records/records.server'
import { detectImageType } from '~/models/users/user-avatar.server'
import type { ProductPhotoRecord } from '~/schemas/product'
import { MAX_PRODUCT_PHOTOS, PRODUCT_PHOTO_MAX_BYTES } from '~/schemas/product-options'
import { createToken } from '~/utils/crypto.server'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { safeFileName } from '~/utils/file-name'
import { fileStorage } from '~/utils/storage.server'

const CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const
const NOT_FOUND = 'products.errors.notFound'
const PHOTO_NOT_FOUND = 'products.errors.photoNotFound'

/** A photo checked and held in memory, ready to store. */
export type CheckedPhoto = { fileName: string; contentType: string; bytes: Uint8Array }

function photoError(code: 'payload_too_large' | 'unsupported_media_type' | 'validation_failed', key: string): never {
  throw new DomainError(code, 'validation.failed', { fields: { photos: [key] } })
}

/**
 * The files of a form or a request that are photos to add (empty file inputs left out), each
 * checked by size and by its first bytes before anything is written: 413 past the size, 415 for
 * anything but PNG, JPEG or WebP, 400 past the count (with the photos the product already has).
 */
export async function checkPhotos(files: readonly File[], alreadyStored = 0): Promise<CheckedPhoto[]> {
  const given = files.filter((file) => file.size > 0)
  if (given.length + alreadyStored > MAX_PRODUCT_PHOTOS) photoError('validation_failed', 'products.errors.tooManyPhotos')
  const checked: CheckedPhoto[] = []
  for (const file of given) {
    if (file.size > PRODUCT_PHOTO_MAX_BYTES) photoError('payload_too_large', 'products.errors.photoTooLarge')
    const bytes = new Uint8Array(await file.arrayBuffer())
    const type = detectImageType(bytes)
    if (!type) photoError('unsupported_media_type', 'products.errors.photoType')
    const fileName = safeFileName(file.name, type)
    checked.push({ fileName, contentType: CONTENT_TYPES[type], bytes })
  }
  return checked
}

/** The files under `name` in a multipart form (anything that is not a file is ignored). */
export function filesOf(form: FormData, name: string) {
  return form.getAll(name).filter((value): value is File => typeof value !== 'string')
}

async function removeFiles(keys: readonly string[]) {
  await Promise.all(
    keys.map(async (key) => {
      try {
        await fileStorage().delete(key)
      } catch (error) {
        console.warn('[freightdesk] could not remove a product photo', key, error)
      }
    }),
  )
}

/**
 * Adds checked photos to a product of the actor's organization: the files are stored first, then
 * their rows written in one transaction; a failed write removes the files again, so no file stays
 * without a row and no row without its file.
 */
export async function addProductPhotos(actor: Actor, productId: string, photos: readonly CheckedPhoto[]) {
  assertActorMay(actor, 'update', 'product')
  assertId(productId, NOT_FOUND)
  if (!photos.length) return []
  requireFound(await prisma.product.findFirst({ where: { id: productId, organizationId: actor.organizationId }, select: { id: true } }), NOT_FOUND)
  const storage = fileStorage()
  const keys: string[] = []
  try {
    for (const photo of photos) {
      const key = `products/${actor.organizationId}/${productId}/${createToken().token.slice(0, 16)}`
      keys.push(key)
      await storage.put(
        key,
        (async function* () {
          yield photo.bytes
        })(),
      )
    }
    return await prisma.$transaction(async (tx) => {
      // The product's row locked first: parallel uploads count one after another (the database's
      // trigger "ProductPhoto_limit" holds the same limit for any other writer).
      await tx.$queryRaw`SELECT "id" FROM "Product" WHERE "id" = ${productId} AND "organizationId" = ${actor.organizationId} FOR UPDATE`
      const product = requireFound(
        await tx.product.findFirst({
          where: { id: productId, organizationId: actor.organizationId },
          select: { id: true, _count: { select: { photos: true } } },
        }),
        NOT_FOUND,
      )
      if (product._count.photos + photos.length > MAX_PRODUCT_PHOTOS) photoError('validation_failed', 'products.errors.tooManyPhotos')
      const rows: ProductPhoto[] = []
      for (const [index, photo] of photos.entries()) {
        rows.push(
          await tx.productPhoto.create({
            data: {
              productId,
              organizationId: actor.organizationId,
              fileName: photo.fileName,
              contentType: photo.contentType,
              sizeBytes: photo.bytes.byteLength,
              storageKey: keys[index],
              sortOrder: product._count.photos + index,
            },
          }),
        )
      }
      await recordAudit(tx, actor, {
        entity: 'product',
        entityId: productId,
        action: 'update',
        after: { photos: rows.map((row) => row.fileName) },
      })
      return rows
    })
  } catch (error) {
    await removeFiles(keys)
    if (isCheckViolation(error, 'ProductPhoto_limit')) photoError('validation_failed', 'products.errors.tooManyPhotos')
    throw error
  }
}

/** Removes one photo of a product of the actor's organization, its file after its row. */
export async function deleteProductPhoto(actor: Actor, productId: string, photoId: string) {
  assertActorMay(actor, 'update', 'product')
  assertId(productId, NOT_FOUND)
  assertId(photoId, PHOTO_NOT_FOUND)
  const photo = await prisma.$transaction(async (tx) => {
    const found = requireFound(await tx.productPhoto.findFirst({ where: { id: photoId, productId, organizationId: actor.organizationId } }), PHOTO_NOT_FOUND)
    const { count } = await tx.productPhoto.deleteMany({ where: { id: found.id } })
    if (count !== 1) throw new DomainError('not_found', PHOTO_NOT_FOUND)
    await recordAudit(tx, actor, { entity: 'product', entityId: productId, action: 'update', before: { photo: found.fileName } })
    return found
  })
  await removeFiles([photo.storageKey])
  return photo
}

/** After a product's rows are gone: its photos' files. */
export async function removePhotoFiles(photos: ReadonlyArray<{ storageKey: string }>) {
  await removeFiles(photos.map((photo) => photo.storageKey))
}

/** A photo of a product of the organization as a stream, or null (another organization's: null). */
export async function readProductPhoto(organizationId: string, productId: string, photoId: string) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(productId) || !/^[A-Za-z0-9_-]{1,64}$/.test(photoId)) return null
  const photo = await prisma.productPhoto.findFirst({ where: { id: photoId, productId, organizationId } })
  if (!photo) return null
  const object = await fileStorage().get(photo.storageKey)
  return object ? { ...object, contentType: photo.contentType, fileName: photo.fileName } : null
}

/** Where a page reads a photo (a signed-in session); the API's `url` serves the same bytes with a token. */
export function productPhotoUrl(photo: { id: string; productId: string }) {
  return href('/dashboard/e-commerce/product/:id/photos/:photoId', { id: photo.productId, photoId: photo.id })
}

/** A photo as the API shows it: `url` is read with the same bearer token (the pages use productPhotoUrl). */
export function serializeProductPhoto(photo: Pick<ProductPhoto, 'id' | 'productId' | 'fileName' | 'contentType' | 'sizeBytes'>): ProductPhotoRecord {
  return {
    id: photo.id,
    url: href('/api/products/:id/photos/:photoId', { id: photo.productId, photoId: photo.id }),
    fileName: photo.fileName,
    contentType: photo.contentType,
    sizeBytes: photo.sizeBytes,
  }
}
