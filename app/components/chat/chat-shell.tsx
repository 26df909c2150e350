import type { ReactNode } from 'react'

import { Card } from '~/components/ui/card'
import { cn } from '~/utils/cn'

/**
 * The chat's two panes: the conversation list and the open conversation side by side from 1024 px
 * (`lg`), one at a time below (the list on /dashboard/chat, the conversation on its page).
 * Logical borders and order, so Arabic mirrors it.
 */
export function ChatShell({ list, children, showing }: { list: ReactNode; children: ReactNode; showing: 'list' | 'conversation' }) {
  return (
    <Card className="grid overflow-hidden lg:min-h-[32rem] lg:grid-cols-[20rem_minmax(0,1fr)]" data-testid="chat-shell">
      <aside className={cn('min-w-0 border-line lg:block lg:border-e', showing === 'list' ? 'block' : 'hidden')} data-testid="chat-list-pane">
        {list}
      </aside>
      <section className={cn('min-w-0 flex-col lg:flex', showing === 'conversation' ? 'flex' : 'hidden')} data-testid="chat-conversation-pane">
        {children}
      </section>
    </Card>
  )
}
