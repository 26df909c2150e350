import { useEffect, useRef } from 'react'
import { data, href, Link, redirect, useFetcher } from 'react-router'

import { ChatShell } from '~/components/chat/chat-shell'
import { Composer } from '~/components/chat/composer'
import { ConversationList } from '~/components/chat/conversation-list'
import { conversationName, namesList } from '~/components/chat/conversation-name'
import { MessageList } from '~/components/chat/message-list'
import { PageHeader } from '~/components/layout/page-header'
import { useChatEvents } from '~/hooks/use-chat-events'
import { useTranslation } from '~/hooks/use-translation'
import { getInstance } from '~/middleware/i18next'
import { conversationPage, getConversation, listConversations, markRead, postFile, postMessage } from '~/models/chat/chat.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { chatOffers } from '~/policies/chat'
import { intent, intentAction, refuse } from '~/requests/forms.server'
import { requirePermission } from '~/requests/session.server'
import { ChatCaptionSchema, ChatHistoryQuery, ChatMessageSchema, ChatReadSchema } from '~/schemas/chat'
import { CHAT_FILE_MAX_BYTES } from '~/schemas/chat-options'
import { DomainError, isDomainError, orNotFound } from '~/utils/errors.server'
import { uploadLimit } from '~/utils/upload-limit'

import type { Route } from './+types/view'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['chat'] }

/** A photo posted from the page: the edge holds the body up to this (413 past it). */
export const upload = uploadLimit(CHAT_FILE_MAX_BYTES)

/**
 * One conversation (participants only; anyone else and other organizations: 404), beside the
 * list on a wide screen. Opening it reads it (the person's unread count to 0). `?before=` pages
 * back through the history. With JavaScript new messages arrive on the event stream.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'chat')
  const query = ChatHistoryQuery.safeParse({ before: new URL(request.url).searchParams.get('before') ?? undefined })
  const before = query.success ? query.data.before : undefined
  await orNotFound(markRead(user, params.id))
  let detail
  try {
    detail = await orNotFound(getConversation(user, params.id, before))
  } catch (error) {
    // A `before` that is not a message of this conversation: its newest messages instead.
    if (isDomainError(error) && error.code === 'validation_failed') throw redirect(href('/dashboard/chat/:id', { id: params.id }))
    throw error
  }
  const listPage = conversationPage(new URL(request.url).searchParams.get('page'))
  const [conversations, timeZone] = await Promise.all([listConversations(user, listPage), organizationTimeZone(user.organizationId)])
  return { ...detail, paged: Boolean(before), conversations, timeZone, me: user.id, offers: chatOffers(user.role) }
}

/** Send a text, send a photo, or mark read (the page's stream saw a message); redirected back to the newest messages. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getInstance(context).t
  const user = await requirePermission(request, 'read', 'chat')
  const id = params.id
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return refuse({ intent: null }, t('chat.errors.badForm'))
  }
  const file = form.get('file')
  const back = () => redirect(`${href('/dashboard/chat/:id', { id })}#latest`)
  return intentAction(form, t, {
    send: intent({ schema: ChatMessageSchema, run: ({ body }) => postMessage(user, id, body), done: back }),
    photo: intent({
      schema: ChatCaptionSchema,
      run: async ({ body }) => {
        if (!(file instanceof File) || file.name === '')
          throw new DomainError('validation_failed', 'validation.failed', { fields: { file: ['chat.errors.fileRequired'] } })
        return postFile(user, id, file, body ?? '')
      },
      done: back,
    }),
    read: intent({ schema: ChatReadSchema, run: () => markRead(user, id), done: () => data({ read: true }) }),
  })
}

export default function ChatConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation()
  const { conversation, messages, hasMore, before, paged, conversations, timeZone, me, offers } = loaderData
  const reader = useFetcher()
  const newest = messages.at(-1)?.id ?? null
  // Others' messages arrive here; the page reads them at once (so they do not count as unread).
  const live = useChatEvents<(typeof messages)[number]>(href('/dashboard/chat/:id/events', { id: conversation.id }), paged ? null : newest, (message) => {
    if (message.senderId !== me) reader.submit({ intent: 'read' }, { method: 'post' })
  })
  const known = new Set(messages.map((message) => message.id))
  const shown = paged ? messages : [...messages, ...live.filter((message) => !known.has(message.id))]
  const pane = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!paged && pane.current) pane.current.scrollTop = pane.current.scrollHeight
  }, [paged, shown.length])
  const name = conversationName(conversation, me, t)
  const people = namesList(
    conversation.participants.map((person) => (person.id === me ? t('chat.you') : person.name)),
    i18n.language,
  )

  return (
    <>
      <PageHeader
        title={name}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('chat.title'), to: href('/dashboard/chat') }, { label: name }]}
      />
      <ChatShell
        showing="conversation"
        list={<ConversationList conversations={conversations.items} paging={conversations} me={me} activeId={conversation.id} timeZone={timeZone} />}
      >
        <div className="flex items-center gap-3 border-b border-line px-4 py-3">
          <Link to={href('/dashboard/chat')} className="text-sm font-semibold text-primary lg:hidden" data-testid="chat-back">
            {t('chat.back')}
          </Link>
          <bdi className="min-w-0 truncate text-sm text-muted" data-testid="chat-people">
            {people}
          </bdi>
        </div>
        <div ref={pane} className="grid flex-1 content-start gap-3 p-4 lg:max-h-[60vh] lg:overflow-y-auto" data-testid="chat-pane">
          {hasMore && before ? (
            <Link
              to={`${href('/dashboard/chat/:id', { id: conversation.id })}?before=${encodeURIComponent(before)}`}
              className="justify-self-center text-sm font-semibold text-primary"
              data-testid="chat-older"
            >
              {t('chat.older')}
            </Link>
          ) : null}
          <MessageList messages={shown} me={me} timeZone={timeZone} />
          {paged ? (
            <Link
              to={href('/dashboard/chat/:id', { id: conversation.id })}
              className="justify-self-center text-sm font-semibold text-primary"
              data-testid="chat-newer"
            >
              {t('chat.newer')}
            </Link>
          ) : null}
          <div id="latest" />
        </div>
        {offers.write ? (
          <Composer actionData={actionData} />
        ) : (
          <p className="border-t border-line p-4 text-sm text-muted" data-testid="chat-read-only">
            {t('chat.readOnly')}
          </p>
        )}
      </ChatShell>
    </>
  )
}
