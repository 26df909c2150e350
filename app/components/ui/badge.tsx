import type { ReactNode } from 'react'
import { cn } from '~/utils/cn'

export type Tone = 'default' | 'primary' | 'info' | 'success' | 'warning' | 'error'

const tones: Record<Tone, string> = {
  default: 'bg-black/5 text-ink/80 dark:bg-white/10',
  primary: 'bg-primary-lighter text-primary-darker dark:bg-primary/20 dark:text-primary-light',
  info: 'bg-info-lighter text-info-darker dark:bg-info/20 dark:text-info-light',
  success: 'bg-success-lighter text-success-darker dark:bg-success/20 dark:text-success-light',
  warning: 'bg-warning-lighter text-warning-darker dark:bg-warning/20 dark:text-warning-light',
  error: 'bg-error-lighter text-error-darker dark:bg-error/20 dark:text-error-light',
}

/** `wrap`: long labels (compliance warnings in French) may take two lines instead of widening a column. */
export function Badge({ tone = 'default', wrap = false, children }: { tone?: Tone; wrap?: boolean; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center rounded-md px-2 text-xs font-bold', wrap ? 'min-h-6 py-0.5' : 'h-6 whitespace-nowrap', tones[tone])}>
      {children}
    </span>
  )
}
