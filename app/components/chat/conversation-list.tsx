import { href, Link } from 'react-router'

import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import type { ConversationDto } from '~/models/chat.server'
import { cn } from '~/utils/cn'
import { formatDateTime } from '~/utils/format'

import { conversationName } from './conversation-name'

/** The person's conversations, most recent first: name, last message, unread count. */
export function ConversationList({
  conversations,
  me,
  activeId,
  timeZone,
}: {
  conversations: ConversationDto[]
  me: string
  activeId?: string
  timeZone: string
}) {
  const { t, i18n } = useTranslation()
  if (conversations.length === 0)
    return (
      <div className="p-4 text-sm text-muted" data-testid="chat-empty">
        <p className="font-semibold text-ink">{t('chat.empty')}</p>
        <p className="mt-1">{t('chat.emptyHint')}</p>
      </div>
    )
  return (
    <ul className="divide-y divide-line" aria-label={t('chat.listLabel')} data-testid="chat-list">
      {conversations.map((conversation) => {
        const last = conversation.lastMessage
        const preview = last ? last.body || (last.attachments[0]?.fileName ?? '') : t('chat.noMessages')
        const active = conversation.id === activeId
        return (
          <li key={conversation.id}>
            <Link
              to={href('/dashboard/chat/:id', { id: conversation.id })}
              aria-current={active ? 'page' : undefined}
              data-testid="chat-list-item"
              className={cn(
                'flex items-start gap-3 border-s-4 px-4 py-3 hover:bg-black/5 dark:hover:bg-white/5',
                active ? 'border-primary' : 'border-transparent',
              )}
            >
              <div className="min-w-0 flex-1">
                <div className="flex items-baseline justify-between gap-2">
                  <bdi className={cn('truncate', conversation.unreadCount ? 'font-bold' : 'font-semibold')}>{conversationName(conversation, me, t)}</bdi>
                  <time className="shrink-0 text-xs text-muted tabular-nums" dateTime={conversation.updatedAt}>
                    {formatDateTime(i18n.language, conversation.updatedAt, timeZone)}
                  </time>
                </div>
                <div className="mt-0.5 flex items-center justify-between gap-2">
                  <bdi className="truncate text-sm text-muted" dir="auto">
                    {preview}
                  </bdi>
                  {conversation.unreadCount ? (
                    <span data-testid="chat-unread">
                      <Badge tone="primary">{t('chat.unread', { count: conversation.unreadCount })}</Badge>
                    </span>
                  ) : null}
                </div>
              </div>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
