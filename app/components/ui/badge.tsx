import type { ReactNode } from 'react'

import type { Tone } from '~/schemas/tone'

export type { Tone }

/** `wrap`: long labels (compliance warnings in French) may take two lines instead of widening a column. */
export function Badge({ tone = 'default', wrap = false, children }: { tone?: Tone; wrap?: boolean; children: ReactNode }) {
  return (
    // Component classes (app/app.css): badges repeat on every list row.
    <span className={`${wrap ? 'fd-badge-wrap' : 'fd-badge'} fd-tone-${tone}`}>{children}</span>
  )
}
