import type { HTMLAttributes } from 'react'

import { cn } from '~/utils/cn'

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-card border border-[var(--card-border)] bg-surface shadow-[var(--card-shadow)]', className)} {...props} />
}
