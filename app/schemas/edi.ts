/**
 * EDI (ADR 147): the trading partner's form and API body, the message log's and the
 * tender list's queries, and what the API answers. Messages are i18n keys (`edi.*`).
 */
import { z } from 'zod'

import { instant } from './api-record'
import {
  EDI_DELIVERIES,
  EDI_DIRECTIONS,
  EDI_MESSAGE_STATUSES,
  EDI_MESSAGE_TYPES,
  EDI_TENDER_PURPOSES,
  EDI_TENDER_STATUSES,
  EDI_TRANSPORTS,
} from './edi-options'
import { idText, integer, optionalText, requiredText, text, withVersion } from './fields'
import { enumFilter, idFilter, listQuery } from './list-query'
import { VersionSchema } from './version'

/** A checkbox (absent: false) or a JSON boolean. */
const flag = z.preprocess(
  (value) => (value === 'on' || value === 'true' ? true : value === 'false' || value === undefined ? false : value),
  z.boolean({ error: 'validation.choice' }),
)

/** ISA identifiers are X12's basic characters; ISA05/07 qualifiers two (01, 02, 08, 12, 14, ZZ …). */
const qualifier = text({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, 'edi.errors.qualifier')
const identifier = (max: number) =>
  text({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .regex(/^[A-Za-z0-9 .&()/,'+-]+$/, 'edi.errors.identifier')
const folder = optionalText(200).refine((value) => !value || /^[^\0]+$/.test(value), 'validation.invalidCharacters')

/** The SFTP settings (`sftp` in the API, `sftp.*` in the form): secrets only when typed (absent: keep the stored one). */
const SftpSchema = z.object({
  host: optionalText(253),
  port: integer(1, 65535).optional(),
  username: optionalText(100),
  password: optionalText(200),
  privateKey: optionalText(16_000),
  inboundDir: folder,
  outboundDir: folder,
})

/** An http partner's address (ADR 149): https only, no user or password in it. */
const httpUrl = optionalText(500).refine((value) => {
  if (!value) return true
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && !url.username && !url.password && url.hostname !== ''
  } catch {
    return false
  }
}, 'edi.tenderRespond.errors.httpUrl')

const partnerShape = {
  name: text({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
  brokerId: idText(),
  isaQualifier: qualifier,
  isaId: identifier(15),
  gsId: identifier(15),
  ourIsaQualifier: qualifier,
  ourIsaId: identifier(15),
  ourGsId: identifier(15),
  transport: z.enum(EDI_TRANSPORTS, { error: 'validation.choice' }).default('manual'),
  sftp: SftpSchema.optional(),
  httpUrl,
  send214: z.boolean({ error: 'validation.choice' }).default(false),
  send210: z.boolean({ error: 'validation.choice' }).default(false),
}

/** SFTP needs a host and a user name (the password or key: the model checks what is stored too); HTTP its URL. */
function sftpComplete<T extends { transport: string; sftp?: { host?: string; username?: string }; httpUrl?: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.transport === 'http' && !value.httpUrl) ctx.addIssue({ code: 'custom', path: ['httpUrl'], message: 'validation.required' })
  if (value.transport !== 'sftp') return
  if (!value.sftp?.host) ctx.addIssue({ code: 'custom', path: ['sftp', 'host'], message: 'validation.required' })
  if (!value.sftp?.username) ctx.addIssue({ code: 'custom', path: ['sftp', 'username'], message: 'validation.required' })
}

/** POST /api/edi/partners and the new-partner form's fields. */
export const EdiPartnerSchema = z.object(partnerShape).superRefine(sftpComplete)
export type EdiPartnerInput = z.infer<typeof EdiPartnerSchema>
export const EdiPartnerUpdateSchema = withVersion(z.object(partnerShape)).superRefine(sftpComplete)
export type EdiPartnerUpdate = z.infer<typeof EdiPartnerUpdateSchema>

/** The pages' forms: the flags are checkboxes. */
const formShape = { ...partnerShape, send214: flag, send210: flag }
export const EdiPartnerFormSchema = z.object(formShape).superRefine(sftpComplete)
export const EdiPartnerFormUpdateSchema = withVersion(z.object(formShape)).superRefine(sftpComplete)
export const EdiDeleteSchema = withVersion(z.object({}))

/**
 * POST /api/edi/tenders/{id}/accept and /decline, and the tender page's two forms (ADR 149): the
 * version read (optional in the API: a stale one is 409) and, to decline, why (N9-03 of the 990
 * carries its first 45 characters).
 */
export const EdiTenderAcceptSchema = z.object({ version: VersionSchema.optional() })
export const EdiTenderDeclineSchema = z.object({ version: VersionSchema.optional(), reason: requiredText(200) })
/** `POST /api/edi/messages/{id}/resend` takes no fields (ADR 155), as a webhook retry takes none: the message's `failed` state is its guard. */
export const EdiMessageResendSchema = z.strictObject({})

export const EdiMessageQuerySchema = listQuery({
  sorts: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { direction: enumFilter(EDI_DIRECTIONS), status: enumFilter(EDI_MESSAGE_STATUSES), type: enumFilter(EDI_MESSAGE_TYPES), partnerId: idFilter() },
})
export type EdiMessageQuery = z.infer<typeof EdiMessageQuerySchema>

export const EdiTenderQuerySchema = listQuery({
  sorts: ['createdAt'] as const,
  defaultSort: 'createdAt',
  defaultDir: 'desc',
  filters: { status: enumFilter(EDI_TENDER_STATUSES), partnerId: idFilter() },
})
export type EdiTenderQuery = z.infer<typeof EdiTenderQuerySchema>

// --- What the API answers ---------------------------------------------------------------------

export const EdiPartnerRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    brokerId: z.string(),
    isaQualifier: z.string(),
    isaId: z.string(),
    gsId: z.string(),
    ourIsaQualifier: z.string(),
    ourIsaId: z.string(),
    ourGsId: z.string(),
    transport: z.enum(EDI_TRANSPORTS),
    sftp: z
      .object({
        host: z.string().nullable(),
        port: z.number().int().nullable(),
        username: z.string().nullable(),
        hasPassword: z.boolean().describe('A password is stored (never answered).'),
        hasPrivateKey: z.boolean().describe('A private key is stored (never answered).'),
        inboundDir: z.string().nullable(),
        outboundDir: z.string().nullable(),
      })
      .describe('The SFTP settings; `password` and `privateKey` are write-only: sent to set or replace, never answered.'),
    httpUrl: z.string().nullable().describe('Where an `http` partner takes our interchanges (an https URL, POSTed as application/edi-x12).'),
    send214: z.boolean(),
    send210: z.boolean(),
    createdAt: instant(),
    updatedAt: instant(),
    version: z.number().int(),
  })
  .describe('A trading partner: the broker it tenders for, its ISA/GS identifiers and ours, and how files travel.')
export type EdiPartnerRecord = z.infer<typeof EdiPartnerRecordSchema>

export const EdiMessageRecordSchema = z.object({
  id: z.string(),
  direction: z.enum(EDI_DIRECTIONS),
  type: z.string().nullable().describe('204, 990, 214, 210 or 997; null when the interchange could not be read that far.'),
  controlNumber: z.string().nullable().describe('ISA13.'),
  groupControlNumber: z.string().nullable(),
  transactionControlNumber: z.string().nullable(),
  partnerId: z.string().nullable(),
  loadId: z.string().nullable(),
  status: z.enum(EDI_MESSAGE_STATUSES),
  reason: z.string().nullable().describe('Why it was rejected: a stable code (`se_count`, `ge_control`, `unknown_partner`, `not_x12` …).'),
  reasonMessage: z.string().nullable(),
  acknowledgesId: z.string().nullable().describe('On a 997 we sent: the interchange it answers.'),
  delivery: z
    .enum(EDI_DELIVERIES)
    .nullable()
    .describe(
      'Ours only: where it is on its way through the partner’s transport (`waiting`: queued or to be tried again; `manual`: nothing is sent, download it). Null for what came in and for 997s answered on the spot.',
    ),
  attempts: z.number().int().describe('Delivery attempts made.'),
  lastError: z.string().nullable().describe('Why the last attempt failed, a stable code (`sftp_unreachable`, `http_status_503`, `http_timeout` …).'),
  deliveredAt: instant().nullable(),
  sizeBytes: z.number().int(),
  createdAt: instant(),
})
export type EdiMessageRecord = z.infer<typeof EdiMessageRecordSchema>

const TenderStopRecordSchema = z.object({
  sequence: z.number().int(),
  reason: z.string().describe('S5-02 as sent (CL, LD, PL: pick up; CU, UL, PU: deliver).'),
  kind: z.enum(['pickup', 'delivery', 'other']),
  name: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  windowStart: instant().nullable(),
  windowEnd: instant().nullable(),
  weightLb: z.number().int().nullable(),
  references: z.array(z.object({ qualifier: z.string(), value: z.string() })),
})

export const EdiTenderRecordSchema = z.object({
  id: z.string(),
  partnerId: z.string(),
  messageId: z.string(),
  shipmentId: z.string().describe('B2-04.'),
  purpose: z.enum(EDI_TENDER_PURPOSES).describe('B2A-01: 00 new, 04 change, 01 cancel (the last 204 read).'),
  status: z.enum(EDI_TENDER_STATUSES),
  respondBy: instant().nullable(),
  references: z.array(z.object({ qualifier: z.string(), value: z.string() })),
  stops: z.array(TenderStopRecordSchema),
  weightLb: z.number().int().nullable(),
  equipmentType: z.string().nullable(),
  rateCents: z.number().int().nullable(),
  loadId: z.string().nullable().describe('The load booked when it was accepted.'),
  declineReason: z.string().nullable().describe('Why it was declined (the 990 `D`).'),
  conflict: z
    .string()
    .nullable()
    .describe(
      'A change or cancel the partner sent after acceptance that could not reach the booked load (`load_not_editable`, `load_not_cancelable`); null when none.',
    ),
  createdAt: instant(),
  updatedAt: instant(),
  version: z.number().int(),
})
export type EdiTenderRecord = z.infer<typeof EdiTenderRecordSchema>

export const EdiInboundRecordSchema = z.object({
  message: EdiMessageRecordSchema,
  acknowledgment: EdiMessageRecordSchema.extend({ raw: z.string().describe('The 997, as sent.') }).nullable(),
  tenders: z.array(EdiTenderRecordSchema),
})
export type EdiInboundRecord = z.infer<typeof EdiInboundRecordSchema>
