import type { HTMLAttributes } from 'react'

import { cn } from '~/utils/cn'

import type { IconName, IconSize } from './icon-paths'

export type { IconName, IconSize }

/**
 * A small hand-drawn icon set (app/components/ui/icon-paths.ts), 20 px by default. An icon is an
 * empty span (nothing for a screen reader to read, so no aria-hidden) painted in the text colour
 * through its drawing as a CSS mask: the `fd-i-<name>` classes come from tailwind.config.ts, so a
 * drawing ships once in the cached stylesheet instead of as SVG markup at every use (ADR 042).
 */
export function Icon({ name, size = 20, className, ...props }: { name: IconName; size?: IconSize } & HTMLAttributes<HTMLSpanElement>) {
  return <span className={cn('fd-i', `fd-i-${name}`, size !== 20 && `fd-i-${size}`, className)} {...props} />
}
