import { useFetchers, useNavigation } from 'react-router'

import { useTranslation } from '~/hooks/use-translation'

/** The 2 px bar at the top while a navigation or a submission is pending. */
export function ProgressBar() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle')
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label={t('common.loading')}
      data-state={busy ? 'loading' : 'idle'}
      className={busy ? 'fixed inset-x-0 top-0 z-progress h-0.5 overflow-hidden' : 'hidden'}
    >
      {busy ? <div className="fd-progress h-full w-full bg-primary" /> : null}
    </div>
  )
}
