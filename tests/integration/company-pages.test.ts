/** The company pages check the role and the organization on the server, whatever the menu shows. */
import { describe, expect, it } from 'vitest'

import { createCompany } from '~/models/reference/company.server'
import * as companyDelete from '~/routes/dashboard/companies/delete'
import * as companyEditor from '~/routes/dashboard/companies/editor'
import * as companyList from '~/routes/dashboard/companies/list'
import * as companyView from '~/routes/dashboard/companies/view'
import * as truckEditor from '~/routes/dashboard/trucks/editor'
import { CompanySchema } from '~/schemas/company'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'

import { actorOf, createOrg } from '../helpers'
import { callPage as call, type Handler } from '../page-helpers'

describe('company pages', () => {
  it('open for the roles that may read companies, with edit and delete only for roles that may change them', async () => {
    const org = await createOrg()
    const company = await createCompany(actorOf(org), CompanySchema.parse({ name: 'Read Only Freight', notes: 'Night dispatch only' }))
    await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'RO-1', companyId: company.id } })
    const expected: Array<[Role, number, boolean | undefined, boolean | undefined]> = [
      // role, status, may change, sees the truck list
      ['admin', 200, true, true],
      ['dispatcher', 200, true, true],
      ['accountant', 200, false, false],
      ['viewer', 200, false, true],
      ['driver', 403, undefined, undefined],
    ]
    for (const [role, status, canChange, seesTrucks] of expected) {
      const userId = org.users[role].id
      const view = await call(companyView.loader as Handler, `/dashboard/companies/${company.id}`, userId, { id: company.id })
      expect({ role, status: view.status }).toEqual({ role, status })
      const list = await call(companyList.loader as Handler, '/dashboard/companies/list', userId)
      expect({ role, status: list.status }).toEqual({ role, status })
      if (status === 200) {
        expect(view.data).toMatchObject({ canUpdate: canChange, canDelete: canChange, company: { name: 'Read Only Freight', notes: 'Night dispatch only' } })
        expect({ role, trucks: (view.data!.trucks as unknown[] | null)?.length ?? null }).toEqual({ role, trucks: seesTrucks ? 1 : null })
        expect(list.data).toMatchObject({ total: 2, canCreate: canChange, canUpdate: canChange, canDelete: canChange })
      }
      const editor = await call(companyEditor.loader as Handler, `/dashboard/companies/${company.id}/edit`, userId, { id: company.id })
      expect({ role, editor: editor.status }).toEqual({ role, editor: canChange ? 200 : 403 })
      const remove = await call(
        companyDelete.action as Handler,
        `/dashboard/companies/${company.id}/delete`,
        userId,
        { id: company.id },
        { method: 'POST', body: new URLSearchParams({ version: '1' }) },
      )
      // The company has a truck: the delete is refused and the list marks the row.
      expect({ role, remove: remove.status }).toEqual({ role, remove: canChange ? 302 : 403 })
      if (canChange) expect(remove.location).toBe(`/dashboard/companies/list?changed=${company.id}`)
    }
    expect(await prisma.company.count({ where: { id: company.id } })).toBe(1)
  })

  it("answers 404 for another organization's company and for a bad id, on the view, edit and delete pages", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const company = await createCompany(actorOf(other), CompanySchema.parse({ name: 'Elsewhere Inc' }))
    for (const id of [company.id, 'no-such-company']) {
      for (const handler of [companyView.loader, companyEditor.loader, companyDelete.loader]) {
        expect((await call(handler as Handler, `/dashboard/companies/${id}`, org.users.admin.id, { id })).status).toBe(404)
      }
    }
  })

  it('offers only active companies to a new truck, and keeps an inactive one on the truck that has it', async () => {
    const org = await createOrg()
    const dormant = await createCompany(actorOf(org), CompanySchema.parse({ name: 'Dormant Carrier', status: 'inactive' }))
    const truck = await prisma.truck.create({ data: { organizationId: org.organization.id, unitNumber: 'DC-1', companyId: dormant.id } })
    const names = (result: { data?: Record<string, unknown> }) =>
      (result.data!.also as { companies: Array<{ name: string }> }).companies.map((company) => company.name)
    expect(names(await call(truckEditor.loader as Handler, '/dashboard/trucks/new', org.users.admin.id))).toEqual([org.company.name])
    expect(names(await call(truckEditor.loader as Handler, `/dashboard/trucks/${truck.id}/edit`, org.users.admin.id, { id: truck.id }))).toEqual([
      'Dormant Carrier',
      org.company.name,
    ])
  })

  it('clamps a page past the end to the last page, keeping the other parameters', async () => {
    const org = await createOrg()
    const result = await call(companyList.loader as Handler, '/dashboard/companies/list?q=Carriers&pageSize=10&page=7', org.users.admin.id)
    expect(result).toMatchObject({ status: 302, location: '/dashboard/companies/list?q=Carriers&pageSize=10&page=1' })
  })
})
