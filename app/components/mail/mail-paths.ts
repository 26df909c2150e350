import { href } from 'react-router'

import { type MailBox, type MailView } from '~/schemas/mail-options'

/** What a mail page's address carries besides the folder: the mailbox, a search, a label, a page. */
export type MailListParams = { box?: MailBox; q?: string; label?: string; page?: number; images?: boolean }

function withSearch(path: string, params: MailListParams) {
  const search = new URLSearchParams()
  if (params.box) search.set('box', params.box)
  if (params.q) search.set('q', params.q)
  if (params.label) search.set('label', params.label)
  if (params.page && params.page > 1) search.set('page', String(params.page))
  if (params.images) search.set('images', '1')
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

/** A folder's list (`/dashboard/mail/inbox?box=shared`). */
export function mailListPath(view: MailView, params: MailListParams = {}) {
  return withSearch(href('/dashboard/mail/:folder', { folder: view }), params)
}

/** A message, shown beside its folder's list. */
export function mailMessagePath(view: MailView, id: string, params: MailListParams = {}) {
  return withSearch(href('/dashboard/mail/:folder/:id', { folder: view, id }), params)
}

/** The compose page: new, or answering/forwarding a message, or a draft again. */
export function mailComposePath(params: { box?: MailBox; reply?: string; replyAll?: string; forward?: string; draft?: string } = {}) {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])))
  const query = search.toString()
  return query ? `${href('/dashboard/mail/new')}?${query}` : href('/dashboard/mail/new')
}
