/**
 * The record store when the database, not the checks before the write, refuses it: the case of
 * two requests racing past the checks. The checks are turned off here, so the unique indexes and
 * foreign keys are the only guard, and the client must still get the checks' own answer.
 */
import { describe, expect, it, vi } from 'vitest'

import { runImport } from '~/models/records/csv-import.server'
import { recordImportList } from '~/models/records/record-import.server'
import { createTrailer, updateTrailer } from '~/models/reference/trailer.server'
import { csvText } from '~/schemas/import-options'
import { TrailerSchema, TrailerUpdateSchema } from '~/schemas/trailer'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, unique } from '../helpers'

vi.mock('~/models/records/records.server', async (original) => ({
  ...(await original<typeof import('~/models/records/records.server')>()),
  assertUniqueFields: async () => undefined,
  assertReferences: async () => undefined,
}))

describe('record store, past the checks', () => {
  it('answers a unique index that refuses a create or an update with the field error, writing nothing', async () => {
    const org = await createOrg()
    await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'RACE-1' }))
    await expect(createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'race-1' }))).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { unitNumber: ['trailers.errors.duplicateUnit'] },
    })
    const other = await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: unique('TR') }))
    await expect(updateTrailer(actorOf(org), other.id, TrailerUpdateSchema.parse({ unitNumber: 'Race-1', version: 1 }))).rejects.toMatchObject({
      fields: { unitNumber: ['trailers.errors.duplicateUnit'] },
    })
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(2)
    expect(await prisma.auditEvent.count({ where: { organizationId: org.organization.id, entity: 'trailer' } })).toBe(2)
  })

  it('answers a foreign key that refuses a gone company with the field error, writing nothing', async () => {
    const org = await createOrg()
    const gone = await prisma.company.create({ data: { organizationId: org.organization.id, name: unique('Gone') } })
    await prisma.company.delete({ where: { id: gone.id } })
    await expect(createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: unique('TR'), companyId: gone.id }))).rejects.toMatchObject({
      code: 'validation_failed',
      fields: { companyId: ['trailers.errors.unknownCompany'] },
    })
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it('refuses an import whose row a unique index refuses mid-transaction with that row’s error, writing nothing and never failing', async () => {
    const org = await createOrg()
    await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'RACE-2' }))
    const file = csvText(['unitNumber'], [['IMP-1'], ['race-2'], ['IMP-3'], ...Array.from({ length: 60 }, (_, n) => [`IMP-${n + 4}`])])
    for (const dryRun of [false, true]) {
      const { check, result } = await runImport(await recordImportList('trailers', org.organization.id), actorOf(org), file, { dryRun })
      expect(result).toBeNull()
      expect(check.errors).toEqual([expect.objectContaining({ row: 3, column: 'unitNumber', message: 'trailers.errors.duplicateUnit' })])
    }
    expect(await prisma.trailer.count({ where: { organizationId: org.organization.id } })).toBe(1)
  })
})
