/** The page's side of the page-action protocol (ADR 049, ADR 107): one discriminated answer, its messages text. */
import fs from 'node:fs'

import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { refusalAbout } from '~/components/forms/refusal'
import { useShownOnce } from '~/components/forms/shown-once-answer'
import { invalidSubmission, shownOnce } from '~/requests/forms.server'
import { isRefusal, isShownOnce } from '~/utils/page-answer'

describe('a page action’s answer', () => {
  it('says what it is by its kind, never by the fields it happens to have', () => {
    const refusal = { kind: 'refused', intent: 'stopEvent', about: 'L1', result: { status: 'error', error: { '': ['x'] } }, conflict: false }
    expect(isRefusal(refusal)).toBe(true)
    expect(isShownOnce(refusal)).toBe(false)
    expect(refusalAbout(refusal)).toBe('L1')
    // The shape a refusal had before it had a kind is not one any more, nor is anything else.
    const { kind: _kind, ...unkinded } = refusal
    for (const other of [undefined, null, { ok: true }, { outcome: {} }, 'text', unkinded, { createdLink: { url: 'x' } }]) {
      expect(isRefusal(other)).toBe(false)
      expect(isShownOnce(other)).toBe(false)
      expect(refusalAbout(other)).toBeNull()
    }
  })

  it('answers a secret once: its kind, value and name, the form reset, never cached; the page reads it for its own form only', () => {
    const answer = shownOnce('createApiKey', { value: 'fd_live_secret', name: 'Billing' }) as unknown as {
      data: unknown
      init: { headers: Record<string, string> }
    }
    expect(answer.data).toEqual({
      kind: 'shownOnce',
      intent: 'createApiKey',
      about: null,
      value: 'fd_live_secret',
      name: 'Billing',
      result: { status: 'success', initialValue: null },
    })
    expect(answer.init.headers['Cache-Control']).toBe('no-store')
    expect(useShownOnce(answer.data, 'createApiKey')).toMatchObject({ value: 'fd_live_secret' })
    expect(useShownOnce(answer.data, ['share', 'rotate'])).toBeNull()
    expect(useShownOnce({ kind: 'refused', intent: 'createApiKey' }, 'createApiKey')).toBeNull()
  })

  it('carries text the server translated, so the page never guesses whether a message is a key', () => {
    const t = (key: string) => `«${key}»`
    const submission = parseWithZod(new FormData(), { schema: z.object({ name: z.string({ error: 'validation.required' }) }) })
    const answer = invalidSubmission(submission, { translate: t }) as unknown as { data: { kind: string; result: { error: Record<string, string[]> } } }
    expect(answer.data.kind).toBe('refused')
    expect(answer.data.result.error).toEqual({ '': ['«validation.failed»'], name: ['«validation.required»'] })
    // The browser's key-or-text guess is gone: nothing on the page translates a message again.
    expect(fs.existsSync('app/components/ui/shown-message.ts')).toBe(false)
  })
})
