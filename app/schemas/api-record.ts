/**
 * Building blocks of the API's response schemas (ADR 112): each serializer's return type is the
 * `z.infer` of its resource's response schema, the OpenAPI document is generated from the same
 * schema (app/api-docs/openapi.server.ts) and the contract tests check every 2xx body against it.
 * They describe what the server writes, so they carry no messages and no transforms.
 */
import { z } from 'zod'

import { LOAD_COUNT_CAP, LOAD_SEARCH_COUNT_CAP } from './load-options'

/** An instant as the API writes it: ISO 8601 in UTC (`Date#toISOString`). */
export const instant = () => z.iso.datetime().describe('An instant, ISO 8601 in UTC.')

/** A calendar day as the API writes it (and takes it back): `YYYY-MM-DD`. */
export const day = () => z.iso.date()

/** A custom field's stored values, by key (the list's definitions say which keys and kinds). */
export const customFieldValues = () => z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
export type CustomFieldValues = z.infer<ReturnType<typeof customFieldValues>>

/** A reference to another record, with the name a list shows for it. */
export const namedRef = () => z.object({ id: z.string(), name: z.string() })

/** A reference to a person: a driver, a user. */
export const personRef = () => z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })

/** A postal address as a record stores it, flat as its form has it (printed by addressLines, app/utils/format.ts). */
export const postalAddressFields = () => ({
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
})

/** A stored record of the organization: its own fields between the id and the bookkeeping the server adds. */
export function apiRecordSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({
    id: z.string().meta({ readOnly: true }),
    organizationId: z.string().meta({ readOnly: true }),
    ...shape,
    createdAt: instant().meta({ readOnly: true }),
    updatedAt: instant().meta({ readOnly: true }),
    version: z.number().int().min(1).meta({ readOnly: true, description: 'Send it back with PUT and DELETE: a stale one answers 409 conflict.' }),
  })
}

/** What DELETE answers. */
export const DeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) })

/** A list's `meta`: the total and the page (apiData's `meta`). */
export const ListMetaSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCapped: z
    .boolean()
    .optional()
    .describe(
      `Loads: \`total\` stopped counting, and there are more. Counting stops at ${LOAD_COUNT_CAP.toLocaleString('en-US')}, or at ${LOAD_SEARCH_COUNT_CAP.toLocaleString('en-US')} with \`q\` (a text search tests each row it counts); \`total\` is then that number. Absent when \`total\` is exact.`,
    ),
  nextCursor: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Loads: send it back as `?after=` (same filters and sort) for the next page, read from where this one ended however deep; null on the last page.',
    ),
})

/** A new share link (a file's, a load's tracking): the URL holds the token and is in this answer only. */
export const ShareLinkRecordSchema = z.object({ id: z.string(), url: z.url(), expiresAt: instant() })
export type ShareLinkRecord = z.infer<typeof ShareLinkRecordSchema>

/** A share link revoked: its page answers 404 from now on. */
export const RevokedShareLinkRecordSchema = z.object({
  id: z.string(),
  revoked: z.literal(true),
  revokedAt: instant().nullable().describe('When it was revoked (the first time, when revoked again).'),
})
export type RevokedShareLinkRecord = z.infer<typeof RevokedShareLinkRecordSchema>
