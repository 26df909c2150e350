import { href } from 'react-router'

import { ChatShell } from '~/components/chat/chat-shell'
import { ConversationList } from '~/components/chat/conversation-list'
import { PageHeader } from '~/components/layout/page-header'
import { ButtonLink } from '~/components/ui/button'
import { useTranslation } from '~/hooks/use-translation'
import { conversationPage, listConversations } from '~/models/chat/chat.server'
import { organizationTimeZone } from '~/models/organization/organization.server'
import { chatOffers } from '~/policies/chat'
import { requirePermission } from '~/requests/session.server'

import type { Route } from './+types/index'

/** The strings this page needs in the browser besides `common` (app/i18n.ts). */
export const handle = { i18n: ['chat'] }

/** The person's conversations with their unread counts and last messages; on a wide screen, beside an empty conversation pane. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, 'read', 'chat')
  const page = conversationPage(new URL(request.url).searchParams.get('page'))
  const [conversations, timeZone] = await Promise.all([listConversations(user, page), organizationTimeZone(user.organizationId)])
  return { conversations, timeZone, me: user.id, offers: chatOffers(user.role) }
}

export default function ChatIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { conversations, timeZone, me, offers } = loaderData
  return (
    <>
      <PageHeader
        title={t('chat.title')}
        crumbs={[{ label: t('nav.dashboard'), to: href('/dashboard/app') }, { label: t('chat.title') }]}
        action={
          offers.write ? (
            <ButtonLink to={href('/dashboard/chat/new')} data-testid="chat-new">
              {t('chat.new')}
            </ButtonLink>
          ) : undefined
        }
      />
      <ChatShell showing="list" list={<ConversationList conversations={conversations.items} paging={conversations} me={me} timeZone={timeZone} />}>
        <p className="m-auto p-8 text-center text-sm text-muted">{t('chat.pick')}</p>
      </ChatShell>
    </>
  )
}
