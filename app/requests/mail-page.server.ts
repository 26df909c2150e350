/**
 * What the mail pages load (the folder page with its three panes, and the compose page's choices),
 * assembled from the mailbox models for the page modules.
 */
import { createContext, data, href, type RouterContextProvider } from 'react-router'

import { languageInfo } from '~/i18n'
import { loadsMadeFromEach } from '~/models/loads/rate-confirmation.server'
import { organizationMailIdentity } from '~/models/mail/mail-address.server'
import { attachableDocuments } from '~/models/mail/mail-compose.server'
import { folderCounts, getMail, listMail, mailboxLabels, type MailUser, markOpened, partiesOf } from '~/models/mail/mailbox.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { loadScope } from '~/policies/load'
import { boxOf, mailOffers, readableBoxes, writesBox } from '~/policies/mail'
import { requirePermission } from '~/requests/session.server'
import { MailListQuerySchema } from '~/schemas/mail'
import { isMailView, MAIL_TEXT_MAX_LENGTH } from '~/schemas/mail-options'
import { orNotFound } from '~/utils/errors.server'
import { formatDateTime } from '~/utils/format'
import { mailFrameDocument } from '~/utils/mail-html.server'
import { mailParty } from '~/utils/mail-text'
import { can } from '~/utils/permissions'

const line = (value: unknown) => partiesOf(value).map(mailParty).join(', ')

/** The message the page's middleware opened, handed to its loader (read once per request). */
const openedMail = createContext<Awaited<ReturnType<typeof markOpened>> | null>(null)

/**
 * A message page's middleware: the message is marked read before any loader runs. A page load runs
 * the layout's loader (the navigation's unread badge) beside the page's, so without this a page
 * loaded whole (no JavaScript) could count the message it opens as unread. The opened message goes
 * to the page's loader through the context. Anything wrong (not signed in, no such message) is left
 * to the loader, which answers it.
 */
export async function openBeforeCounts(request: Request, id: string | undefined, context: Readonly<RouterContextProvider>) {
  if (!id || request.method !== 'GET') return
  try {
    const user = await requirePermission(request, 'read', 'mail')
    const mail = await getMail(user, id)
    if (mail) context.set(openedMail, await markOpened(user, mail))
  } catch {
    // The loader answers it.
  }
}

/** The folder page: the mailboxes with their counts, the folder's page of messages and, with an id, the message (marked read). */
export async function mailFolderPage(
  request: Request,
  user: MailUser,
  params: { folder?: string; id?: string },
  locale: string,
  context?: Readonly<RouterContextProvider>,
) {
  const folder = params.folder ?? 'inbox'
  if (!isMailView(folder)) throw data(null, { status: 404 })
  const search = new URL(request.url).searchParams
  const query = MailListQuerySchema.parse({ ...Object.fromEntries([...search].filter(([, value]) => value !== '')), folder })
  // Opened first, so the list and the counts beside it already show it read.
  const early = context?.get(openedMail)
  const opened = params.id ? (early?.id === params.id ? early : await markOpened(user, await orNotFound(getMail(user, params.id)))) : null
  // The loads already made from the message's PDFs (ADR 103): one query for all of them, for those who open loads.
  const pdfIds = opened?.attachments.filter((attachment) => attachment.contentType === 'application/pdf').map((attachment) => attachment.id) ?? []
  const [list, timeZone, identity, made] = await Promise.all([
    orNotFound(listMail(user, query, { bodies: false })),
    organizationTimeZone(user.organizationId),
    organizationMailIdentity(user.organizationId),
    pdfIds.length && can(user.role, 'read', 'load') ? loadsMadeFromEach(loadScope(user), { mailAttachmentIds: pdfIds }) : null,
  ])
  const boxes = await Promise.all(
    readableBoxes(user.role).map(async (box) => ({ box, address: box === 'shared' ? identity.address : null, counts: await folderCounts(user, box) })),
  )
  let message = null
  if (opened) {
    const row = opened
    const showImages = search.get('images') === '1'
    message = {
      id: row.id,
      version: row.version,
      box: boxOf(row),
      folder: row.folder,
      fromName: row.fromName,
      fromEmail: row.fromEmail,
      to: line(row.to),
      cc: line(row.cc),
      subject: row.subject,
      text: row.text,
      /** The whole text of a long inbound message, a link away (ADR 082): the page carries its beginning only. */
      textUrl: row.textKey ? href('/dashboard/mail/text/:id', { id: row.id }) : null,
      envelopeFrom: row.envelopeFrom,
      fromVerified: row.fromVerified,
      frame: row.html ? mailFrameDocument(row.html, { dir: languageInfo(locale).dir as 'ltr' | 'rtl', remoteImages: showImages }) : null,
      remoteImages: Boolean(row.html?.includes('data-remote-src')),
      showImages,
      isRead: row.isRead,
      isStarred: row.isStarred,
      isImportant: row.isImportant,
      labels: row.labels,
      delivery: row.delivery,
      attachments: row.attachments.map((attachment) => ({ ...attachment, madeInto: made?.get(attachment.id) ?? [] })),
      canCreateLoad: can(user.role, 'create', 'load'),
      createdAt: row.createdAt.toISOString(),
      offers: mailOffers(user.role, row),
      confirmDelete: search.get('confirm') === 'delete',
    }
  }
  return {
    view: query.folder,
    box: list.box,
    q: query.q,
    label: query.label,
    page: query.page,
    pageSize: query.pageSize,
    total: list.total,
    rows: list.rows.map((row) => ({
      id: row.id,
      fromName: row.fromName,
      fromEmail: row.fromEmail,
      toLine: partiesOf(row.to)
        .map((party) => party.name || party.email)
        .join(', '),
      folder: row.folder,
      subject: row.subject,
      snippet: row.snippet,
      isRead: row.isRead,
      isStarred: row.isStarred,
      isImportant: row.isImportant,
      labels: row.labels,
      attachmentCount: row.attachments.length,
      createdAt: row.createdAt.toISOString(),
    })),
    boxes,
    labels: await mailboxLabels(user, list.box),
    message,
    timeZone,
    canCompose: readableBoxes(user.role).some((box) => writesBox(user.role, box)),
  }
}

type Translate = (key: string, params?: Record<string, unknown>) => string

/** How much of the answered text a reply or forward quotes: "> " on every line must still fit MAIL_TEXT_MAX_LENGTH. */
const QUOTE_MAX = Math.floor(MAIL_TEXT_MAX_LENGTH / 2) - 1_000

const prefixed = (prefix: string, subject: string) => (subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`.trim())

/**
 * The compose page's starting values: empty, or answering (`reply`, `replyAll`), forwarding
 * (`forward`) a message, or a draft again (`draft`); the mailboxes it may write from; the load
 * documents it may attach.
 */
export async function mailComposePage(request: Request, user: MailUser & { email: string }, t: Translate, locale: string) {
  const search = new URL(request.url).searchParams
  const identity = await organizationMailIdentity(user.organizationId)
  const from = readableBoxes(user.role)
    .filter((box) => writesBox(user.role, box) && (box === 'own' || identity.address))
    .map((box) => ({ box, address: box === 'shared' ? identity.address! : user.email }))
  if (!from.length) throw data(null, { status: 403 })
  const own = new Set([user.email.toLowerCase(), ...(identity.address ? [identity.address] : [])])
  const values: Record<string, string> = {}
  let carried: Array<{ id: string; fileName: string }> = []
  let mode: 'new' | 'reply' | 'replyAll' | 'forward' | 'draft' = 'new'
  const answering = search.get('reply') ?? search.get('replyAll') ?? search.get('forward')
  const draftId = search.get('draft')
  if (draftId) {
    const draft = await orNotFound(getMail(user, draftId))
    if (!mailOffers(user.role, draft).edit) throw data(null, { status: 404 })
    mode = 'draft'
    Object.assign(values, {
      from: boxOf(draft),
      to: partiesOf(draft.to)
        .map((party) => party.email)
        .join(', '),
      cc: partiesOf(draft.cc)
        .map((party) => party.email)
        .join(', '),
      subject: draft.subject,
      text: draft.text,
      draftId: draft.id,
      version: String(draft.version),
    })
    carried = draft.attachments
  } else if (answering) {
    const answered = await orNotFound(getMail(user, answering))
    const offers = mailOffers(user.role, answered)
    mode = search.get('forward') ? 'forward' : search.get('replyAll') ? 'replyAll' : 'reply'
    if (!(mode === 'forward' ? offers.forward : offers.reply)) throw data(null, { status: 404 })
    const timeZone = await organizationTimeZone(user.organizationId)
    const when = formatDateTime(locale, answered.createdAt, timeZone)
    const sender = mailParty({ name: answered.fromName, email: answered.fromEmail })
    // The answer quotes at most what a message may hold, leaving room to write (a long inbound text is cut: ADR 082).
    const body = answered.text.length > QUOTE_MAX ? `${answered.text.slice(0, QUOTE_MAX)}\n[…]` : answered.text
    const quoted = body
      .split('\n')
      .map((row) => `> ${row}`)
      .join('\n')
    const outgoing = answered.folder === 'sent'
    const others = (list: string[]) => [...new Set(list.map((address) => address.toLowerCase()))].filter((address) => !own.has(address))
    const toList =
      mode === 'replyAll'
        ? outgoing
          ? partiesOf(answered.to).map((party) => party.email)
          : others([answered.fromEmail, ...partiesOf(answered.to).map((party) => party.email)])
        : mode === 'reply'
          ? outgoing
            ? partiesOf(answered.to).map((party) => party.email)
            : [answered.fromEmail]
          : []
    Object.assign(values, {
      from: boxOf(answered),
      to: toList.join(', '),
      cc: mode === 'replyAll' ? others(partiesOf(answered.cc).map((party) => party.email)).join(', ') : '',
      subject: prefixed(mode === 'forward' ? t('mail.forwardPrefix') : t('mail.replyPrefix'), answered.subject),
      text:
        mode === 'forward'
          ? `\n\n${t('mail.forwardHeader', { from: sender, date: when, subject: answered.subject, to: line(answered.to) })}\n\n${body}`
          : `\n\n${t('mail.quoteHeader', { from: sender, date: when })}\n${quoted}`,
      answers: answered.id,
      ...(mode === 'forward' ? { forward: 'true' } : {}),
    })
    if (mode === 'forward') carried = answered.attachments
  } else {
    const box = search.get('box')
    values.from = from.some((option) => option.box === box) ? box! : from[0].box === 'shared' && from.length > 1 ? 'own' : from[0].box
  }
  return { mode, values, from, carried, documents: await attachableDocuments(user) }
}
