import { useEffect } from 'react'
import { toast as showToast, Toaster as Sonner } from 'sonner'

import { useSettings } from '~/components/settings/use-settings'
import type { Toast } from '~/utils/toast.server'

type ToastType = Toast['type']

/** Same text, same id: sonner updates the toast in place instead of stacking a duplicate. */
function notify(type: ToastType, title: string, description?: string) {
  showToast[type](title, { id: `${type}:${title}:${description ?? ''}`, description })
}

/**
 * sonner and the toast it shows, loaded by the Toaster (./toaster.tsx) with the first toast after
 * hydration. Its toaster mounts before the effect below runs (children's effects first), so the
 * first toast is not lost; `onReady` then lets the Toaster drop its server-style copy.
 */
export default function SonnerToasts({ toast, dir, onReady }: { toast: Toast | null; dir: 'ltr' | 'rtl'; onReady: () => void }) {
  // Sonner draws its own colours: in the page's mode, not always light.
  const { themeMode } = useSettings().settings
  useEffect(() => {
    if (toast) notify(toast.type, toast.title, toast.description)
    onReady()
  }, [toast, onReady])

  // Offset so toasts stack above the floating settings button in the same corner.
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={5}
      duration={3000}
      closeButton
      richColors
      dir={dir}
      theme={themeMode}
      offset={{ bottom: 88, right: 24, left: 24 }}
      mobileOffset={{ bottom: 84 }}
    />
  )
}
