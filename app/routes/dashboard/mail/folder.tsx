import { href, redirect } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { MailFolders } from '~/components/mail/mail-folders'
import { MailList } from '~/components/mail/mail-list'
import { MailMessage } from '~/components/mail/mail-message'
import { mailComposePath, mailListPath } from '~/components/mail/mail-paths'
import { ButtonLink } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance, getLocale } from '~/middleware/i18next'
import { deleteMailForever, restoreMail, trashMail, updateMail } from '~/models/mail/mailbox.server'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { mailFolderPage, openBeforeCounts } from '~/requests/mail-page.server'
import { requirePermission } from '~/requests/session.server'
import { MailActionSchema, MailLabelSchema, MailToggleSchema } from '~/schemas/mail'
import { isMailView } from '~/schemas/mail-options'
import { cn } from '~/utils/cn'
import { redirectWithToast } from '~/utils/toast.server'

import type { Route } from './+types/folder'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['mail'] }

/**
 * /dashboard/mail (the default mailbox's inbox), /dashboard/mail/{folder} and
 * /dashboard/mail/{folder}/{id}: folders and mailboxes, the folder's messages, and the message,
 * three panes side by side from 1280 px, one at a time below. `?box=shared|own` picks the mailbox.
 */
/** An opened message is read before the navigation counts it (the loaders of a page load run side by side). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    await openBeforeCounts(request, params.id, context)
    return next()
  },
]

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'mail')
  return mailFolderPage(request, user, params, getLocale(context), context)
}

/** The message's buttons: star, important, read, labels, trash, restore, delete for good (version-checked). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { user } = await requireActor(request, 'update', 'mail')
  const form = await request.formData()
  const url = new URL(request.url)
  url.searchParams.delete('confirm')
  const here = `${url.pathname}${url.search}`
  const view = isMailView(params.folder) ? params.folder : 'inbox'
  const list = mailListPath(view, { box: url.searchParams.get('box') === 'own' ? 'own' : url.searchParams.get('box') === 'shared' ? 'shared' : undefined })
  const stay = () => redirect(here)
  const toList = (key: string) => () => redirectWithToast(params.id ? list : here, { type: 'success', title: t(key) })
  return intentAction(form, t, {
    star: intent({ schema: MailToggleSchema, run: ({ id, version, on }) => updateMail(user, id, { version, isStarred: on }), done: stay }),
    important: intent({ schema: MailToggleSchema, run: ({ id, version, on }) => updateMail(user, id, { version, isImportant: on }), done: stay }),
    read: intent({
      schema: MailToggleSchema,
      run: ({ id, version, on }) => updateMail(user, id, { version, isRead: on }),
      done: on(form) ? stay : toList('mail.toast.unread'),
    }),
    labels: intent({ schema: MailLabelSchema, run: ({ id, version, labels }) => updateMail(user, id, { version, labels }), done: stay }),
    trash: intent({ schema: MailActionSchema, run: ({ id, version }) => trashMail(user, id, version), done: toList('mail.toast.trashed') }),
    restore: intent({ schema: MailActionSchema, run: ({ id, version }) => restoreMail(user, id, version), done: toList('mail.toast.restored') }),
    deleteForever: intent({ schema: MailActionSchema, run: ({ id, version }) => deleteMailForever(user, id, version), done: toList('mail.toast.deleted') }),
  })
}

// Marking unread leaves the message (it would be read again at once); marking read stays on it.
const on = (form: FormData) => form.get('on') === 'true'

export default function MailFolderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { view, box, message, boxes, labels, label, q } = loaderData
  const refusal = useRefusal(actionData)
  const inbox = boxes.find((summary) => summary.box === box)?.counts.inbox.unread ?? 0
  const folders = (testIds: boolean) => <MailFolders boxes={boxes} box={box} view={view} labels={labels} label={label} testIds={testIds} />
  return (
    <>
      <PageHeader
        title={t('mail.title')}
        description={`${t(`mail.box.${box}`)} · ${t(`mail.folder.${view}`)}`}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('nav.mail') }]}
        action={
          loaderData.canCompose ? (
            <ButtonLink to={mailComposePath(box === 'shared' ? { box } : {})} data-testid="mail-compose">
              <Icon name="plus" size={16} />
              {t('mail.compose')}
            </ButtonLink>
          ) : null
        }
      />
      <div
        className="grid grid-cols-1 gap-4 min-[1280px]:grid-cols-[11rem_18rem_minmax(0,1fr)] min-[1536px]:grid-cols-[14rem_24rem_minmax(0,1fr)]"
        data-testid="mail-panes"
      >
        <aside className="hidden min-w-0 min-[1280px]:block">{folders(true)}</aside>
        {!message ? (
          <details className="min-w-0 rounded-lg border border-line bg-surface min-[1280px]:hidden">
            <summary className="cursor-pointer px-4 py-2 text-sm font-semibold" data-testid="mail-folders-toggle">
              {t('mail.foldersSummary', { box: t(`mail.box.${box}`), folder: t(`mail.folder.${view}`), count: inbox })}
            </summary>
            <div className="border-t border-line p-3">{folders(false)}</div>
          </details>
        ) : null}
        <div className={cn('min-w-0', message && 'hidden min-[1280px]:block')}>
          <MailList
            rows={loaderData.rows}
            box={box}
            view={view}
            q={q}
            label={label}
            page={loaderData.page}
            pageSize={loaderData.pageSize}
            total={loaderData.total}
            selectedId={message?.id ?? null}
            timeZone={loaderData.timeZone}
          />
        </div>
        {message ? (
          <MailMessage message={message} view={view} refusal={refusal} timeZone={loaderData.timeZone} q={q} label={label} />
        ) : (
          <p className="hidden rounded-lg border border-dashed border-line p-10 text-center text-sm text-muted min-[1280px]:block" data-testid="mail-none">
            {refusal?.message ?? t('mail.pick')}
          </p>
        )}
      </div>
    </>
  )
}
