import { href } from 'react-router'

import { useTranslation } from '~/hooks/use-translation'
import type { ChatMessageDto } from '~/models/chat/chat.server'
import { cn } from '~/utils/cn'
import { formatDateTime } from '~/utils/format'

/** The page's own link to an attachment (the session cookie; the API's `url` wants a bearer token). */
function fileHref(conversationId: string, attachmentId: string) {
  return href('/dashboard/chat/:id/files/:attachmentId', { id: conversationId, attachmentId })
}

/**
 * A conversation's messages, oldest first: one's own at the end side (right in English, left in
 * Arabic), the others' at the start with their sender. Text is always text (React escapes it;
 * `dir="auto"` keeps each message in its own direction); photos are shown, files are links.
 */
export function MessageList({ messages, me, timeZone }: { messages: ChatMessageDto[]; me: string; timeZone: string }) {
  const { t, i18n } = useTranslation()
  if (messages.length === 0) return <p className="py-10 text-center text-sm text-muted">{t('chat.noMessages')}</p>
  return (
    <ol className="flex flex-col gap-3" aria-label={t('chat.messagesLabel')} data-testid="chat-messages">
      {messages.map((message) => {
        const mine = message.senderId === me
        const sender = mine ? t('chat.you') : (message.sender?.name ?? t('chat.formerUser'))
        return (
          <li
            key={message.id}
            className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]', mine ? 'ms-auto items-end' : 'me-auto items-start')}
            data-testid="chat-message"
            data-mine={mine || undefined}
          >
            <span className="text-xs text-muted">
              <bdi>{sender}</bdi> ·{' '}
              <time dateTime={message.createdAt} className="tabular-nums">
                {formatDateTime(i18n.language, message.createdAt, timeZone)}
              </time>
            </span>
            <div className={cn('rounded-2xl px-3 py-2 text-sm', mine ? 'bg-primary text-white' : 'bg-black/5 text-ink dark:bg-white/10')}>
              {message.attachments.map((attachment) =>
                message.contentType === 'image' ? (
                  <a key={attachment.id} href={fileHref(message.conversationId, attachment.id)} target="_blank" rel="noreferrer" className="mb-1 block">
                    <img
                      src={fileHref(message.conversationId, attachment.id)}
                      alt={t('chat.photoAlt', { name: sender })}
                      loading="lazy"
                      className="max-h-64 max-w-full rounded-lg object-contain"
                      data-testid="chat-photo"
                    />
                  </a>
                ) : (
                  <a
                    key={attachment.id}
                    href={fileHref(message.conversationId, attachment.id)}
                    className="mb-1 block font-semibold underline"
                    data-testid="chat-file"
                  >
                    {t('chat.attachment', { name: attachment.fileName })}
                  </a>
                ),
              )}
              {message.body ? (
                <p className="whitespace-pre-wrap break-words" dir="auto" data-testid="chat-body">
                  {message.body}
                </p>
              ) : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
