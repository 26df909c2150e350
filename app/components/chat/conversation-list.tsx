import { href, Link } from 'react-router'

import { Badge } from '~/components/ui/badge'
import { useTranslation } from '~/hooks/use-translation'
import type { ConversationDto } from '~/models/chat/chat.server'
import { cn } from '~/utils/cn'
import { formatDateTime } from '~/utils/format'

import { conversationName } from './conversation-name'

/** The person's conversations, most recent first: name, last message, unread count; older ones a page further (`?page=`). */
export function ConversationList({
  conversations,
  paging,
  me,
  activeId,
  timeZone,
}: {
  conversations: ConversationDto[]
  paging: { page: number; pageSize: number; total: number }
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
              to={`${href('/dashboard/chat/:id', { id: conversation.id })}${paging.page > 1 ? `?page=${paging.page}` : ''}`}
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
      {paging.page > 1 || paging.page * paging.pageSize < paging.total ? (
        <li className="flex justify-between gap-2 px-4 py-3 text-sm" data-testid="chat-list-pages">
          {paging.page > 1 ? (
            <Link to={`?page=${paging.page - 1}`} className="font-semibold text-primary" data-testid="chat-list-newer">
              {t('chat.newerConversations')}
            </Link>
          ) : (
            <span />
          )}
          {paging.page * paging.pageSize < paging.total ? (
            <Link to={`?page=${paging.page + 1}`} className="font-semibold text-primary" data-testid="chat-list-older">
              {t('chat.olderConversations')}
            </Link>
          ) : null}
        </li>
      ) : null}
    </ul>
  )
}
