/**
 * The OpenAPI 3.1 document of the JSON API (`GET /api/openapi.json`), built from the same zod
 * schemas the routes validate with: a body or query rule changes in one place and the document
 * follows. tests/integration/openapi.test.ts fails when an API route or method is missing here.
 *
 * Answers (ADR 112): a resource whose serializer is typed by a response schema (`TruckRecordSchema`
 * …, `response` below) has its 2xx answers generated from it, and each is registered by
 * `METHOD /path status` for the contract tests (`responseSchema`), which check every 2xx body
 * against it. The other answers are still written here by hand, as JSON Schema, until their
 * serializers get a response schema; generatedTags() says which resources are generated.
 */
import { z } from 'zod'

import { SHIPPING_CENTS } from '~/policies/cart'
import { AccidentDocumentRecordSchema, AccidentListQuerySchema, AccidentRecordSchema, AccidentSchema, AccidentUpdateSchema } from '~/schemas/accident'
import {
  AccountingExportListQuerySchema,
  AccountingExportRecordSchema,
  AccountingExportSchema,
  AccountingSettingsRecordSchema,
  AccountingSettingsSchema,
} from '~/schemas/accounting'
import { BooksLockRecordSchema, CloseBooksSchema, ReopenBooksSchema } from '~/schemas/accounting-lock'
import { DeletedSchema, ListMetaSchema, RevokedShareLinkRecordSchema, ShareLinkRecordSchema } from '~/schemas/api-record'
import { LoginSchema, RegisterSchema } from '~/schemas/auth'
import { BrokerListQuerySchema, BrokerRecordSchema, BrokerSchema, BrokerUpdateSchema } from '~/schemas/broker'
import {
  ChatHistoryQuery,
  ChatMessageRecordSchema,
  ChatMessageSchema,
  ChatReadBodySchema,
  ChatReadRecordSchema,
  ConversationListSchema,
  ConversationPageSchema,
  ConversationRecordSchema,
  ConversationSchema,
} from '~/schemas/chat'
import { CHAT_ATTACHMENT_TYPES, CHAT_BODY_MAX, CHAT_FILE_MAX_BYTES, CHAT_PAGE_SIZE } from '~/schemas/chat-options'
import {
  CartAddSchema,
  CartBillingSchema,
  CartQuantitySchema,
  CartRecordSchema,
  CartStepSchema,
  CheckoutSchema,
  OrderCancelSchema,
  OrderListQuerySchema,
  OrderRecordSchema,
} from '~/schemas/checkout'
import { MAX_LINE_QUANTITY, SHIPPING_METHODS } from '~/schemas/checkout-options'
import { ClaimDeductionSchema, ClaimListQuerySchema, ClaimRecordSchema, ClaimSchema, ClaimStatusSchema, ClaimUpdateSchema } from '~/schemas/claim'
import { CompanyListQuerySchema, CompanyRecordSchema, CompanySchema, CompanyUpdateSchema } from '~/schemas/company'
import { ComplianceQuerySchema, DriverComplianceSchema } from '~/schemas/compliance'
import { CustomFieldCreateSchema, CustomFieldListFilterSchema, CustomFieldRecordSchema } from '~/schemas/custom-field'
import {
  EdiInboundRecordSchema,
  EdiMessageQuerySchema,
  EdiMessageRecordSchema,
  EdiMessageResendSchema,
  EdiPartnerRecordSchema,
  EdiPartnerSchema,
  EdiPartnerUpdateSchema,
  EdiTenderAcceptSchema,
  EdiTenderDeclineSchema,
  EdiTenderQuerySchema,
  EdiTenderRecordSchema,
} from '~/schemas/edi'
import {
  AgreementRecordSchema,
  AgreementSchema,
  PurchaseSchema,
  ReserveReleaseSchema,
  ScheduleActionSchema,
  ScheduleCreateSchema,
  ScheduleListQuerySchema,
  ScheduleRecordSchema,
  ScheduleRowRecordSchema,
} from '~/schemas/factoring'
import { FUEL_CARD_FORMATS, FUEL_IMPORT_COLUMNS } from '~/schemas/fuel-import-options'
import { FuelPurchaseListQuerySchema, FuelPurchaseRecordSchema, FuelPurchaseSchema, FuelPurchaseUpdateSchema } from '~/schemas/fuel-purchase'
import { FileReturnSchema, IftaRatesRecordSchema, IftaRatesSchema, IftaReturnQuerySchema, IftaReturnRecordSchema, ReopenReturnSchema } from '~/schemas/ifta'
import { RATE_MATRIX_MAX_BYTES } from '~/schemas/ifta-options'
import {
  FuelImportCreatedRecordSchema,
  ImportCreatedRecordSchema,
  ImportReportRecordSchema,
  LoadImportCreatedRecordSchema,
  TripImportCreatedRecordSchema,
} from '~/schemas/import'
import {
  IMPORT_LISTS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CELL,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_ROWS,
  IMPORT_PATHS,
  type ImportListName,
  RECORD_IMPORT_COLUMNS,
} from '~/schemas/import-options'
import { CertifySchema, InspectionListQuerySchema, InspectionPhotoRecordSchema, InspectionRecordSchema, InspectionSchema } from '~/schemas/inspection'
import { INSPECTION_PHOTO_TYPES } from '~/schemas/inspection-options'
import {
  FactorAssignmentSchema,
  InvoiceActionSchema,
  InvoiceListQuerySchema,
  InvoiceRecordSchema,
  InvoiceRowRecordSchema,
  InvoiceSchema,
  InvoiceUpdateSchema,
  PaymentSchema,
} from '~/schemas/invoice'
import {
  LoadApiListQuerySchema,
  LoadDocumentRecordSchema,
  LoadRecordSchema,
  LoadReopenSchema,
  LoadRowRecordSchema,
  LoadSchema,
  LoadStatusMoveSchema,
  LoadUpdateSchema,
  RateConfirmationReadingSchema,
  StopDeletedSchema,
  StopEventSchema,
} from '~/schemas/load'
import { LOAD_DOCUMENT_KINDS, LOAD_DOCUMENT_MAX_BYTES, LOAD_DOCUMENT_TYPES } from '~/schemas/load-document-options'
import { LOAD_IMPORT_COLUMNS } from '~/schemas/load-import-options'
import { MailComposeSchema, MailDeletedSchema, MailListQuerySchema, MailPageSchema, MailRecordSchema, MailUpdateSchema } from '~/schemas/mail'
import { MAIL_ATTACHMENT_MAX_BYTES, MAIL_ATTACHMENTS_MAX, MAIL_ATTACHMENTS_MAX_TOTAL_BYTES } from '~/schemas/mail-options'
import {
  DueQuerySchema,
  MaintenanceScheduleListQuerySchema,
  MaintenanceScheduleRecordSchema,
  MaintenanceScheduleSchema,
  MaintenanceScheduleUpdateSchema,
} from '~/schemas/maintenance-schedule'
import { OdometerReadingQuerySchema, OdometerReadingRecordSchema, OdometerReadingSchema } from '~/schemas/odometer-reading'
import { OrganizationPutSchema, OrganizationRecordSchema } from '~/schemas/organization'
import {
  PostAcknowledgeSchema,
  PostCommentRecordSchema,
  PostCommentSchema,
  PostListQuerySchema,
  PostRecordSchema,
  PostSchema,
  PostUpdateSchema,
} from '~/schemas/post'
import { ProductListQuerySchema, ProductPhotoRecordSchema, ProductRecordSchema, ProductSchema, ProductUpdateSchema } from '~/schemas/product'
import { MAX_PRODUCT_PHOTOS, PRODUCT_PHOTO_MAX_BYTES } from '~/schemas/product-options'
import {
  ComplianceSettingsRecordSchema,
  ComplianceSettingsSchema,
  QualificationRecordSchema,
  QualificationSchema,
  QualificationUpdateSchema,
} from '~/schemas/qualification'
import { QUALIFICATION_KINDS } from '~/schemas/qualification-options'
import { QuoteActionSchema, QuoteConvertSchema, QuoteListQuerySchema, QuoteLostSchema, QuotePriceSchema, QuoteRecordSchema } from '~/schemas/quote'
import {
  PayRunRecordSchema,
  SettlementActionSchema,
  SettlementCreateSchema,
  SettlementListQuerySchema,
  SettlementPaySchema,
  SettlementRecordSchema,
  SettlementRowRecordSchema,
  SettlementRunSchema,
} from '~/schemas/settlement'
import { FaqEntrySchema, ServiceSchema, SiteTextsSchema } from '~/schemas/site'
import { SITE_LIMITS } from '~/schemas/site-options'
import { FileListMetaSchema, FileListQuerySchema, FileShareCreateSchema, StoredFileRecordSchema } from '~/schemas/stored-file'
import { FILE_SHARE_DEFAULT_DAYS, FILE_SHARE_MAX_DAYS } from '~/schemas/stored-file-options'
import { TrackingLinkCreateSchema } from '~/schemas/tracking-link'
import { TRACKING_LINK_MAX_DAYS } from '~/schemas/tracking-link-options'
import { TrailerListQuerySchema, TrailerRecordSchema, TrailerSchema, TrailerUpdateSchema } from '~/schemas/trailer'
import { TripListQuerySchema, TripRecordSchema, TripSchema, TripUpdateSchema } from '~/schemas/trip'
import { ELD_FORMATS, TRIP_IMPORT_COLUMNS } from '~/schemas/trip-import-options'
import { TruckListQuerySchema, TruckRecordSchema, TruckSchema, TruckUpdateSchema } from '~/schemas/truck'
import { AccountUserRecordSchema, SessionRecordSchema, UserCreateSchema, UserListQuerySchema, UserRecordSchema, UserUpdateSchema } from '~/schemas/user'
import { OptionalVersionSchema } from '~/schemas/version'
import {
  WebhookDeliveryQuerySchema,
  WebhookDeliveryRecordSchema,
  WebhookRecordSchema,
  WebhookRetrySchema,
  WebhookSchema,
  WebhookUpdateSchema,
  WebhookWithSecretRecordSchema,
} from '~/schemas/webhook'
import { WEBHOOK_EVENTS } from '~/schemas/webhook-options'
import {
  WorkOrderActionSchema,
  WorkOrderCompleteSchema,
  WorkOrderListQuerySchema,
  WorkOrderRecordSchema,
  WorkOrderSchema,
  WorkOrderUpdateSchema,
} from '~/schemas/work-order'
import { ERROR_CODES } from '~/utils/errors.server'
import { MAIL_ATTACHMENT_TYPES } from '~/utils/mail-attachment-type.server'

type JsonSchema = Record<string, unknown>
type Operation = Record<string, unknown>

/** What a client sends: the schema's input side (before defaults and transforms). */
function input(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  return json
}

/**
 * What the server answers: a response schema's output side. Open to fields added later (no
 * `additionalProperties: false`); the contract tests check bodies against the zod itself.
 */
function output(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties
    },
  }) as JsonSchema
  return json
}

/** The zod schema of every generated 2xx JSON answer, by `METHOD /path status` (filled as the document is built). */
const generated = new Map<string, z.ZodType>()

/** A 2xx JSON answer generated from its zod schema, registered for the contract tests. */
function answer(method: string, path: string, status: string, description: string, schema: z.ZodType, more: Record<string, unknown> = {}) {
  generated.set(`${method.toUpperCase()} ${path} ${status}`, schema)
  return { description, content: { 'application/json': { schema: output(schema) }, ...more } }
}

/** `{ data }` around a record, and a page of records with its `meta`. */
const dataOf = (schema: z.ZodType) => z.object({ data: schema })
const pageOf = (schema: z.ZodType) => z.object({ data: z.array(schema), meta: ListMetaSchema })

/** A list's query string, one parameter per field of its zod schema. */
function queryParameters(schema: z.ZodType) {
  const json = input(schema)
  return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    schema: property,
  }))
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } })
const dataResponse = (description: string, schema: JsonSchema) => ({
  description,
  content: { 'application/json': { schema: { type: 'object', properties: { data: schema }, required: ['data'] } } },
})
const listResponse = (schema: JsonSchema) => ({
  description: 'One page of records, in `data`; `meta` has the total and the page. `?format=csv` streams every matching record as CSV instead.',
  content: {
    'application/json': {
      schema: { type: 'object', properties: { data: { type: 'array', items: schema }, meta: ref('ListMeta') }, required: ['data', 'meta'] },
    },
    'text/csv': { schema: { type: 'string' } },
  },
})
const jsonBody = (schema: JsonSchema, required = true) => ({ required, content: { 'application/json': { schema } } })
const notJson = errorResponse(
  'unsupported_media_type: a body that is not sent as application/json (or a +json type). An empty body, whatever its Content-Type, reads as `{}`: 400 naming the required fields.',
)
const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } }
const versionParameter = {
  name: 'version',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1 },
  description: 'The version last read: a stale one answers 409 conflict.',
}
const common = {
  '400': errorResponse('validation_failed: the body or query is not valid; `fields` names each field with its message.'),
  '401': errorResponse('unauthorized: no valid access token.'),
  '403': errorResponse('forbidden: the role may not do this.'),
  '405': errorResponse('method_not_allowed: the `Allow` header lists what this path answers.'),
  '413': errorResponse('payload_too_large: the body is over 1 MB.'),
  '429': errorResponse(
    'rate_limited: too many requests for this credential or address this minute; retry after `Retry-After` seconds. Every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`.',
  ),
  '503': errorResponse('unavailable: the database is unreachable; retry after `Retry-After` seconds.'),
}

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Any unique string (a UUID). A retry with the same key within 24 hours gets the first answer again (header `Idempotent-Replayed: true`) and creates nothing; the same key with another method, path, query string or body is 422 idempotency_mismatch; while the first request runs, 409. The credential is checked first: a revoked one gets 401, never the stored answer.',
}

type Resource = {
  tag: string
  /** What the summaries call its records when the tag names more than one resource (`fuel purchases` under `fuel tax`). */
  name?: string
  /** Path segments: the collection and the item (`/user/{id}` for `/users`: the specification's). */
  collection: string
  item: string
  /** The operations' names when the path has more than one segment (`maintenance_schedules`); else the collection and item. */
  operationName?: string
  /** The record as answered: its response schema (generated answers), or, until it has one, JSON Schema written here. */
  record: z.ZodType | JsonSchema
  /** A list row, when it is not the whole record (invoices: no lines, payments or email). */
  listRecord?: z.ZodType
  create?: JsonSchema
  update?: JsonSchema
  list: ReturnType<typeof queryParameters>
  /** `DELETE` answers 409 in_use while other records reference it. */
  deletable: boolean
}

function resourcePaths(resource: Resource) {
  const { tag } = resource
  const name = resource.name ?? tag
  const paths: Record<string, Record<string, Operation>> = {}
  const collectionPath = `/api/${resource.collection}`
  const itemPath = `/api/${resource.item}/{id}`
  const zod = resource.record instanceof z.ZodType ? resource.record : undefined
  const json = zod ? output(zod) : (resource.record as JsonSchema)
  const csv = { 'text/csv': { schema: { type: 'string' } } }
  const listDescription = listResponse(json).description
  const list = zod ? answer('get', collectionPath, '200', listDescription, pageOf(resource.listRecord ?? zod), csv) : listResponse(json)
  const one = (method: string, path: string, status: string, description: string) =>
    zod ? answer(method, path, status, description, dataOf(zod)) : dataResponse(description, json)
  const collection: Record<string, Operation> = {
    get: {
      tags: [tag],
      summary: `List ${name}`,
      operationId: `list_${resource.operationName ?? resource.collection}`,
      parameters: resource.list,
      responses: { '200': list, ...common },
    },
  }
  if (resource.create) {
    collection.post = {
      tags: [tag],
      summary: `Create one of ${name}`,
      operationId: `create_${resource.operationName ?? resource.collection}`,
      parameters: [idempotencyKeyParameter],
      requestBody: jsonBody(resource.create),
      responses: {
        '201': one('post', collectionPath, '201', 'Created.'),
        '409': errorResponse('conflict: a unique field is taken, or a request with this Idempotency-Key is still running.'),
        '415': notJson,
        '422': errorResponse('idempotency_mismatch: this Idempotency-Key was used for another request.'),
        ...common,
      },
    }
  }
  paths[collectionPath] = collection

  const item: Record<string, Operation> = {
    get: {
      tags: [tag],
      summary: `Read one of ${name}`,
      operationId: `read_${resource.operationName ?? resource.item}`,
      parameters: [idParameter],
      responses: { '200': one('get', itemPath, '200', 'The record.'), '404': errorResponse('not_found: no such record in your organization.'), ...common },
    },
  }
  if (resource.update) {
    item.put = {
      tags: [tag],
      summary: `Replace one of ${name}`,
      operationId: `update_${resource.operationName ?? resource.item}`,
      parameters: [idParameter],
      requestBody: jsonBody(resource.update),
      responses: {
        '200': one('put', itemPath, '200', 'The record as stored.'),
        '404': errorResponse('not_found'),
        '409': errorResponse('conflict: the version is stale, or a unique field is taken.'),
        '415': notJson,
        ...common,
      },
    }
  }
  if (resource.deletable) {
    item.delete = {
      tags: [tag],
      summary: `Delete one of ${name}`,
      operationId: `delete_${resource.operationName ?? resource.item}`,
      parameters: [idParameter, versionParameter],
      responses: {
        '200': answer('delete', itemPath, '200', 'Deleted.', dataOf(DeletedSchema)),
        '404': errorResponse('not_found'),
        '409': errorResponse('conflict (stale version) or in_use (other records still reference it).'),
        ...common,
      },
    }
  }
  paths[itemPath] = item
  return paths
}

/** Companies at the specification's `/api/company`, and `/api/companies` as an alias. */
const companies: Resource = {
  tag: 'companies',
  collection: 'company',
  item: 'company',
  record: CompanyRecordSchema,
  create: input(CompanySchema),
  update: input(CompanyUpdateSchema),
  list: queryParameters(CompanyListQuerySchema),
  deletable: true,
}

/** Users: listed at `/api/users`; one user (and the specification's create) at `/api/user`. */
const users: Resource = {
  tag: 'users',
  collection: 'users',
  item: 'user',
  record: UserRecordSchema,
  create: input(UserCreateSchema),
  update: input(UserUpdateSchema),
  list: queryParameters(UserListQuerySchema),
  deletable: false,
}

/** The invoice actions beside the five calls: send, email again, void, payments, the PDF. */
function invoicePaths(): Record<string, Record<string, Operation>> {
  const action = (path: string, operationId: string, summary: string, description: string, conflicts: string) => ({
    post: {
      tags: ['invoices'],
      summary,
      description,
      operationId,
      parameters: [idParameter],
      // Optional: no body and no Content-Type is fine; without `version` the invoice's state decides.
      requestBody: jsonBody(input(InvoiceActionSchema), false),
      responses: {
        '200': answer('post', path, '200', 'The invoice.', dataOf(InvoiceRecordSchema)),
        '404': errorResponse('not_found'),
        '409': errorResponse(conflicts),
        '415': notJson,
        ...common,
      },
    },
  })
  return {
    '/api/invoice/{id}/send': action(
      '/api/invoice/{id}/send',
      'send_invoice',
      'Send an invoice',
      'A draft becomes `sent`: kept from now on (void it rather than delete it), and it takes payments.',
      'invalid_transition (not a draft) or conflict (stale version).',
    ),
    '/api/invoice/{id}/void': action(
      '/api/invoice/{id}/void',
      'void_invoice',
      'Void an invoice',
      'The invoice stays for the record with no effect; its loads are `delivered` (billable) again.',
      'in_use (payments recorded: remove them first), invalid_transition (already void) or conflict (stale version).',
    ),
    '/api/invoice/{id}/assignment': {
      post: {
        tags: ['invoices'],
        summary: 'Assign an invoice to the factor, or take it back',
        description:
          '`{ assigned: true }`: the carrier assigns the invoice to the factor of its agreement, which becomes its remit-to (with a notice of assignment on its PDF, email and payment page); `false` takes it back. A draft or an open invoice only; one on a schedule sent to or bought by the factor is assigned by that schedule. Admins and accountants (factoring).',
        operationId: 'assign_invoice',
        parameters: [idParameter],
        requestBody: jsonBody(input(FactorAssignmentSchema)),
        responses: {
          '200': answer('post', '/api/invoice/{id}/assignment', '200', 'The invoice.', dataOf(InvoiceRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse(
            'invalid_transition (no agreement, paid or void, already assigned or not assigned), in_use (on a schedule the factor has) or conflict (stale version).',
          ),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/invoice/{id}/email': action(
      '/api/invoice/{id}/email',
      'email_invoice',
      'Email an invoice again',
      'Queues the emailed copy of a sent invoice once more (after a failure, or a new billing address). Pressed twice while waiting, it is still one email.',
      'invalid_transition (a draft or void invoice) or conflict (stale version).',
    ),
    '/api/invoice/{id}/pdf': {
      get: {
        tags: ['invoices'],
        summary: 'Download an invoice as PDF',
        description: 'The invoice in its own language, as an attachment; the same invoice gives the same bytes.',
        operationId: 'download_invoice_pdf',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The PDF, as an attachment (`Content-Disposition`).',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/invoice/{id}/packet': {
      get: {
        tags: ['invoices'],
        summary: 'Download an invoice billing packet as PDF',
        description:
          "One PDF: a cover page listing what it holds, the invoice, then each of its loads' rate confirmations, bills of lading and proofs of delivery, in that order, load by load in the invoice's line order. PNG, JPEG and WebP images become a page each, scaled to fit. A document that cannot be read (damaged, encrypted, missing) is listed on the cover as left out; the packet is still made.",
        operationId: 'download_invoice_packet',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The PDF, as an attachment (`Content-Disposition`).',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/invoice/{id}/payments': {
      post: {
        tags: ['invoices'],
        summary: 'Record a payment',
        description: 'Positive and at most the balance (400 otherwise). The invoice becomes `partially_paid` or `paid`.',
        operationId: 'record_invoice_payment',
        parameters: [idParameter, idempotencyKeyParameter],
        requestBody: jsonBody(input(PaymentSchema)),
        responses: {
          '201': answer('post', '/api/invoice/{id}/payments', '201', 'The invoice with the payment.', dataOf(InvoiceRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('invalid_transition (a draft, paid or void invoice) or conflict (stale version).'),
          '415': notJson,
          '422': errorResponse('idempotency_mismatch: this Idempotency-Key was used for another request.'),
          ...common,
        },
      },
    },
    '/api/invoice/{id}/payments/{paymentId}': {
      delete: {
        tags: ['invoices'],
        summary: 'Remove a payment',
        description: 'A payment recorded by mistake; the amount paid and the status go back.',
        operationId: 'delete_invoice_payment',
        parameters: [idParameter, { name: 'paymentId', in: 'path', required: true, schema: { type: 'string' } }, versionParameter],
        responses: {
          '200': answer('delete', '/api/invoice/{id}/payments/{paymentId}', '200', 'The invoice without the payment.', dataOf(InvoiceRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict (stale version).'),
          ...common,
        },
      },
    },
  }
}

/** The settlement actions beside list, create, read and delete: approve, pay, void, the PDF, and the pay run. */
function settlementPaths(): Record<string, Record<string, Operation>> {
  const action = (verb: string, summary: string, description: string, body: JsonSchema, required: boolean, conflicts: string) => ({
    post: {
      tags: ['settlements'],
      summary,
      description,
      operationId: `${verb}_settlement`,
      parameters: [idParameter],
      requestBody: jsonBody(body, required),
      responses: {
        '200': answer('post', `/api/settlements/{id}/${verb}`, '200', 'The settlement.', dataOf(SettlementRecordSchema)),
        '404': errorResponse('not_found'),
        '409': errorResponse(conflicts),
        '415': notJson,
        ...common,
      },
    },
  })
  return {
    '/api/settlements/run': {
      post: {
        tags: ['settlements'],
        summary: 'Run pay for a period',
        description:
          'One draft per active driver with a load or a store order to settle in the period; drivers with nothing, or already settled for it, are skipped.',
        operationId: 'run_settlements',
        requestBody: jsonBody(input(SettlementRunSchema)),
        responses: {
          '200': answer('post', '/api/settlements/run', '200', 'How many drafts were made, of how many active drivers.', dataOf(PayRunRecordSchema)),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/settlements/{id}/approve': action(
      'approve',
      'Approve a settlement',
      'A draft becomes `approved` (not with a negative net).',
      input(SettlementActionSchema),
      false,
      'invalid_transition (not a draft, or a negative net) or conflict (stale version).',
    ),
    '/api/settlements/{id}/pay': action(
      'pay',
      'Mark a settlement paid',
      'An approved settlement becomes `paid` with the day (not after today), the method and a reference.',
      input(SettlementPaySchema),
      true,
      'invalid_transition (not approved) or conflict (stale version).',
    ),
    '/api/settlements/{id}/void': action(
      'void',
      'Void a settlement',
      'A draft or approved settlement stays for the record with no effect; its loads and store orders are free for another settlement.',
      input(SettlementActionSchema),
      false,
      'invalid_transition (paid or void already) or conflict (stale version).',
    ),
    '/api/settlements/{id}/pdf': {
      get: {
        tags: ['settlements'],
        summary: 'Download a pay statement as PDF',
        description: 'The settlement in the driver’s language, as an attachment. A driver reads their own only.',
        operationId: 'download_settlement_pdf',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The PDF, as an attachment (`Content-Disposition`).',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
  }
}

/** The factoring agreement and schedules of accounts (ADR 068). */
function factoringPaths(): Record<string, Record<string, Operation>> {
  const action = (verb: string, operationId: string, summary: string, description: string, body: JsonSchema, required: boolean, conflicts: string) => ({
    post: {
      tags: ['factoring'],
      summary,
      description,
      operationId,
      parameters: [idParameter],
      requestBody: jsonBody(body, required),
      responses: {
        '200': answer('post', `/api/factoring/schedules/{id}/${verb}`, '200', 'The schedule.', dataOf(ScheduleRecordSchema)),
        '404': errorResponse('not_found'),
        '409': errorResponse(conflicts),
        '415': notJson,
        ...common,
      },
    },
  })
  return {
    '/api/factoring/agreement': {
      get: {
        tags: ['factoring'],
        summary: 'Read the factoring agreement',
        description: 'The organization’s factor (one of its companies), its rates in percent and email; `data: null` when none is set.',
        operationId: 'read_factoring_agreement',
        responses: { '200': answer('get', '/api/factoring/agreement', '200', 'The agreement, or null.', dataOf(AgreementRecordSchema.nullable())), ...common },
      },
      put: {
        tags: ['factoring'],
        summary: 'Set the factoring agreement',
        description:
          'The first agreement is created; a change needs the `version` read. Advance + fee at most 100 %, two decimals. While it is set, invoices name the factor as their remit-to.',
        operationId: 'update_factoring_agreement',
        requestBody: jsonBody(input(AgreementSchema)),
        responses: {
          '200': answer('put', '/api/factoring/agreement', '200', 'The agreement as stored.', dataOf(AgreementRecordSchema)),
          '409': errorResponse('conflict (stale version).'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/factoring/schedules': {
      get: {
        tags: ['factoring'],
        summary: 'List schedules of accounts',
        operationId: 'list_factoring_schedules',
        parameters: queryParameters(ScheduleListQuerySchema),
        responses: {
          '200': answer(
            'get',
            '/api/factoring/schedules',
            '200',
            'One page of schedules, in `data`; `meta` has the total and the page.',
            pageOf(ScheduleRowRecordSchema),
          ),
          ...common,
        },
      },
      post: {
        tags: ['factoring'],
        summary: 'Create a schedule of accounts',
        description:
          'Sent invoices with nothing paid, at the agreement’s rates. An invoice is on at most one live schedule (a unique index holds it): 409 `in_use`; a draft, paid or void invoice, or no agreement: 409 `invalid_transition`; an unknown invoice: 400.',
        operationId: 'create_factoring_schedule',
        requestBody: jsonBody(input(ScheduleCreateSchema)),
        responses: {
          '201': answer(
            'post',
            '/api/factoring/schedules',
            '201',
            'The schedule with its number, invoices, total, advance and fee.',
            dataOf(ScheduleRecordSchema),
          ),
          '409': errorResponse('in_use (an invoice is on a live schedule) or invalid_transition (not a sent, unpaid invoice; no agreement).'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/factoring/schedules/{id}': {
      get: {
        tags: ['factoring'],
        summary: 'Read a schedule of accounts',
        description:
          '`?format=csv`: its invoices as CSV, the file the factor receives (invoiceNumber, broker, issueDate, dueDate, amount, advance, fee, reserve; amounts in dollars with two decimals, the purchase report’s own columns). The JSON keeps cents.',
        operationId: 'read_factoring_schedule',
        parameters: [idParameter, { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv'] } }],
        responses: {
          '200': answer('get', '/api/factoring/schedules/{id}', '200', 'The schedule.', dataOf(ScheduleRecordSchema), {
            'text/csv': { schema: { type: 'string' } },
          }),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/factoring/schedules/{id}/pdf': {
      get: {
        tags: ['factoring'],
        summary: 'Download a schedule of accounts as PDF',
        description: 'In the request’s language, as an attachment.',
        operationId: 'download_factoring_schedule_pdf',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The PDF, as an attachment (`Content-Disposition`).',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/factoring/schedules/{id}/send': action(
      'send',
      'send_factoring_schedule',
      'Send a schedule to the factor',
      'The schedule (PDF, CSV) and every invoice’s billing packet are emailed to the factor through the job queue. Again until purchased.',
      input(ScheduleActionSchema),
      false,
      'invalid_transition (purchased or void; no factor email) or conflict (stale version).',
    ),
    '/api/factoring/schedules/{id}/purchase': action(
      'purchase',
      'purchase_factoring_schedule',
      'Record the factor’s purchase',
      'Each invoice gets the factor’s payment (advance, fee and reserve as `factoring` payments, together its face), closing its balance. `lines` (the factor’s report) replace the schedule’s figures: one per invoice, each adding up to it; a refused line is named in `fields` by its path (`lines.2`) and nothing is written.',
      input(PurchaseSchema),
      true,
      'invalid_transition (purchased or void; an invoice changed) or conflict (stale version).',
    ),
    '/api/factoring/schedules/{id}/release': action(
      'release',
      'release_factoring_reserve',
      'Record a reserve release',
      'The factor paid back (part of) the reserve: at most what it still holds, not before the purchase nor after today.',
      input(ReserveReleaseSchema),
      true,
      'invalid_transition (not purchased, nothing left) or conflict (stale version).',
    ),
    '/api/factoring/schedules/{id}/void': action(
      'void',
      'void_factoring_schedule',
      'Void a schedule',
      'An open or sent schedule stays for the record with no effect; its invoices may go on another schedule.',
      input(ScheduleActionSchema),
      false,
      'invalid_transition (purchased or void already) or conflict (stale version).',
    ),
  }
}

/** A bulletin's calls beside the five: acknowledge, its comments, its cover. */
function postPaths(): Record<string, Record<string, Operation>> {
  return {
    '/api/posts/{id}/acknowledge': {
      post: {
        tags: ['bulletins'],
        summary: 'Acknowledge a bulletin ("I have read this")',
        description:
          'Records the caller once per post (a second call keeps the first time). Only a published post that requires acknowledgment (else 409 invalid_transition). Viewers read only (403 forbidden). No body needed.',
        operationId: 'acknowledge_post',
        parameters: [idParameter],
        requestBody: jsonBody(input(PostAcknowledgeSchema), false),
        responses: {
          '200': answer('post', '/api/posts/{id}/acknowledge', '200', 'The post, `acknowledgedByMe: true`.', dataOf(PostRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('invalid_transition: a draft, or a post that does not ask for acknowledgment.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/posts/{id}/comments': {
      get: {
        tags: ['bulletins'],
        summary: "List a bulletin's comments",
        operationId: 'list_post_comments',
        parameters: [idParameter],
        responses: {
          '200': answer('get', '/api/posts/{id}/comments', '200', 'The comments, oldest first.', dataOf(z.array(PostCommentRecordSchema))),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
      post: {
        tags: ['bulletins'],
        summary: 'Comment on a bulletin',
        description: 'Anyone who may read the post, except viewers, who read only (403 forbidden).',
        operationId: 'add_post_comment',
        parameters: [idParameter],
        requestBody: jsonBody(input(PostCommentSchema)),
        responses: {
          '201': answer('post', '/api/posts/{id}/comments', '201', 'The comment.', dataOf(PostCommentRecordSchema)),
          '404': errorResponse('not_found'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/posts/{id}/cover': {
      get: {
        tags: ['bulletins'],
        summary: "Read a bulletin's cover image",
        operationId: 'read_post_cover',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The image, with its detected type and `X-Content-Type-Options: nosniff`.',
            content: Object.fromEntries(['image/png', 'image/jpeg', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found: no such post for the caller, or no cover.'),
          ...common,
        },
      },
    },
  }
}

/** EDI with brokers and shippers (ADR 147): trading partners, inbound interchanges answered by a 997, the message log, tenders. */
function ediPaths(): Record<string, Record<string, Operation>> {
  const tags = ['edi']
  const tenderAnswer = (verb: string, summary: string, description: string, body: JsonSchema, required: boolean) => ({
    post: {
      tags,
      summary,
      description,
      operationId: `${verb}_edi_tender`,
      parameters: [idParameter],
      requestBody: jsonBody(body, required),
      responses: {
        '200': answer('post', `/api/edi/tenders/{id}/${verb}`, '200', 'The tender as answered.', dataOf(EdiTenderRecordSchema)),
        '404': errorResponse('not_found'),
        '409': errorResponse(
          'invalid_transition (no longer pending, past its respond-by time, or a tender the load model cannot book) or conflict (stale version, or answered meanwhile).',
        ),
        '415': notJson,
        ...common,
      },
    },
  })
  return {
    '/api/edi/partners': {
      get: {
        tags,
        summary: 'List trading partners',
        operationId: 'list_edi_partners',
        responses: {
          '200': answer('get', '/api/edi/partners', '200', 'Every partner of the organization (no secrets).', pageOf(EdiPartnerRecordSchema)),
          ...common,
        },
      },
      post: {
        tags,
        summary: 'Add a trading partner',
        description: 'Admins. `sftp.password` and `sftp.privateKey` are stored sealed and never answered (`hasPassword`, `hasPrivateKey`).',
        operationId: 'create_edi_partners',
        requestBody: jsonBody(input(EdiPartnerSchema)),
        responses: { '201': answer('post', '/api/edi/partners', '201', 'Created.', dataOf(EdiPartnerRecordSchema)), '415': notJson, ...common },
      },
    },
    '/api/edi/partners/{id}': {
      get: {
        tags,
        summary: 'Read a trading partner',
        operationId: 'read_edi_partners',
        parameters: [idParameter],
        responses: {
          '200': answer('get', '/api/edi/partners/{id}', '200', 'The partner.', dataOf(EdiPartnerRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
      put: {
        tags,
        summary: 'Replace a trading partner',
        description: 'A secret left out keeps the stored one; one sent replaces it.',
        operationId: 'update_edi_partners',
        parameters: [idParameter],
        requestBody: jsonBody(input(EdiPartnerUpdateSchema)),
        responses: {
          '200': answer('put', '/api/edi/partners/{id}', '200', 'The partner as stored.', dataOf(EdiPartnerRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict: the version is stale.'),
          '415': notJson,
          ...common,
        },
      },
      delete: {
        tags,
        summary: 'Delete a trading partner',
        operationId: 'delete_edi_partners',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': answer('delete', '/api/edi/partners/{id}', '200', 'Deleted.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict (stale version), or in_use: it has messages or tenders.'),
          ...common,
        },
      },
    },
    '/api/edi/inbound': {
      post: {
        tags,
        summary: 'Receive an X12 interchange',
        description:
          'The body is the interchange (`Content-Type: application/edi-x12`, at most 1 MB). It is kept, read strictly (envelopes, counts, control numbers, segment syntax) and answered with a 997: `received`, or `rejected` with its `reason` and nothing else written. A 204 makes or updates a tender. The same interchange again (same ISA13 and text) is kept as `rejected` (`duplicate`) and answered with the first one’s 997; a 997 marks the message of ours it answers `acknowledged` or `rejected`.',
        operationId: 'receive_edi_interchange',
        requestBody: { required: true, content: { 'application/edi-x12': { schema: { type: 'string' } } } },
        responses: {
          '201': answer('post', '/api/edi/inbound', '201', 'The message kept, its 997 and the tenders written.', dataOf(EdiInboundRecordSchema)),
          ...common,
          '400': errorResponse('not_x12: no readable ISA (kept as rejected, no 997).'),
          '413': errorResponse('payload_too_large: over 1 MB (not kept).'),
          '415': errorResponse('unsupported_media_type: not application/edi-x12.'),
          '422': errorResponse('unknown_partner: the ISA or GS names no partner (kept as rejected, no 997).'),
        },
      },
    },
    '/api/edi/messages': {
      get: {
        tags,
        summary: 'List EDI messages',
        operationId: 'list_edi_messages',
        parameters: queryParameters(EdiMessageQuerySchema),
        responses: { '200': answer('get', '/api/edi/messages', '200', 'One page of the log, newest first.', pageOf(EdiMessageRecordSchema)), ...common },
      },
    },
    '/api/edi/messages/{id}/raw': {
      get: {
        tags,
        summary: 'Download an interchange as sent or received',
        operationId: 'read_edi_message_raw',
        parameters: [idParameter],
        responses: {
          '200': { description: 'The interchange.', content: { 'application/edi-x12': { schema: { type: 'string' } } } },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/edi/messages/{id}/resend': {
      post: {
        tags,
        summary: 'Send a failed message again',
        description:
          'A message we wrote (990, 214, 210) whose delivery failed goes back to `waiting` with its attempts from zero, and the job queue delivers it through the partner’s transport as the first time (ADR 155). No body. Dispatchers and admins.',
        operationId: 'resend_edi_message',
        parameters: [idParameter],
        requestBody: jsonBody(input(EdiMessageResendSchema), false),
        responses: {
          '200': answer('post', '/api/edi/messages/{id}/resend', '200', 'The message, waiting to be delivered.', dataOf(EdiMessageRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('invalid_transition: not ours, or its delivery has not failed (waiting, delivered, manual, or sent again meanwhile).'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/edi/tenders': {
      get: {
        tags,
        summary: 'List tenders',
        operationId: 'list_edi_tenders',
        parameters: queryParameters(EdiTenderQuerySchema),
        responses: {
          '200': answer('get', '/api/edi/tenders', '200', 'One page of tenders, newest first, with their stops.', pageOf(EdiTenderRecordSchema)),
          ...common,
        },
      },
    },
    '/api/edi/tenders/{id}': {
      get: {
        tags,
        summary: 'Read a tender',
        operationId: 'read_edi_tenders',
        parameters: [idParameter],
        responses: {
          '200': answer('get', '/api/edi/tenders/{id}', '200', 'The tender.', dataOf(EdiTenderRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/edi/tenders/{id}/accept': tenderAnswer(
      'accept',
      'Accept a tender',
      'Books a load from the pending tender (the partner’s broker as bill-to, its stops with their windows, references, weight, equipment, the rate as linehaul), links it as `loadId`, and queues the 990 `A` through the partner’s transport, in one transaction. Dispatchers and admins.',
      input(EdiTenderAcceptSchema),
      false,
    ),
    '/api/edi/tenders/{id}/decline': tenderAnswer(
      'decline',
      'Decline a tender',
      'The pending tender becomes `declined` with the reason, and the 990 `D` (the reason in N9) is queued. Dispatchers and admins.',
      input(EdiTenderDeclineSchema),
      true,
    ),
  }
}

/** Webhooks (ADR 071): endpoints, their delivery log, a resend, the secret's rotation. Admins only. */
function webhookPaths(): Record<string, Record<string, Operation>> {
  const tags = ['webhooks']
  const events = {
    type: 'array',
    items: { type: 'string', enum: [...WEBHOOK_EVENTS] },
    minItems: 1,
    description: 'The events it receives (repeats are dropped).',
  }
  const withEvents = (schema: JsonSchema) => ({ ...schema, properties: { ...(schema.properties as JsonSchema), events } })
  const deliveryId = { name: 'deliveryId', in: 'path', required: true, schema: { type: 'string' } }
  return {
    '/api/webhooks': {
      get: {
        tags,
        summary: 'List webhook endpoints',
        operationId: 'list_webhooks',
        responses: { '200': answer('get', '/api/webhooks', '200', 'Every endpoint of the organization (no secrets).', pageOf(WebhookRecordSchema)), ...common },
      },
      post: {
        tags,
        summary: 'Register a webhook endpoint',
        description: 'The answer carries `secret`, the only time it is shown.',
        operationId: 'create_webhooks',
        requestBody: jsonBody(withEvents(input(WebhookSchema))),
        responses: {
          '201': answer('post', '/api/webhooks', '201', 'Created, with its secret.', dataOf(WebhookWithSecretRecordSchema)),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/webhooks/{id}': {
      get: {
        tags,
        summary: 'Read a webhook endpoint',
        operationId: 'read_webhooks',
        parameters: [idParameter],
        responses: {
          '200': answer('get', '/api/webhooks/{id}', '200', 'The endpoint.', dataOf(WebhookRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
      put: {
        tags,
        summary: 'Replace a webhook endpoint',
        description: 'Turning a switched-off endpoint on again clears `disabledReason` and `failingSince`.',
        operationId: 'update_webhooks',
        parameters: [idParameter],
        requestBody: jsonBody(withEvents(input(WebhookUpdateSchema))),
        responses: {
          '200': answer('put', '/api/webhooks/{id}', '200', 'The endpoint as stored.', dataOf(WebhookRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict: the version is stale.'),
          '415': notJson,
          ...common,
        },
      },
      delete: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        operationId: 'delete_webhooks',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': answer('delete', '/api/webhooks/{id}', '200', 'Deleted.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict (stale version).'),
          ...common,
        },
      },
    },
    '/api/webhooks/{id}/rotate-secret': {
      post: {
        tags,
        summary: "Rotate a webhook endpoint's secret",
        description: 'A new secret at once (answered this once); the old one no longer signs. `version` is optional.',
        operationId: 'rotate_webhook_secret',
        parameters: [idParameter],
        requestBody: jsonBody(input(OptionalVersionSchema), false),
        responses: {
          '200': answer('post', '/api/webhooks/{id}/rotate-secret', '200', 'The endpoint, with its new secret.', dataOf(WebhookWithSecretRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict (stale version).'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/webhooks/{id}/deliveries': {
      get: {
        tags,
        summary: "List a webhook endpoint's deliveries",
        description: "Newest first, with each one's last answer (status code, error, duration) and the next attempt.",
        operationId: 'list_webhook_deliveries',
        parameters: [idParameter, ...queryParameters(WebhookDeliveryQuerySchema)],
        responses: {
          '200': answer('get', '/api/webhooks/{id}/deliveries', '200', 'One page of deliveries.', pageOf(WebhookDeliveryRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/webhooks/{id}/deliveries/{deliveryId}/retry': {
      post: {
        tags,
        summary: 'Resend a delivery',
        description: 'Sends it again at once (same `webhook-id` and body, fresh signature), on a new retry schedule. No body needed.',
        operationId: 'retry_webhook_delivery',
        parameters: [idParameter, deliveryId],
        requestBody: jsonBody(input(WebhookRetrySchema), false),
        responses: {
          '202': answer(
            'post',
            '/api/webhooks/{id}/deliveries/{deliveryId}/retry',
            '202',
            'The delivery, waiting to be sent.',
            dataOf(WebhookDeliveryRecordSchema),
          ),
          '404': errorResponse('not_found'),
          '409': errorResponse('invalid_transition: the endpoint is switched off.'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

const RESOURCES: Resource[] = [
  {
    tag: 'trucks',
    collection: 'trucks',
    item: 'trucks',
    record: TruckRecordSchema,
    create: input(TruckSchema),
    update: input(TruckUpdateSchema),
    list: queryParameters(TruckListQuerySchema),
    deletable: true,
  },
  {
    tag: 'trailers',
    collection: 'trailers',
    item: 'trailers',
    record: TrailerRecordSchema,
    create: input(TrailerSchema),
    update: input(TrailerUpdateSchema),
    list: queryParameters(TrailerListQuerySchema),
    deletable: true,
  },
  {
    tag: 'fuel tax',
    name: 'fuel purchases',
    collection: 'fuel-purchases',
    item: 'fuel-purchases',
    record: FuelPurchaseRecordSchema,
    create: input(FuelPurchaseSchema),
    update: input(FuelPurchaseUpdateSchema),
    list: queryParameters(FuelPurchaseListQuerySchema),
    deletable: true,
  },
  {
    tag: 'fuel tax',
    name: 'trips',
    collection: 'trips',
    item: 'trips',
    record: TripRecordSchema,
    create: input(TripSchema),
    update: input(TripUpdateSchema),
    list: queryParameters(TripListQuerySchema),
    deletable: true,
  },
  {
    tag: 'maintenance',
    name: 'maintenance schedules',
    collection: 'maintenance/schedules',
    item: 'maintenance/schedules',
    operationName: 'maintenance_schedules',
    record: MaintenanceScheduleRecordSchema,
    create: input(MaintenanceScheduleSchema),
    update: input(MaintenanceScheduleUpdateSchema),
    list: queryParameters(MaintenanceScheduleListQuerySchema),
    deletable: true,
  },
  {
    tag: 'products',
    collection: 'products',
    item: 'products',
    record: ProductRecordSchema,
    create: input(ProductSchema),
    update: input(ProductUpdateSchema),
    list: queryParameters(ProductListQuerySchema),
    deletable: true,
  },
  {
    tag: 'bulletins',
    collection: 'posts',
    item: 'posts',
    record: PostRecordSchema,
    create: input(PostSchema),
    update: input(PostUpdateSchema),
    list: queryParameters(PostListQuerySchema),
    deletable: true,
  },
  {
    tag: 'brokers',
    collection: 'brokers',
    item: 'brokers',
    record: BrokerRecordSchema,
    create: input(BrokerSchema),
    update: input(BrokerUpdateSchema),
    list: queryParameters(BrokerListQuerySchema),
    deletable: true,
  },
  companies,
  { ...companies, collection: 'companies', item: 'companies' },
  {
    tag: 'custom fields',
    collection: 'customfield',
    item: 'customfield',
    record: CustomFieldRecordSchema,
    create: input(CustomFieldCreateSchema),
    // `by` (the specification's `?by=list`) and `listName` both come from the filter's schema.
    list: queryParameters(CustomFieldListFilterSchema),
    deletable: true,
  },
  users,
  { ...users, collection: 'user' },
  {
    tag: 'invoices',
    collection: 'invoice',
    item: 'invoice',
    record: InvoiceRecordSchema,
    listRecord: InvoiceRowRecordSchema,
    create: input(InvoiceSchema),
    update: input(InvoiceUpdateSchema),
    list: queryParameters(InvoiceListQuerySchema),
    // Drafts only; sent, paid and void invoices answer 409 in_use (void instead).
    deletable: true,
  },
  {
    tag: 'settlements',
    collection: 'settlements',
    item: 'settlements',
    record: SettlementRecordSchema,
    listRecord: SettlementRowRecordSchema,
    create: input(SettlementCreateSchema),
    list: queryParameters(SettlementListQuerySchema),
    // Drafts only; approved, paid and void settlements answer 409 in_use (void instead).
    deletable: true,
  },
  {
    tag: 'loads',
    collection: 'loads',
    item: 'loads',
    record: LoadRecordSchema,
    listRecord: LoadRowRecordSchema,
    create: input(LoadSchema),
    update: input(LoadUpdateSchema),
    list: queryParameters(LoadApiListQuerySchema),
    deletable: true,
  },
]

const documentIdParameter = { name: 'documentId', in: 'path', required: true, schema: { type: 'string' } }
const photoIdParameter = { name: 'photoId', in: 'path', required: true, schema: { type: 'string' } }

/** A product's photos: upload one, read one, delete one. */
function productPaths(): Record<string, Record<string, Operation>> {
  const mb = PRODUCT_PHOTO_MAX_BYTES / 1024 / 1024
  return {
    '/api/products/{id}/photos': {
      post: {
        tags: ['products'],
        summary: 'Add a photo to a product',
        description: `A PNG, JPEG or WebP image as multipart/form-data \`file\`, the type read from its bytes (415 otherwise, whatever its name), at most ${mb} MB (413), at most ${MAX_PRODUCT_PHOTOS} photos per product (400). The roles that update products may call it.`,
        operationId: 'upload_product_photo',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
              encoding: { file: { contentType: 'image/png, image/jpeg, image/webp' } },
            },
          },
        },
        responses: {
          '201': answer('post', '/api/products/{id}/photos', '201', 'The stored photo.', dataOf(ProductPhotoRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${mb} MB.`),
          '415': errorResponse('unsupported_media_type: not a PNG, JPEG or WebP image (by content).'),
        },
      },
    },
    '/api/products/{id}/photos/{photoId}': {
      get: {
        tags: ['products'],
        summary: "Read a product's photo",
        operationId: 'read_product_photo',
        parameters: [idParameter, photoIdParameter],
        responses: {
          '200': {
            description: 'The image, with its detected type and `X-Content-Type-Options: nosniff`.',
            content: Object.fromEntries(['image/png', 'image/jpeg', 'image/webp'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
      delete: {
        tags: ['products'],
        summary: "Delete a product's photo",
        operationId: 'delete_product_photo',
        parameters: [idParameter, photoIdParameter],
        responses: {
          '200': answer('delete', '/api/products/{id}/photos/{photoId}', '200', 'Removed, with its stored file.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
  }
}

/** A fuel purchase's receipt (ADR 129): read, add or replace, remove. */
function fuelReceiptPaths(): Record<string, Record<string, Operation>> {
  const mb = LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024
  const tags = ['fuel tax']
  const version = {
    name: 'version',
    in: 'query',
    required: false,
    schema: { type: 'integer' },
    description: 'The purchase’s version: 409 conflict when it changed.',
  }
  const kept = errorResponse('conflict: the purchase changed (version); period_closed: a filed quarter’s receipt is kept until the quarter is reopened.')
  return {
    '/api/fuel-purchases/{id}/receipt': {
      get: {
        tags,
        summary: 'Download a fuel purchase’s receipt',
        operationId: 'read_fuel_receipt',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The file, as an attachment, with its detected type and `X-Content-Type-Options: nosniff`.',
            content: Object.fromEntries(Object.keys(LOAD_DOCUMENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found: no such purchase, or it has no receipt.'),
          ...common,
        },
      },
      put: {
        tags,
        summary: 'Attach or replace a fuel purchase’s receipt',
        description: `A photo or scan as multipart/form-data \`file\`: PDF, PNG, JPEG or WebP by its bytes (415 otherwise, whatever its name), at most ${mb} MB (413), streamed to storage. A receipt may be added to a purchase of a filed quarter; a filed quarter’s receipt is not replaced (409 period_closed). The roles that update fuel purchases may call it.`,
        operationId: 'put_fuel_receipt',
        parameters: [idParameter, version],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
              encoding: { file: { contentType: Object.keys(LOAD_DOCUMENT_TYPES).join(', ') } },
            },
          },
        },
        responses: {
          '200': answer('put', '/api/fuel-purchases/{id}/receipt', '200', 'The purchase with its receipt.', dataOf(FuelPurchaseRecordSchema)),
          '404': errorResponse('not_found'),
          '409': kept,
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${mb} MB.`),
          '415': errorResponse('unsupported_media_type: not multipart, or not a PDF, PNG, JPEG or WebP file (by content).'),
        },
      },
      delete: {
        tags,
        summary: 'Remove a fuel purchase’s receipt',
        operationId: 'delete_fuel_receipt',
        parameters: [idParameter, version],
        responses: {
          '200': answer(
            'delete',
            '/api/fuel-purchases/{id}/receipt',
            '200',
            'The purchase without its receipt; the stored file is removed.',
            dataOf(FuelPurchaseRecordSchema),
          ),
          '404': errorResponse('not_found: no such purchase, or it has no receipt.'),
          '409': kept,
          ...common,
        },
      },
    },
  }
}

/** Tags of each list's import in the reference: its resource's (drivers are users). */
const IMPORT_TAGS: Record<ImportListName, string> = {
  loads: 'loads',
  trucks: 'trucks',
  trailers: 'trailers',
  brokers: 'brokers',
  companies: 'companies',
  products: 'products',
  drivers: 'users',
  fuelPurchases: 'fuel tax',
  trips: 'fuel tax',
}

/** `POST /api/{list}/import` for every list (ADR 108): one pipeline, one contract. */
function importPaths(): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {}
  for (const name of IMPORT_LISTS) {
    const columns =
      name === 'loads'
        ? LOAD_IMPORT_COLUMNS
        : name === 'fuelPurchases'
          ? FUEL_IMPORT_COLUMNS.map((column) => column.key)
          : name === 'trips'
            ? TRIP_IMPORT_COLUMNS.map((column) => column.key)
            : RECORD_IMPORT_COLUMNS[name].map((column) => column.key)
    const what =
      name === 'loads'
        ? 'One row per load with its first pickup and last delivery.'
        : name === 'drivers'
          ? 'One row per driver: a user with the driver role and their driver profile. A file holds no passwords: drivers are created `invited`; with `invite=true` each is emailed their invitation link, otherwise an admin sends it later. Only admins import drivers.'
          : name === 'fuelPurchases'
            ? 'One row per fuel card transaction (ADR 123). `format` (`wex`, `efs`, `comdata`; `generic` by default) reads a card’s transaction export by its own headers, the others it has left out. The unit is a truck of the organization by its unit number (any case); the state a two-letter jurisdiction; the date 2026-10-14 or 10/14/2026, perhaps with a time; gallons rounded to three decimals; the card number keeps only its last four digits. Rows of other products (DEF, oil, scale, cash advance, fees) are skipped as `notFuel`; a transaction imported before, or earlier in the file, is skipped as `duplicate` (the key: the transaction number with the day and the card’s last four, or else a hash of the card, day and time, unit, state, gallons and amount); both are counted in `skipped`. A purchase dated in a filed quarter is a problem of its row (period closed).'
            : name === 'trips'
              ? 'One row per jurisdiction segment of a unit from an ELD’s IFTA report (ADR 126). `format` (`samsara`, `motive`; `generic` by default) reads the ELD’s export by its own headers, the others it has left out. The unit is a truck of the organization by its unit number (any case); the jurisdiction a two-letter code or a full state or province name; the date (and end date) 2026-10-14 or 10/14/2026, perhaps with a time; odometers and miles whole miles (decimals rounded half up), a row needing both odometers or one with its miles; taxable miles default to the miles. A unit’s rows whose odometers chain (a row starts where the last ended, ±1) within a day make one trip, with its miles summed by jurisdiction, checked by the trip’s rules (odometer never backwards, miles adding up to the odometer ±1). A trip imported before (the same unit, odometers and start day) is skipped as `duplicate`, its rows counted in `skipped`; a trip ending in a filed quarter is a problem of its last row (period closed). `created` counts trips.'
              : `One row per ${name.replace(/s$/, '')}, checked by its editor's rules (required fields, formats, a name or unit number already taken, in the list or earlier in the file, case-insensitively) and created as the editor creates it (custom fields by their key, audit).`
    const formats = name === 'fuelPurchases' ? FUEL_CARD_FORMATS : name === 'trips' ? ELD_FORMATS : null
    // Every import answers the contract's `{ created, duplicates, errors [{ row, field, message }] }` (ADR 137, ADR 143).
    const contractNote = `${formats ? ' `format=csv` is the contract’s name for `generic`.' : ''} Every answer carries the contract’s fields: \`created\` (0 in a dry run), \`duplicates\` (rows skipped as imported before: \`skipped.duplicate\`; 0 for lists that refuse a taken name or number at its field) and \`errors [{ row, field, message }]\` (\`field\` is the column, \`column\` kept beside it); the 400 of a refused file carries them beside \`error\`, with \`created\` 0.`
    // The specification's singular path (companies) answers the same, documented as itself.
    for (const path of [IMPORT_PATHS[name].api, ...(IMPORT_PATHS[name].alias ? [IMPORT_PATHS[name].alias] : [])])
      paths[path] = {
        post: {
          tags: [IMPORT_TAGS[name]],
          summary: `Import ${name} from a CSV file`,
          description: `${what} The columns are those of the template at ${IMPORT_PATHS[name].template} (${columns.join(', ')}${name === 'loads' || name === 'drivers' || name === 'fuelPurchases' || name === 'trips' ? '' : ', and the keys of the list’s custom fields'}), matched without regard to case, spaces, underscores or hyphens, or through \`mapping\`, a JSON object of file headers to columns (\`""\` leaves a column out); an unknown column is an error. Send the file as \`text/csv\` or as multipart with a \`file\` part (and \`mapping\` as a field), at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB, ${IMPORT_MAX_ROWS[name]} rows, ${IMPORT_MAX_COLUMNS} columns and ${IMPORT_MAX_CELL} characters a cell. With \`?dryRun=true\` (or a multipart \`dryRun\` field of \`true\`) nothing is written and the problems are listed by row and column (the first ${IMPORT_MAX_ERRORS}; \`errorCount\` counts them all), with how each header was read. Otherwise every row is created in one transaction, or none: a file with problems answers 400 \`validation_failed\` with them in \`fields\` as \`rows.<line>.<column>\` (line 1 is the header).${contractNote}`,
          operationId: path === IMPORT_PATHS[name].api ? `import_${name}` : `import_${name}_singular`,
          parameters: [
            { name: 'dryRun', in: 'query', required: false, schema: { type: 'boolean' } },
            { name: 'mapping', in: 'query', required: false, schema: { type: 'string' }, description: 'JSON: `{"Unit No": "unitNumber", "Colour": ""}`.' },
            ...(name === 'drivers' ? [{ name: 'invite', in: 'query', required: false, schema: { type: 'boolean' } }] : []),
            ...(formats ? [{ name: 'format', in: 'query', required: false, schema: { type: 'string', enum: [...formats, 'csv'], default: 'generic' } }] : []),
          ],
          requestBody: {
            required: true,
            content: {
              'text/csv': { schema: { type: 'string' } },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: {
                    file: { type: 'string', format: 'binary' },
                    mapping: { type: 'string' },
                    ...(formats ? { format: { type: 'string', enum: [...formats, 'csv'] } } : {}),
                    dryRun: { type: 'string', enum: ['true', 'false'], description: 'As `?dryRun=`.' },
                  },
                  required: ['file'],
                },
              },
            },
          },
          responses: {
            '200': answer(
              'post',
              path,
              '200',
              'The dry run: rows read, rows valid, the first problems, how many there are, and the headers read.',
              dataOf(ImportReportRecordSchema),
            ),
            '201': answer(
              'post',
              path,
              '201',
              name === 'loads'
                ? 'Imported: how many, and the first and last load numbers.'
                : name === 'fuelPurchases'
                  ? 'Imported: how many, and the rows skipped (duplicates, not fuel).'
                  : name === 'trips'
                    ? 'Imported: how many trips, and the rows skipped (trips imported before).'
                    : 'Imported: how many.',
              dataOf(
                name === 'loads'
                  ? LoadImportCreatedRecordSchema
                  : name === 'fuelPurchases'
                    ? FuelImportCreatedRecordSchema
                    : name === 'trips'
                      ? TripImportCreatedRecordSchema
                      : ImportCreatedRecordSchema,
              ),
            ),
            '415': errorResponse('unsupported_media_type: not text/csv or multipart/form-data.'),
            ...common,
            '413': errorResponse(`payload_too_large: the file is over ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`),
          },
        },
      }
  }
  return paths
}

/** The load calls beside the five: a status move, and the specification's stop ("address") delete. */
function loadPaths(): Record<string, Record<string, Operation>> {
  return {
    '/api/loads/{id}/status': {
      post: {
        tags: ['loads'],
        summary: 'Move a load to another status',
        description:
          "One move of the status machine (draft → booked → dispatched → at_pickup → in_transit → at_delivery → delivered; canceled before delivery; dispatched → booked takes the assignment off). Dispatch checks the driver, truck and trailer. A move on the road records the stop times it implies (arrival at the first pickup, departure from every pickup, arrival at the next delivery, departure from the last stop), now or at `at` (an instant, or the organization's wall clock; never in the future, never before a time already recorded); `deliveredAt` is the departure from the last stop.",
        operationId: 'move_load',
        parameters: [idParameter],
        requestBody: jsonBody(input(LoadStatusMoveSchema)),
        responses: {
          '200': answer('post', '/api/loads/{id}/status', '200', 'The load in its new status.', dataOf(LoadRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse(
            'invalid_transition (not a legal move), conflict (stale version) or in_use (driver, truck or trailer busy or not fit to dispatch).',
          ),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/loads/{id}/reopen': {
      post: {
        tags: ['loads'],
        summary: 'Reopen a delivered load (admins)',
        description:
          'Corrects a delivery recorded by mistake: the departure from the last stop is cleared and the load goes back to where its stops then say (at_delivery, normally), on the road again with its driver, truck and trailer, which must be free and fit as at dispatch. Admins only (others: 403 forbidden); audited with the optional `reason`. Only delivered loads (an invoiced one: void its invoice first); a canceled load stays canceled.',
        operationId: 'reopen_load',
        parameters: [idParameter],
        requestBody: { required: false, content: { 'application/json': { schema: input(LoadReopenSchema) } } },
        responses: {
          '200': answer('post', '/api/loads/{id}/reopen', '200', 'The load, back on the road.', dataOf(LoadRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse(
            'invalid_transition (the load is not delivered), conflict (stale version) or in_use (driver, truck or trailer now busy or not fit).',
          ),
          '415': notJson,
          ...common,
        },
      },
    },
    // A load's tracking links (ADR 063).
    '/api/loads/{id}/tracking': {
      post: {
        tags: ['loads'],
        summary: "Share a load's tracking",
        description: `A link to the public page /track/{token}: the load's number, status and stops with their windows, arrival and departure times, never the rate, charges, broker, driver or equipment. \`expiresInDays\` 1 to ${TRACKING_LINK_MAX_DAYS} (14 when absent; the body may be left out). The \`url\` holds the token and is in this answer only: only its hash is stored. Those who may update loads (dispatchers, admins).`,
        operationId: 'create_tracking_link',
        parameters: [idParameter],
        requestBody: { required: false, content: { 'application/json': { schema: input(TrackingLinkCreateSchema) } } },
        responses: {
          '201': answer('post', '/api/loads/{id}/tracking', '201', 'The new link.', dataOf(ShareLinkRecordSchema)),
          '404': errorResponse('not_found'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/loads/{id}/tracking/{linkId}': {
      delete: {
        tags: ['loads'],
        summary: 'Revoke a tracking link',
        description: 'Its page answers 404 from now on. Revoking a revoked link answers the same.',
        operationId: 'revoke_tracking_link',
        parameters: [idParameter, { name: 'linkId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': answer('delete', '/api/loads/{id}/tracking/{linkId}', '200', 'Revoked.', dataOf(RevokedShareLinkRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/loads/extract': {
      post: {
        tags: ['loads'],
        summary: 'Read a rate confirmation PDF as a draft load',
        description: `Reads a broker's rate confirmation (multipart \`file\`, a PDF by content, at most ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB) and answers the load it describes, in the body shape of POST /api/loads: the broker (\`brokerId\` when the organization has a broker with that MC number, else that name; otherwise \`broker\` proposes the name and MC read), the broker's load number, the stops in order with their windows (the organization's wall clock), the linehaul in cents, equipment, commodity and weight. \`fields\` says for each field (\`stops.<n>.<field>\` for a stop's) whether it was \`read\` or \`not_found\`. A scanned PDF (no text) answers \`scanned: true\` and an empty draft. Nothing is saved. The roles that create loads may call it.`,
        operationId: 'extract_load',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
              encoding: { file: { contentType: 'application/pdf' } },
            },
          },
        },
        responses: {
          '200': answer(
            'post',
            '/api/loads/extract',
            '200',
            'The draft load, the state of each field, whether the PDF is a scan, and the broker read.',
            dataOf(RateConfirmationReadingSchema),
          ),
          ...common,
          '400': errorResponse('validation_failed: no file, or a PDF that cannot be opened.'),
          '413': errorResponse(`payload_too_large: the file is over ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`),
          '415': errorResponse('unsupported_media_type: not a PDF (by content), or the body is not multipart/form-data.'),
        },
      },
    },
    '/api/loads/{id}/stops/{stopId}/events': {
      post: {
        tags: ['loads'],
        summary: 'Record arrival at or departure from a stop',
        description:
          'The driver (on their own loads) or dispatch records reaching (`arrive`) or leaving (`depart`) a stop of a load on the road, now or at `at`. Stops are recorded in order, each once. The load follows: at_pickup when a pickup is reached, in_transit when every pickup is left, at_delivery when a delivery is reached after that, delivered (truck and trailer freed) when the last stop is left.',
        operationId: 'record_stop_event',
        parameters: [idParameter, { name: 'stopId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: jsonBody(input(StopEventSchema)),
        responses: {
          '200': answer('post', '/api/loads/{id}/stops/{stopId}/events', '200', 'The load with the recorded time and its status.', dataOf(LoadRecordSchema)),
          '404': errorResponse('not_found (no such load or stop, or not assigned to this driver)'),
          '409': errorResponse(
            'invalid_transition (load not on the road, stop already recorded, or an earlier stop not left yet) or conflict (stale version).',
          ),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/loads/{id}/documents': {
      post: {
        tags: ['loads'],
        summary: 'Upload a document onto a load',
        description: `A BOL (\`bols\`), rate confirmation (\`rateConn\`) or POD (\`pod\`), sent as multipart/form-data. The type is read from the file's bytes: ${Object.keys(LOAD_DOCUMENT_TYPES).join(', ')} only (415 otherwise, whatever its name or declared type); at most ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413). Admins and dispatchers upload every kind; drivers \`bols\` and \`pod\` on their own loads. Streamed, so not replayed by Idempotency-Key.`,
        operationId: 'upload_load_document',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { kind: { type: 'string', enum: [...LOAD_DOCUMENT_KINDS] }, file: { type: 'string', format: 'binary' } },
                required: ['kind', 'file'],
              },
              encoding: { file: { contentType: Object.keys(LOAD_DOCUMENT_TYPES).join(', ') } },
            },
          },
        },
        responses: {
          '201': answer('post', '/api/loads/{id}/documents', '201', 'The stored document.', dataOf(LoadDocumentRecordSchema)),
          '404': errorResponse('not_found: no such load (or not yours, for a driver).'),
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`),
          '415': errorResponse('unsupported_media_type: not a PDF, PNG, JPEG or WebP file (by content), or the body is not multipart/form-data.'),
        },
      },
    },
    '/api/loads/{id}/documents/{documentId}': {
      get: {
        tags: ['loads'],
        summary: "Download a load's document",
        operationId: 'download_load_document',
        parameters: [idParameter, documentIdParameter],
        responses: {
          '200': {
            description: 'The file, as an attachment (`Content-Disposition`), with its detected type and `X-Content-Type-Options: nosniff`.',
            content: Object.fromEntries(Object.keys(LOAD_DOCUMENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
      delete: {
        tags: ['loads'],
        summary: "Delete a load's document",
        operationId: 'delete_load_document',
        parameters: [idParameter, documentIdParameter],
        responses: {
          '200': answer('delete', '/api/loads/{id}/documents/{documentId}', '200', 'Removed, with its stored file.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/loads/address/{id}': {
      delete: {
        tags: ['loads'],
        summary: 'Remove one stop of a load',
        operationId: 'delete_load_stop',
        parameters: [idParameter, { ...versionParameter, description: "The load's version last read: a stale one answers 409 conflict." }],
        responses: {
          '200': answer('delete', '/api/loads/address/{id}', '200', 'Removed.', dataOf(StopDeletedSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse("in_use: the load's only pickup or only delivery; conflict: stale version."),
          ...common,
        },
      },
    },
  }
}

/** Mail (ADR 053): the shared mailbox and one's own, sending, and attachments. */
function mailPaths(): Record<string, Record<string, Operation>> {
  const compose = input(MailComposeSchema)
  const attachmentIdParameter = { name: 'attachmentId', in: 'path', required: true, schema: { type: 'string' } }
  const mb = (bytes: number) => bytes / 1024 / 1024
  return {
    '/api/mail': {
      get: {
        tags: ['mail'],
        summary: 'Messages of one mailbox',
        description:
          '`box`: `shared` (the organization’s mailbox: admins, dispatchers, accountants; viewers read) or `own` (the caller’s); the default is the shared one for the roles that read it. `folder=all` is every folder but trash; `starred` and `important` are views across folders. Newest first.',
        operationId: 'list_mail',
        parameters: queryParameters(MailListQuerySchema),
        responses: {
          '200': answer('get', '/api/mail', '200', 'One page of messages, in `data`; `meta` has the total, the page and the mailbox.', MailPageSchema),
          '404': errorResponse('not_found: a mailbox the role does not read (drivers: the shared one).'),
          ...common,
        },
      },
      post: {
        tags: ['mail'],
        summary: 'Send a message',
        description: `Colleagues (users of the organization, by address) get a copy in their own inbox at once; the organization's inbound address files one in the shared inbox; outside addresses get it by email through the job queue (\`delivery\`: queued, then sent or failed). The caller's copy (answered 201) lands in sent; \`from: shared\` (or answering a shared-mailbox message with \`answers\`) sends from the organization's address. \`documentIds\`: load documents to attach. As multipart/form-data, \`files\` parts are attached: at most ${MAIL_ATTACHMENTS_MAX} attachments, ${mb(MAIL_ATTACHMENT_MAX_BYTES)} MB each, ${mb(MAIL_ATTACHMENTS_MAX_TOTAL_BYTES)} MB together (413), of the types ${Object.keys(MAIL_ATTACHMENT_TYPES).join(', ')} by content (415). Unknown recipients, no recipient, or neither subject nor text: 400 with fields; nothing is written. Outside addresses are for admins, dispatchers and accountants (a driver: 403 at \`to\`), at most MAIL_OUTSIDE_PER_HOUR (200) of them per user an hour (429 \`rate_limited\` with Retry-After).`,
        operationId: 'send_mail',
        parameters: [idempotencyKeyParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: compose },
            'multipart/form-data': {
              schema: {
                ...compose,
                properties: { ...(compose.properties as JsonSchema), files: { type: 'array', items: { type: 'string', format: 'binary' } } },
              },
            },
          },
        },
        responses: {
          '201': answer('post', '/api/mail', '201', 'The sender’s copy, in sent.', dataOf(MailRecordSchema)),
          '404': errorResponse('not_found: the answered message or draft is not in a mailbox the caller reads.'),
          '409': errorResponse('conflict: the draft’s version is stale; invalid_transition: the answered message is a draft or in trash.'),
          ...common,
          '413': errorResponse(`payload_too_large: a file over ${mb(MAIL_ATTACHMENT_MAX_BYTES)} MB, or all over ${mb(MAIL_ATTACHMENTS_MAX_TOTAL_BYTES)} MB.`),
          '415': errorResponse('unsupported_media_type: a file of a refused type (by content), or a body neither JSON nor multipart.'),
          '429': errorResponse('rate_limited: too many outside addresses this hour; Retry-After says when to try again.'),
        },
      },
    },
    '/api/mail/{id}': {
      get: {
        tags: ['mail'],
        summary: 'One message',
        operationId: 'read_mail',
        parameters: [idParameter],
        responses: { '200': answer('get', '/api/mail/{id}', '200', 'The message.', dataOf(MailRecordSchema)), '404': errorResponse('not_found'), ...common },
      },
      put: {
        tags: ['mail'],
        summary: 'Set flags, labels or the folder of a message',
        description:
          'Any of `isRead`, `isStarred`, `isImportant`, `labels`, `folder`; `version` is optional (when sent, a stale one is 409 conflict). `folder` moves to `trash` from anywhere, and out of trash only back to where the message came from (else 409 invalid_transition). Viewers only read (403).',
        operationId: 'update_mail',
        parameters: [idParameter],
        requestBody: jsonBody(input(MailUpdateSchema)),
        responses: {
          '200': answer('put', '/api/mail/{id}', '200', 'The message as stored.', dataOf(MailRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict: stale version; invalid_transition: a move the folders do not allow.'),
          '415': notJson,
          ...common,
        },
      },
      delete: {
        tags: ['mail'],
        summary: 'Move a message to trash, or delete it from trash for good',
        operationId: 'delete_mail',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': answer(
            'delete',
            '/api/mail/{id}',
            '200',
            '`deleted: false, folder: trash` when moved to trash; `deleted: true` when it was in trash and is gone.',
            dataOf(MailDeletedSchema),
          ),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict: stale version.'),
          ...common,
        },
      },
    },
    '/api/mail/{id}/attachments/{attachmentId}': {
      get: {
        tags: ['mail'],
        summary: 'Download an attachment',
        operationId: 'download_mail_attachment',
        parameters: [idParameter, attachmentIdParameter],
        responses: {
          '200': {
            description: 'The file, as an attachment (`Content-Disposition`), with its detected type and `X-Content-Type-Options: nosniff`.',
            content: Object.fromEntries(Object.keys(MAIL_ATTACHMENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/mail/{id}/text': {
      get: {
        tags: ['mail'],
        summary: 'The whole text of a long message',
        description: 'A long inbound message’s whole text (its `textUrl`), streamed as plain UTF-8 text; a message whose `text` is whole has none (404).',
        operationId: 'read_mail_text',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The text, `text/plain; charset=utf-8`, with `X-Content-Type-Options: nosniff`.',
            content: { 'text/plain': { schema: { type: 'string' } } },
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
  }
}

/** Chat: conversations, their messages, read marks and the live event stream. */
function chatPaths(): Record<string, Record<string, Operation>> {
  const notFound = errorResponse('not_found: no such conversation, or the caller is not in it (another organization’s too).')
  const attachmentIdParameter = { name: 'attachmentId', in: 'path', required: true, schema: { type: 'string' } }
  return {
    '/api/chat': {
      get: {
        tags: ['chat'],
        summary: 'Your conversations',
        description:
          'The conversations the caller takes part in, most recent first (the latest 100), each with its `unreadCount` for the caller and its `lastMessage`.',
        operationId: 'list_conversations',
        responses: { '200': answer('get', '/api/chat', '200', 'The conversations; `meta.total` counts them.', ConversationListSchema), ...common },
      },
      post: {
        tags: ['chat'],
        summary: 'Start or open a conversation',
        description:
          'One other person (and no `title`): the pair’s one conversation, created on first use. More people, or a `title`: a new group. `loadId`: the load’s conversation (its dispatcher and driver), created on first open and joined by the caller; a driver opens only their own loads’ (others 404). `body`: a first message. People must be active users of the organization. Viewers: 403.',
        operationId: 'start_conversation',
        requestBody: jsonBody(input(ConversationSchema)),
        responses: {
          '201': answer('post', '/api/chat', '201', 'Created.', dataOf(ConversationRecordSchema)),
          '200': answer(
            'post',
            '/api/chat',
            '200',
            'It existed (the pair’s or the load’s): opened, the first message posted in it.',
            dataOf(ConversationRecordSchema),
          ),
          '404': errorResponse('not_found: no such load (or not yours, for a driver).'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/chat/{id}': {
      get: {
        tags: ['chat'],
        summary: 'A conversation with its messages',
        description: `The newest ${CHAT_PAGE_SIZE} messages, oldest first; \`?before=<message id>\` the ${CHAT_PAGE_SIZE} before that one (\`meta.before\` names the next page’s, null at the start). Reading does not mark it read.`,
        operationId: 'read_conversation',
        parameters: [idParameter, ...queryParameters(ChatHistoryQuery)],
        responses: {
          '200': answer('get', '/api/chat/{id}', '200', 'The conversation and `messages`; `meta: { hasMore, before }`.', ConversationPageSchema),
          '404': notFound,
          ...common,
        },
      },
    },
    '/api/chat/{id}/messages': {
      post: {
        tags: ['chat'],
        summary: 'Post a message',
        description: `JSON \`{ body }\`, or multipart/form-data with a \`file\` (PNG, JPEG or WebP: \`contentType: image\`; PDF: \`file\`; read from its bytes, 415 otherwise) of at most ${CHAT_FILE_MAX_BYTES / 1024 / 1024} MB (413) and an optional \`body\`. The other participants’ \`unreadCount\` grows and their event streams get it. Participants only; viewers 403.`,
        operationId: 'post_chat_message',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: input(ChatMessageSchema) },
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', format: 'binary' }, body: { type: 'string', maxLength: CHAT_BODY_MAX } },
                required: ['file'],
              },
              encoding: { file: { contentType: Object.keys(CHAT_ATTACHMENT_TYPES).join(', ') } },
            },
          },
        },
        responses: {
          '201': answer('post', '/api/chat/{id}/messages', '201', 'The message.', dataOf(ChatMessageRecordSchema)),
          '404': notFound,
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${CHAT_FILE_MAX_BYTES / 1024 / 1024} MB.`),
          '415': errorResponse('unsupported_media_type: not JSON or multipart/form-data, or the file is not a PNG, JPEG, WebP or PDF (by content).'),
        },
      },
    },
    '/api/chat/{id}/read': {
      post: {
        tags: ['chat'],
        summary: 'Mark a conversation read',
        description: 'The caller’s `unreadCount` in it becomes 0. No body (or `{}`).',
        operationId: 'read_chat',
        parameters: [idParameter],
        requestBody: jsonBody(input(ChatReadBodySchema), false),
        responses: {
          '200': answer('post', '/api/chat/{id}/read', '200', 'Read.', dataOf(ChatReadRecordSchema)),
          '404': notFound,
          '415': notJson,
          ...common,
        },
      },
    },
    // A stream that stays open: the fuzz suite walks lists (GETs with query parameters) and writes,
    // so it never opens it (it would wait for ever); tests/integration/chat-events.test.ts covers it.
    '/api/chat/{id}/events': {
      get: {
        tags: ['chat'],
        summary: 'The conversation’s live events',
        description:
          'Server-sent events (`text/event-stream`): an `event: message` (its `id:` the message id, `data:` the message as JSON) for every new message of the conversation, whichever app server received it; a `: keep-alive` comment every 25 s. Send `Last-Event-ID` to get what was missed after that message first. Participants only: checked at the open and again whenever access may have changed; when the credential is signed out or revoked, its user banned, or the user no longer reads the conversation (a driver taken off the load), the stream sends `event: revoked` and ends (do not reconnect). A person may hold a few streams per server (`CHAT_STREAMS_PER_USER`, 8 by default): one more is 429 `rate_limited`; a server holds at most `CHAT_STREAMS_PER_SERVER`: past it 503 `unavailable`; both with `Retry-After`.',
        operationId: 'chat_events',
        parameters: [idParameter, { name: 'Last-Event-ID', in: 'header', required: false, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The stream.', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          '404': notFound,
          ...common,
          '429': errorResponse(
            'rate_limited: too many requests for this credential or address this minute, or this person already holds `CHAT_STREAMS_PER_USER` streams on this server; retry after `Retry-After` seconds.',
          ),
          '503': errorResponse(
            'unavailable: the database is unreachable, or this server holds `CHAT_STREAMS_PER_SERVER` streams; retry after `Retry-After` seconds.',
          ),
        },
      },
    },
    '/api/chat/{id}/attachments/{attachmentId}': {
      get: {
        tags: ['chat'],
        summary: 'A message’s file',
        description: 'Photos inline, PDFs as an attachment, with the type detected at upload and `nosniff`. Participants only.',
        operationId: 'download_chat_attachment',
        parameters: [idParameter, attachmentIdParameter],
        responses: {
          '200': {
            description: 'The file.',
            content: Object.fromEntries(Object.keys(CHAT_ATTACHMENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': notFound,
          ...common,
        },
      },
    },
  }
}

/** The public site's texts as `site` of the organization: the lists spelled out (the schema drops blank rows first). */
function siteTextsSchema(): JsonSchema {
  const base = input(SiteTextsSchema)
  return {
    ...base,
    description: `The public site's texts (/about-us, /faqs, /contact-us, /coming-soon), admins write. \`about\`: plain text, paragraphs by blank lines. At most ${SITE_LIMITS.faq} FAQ entries (${SITE_LIMITS.answer} characters per answer) and ${SITE_LIMITS.services} services; rows with every field empty are dropped. \`comingSoonAt\`: an ISO 8601 instant (or the organization's wall clock). Empty fields clear them.`,
    properties: {
      ...(base.properties as JsonSchema),
      faq: input(z.array(FaqEntrySchema).max(SITE_LIMITS.faq)),
      services: input(z.array(ServiceSchema).max(SITE_LIMITS.services)),
    },
    required: [],
  }
}

/** The caller's own organization: one record, no id in the path. */
function organizationPaths(): Record<string, Record<string, Operation>> {
  const site = siteTextsSchema()
  return {
    '/api/organization': {
      get: {
        tags: ['organization'],
        summary: 'Your organization',
        description:
          'Its names, MC and DOT numbers, address, phone, time zone, the language of its documents (`language`: the fuel tax return’s PDF and trip sheets are written in it), the remit-to bank details its invoices print, its inbound mail address (`inboundEmail`) and the public site’s texts (`site`). Admins and viewers.',
        operationId: 'read_organization',
        responses: { '200': answer('get', '/api/organization', '200', 'The organization.', dataOf(OrganizationRecordSchema)), ...common },
      },
      put: {
        tags: ['organization'],
        summary: 'Replace your organization’s details',
        description:
          'Admins only. The whole record with the `version` last read. A routing number (ABA, nine digits with their check digit) and an account number go together. `inboundEmail` is read-only: sent back, it is ignored. `site` replaces the public site’s texts; without it they stay as they are, and so does the language without `language` (one of en, fr, vi, cn, ar).',
        operationId: 'update_organization',
        requestBody: jsonBody(organizationPut(site)),
        responses: {
          '200': answer('put', '/api/organization', '200', 'The organization as stored.', dataOf(OrganizationRecordSchema)),
          '409': errorResponse('conflict: the version is stale; nothing was changed.'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

/** PUT /api/organization's body: the record's fields and `site`. */
function organizationPut(site: JsonSchema): JsonSchema {
  const base = input(OrganizationPutSchema)
  return { ...base, properties: { ...(base.properties as JsonSchema), site } }
}

function accountPaths(): Record<string, Record<string, Operation>> {
  const token = (path: string, status: string) =>
    answer('post', path, status, 'Signed in: `accessToken` for `Authorization: Bearer`, and the user.', SessionRecordSchema)
  return {
    '/api/account/register': {
      post: {
        tags: ['account'],
        summary: 'Register an organization and its first admin',
        description:
          'The organization’s `language` (its documents’) is the request’s: the `i18nextLng` cookie, else `Accept-Language`, else English. An admin changes it with PUT /api/organization.',
        operationId: 'register',
        security: [],
        requestBody: jsonBody(input(RegisterSchema)),
        responses: {
          '201': token('/api/account/register', '201'),
          '400': common['400'],
          '413': common['413'],
          '415': notJson,
          '429': errorResponse('rate_limited'),
        },
      },
    },
    '/api/account/login': {
      post: {
        tags: ['account'],
        summary: 'Sign in',
        operationId: 'login',
        security: [],
        requestBody: jsonBody(input(LoginSchema)),
        responses: {
          '200': token('/api/account/login', '200'),
          '400': common['400'],
          '401': common['401'],
          '415': notJson,
          '429': errorResponse('rate_limited'),
        },
      },
    },
    '/api/account/logout': {
      post: {
        tags: ['account'],
        summary: 'Revoke this access token',
        operationId: 'logout',
        responses: { '204': { description: 'Signed out.' }, '401': common['401'] },
      },
    },
    '/api/account/my-account': {
      get: {
        tags: ['account'],
        summary: 'The signed-in user',
        operationId: 'my_account',
        responses: { '200': answer('get', '/api/account/my-account', '200', 'The user.', dataOf(AccountUserRecordSchema)), '401': common['401'] },
      },
    },
    '/api/openapi.json': {
      get: {
        tags: ['meta'],
        summary: 'This document',
        operationId: 'openapi',
        security: [],
        responses: { '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  }
}

/** The cart, checkout and store orders (ADR 058): the money is the server's, computed in one place. */
function checkoutPaths(): Record<string, Record<string, Operation>> {
  const cartAnswer = (method: string, path: string, status: string) => answer(method, path, status, 'The cart afterwards.', dataOf(CartRecordSchema))
  const itemIdParameter = { name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }
  const tags = ['store']
  return {
    '/api/cart': {
      get: {
        tags,
        summary: 'The caller’s cart',
        operationId: 'read_cart',
        responses: { '200': answer('get', '/api/cart', '200', 'The cart.', dataOf(CartRecordSchema)), ...common },
      },
      delete: {
        tags,
        summary: 'Empty the cart (reset to step 0)',
        operationId: 'reset_cart',
        parameters: [versionParameter],
        responses: { '200': cartAnswer('delete', '/api/cart', '200'), '409': errorResponse('conflict: stale version.'), ...common },
      },
    },
    '/api/cart/items': {
      post: {
        tags,
        summary: 'Add a product to the cart',
        description: `The same product and colour add up on one line; a product's lines of every colour hold at most ${MAX_LINE_QUANTITY} together, and at most its stock (else 409 insufficient_stock, its message at \`quantity\`, nothing changed). The product must be active and of the organization; \`color\` one of its colours (none when it has none). Anything else: 400 with fields, nothing changed.`,
        operationId: 'add_cart_item',
        requestBody: jsonBody(input(CartAddSchema)),
        responses: {
          '201': cartAnswer('post', '/api/cart/items', '201'),
          '409': errorResponse('insufficient_stock: more than the stock with what the cart holds.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/cart/items/{itemId}': {
      put: {
        tags,
        summary: 'Change a line’s quantity',
        operationId: 'update_cart_item',
        parameters: [itemIdParameter],
        requestBody: jsonBody(input(CartQuantitySchema)),
        responses: {
          '200': cartAnswer('put', '/api/cart/items/{itemId}', '200'),
          '404': errorResponse('not_found: not a line of the caller’s cart.'),
          '409': errorResponse('insufficient_stock: more than the stock with the product’s other lines.'),
          '415': notJson,
          ...common,
        },
      },
      delete: {
        tags,
        summary: 'Remove a line',
        operationId: 'remove_cart_item',
        parameters: [itemIdParameter, versionParameter],
        responses: {
          '200': cartAnswer('delete', '/api/cart/items/{itemId}', '200'),
          '404': errorResponse('not_found: not a line of the caller’s cart.'),
          '409': errorResponse('conflict: stale version.'),
          ...common,
        },
      },
    },
    '/api/cart/billing': {
      put: {
        tags,
        summary: 'Billing and shipping',
        description: `\`driverId\` (chargeTo driver): an active driver of the organization; \`truckId\` (chargeTo truck): one of its trucks. Shipping: ${SHIPPING_METHODS.map((method) => `${method} ${SHIPPING_CENTS[method]}¢`).join(', ')}. An unknown \`discountCode\` is a field error. A driver buys for themselves: \`chargeTo\` must be \`driver\` and \`driverId\` theirs or left out (else 400 at \`chargeTo\`).`,
        operationId: 'update_cart_billing',
        requestBody: jsonBody(input(CartBillingSchema)),
        responses: { '200': cartAnswer('put', '/api/cart/billing', '200'), '409': errorResponse('conflict: stale version.'), '415': notJson, ...common },
      },
    },
    '/api/cart/step': {
      post: {
        tags,
        summary: 'Move to a checkout step',
        description:
          'Back always; forward (a jump included) only when every step before the target is complete, and never while a line asks for more than the stock now (409 insufficient_stock).',
        operationId: 'move_cart_step',
        requestBody: jsonBody(input(CartStepSchema)),
        responses: {
          '200': cartAnswer('post', '/api/cart/step', '200'),
          '409': errorResponse('invalid_transition: a step before it is not complete; insufficient_stock: a line asks for more than the stock now.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/checkout': {
      post: {
        tags,
        summary: 'Place the cart’s order',
        description:
          'In one transaction: stock falls for every line (never below 0), the prices are locked on the order, the order number is taken and the cart is emptied. A product short of stock: 409 insufficient_stock naming it, nothing ordered. Send what the buyer reviewed (`expectedTotalCents`, and/or the cart’s `reviewKey` from GET /api/cart): when a price or a line changed since, 409 conflict with the new total in the message, nothing ordered. An order charged to a driver is deducted from their next settlement and must fit their store limit (`driverProfile.storeLimitCents`, with their orders no settlement deducts yet): past it 409 store_limit_exceeded, nothing ordered.',
        operationId: 'place_order',
        parameters: [idempotencyKeyParameter],
        requestBody: jsonBody(input(CheckoutSchema), false),
        responses: {
          '201': answer('post', '/api/checkout', '201', 'The order.', dataOf(OrderRecordSchema)),
          '409': errorResponse(
            'insufficient_stock; store_limit_exceeded: past the driver’s store limit; invalid_transition: the cart is empty or its billing incomplete; conflict: the cart no longer adds up to what was reviewed.',
          ),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/orders': {
      get: {
        tags,
        summary: 'Store orders',
        operationId: 'list_orders',
        parameters: queryParameters(OrderListQuerySchema),
        responses: {
          '200': answer('get', '/api/orders', '200', 'One page of orders, in `data`; `meta` has the total and the page.', pageOf(OrderRecordSchema)),
          ...common,
        },
      },
    },
    '/api/orders/{id}': {
      get: {
        tags,
        summary: 'One store order',
        operationId: 'read_order',
        parameters: [idParameter],
        responses: { '200': answer('get', '/api/orders/{id}', '200', 'The order.', dataOf(OrderRecordSchema)), '404': errorResponse('not_found'), ...common },
      },
    },
    '/api/orders/{id}/cancel': {
      post: {
        tags,
        summary: 'Cancel a store order',
        description: 'A placed order no live settlement deducts: canceled, its stock returns.',
        operationId: 'cancel_order',
        parameters: [idParameter],
        requestBody: jsonBody(input(OrderCancelSchema), false),
        responses: {
          '200': answer('post', '/api/orders/{id}/cancel', '200', 'The order.', dataOf(OrderRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('invalid_transition (not placed), in_use (a settlement deducts it) or conflict (stale version).'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

/** Quote requests (ADR 061): made by the public quote forms; read, priced, decided and converted to a load here. */
function quotePaths(): Record<string, Record<string, Operation>> {
  const action = (verb: string, operationId: string, summary: string, description: string, body: JsonSchema, required: boolean, conflicts: string) => ({
    post: {
      tags: ['quote requests'],
      summary,
      description,
      operationId,
      parameters: [idParameter],
      requestBody: jsonBody(body, required),
      responses: {
        '200': answer('post', `/api/quotes/{id}/${verb}`, '200', 'The quote request.', dataOf(QuoteRecordSchema)),
        '404': errorResponse('not_found'),
        '409': errorResponse(conflicts),
        '415': notJson,
        ...common,
      },
    },
  })
  return {
    '/api/quotes': {
      get: {
        tags: ['quote requests'],
        summary: 'Quote requests',
        description:
          'Made by the public quote forms (`/pricing` for the site organization, `/pricing/{handle}` for each organization), never by the API. `q` searches the number, name, email, company and cities. Admins and dispatchers answer them; accountants and viewers read; drivers do not see them.',
        operationId: 'list_quotes',
        parameters: queryParameters(QuoteListQuerySchema),
        responses: {
          '200': answer('get', '/api/quotes', '200', 'One page of requests, in `data`; `meta` has the total and the page.', pageOf(QuoteRecordSchema)),
          ...common,
        },
      },
    },
    '/api/quotes/{id}': {
      get: {
        tags: ['quote requests'],
        summary: 'Read a quote request',
        operationId: 'read_quote',
        parameters: [idParameter],
        responses: {
          '200': answer('get', '/api/quotes/{id}', '200', 'The quote request.', dataOf(QuoteRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
    '/api/quotes/{id}/quote': action(
      'quote',
      'quote_price',
      'Quote a price',
      'The price (cents, above zero) and a note, emailed to the requester through the job queue; the request becomes `quoted`. Quoting again sends the new price.',
      input(QuotePriceSchema),
      true,
      'invalid_transition (won or lost already) or conflict (stale version).',
    ),
    '/api/quotes/{id}/won': action(
      'won',
      'mark_quote_won',
      'Mark a quote request won',
      'A new or quoted request becomes `won`.',
      input(QuoteActionSchema),
      false,
      'invalid_transition (won or lost already) or conflict (stale version).',
    ),
    '/api/quotes/{id}/lost': action(
      'lost',
      'mark_quote_lost',
      'Mark a quote request lost',
      'A new or quoted request becomes `lost`, with the reason.',
      input(QuoteLostSchema),
      true,
      'invalid_transition (won or lost already), in_use (converted to a load) or conflict (stale version).',
    ),
    '/api/quotes/{id}/convert': {
      post: {
        tags: ['quote requests'],
        summary: 'Convert a quote request to a load',
        description:
          'A booked load without a driver from the broker given: a pickup and a delivery stop with the request’s cities and states (the pickup window is the pickup day), its equipment, weight and quoted price as the linehaul. The request becomes `won` and names the load. A request becomes one load: converting again, even at the same time, answers 409 in_use. The caller also needs to create loads.',
        operationId: 'convert_quote',
        parameters: [idParameter],
        requestBody: jsonBody(input(QuoteConvertSchema)),
        responses: {
          '201': answer('post', '/api/quotes/{id}/convert', '201', 'The new load.', dataOf(LoadRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('in_use (converted already, or the broker is on hold), invalid_transition (a lost request) or conflict (stale version).'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

// ---- The files manager (ADR 067) ----

function filePaths(): Record<string, Record<string, Operation>> {
  return {
    '/api/files': {
      get: {
        tags: ['files'],
        summary: 'List every stored file',
        description:
          "Every stored file the caller sees, from one index (load documents, mail and chat attachments, product photos, bulletin covers, profile pictures): never another mailbox's mail nor a conversation the caller is not in. `meta.totalBytes` is the size of everything that matches the search (`q`, on the file name) and filters.",
        operationId: 'list_files',
        parameters: queryParameters(FileListQuerySchema),
        responses: {
          '200': answer(
            'get',
            '/api/files',
            '200',
            'One page of files; `meta` adds `totalBytes`.',
            z.object({ data: z.array(StoredFileRecordSchema), meta: FileListMetaSchema }),
          ),
          ...common,
        },
      },
    },
    '/api/files/{id}': {
      get: {
        tags: ['files'],
        summary: 'Download a stored file',
        operationId: 'get_file',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The bytes, as an attachment with their type and `nosniff`.',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
      delete: {
        tags: ['files'],
        summary: 'Delete a stored file',
        description:
          "By its record's own rule: a load's document as the load deletes it (not on an invoiced load), a product photo; mail and chat attachments, bulletin covers and profile pictures are changed where they live (409 in_use).",
        operationId: 'delete_file',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': answer('delete', '/api/files/{id}', '200', 'Removed.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('in_use: the record keeps its file (the message says why).'),
          ...common,
        },
      },
    },
    '/api/files/{id}/share': {
      post: {
        tags: ['files'],
        summary: 'Share a stored file',
        description: `A link to /share/{token} that downloads the file, signed out. \`expiresInDays\` 1 to ${FILE_SHARE_MAX_DAYS} (${FILE_SHARE_DEFAULT_DAYS} when absent; the body may be left out). The \`url\` holds the token and is in this answer only: only its hash is stored.`,
        operationId: 'create_file_share',
        parameters: [idParameter],
        requestBody: { required: false, content: { 'application/json': { schema: input(FileShareCreateSchema) } } },
        responses: {
          '201': answer('post', '/api/files/{id}/share', '201', 'The new link.', dataOf(ShareLinkRecordSchema)),
          '404': errorResponse('not_found'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/files/shares/{shareId}': {
      delete: {
        tags: ['files'],
        summary: 'Revoke a share link',
        description: 'Its link answers 404 from now on. Revoking a revoked link answers the same.',
        operationId: 'revoke_file_share',
        parameters: [{ name: 'shareId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': answer('delete', '/api/files/shares/{shareId}', '200', 'Revoked.', dataOf(RevokedShareLinkRecordSchema)),
          '404': errorResponse('not_found'),
          ...common,
        },
      },
    },
  }
}

/** The quarter's rates, its return, filing and reopening (ADR 122). */
function iftaPaths(): Record<string, Record<string, Operation>> {
  const tags = ['fuel tax']
  const quarter = { name: 'quarter', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d{4}-Q[1-4]$' }, description: 'A quarter: `2026-Q3`.' }
  const badQuarter = errorResponse('not_found: not a quarter (`2026-Q3`).')
  const returnAnswer = (path: string, description: string) => answer('post', path, '200', description, dataOf(IftaReturnRecordSchema))
  return {
    '/api/ifta/rates': {
      get: {
        tags,
        summary: 'Read a quarter’s rates',
        operationId: 'read_ifta_rates',
        parameters: [{ ...quarter, in: 'query' }],
        responses: { '200': answer('get', '/api/ifta/rates', '200', 'The rate table and interest rate.', dataOf(IftaRatesRecordSchema)), ...common },
      },
    },
    '/api/ifta/rates/{quarter}': {
      get: {
        tags,
        summary: 'Read a quarter’s rates',
        operationId: 'read_ifta_rates_quarter',
        parameters: [quarter],
        responses: {
          '200': answer('get', '/api/ifta/rates/{quarter}', '200', 'The rate table and interest rate.', dataOf(IftaRatesRecordSchema)),
          '404': badQuarter,
          ...common,
        },
      },
      put: {
        tags,
        summary: 'Replace a quarter’s rates',
        description:
          'The whole table: one row per member jurisdiction and fuel type, decimal strings in US dollars per gallon, and the monthly interest rate on late tax as a percent.',
        operationId: 'update_ifta_rates',
        parameters: [quarter],
        requestBody: jsonBody(input(IftaRatesSchema)),
        responses: {
          '200': answer('put', '/api/ifta/rates/{quarter}', '200', 'The table as stored.', dataOf(IftaRatesRecordSchema)),
          '404': badQuarter,
          '409': errorResponse('period_closed: the quarter’s return is filed; its rates change after an admin reopens it.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/ifta/rates/{quarter}/import': {
      post: {
        tags,
        summary: 'Import a quarter’s rates from the IFTA, Inc. rate matrix',
        description: `The rate matrix as IFTA, Inc. publishes it, saved as CSV (ADR 122, 137), read as the rates page reads it: a header naming the jurisdiction column (Jurisdiction, State / Province, State) and fuel columns by the matrix’s names (Gasoline, Special Diesel or Diesel, Propane, LNG, CNG, Ethanol, Methanol, E-85, M-85, A55, Biodiesel; others left out); jurisdictions by name or two-letter code; the Canadian rows (per litre) skipped; surcharge rows giving that jurisdiction’s surcharge; rates as printed (\`$ 0.3940\`), \`-\` or \`N/A\` for none. Every fuel type the file has replaces that type’s rates for the quarter, in one transaction; the interest rate is kept. Send the file as \`text/csv\` or as multipart with a \`file\` part, at most ${RATE_MATRIX_MAX_BYTES / 1024} KB (413). A file that is not a matrix answers 400 \`validation_failed\` with \`fields.file\` naming the line, and nothing is written. The roles that replace the rates may call it.`,
        operationId: 'import_ifta_rates',
        parameters: [quarter],
        requestBody: {
          required: true,
          content: {
            'text/csv': { schema: { type: 'string' } },
            'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } },
          },
        },
        responses: {
          '200': answer(
            'post',
            '/api/ifta/rates/{quarter}/import',
            '200',
            'The quarter’s rate table as stored, as GET /api/ifta/rates answers it.',
            dataOf(IftaRatesRecordSchema),
          ),
          '404': badQuarter,
          '409': errorResponse('period_closed: the quarter’s return is filed; its rates change after an admin reopens it.'),
          '415': errorResponse('unsupported_media_type: not text/csv or multipart/form-data.'),
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${RATE_MATRIX_MAX_BYTES / 1024} KB.`),
        },
      },
    },
    '/api/ifta/returns/{quarter}': {
      get: {
        tags,
        summary: 'The quarterly return',
        description:
          'Computed now from the quarter’s trips (by their end date), fuel purchases and rates, for one fuel type (`?fuelType=`, diesel by default). `?format=csv`: its lines and a TOTAL row (the lines’ sums, then `totalGallons`, `mpg` and `penaltyCents`, which only it fills). `?format=pdf`: the printable return (the organization, the quarter and status, the lines, the totals and the warnings) in the organization’s language (`language` of GET /api/organization), as an attachment.',
        operationId: 'read_ifta_return',
        parameters: [
          quarter,
          ...queryParameters(IftaReturnQuerySchema),
          { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['csv', 'pdf'] } },
        ],
        responses: {
          '200': answer('get', '/api/ifta/returns/{quarter}', '200', 'The return.', dataOf(IftaReturnRecordSchema), {
            'text/csv': { schema: { type: 'string' } },
            'application/pdf': { schema: { type: 'string', format: 'binary' } },
          }),
          '404': badQuarter,
          ...common,
        },
      },
    },
    '/api/ifta/returns/{quarter}/pdf': {
      get: {
        tags,
        summary: 'Download the quarterly return as PDF',
        description:
          'The same figures as the JSON (`?fuelType=`, diesel by default): the organization, the quarter, fuel type and status, one line per jurisdiction with the CSV’s columns, the totals and the warnings, in the organization’s language (`language` of GET /api/organization), whatever the request’s. The same as `GET /api/ifta/returns/{quarter}?format=pdf`.',
        operationId: 'download_ifta_return_pdf',
        parameters: [quarter, ...queryParameters(IftaReturnQuerySchema)],
        responses: {
          '200': {
            description: 'The PDF, as an attachment (`Content-Disposition`).',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '404': badQuarter,
          ...common,
        },
      },
    },
    '/api/ifta/returns/{quarter}/file': {
      post: {
        tags,
        summary: 'File the return',
        description:
          'Records the day it was filed (after the quarter, never after today) and closes the quarter: writes to its fuel purchases and trips answer 409 period_closed.',
        operationId: 'file_ifta_return',
        parameters: [quarter],
        requestBody: jsonBody(input(FileReturnSchema)),
        responses: {
          '200': returnAnswer('/api/ifta/returns/{quarter}/file', 'The diesel return, filed.'),
          '404': badQuarter,
          '409': errorResponse('invalid_transition: already filed.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/odometer-readings': {
      get: {
        tags,
        summary: 'List odometer readings',
        description:
          'A unit’s odometer log (`truckId`) or a load’s readings (`loadId`), oldest first: the latest 500 (`meta.total` counts them all). A driver’s credential reads only their own.',
        operationId: 'list_odometer_readings',
        parameters: queryParameters(OdometerReadingQuerySchema),
        responses: {
          '200': answer(
            'get',
            '/api/odometer-readings',
            '200',
            'The readings.',
            z.object({ data: z.array(OdometerReadingRecordSchema), meta: z.object({ total: z.number().int(), limit: z.number().int() }) }),
          ),
          ...common,
        },
      },
      post: {
        tags,
        summary: 'Record an odometer reading',
        description:
          'Recorded now by the load’s driver (anyone else 403): `start` first, then `state_line` (the jurisdiction entered) or `end`, one start and one end per load, only while the load is on the road with a truck (409 invalid_transition). The unit’s odometer never runs backwards across loads: a reading below its latest is 400 at `odometer`. A day in a filed quarter is 409 period_closed. When the load is delivered its readings make its trip.',
        operationId: 'create_odometer_readings',
        parameters: [idempotencyKeyParameter],
        requestBody: jsonBody(input(OdometerReadingSchema)),
        responses: {
          '201': answer('post', '/api/odometer-readings', '201', 'Recorded.', dataOf(OdometerReadingRecordSchema)),
          '409': errorResponse('invalid_transition: the load is not on the road, or the reading is not the next kind; period_closed: the quarter is filed.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/odometer-readings/{id}': {
      delete: {
        tags,
        summary: 'Take back an odometer reading',
        description:
          'Only a load’s latest reading, while the load is on the road (else 409 invalid_transition): by the load’s driver or the office (anyone else 403). A mistyped odometer would otherwise block every later reading of its unit. A reading of a filed quarter stays (409 period_closed).',
        operationId: 'delete_odometer_reading',
        parameters: [idParameter],
        responses: {
          '200': answer('delete', '/api/odometer-readings/{id}', '200', 'The reading taken back.', dataOf(OdometerReadingRecordSchema)),
          '404': errorResponse('not_found: no such reading in your organization.'),
          '409': errorResponse('invalid_transition: not the load’s latest reading, or the load is off the road; period_closed: the quarter is filed.'),
          ...common,
        },
      },
    },
    '/api/ifta/returns/{quarter}/reopen': {
      post: {
        tags,
        summary: 'Reopen a filed quarter',
        description: 'Admins only: the quarter takes writes again; the reason is kept in the audit log.',
        operationId: 'reopen_ifta_return',
        parameters: [quarter],
        requestBody: jsonBody(input(ReopenReturnSchema)),
        responses: {
          '200': returnAnswer('/api/ifta/returns/{quarter}/reopen', 'The diesel return, open.'),
          '404': badQuarter,
          '409': errorResponse('invalid_transition: not filed.'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

/** Driver vehicle inspection reports (DVIR, 49 CFR 396.11/396.13; ADR 130). */
function inspectionPaths(): Record<string, Record<string, Operation>> {
  const tags = ['maintenance']
  const notFound = errorResponse('not_found: no such report in your organization (or, for a driver, not theirs nor of a unit they drive).')
  return {
    '/api/inspections': {
      get: {
        tags,
        summary: 'List inspection reports',
        description:
          'Newest first. `truckId`, `kind` (`pre_trip`, `post_trip`) and `defects=open` (defects not yet certified) filter. A driver’s credential reads their own reports and those of the units they drive now.',
        operationId: 'list_inspections',
        parameters: queryParameters(InspectionListQuerySchema),
        responses: { '200': answer('get', '/api/inspections', '200', 'One page of reports.', pageOf(InspectionRecordSchema)), ...common },
      },
      post: {
        tags,
        summary: 'File an inspection report',
        description:
          'Filed by the caller: a driver, or an admin for the office’s own check (anyone else 403). `defects` may be empty (“no defects”), at most 14, each `item` from the checklist with a `note` of at most 500 characters. 400 at `truckId`/`trailerId` for a unit not the organization’s, at `inspectedAt` for a time more than 5 minutes ahead, at `odometer` for a reading more than 10 miles below the unit’s latest known one (readings, receipts, trips, reports). A defect’s `photoIds` (at most 5) name photos uploaded first by the caller through `POST /api/inspections/photos`, not yet attached: any other (another user’s, another organization’s, attached already, removed) is 400 `validation_failed` at `defects[i].photoIds` and nothing is filed. A driver signs the truck’s or trailer’s last certified report in the one they file (49 CFR 396.13, ADR 153): `acknowledgeInspectionId` names it, and it is acknowledged in the same transaction (see the field). Reports are never edited.',
        operationId: 'create_inspection',
        parameters: [idempotencyKeyParameter],
        requestBody: jsonBody(input(InspectionSchema)),
        responses: {
          '201': answer('post', '/api/inspections', '201', 'Filed.', dataOf(InspectionRecordSchema)),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/inspections/photos': {
      post: {
        tags,
        summary: 'Upload a defect’s photo',
        description: `Before filing the report (ADR 135): one photo as multipart/form-data \`file\`, JPEG, PNG or WebP by its bytes (415 otherwise, whatever its name), at most ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413), streamed to storage; nothing is kept when refused. Name its \`id\` in a defect’s \`photoIds\` of \`POST /api/inspections\` within a day, or it is removed. Those who file reports (a driver, an admin) may call it.`,
        operationId: 'upload_inspection_photo',
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
              encoding: { file: { contentType: INSPECTION_PHOTO_TYPES.join(', ') } },
            },
          },
        },
        responses: {
          '201': answer('post', '/api/inspections/photos', '201', 'Stored, not attached yet.', dataOf(InspectionPhotoRecordSchema)),
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`),
          '415': errorResponse('unsupported_media_type: not multipart, or not a JPEG, PNG or WebP image (by content).'),
        },
      },
    },
    '/api/inspections/photos/{id}': {
      get: {
        tags,
        summary: 'Read a defect’s photo',
        description:
          'Inline, with its detected type and `X-Content-Type-Options: nosniff`: for whoever may read its report; an upload not yet attached for its uploader only.',
        operationId: 'read_inspection_photo',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The image.',
            content: Object.fromEntries(INSPECTION_PHOTO_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found: no such photo, or not yours to read.'),
          ...common,
        },
      },
    },
    '/api/inspections/{id}': {
      get: {
        tags,
        summary: 'Get an inspection report',
        operationId: 'get_inspection',
        parameters: [idParameter],
        responses: { '200': answer('get', '/api/inspections/{id}', '200', 'The report.', dataOf(InspectionRecordSchema)), '404': notFound, ...common },
      },
    },
    '/api/inspections/{id}/certify': {
      post: {
        tags,
        summary: 'Certify a report’s defects',
        description:
          'Every defect at once: `repaired` true (repaired) or false (no repair needed), with a `note`, at the `version` read, and optionally the `workOrderId` of the organization’s work order on the report’s truck or on its trailer that did the repair (400 at `workOrderId` otherwise). An admin or dispatcher (anyone else 403). Completing a work order certifies the defects it holds by itself.',
        operationId: 'certify_inspection',
        parameters: [idParameter],
        requestBody: jsonBody(input(CertifySchema)),
        responses: {
          '200': answer('post', '/api/inspections/{id}/certify', '200', 'The report, certified.', dataOf(InspectionRecordSchema)),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale; invalid_transition: already certified, or the report has no defects.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/inspections/{id}/acknowledge': {
      post: {
        tags,
        summary: 'Acknowledge a report as the next driver',
        description:
          'The next driver of the unit signs its certified report (49 CFR 396.13): a driver who drives the unit now (its primary driver, or on a booked or active load with it), not the one who filed (anyone else 403). The body may carry the `version` read. A driver may sign it instead in their next report (`acknowledgeInspectionId` of `POST /api/inspections`).',
        operationId: 'acknowledge_inspection',
        parameters: [idParameter],
        requestBody: jsonBody(input(OptionalVersionSchema), false),
        responses: {
          '200': answer('post', '/api/inspections/{id}/acknowledge', '200', 'The report, acknowledged.', dataOf(InspectionRecordSchema)),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale; invalid_transition: not certified yet, or acknowledged already.'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

/** Work orders (49 CFR 396.3; ADR 132): repairs, preventive service and annual inspections of one unit. */
function workOrderPaths(): Record<string, Record<string, Operation>> {
  const tags = ['maintenance']
  const notFound = errorResponse('not_found: no such work order in your organization.')
  const move = (name: 'start' | 'cancel' | 'complete', summary: string, description: string) => ({
    post: {
      tags,
      summary,
      description,
      operationId: `${name}_work_order`,
      parameters: [idParameter],
      requestBody: name === 'complete' ? jsonBody(input(WorkOrderCompleteSchema)) : jsonBody(input(WorkOrderActionSchema), false),
      responses: {
        '200': answer('post', `/api/work-orders/{id}/${name}`, '200', 'The work order.', dataOf(WorkOrderRecordSchema)),
        '404': notFound,
        '409': errorResponse('conflict: the version is stale; invalid_transition: its status does not allow it.'),
        '415': notJson,
        ...common,
      },
    },
  })
  return {
    '/api/work-orders': {
      get: {
        tags,
        summary: 'List work orders',
        description:
          'Newest first. `truckId`, `trailerId`, `status` (`open`, `in_progress`, `completed`, `canceled`) and `kind` (`repair`, `preventive`, `annual_inspection`) filter.',
        operationId: 'list_work_orders',
        parameters: queryParameters(WorkOrderListQuerySchema),
        responses: { '200': answer('get', '/api/work-orders', '200', 'One page of work orders.', pageOf(WorkOrderRecordSchema)), ...common },
      },
      post: {
        tags,
        summary: 'Open a work order',
        description:
          'One unit: `truckId` or `trailerId`. `lines` of `kind` `part` or `labor`, `quantity` (at most three decimals), `unitCostCents`; a part may name a store `productId` (a whole quantity), whose stock it takes at once (400 at `lines[i].quantity` when the store has fewer; a canceled or deleted order gives it back). `defectIds`: uncertified defects of the unit’s reports that no other order holds (400 at `defectIds` otherwise). `totalCents` is the lines’ sum.',
        operationId: 'create_work_order',
        parameters: [idempotencyKeyParameter],
        requestBody: jsonBody(input(WorkOrderSchema)),
        responses: { '201': answer('post', '/api/work-orders', '201', 'Opened.', dataOf(WorkOrderRecordSchema)), '415': notJson, ...common },
      },
    },
    '/api/work-orders/{id}': {
      get: {
        tags,
        summary: 'Get a work order',
        operationId: 'get_work_order',
        parameters: [idParameter],
        responses: { '200': answer('get', '/api/work-orders/{id}', '200', 'The work order.', dataOf(WorkOrderRecordSchema)), '404': notFound, ...common },
      },
      put: {
        tags,
        summary: 'Replace a work order',
        description:
          'An open or in-progress order, at the `version` read; its lines are replaced and the store’s stock moves by the difference. A completed or canceled order is 409 `invalid_transition`.',
        operationId: 'update_work_order',
        parameters: [idParameter],
        requestBody: jsonBody(input(WorkOrderUpdateSchema)),
        responses: {
          '200': answer('put', '/api/work-orders/{id}', '200', 'The work order.', dataOf(WorkOrderRecordSchema)),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale; invalid_transition: completed or canceled.'),
          '415': notJson,
          ...common,
        },
      },
      delete: {
        tags,
        summary: 'Delete an open work order',
        description:
          'Only an open order (opened by mistake); `?version=` optional. Its parts go back to stock. Any other is the unit’s maintenance record: 409 `in_use`.',
        operationId: 'delete_work_order',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': answer('delete', '/api/work-orders/{id}', '200', 'Deleted.', dataOf(DeletedSchema)),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale; in_use: not open.'),
          ...common,
        },
      },
    },
    '/api/work-orders/{id}/start': move('start', 'Start a work order', 'open → in progress.'),
    '/api/work-orders/{id}/cancel': move(
      'cancel',
      'Cancel a work order',
      'Before it is completed: its parts go back to stock and its defects are free for another order.',
    ),
    '/api/work-orders/{id}/complete': move(
      'complete',
      'Complete a work order',
      '`completedAt` (not more than 5 minutes ahead) and the `odometer` then (for a truck, not more than 10 miles below its latest reading). Certifies its defects repaired, naming the order; an `annual_inspection` moves the unit’s `inspectionDue` to a year after the completion day.',
    ),
    '/api/work-orders/{id}/pdf': {
      get: {
        tags,
        summary: 'Download a work order as PDF',
        description: 'The order as its page prints it (the unit’s maintenance record, 49 CFR 396.3), in the organization’s language, as an attachment.',
        operationId: 'download_work_order_pdf',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The PDF, as an attachment (`Content-Disposition`).',
            content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
          },
          '404': notFound,
          ...common,
        },
      },
    },
  }
}

/** The accident register (49 CFR 390.15; ADR 141) and its documents. */
function accidentPaths(): Record<string, Record<string, Operation>> {
  const tags = ['safety']
  const notFound = errorResponse('not_found: no such accident in your organization.')
  return {
    '/api/accidents': {
      get: {
        tags,
        summary: 'List accidents',
        description:
          'Newest first. `from` and `to` (days on the organization’s calendar), `driverId`, `truckId` and `recordable` (`yes`, `no`) filter; `q` searches city, report number, driver, unit and load number; `?format=csv` streams every match.',
        operationId: 'list_accidents',
        parameters: queryParameters(AccidentListQuerySchema),
        responses: { '200': answer('get', '/api/accidents', '200', 'One page of accidents.', pageOf(AccidentRecordSchema)), ...common },
      },
      post: {
        tags,
        summary: 'Record an accident',
        description:
          '`occurredAt`: an ISO 8601 instant, or a wall-clock time read in the organization’s zone; not in the future (400 at `occurredAt`). `driverId` (a driver of the organization), `truckId`, `trailerId` and `loadId` are the organization’s (another’s is 400 at the field). `fatalities` and `injuries` (people treated away from the scene) are whole numbers from 0. The answer adds `recordable`: a fatality, an injury or a tow-away (390.5).',
        operationId: 'create_accident',
        parameters: [idempotencyKeyParameter],
        requestBody: jsonBody(input(AccidentSchema)),
        responses: { '201': answer('post', '/api/accidents', '201', 'Recorded.', dataOf(AccidentRecordSchema)), '415': notJson, ...common },
      },
    },
    '/api/accidents/{id}': {
      get: {
        tags,
        summary: 'Get an accident',
        operationId: 'get_accident',
        parameters: [idParameter],
        responses: { '200': answer('get', '/api/accidents/{id}', '200', 'The accident.', dataOf(AccidentRecordSchema)), '404': notFound, ...common },
      },
      put: {
        tags,
        summary: 'Replace an accident',
        description: 'The whole accident at the `version` read, by the rules of POST.',
        operationId: 'update_accident',
        parameters: [idParameter],
        requestBody: jsonBody(input(AccidentUpdateSchema)),
        responses: {
          '200': answer('put', '/api/accidents/{id}', '200', 'The accident.', dataOf(AccidentRecordSchema)),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale.'),
          '415': notJson,
          ...common,
        },
      },
      delete: {
        tags,
        summary: 'Delete an accident',
        description: 'An accident recorded by mistake, with its documents; `?version=` optional.',
        operationId: 'delete_accident',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': answer('delete', '/api/accidents/{id}', '200', 'Deleted.', dataOf(DeletedSchema)),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale.'),
          ...common,
        },
      },
    },
    '/api/accidents/{id}/documents': {
      post: {
        tags,
        summary: 'Add a document to an accident',
        description: `One file as multipart/form-data \`file\`: PDF, PNG, JPEG or WebP by its bytes (415 otherwise), at most ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413), streamed to storage; nothing is kept when refused.`,
        operationId: 'upload_accident_document',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
        },
        responses: {
          '201': answer('post', '/api/accidents/{id}/documents', '201', 'Stored.', dataOf(AccidentDocumentRecordSchema)),
          '404': notFound,
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`),
          '415': errorResponse('unsupported_media_type: not multipart, or not a PDF, PNG, JPEG or WebP (by content).'),
        },
      },
    },
    '/api/accidents/{id}/documents/{documentId}': {
      get: {
        tags,
        summary: 'Download an accident’s document',
        operationId: 'read_accident_document',
        parameters: [idParameter, { name: 'documentId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The file, as an attachment.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
          '404': errorResponse('not_found: no such accident or document.'),
          ...common,
        },
      },
      delete: {
        tags,
        summary: 'Remove an accident’s document',
        operationId: 'delete_accident_document',
        parameters: [idParameter, { name: 'documentId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': answer('delete', '/api/accidents/{id}/documents/{documentId}', '200', 'Removed.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found: no such accident or document.'),
          ...common,
        },
      },
    },
  }
}

/** The preventive maintenance due now (ADR 133): every schedule due soon or overdue. */
function maintenanceDuePaths(): Record<string, Record<string, Operation>> {
  return {
    '/api/maintenance/due': {
      get: {
        tags: ['maintenance'],
        summary: 'List the maintenance due',
        description:
          'Every schedule of the organization (or of one unit: `truckId`, `trailerId`) that is `due_soon` or `overdue` today, overdue first, then by the nearest due day or odometer. Not paged: `meta.total` is the count.',
        operationId: 'list_maintenance_due',
        parameters: queryParameters(DueQuerySchema),
        responses: { '200': answer('get', '/api/maintenance/due', '200', 'The schedules due.', pageOf(MaintenanceScheduleRecordSchema)), ...common },
      },
    },
  }
}

/** The driver qualification file (ADR 139) and the organization's compliance settings. */
function qualificationPaths(): Record<string, Record<string, Operation>> {
  const tags = ['compliance']
  const userId = { name: 'userId', in: 'path', required: true, schema: { type: 'string' }, description: 'A driver of your organization (another user: 404).' }
  const mb = LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024
  const collection = '/api/drivers/{userId}/qualifications'
  const item = `${collection}/{id}`
  const body = (schema: JsonSchema) => ({
    required: true,
    content: {
      'application/json': { schema },
      'multipart/form-data': {
        schema: { ...schema, properties: { ...((schema.properties as object) ?? {}), file: { type: 'string', format: 'binary' } } },
        encoding: { file: { contentType: Object.keys(LOAD_DOCUMENT_TYPES).join(', ') } },
      },
    },
  })
  const fileErrors = {
    '413': errorResponse(`payload_too_large: the document is over ${mb} MB (nothing is kept).`),
    '415': errorResponse('unsupported_media_type: neither JSON nor multipart, or the document is not a PDF, PNG, JPEG or WebP file (by content).'),
  }
  return {
    [collection]: {
      get: {
        tags,
        summary: 'List a driver’s qualification file',
        description: 'Every item of the driver’s file, kinds in the file’s order, newest first. A driver’s credential reads only its own file.',
        operationId: 'list_driver_qualifications',
        parameters: [userId],
        responses: {
          '200': answer('get', collection, '200', 'The items, in `data`; `meta.total` is their count.', pageOf(QualificationRecordSchema)),
          '404': errorResponse('not_found: no such driver in your organization.'),
          ...common,
        },
      },
      post: {
        tags,
        summary: 'Add an item to a driver’s qualification file',
        description: `JSON, or multipart/form-data with the same fields and the document as \`file\` (PDF, PNG, JPEG or WebP by content, at most ${mb} MB, streamed to storage). The office’s items are \`accepted\`; a driver may add only their own renewed \`medical_certificate\` with its document, \`pending\` until the office accepts it. Not replayed by Idempotency-Key.`,
        operationId: 'create_driver_qualification',
        parameters: [userId],
        requestBody: body(input(QualificationSchema)),
        responses: {
          '201': answer('post', collection, '201', 'Created.', dataOf(QualificationRecordSchema)),
          '404': errorResponse('not_found: no such driver in your organization.'),
          ...common,
          ...fileErrors,
        },
      },
    },
    [item]: {
      get: {
        tags,
        summary: 'Read an item of a driver’s qualification file',
        operationId: 'read_driver_qualification',
        parameters: [userId, idParameter],
        responses: { '200': answer('get', item, '200', 'The item.', dataOf(QualificationRecordSchema)), '404': errorResponse('not_found'), ...common },
      },
      put: {
        tags,
        summary: 'Replace an item of a driver’s qualification file',
        description:
          'The whole item at `version` (JSON, or multipart with a new `file` replacing the document); `review` (`accepted`, `rejected`) answers a driver’s upload. Read-only fields sent back are ignored.',
        operationId: 'update_driver_qualification',
        parameters: [userId, idParameter],
        requestBody: body(input(QualificationUpdateSchema)),
        responses: {
          '200': answer('put', item, '200', 'The item as stored.', dataOf(QualificationRecordSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict: the version is stale.'),
          ...common,
          ...fileErrors,
        },
      },
      delete: {
        tags,
        summary: 'Delete an item of a driver’s qualification file',
        operationId: 'delete_driver_qualification',
        parameters: [userId, idParameter, versionParameter],
        responses: {
          '200': answer('delete', item, '200', 'Deleted; its document is removed.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('conflict: the version is stale.'),
          ...common,
        },
      },
    },
    [`${item}/document`]: {
      get: {
        tags,
        summary: 'Download an item’s document',
        operationId: 'read_driver_qualification_document',
        parameters: [userId, idParameter],
        responses: {
          '200': {
            description: 'The file, as an attachment, with its detected type and `X-Content-Type-Options: nosniff`.',
            content: Object.fromEntries(Object.keys(LOAD_DOCUMENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found: no such item, or it has no document.'),
          ...common,
        },
      },
    },
    '/api/compliance/settings': {
      get: {
        tags,
        summary: 'Read the compliance settings',
        description: 'The kinds the organization requires of every driver and the reminder days (defaults, version 0, until an admin saves them).',
        operationId: 'read_compliance_settings',
        responses: { '200': answer('get', '/api/compliance/settings', '200', 'The settings.', dataOf(ComplianceSettingsRecordSchema)), ...common },
      },
      put: {
        tags,
        summary: 'Replace the compliance settings',
        description: 'Admins. `requiredKinds` (any of the kinds), `reminderDays` (0 to 365; 0: no reminders) and the `version` read (0 before the first save).',
        operationId: 'update_compliance_settings',
        requestBody: jsonBody(input(ComplianceSettingsSchema)),
        responses: {
          '200': answer('put', '/api/compliance/settings', '200', 'The settings as stored.', dataOf(ComplianceSettingsRecordSchema)),
          '409': errorResponse('conflict: the version is stale.'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

/** The accounting export (ADR 145): the account mapping and the numbered batches with their files. */
function accountingPaths(): Record<string, Record<string, Operation>> {
  const tags = ['accounting']
  const notFound = errorResponse('not_found: no such export in your organization.')
  return {
    '/api/accounting/settings': {
      get: {
        tags,
        summary: 'Read the account mapping',
        description:
          'The account and item names each record kind maps to and how customers are named (`name` or `mc_number`); the defaults (QuickBooks’ standard chart of accounts, version 0) until saved.',
        operationId: 'read_accounting_settings',
        responses: { '200': answer('get', '/api/accounting/settings', '200', 'The mapping.', dataOf(AccountingSettingsRecordSchema)), ...common },
      },
      put: {
        tags,
        summary: 'Replace the account mapping',
        description: 'Admins and accountants. Every name (1 to 159 characters), `customerNaming` and the `version` read (0 before the first save).',
        operationId: 'update_accounting_settings',
        requestBody: jsonBody(input(AccountingSettingsSchema)),
        responses: {
          '200': answer('put', '/api/accounting/settings', '200', 'The mapping as stored.', dataOf(AccountingSettingsRecordSchema)),
          '409': errorResponse('conflict: the version is stale.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/accounting/exports': {
      get: {
        tags,
        summary: 'List export batches',
        description: 'Newest first, with each batch’s status and progress.',
        operationId: 'list_accounting_exports',
        parameters: queryParameters(AccountingExportListQuerySchema),
        responses: { '200': answer('get', '/api/accounting/exports', '200', 'One page of batches.', pageOf(AccountingExportRecordSchema)), ...common },
      },
      post: {
        tags,
        summary: 'Start an export',
        description:
          'Records of the `kinds` dated `from` to `to` (at most a year; days in the organization’s time zone) in `format` (`qbd_iif`, `qbo_csv`, `xero_csv`). Records in an earlier batch are left out unless `includeExported`; a voided invoice, settlement or factoring purchase carried before comes out once as a reversal. The records are claimed at once (two exports started together never share one); the file is written by the job queue: `status` queued → running → ready, `processedCount` of `recordCount`.',
        operationId: 'create_accounting_export',
        parameters: [idempotencyKeyParameter],
        requestBody: jsonBody(input(AccountingExportSchema)),
        responses: { '201': answer('post', '/api/accounting/exports', '201', 'The batch.', dataOf(AccountingExportRecordSchema)), '415': notJson, ...common },
      },
    },
    '/api/accounting/exports/{id}': {
      get: {
        tags,
        summary: 'Get an export batch',
        description: 'Its status and progress (`processedCount` of `recordCount`).',
        operationId: 'get_accounting_export',
        parameters: [idParameter],
        responses: {
          '200': answer('get', '/api/accounting/exports/{id}', '200', 'The batch.', dataOf(AccountingExportRecordSchema)),
          '404': notFound,
          ...common,
        },
      },
    },
    '/api/accounting/exports/{id}/file': {
      get: {
        tags,
        summary: 'Download an export’s file',
        description: 'The `.iif` (QuickBooks Desktop) or a `.zip` of CSVs (QuickBooks Online, Xero). 409 `invalid_transition` until the batch is ready.',
        operationId: 'download_accounting_export',
        parameters: [idParameter],
        responses: {
          '200': {
            description: 'The file.',
            content: Object.fromEntries(['text/plain', 'application/zip'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': notFound,
          '409': errorResponse('invalid_transition: the file is not written yet (or failed).'),
          ...common,
        },
      },
    },
  }
}

/** The compliance dashboard's matrix (ADR 140): every active driver × qualification kind. */
function compliancePaths(): Record<string, Record<string, Operation>> {
  const meta = ListMetaSchema.extend({
    day: z.string().describe('The organization’s today (`YYYY-MM-DD`), on which the statuses are read.'),
    requiredKinds: z.array(z.enum(QUALIFICATION_KINDS)).describe('The kinds the organization requires for dispatch.'),
  })
  return {
    '/api/compliance': {
      get: {
        tags: ['compliance'],
        summary: 'Read the compliance matrix',
        description:
          'Per active driver (name order, paged by driver) and kind the status on the organization’s today: `ok`, `expiring` (ends within 30 days), `expired` or `missing`, from accepted items only, and `validThrough`, the last day the deciding item holds (null when it never expires or is missing). `q` searches the driver’s name; `status` keeps drivers with a kind in it; `kind` shows that kind only; `required=1` the required kinds only. A required kind expired or missing on a load’s day makes the driver `out_of_service`: the load’s dispatch, creation or change of driver answers 409 `out_of_service`.',
        operationId: 'read_compliance',
        parameters: queryParameters(ComplianceQuerySchema),
        responses: {
          '200': answer('get', '/api/compliance', '200', 'One page of drivers with their kinds.', z.object({ data: z.array(DriverComplianceSchema), meta })),
          ...common,
        },
      },
    },
  }
}

/** The books closed through a day (ADR 146): an addition to the contract's "Accounting export". */
function booksLockPaths(): Record<string, Record<string, Operation>> {
  const tags = ['accounting']
  const lock = (method: string, path: string, description: string) => answer(method, path, '200', description, dataOf(BooksLockRecordSchema))
  return {
    '/api/accounting/lock': {
      get: {
        tags,
        summary: 'Read the books lock',
        description:
          'The day the organization’s books are closed through (null: open), its `version`, and who moved it last. Every role that reads accounting may call it.',
        operationId: 'read_books_lock',
        responses: { '200': lock('get', '/api/accounting/lock', 'The lock.'), ...common },
      },
      put: {
        tags,
        summary: 'Close the books through a day',
        description:
          'Admins and accountants. The day only moves forward (409 `invalid_transition`) and is never after today in the organization’s zone (400 at `closedThrough`). From then on a write to an invoice, payment received, settlement, fuel purchase, completed work order or factoring purchase or release dated on or before it answers 409 `period_closed`.',
        operationId: 'close_books',
        requestBody: jsonBody(input(CloseBooksSchema)),
        responses: {
          '200': lock('put', '/api/accounting/lock', 'The lock as stored.'),
          '409': errorResponse('conflict (stale version) or invalid_transition (not after the day already closed).'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/accounting/lock/reopen': {
      post: {
        tags,
        summary: 'Reopen the books',
        description:
          'Admins only. `closedThrough`: an earlier day to keep closed, or null to open every day; `reason` (1 to 500 characters) is kept in the audit log with the change.',
        operationId: 'reopen_books',
        requestBody: jsonBody(input(ReopenBooksSchema)),
        responses: {
          '200': lock('post', '/api/accounting/lock/reopen', 'The lock as stored.'),
          '409': errorResponse('conflict (stale version) or invalid_transition (the books are not closed, or the day is not before the closed one).'),
          '415': notJson,
          ...common,
        },
      },
    },
  }
}

/** Claims against loads (ADR 142): cargo damage, shortage, loss or property damage, and the driver's deduction. */
function claimPaths(): Record<string, Record<string, Operation>> {
  const tags = ['claims']
  const notFound = errorResponse('not_found: no such claim in your organization.')
  const claim = (method: string, path: string, status: string, description: string) => answer(method, path, status, description, dataOf(ClaimRecordSchema))
  return {
    '/api/claims': {
      get: {
        tags,
        summary: 'List claims',
        description:
          'Newest first (by `filedOn`, the day received). `status`, `kind`, `loadId`, `from` and `to` (days received) filter; `q` searches the claim number, the insurer’s claim number and the load number.',
        operationId: 'list_claims',
        parameters: queryParameters(ClaimListQuerySchema),
        responses: { '200': answer('get', '/api/claims', '200', 'One page of claims.', pageOf(ClaimRecordSchema)), ...common },
      },
      post: {
        tags,
        summary: 'Open a claim',
        description:
          'Against one of your loads (`loadId`), by one claimant: `claimantBrokerId` or `claimantCompanyId` (exactly one). Amounts in integer cents, never negative; `amountPaidCents` only once the claim is settled, at most `amountClaimedCents`. A record not of your organization is 400 at its field.',
        operationId: 'create_claim',
        parameters: [idempotencyKeyParameter],
        requestBody: jsonBody(input(ClaimSchema)),
        responses: { '201': claim('post', '/api/claims', '201', 'Opened (status `open`).'), '415': notJson, ...common },
      },
    },
    '/api/claims/{id}': {
      get: {
        tags,
        summary: 'Get a claim',
        operationId: 'get_claim',
        parameters: [idParameter],
        responses: { '200': claim('get', '/api/claims/{id}', '200', 'The claim.'), '404': notFound, ...common },
      },
      put: {
        tags,
        summary: 'Replace a claim',
        description:
          'A claim not yet closed, at the `version` read. A claim deducted from a driver keeps its load, and its `amountPaidCents` at least the deduction.',
        operationId: 'update_claim',
        parameters: [idParameter],
        requestBody: jsonBody(input(ClaimUpdateSchema)),
        responses: {
          '200': claim('put', '/api/claims/{id}', '200', 'The claim.'),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale; invalid_transition: closed.'),
          '415': notJson,
          ...common,
        },
      },
      delete: {
        tags,
        summary: 'Delete an open claim',
        description: 'Only an open claim with nothing deducted (opened by mistake); `?version=` optional. Any other: 409 `in_use`.',
        operationId: 'delete_claim',
        parameters: [idParameter, versionParameter],
        responses: {
          '200': answer('delete', '/api/claims/{id}', '200', 'Deleted, with its papers.', dataOf(DeletedSchema)),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale; in_use: not open, or deducted.'),
          ...common,
        },
      },
    },
    '/api/claims/{id}/status': {
      post: {
        tags,
        summary: 'Move a claim',
        description:
          '`open` → `investigating` → `settled` | `denied` → `closed` (an open claim may be settled or denied at once). Settling may carry `amountPaidCents` (at most the amount claimed). Another move is 409 `invalid_transition`.',
        operationId: 'move_claim',
        parameters: [idParameter],
        requestBody: jsonBody(input(ClaimStatusSchema)),
        responses: {
          '200': claim('post', '/api/claims/{id}/status', '200', 'The claim.'),
          '404': notFound,
          '409': errorResponse('conflict: the version is stale; invalid_transition: its status does not allow it.'),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/claims/{id}/deduction': {
      post: {
        tags,
        summary: "Deduct a claim from the driver's pay",
        description:
          'Once per claim, for those who change claims and settlements: `amountCents` (more than 0, at most `amountPaidCents`) of a settled claim is deducted from its load’s driver, as a line of the driver’s open draft settlement, or of their next settlement (`deduction.settlement` null until then). A voided settlement, or the line taken off a draft, frees it for the next one. A second request: 409 `in_use`.',
        operationId: 'deduct_claim',
        parameters: [idParameter],
        requestBody: jsonBody(input(ClaimDeductionSchema)),
        responses: {
          '200': claim('post', '/api/claims/{id}/deduction', '200', 'The claim, with its `deduction`.'),
          '404': notFound,
          '409': errorResponse(
            'in_use: already deducted; invalid_transition: not settled with an amount paid, or its load has no driver; conflict: stale version.',
          ),
          '415': notJson,
          ...common,
        },
      },
    },
    '/api/claims/{id}/documents': {
      post: {
        tags,
        summary: 'Upload a paper onto a claim',
        description: `A photo, bill of lading or letter as multipart/form-data (\`file\`). The type is read from the file's bytes: ${Object.keys(LOAD_DOCUMENT_TYPES).join(', ')} only (415); at most ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB (413); nothing is kept of a refused file. Not on a closed claim (409).`,
        operationId: 'upload_claim_document',
        parameters: [idParameter],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
              encoding: { file: { contentType: Object.keys(LOAD_DOCUMENT_TYPES).join(', ') } },
            },
          },
        },
        responses: {
          '201': claim('post', '/api/claims/{id}/documents', '201', 'The claim with its papers.'),
          '404': notFound,
          '409': errorResponse('invalid_transition: the claim is closed.'),
          ...common,
          '413': errorResponse(`payload_too_large: the file is over ${LOAD_DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`),
          '415': errorResponse('unsupported_media_type: not a PDF, PNG, JPEG or WebP file (by content), or the body is not multipart/form-data.'),
        },
      },
    },
    '/api/claims/{id}/documents/{documentId}': {
      get: {
        tags,
        summary: "Download a claim's paper",
        operationId: 'download_claim_document',
        parameters: [idParameter, documentIdParameter],
        responses: {
          '200': {
            description: 'The file, as an attachment (`Content-Disposition`), with its detected type and `X-Content-Type-Options: nosniff`.',
            content: Object.fromEntries(Object.keys(LOAD_DOCUMENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
          },
          '404': errorResponse('not_found'),
          ...common,
        },
      },
      delete: {
        tags,
        summary: "Delete a claim's paper",
        operationId: 'delete_claim_document',
        parameters: [idParameter, documentIdParameter],
        responses: {
          '200': answer('delete', '/api/claims/{id}/documents/{documentId}', '200', 'Removed, with its stored file.', dataOf(DeletedSchema)),
          '404': errorResponse('not_found'),
          '409': errorResponse('invalid_transition: the claim is closed.'),
          ...common,
        },
      },
    },
  }
}

/**
 * What a resource's page (`/api/docs/{resource}`) says before its operations: the rules that hold
 * across its endpoints (search, filters, uniqueness, what a delete refuses). The README links here
 * instead of repeating them (ADR 112).
 */
const TAG_DESCRIPTIONS: Record<string, string> = {
  accounting:
    'The books closed through a day (ADR 146): a write to an invoice (by its issue date), a payment received (by the day paid), a settlement (by its period’s last day, and the day paid), a fuel purchase (by the day bought), a work order (by the day completed) or a factoring purchase or reserve release (by its day) dated on or before `closedThrough` answers 409 `period_closed`, its message naming the day, until an admin reopens the books.',
  loads:
    "Load stop times are ISO 8601 instants (`2026-12-01T14:00:00Z`) or wall-clock times (`2026-12-01T08:00`) read in the organization's time zone. Every date and time, in a body or a query string, is in the years 1950 to 2200 (a `from` or `to` outside them is ignored, like any unknown list value); a payment is never dated after today in the organization's zone. A driver's credential sees only the loads assigned to that driver. Dispatching needs a driver with a license and medical card valid on the pickup date, a truck and (unless the equipment is `power_only`) a trailer, none of them on another active load; it marks the truck `dispatched` and the trailer `in_use`, and delivery, cancel or taking the assignment off (`dispatched` \u2192 `booked`) frees them.",
  trucks:
    'Truck list parameters: `q` searches unit number, VIN, plate (spaces and dashes ignored, so `ABC 123` finds `ABC123`), make, model and company name. `compliance=overdue` lists trucks whose inspection or registration date is past; `compliance=due_soon` those with one of them within the next 30 days and none past (dates compare with today in UTC). An unknown value of any list parameter is ignored, as on the page. A `page` past the end answers an empty `data` with the real `meta.total`.',
  trailers:
    'Trailer list parameters: `q` searches unit number, VIN, plate (spaces and dashes ignored) and company name; `type` is one of `dry_van`, `reefer`, `flatbed`, `step_deck`, `lowboy`, `tanker`, `power_only`, `other`; `status` one of `available`, `in_use`, `maintenance`, `out_of_service`, `inactive`. Unit numbers and VINs are unique per organization regardless of case.',
  companies:
    'Company list parameters: `q` searches name, legal name, city and MC/DOT numbers (`MC-123456`, `USDOT 1234567` or the bare digits); `status` is `active` or `inactive`; `sort` also takes `trucks` and `trailers` (by how many each company has). Each company carries read-only `counts: { trucks, trailers, drivers }`. Names, MC and DOT numbers are unique per organization (names regardless of case; MC and DOT are stored as digits). `DELETE` answers 409 `in_use`, naming how many trucks, trailers and users still belong to the company, until they are reassigned.',
  brokers:
    'Broker list parameters: `q` searches name, MC and DOT numbers (`MC-123456`, `MC 123456` and `123456` all find MC 123456), contact name, emails and city; `status` is one of `active`, `on_hold`, `inactive`; `paymentTerms` one of `due_on_receipt`, `net_15`, `net_30`, `net_45`, `net_60`, `quick_pay`. Broker fields: `name`, `mcNumber` and `dotNumber` (3 to 8 digits; an `MC` or `DOT` prefix is removed), `contactName`, `email`, `phone`, `billingEmail`, `addressLine1`, `addressLine2`, `city`, `state`, `postalCode`, `country`, `paymentTerms` (default `net_30`), `creditLimitCents` (integer cents, absent for no limit), `status` (default `active`), `notes`, `customFields`. Names are unique per organization regardless of case, MC numbers when present. A broker that loads still refer to cannot be deleted: 409 `in_use`.',
  users:
    'User parameters: `q` searches first and last name, email and phone word by word; `role` and `status` (`active`, `invited`, `banned`) filter; `sort` is `name`, `email`, `role`, `status`, `lastLoginAt` or `createdAt`. No answer ever contains a password or its hash. A driver carries `driverProfile: { licenseNumber, licenseState, cdlClass (A/B/C), licenseExpiry, medicalCardExpiry, hireDate, payMethod, payRate, emergencyContactName, emergencyContactPhone }` (null for other roles). `payRate` is an integer in the unit `payMethod` names: cents per mile (`per_mile`, 65 = $0.65/mi), basis points of the linehaul (`percent`, 2500 = 25%), or cents per load (`flat`). The last active admin of an organization cannot be demoted or banned (400 at `role` or `status`).',
  'fuel tax':
    'Fuel tax (IFTA, ADR 122). Jurisdictions are two-letter codes: the 48 contiguous US states and the 10 Canadian provinces are members; `AK`, `HI`, `DC`, `YT`, `NT`, `NU` and `MX` count in total miles and gallons, never as taxable; anything else is 400. Fuel purchase list parameters: `quarter` (`2026-Q3`), `truckId`, `jurisdiction`, `fuelType`, `q` (vendor, city, reference, unit). `gallons` has at most three decimals; `totalCents` is integer cents. A trip’s jurisdictions’ miles add up to `endOdometer − startOdometer` (±1); `taxableMiles` defaults to the miles; a trip belongs to the quarter it ended in. Once a quarter is filed, a write to a purchase or trip dated in it (or moved into or out of it) answers 409 `period_closed` until an admin reopens it. A unit is on the return of the fuel type it bought most of in the quarter (diesel when none). The arithmetic: MPG = total miles ÷ total gallons, two decimals half up; taxable gallons = taxable miles ÷ MPG, whole; tax = (taxable − tax-paid gallons) × rate, to the cent half up, negative a credit; surcharge = taxable gallons × surcharge rate; late: the greater of $50 or 10 % of a positive tax due, and interest per month or part of a month on each jurisdiction owed.',
  maintenance:
    'Maintenance and inspections (ADR 130). A driver vehicle inspection report (49 CFR 396.11) names its unit, `kind`, `inspectedAt` (an ISO 8601 instant, or a wall-clock time read in the organization’s zone), `odometer` and its `defects`, each with `item` (`service_brakes`, `trailer_brake_connections`, `parking_brake`, `steering`, `lighting`, `reflectors`, `tires`, `horn`, `windshield_wipers`, `mirrors`, `coupling_devices`, `wheels_rims`, `emergency_equipment`, `other`), `note`, `outOfService` and `photoIds` (photos uploaded first; the report answers each defect’s `photos` with their `url`). `status` is `no_defects`, `defects_open`, `out_of_service` (an uncertified out-of-service defect: the unit may not be dispatched) or `certified`. Preventive maintenance schedules (ADR 133): `truckId` or `trailerId` (one), `task` (unique per unit regardless of case), `everyDays` and/or `everyMiles` (positive; miles for trucks only, counted from `lastDoneOdometer`), `lastDoneAt` (not after today). Each answer adds `nextDueAt` (`lastDoneAt` + `everyDays`), `nextDueOdometer` (`lastDoneOdometer` + `everyMiles`), `odometer` (the truck’s latest reading from inspections, fuel purchases, trips, odometer readings and work orders) and `status`: `overdue` past the due day or odometer, `due_soon` within 10% of the interval (at most 14 days or 500 miles), else `ok`, whichever of days and miles comes first. List parameters: `truckId`, `trailerId`, `status`, `q` (task or unit number). Work orders (ADR 132): one unit, lines of parts and labor, the defects they repair; completing one certifies them.',
  safety:
    'The accident register (49 CFR 390.15, ADR 141): every accident of the organization’s vehicles, kept three years. `recordable` is derived: a fatality, a person injured and treated away from the scene (`injuries` counts only them), or a vehicle towed away disabled (390.5). Those who change accidents (admins, dispatchers) write; accountants and viewers read.',
  compliance:
    'The driver qualification file (49 CFR 391.51, ADR 139). An item is `{ kind: application|mvr|road_test|medical_certificate|clearinghouse_query|drug_test|annual_review|license|other, completedAt, expiresAt?, result?, notes? }` with its document. `completedAt` is not after today (the organization’s zone); `expiresAt` is not before it, and is required for `medical_certificate` and `license` (the date on the card). `validThrough`: 12 months from `completedAt` for `mvr`, `annual_review` and `clearinghouse_query` (or an earlier `expiresAt`), the card’s date for the dated kinds, none for the kinds done once. `status` on today: `expired` after it, `expiring` within 30 days, else `ok`. Only `accepted` items count; the latest accepted medical certificate or license sets the driver’s `medicalCardExpiry` or `licenseExpiry`, which dispatch checks. Driver qualification and safety (ADR 140). Kinds: `application`, `mvr`, `road_test`, `medical_certificate`, `clearinghouse_query`, `drug_test`, `annual_review`, `license`, `other`. The MVR, the Clearinghouse query and the annual review hold 12 months from the day they were done; the medical certificate and the license until their printed expiry; the application, the road test and the pre-employment drug test never expire.',
  claims:
    'Claims (ADR 142): cargo damage, shortage, loss or property damage against a load, by a broker or a company (`claimant`). `status` is `open`, `investigating`, `settled`, `denied` or `closed`; amounts in integer cents. A settled claim the carrier paid may be deducted once from the load’s driver (`POST /api/claims/{id}/deduction`): the deduction is a line of the driver’s settlement, unique while that settlement is live.',
  mail: "Mail (`/api/mail`, ADR 053): `?box=shared|own` picks the organization's shared mailbox (admins, dispatchers and accountants; viewers read; drivers never, 404) or the caller's own; `folder` is `inbox`, `sent`, `drafts`, `trash`, `all` (every folder but trash), `starred` or `important`, with `label`, `q` and `starred=true`. `POST /api/mail` `{ to, cc?, subject, text, documentIds?, from?, answers?, forward? }` (or multipart with `files`) sends at once: colleagues by their address get a copy in their own inbox, the organization's address one in the shared inbox, and outside addresses an email through the job queue (`delivery`: `queued`, `sent`, `failed`). `PUT /api/mail/{id}` sets `isRead`, `isStarred`, `isImportant`, `labels` or `folder` (a `version` is optional); `DELETE` moves to trash, and from trash deletes for good.",
}

let cached: Record<string, unknown> | undefined

export function openApiDocument() {
  cached ??= {
    openapi: '3.1.0',
    info: {
      title: 'Freightdesk API',
      version: '1',
      description: 'Every answer is `{ "data": … }`; lists add `meta`; errors are `{ "error": { "code", "message", "fields"? } }`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    paths: {
      ...accountPaths(),
      ...organizationPaths(),
      ...Object.assign({}, ...RESOURCES.map(resourcePaths)),
      ...loadPaths(),
      ...importPaths(),
      ...iftaPaths(),
      ...productPaths(),
      ...fuelReceiptPaths(),
      ...inspectionPaths(),
      ...workOrderPaths(),
      ...maintenanceDuePaths(),
      ...accidentPaths(),
      ...qualificationPaths(),
      ...compliancePaths(),
      ...claimPaths(),
      ...accountingPaths(),
      ...booksLockPaths(),
      ...postPaths(),
      ...invoicePaths(),
      ...settlementPaths(),
      ...factoringPaths(),
      ...webhookPaths(),
      ...ediPaths(),
      ...quotePaths(),
      ...mailPaths(),
      ...chatPaths(),
      ...checkoutPaths(),
      ...filePaths(),
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A login token (`accessToken` from POST /api/account/login), or an API key (`fdk_…`) an admin creates on /dashboard/user/account. A read-only key may only read.',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: ERROR_CODES },
                message: { type: 'string', description: 'In the language of Accept-Language.' },
                fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
        ListMeta: output(ListMetaSchema),
        Session: output(SessionRecordSchema),
      },
    },
  }
  return cached
}

type Responses = Record<string, { content?: Record<string, unknown> }>

/**
 * The tags (resources) whose answers are generated from response schemas: every 2xx JSON answer
 * of their operations is (the CSV imports' report too, ADR 117).
 */
export function generatedTags() {
  const paths = (openApiDocument() as { paths: Record<string, Record<string, { tags?: string[]; responses?: Responses }>> }).paths
  const all = new Map<string, boolean>()
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2') || !response.content?.['application/json']) continue
        const isGenerated = generated.has(`${method.toUpperCase()} ${path} ${status}`)
        for (const tag of operation.tags ?? []) all.set(tag, (all.get(tag) ?? true) && isGenerated)
      }
    }
  }
  return [...all].flatMap(([tag, yes]) => (yes ? [tag] : [])).sort()
}

/**
 * The zod schema a 2xx JSON answer of this operation is generated from (`path` as the document
 * writes it: `/api/trucks/{id}`), or undefined when that answer is still described by hand.
 */
export function responseSchema(method: string, path: string, status: number): z.ZodType | undefined {
  openApiDocument()
  return generated.get(`${method.toUpperCase()} ${path} ${status}`)
}
