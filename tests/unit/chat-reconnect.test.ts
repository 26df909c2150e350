/**
 * The page's chat stream connects again after a failure or a refusal (429, 503: EventSource sees
 * neither status nor Retry-After) with a growing, spread wait (app/hooks/use-chat-events.ts, ADR 084).
 */
import { describe, expect, it } from 'vitest'

import { RECONNECT_FIRST_MS, RECONNECT_MAX_MS, reconnectDelay } from '~/hooks/use-chat-events'

describe('reconnectDelay', () => {
  it('doubles from the first wait up to the longest, each between half and all of it', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map((attempt) => reconnectDelay(attempt, 0.999999))
    expect(ceilings).toEqual([3_000, 6_000, 12_000, 24_000, 48_000, 96_000, 120_000, 120_000, 120_000, 120_000])
    expect(reconnectDelay(1, 0)).toBe(RECONNECT_FIRST_MS / 2)
    expect(reconnectDelay(50, 0)).toBe(RECONNECT_MAX_MS / 2)
  })

  it('spreads tabs dropped at one instant over the whole window instead of one moment', () => {
    const waits = Array.from({ length: 1000 }, (_, i) => reconnectDelay(1, i / 1000))
    expect(Math.min(...waits)).toBe(1_500)
    expect(Math.max(...waits)).toBeLessThan(3_000)
    expect(new Set(waits).size).toBeGreaterThan(900)
  })
})
