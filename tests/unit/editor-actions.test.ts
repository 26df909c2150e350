import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formDefaults, submitForm } from '~/requests/forms.server'
import { DomainError } from '~/utils/errors.server'

const Schema = z.object({ name: z.string().min(2, 'validation.short'), version: z.coerce.number().optional() })

function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

/** A react-router `data()` answer: its body and status. */
function reply(answer: unknown) {
  return answer as { data: { result: { error?: Record<string, string[]> }; conflict: boolean }; init: { status: number } }
}

describe('submitForm, the one path of every editor action', () => {
  it('answers 400 with the message at its field and never calls the model', async () => {
    let saved = false
    const answer = reply(
      await submitForm(
        form({ name: 'x' }),
        Schema,
        async () => (saved = true),
        () => new Response(null, { status: 302 }),
      ),
    )
    expect(saved).toBe(false)
    expect(answer.init.status).toBe(400)
    expect(answer.data.result.error).toEqual({ name: ['validation.short'] })
  })

  it('puts a model refusal at its field, and flags a conflict for the reload link', async () => {
    const refused = reply(
      await submitForm(
        form({ name: 'Acme' }),
        Schema,
        () => Promise.reject(new DomainError('validation_failed', 'validation.failed', { fields: { name: ['brokers.errors.duplicateName'] } })),
        () => new Response(null, { status: 302 }),
      ),
    )
    expect(refused.init.status).toBe(400)
    expect(refused.data.result.error).toEqual({ name: ['brokers.errors.duplicateName'] })
    expect(refused.data.conflict).toBe(false)

    const stale = reply(
      await submitForm(
        form({ name: 'Acme', version: '1' }),
        Schema,
        () => Promise.reject(new DomainError('conflict', 'errors.conflict')),
        () => new Response(null, { status: 302 }),
      ),
    )
    expect(stale.init.status).toBe(409)
    expect(stale.data.conflict).toBe(true)
    expect(stale.data.result.error).toEqual({ '': ['errors.conflict'] })
  })

  it('saves the parsed value and answers as `done` says', async () => {
    const answer = await submitForm(
      form({ name: 'Acme', version: '3' }),
      Schema,
      async (value) => ({ id: 'b1', ...value }),
      (row) => new Response(JSON.stringify(row), { status: 201 }),
    )
    expect(answer).toBeInstanceOf(Response)
    expect(await (answer as Response).json()).toEqual({ id: 'b1', name: 'Acme', version: 3 })
  })

  it('rethrows what is not a refusal, for the error page', async () => {
    const bug = new TypeError('bug')
    await expect(
      submitForm(
        form({ name: 'Acme' }),
        Schema,
        () => Promise.reject(bug),
        () => new Response(null),
      ),
    ).rejects.toBe(bug)
  })
})

describe('formDefaults', () => {
  it('keeps the schema’s fields, drops empty ones and turns custom-field values into form text', () => {
    const record = { id: 'r1', name: 'Acme', notes: null, version: 4, organizationId: 'o1', customFields: { hazmat: true, axles: 3, cleared: false } }
    const schema = z.object({ name: z.string(), notes: z.string().optional(), version: z.number(), customFields: z.record(z.string(), z.unknown()) })
    expect(formDefaults(record, schema)).toEqual({ name: 'Acme', version: 4, customFields: { hazmat: 'on', axles: '3' } })
  })
})
