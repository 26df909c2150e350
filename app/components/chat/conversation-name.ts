import { languageInfo } from '~/i18n'
import type { ConversationDto } from '~/models/chat/chat.server'

type Translate = (key: string, params?: Record<string, unknown>) => string

/** What a conversation is called for this person: the load, the group's title, or the other people. */
export function conversationName(conversation: Pick<ConversationDto, 'kind' | 'title' | 'loadNumber' | 'participants'>, me: string, t: Translate) {
  if (conversation.kind === 'load') return t('chat.loadTitle', { number: conversation.loadNumber ?? '' })
  if (conversation.title) return conversation.title
  const others = conversation.participants.filter((person) => person.id !== me).map((person) => person.name)
  return others.join(', ') || t('chat.you')
}

/** Names as a list in the reader's language ("A, B and C"; Arabic's comma and "و"). */
export function namesList(names: string[], language: string) {
  return new Intl.ListFormat(languageInfo(language).intl, { style: 'long', type: 'conjunction' }).format(names)
}
