/** The compliance dashboard's query (page, CSV and `GET /api/compliance` alike) and the API's record (ADR 140). */
import { z } from 'zod'

import { enumFilter, listQuery } from './list-query'
import { COMPLIANCE_STATUSES, QUALIFICATION_KINDS } from './qualification-options'

/**
 * `q`: part of a driver's name; `status`: drivers with a shown kind in that status; `kind`: that
 * kind's column only; `required=1`: the organization's required kinds only. Paged by driver.
 */
export const ComplianceQuerySchema = listQuery({
  sorts: ['name'],
  defaultSort: 'name',
  filters: {
    status: enumFilter(COMPLIANCE_STATUSES),
    kind: enumFilter(QUALIFICATION_KINDS),
    required: z
      .enum(['1', 'true', 'on'])
      .optional()
      .catch(undefined)
      .transform((value) => value !== undefined),
  },
})
export type ComplianceQuery = z.infer<typeof ComplianceQuerySchema>

const day = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** A driver's line of `GET /api/compliance`: the OpenAPI's `DriverCompliance`. */
export const DriverComplianceSchema = z.object({
  driverId: z.string(),
  name: z.string(),
  kinds: z.array(
    z.object({
      kind: z.enum(QUALIFICATION_KINDS),
      required: z.boolean().describe('The organization requires the kind: expired or missing makes the driver out_of_service for dispatch.'),
      status: z.enum(COMPLIANCE_STATUSES).describe('On the organization’s today, accepted items only; expiring: ends within 30 days.'),
      validThrough: day().nullable().describe('The last day the deciding item holds; null when it never expires or is missing.'),
    }),
  ),
})
export type DriverCompliance = z.infer<typeof DriverComplianceSchema>
