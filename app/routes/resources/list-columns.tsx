import { data, href, redirect } from 'react-router'
import { z } from 'zod'

import { saveListColumns } from '~/models/organization/custom-fields.server'
import { requireUser } from '~/requests/session.server'
import { CUSTOM_FIELD_LISTS, type CustomFieldList } from '~/schemas/custom-field-options'
import { text } from '~/schemas/text'
import { listReturnTo } from '~/utils/list-return'
import { can, type Entity } from '~/utils/permissions'

import type { Route } from './+types/list-columns'

/** Each list with custom fields: the entity whose list it is, and its page. */
const LISTS: Record<CustomFieldList, { entity: Entity; path: string }> = {
  loads: { entity: 'load', path: href('/dashboard/loads/list') },
  trucks: { entity: 'truck', path: href('/dashboard/trucks/list') },
  trailers: { entity: 'trailer', path: href('/dashboard/trailers/list') },
  brokers: { entity: 'broker', path: href('/dashboard/brokers/list') },
  companies: { entity: 'company', path: href('/dashboard/companies/list') },
  invoices: { entity: 'invoice', path: href('/dashboard/invoice/list') },
  products: { entity: 'product', path: href('/dashboard/e-commerce/list') },
}

const ListColumnsSchema = z.object({
  list: z.enum(CUSTOM_FIELD_LISTS),
  cols: z.array(text().max(40)).max(100),
})

/**
 * A list's "Columns" menu posts here (with JavaScript or without): the chosen columns are kept
 * for the user (server-side, so every device and a list opened from the navigation shows them),
 * then back to the list as it was, showing them. Forged lists or keys are ignored, never an error.
 */
export async function action({ request }: Route.ActionArgs) {
  // Signed in before anything is read from the post; the list's own permission once it is known.
  const user = await requireUser(request)
  const form = await request.formData()
  const parsed = ListColumnsSchema.safeParse({ list: form.get('list'), cols: form.getAll('cols') })
  if (!parsed.success) throw redirect(href('/dashboard/app'))
  const { entity, path } = LISTS[parsed.data.list]
  if (!can(user.role, 'read', entity)) throw data({ reason: 'forbidden' }, { status: 403 })
  const columns = await saveListColumns(user, parsed.data.list, parsed.data.cols)
  const back = new URL(listReturnTo(form.get('returnTo'), path), 'http://freightdesk.invalid')
  back.searchParams.delete('page')
  back.searchParams.delete('cols')
  if (columns.length) back.searchParams.set('cols', columns.join(','))
  return redirect(`${back.pathname}${back.search}`)
}

export function loader() {
  return redirect(href('/dashboard/app'))
}
