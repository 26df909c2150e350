/**
 * A record editor's loader and action, for `/dashboard/<name>/new` and `/:id/edit` on one route
 * (trucks, trailers, brokers, companies): the route names its model functions, schemas and
 * defaults, and reads or saves through these (ADR 040).
 */
import type { RouterContextProvider } from 'react-router'
import type { z } from 'zod'

import { getInstance } from '~/middleware/i18next'
import type { Actor } from '~/models/audit/audit.server'
import { customFieldsForForm } from '~/models/organization/custom-fields.server'
import type { SessionUser } from '~/models/users/auth.server'
import { RECORD_LIST_PARTS, type RecordListName, recordPaths } from '~/schemas/record-pages'
import { orNotFound } from '~/utils/errors.server'
import { listReturnTo } from '~/utils/list-return'
import type { Entity } from '~/utils/permissions'
import { redirectWithToast, type ToastInput } from '~/utils/toast.server'

import { requireActor } from './actor.server'
import { formConstraint, formDefaults, savedToList, submitForm } from './forms.server'
import { requirePermission } from './session.server'

type Schemas = { create: z.ZodType; update: z.ZodObject }

/**
 * What the editor shows: the record as the API shapes it (an edit of a record that is not the
 * organization's is 404), the list's active custom fields, the list to return to as the user
 * left it, the form's native constraints and its values (the record's, or `newDefaults`), and
 * what `also` reads for the form (pickers).
 */
export async function readEditor<Row, Dto extends Record<string, unknown>, Also = null>(
  request: Request,
  id: string | undefined,
  options: {
    entity: Entity
    name: RecordListName
    get: (organizationId: string, id: string) => Promise<Row>
    serialize: (row: Row) => Dto
    schemas: Schemas
    newDefaults: Record<string, unknown>
    /** Form values the record's fields do not give as they are (dollars for cents). */
    formValues?: (record: Dto) => Record<string, unknown>
    also?: (user: SessionUser, record: Dto | null) => Promise<Also>
  },
) {
  const user = await requirePermission(request, id ? 'update' : 'create', options.entity)
  const customFields = RECORD_LIST_PARTS[options.name].customFields
  const [row, customFieldDefinitions] = await Promise.all([
    id ? orNotFound(options.get(user.organizationId, id)) : null,
    customFields ? customFieldsForForm(user.organizationId, customFields) : [],
  ])
  const record = row === null ? null : options.serialize(row)
  return {
    record,
    also: options.also ? await options.also(user, record) : (null as Also),
    customFieldDefinitions,
    returnTo: listReturnTo(new URL(request.url).searchParams.get('returnTo'), recordPaths(options.name).list),
    constraint: formConstraint(record ? options.schemas.update : options.schemas.create),
    defaultValue: record ? { ...formDefaults(record, options.schemas.update), ...options.formValues?.(record) } : options.newDefaults,
  }
}

/**
 * Saves the form (create or update, by the route's `id`): 400 with the messages at their fields,
 * the model's refusals at theirs, a conflict flagged; saved, back to the list with the row marked
 * and a toast (`<name>.toast.created` in the new record's status colour, `updated`, `status`; a
 * record without a status, such as a fuel purchase, gets the title alone).
 */
export async function saveEditor<Create extends z.ZodType, Update extends z.ZodType, Row extends { id: string; status?: string }>(
  request: Request,
  id: string | undefined,
  context: Readonly<RouterContextProvider>,
  options: {
    entity: Entity
    name: RecordListName
    schemas: { create: Create; update: Update }
    create: (actor: Actor, input: z.output<Create>) => Promise<Row>
    update: (actor: Actor, id: string, input: z.output<Update>) => Promise<Row>
    /** The statuses' toast colours; null for a record without a status (RECORD_LIST_PARTS). */
    statusMeta: Record<string, { toast: 'info' | 'success' | 'warning' | 'error' }> | null
    /** The values the toast's strings interpolate (`{ unit: trailer.unitNumber }`). */
    rowName: (row: Row) => Record<string, string>
    /** Where a new record goes instead of the list, when the form came from elsewhere (a broker added from a rate confirmation: ADR 103). */
    createdTo?: (formData: FormData, row: Row) => string | null
  },
) {
  const { actor } = await requireActor(request, id ? 'update' : 'create', options.entity)
  const formData = await request.formData()
  const { t } = getInstance(context)
  const { name } = options
  const saved = (row: Row) => {
    const title = t(`${name}.toast.${id ? 'updated' : 'created'}`, options.rowName(row))
    const { status } = row
    const toast: ToastInput =
      options.statusMeta && status !== undefined
        ? { type: id ? 'success' : options.statusMeta[status].toast, title, description: t(`${name}.toast.status`, { status: t(`${name}.status.${status}`) }) }
        : { type: 'success', title }
    const elsewhere = id ? null : options.createdTo?.(formData, row)
    return elsewhere ? redirectWithToast(elsewhere, toast) : savedToList(formData, recordPaths(name).list, row.id, toast)
  }
  // The model's refusals in the request's language, with their parameters.
  return id
    ? submitForm(formData, options.schemas.update, (input) => options.update(actor, id, input), saved, { translate: t })
    : submitForm(formData, options.schemas.create, (input) => options.create(actor, input), saved, { translate: t })
}
