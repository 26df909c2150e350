/**
 * The files manager (ADR 067): every stored file of an organization read from ONE
 * table, StoredFile, that PostgreSQL triggers keep from the tables that hold files (load
 * documents, mail and chat attachments, product photos, bulletin covers, avatars, fuel receipts,
 * defects' photos). A page is one
 * indexed, paged query (never lists merged in memory); the rows' records (a load's number, a
 * product's name ...) are joined for that page only. Deleting a file asks its record's own rule.
 */
import { href } from 'react-router'

import { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/models/audit/audit.server'
import { removeFuelReceipt } from '~/models/fuel-tax/fuel-receipt.server'
import { deleteLoadDocument } from '~/models/loads/load-document.server'
import { deleteInspectionPhoto } from '~/models/maintenance/inspection-photo.server'
import { assertActorMay, assertId, escapeLike, paging, throwRefusal } from '~/models/records/records.server'
import { deleteProductPhoto } from '~/models/store/product-photo.server'
import { readAvatar } from '~/models/users/user-avatar.server'
import { readsBox } from '~/policies/mail'
import { readsDrafts } from '~/policies/post'
import { fileDeleteRefusal } from '~/policies/stored-file'
import type { LoadStatus } from '~/schemas/load-options'
import type { FileListQuery, StoredFileRecord } from '~/schemas/stored-file'
import type { FileKind, FileRecordType } from '~/schemas/stored-file-options'
import { prisma } from '~/utils/db.server'
import { DomainError } from '~/utils/errors.server'
import { can, type Role } from '~/utils/permissions'
import { fileStorage } from '~/utils/storage.server'

const NOT_FOUND = 'files.errors.notFound'

export type FileReader = { id: string; organizationId: string; role: Role }

/**
 * The files a reader sees: the organization's, except mail in another's mailbox (or the shared
 * one, for a role that does not read it), chat of conversations they are not in, and the covers
 * of draft bulletins for a role that reads published ones only. The same rule for every read.
 */
export function visibleFilesWhere(reader: FileReader) {
  const mail = readsBox(reader.role, 'shared') ? Prisma.sql`(f."ownerId" IS NULL OR f."ownerId" = ${reader.id})` : Prisma.sql`f."ownerId" = ${reader.id}`
  const covers = readsDrafts(reader.role)
    ? Prisma.empty
    : Prisma.sql`AND (f.kind <> 'post_cover' OR EXISTS (SELECT 1 FROM "Post" p WHERE p.id = f."recordId" AND p.status = 'published'))`
  // A fuel receipt is read by those who read fuel purchases (never a driver).
  const receipts = can(reader.role, 'read', 'fuelPurchase') ? Prisma.empty : Prisma.sql`AND f.kind <> 'fuel_receipt'`
  return Prisma.sql`f."organizationId" = ${reader.organizationId}
    AND (f.kind <> 'mail_attachment' OR ${mail})
    AND (f.kind <> 'chat_attachment' OR EXISTS (SELECT 1 FROM "ConversationParticipant" cp WHERE cp."conversationId" = f."conversationId" AND cp."userId" = ${reader.id}))
    ${covers}
    ${receipts}`
}

function listWhere(reader: FileReader, query: Pick<FileListQuery, 'q' | 'kind' | 'recordType'>) {
  const parts = [visibleFilesWhere(reader)]
  if (query.kind) parts.push(Prisma.sql`f.kind = ${query.kind}`)
  if (query.recordType) parts.push(Prisma.sql`f."recordType" = ${query.recordType}`)
  if (query.q) parts.push(Prisma.sql`f."fileName" ILIKE ${`%${escapeLike(query.q)}%`}`)
  return Prisma.join(parts, ' AND ')
}

const SORT_COLUMNS: Record<FileListQuery['sort'], string> = {
  createdAt: 'f."createdAt"',
  fileName: 'f."fileName"',
  sizeBytes: 'f."sizeBytes"',
  kind: 'f.kind',
}

function orderBy(query: Pick<FileListQuery, 'sort' | 'dir'>) {
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC'
  return Prisma.raw(`${SORT_COLUMNS[query.sort]} ${dir}, f.id ${dir}`)
}

type FileSqlRow = {
  id: string
  kind: FileKind
  recordType: FileRecordType
  recordId: string
  fileName: string
  contentType: string
  sizeBytes: number
  storageKey: string
  uploadedById: string | null
  createdAt: Date
  recordLabel: string | null
  loadStatus: LoadStatus | null
  mailFolder: string | null
  inspectedAt: Date | null
  uploaderFirstName: string | null
  uploaderLastName: string | null
}

/** The page's rows with what they point to: the record's label (and a load's status, a mail's folder) and the uploader. */
function selectFiles(inner: Prisma.Sql, order: Prisma.Sql) {
  return Prisma.sql`
    SELECT f.id, f.kind, f."recordType", f."recordId", f."fileName", f."contentType", f."sizeBytes", f."storageKey", f."uploadedById", f."createdAt",
      COALESCE(l."loadNumber", NULLIF(m.subject, ''), c.title, pr.name, po.title, NULLIF(trim(ru."firstName" || ' ' || ru."lastName"), ''),
        fu."unitNumber" || ' · ' || to_char(fp."purchasedAt", 'YYYY-MM-DD') || ' · ' || fp.jurisdiction,
        iu."unitNumber" || ' · ' || to_char(ins."inspectedAt", 'YYYY-MM-DD')) AS "recordLabel",
      l.status::text AS "loadStatus", m.folder::text AS "mailFolder", ins."inspectedAt" AS "inspectedAt",
      up."firstName" AS "uploaderFirstName", up."lastName" AS "uploaderLastName"
    FROM (${inner}) f
    LEFT JOIN "Load" l ON f."recordType" = 'load' AND l.id = f."recordId"
    LEFT JOIN "MailMessage" m ON f."recordType" = 'mail' AND m.id = f."recordId"
    LEFT JOIN "Conversation" c ON f."recordType" = 'chat' AND c.id = f."recordId"
    LEFT JOIN "Product" pr ON f."recordType" = 'product' AND pr.id = f."recordId"
    LEFT JOIN "Post" po ON f."recordType" = 'post' AND po.id = f."recordId"
    LEFT JOIN "User" ru ON f."recordType" = 'user' AND ru.id = f."recordId"
    LEFT JOIN "FuelPurchase" fp ON f."recordType" = 'fuel_purchase' AND fp.id = f."recordId"
    LEFT JOIN "Truck" fu ON fu.id = fp."truckId"
    LEFT JOIN "Inspection" ins ON f."recordType" = 'inspection' AND ins.id = f."recordId"
    LEFT JOIN "Truck" iu ON iu.id = ins."truckId"
    LEFT JOIN "User" up ON up.id = f."uploadedById"
    ORDER BY ${order}`
}

/** Where a file's record lives in the dashboard (null: no page the files manager links to). */
export function recordPath(file: { recordType: FileRecordType; recordId: string; mailFolder?: string | null }) {
  switch (file.recordType) {
    case 'load':
      return href('/dashboard/loads/:id', { id: file.recordId })
    case 'mail':
      return href('/dashboard/mail/:folder/:id', { folder: file.mailFolder ?? 'inbox', id: file.recordId })
    case 'chat':
      return href('/dashboard/chat/:id', { id: file.recordId })
    case 'product':
      return href('/dashboard/e-commerce/product/:id', { id: file.recordId })
    case 'post':
      return href('/dashboard/blog/post/:id', { id: file.recordId })
    case 'user':
      return href('/dashboard/user/:id/edit', { id: file.recordId })
    case 'fuel_purchase':
      return href('/dashboard/fuel/:id', { id: file.recordId })
    case 'inspection':
      return href('/dashboard/inspections/:id', { id: file.recordId })
  }
}

function shape(row: FileSqlRow, role: Role) {
  const refusal = fileDeleteRefusal(role, { kind: row.kind, loadStatus: row.loadStatus, inspectedAt: row.inspectedAt })
  return {
    id: row.id,
    fileName: row.fileName,
    kind: row.kind,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    storageKey: row.storageKey,
    record: { type: row.recordType, id: row.recordId, label: row.recordLabel ?? '', path: recordPath(row) },
    uploadedBy: row.uploadedById ? { id: row.uploadedById, name: `${row.uploaderFirstName ?? ''} ${row.uploaderLastName ?? ''}`.trim() } : null,
    createdAt: row.createdAt,
    deleteRefusal: refusal,
  }
}
export type StoredFileRow = ReturnType<typeof shape>

/**
 * One page of the files a reader sees, with the total count and bytes of everything the search
 * and filters match (unless `totals: false`): two statements over the one index table, side by side.
 */
export async function listFiles(reader: FileReader, query: FileListQuery, options: { totals?: boolean } = {}) {
  const where = listWhere(reader, query)
  const { skip, take } = paging(query)
  const order = orderBy(query)
  const [rows, [totals]] = await Promise.all([
    // The page's ids first (an index-only scan however deep), then their rows.
    prisma.$queryRaw<FileSqlRow[]>(
      selectFiles(
        Prisma.sql`SELECT s.* FROM (SELECT f.id FROM "StoredFile" f WHERE ${where} ORDER BY ${order} LIMIT ${take} OFFSET ${skip}) p JOIN "StoredFile" s ON s.id = p.id`,
        order,
      ),
    ),
    options.totals === false
      ? [{ count: 0, bytes: 0n }]
      : prisma.$queryRaw<
          Array<{ count: number; bytes: bigint }>
        >`SELECT count(*)::int AS count, COALESCE(sum(f."sizeBytes"), 0)::bigint AS bytes FROM "StoredFile" f WHERE ${where}`,
  ])
  return { items: rows.map((row) => shape(row, reader.role)), total: totals.count, totalBytes: Number(totals.bytes) }
}

/** Files the reader sees, by id (unknown or unseen ids are left out), in the order asked. */
export async function findFiles(reader: FileReader, ids: readonly string[]) {
  const valid = ids.filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id))
  if (valid.length === 0) return []
  const rows = await prisma.$queryRaw<FileSqlRow[]>(
    selectFiles(
      Prisma.sql`SELECT * FROM "StoredFile" f WHERE ${visibleFilesWhere(reader)} AND f.id IN (${Prisma.join(valid)})`,
      Prisma.raw('f."createdAt" DESC, f.id DESC'),
    ),
  )
  const byId = new Map(rows.map((row) => [row.id, shape(row, reader.role)]))
  return [...new Set(valid)].flatMap((id) => byId.get(id) ?? [])
}

/** One file the reader sees, or 404. */
export async function getFile(reader: FileReader, id: string) {
  assertId(id, NOT_FOUND)
  const [file] = await findFiles(reader, [id])
  if (!file) throw new DomainError('not_found', NOT_FOUND)
  return file
}

/** A file's bytes (an older avatar lives on the disk, ADR 050: read as its page reads it), or null when the storage has none. */
export async function readFileBytes(file: { kind: FileKind; storageKey: string; record: { id: string } }, organizationId: string) {
  if (file.kind === 'avatar') return readAvatar(organizationId, file.record.id)
  return fileStorage().get(file.storageKey)
}

/** The bytes of one file the reader sees (404 when gone from the storage too). */
export async function readFile(reader: FileReader, id: string) {
  const file = await getFile(reader, id)
  const object = await readFileBytes(file, reader.organizationId)
  if (!object) throw new DomainError('not_found', NOT_FOUND)
  return { file, ...object }
}

/**
 * Deletes one file through its record's own rule: a load's paper as the load page deletes it
 * (never on an invoiced load), a product photo as the product page does; the others are changed
 * where they live (a mail with its message, a cover on its bulletin ...) and are refused here.
 */
export async function deleteFile(reader: FileReader, actor: Actor, id: string) {
  assertActorMay(actor, 'delete', 'file')
  const file = await getFile(reader, id)
  throwRefusal(file.deleteRefusal)
  if (file.kind === 'product_photo') await deleteProductPhoto(actor, file.record.id, file.id)
  else if (file.kind === 'fuel_receipt') await removeFuelReceipt(actor, file.record.id)
  else if (file.kind === 'inspection_photo') await deleteInspectionPhoto(actor, file.id)
  else await deleteLoadDocument(reader, actor, file.record.id, file.id)
  return file
}

/** The API shape (the contract's files row); `url` downloads it with the same session or key. */
export function serializeFile(file: StoredFileRow): StoredFileRecord {
  return {
    id: file.id,
    fileName: file.fileName,
    kind: file.kind,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    record: { type: file.record.type, id: file.record.id, label: file.record.label },
    uploadedBy: file.uploadedBy,
    createdAt: file.createdAt.toISOString(),
    url: href('/api/files/:id', { id: file.id }),
  }
}
