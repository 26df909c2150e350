/** The app's permission matrix is the one written out in tests/permission-table.ts, cell by cell. */
import { describe, expect, it } from 'vitest'

import { type Action, can, ROLES } from '~/utils/permissions'

import { allowed, ENTITIES, EVERY_ENTITY_LISTED, PERMISSIONS } from '../permission-table'

const ACTIONS: Action[] = ['create', 'read', 'update', 'delete']

describe('the permission matrix', () => {
  it('lists every role and entity', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ROLES].sort())
    expect(EVERY_ENTITY_LISTED).toBe(true)
  })

  it('matches can() for every role, action and entity', () => {
    const differences: string[] = []
    for (const role of ROLES)
      for (const entity of ENTITIES)
        for (const action of ACTIONS) {
          const expected = allowed(role, action, entity)
          if (can(role, action, entity) !== expected) differences.push(`${role} ${action} ${entity}: table says ${expected ? 'allowed' : 'refused'}`)
        }
    expect(differences).toEqual([])
  })
})
