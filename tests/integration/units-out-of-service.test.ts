/**
 * The dashboard's out-of-service card (ADR 131): the organization's trucks and trailers that a
 * dispatch would refuse today (an open out-of-service defect, an annual inspection past due), with
 * the dispatch's own reasons; inactive units left out; gone once certified.
 */
import { describe, expect, it } from 'vitest'

import { certifyInspection, createInspection } from '~/models/maintenance/inspection.server'
import * as dashboardApp from '~/routes/dashboard/app'
import { InspectionSchema } from '~/schemas/inspection'
import { prisma } from '~/utils/db.server'

import { actorOf, createOrg, unique } from '../helpers'
import { callPage, type Handler } from '../page-helpers'

type Card = { total: number; units: { kind: string; unitNumber: string; to: string; why: string; date: string | null }[] } | null

describe('units out of service on the dashboard', () => {
  it('names each unit a dispatch would refuse today and why, until it is certified or inspected', async () => {
    const org = await createOrg()
    const organizationId = org.organization.id
    const unit = (prefix: string) => `${prefix}-${unique().slice(-6)}`
    const [broken, lapsed, fine, retired] = await Promise.all([
      prisma.truck.create({ data: { organizationId, unitNumber: unit('A') } }),
      prisma.truck.create({ data: { organizationId, unitNumber: unit('B'), inspectionDue: new Date('2020-01-31') } }),
      prisma.truck.create({ data: { organizationId, unitNumber: unit('C'), inspectionDue: new Date('2099-01-31') } }),
      prisma.truck.create({ data: { organizationId, unitNumber: unit('D'), status: 'inactive', inspectionDue: new Date('2020-01-31') } }),
    ])
    const trailer = await prisma.trailer.create({ data: { organizationId, unitNumber: unit('TR') } })
    const now = new Date()
    const report = await createInspection(
      actorOf(org, 'driver'),
      InspectionSchema.parse({
        truckId: broken.id,
        trailerId: trailer.id,
        kind: 'pre_trip',
        inspectedAt: new Date(now.getTime() - 60_000).toISOString(),
        odometer: 1_000,
        defects: [{ item: 'service_brakes', note: 'Air leak', outOfService: true }],
      }),
      now,
    )
    const card = async (role: 'dispatcher' | 'accountant' = 'dispatcher') =>
      (await callPage(dashboardApp.loader as Handler, '/dashboard/app', org.users[role].id)).data?.outOfService as Card

    const seen = await card()
    expect(seen?.total).toBe(3)
    expect(seen?.units.map((row) => [row.kind, row.unitNumber, row.to, row.why, row.date])).toEqual([
      ['truck', broken.unitNumber, `/dashboard/trucks/${broken.id}`, 'defect', null],
      ['truck', lapsed.unitNumber, `/dashboard/trucks/${lapsed.id}`, 'inspection', '2020-01-31'],
      ['trailer', trailer.unitNumber, `/dashboard/trailers/${trailer.id}`, 'defect', null],
    ])
    expect(JSON.stringify(seen)).not.toContain(fine.unitNumber)
    expect(JSON.stringify(seen)).not.toContain(retired.unitNumber)
    // A role that reads no trucks has no such card.
    expect(await card('accountant')).toBeNull()

    // Certified, and inspected again: nothing is out of service.
    await certifyInspection(actorOf(org, 'admin'), report.id, { repaired: true, note: 'Air line replaced', version: report.version })
    await prisma.truck.update({ where: { id: lapsed.id }, data: { inspectionDue: new Date('2099-01-31') } })
    expect(await card()).toEqual({ total: 0, units: [] })
  })
})
