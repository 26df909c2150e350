/** Custom-field definitions and the values trucks and trailers carry: the model's rules and the pages' checks. */
import { describe, expect, it } from 'vitest'

import {
  createCustomFieldDefinition,
  customFieldColumns,
  customFieldDefinitions,
  customFieldsForDisplay,
  deleteCustomFieldDefinition,
  isLocked,
  listCustomFieldDefinitions,
  updateCustomFieldDefinition,
} from '~/models/organization/custom-fields.server'
import { createTrailer } from '~/models/reference/trailer.server'
import { createTruck, updateTruck } from '~/models/reference/truck.server'
import * as customFieldEditor from '~/routes/dashboard/customfields/editor'
import * as customFieldList from '~/routes/dashboard/customfields/list'
import * as truckEditor from '~/routes/dashboard/trucks/editor'
import * as truckList from '~/routes/dashboard/trucks/list'
import * as truckView from '~/routes/dashboard/trucks/view'
import { type CustomFieldCreate, CustomFieldCreateSchema, CustomFieldUpdateSchema } from '~/schemas/custom-field'
import { TrailerSchema } from '~/schemas/trailer'
import { TruckSchema, TruckUpdateSchema } from '~/schemas/truck'
import { prisma } from '~/utils/db.server'
import type { Role } from '~/utils/permissions'

import { actorOf, createOrg } from '../helpers'
import { callPage as call } from '../page-helpers'

type Org = Awaited<ReturnType<typeof createOrg>>

const define = (org: Org, input: Partial<CustomFieldCreate> & { key: string }) =>
  createCustomFieldDefinition(actorOf(org), CustomFieldCreateSchema.parse({ listName: 'trucks', label: input.key, type: 'text', ...input }))

const edit = (
  org: Org,
  row: { id: string; version: number; listName: string; key: string; label: string; type: string; options: string[] },
  changes: Record<string, unknown>,
) =>
  updateCustomFieldDefinition(
    actorOf(org),
    row.id,
    CustomFieldUpdateSchema.parse({
      listName: row.listName,
      key: row.key,
      label: row.label,
      type: row.type,
      options: row.options,
      version: row.version,
      active: true,
      ...changes,
    }),
  )

const truck = (org: Org, customFields?: Record<string, string | number | boolean>, unitNumber = `T-${Math.random().toString(36).slice(2, 8)}`) =>
  createTruck(actorOf(org), TruckSchema.parse({ unitNumber, customFields }))

async function fieldsOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return (error as { fields?: Record<string, string[]>; code?: string }).fields ?? { code: [(error as { code: string }).code] }
  }
  throw new Error('expected a refusal')
}

describe('custom field definitions', () => {
  it('creates with an audit event, lowercases the key, and refuses the same key in another case on the same list', async () => {
    const org = await createOrg()
    const field = await define(org, { key: 'Fuel_Card', label: 'Fuel card' })
    expect(field).toMatchObject({ key: 'fuel_card', listName: 'trucks', active: true, version: 1, options: [] })
    const events = await prisma.auditEvent.findMany({ where: { entityId: field.id } })
    expect(events).toMatchObject([{ entity: 'customField', action: 'create', userId: org.users.admin.id }])

    expect(await fieldsOf(define(org, { key: 'FUEL_CARD' }))).toEqual({ key: ['customFields.errors.duplicateKey'] })
    // The database has the last word, whatever the case.
    await expect(
      prisma.customFieldDefinition.create({ data: { organizationId: org.organization.id, listName: 'trucks', key: 'FUEL_card', label: 'x', type: 'text' } }),
    ).rejects.toThrow()
    expect(await define(org, { key: 'fuel_card', listName: 'trailers' })).toMatchObject({ listName: 'trailers' })
    // Options belong to selects only.
    expect(await define(org, { key: 'plain', type: 'text', options: ['a'] })).toMatchObject({ options: [] })
    expect(await define(await createOrg(), { key: 'fuel_card' })).toMatchObject({ key: 'fuel_card' })
  })

  it('reads select options from a textarea (one per line) or an array, and checks them', () => {
    expect(
      CustomFieldCreateSchema.parse({ listName: 'trucks', key: 'eld', label: 'ELD', type: 'select', options: ' Samsara \r\n\r\nMotive\n' }).options,
    ).toEqual(['Samsara', 'Motive'])
    const issues = (input: Record<string, unknown>) =>
      CustomFieldCreateSchema.safeParse({ listName: 'trucks', key: 'k', label: 'K', ...input }).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ])
    expect(issues({ type: 'select', options: '\n \n' })).toEqual([['options', 'customFields.errors.optionsRequired']])
    expect(issues({ type: 'select', options: 'a\nA' })).toEqual([['options', 'customFields.errors.duplicateOption']])
    expect(issues({ type: 'boolean', required: true })).toEqual([['required', 'customFields.errors.booleanRequired']])
    // Unticked checkboxes on the edit page are absent: not required, not active.
    expect(CustomFieldUpdateSchema.parse({ listName: 'trucks', key: 'k', label: 'K', type: 'text', version: '1' })).toMatchObject({
      required: false,
      active: false,
    })
  })

  it('lists active definitions by order then label, and keeps tenants apart', async () => {
    const org = await createOrg()
    const other = await createOrg()
    await define(org, { key: 'zeta', label: 'Zeta', sortOrder: 1 })
    await define(org, { key: 'beta', label: 'Beta', sortOrder: 2 })
    await define(org, { key: 'alpha', label: 'Alpha', sortOrder: 2 })
    const hidden = await define(org, { key: 'gone', label: 'Gone' })
    await edit(org, hidden, { active: false })
    await define(other, { key: 'theirs' })
    expect((await customFieldDefinitions(prisma, org.organization.id, 'trucks')).map((definition) => definition.key)).toEqual(['zeta', 'alpha', 'beta'])
    expect((await listCustomFieldDefinitions(org.organization.id)).map((row) => row.key)).not.toContain('theirs')
    // Another organization's definition is not found, for update and delete.
    const theirs = (await listCustomFieldDefinitions(other.organization.id))[0]
    expect(await fieldsOf(edit(org, theirs, { label: 'Mine now' }))).toEqual({ code: ['not_found'] })
    expect(await fieldsOf(deleteCustomFieldDefinition(actorOf(org), theirs.id))).toEqual({ code: ['not_found'] })
    // And another organization's definitions do not make keys valid here.
    expect(await fieldsOf(truck(org, { theirs: 'x' }))).toEqual({ 'customFields.theirs': ['validation.customFieldUnknown'] })
  })

  it('locks list, key and type once a record holds a value, but not label, options, order, required or active', async () => {
    const org = await createOrg()
    let field = await define(org, { key: 'eld', type: 'select', options: ['Samsara', 'Motive'] })
    // No values yet: everything may change.
    field = await edit(org, field, { key: 'eld_provider', options: ['Samsara', 'Motive', 'Geotab'] })
    expect(await isLocked(field)).toBe(false)
    await truck(org, { eld_provider: 'Motive' })
    expect(await isLocked(field)).toBe(true)
    expect(await fieldsOf(edit(org, field, { key: 'eld2', type: 'text', listName: 'trailers' }))).toEqual({
      key: ['customFields.errors.locked'],
      type: ['customFields.errors.locked'],
      listName: ['customFields.errors.locked'],
    })
    // An option a truck holds cannot go; an unused one can.
    expect(await fieldsOf(edit(org, field, { options: ['Samsara', 'Geotab'] }))).toEqual({ options: ['customFields.errors.optionInUse'] })
    field = await edit(org, field, { label: 'ELD provider', options: ['Motive', 'Samsara'], sortOrder: 5, required: true })
    expect(field).toMatchObject({ label: 'ELD provider', options: ['Motive', 'Samsara'], sortOrder: 5, required: true, version: 3 })
    const audit = await prisma.auditEvent.findFirst({ where: { entityId: field.id, action: 'update' }, orderBy: { at: 'desc' } })
    expect(audit?.changes).toMatchObject({ label: { before: 'eld', after: 'ELD provider' } })
    // A stale version changes nothing.
    expect(await fieldsOf(edit(org, { ...field, version: 1 }, { label: 'Stale' }))).toEqual({ code: ['conflict'] })
  })

  it('refuses to delete a definition records hold values for, and deletes an unused one with an audit event', async () => {
    const org = await createOrg()
    const used = await define(org, { key: 'door', listName: 'trailers' })
    await createTrailer(actorOf(org), TrailerSchema.parse({ unitNumber: 'TR-1', customFields: { door: 'swing' } }))
    await expect(deleteCustomFieldDefinition(actorOf(org), used.id)).rejects.toMatchObject({ code: 'in_use', status: 409 })
    // A list without a table yet (loads) has no values: its definitions delete.
    const load = await define(org, { key: 'door', listName: 'loads' })
    await deleteCustomFieldDefinition(actorOf(org), load.id, 1)
    expect(await prisma.auditEvent.count({ where: { entityId: load.id, action: 'delete' } })).toBe(1)
    await expect(deleteCustomFieldDefinition(actorOf(org), used.id, 7)).rejects.toMatchObject({ code: 'in_use' })
  })
})

describe('custom field values on trucks and trailers', () => {
  it('types the text a form sends per definition, and keeps JSON values as they are', async () => {
    const org = await createOrg()
    await define(org, { key: 'axles', type: 'number' })
    await define(org, { key: 'apu', type: 'boolean' })
    await define(org, { key: 'since', type: 'date' })
    await define(org, { key: 'eld', type: 'select', options: ['Samsara', 'Motive'] })
    await define(org, { key: 'card', type: 'text' })
    const fromForm = await truck(org, { axles: '3.5', apu: 'on', since: '2026-01-31', eld: 'Motive', card: '  FC 1 ' })
    expect(fromForm.customFields).toEqual({ axles: 3.5, apu: true, since: '2026-01-31', eld: 'Motive', card: 'FC 1' })
    // Empty inputs are no value, for every type.
    expect((await truck(org, { axles: '', apu: '', since: '', eld: '', card: '' })).customFields).toEqual({})
    expect(await fieldsOf(truck(org, { axles: '0x10', apu: 'maybe', since: '31/01/2026', eld: 'motive', card: 4 }))).toEqual({
      'customFields.axles': ['validation.number'],
      'customFields.apu': ['validation.customFieldValue'],
      'customFields.since': ['validation.date'],
      'customFields.eld': ['validation.choice'],
      'customFields.card': ['validation.customFieldValue'],
    })
  })

  it('asks for a required field added after a record exists when that record is next saved', async () => {
    const org = await createOrg()
    const old = await truck(org, undefined, 'OLD-1')
    const field = await define(org, { key: 'fuel_card', required: true })
    const save = (customFields?: Record<string, string>) =>
      updateTruck(actorOf(org), old.id, TruckUpdateSchema.parse({ unitNumber: 'OLD-1', version: 1, customFields }))
    expect(await fieldsOf(save())).toEqual({ 'customFields.fuel_card': ['validation.required'] })
    expect(await fieldsOf(save({ fuel_card: ' ' }))).toEqual({ 'customFields.fuel_card': ['validation.required'] })
    expect((await save({ fuel_card: 'FC-9' })).customFields).toEqual({ fuel_card: 'FC-9' })
    expect(field.required).toBe(true)
  })

  it('keeps the values of an inactive field through saves that do not send them, never requires them, and shows them', async () => {
    const org = await createOrg()
    const field = await define(org, { key: 'legacy_id', label: 'Legacy id', required: true })
    await define(org, { key: 'note', label: 'Note' })
    const created = await truck(org, { legacy_id: 'L-1' }, 'INA-1')
    await edit(org, field, { active: false, required: true })
    const saved = await updateTruck(actorOf(org), created.id, TruckUpdateSchema.parse({ unitNumber: 'INA-1', version: 1, customFields: { note: 'hi' } }))
    expect(saved.customFields).toEqual({ legacy_id: 'L-1', note: 'hi' })
    // Sending another value for it changes nothing (it is read-only while inactive).
    const again = await updateTruck(actorOf(org), created.id, TruckUpdateSchema.parse({ unitNumber: 'INA-1', version: 2, customFields: { legacy_id: 'L-2' } }))
    expect(again.customFields).toEqual({ legacy_id: 'L-1' })
    expect(await customFieldsForDisplay(org.organization.id, 'trucks', again.customFields)).toEqual([
      { key: 'legacy_id', label: 'Legacy id', type: 'text', value: 'L-1' },
      { key: 'note', label: 'Note', type: 'text', value: null },
    ])
    // A new truck need not (and cannot) fill it.
    expect((await truck(org, { legacy_id: 'x' })).customFields).toEqual({})
  })

  it('offers the active fields as list columns chosen in the URL, comma-separated or repeated', async () => {
    const org = await createOrg()
    await define(org, { key: 'a', label: 'A', sortOrder: 1 })
    await define(org, { key: 'b', label: 'B', sortOrder: 2 })
    const columns = await customFieldColumns(org.organization.id, 'trucks', new URLSearchParams('cols=b,zz&cols=a'))
    expect(columns.available.map((column) => column.key)).toEqual(['a', 'b'])
    expect(columns.shown.map((column) => column.key)).toEqual(['a', 'b'])
    expect((await customFieldColumns(org.organization.id, 'trucks', new URLSearchParams())).shown).toEqual([])
  })
})

describe('custom field pages', () => {
  it('let admins manage definitions and viewers read them; the truck pages carry the fields for every reader', async () => {
    const org = await createOrg()
    const field = await define(org, { key: 'fuel_card', label: 'Fuel card' })
    const created = await truck(org, { fuel_card: 'FC-1' }, 'PG-1')
    const expected: Array<[Role, number, number]> = [
      ['admin', 200, 200],
      ['viewer', 200, 403],
      ['dispatcher', 403, 403],
      ['accountant', 403, 403],
      ['driver', 403, 403],
    ]
    for (const [role, read, manage] of expected) {
      const userId = org.users[role].id
      expect({ role, list: (await call(customFieldList.loader as never, '/dashboard/customfields/list', userId)).status }).toEqual({ role, list: read })
      const editor = await call(customFieldEditor.loader as never, `/dashboard/customfields/${field.id}/edit`, userId, { id: field.id })
      expect({ role, editor: editor.status }).toEqual({ role, editor: manage })
    }
    const other = await createOrg()
    expect((await call(customFieldEditor.loader as never, `/dashboard/customfields/${field.id}/edit`, other.users.admin.id, { id: field.id })).status).toBe(404)
    const editor = await call(customFieldEditor.loader as never, `/dashboard/customfields/${field.id}/edit`, org.users.admin.id, { id: field.id })
    expect(editor.data).toMatchObject({ locked: true })

    const view = await call(truckView.loader as never, `/dashboard/trucks/${created.id}`, org.users.viewer.id, { id: created.id })
    expect(view.data?.customFields).toEqual([{ key: 'fuel_card', label: 'Fuel card', type: 'text', value: 'FC-1' }])
    const truckForm = await call(truckEditor.loader as never, `/dashboard/trucks/${created.id}/edit`, org.users.dispatcher.id, { id: created.id })
    expect(truckForm.data?.customFieldDefinitions).toMatchObject([{ key: 'fuel_card', type: 'text' }])
    const list = await call(truckList.loader as never, '/dashboard/trucks/list?cols=fuel_card', org.users.viewer.id)
    expect((list.data?.columns as { shown: unknown[] }).shown).toEqual([{ key: 'fuel_card', label: 'Fuel card', type: 'text' }])
  })
})
