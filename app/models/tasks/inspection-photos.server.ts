/**
 * `release_inspection_photo`: a defect's photo uploaded for a report that was never filed is
 * removed a day later, its row and its file (ADR 135). Queued with the upload, so no listing of
 * the storage is needed; a photo attached meanwhile is kept (the job then finds nothing to do).
 */
import { z } from 'zod'

import { defineTask } from '../operations/jobs.server'

const Payload = z.object({ photoId: z.string().min(1).max(64) })

export const releaseInspectionPhotoTask = defineTask('release_inspection_photo', {
  parse: (payload) => Payload.parse(payload),
  run: async ({ photoId }) => {
    const { releaseOrphanPhoto } = await import('~/models/maintenance/inspection-photo.server')
    await releaseOrphanPhoto(photoId)
  },
})
