/**
 * The words of every Prisma enum, as the code lists them (ADR 105): the lists in app/schemas (and
 * the roles in app/utils/permissions) are what forms, filters, the API document and the types
 * offer; the database's enums are what a row can hold. They are the same words (the code's order is
 * the one pages show), so a row's status is its code type without a cast, and a word added on one
 * side only fails here.
 */
import { describe, expect, it } from 'vitest'

import * as database from '~/generated/prisma/enums'
import { ACCOUNTING_EXPORT_STATUSES, ACCOUNTING_PARTY_NAMINGS } from '~/schemas/accounting-options'
import { ACCOUNTING_FORMATS, ACCOUNTING_KINDS } from '~/schemas/accounting-options'
import { API_KEY_SCOPES } from '~/schemas/api-key-options'
import { AUDIT_ACTIONS } from '~/schemas/audit-options'
import { BROKER_STATUSES, CUSTOMER_TYPES, PAYMENT_TERMS } from '~/schemas/broker-options'
import { CHAT_CONTENT_TYPES, CONVERSATION_KINDS } from '~/schemas/chat-options'
import { CHARGE_TO, ORDER_STATUSES, SHIPPING_METHODS } from '~/schemas/checkout-options'
import { CLAIM_KINDS, CLAIM_STATUSES } from '~/schemas/claim-options'
import { COMPANY_KINDS, COMPANY_STATUSES } from '~/schemas/company-options'
import { CUSTOM_FIELD_LISTS, CUSTOM_FIELD_TYPES } from '~/schemas/custom-field-options'
import { EDI_DELIVERIES, EDI_DIRECTIONS, EDI_MESSAGE_STATUSES, EDI_TENDER_PURPOSES, EDI_TENDER_STATUSES, EDI_TRANSPORTS } from '~/schemas/edi-options'
import { SCHEDULE_STATUSES } from '~/schemas/factoring-options'
import { FUEL_TYPES, ODOMETER_READING_KINDS } from '~/schemas/ifta-options'
import { INSPECTION_ITEMS, INSPECTION_KINDS } from '~/schemas/inspection-options'
import { INVOICE_EMAIL_STATUSES, INVOICE_STATUSES, PAYMENT_METHODS } from '~/schemas/invoice-options'
import { LOAD_DOCUMENT_KINDS } from '~/schemas/load-document-options'
import { CHARGE_TYPES, LOAD_STATUSES, STOP_TYPES } from '~/schemas/load-options'
import { MAIL_DELIVERIES, MAIL_FOLDERS } from '~/schemas/mail-options'
import { POST_STATUSES } from '~/schemas/post-options'
import { PRODUCT_STATUSES } from '~/schemas/product-options'
import { QUALIFICATION_KINDS, QUALIFICATION_REVIEWS } from '~/schemas/qualification-options'
import { QUOTE_STATUSES } from '~/schemas/quote-options'
import { REMITTANCE_STATUSES } from '~/schemas/remittance-options'
import { SETTLEMENT_ITEM_TYPES, SETTLEMENT_STATUSES } from '~/schemas/settlement-options'
import { TRAILER_STATUSES, TRAILER_TYPES } from '~/schemas/trailer-options'
import { TRUCK_OWNERSHIPS, TRUCK_STATUSES } from '~/schemas/truck-options'
import { CDL_CLASSES, PAY_METHODS, USER_STATUSES } from '~/schemas/user-options'
import { WEBHOOK_DELIVERY_STATES } from '~/schemas/webhook-options'
import { WORK_ORDER_KINDS, WORK_ORDER_LINE_KINDS, WORK_ORDER_STATUSES } from '~/schemas/work-order-options'
import { ROLES } from '~/utils/permissions'

/**
 * Each Prisma enum and the code's list of its words; `satisfies` makes a new enum fail the type
 * check until it is named here. Null: only the database and one model use the enum (a session's
 * kind is set by the sign-in code, never chosen or shown).
 */
const WORDS = {
  Role: ROLES,
  UserStatus: USER_STATUSES,
  CompanyStatus: COMPANY_STATUSES,
  CompanyKind: COMPANY_KINDS,
  TruckStatus: TRUCK_STATUSES,
  TruckOwnership: TRUCK_OWNERSHIPS,
  TrailerType: TRAILER_TYPES,
  TrailerStatus: TRAILER_STATUSES,
  BrokerStatus: BROKER_STATUSES,
  CustomerType: CUSTOMER_TYPES,
  PaymentTerms: PAYMENT_TERMS,
  AuditAction: AUDIT_ACTIONS,
  CdlClass: CDL_CLASSES,
  PayMethod: PAY_METHODS,
  SessionKind: null,
  ApiKeyScope: API_KEY_SCOPES,
  CustomFieldList: CUSTOM_FIELD_LISTS,
  CustomFieldType: CUSTOM_FIELD_TYPES,
  LoadStatus: LOAD_STATUSES,
  StopType: STOP_TYPES,
  ChargeType: CHARGE_TYPES,
  LoadDocumentKind: LOAD_DOCUMENT_KINDS,
  InvoiceStatus: INVOICE_STATUSES,
  InvoiceEmailStatus: INVOICE_EMAIL_STATUSES,
  PaymentMethod: PAYMENT_METHODS,
  MailFolder: MAIL_FOLDERS,
  MailDelivery: MAIL_DELIVERIES,
  ConversationKind: CONVERSATION_KINDS,
  ChatContentType: CHAT_CONTENT_TYPES,
  ProductStatus: PRODUCT_STATUSES,
  StoreChargeTo: CHARGE_TO,
  ShippingMethod: SHIPPING_METHODS,
  StoreOrderStatus: ORDER_STATUSES,
  SettlementStatus: SETTLEMENT_STATUSES,
  SettlementItemType: SETTLEMENT_ITEM_TYPES,
  QuoteStatus: QUOTE_STATUSES,
  RemittanceStatus: REMITTANCE_STATUSES,
  PostStatus: POST_STATUSES,
  FactoringScheduleStatus: SCHEDULE_STATUSES,
  WebhookDeliveryState: WEBHOOK_DELIVERY_STATES,
  OdometerReadingKind: ODOMETER_READING_KINDS,
  FuelType: FUEL_TYPES,
  InspectionKind: INSPECTION_KINDS,
  InspectionItem: INSPECTION_ITEMS,
  WorkOrderKind: WORK_ORDER_KINDS,
  WorkOrderStatus: WORK_ORDER_STATUSES,
  WorkOrderLineKind: WORK_ORDER_LINE_KINDS,
  QualificationKind: QUALIFICATION_KINDS,
  QualificationReview: QUALIFICATION_REVIEWS,
  ClaimKind: CLAIM_KINDS,
  ClaimStatus: CLAIM_STATUSES,
  AccountingFormat: ACCOUNTING_FORMATS,
  AccountingKind: ACCOUNTING_KINDS,
  AccountingExportStatus: ACCOUNTING_EXPORT_STATUSES,
  AccountingPartyNaming: ACCOUNTING_PARTY_NAMINGS,
  EdiTransport: EDI_TRANSPORTS,
  EdiDirection: EDI_DIRECTIONS,
  EdiMessageStatus: EDI_MESSAGE_STATUSES,
  EdiTenderPurpose: EDI_TENDER_PURPOSES,
  EdiTenderStatus: EDI_TENDER_STATUSES,
  EdiDelivery: EDI_DELIVERIES,
} satisfies Record<keyof typeof database, readonly string[] | null>

/** The type of a code list's words and of the database's enum are one type, both ways. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Words<Name extends keyof typeof WORDS> = (typeof WORDS)[Name] extends readonly (infer Word)[] ? Word : never
type Enum<Name extends keyof typeof database> = (typeof database)[Name][keyof (typeof database)[Name]]
type AllSame = { [Name in keyof typeof WORDS]: (typeof WORDS)[Name] extends null ? true : Same<Words<Name>, Enum<Name>> }
// A word on one side only makes one of these `false`, and this line a type error.
const typesAgree: AllSame[keyof AllSame] = true

describe('status words', () => {
  it('names every enum of the database', () => {
    expect(Object.keys(WORDS).sort()).toEqual(Object.keys(database).sort())
    expect(typesAgree).toBe(true)
  })

  it.each(Object.entries(WORDS as Record<string, readonly string[] | null>).filter((entry): entry is [string, readonly string[]] => entry[1] !== null))(
    'lists the words of %s as the database does',
    (name, words) => {
      expect([...words].sort()).toEqual(Object.values(database[name as keyof typeof database]).sort())
    },
  )

  it('catches a word the database does not have', () => {
    expect(() => expect([...LOAD_STATUSES, 'lost'].sort()).toEqual(Object.values(database.LoadStatus).sort())).toThrow()
  })
})
