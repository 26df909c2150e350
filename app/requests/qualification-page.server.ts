/**
 * The qualification file's pages (ADR 139): the office's page of a driver's file and the driver's
 * own share what the loader sends and how a post is read. A post with a file input is multipart
 * (its document streamed to storage as it arrives, refused past 15 MB or of another type with a
 * translated message and nothing kept); one without is a plain form. Every intent goes through the
 * one page-action protocol; a refused post removes the document it stored.
 */
import { href } from 'react-router'
import { z } from 'zod'

import type { Actor } from '~/models/audit/audit.server'
import { getComplianceSettings } from '~/models/compliance/compliance-settings.server'
import {
  createQualification,
  deleteQualification,
  getQualificationFile,
  isMultipart,
  type QualificationItem,
  receiveQualificationUpload,
  reviewQualification,
  updateQualification,
} from '~/models/compliance/qualification.server'
import type { StoredDocument } from '~/models/files/streamed-upload.server'
import { discardUpload } from '~/models/files/streamed-upload.server'
import { isoDate } from '~/models/records/records.server'
import { idText } from '~/schemas/fields'
import { QualificationReviewSchema, QualificationSchema, QualificationUpdateSchema } from '~/schemas/qualification'
import { VersionSchema } from '~/schemas/version'
import { isDomainError } from '~/utils/errors.server'
import { redirectWithToast } from '~/utils/toast.server'

import { intent, intentAction, refuseError } from './forms.server'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** The item as the page shows it, its document read through the page's own permission-checked route. */
function pageItem(item: QualificationItem) {
  return {
    id: item.id,
    kind: item.kind,
    completedAt: isoDate(item.completedAt)!,
    expiresAt: isoDate(item.expiresAt),
    result: item.result,
    notes: item.notes,
    review: item.review,
    validThrough: item.validThrough,
    status: item.status,
    version: item.version,
    document: item.documentKey
      ? {
          fileName: item.documentName!,
          sizeBytes: item.documentBytes ?? 0,
          url: href('/dashboard/user/:id/qualifications/:itemId/document', { id: item.driverId, itemId: item.id }),
        }
      : null,
  }
}

/** A driver's file for its page: the driver, each kind with its status and items, which kinds are required. */
export async function qualificationPageData(actor: Actor, driverId: string) {
  const [file, settings] = await Promise.all([getQualificationFile(actor, driverId), getComplianceSettings(actor.organizationId)])
  const kinds = file.kinds.map((kind) => ({
    kind: kind.kind,
    status: kind.status,
    validThrough: kind.validThrough,
    required: settings.requiredKinds.includes(kind.kind),
    items: kind.items.map(pageItem),
  }))
  return { driver: { id: file.driver.id, firstName: file.driver.firstName, lastName: file.driver.lastName }, kinds }
}

const ItemRef = z.object({ id: idText(), version: VersionSchema })

/**
 * A post to a driver's file: `create`, `update` (the item's `id` and `version`), `delete` and
 * `review` (`accepted` or `rejected`), each answered with a redirect and a toast to `back`, or a
 * refusal for its form.
 */
export async function qualificationPageAction(actor: Actor, driverId: string, request: Request, t: Translate, back: string) {
  let form: FormData
  let stored: StoredDocument | undefined
  if (isMultipart(request)) {
    // The intent is not known before the body is read: the model checks the actor again for the one posted.
    try {
      ;({ form, stored } = await receiveQualificationUpload(actor, driverId, request, actor.role === 'driver' ? 'create' : 'update'))
    } catch (error) {
      if (!isDomainError(error)) throw error
      return refuseError({ intent: 'save' }, error, t)
    }
  } else form = await request.formData()
  const done = (key: string) => () => redirectWithToast(back, { type: 'success', title: t(key) })
  const answer = await intentAction(form, t, {
    // The create and the update share one form (and its refusal): `save`, with an `id` for an update.
    save: form.get('id')
      ? intent({
          schema: QualificationUpdateSchema.and(z.object({ id: idText() })),
          run: (input) => updateQualification(actor, driverId, input.id, input, stored),
          done: done('qualifications.toast.updated'),
        })
      : intent({
          schema: QualificationSchema,
          run: (input) => createQualification(actor, driverId, input, stored),
          done: done(actor.role === 'driver' ? 'qualifications.toast.uploaded' : 'qualifications.toast.created'),
        }),
    delete: intent({
      schema: ItemRef,
      run: (input) => deleteQualification(actor, driverId, input.id, input.version),
      done: done('qualifications.toast.deleted'),
    }),
    review: intent({
      schema: QualificationReviewSchema.extend({ id: idText() }),
      run: (input) => reviewQualification(actor, driverId, input.id, input),
      done: (item) => redirectWithToast(back, { type: 'success', title: t(`qualifications.toast.${item.review}`) }),
    }),
  })
  // Anything but the redirect of a saved item: the upload it stored is not kept.
  if (!(answer instanceof Response && answer.status >= 300 && answer.status < 400)) await discardUpload(stored)
  return answer
}
