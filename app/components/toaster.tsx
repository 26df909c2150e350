import { lazy, Suspense, useCallback, useState } from 'react'

import { Icon } from '~/components/ui/icons'
import { useHydrated } from '~/hooks/use-hydrated'
import { useTranslation } from '~/hooks/use-translation'
import { cn } from '~/utils/cn'
import type { Toast } from '~/utils/toast.server'

export type ToastType = Toast['type']

// sonner (~10 KiB gzip) loads with the first toast, not with every page.
const SonnerToasts = lazy(() => import('./sonner-toasts'))

const tones: Record<ToastType, string> = {
  info: 'border-info/40',
  success: 'border-success/40',
  warning: 'border-warning/40',
  error: 'border-error/40',
}
const icons = { info: 'info', success: 'check', warning: 'alert', error: 'alert' } as const
const iconTones: Record<ToastType, string> = {
  info: 'text-info',
  success: 'text-success',
  warning: 'text-warning',
  error: 'text-error',
}

/**
 * Toasts: sonner once JavaScript runs (bottom right, at most 5, 3 s, close button). Until then,
 * and always without JavaScript, the flashed toast is rendered by the server with a CSS fade and
 * a CSS-only close button. sonner's code loads with the first toast after hydration; the
 * server-style toast stays until sonner shows it, then sonner stays for the rest of the visit.
 */
export function Toaster({ toast, dir }: { toast: Toast | null; dir: 'ltr' | 'rtl' }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [sonnerWanted, setSonnerWanted] = useState(false)
  const [sonnerReady, setSonnerReady] = useState(false)
  // Set while rendering (React's pattern for state that follows a prop): no extra paint.
  if (hydrated && toast && !sonnerWanted) setSonnerWanted(true)
  const onReady = useCallback(() => setSonnerReady(true), [])

  return (
    <>
      {sonnerWanted ? (
        <Suspense fallback={null}>
          <SonnerToasts toast={toast} dir={dir} onReady={onReady} />
        </Suspense>
      ) : null}
      {toast && !sonnerReady ? (
        <div className="fixed end-6 bottom-[88px] z-toast w-[min(356px,calc(100vw-2rem))]" role="status" aria-live="polite">
          <div className={cn('fd-flash flex items-start gap-3 rounded-lg border bg-surface p-4 shadow-lg', tones[toast.type])} data-toast-type={toast.type}>
            <Icon name={icons[toast.type]} className={iconTones[toast.type]} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description ? <p className="mt-0.5 text-sm text-muted">{toast.description}</p> : null}
            </div>
            <label className="cursor-pointer rounded p-0.5 text-muted hover:text-ink">
              <input type="checkbox" className="sr-only" />
              <span className="sr-only">{t('common.close')}</span>
              <Icon name="close" size={16} />
            </label>
          </div>
        </div>
      ) : null}
    </>
  )
}
