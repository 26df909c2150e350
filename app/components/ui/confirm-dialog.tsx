import { lazy, type ReactNode, Suspense, useRef, useState } from 'react'

import { useHydrated } from '~/hooks/use-hydrated'

// Radix loads when a dialog first opens, not with the page.
const ConfirmDialog = lazy(() => import('./confirm-dialog-content'))

export type ConfirmDeleteProps = {
  action: string
  fallbackHref: string
  title: string
  description: ReactNode
  hidden?: Record<string, string | number>
  triggerLabel: string
}

// Draws the bin itself (app/app.css): a row's trigger carries no icon element.
const triggerClass = 'fd-icon-button-danger fd-i-trash'

/**
 * Delete with confirmation: with JavaScript a Radix dialog holding a plain POST form; without it,
 * a link to the route's confirm page (`fallbackHref`), which posts the same form.
 */
export function ConfirmDelete(props: ConfirmDeleteProps) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLButtonElement>(null)
  if (!hydrated) {
    return (
      // A plain anchor: a list's table follows it in the app (LinkArea).
      <a href={props.fallbackHref} className={triggerClass} title={props.triggerLabel} />
    )
  }
  return (
    <>
      <button ref={trigger} type="button" className={triggerClass} title={props.triggerLabel} aria-haspopup="dialog" onClick={() => setOpen(true)} />
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialog {...props} onClose={() => setOpen(false)} returnFocus={trigger} />
        </Suspense>
      ) : null}
    </>
  )
}
