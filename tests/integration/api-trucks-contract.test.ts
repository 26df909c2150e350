import * as collection from '~/routes/api/trucks/collection'
import * as item from '~/routes/api/trucks/item'
import { prisma } from '~/utils/db.server'

import { describeResourceContract } from '../contract-kit'
import { unique, vin } from '../helpers'

let n = 0

describeResourceContract({
  path: '/api/trucks',
  entity: 'truck',
  collection,
  item,
  validBody: () => ({ unitNumber: unique('T').slice(0, 20), vin: vin(++n + 700_000), status: 'available' }),
  change: { field: 'notes', value: 'Changed by the contract suite' },
  invalidBodies: (org) => [
    { body: {}, field: 'unitNumber' },
    { body: { unitNumber: 'T-1', status: 'flying' }, field: 'status' },
    { body: { unitNumber: 'T-1', year: 'new' }, field: 'year' },
    { body: { unitNumber: 'T-1', vin: '123' }, field: 'vin' },
    { body: { unitNumber: 'T-1', companyId: 'c'.repeat(25) }, field: 'companyId' },
    { body: { unitNumber: 'T-1', notes: 'a\u0000b' }, field: 'notes' },
    { body: { unitNumber: 'T-1', make: '\ud800' }, field: 'make' },
    { body: { unitNumber: 'T-1', inspectionDue: '2026-02-30' }, field: 'inspectionDue' },
    { body: { unitNumber: 'T-1', customFields: { 'Bad Key': 1 } }, field: 'customFields.Bad Key' },
    { body: { unitNumber: 'T-1', primaryDriverId: org.users.dispatcher.id }, field: 'primaryDriverId' },
  ],
  count: (organizationId) => prisma.truck.count({ where: { organizationId } }),
})
