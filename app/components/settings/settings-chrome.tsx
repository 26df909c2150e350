/**
 * The few pieces the settings button (on every page) shares with the panel, kept apart so that the
 * panel itself (./settings-panel.tsx) loads only when it is shown.
 */
export const panelClass = 'fixed inset-y-0 end-0 z-drawer flex w-[260px] max-w-full flex-col bg-surface/95 shadow-2xl backdrop-blur-md outline-none'

export function Dot({ show, testId }: { show: boolean; testId: string }) {
  if (!show) return null
  return <span data-testid={testId} aria-hidden="true" className="absolute end-1 top-1 size-2.5 rounded-full bg-error" />
}

export const iconButton = 'relative grid size-9 place-items-center rounded-full text-muted hover:bg-black/5 hover:text-ink dark:hover:bg-white/10'
