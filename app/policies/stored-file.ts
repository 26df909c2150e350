/**
 * The files manager's policy (ADR 067): a file is deleted by its record's own rule. A load's
 * paper as the load page deletes it (the roles that delete documents, never on an invoiced load),
 * a product photo by those who edit products, a fuel receipt by those who change fuel purchases, a
 * defect's photo by those who certify reports once its report is past 3 months; a mail or chat attachment goes with its message, a
 * bulletin's cover and a profile picture are changed on their own pages. Zod-free: the list asks
 * it what to offer, the model refuses by it.
 */
import { LOAD_DOCUMENT_KINDS } from '~/schemas/load-document-options'
import type { LoadStatus } from '~/schemas/load-options'
import type { FileKind } from '~/schemas/stored-file-options'
import { can, type Role } from '~/utils/permissions'

import { photoDeleteRefusal } from './inspection'
import { canDeleteDocuments, documentDeleteRefusal } from './load'
import type { PolicyRefusal } from './refusal'

const FORBIDDEN: PolicyRefusal = { code: 'forbidden', key: 'files.refusals.forbidden' }

export function fileDeleteRefusal(
  role: Role,
  file: { kind: FileKind; loadStatus?: LoadStatus | null; inspectedAt?: Date | null },
  now = new Date(),
): PolicyRefusal | null {
  if (!can(role, 'delete', 'file')) return FORBIDDEN
  if ((LOAD_DOCUMENT_KINDS as readonly string[]).includes(file.kind)) {
    if (!canDeleteDocuments(role)) return FORBIDDEN
    return file.loadStatus ? documentDeleteRefusal(file.loadStatus) : null
  }
  switch (file.kind) {
    case 'product_photo':
      return can(role, 'update', 'product') ? null : FORBIDDEN
    case 'fuel_receipt':
      // Its purchase's rule: those who change purchases (a filed quarter's receipt stays: the model refuses).
      return can(role, 'update', 'fuelPurchase') ? null : FORBIDDEN
    case 'inspection_photo':
      // Its report's rule: those who certify reports, once the report is past its 3 months (ADR 135).
      return photoDeleteRefusal(role, file.inspectedAt ?? null, now)
    case 'mail_attachment':
      return { code: 'in_use', key: 'files.refusals.mail' }
    case 'chat_attachment':
      return { code: 'in_use', key: 'files.refusals.chat' }
    case 'post_cover':
      return { code: 'in_use', key: 'files.refusals.postCover' }
    default:
      return { code: 'in_use', key: 'files.refusals.avatar' }
  }
}

/** Who may make and revoke share links (`create` on files). */
export function canShareFiles(role: Role) {
  return can(role, 'create', 'file')
}
