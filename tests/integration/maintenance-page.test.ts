/**
 * Maintenance mode from the settings page (ADR 104): only the site organization's admins
 * open it or post to it (403 for anyone else, other organizations' admins included); they switch
 * it on with a message and an end (the script's rule), change it, and switch it off, each audited
 * and refused as a conflict when the page's version is stale; bad input answers at its fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { endMaintenance, maintenanceState, startMaintenance } from '~/models/operations/maintenance-mode.server'
import * as page from '~/routes/dashboard/maintenance'
import { prisma } from '~/utils/db.server'

import { createOrg, type Org } from '../helpers'
import { callPage as call, type Handler, postForm, refusalOf } from '../page-helpers'

const PATH = '/dashboard/maintenance'
const previous = process.env.SITE_ORGANIZATION

describe('maintenance settings page', () => {
  let site: Org
  let other: Org

  beforeAll(async () => {
    site = await createOrg()
    other = await createOrg()
    process.env.SITE_ORGANIZATION = site.organization.id
  })
  afterAll(async () => {
    await endMaintenance()
    if (previous === undefined) delete process.env.SITE_ORGANIZATION
    else process.env.SITE_ORGANIZATION = previous
  })

  it('is refused (403) to every other role of the site organization and to other organizations’ admins, and nothing is switched', async () => {
    const refused = [site.users.dispatcher, site.users.accountant, site.users.viewer, site.users.driver, other.users.admin]
    for (const user of refused) {
      expect({ user: user.email, status: (await call(page.loader as Handler, PATH, user.id)).status }).toEqual({ user: user.email, status: 403 })
      const on = await call(page.action as Handler, PATH, user.id, {}, postForm({ intent: 'on', message: 'Nope', until: '30m' }))
      expect({ user: user.email, status: on.status }).toEqual({ user: user.email, status: 403 })
    }
    expect(await maintenanceState()).toBeNull()
    await startMaintenance({ message: 'By the script' })
    const state = (await maintenanceState())!
    const off = await call(page.action as Handler, PATH, other.users.admin.id, {}, postForm({ intent: 'off', version: String(state.version) }))
    expect(off.status).toBe(403)
    expect(await maintenanceState()).toMatchObject({ message: 'By the script' })
    expect((await call(page.loader as Handler, PATH, null)).status).toBe(302)
    await endMaintenance()
  })

  it('switches it on with a message and an end, changes it, and switches it off, audited in the site organization', async () => {
    const admin = site.users.admin.id
    expect(await call(page.loader as Handler, PATH, admin)).toMatchObject({ status: 200, data: { state: null } })

    const before = Date.now()
    const on = await call(page.action as Handler, PATH, admin, {}, postForm({ intent: 'on', message: ' Restoring last night’s backup ', until: '2h' }))
    expect(on).toMatchObject({ status: 302, location: PATH, toast: { title: 'Maintenance mode is on' } })
    const state = (await maintenanceState())!
    expect(state.message).toBe('Restoring last night’s backup')
    expect(state.until!.getTime()).toBeGreaterThanOrEqual(before + 2 * 3_600_000)
    expect(state.until!.getTime()).toBeLessThan(Date.now() + 2 * 3_600_000 + 1_000)

    const shown = await call(page.loader as Handler, PATH, admin)
    expect(shown.data).toMatchObject({ state: { message: 'Restoring last night’s backup', until: state.until!.toISOString(), version: state.version } })

    // A date-time, as the script takes it.
    const changed = await call(
      page.action as Handler,
      PATH,
      admin,
      {},
      postForm({ intent: 'on', message: 'Upgrading to 2.0', until: '2099-12-01T06:00Z', version: String(state.version) }),
    )
    expect(changed).toMatchObject({ status: 302, toast: { title: 'Maintenance message and end time saved' } })
    const next = (await maintenanceState())!
    expect(next).toMatchObject({ message: 'Upgrading to 2.0', until: new Date('2099-12-01T06:00Z'), version: state.version + 1 })

    const off = await call(page.action as Handler, PATH, admin, {}, postForm({ intent: 'off', version: String(next.version) }))
    expect(off).toMatchObject({ status: 302, location: PATH, toast: { title: 'Maintenance mode is off' } })
    expect(await maintenanceState()).toBeNull()

    const events = await prisma.auditEvent.findMany({
      where: { organizationId: site.organization.id, entity: 'maintenance' },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
      select: { action: true, userId: true },
    })
    expect(events.slice(-3)).toEqual([
      { action: 'create', userId: admin },
      { action: 'update', userId: admin },
      { action: 'delete', userId: admin },
    ])
  })

  it('answers bad input at its fields and switches nothing', async () => {
    const admin = site.users.admin.id
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ until: 'tomorrow' }, 'until', 'Give a duration such as 30m, 2h or 1d, or a date and time such as 2026-12-01T06:00Z.'],
      [{ until: '2020-01-01T00:00Z' }, 'until', 'This time has already passed: give a time in the future.'],
      [{ until: '9'.repeat(1_000) }, 'until', 'Give a duration such as 30m, 2h or 1d, or a date and time such as 2026-12-01T06:00Z.'],
      [{ message: 'x'.repeat(501) }, 'message', 'The message is longer than 500 characters.'],
    ]
    for (const [fields, field, message] of cases) {
      const answer = await call(page.action as Handler, PATH, admin, {}, postForm({ intent: 'on', ...fields }))
      expect(answer.status).toBe(400)
      expect(refusalOf(answer)?.fields[field]).toEqual([message])
    }
    expect(await maintenanceState()).toBeNull()
    const noVersion = await call(page.action as Handler, PATH, admin, {}, postForm({ intent: 'off' }))
    expect(noVersion.status).toBe(400)
  })

  it('refuses a stale page with 409 and changes nothing', async () => {
    const admin = site.users.admin.id
    await startMaintenance({ message: 'First' })
    const seen = (await maintenanceState())!
    // Someone else (the script) changed it after the page was drawn.
    await startMaintenance({ message: 'Second' })
    const off = await call(page.action as Handler, PATH, admin, {}, postForm({ intent: 'off', version: String(seen.version) }))
    expect(off.status).toBe(409)
    expect(refusalOf(off)).toMatchObject({ conflict: true })
    const change = await call(page.action as Handler, PATH, admin, {}, postForm({ intent: 'on', message: 'Mine', version: String(seen.version) }))
    expect(change.status).toBe(409)
    // A page that saw it off, while it is on.
    const on = await call(page.action as Handler, PATH, admin, {}, postForm({ intent: 'on', message: 'Mine' }))
    expect(on.status).toBe(409)
    expect(await maintenanceState()).toMatchObject({ message: 'Second' })
    await endMaintenance()
  })
})
