import { Form, useNavigation } from 'react-router'

import { BidiText } from '~/components/ui/bidi-text'
import { Button } from '~/components/ui/button'
import { Icon } from '~/components/ui/icons'
import { useTranslation } from '~/hooks/use-translation'
import type { StopEvent } from '~/schemas/load-options'
import { cn } from '~/utils/cn'
import { isolate } from '~/utils/format'

/**
 * The one next thing to record on a load on the road: "Arrived at …" or "Departed …", a plain POST
 * form (intent `stopEvent`) with the load's version, so it works without JavaScript and a second
 * tap on a stale page is a conflict, not a second record.
 */
export function StopEventButton({
  loadId,
  stopId,
  event,
  place,
  version,
  action,
  className,
}: {
  loadId: string
  stopId: string
  event: StopEvent
  place: string
  version: number
  /** Where to post; the current page by default. */
  action?: string
  className?: string
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('stopId') === stopId
  return (
    <Form method="post" action={action} className={className}>
      <input type="hidden" name="loadId" value={loadId} />
      <input type="hidden" name="stopId" value={stopId} />
      <input type="hidden" name="event" value={event} />
      <input type="hidden" name="version" value={version} />
      <Button type="submit" name="intent" value="stopEvent" disabled={busy} className={cn('w-full sm:w-auto', busy && 'opacity-70')} data-testid="stop-event">
        <Icon name={event === 'arrive' ? 'mapPin' : 'truck'} size={18} />
        <span className="min-w-0 truncate">
          <BidiText text={t(event === 'arrive' ? 'loads.stopEvents.arrive' : 'loads.stopEvents.depart', { place: isolate(place) })} />
        </span>
      </Button>
    </Form>
  )
}
