import type { ReactNode } from 'react'

import { cn } from '~/utils/cn'

/**
 * A label, its control and the messages the server gave it (already translated), for the plain
 * forms that do not use Conform (payments, invoices from loads, calendar events). The control
 * points at `${id}-error` with aria-describedby when it has errors.
 */
export function PlainField({
  id,
  label,
  errors,
  children,
  className,
}: {
  id: string
  label: string
  errors?: string[]
  children: ReactNode
  className?: string
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {children}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-error">
          {errors.join(' ')}
        </p>
      ) : null}
    </div>
  )
}
