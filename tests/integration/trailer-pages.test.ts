/** The trailer pages check the role and the organization on the server, whatever the menu shows. */
import { describe, expect, it } from 'vitest'

import { createTrailer } from '~/models/reference/trailer.server'
import * as trailerDelete from '~/routes/dashboard/trailers/delete'
import * as trailerEditor from '~/routes/dashboard/trailers/editor'
import * as trailerList from '~/routes/dashboard/trailers/list'
import * as trailerView from '~/routes/dashboard/trailers/view'
import { TrailerSchema } from '~/schemas/trailer'
import type { Role } from '~/utils/permissions'

import { actorOf, createOrg } from '../helpers'
import { callPage as call, type Handler } from '../page-helpers'

describe('trailer pages', () => {
  it('open for the roles that may read trailers, with edit and delete only for roles that may change them', async () => {
    const org = await createOrg()
    const trailer = await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'RO-1', type: 'tanker', notes: 'Hazmat placards' }))
    const expected: Array<[Role, number, boolean | undefined]> = [
      ['admin', 200, true],
      ['dispatcher', 200, true],
      ['viewer', 200, false],
      ['accountant', 403, undefined],
      ['driver', 403, undefined],
    ]
    for (const [role, status, canChange] of expected) {
      const userId = org.users[role].id
      const view = await call(trailerView.loader as Handler, `/dashboard/trailers/${trailer.id}`, userId, { id: trailer.id })
      expect({ role, status: view.status }).toEqual({ role, status })
      const list = await call(trailerList.loader as Handler, '/dashboard/trailers/list', userId)
      expect({ role, status: list.status }).toEqual({ role, status })
      if (status === 200) {
        expect(view.data).toMatchObject({ canUpdate: canChange, trailer: { unitNumber: 'RO-1', type: 'tanker', notes: 'Hazmat placards' } })
        expect(list.data).toMatchObject({ total: 1, canCreate: canChange, canUpdate: canChange, canDelete: canChange })
      }
      const editor = await call(trailerEditor.loader as Handler, `/dashboard/trailers/${trailer.id}/edit`, userId, { id: trailer.id })
      expect({ role, editor: editor.status }).toEqual({ role, editor: canChange ? 200 : 403 })
    }
  })

  it("answers 404 for another organization's trailer and for a bad id, on the view, edit and delete pages", async () => {
    const org = await createOrg()
    const other = await createOrg()
    const trailer = await createTrailer(actorOf(other), TrailerSchema.parse({ unitNumber: 'RO-2' }))
    for (const id of [trailer.id, 'no-such-trailer']) {
      for (const handler of [trailerView.loader, trailerEditor.loader, trailerDelete.loader]) {
        expect((await call(handler as Handler, `/dashboard/trailers/${id}`, org.users.admin.id, { id })).status).toBe(404)
      }
    }
  })

  it('clamps a page past the end to the last page, keeping the other parameters', async () => {
    const org = await createOrg()
    for (const n of [1, 2, 3]) await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: `PG-${n}` }))
    const result = await call(trailerList.loader as Handler, '/dashboard/trailers/list?q=PG&pageSize=10&page=7', org.users.admin.id)
    expect(result).toMatchObject({ status: 302, location: '/dashboard/trailers/list?q=PG&pageSize=10&page=1' })
  })
})
