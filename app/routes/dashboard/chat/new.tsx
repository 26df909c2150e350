import { Form, href, redirect, useNavigation } from 'react-router'

import { RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { PageHeader } from '~/components/layout/page-header'
import { Button, ButtonLink } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { ErrorList, inputClass } from '~/components/ui/field'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { chatPeople, startConversation } from '~/models/chat/chat.server'
import { intent, intentAction } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { ConversationSchema } from '~/schemas/chat'
import { CHAT_BODY_MAX } from '~/schemas/chat-options'

import type { Route } from './+types/new'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['chat'] }

const FIELDS = ['participantIds', 'title', 'body'] as const

/** Pick people (one: your conversation with them; several: a group), an optional title and a first message. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'create', 'chat')
  return { people: await chatPeople(user) }
}

/**
 * Starts the conversation, or opens the existing one (the pair's, a load's: the load page's and
 * "My loads"' Chat button posts `loadId` here), then shows it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const user = await requirePermission(request, 'create', 'chat')
  return intentAction(await request.formData(), t, {
    start: intent({
      schema: ConversationSchema,
      run: (input) => startConversation(user, input),
      done: ({ conversation }) => redirect(`${href('/dashboard/chat/:id', { id: conversation.id })}#latest`),
    }),
  })
}

export default function NewConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const busy = useNavigation().state !== 'idle'
  const refusal = useRefusal(actionData, undefined, undefined, FIELDS)
  const chosen = new Set([refusal?.values.participantIds ?? []].flat().map(String))
  const value = (name: string) => (typeof refusal?.values[name] === 'string' ? (refusal.values[name] as string) : '')
  return (
    <>
      <PageHeader
        title={t('chat.new')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('chat.title'), to: href('/dashboard/chat') }, { label: t('chat.new') }]}
      />
      <Card className="max-w-2xl p-6">
        <Form method="post" className="grid gap-5" data-testid="chat-new-form" noValidate>
          <input type="hidden" name="intent" value="start" />
          <RefusalNotice refusal={refusal} testId="chat-refusal" />
          <fieldset className="min-w-0">
            <legend className="mb-1.5 text-sm font-semibold text-ink">{t('chat.people')}</legend>
            <p className="mb-2 text-xs text-muted">{t('chat.peopleHint')}</p>
            <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-lg border border-line p-2 sm:grid-cols-2">
              {loaderData.people.map((person) => (
                <li key={person.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 hover:bg-black/5 dark:hover:bg-white/5">
                    <input type="checkbox" name="participantIds" value={person.id} defaultChecked={chosen.has(person.id)} data-testid="chat-person" />
                    <bdi className="min-w-0 truncate">{person.name}</bdi>
                    <span className="ms-auto shrink-0 text-xs text-muted">{t(`roles.${person.role}`)}</span>
                  </label>
                </li>
              ))}
            </ul>
            <ErrorList errors={refusal?.field('participantIds')} />
          </fieldset>
          <label className="block">
            <span className="mb-1.5 block text-sm font-semibold text-ink">{t('chat.titleLabel')}</span>
            <input name="title" maxLength={120} dir="auto" defaultValue={value('title')} className={inputClass} data-testid="chat-title" />
            <span className="mt-1.5 block text-xs text-muted">{t('chat.titleHint')}</span>
            <ErrorList errors={refusal?.field('title')} />
          </label>
          <label className="block">
            <span className="mb-1.5 block text-sm font-semibold text-ink">{t('chat.firstMessage')}</span>
            <textarea
              name="body"
              rows={3}
              maxLength={CHAT_BODY_MAX}
              dir="auto"
              defaultValue={value('body')}
              className={inputClass}
              data-testid="chat-first-message"
            />
            <ErrorList errors={refusal?.field('body')} />
          </label>
          <div className="flex justify-end gap-2">
            <ButtonLink to={href('/dashboard/chat')} variant="secondary">
              {t('common.cancel')}
            </ButtonLink>
            <Button type="submit" disabled={busy} data-testid="chat-start">
              {t('chat.start')}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  )
}
