import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef } from 'react'
import { href, useFetcher } from 'react-router'

import { type RefusalData, RefusalNotice, useRefusal } from '~/components/forms/refusal'
import { BidiText } from '~/components/ui/bidi-text'
import { Button, buttonClass } from '~/components/ui/button'
import { useTranslation } from '~/hooks/use-translation'
import { isolate } from '~/utils/format'

import { EVENT_FIELDS, EventFields, type EventValues } from './event-fields'

// The page action's refusal (app/requests/forms.server.ts), or nothing after a redirect.
type Answer = RefusalData | undefined
type Loaded = { event: EventValues & { id: string | null; version: number | null } }

/**
 * With JavaScript, a new event (from a day's "+") or an existing one (a click on it) opens here: the
 * same form and action as its page, through a fetcher. Saved or deleted, the action redirects and
 * the calendar reloads behind the closing dialog; refused, the messages show in the dialog.
 */
export default function EventDialog({ target, onClose }: { target: { id: string } | { date: string; end?: string }; onClose: () => void }) {
  const { t } = useTranslation()
  const loader = useFetcher<Loaded>()
  const saver = useFetcher<Answer>()
  const path =
    'id' in target
      ? href('/dashboard/calendar/events/:id', { id: target.id })
      : `${href('/dashboard/calendar/new')}?${new URLSearchParams({ date: target.date, ...(target.end ? { end: target.end } : {}) })}`
  useEffect(() => {
    if (loader.state === 'idle' && !loader.data) void loader.load(path)
  }, [loader, path])
  // A save that brings no new answer was a redirect (a fetcher keeps its last data then): done,
  // the calendar behind shows it. A refusal is a new answer, shown here.
  const sent = useRef<{ data: Answer | undefined } | null>(null)
  useEffect(() => {
    if (saver.state === 'idle' && sent.current) {
      const { data } = sent.current
      sent.current = null
      if (saver.data === data) onClose()
    }
  }, [saver.state, saver.data, onClose])
  const event = loader.data?.event
  const editing = Boolean(event?.id)
  const refusal = useRefusal(saver.data, undefined, undefined, EVENT_FIELDS)
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-drawer bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-drawer max-h-[calc(100dvh-2rem)] w-[min(640px,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-surface p-6 shadow-2xl"
          data-testid="event-dialog"
        >
          <Dialog.Title className="mb-4 text-lg font-bold">
            {editing ? <BidiText text={t('calendar.edit', { title: isolate(event!.title) })} /> : t('calendar.new')}
          </Dialog.Title>
          <Dialog.Description className="sr-only">{t('calendar.timesHint')}</Dialog.Description>
          {event ? (
            <saver.Form method="post" action={path} className="grid gap-4 sm:grid-cols-2" noValidate onSubmit={() => (sent.current = { data: saver.data })}>
              {event.version !== null ? <input type="hidden" name="version" value={event.version} /> : null}
              <RefusalNotice refusal={refusal} reloadTo={path} className="sm:col-span-2" />
              <EventFields values={(refusal ? { ...event, ...refusal.values } : event) as EventValues} fields={refusal?.fields ?? {}} />
              <div className="flex flex-wrap justify-between gap-2 sm:col-span-2">
                {editing ? (
                  <Button type="submit" name="intent" value="delete" variant="ghost" disabled={saver.state !== 'idle'}>
                    {t('common.delete')}
                  </Button>
                ) : (
                  <span />
                )}
                <div className="flex gap-2">
                  <Dialog.Close className={buttonClass('secondary')}>{t('common.cancel')}</Dialog.Close>
                  <Button type="submit" name="intent" value="save" disabled={saver.state !== 'idle'}>
                    {t('common.saveChanges')}
                  </Button>
                </div>
              </div>
            </saver.Form>
          ) : (
            <p className="text-sm text-muted">{t('common.loading')}</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
