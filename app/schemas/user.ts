import { z } from 'zod'

import { decimalUnits, hasAtMostDecimals, MONEY_LIMITS, SCALE } from '~/utils/money'

import { apiRecordSchema, day, instant, namedRef, postalAddressFields } from './api-record'
import { EmailSchema, PasswordSchema } from './auth'
import { dateOnly, idText, optionalPhone, optionalText, requiredText, text, withVersion } from './fields'
import { enumFilter, listQuery } from './list-query'
import { cents } from './money-fields'
import { MAX_RECURRING_DEDUCTIONS } from './settlement-options'
import { CDL_CLASSES, PAY_METHODS, PAY_TYPES, ROLES, STATEMENT_LANGUAGES, USER_SORTS, USER_STATUSES } from './user-options'
import { VersionSchema } from './version'

const phone = () => optionalPhone('users.errors.phone')

const address = {
  addressLine1: optionalText(120),
  addressLine2: optionalText(120),
  city: optionalText(80),
  state: optionalText(40),
  postalCode: optionalText(20),
  country: optionalText(60),
}

/**
 * A pay rate in any unit is at most one amount (a flat rate: $10,000,000.00 a load, ADR 089);
 * checkPay holds the others: a percentage at most 100% (10,000 basis points), a rate per mile at
 * most $500.00.
 */
const MAX_PERCENT_BP = 10_000

/** A recurring deduction (ELD lease, insurance): taken from every settlement of the driver. */
function deductionLine<A extends z.ZodType>(amount: A) {
  return z.object({ description: requiredText(100), amountCents: amount })
}

function driverProfileShape<R extends z.ZodType, D extends z.ZodType>(payRate: R, deductions: D) {
  return {
    licenseNumber: optionalText(30),
    licenseState: optionalText(3).transform((value) => value?.toUpperCase()),
    cdlClass: z.enum(CDL_CLASSES, { error: 'validation.choice' }).optional(),
    licenseExpiry: dateOnly().optional(),
    medicalCardExpiry: dateOnly().optional(),
    hireDate: dateOnly().optional(),
    payMethod: z.enum(PAY_METHODS, { error: 'validation.choice' }).optional(),
    payRate: payRate.optional(),
    /** Per-mile pay: cents per empty mile (none: empty miles pay nothing), at most a rate per mile's maximum. */
    emptyMileRateCents: payRate.optional(),
    /** What the driver's store orders not yet settled may add up to (ADR 101): one amount; absent, the default $500.00. */
    storeLimitCents: payRate.optional(),
    recurringDeductions: deductions,
    /** The language of the driver's pay statements. */
    language: z.enum(STATEMENT_LANGUAGES, { error: 'validation.choice' }).optional(),
    emergencyContactName: optionalText(120),
    emergencyContactPhone: phone(),
  }
}

/**
 * A rate needs its method (its unit); a percentage is at most 100%, a rate per mile (loaded, the
 * contract's `payRateCents` of per-mile pay, and empty) at most MAX_RATE_PER_MILE_CENTS.
 */
function checkPay(value: { payMethod?: string; payRate?: number; emptyMileRateCents?: number; payType?: string; payRateCents?: number }, ctx: z.RefinementCtx) {
  const tooLarge = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
  const perMile = MONEY_LIMITS.ratePerMile
  if (value.emptyMileRateCents !== undefined && value.emptyMileRateCents > perMile.max) tooLarge('emptyMileRateCents', perMile.tooLarge)
  if (value.payType === 'per_mile' && value.payRateCents !== undefined && value.payRateCents > perMile.max) tooLarge('payRateCents', perMile.tooLarge)
  if (value.payRate === undefined) return
  if (!value.payMethod) tooLarge('payMethod', 'users.errors.payMethodRequired')
  else if (value.payMethod === 'percent' && value.payRate > MAX_PERCENT_BP) tooLarge('payRate', 'users.errors.percentTooLarge')
  else if (value.payMethod === 'per_mile' && value.payRate > perMile.max) tooLarge('payRate', perMile.tooLarge)
}

/**
 * A driver's profile in the API: `payRate` is an integer in the unit its `payMethod` names (cents
 * per mile, basis points of the load's total, cents per load).
 */
export const DriverProfileSchema = z
  .object({
    ...driverProfileShape(
      cents('amount'),
      z
        .array(deductionLine(cents('amount').refine((value) => value >= 1, 'validation.tooSmall')), { error: 'validation.choice' })
        .max(MAX_RECURRING_DEDUCTIONS, 'users.errors.tooManyDeductions')
        .optional(),
    ),
    // The contract's names for the same pay (docs/api-contract.md, "Driver pay"); when `payType` is
    // sent it wins over `payMethod`/`payRate` (app/policies/pay.ts `storedPay`).
    payType: z.enum(PAY_TYPES, { error: 'validation.choice' }).optional(),
    payRateCents: cents('amount').optional(),
    payPercent: z
      .number({ error: 'validation.number' })
      .min(0, 'validation.min0')
      .max(100, 'users.errors.percentTooLarge')
      .refine((value) => hasAtMostDecimals(value, SCALE.cents), 'users.errors.payRate')
      .optional(),
  })
  .superRefine(checkPay)
export type DriverProfileInput = z.infer<typeof DriverProfileSchema>

/**
 * The same profile in the editor, where people type the rate in dollars or percent ("0.65",
 * "25"): two decimals at most, stored ×100, so it lands in the same integer column.
 */
const hundredths = z
  .union([z.number(), z.string()], { error: 'validation.number' })
  .transform((value, ctx) => {
    const raw = typeof value === 'number' ? String(value) : value.trim()
    if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) {
      ctx.addIssue({ code: 'custom', message: 'users.errors.payRate' })
      return z.NEVER
    }
    return decimalUnits(Number(raw), SCALE.cents)
  })
  .pipe(cents('amount'))
/** The editor's deduction rows: rows left empty (the spare ones) are not rows. */
const formDeductions = z.preprocess(
  (value) =>
    Array.isArray(value)
      ? value.filter((row) => row && typeof row === 'object' && Object.values(row as object).some((field) => field !== undefined && field !== ''))
      : value,
  z
    .array(deductionLine(hundredths.pipe(cents('amount').refine((value) => value >= 1, 'validation.tooSmall'))), { error: 'validation.choice' })
    .max(MAX_RECURRING_DEDUCTIONS, 'users.errors.tooManyDeductions')
    .optional(),
)
export const DriverProfileFormSchema = z.object(driverProfileShape(hundredths, formDeductions)).superRefine(checkPay)

const userFields = {
  firstName: requiredText(80),
  lastName: requiredText(80),
  phone: phone(),
  role: z.enum(ROLES, { error: 'validation.choice' }).default('viewer'),
  companyId: idText().optional(),
  ...address,
}

/**
 * An admin adds a user (page and POST /api/user). With a password the account is active; without
 * one it is `invited` and the person chooses a password from the emailed link.
 */
export const UserCreateSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema.optional(),
  ...userFields,
  driverProfile: DriverProfileSchema.optional(),
})
export type UserCreateInput = z.infer<typeof UserCreateSchema>

/**
 * An admin edits a user (page and PUT /api/user/{id}). The email is the person's own to change
 * (account page); `status` absent keeps the current one.
 */
export const UserUpdateSchema = withVersion(
  z.object({
    ...userFields,
    status: z.enum(USER_STATUSES, { error: 'validation.choice' }).optional(),
    driverProfile: DriverProfileSchema.optional(),
  }),
)
export type UserUpdateInput = z.infer<typeof UserUpdateSchema>

/** The editor's forms: the same fields, the driver's rate typed in dollars or percent. */
export const UserCreateFormSchema = UserCreateSchema.extend({ driverProfile: DriverProfileFormSchema.optional() })
export const UserUpdateFormSchema = UserUpdateSchema.extend({ driverProfile: DriverProfileFormSchema.optional() })

/** Anyone's own profile: name, phone, address. */
export const ProfileSchema = withVersion(
  z.object({
    firstName: requiredText(80),
    lastName: requiredText(80),
    phone: phone(),
    ...address,
  }),
)
export type ProfileInput = z.infer<typeof ProfileSchema>

const currentPassword = text({ error: 'validation.required' }).min(1, 'validation.required').max(200, 'validation.tooLong')

export const PasswordChangeSchema = z
  .object({
    intent: z.literal('password'),
    currentPassword,
    password: PasswordSchema,
    confirmPassword: text({ error: 'validation.required' }).min(1, 'validation.required'),
  })
  .refine((value) => value.password === value.confirmPassword, { message: 'validation.passwordsDontMatch', path: ['confirmPassword'] })

export const EmailChangeSchema = z.object({ intent: z.literal('email'), email: EmailSchema, currentPassword, version: VersionSchema })

/** List query from the URL or the API's query string; bad values fall back. */
export const UserListQuerySchema = listQuery({
  sorts: USER_SORTS,
  defaultSort: 'name',
  filters: {
    role: enumFilter(ROLES),
    status: enumFilter(USER_STATUSES),
  },
})
export type UserListQuery = z.infer<typeof UserListQuerySchema>

/** A driver's profile as the API answers it (null for other roles). */
export const DriverProfileRecordSchema = z.object({
  licenseNumber: z.string().nullable(),
  licenseState: z.string().nullable(),
  cdlClass: z.enum(CDL_CLASSES).nullable(),
  licenseExpiry: day().nullable(),
  medicalCardExpiry: day().nullable(),
  hireDate: day().nullable(),
  payMethod: z.enum(PAY_METHODS).nullable().describe('The unit of `payRate`; null when no pay is set.'),
  payRate: z
    .number()
    .int()
    .nullable()
    .describe(
      'In the unit `payMethod` names: cents per mile (`per_mile`, 65 = $0.65/mi), basis points of the linehaul (`percent`, 2500 = 25%), or cents per load (`flat`).',
    ),
  payType: z.enum(PAY_TYPES).nullable().describe("The same pay in the contract's names: `per_load` is the stored `flat`."),
  payRateCents: z.number().int().nullable().describe('Cents per mile or per load; null for `percent` pay.'),
  payPercent: z.number().nullable().describe('Percent of the linehaul (25 = 25%); null unless `percent` pay.'),
  emptyMileRateCents: z.number().int().nullable().describe('Per-mile pay: cents per empty mile; null when empty miles pay nothing.'),
  storeLimitCents: z.number().int().describe("What the driver's store orders not yet settled may add up to (the default when none was set)."),
  recurringDeductions: z
    .array(z.object({ description: z.string(), amountCents: z.number().int() }))
    .describe('Taken from every settlement of the driver (ELD lease, insurance).'),
  language: z.enum(STATEMENT_LANGUAGES).describe("The language of the driver's pay statements."),
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
})

/** A user as the API answers it (serializeUser): never a password or its hash. */
export const UserRecordSchema = apiRecordSchema({
  email: z.string().meta({ format: 'email' }),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable().describe('The profile picture, read with the same bearer token; null when none.'),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  companyId: z.string().nullable(),
  company: namedRef().nullable(),
  ...postalAddressFields(),
  emailVerified: z.boolean(),
  lastLoginAt: instant().nullable(),
  driverProfile: DriverProfileRecordSchema.nullable().describe('Drivers only; null for other roles.'),
})
export type UserRecord = z.infer<typeof UserRecordSchema>

/** The signed-in user as the account calls answer it (serializeAccountUser): never a password or its hash. */
export const AccountUserRecordSchema = apiRecordSchema({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  companyId: z.string().nullable(),
  emailVerifiedAt: instant().nullable(),
  lastLoginAt: instant().nullable(),
})
export type AccountUserRecord = z.infer<typeof AccountUserRecordSchema>

/** What register (201) and login (200) answer: the token and the user, at the top level (as the specification's client reads them) and in `data`. */
export const SessionRecordSchema = z.object({
  accessToken: z.string().describe('For `Authorization: Bearer`.'),
  user: AccountUserRecordSchema,
  data: z.object({ accessToken: z.string(), user: AccountUserRecordSchema }),
})
export type SessionRecord = z.infer<typeof SessionRecordSchema>
