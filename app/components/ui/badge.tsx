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

export function Badge({ tone = 'default', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={cn('inline-flex h-6 items-center rounded-md px-2 text-xs font-bold whitespace-nowrap', tones[tone])}>{children}</span>
}
