import { href, useNavigation } from 'react-router'

import { useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { MailComposeForm } from '~/components/mail/mail-compose-form'
import { mailComposePath, mailMessagePath } from '~/components/mail/mail-paths'
import { Card } from '~/components/ui/card'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance, getLocale } from '~/middleware/i18next'
import { saveDraft, sendMail } from '~/models/mail/mail-compose.server'
import { boxOf } from '~/policies/mail'
import { requireActor } from '~/requests/actor.server'
import { intent, intentAction } from '~/requests/forms.server'
import { mailComposePage } from '~/requests/mail-page.server'
import { formFiles } from '~/requests/mail-post.server'
import { requirePermission } from '~/requests/session.server'
import { MailComposeSchema, MailDraftSchema } from '~/schemas/mail'
import { MAIL_ATTACHMENTS_MAX_TOTAL_BYTES } from '~/schemas/mail-options'
import { redirectWithToast } from '~/utils/toast.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/compose'

/** The compose form carries the message's files: the edge collects a body up to all of them together. */
export const upload = uploadLimit(MAIL_ATTACHMENTS_MAX_TOTAL_BYTES)

export const handle = { i18n: ['mail'] }

/**
 * /dashboard/mail/new: a new message, `?reply=`, `?replyAll=`, `?forward=` a message, `?draft=` a
 * draft again, `?box=shared` to write from the organization's address. Roles that only read have no form (403).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'create', 'mail')
  return mailComposePage(request, user, getInstance(context).t, getLocale(context))
}

/** Send (the compose schema: someone to send to, a subject or a text) or save as a draft; the files are checked by the model. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const { user } = await requireActor(request, 'create', 'mail')
  const form = await request.formData()
  return intentAction(form, t, {
    send: intent({
      schema: MailComposeSchema,
      run: async (input) => sendMail(user, input, await formFiles(form)),
      done: (sent) => redirectWithToast(mailMessagePath('sent', sent.id, { box: boxOf(sent) }), { type: 'success', title: t('mail.toast.sent') }),
    }),
    save: intent({
      schema: MailDraftSchema,
      run: async (input) => saveDraft(user, input, await formFiles(form)),
      done: (draft) => redirectWithToast(mailComposePath({ draft: draft.id }), { type: 'success', title: t('mail.toast.draftSaved') }),
    }),
  })
}

export default function MailCompose({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const refusal = useRefusal(actionData, ['send', 'save'], undefined, ['to', 'cc', 'subject', 'text', 'files', 'documentIds', 'from'])
  const busy = useNavigation().state === 'submitting'
  return (
    <>
      <PageHeader
        title={t(`mail.composeTitle.${loaderData.mode}`)}
        crumbs={[{ label: t('nav.mail'), to: href('/dashboard/mail') }, { label: t(`mail.composeTitle.${loaderData.mode}`) }]}
      />
      <Card className="max-w-3xl p-4 sm:p-6">
        {/* A new form for each draft version: a saved draft starts again from what it holds, not from the inputs as left. */}
        <MailComposeForm
          key={`${loaderData.values.draftId ?? 'new'}:${loaderData.values.version ?? ''}:${loaderData.values.answers ?? ''}`}
          values={loaderData.values}
          from={loaderData.from}
          carried={loaderData.carried}
          documents={loaderData.documents}
          refusal={refusal}
          busy={busy}
        />
      </Card>
    </>
  )
}
