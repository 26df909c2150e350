/**
 * What `POST /api/{list}/import` answers (ADR 108): one report for every list's dry run, and how
 * many rows were created (loads: their first and last numbers). The response schemas the document
 * is generated from (ADR 117); the importer's writers return these types.
 */
import { z } from 'zod'

/**
 * A refused row as the contract names it (ADR 137, ADR 143): every import answers
 * `{ created, duplicates, errors [{ row, field, message }] }`; `column` stays beside `field`.
 */
export const ImportErrorSchema = z.object({
  row: z.number().int().describe('The file’s line: 1 is the header.'),
  field: z.string().nullable().describe('The column key (the contract’s name for it); null for a problem of the whole row or file.'),
  column: z.string().nullable().describe('The same as `field`.'),
  message: z.string().describe('In the language of Accept-Language.'),
})

const duplicates = z
  .number()
  .int()
  .min(0)
  .describe(
    'Rows skipped as imported before, or earlier in the file (fuel purchases and trips, the same count as `skipped.duplicate`); 0 for the other lists, which refuse a name or number already taken at its field.',
  )

/** `?dryRun=true`: what the check found, nothing written. */
export const ImportReportRecordSchema = z.object({
  rows: z.number().int().min(0).describe('Rows read (the header aside).'),
  valid: z.number().int().min(0).describe('Rows that would be created.'),
  created: z.number().int().min(0).describe('0: a dry run writes nothing (`valid` counts the rows that would be created).'),
  duplicates,
  errors: z.array(ImportErrorSchema).describe('The first problems, in file order.'),
  errorCount: z.number().int().min(0).describe('Every problem, listed or not.'),
  headers: z
    .array(z.object({ header: z.string(), column: z.string().nullable().describe('The column it fills; null when none.') }))
    .describe('The file’s headers and how each was read.'),
  skipped: z
    .record(z.string(), z.number().int().min(0))
    .optional()
    .describe(
      'Rows neither created nor refused, by reason (fuel purchases: `duplicate`, imported before or earlier in the file, and `notFuel`; trips: `duplicate`).',
    ),
})
export type ImportReportRecord = z.infer<typeof ImportReportRecordSchema>

/** What an importer's writer returns: how many rows were created. */
const WrittenSchema = z.object({ created: z.number().int().min(0) })

/** Imported: how many rows were created, with the contract's other fields. */
export const ImportCreatedRecordSchema = WrittenSchema.extend({
  duplicates,
  errors: z.array(ImportErrorSchema).max(0).describe('Empty: a file with a refused row is answered 400, with its errors, and nothing is written.'),
})
export type ImportCreatedRecord = z.infer<typeof ImportCreatedRecordSchema>

/** Fuel purchases imported (ADR 123): how many, and how many rows were skipped, by reason. */
export const FuelImportCreatedRecordSchema = ImportCreatedRecordSchema.extend({
  skipped: z.object({
    duplicate: z.number().int().min(0).describe('Purchases imported before (the same transaction), or earlier in the file.'),
    notFuel: z.number().int().min(0).describe('Rows of other products: DEF, oil, a scale ticket, a cash advance, a fee.'),
  }),
})

/** Trips imported from an ELD's report (ADR 126): how many trips, and how many rows were skipped. */
export const TripImportCreatedRecordSchema = ImportCreatedRecordSchema.extend({
  created: z.number().int().min(0).describe('Trips created (a trip is one or more chained rows).'),
  skipped: z.object({ duplicate: z.number().int().min(0).describe('Rows of trips imported before (the same unit, odometers and start day).') }),
})

/** Loads imported: how many, and the first and last load numbers. */
export const LoadImportCreatedRecordSchema = ImportCreatedRecordSchema.extend({ first: z.string(), last: z.string() })
/** What the loads' writer returns (the route adds the contract's other fields). */
export type LoadImportWrittenRecord = z.infer<typeof WrittenSchema> & { first: string; last: string }
