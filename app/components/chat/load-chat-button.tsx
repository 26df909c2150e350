import { Form, href } from 'react-router'

import { buttonClass } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'

/**
 * Opens the load's conversation (its dispatcher and driver; created on the first open, joined by
 * whoever opens it): a post, so it works without JavaScript, answered with the conversation.
 */
export function LoadChatButton({ loadId, loadNumber, className }: { loadId: string; loadNumber: string; className?: string }) {
  const { t } = useTranslation()
  return (
    <Form method="post" action={href('/dashboard/chat/new')} className={className}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="loadId" value={loadId} />
      <button
        type="submit"
        className={buttonClass('secondary', 'md', 'min-h-11 w-full')}
        aria-label={t('chat.openLoadChatLabel', { number: loadNumber })}
        data-testid="load-chat"
      >
        <Icon name="chat" />
        {t('chat.openLoadChat')}
      </button>
    </Form>
  )
}
