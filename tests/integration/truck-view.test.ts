import { describe, expect, it } from 'vitest'

import { createTruck } from '~/models/reference/truck.server'
import * as truckView from '~/routes/dashboard/trucks/view'
import { TruckSchema } from '~/schemas/truck'
import type { Role } from '~/utils/permissions'

import { actorOf, createOrg } from '../helpers'
import { callPage, type Handler } from '../page-helpers'

/** The loader's answer, or the status of what it threw (403 page, 404 page). */
function view(userId: string, id: string) {
  return callPage(truckView.loader as Handler, `/dashboard/trucks/${id}`, userId, { id })
}

describe('read-only truck page', () => {
  it('opens for every role that may read trucks, with Edit only for roles that may update, and is checked on the server', async () => {
    const org = await createOrg()
    const truck = await createTruck(actorOf(org), TruckSchema.parse({ unitNumber: 'RO-1', make: 'Mack', notes: 'Brakes checked' }))
    const expected: Array<[Role, number, boolean | undefined]> = [
      ['admin', 200, true],
      ['dispatcher', 200, true],
      ['viewer', 200, false],
      ['accountant', 403, undefined],
      ['driver', 403, undefined],
    ]
    for (const [role, status, canUpdate] of expected) {
      const result = await view(org.users[role].id, truck.id)
      expect({ role, status: result.status }).toEqual({ role, status })
      if (status === 200) {
        expect(result.data).toMatchObject({ canUpdate, truck: { unitNumber: 'RO-1', make: 'Mack', notes: 'Brakes checked' } })
      }
    }
  })

  it("answers 404 for another organization's truck and for a bad id", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const truck = await createTruck(actorOf(other), TruckSchema.parse({ unitNumber: 'RO-2' }))
    expect((await view(org.users.viewer.id, truck.id)).status).toBe(404)
    expect((await view(org.users.viewer.id, 'no-such-truck')).status).toBe(404)
  })
})
