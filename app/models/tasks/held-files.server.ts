/**
 * `release_held_file`: a file the app holds for a form not yet saved (a rate confirmation read on
 * the new-load page) is removed a day later. Saving the form removes it at once; the job then
 * finds nothing, which is fine. Queued with the hold, so no listing of the storage is needed, on
 * disk or in S3, and every server's worker may run it.
 */
import { z } from 'zod'

import { fileStorage } from '~/utils/storage.server'

import { defineTask } from '../operations/jobs.server'

/** Only keys under the holding folders: a payload written by hand cannot remove a load's papers. */
export const HELD_PREFIXES = ['rate-confirmations/'] as const
const Payload = z.object({ key: z.string().refine((key) => HELD_PREFIXES.some((prefix) => key.startsWith(prefix)) && !key.includes('..')) })

/** How long an unsaved form's file is kept. */
export const HOLD_MS = 24 * 60 * 60 * 1000

export const releaseHeldFileTask = defineTask('release_held_file', {
  parse: (payload) => Payload.parse(payload),
  run: async ({ key }) => fileStorage().delete(key),
})
