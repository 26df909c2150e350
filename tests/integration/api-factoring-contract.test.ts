/** /api/factoring/schedules against the contract kit: 401, the role matrix, 404 across organizations, a stale version, bad input, 405. */
import * as item from '~/routes/api/factoring/schedule'
import * as collection from '~/routes/api/factoring/schedules'
import * as send from '~/routes/api/factoring/send'
import { prisma } from '~/utils/db.server'

import { describeResourceContract } from '../contract-kit'
import { createOrg, unique } from '../helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

/** A fresh sent invoice to put on a schedule, the organization's agreement made on first use. */
async function sentInvoiceId(org: Org) {
  const organizationId = org.organization.id
  await prisma.factoringAgreement.upsert({
    where: { organizationId },
    create: { organizationId, factorCompanyId: org.company.id, advanceBasisPoints: 9_000, feeBasisPoints: 300 },
    update: {},
  })
  const broker = await prisma.broker.create({ data: { organizationId, name: unique('Contract Broker') } })
  const invoice = await prisma.invoice.create({
    data: {
      organizationId,
      brokerId: broker.id,
      invoiceNumber: unique('INV'),
      status: 'sent',
      issueDate: new Date('2026-11-01'),
      dueDate: new Date('2026-12-01'),
      subtotalCents: 10_000,
      totalCents: 10_000,
      items: { create: [{ sequence: 1, title: 'Linehaul', unitPriceCents: 10_000, totalCents: 10_000 }] },
    },
  })
  return invoice.id
}

describeResourceContract({
  path: '/api/factoring/schedules',
  entity: 'factoring',
  collection,
  item,
  validBody: async (org) => ({ invoiceIds: [await sentInvoiceId(org)] }),
  touch: (id) => prisma.factoringSchedule.update({ where: { id }, data: { version: { increment: 1 } } }),
  invalidBodies: () => [
    { body: {}, field: 'invoiceIds' },
    { body: { invoiceIds: [] }, field: 'invoiceIds' },
    { body: { invoiceIds: [42] }, field: 'invoiceIds.0' },
  ],
  count: (organizationId) => prisma.factoringSchedule.count({ where: { organizationId } }),
  deletable: false,
  versionedAction: { module: send, suffix: '/send' },
})
