import { describe, expect, it } from 'vitest'

import { navForRole } from '~/components/layout/nav-config'
import { safeRedirect } from '~/requests/session.server'
import * as dashboardApp from '~/routes/dashboard/app'
import * as blank from '~/routes/dashboard/blank'
import * as permissionDenied from '~/routes/dashboard/permission-denied'
import * as truckDelete from '~/routes/dashboard/trucks/delete'
import * as truckEditor from '~/routes/dashboard/trucks/editor'
import * as truckList from '~/routes/dashboard/trucks/list'
import { type Action, ACTIONS, can, ENTITIES, type Entity, type Role, ROLES } from '~/utils/permissions'

import { createOrg } from '../helpers'
import { callPage, type Handler, postForm } from '../page-helpers'

describe('role matrix', () => {
  const expectations: Array<[Role, string, string, boolean]> = [
    ['admin', 'delete', 'user', true],
    ['dispatcher', 'create', 'truck', true],
    ['dispatcher', 'update', 'invoice', false],
    ['dispatcher', 'read', 'invoice', true],
    ['accountant', 'read', 'truck', false],
    ['accountant', 'create', 'invoice', true],
    ['accountant', 'read', 'load', true],
    ['driver', 'read', 'truck', false],
    ['driver', 'read', 'load', true],
    ['viewer', 'read', 'truck', true],
    ['viewer', 'create', 'truck', false],
    ['viewer', 'read', 'user', false],
    // The mechanic (ADR 134): reads loads but changes none, keeps the units' records, certifies defects, no money.
    ['mechanic', 'read', 'load', true],
    ['mechanic', 'update', 'load', false],
    ['mechanic', 'update', 'truck', true],
    ['mechanic', 'create', 'truck', false],
    ['mechanic', 'update', 'inspection', true],
    ['mechanic', 'read', 'invoice', false],
    ['mechanic', 'read', 'settlement', false],
    ['mechanic', 'read', 'banking', false],
    ['mechanic', 'read', 'analytics', false],
    ['mechanic', 'read', 'sharedMail', false],
  ]
  it.each(expectations)('%s may %s %s: %s', (role, action, entity, allowed) => {
    expect(can(role, action as never, entity as never)).toBe(allowed)
  })

  it('hides navigation items a role cannot use, and the admin-only item from everyone else', () => {
    const titles = (role: Role) => navForRole(role).flatMap((section) => section.items.map((item) => item.title))
    expect(titles('admin')).toEqual([
      'nav.app',
      'nav.analytics',
      'nav.fileDashboard',
      'nav.loads',
      'nav.kanban',
      'nav.calendar',
      'nav.bookings',
      'nav.mail',
      'nav.chat',
      'nav.bulletins',
      'nav.invoices',
      'nav.banking',
      'nav.settlements',
      'nav.factoring',
      'nav.accounting',
      'nav.fuelTax',
      'nav.store',
      'nav.trucks',
      'nav.trailers',
      'nav.inspections',
      'nav.workOrders',
      'nav.claims',
      'nav.schedules',
      'nav.brokers',
      'nav.edi',
      'nav.companies',
      'nav.customFields',
      'nav.users',
      'nav.files',
      'nav.organization',
      'nav.site',
      'nav.accidents',
      'nav.compliance',
      'nav.audit',
      'nav.webhooks',
      'nav.itemByRoles',
    ])
    expect(titles('dispatcher')).toEqual([
      'nav.app',
      'nav.analytics',
      'nav.fileDashboard',
      'nav.loads',
      'nav.kanban',
      'nav.calendar',
      'nav.bookings',
      'nav.mail',
      'nav.chat',
      'nav.bulletins',
      'nav.invoices',
      'nav.settlements',
      'nav.fuelTax',
      'nav.store',
      'nav.trucks',
      'nav.trailers',
      'nav.inspections',
      'nav.workOrders',
      'nav.claims',
      'nav.schedules',
      'nav.brokers',
      'nav.edi',
      'nav.companies',
      'nav.files',
      'nav.accidents',
      'nav.compliance',
    ])
    // Fuel tax for dispatch: the receipts and trips, not the return (which its link then skips).
    const fuelTax = (role: Role) =>
      navForRole(role)
        .flatMap((section) => section.items)
        .find((item) => item.title === 'nav.fuelTax')
        ?.children?.map((child) => child.title)
    expect(fuelTax('dispatcher')).toEqual(['nav.fuel', 'nav.trips'])
    expect(fuelTax('accountant')).toEqual(['nav.iftaReturns', 'nav.fuel', 'nav.trips'])
    expect(fuelTax('driver')).toBeUndefined()
    // Accountants read brokers and companies (whom they invoice, and for whom) but may not change them.
    expect(titles('accountant')).toEqual([
      'nav.app',
      'nav.analytics',
      'nav.fileDashboard',
      'nav.loads',
      'nav.kanban',
      'nav.calendar',
      'nav.bookings',
      'nav.mail',
      'nav.chat',
      'nav.bulletins',
      'nav.invoices',
      'nav.banking',
      'nav.settlements',
      'nav.factoring',
      'nav.accounting',
      'nav.fuelTax',
      'nav.store',
      'nav.inspections',
      'nav.workOrders',
      'nav.claims',
      'nav.schedules',
      'nav.brokers',
      'nav.edi',
      'nav.companies',
      'nav.files',
      'nav.accidents',
      'nav.compliance',
    ])
    // Banking (receivables, payments) is the money side's: not dispatchers', not drivers'.
    for (const role of ROLES) expect(titles(role).includes('nav.banking'), role).toBe(['admin', 'accountant', 'viewer'].includes(role))
    for (const role of ROLES) expect(titles(role).includes('nav.analytics'), role).toBe(role !== 'driver' && role !== 'mechanic')
    // The mechanic's menu: the fleet, its inspections and the loads, nothing of money (ADR 134).
    expect(navForRole('mechanic').flatMap((section) => section.items.map((item) => [item.title, item.children?.map((child) => child.title)]))).toEqual([
      ['nav.app', undefined],
      ['nav.loads', ['nav.list']],
      ['nav.kanban', undefined],
      ['nav.calendar', undefined],
      ['nav.mail', undefined],
      ['nav.chat', undefined],
      ['nav.bulletins', undefined],
      ['nav.store', ['nav.shop', 'nav.list']],
      ['nav.trucks', ['nav.list']],
      ['nav.trailers', ['nav.list']],
      ['nav.inspections', ['nav.list', 'nav.create']],
      ['nav.workOrders', ['nav.list', 'nav.create']],
      ['nav.schedules', ['nav.list', 'nav.maintenanceDue', 'nav.create']],
    ])
    // Drivers see "My loads" only (their loads, stop buttons and papers); creating loads is not theirs.
    expect(navForRole('driver').flatMap((section) => section.items.map((item) => [item.title, item.path, item.children?.map((child) => child.title)]))).toEqual(
      [
        ['nav.app', '/dashboard/app', undefined],
        ['nav.myLoads', '/dashboard/loads/mine', undefined],
        ['nav.calendar', '/dashboard/calendar', undefined],
        ['nav.mail', '/dashboard/mail', undefined],
        ['nav.chat', '/dashboard/chat', undefined],
        ['nav.bulletins', '/dashboard/blog', undefined],
        ['nav.myPay', '/dashboard/pay', undefined],
        // The company store, where drivers buy for themselves: not its sales dashboard.
        ['nav.store', '/dashboard/e-commerce', ['nav.shop', 'nav.list']],
        // Their inspection reports (ADR 130): their own and their units', and the form to file one.
        ['nav.inspections', '/dashboard/inspections', ['nav.list', 'nav.create']],
      ],
    )
    for (const role of ROLES) expect(titles(role).includes('nav.myLoads'), role).toBe(role === 'driver')
    for (const title of ['nav.trucks', 'nav.trailers', 'nav.brokers', 'nav.companies']) {
      const viewerItem = navForRole('viewer')
        .flatMap((section) => section.items)
        .find((item) => item.title === title)
      expect(
        viewerItem?.children?.map((child) => child.title),
        title,
      ).toEqual(['nav.list'])
    }
    // The store: the shop and the product list for every office role, its dashboard for those who read orders, Create for those who add products.
    const store = (role: Role) =>
      navForRole(role)
        .flatMap((section) => section.items)
        .find((item) => item.title === 'nav.store')
    expect(store('admin')).toMatchObject({ path: '/dashboard/e-commerce' })
    expect(store('admin')?.children?.map((child) => child.title)).toEqual(['nav.shop', 'nav.list', 'nav.storeDashboard', 'nav.create'])
    expect(store('viewer')?.children?.map((child) => child.title)).toEqual(['nav.shop', 'nav.list', 'nav.storeDashboard'])
    expect(store('driver')?.children?.map((child) => child.title)).toEqual(['nav.shop', 'nav.list'])
    // The dispatch board is for everyone who reads the organization's loads; drivers have their own list instead.
    for (const role of ROLES) expect(titles(role).includes('nav.kanban'), role).toBe(role !== 'driver')
    // Users (list, cards, create) are the admins'; everyone reaches their own profile from the account menu.
    for (const role of ROLES) expect(titles(role).includes('nav.users'), role).toBe(role === 'admin')
    for (const role of ROLES) expect(navForRole(role).length).toBeGreaterThan(0)
  })
})

describe('HTML routes check the role on the server', () => {
  it('sends anonymous visitors to sign in, keeping where they were going', async () => {
    expect(await callPage(truckList.loader as Handler, '/dashboard/trucks/list?status=available', null)).toEqual({
      status: 302,
      location: '/auth/login?redirectTo=%2Fdashboard%2Ftrucks%2Flist%3Fstatus%3Davailable',
    })
  })

  it('answers 403 to roles that may not, 200 to those that may', async () => {
    const org = await createOrg()
    const status = async (handler: Handler, path: string, role: Role | null, params = {}) =>
      (await callPage(handler, path, role ? org.users[role].id : null, params)).status
    expect(await status(truckList.loader as Handler, '/dashboard/trucks/list', 'accountant')).toBe(403)
    expect(await status(truckList.loader as Handler, '/dashboard/trucks/list', 'viewer')).toBe(200)
    expect(await status(truckEditor.loader as Handler, '/dashboard/trucks/new', 'viewer')).toBe(403)
    expect(await status(truckEditor.loader as Handler, '/dashboard/trucks/new', 'dispatcher')).toBe(200)
    expect(await status(truckEditor.loader as Handler, '/dashboard/trucks/x/edit', 'dispatcher', { id: 'x' })).toBe(404)
    expect(await status(truckDelete.loader as Handler, '/dashboard/trucks/x/delete', 'viewer', { id: 'x' })).toBe(403)
    expect(await status(truckDelete.loader as Handler, '/dashboard/trucks/x/delete', 'admin', { id: 'x' })).toBe(404)
    expect(await status(dashboardApp.loader as Handler, '/dashboard/app', 'viewer')).toBe(200)
    expect(await status(dashboardApp.loader as Handler, '/dashboard/app', 'mechanic')).toBe(200)
    expect(await status(truckList.loader as Handler, '/dashboard/trucks/list', 'mechanic')).toBe(200)
    expect(await status(truckEditor.loader as Handler, '/dashboard/trucks/new', 'mechanic')).toBe(403)
    // A driver's dashboard is their loads: the redirect to My loads.
    expect(await status(dashboardApp.loader as Handler, '/dashboard/app', 'driver')).toBe(302)
    expect(await status(permissionDenied.loader as Handler, '/dashboard/permission-denied', 'dispatcher')).toBe(403)
    expect(await status(permissionDenied.loader as Handler, '/dashboard/permission-denied', 'admin')).toBe(200)
    for (const role of ROLES) expect(await status(blank.loader as Handler, '/dashboard/blank', role), role).toBe(200)
    expect(await status(blank.loader as Handler, '/dashboard/blank', null)).toBe(302)
  })

  it('shows admins the role matrix the server checks, every cell from can()', async () => {
    const org = await createOrg()
    const answer = await callPage(permissionDenied.loader as Handler, '/dashboard/permission-denied', org.users.admin.id)
    const { roles, rows } = answer.data as { roles: Role[]; rows: Array<{ entity: Entity; allowed: Action[][] }> }
    expect(roles).toEqual([...ROLES])
    expect(rows.map((row) => row.entity)).toEqual(ENTITIES)
    for (const row of rows)
      for (const [index, role] of roles.entries()) expect(row.allowed[index]).toEqual(ACTIONS.filter((action) => can(role, action, row.entity)))
    expect(rows.find((row) => row.entity === 'webhook')!.allowed[roles.indexOf('admin')]).toEqual(['read', 'create', 'update', 'delete'])
    expect(rows.find((row) => row.entity === 'load')!.allowed[roles.indexOf('viewer')]).toEqual(['read'])
  })

  it('refuses a forbidden form post before reading it', async () => {
    const org = await createOrg()
    const answer = await callPage(truckEditor.action as Handler, '/dashboard/trucks/new', org.users.viewer.id, {}, postForm({ unitNumber: 'SNEAKY' }))
    expect(answer.status).toBe(403)
  })
})

describe('redirect targets', () => {
  it('only follows local paths', () => {
    expect(safeRedirect('/dashboard/trucks/list?page=2')).toBe('/dashboard/trucks/list?page=2')
    expect(safeRedirect('https://evil.example')).toBe('/dashboard/app/')
    expect(safeRedirect('//evil.example')).toBe('/dashboard/app/')
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard/app/')
    expect(safeRedirect(null)).toBe('/dashboard/app/')
  })
})
