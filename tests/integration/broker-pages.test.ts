/** The broker pages check the role and the organization on the server, whatever the menu shows. */
import { describe, expect, it } from 'vitest'

import { createBroker } from '~/models/reference/broker.server'
import * as brokerDelete from '~/routes/dashboard/brokers/delete'
import * as brokerEditor from '~/routes/dashboard/brokers/editor'
import * as brokerList from '~/routes/dashboard/brokers/list'
import * as brokerView from '~/routes/dashboard/brokers/view'
import { BrokerSchema } from '~/schemas/broker'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'

import { actorOf, createOrg } from '../helpers'
import { callPage as call, type Handler, postForm } from '../page-helpers'

describe('broker pages', () => {
  it('open for the roles that may read brokers, with edit and delete only for roles that may change them', async () => {
    const org = await createOrg()
    const broker = await createBroker(
      actorOf(org),
      BrokerSchema.parse({ name: 'RO Freight', paymentTerms: 'net_60', creditLimitCents: 2_500_000, notes: 'Calls first' }),
    )
    const expected: Array<[Role, number, boolean | undefined]> = [
      ['admin', 200, true],
      ['dispatcher', 200, true],
      ['accountant', 200, false],
      ['viewer', 200, false],
      ['driver', 403, undefined],
    ]
    for (const [role, status, canChange] of expected) {
      const userId = org.users[role].id
      const view = await call(brokerView.loader as Handler, `/dashboard/brokers/${broker.id}`, userId, { id: broker.id })
      expect({ role, status: view.status }).toEqual({ role, status })
      const list = await call(brokerList.loader as Handler, '/dashboard/brokers/list', userId)
      expect({ role, status: list.status }).toEqual({ role, status })
      if (status === 200) {
        expect(view.data).toMatchObject({
          canUpdate: canChange,
          broker: { name: 'RO Freight', paymentTerms: 'net_60', creditLimitCents: 2_500_000, notes: 'Calls first' },
        })
        expect(list.data).toMatchObject({ total: 1, canCreate: canChange, canUpdate: canChange, canDelete: canChange })
      }
      const editor = await call(brokerEditor.loader as Handler, `/dashboard/brokers/${broker.id}/edit`, userId, { id: broker.id })
      expect({ role, editor: editor.status }).toEqual({ role, editor: canChange ? 200 : 403 })
      if (!canChange) {
        const remove = await call(
          brokerDelete.action as Handler,
          `/dashboard/brokers/${broker.id}/delete`,
          userId,
          { id: broker.id },
          postForm({ version: '1' }),
        )
        expect({ role, remove: remove.status }).toEqual({ role, remove: 403 })
      }
    }
    // The refused roles deleted nothing; the dispatcher's delete goes through and returns to the list.
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(1)
    const removed = await call(
      brokerDelete.action as Handler,
      `/dashboard/brokers/${broker.id}/delete`,
      org.users.dispatcher.id,
      { id: broker.id },
      postForm({ version: '1' }),
    )
    expect(removed).toMatchObject({ status: 302, location: '/dashboard/brokers/list' })
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(0)
  })

  it("answers 404 for another organization's broker and for a bad id, on the view, edit and delete pages", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const broker = await createBroker(actorOf(other), BrokerSchema.parse({ name: 'Elsewhere Brokerage' }))
    for (const id of [broker.id, 'no-such-broker']) {
      for (const handler of [brokerView.loader, brokerEditor.loader, brokerDelete.loader]) {
        expect((await call(handler as Handler, `/dashboard/brokers/${id}`, org.users.admin.id, { id })).status).toBe(404)
      }
    }
  })

  it('creates from the form with the credit limit in dollars, and shows field errors without saving anything', async () => {
    const org = await createOrg()
    const userId = org.users.dispatcher.id
    const bad = await call(
      brokerEditor.action as Handler,
      '/dashboard/brokers/new',
      userId,
      {},
      postForm({ name: 'Form Freight', mcNumber: 'MC-12', creditLimit: '12.345' }),
    )
    expect(bad.status).toBe(400)
    expect((bad.data?.result as { error: Record<string, string[]> }).error).toMatchObject({
      mcNumber: ['Enter an MC number of 3 to 8 digits.'],
      creditLimit: ['Enter an amount in dollars, such as 25000 or 25000.50.'],
    })
    expect(await prisma.broker.count({ where: { organizationId: org.organization.id } })).toBe(0)

    const created = await call(
      brokerEditor.action as Handler,
      '/dashboard/brokers/new',
      userId,
      {},
      postForm({ name: 'Form Freight', mcNumber: 'MC-482193', creditLimit: '25,000.50', paymentTerms: 'quick_pay', status: 'on_hold' }),
    )
    expect(created).toMatchObject({ status: 302, location: expect.stringMatching(/^\/dashboard\/brokers\/list\?changed=\w+$/) })
    const broker = await prisma.broker.findFirstOrThrow({ where: { organizationId: org.organization.id } })
    expect(broker).toMatchObject({ mcNumber: '482193', creditLimitCents: 2_500_050n, paymentTerms: 'quick_pay', status: 'on_hold' })

    // The editor shows the limit back in dollars, and a stale save is a conflict that changes nothing.
    const editor = await call(brokerEditor.loader as Handler, `/dashboard/brokers/${broker.id}/edit`, userId, { id: broker.id })
    expect(editor.data).toMatchObject({ record: { creditLimitCents: 2_500_050, version: 1 } })
    const first = await call(
      brokerEditor.action as Handler,
      `/dashboard/brokers/${broker.id}/edit`,
      userId,
      { id: broker.id },
      postForm({ name: 'Form Freight', creditLimit: '30000', version: '1' }),
    )
    expect(first.status).toBe(302)
    const stale = await call(
      brokerEditor.action as Handler,
      `/dashboard/brokers/${broker.id}/edit`,
      userId,
      { id: broker.id },
      postForm({ name: 'Form Freight', creditLimit: '1', version: '1' }),
    )
    expect(stale).toMatchObject({ status: 409, data: { conflict: true } })
    expect((await prisma.broker.findUniqueOrThrow({ where: { id: broker.id } })).creditLimitCents).toBe(3_000_000n)
  })

  it('clamps a page past the end to the last page, keeping the other parameters', async () => {
    const org = await createOrg()
    for (const n of [1, 2, 3]) await createBroker(actorOf(org), BrokerSchema.parse({ name: `PG Broker ${n}` }))
    const result = await call(brokerList.loader as Handler, '/dashboard/brokers/list?q=PG&pageSize=10&page=7', org.users.admin.id)
    expect(result).toMatchObject({ status: 302, location: '/dashboard/brokers/list?q=PG&pageSize=10&page=1' })
  })
})
