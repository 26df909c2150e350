import type { HTMLAttributes } from 'react'
import type { IconName, IconSize } from './icon-paths'

export type { IconName, IconSize }

/**
 * A small hand-drawn icon set (app/components/ui/icon-paths.ts), 20 px by default. An icon is an
 * empty span (nothing for a screen reader to read, so no aria-hidden is needed) painted in the text colour through its drawing as a CSS mask (the `fd-i-<name>`
 * classes come from tailwind.config.ts), so the drawing ships once in the cached stylesheet
 * instead of as SVG markup in every page at every use: a list row's two action icons were a
 * third of its HTML (ADR 042).
 */
export function Icon({ name, size = 20, className, ...props }: { name: IconName; size?: IconSize } & HTMLAttributes<HTMLSpanElement>) {
  return <span className={`fd-i fd-i-${name}${size === 20 ? '' : ` fd-i-${size}`}${className ? ` ${className}` : ''}`} {...props} />
}
