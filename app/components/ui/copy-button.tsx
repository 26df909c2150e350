import { useEffect, useState } from 'react'

import { Button } from '~/components/ui/button'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'

/**
 * A button that copies `value` to the clipboard and says so ("Copied", announced), for secrets
 * shown once. With JavaScript only: without it the value stays selectable text beside it.
 *
 *   <CopyButton value={secret} label={t('users.account.apiKeys.copy')} />
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 4000)
    return () => clearTimeout(timer)
  }, [state])
  if (!hydrated) return null
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
  }
  return (
    <span className="inline-flex items-center gap-2">
      <Button type="button" variant="secondary" size="sm" onClick={copy} data-testid="copy-button">
        {label}
      </Button>
      <span role="status" className="text-xs text-muted">
        {state === 'copied' ? t('common.copied') : state === 'failed' ? t('common.copyFailed') : ''}
      </span>
    </span>
  )
}
