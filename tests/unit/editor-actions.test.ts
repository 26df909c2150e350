import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { formDefaults, intent, intentAction, type Refusal, submitForm } from '~/requests/forms.server'
import { DomainError } from '~/utils/errors.server'

const Schema = z.object({ name: z.string().min(2, 'validation.short'), version: z.coerce.number().optional() })

function form(values: Record<string, string>) {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}

/** A translation that shows the key it was given, so a message that was not translated stands out. */
const tr = (key: string, params?: Record<string, unknown>) => (params && Object.keys(params).length ? `${key}${JSON.stringify(params)}` : `t:${key}`)

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
        { translate: tr },
      ),
    )
    expect(saved).toBe(false)
    expect(answer.init.status).toBe(400)
    // The summary above the form, as well as the field's message (a long form without JavaScript).
    expect(answer.data.result.error).toEqual({ '': ['t:validation.failed'], name: ['t:validation.short'] })
  })

  it('puts a model refusal at its field, and flags a conflict for the reload link', async () => {
    const refused = reply(
      await submitForm(
        form({ name: 'Acme' }),
        Schema,
        () => Promise.reject(new DomainError('validation_failed', 'validation.failed', { fields: { name: ['brokers.errors.duplicateName'] } })),
        () => new Response(null, { status: 302 }),
        { translate: tr },
      ),
    )
    expect(refused.init.status).toBe(400)
    expect(refused.data.result.error).toEqual({ name: ['t:brokers.errors.duplicateName'] })
    expect(refused.data.conflict).toBe(false)

    const stale = reply(
      await submitForm(
        form({ name: 'Acme', version: '1' }),
        Schema,
        () => Promise.reject(new DomainError('conflict', 'errors.conflict')),
        () => new Response(null, { status: 302 }),
        { translate: tr },
      ),
    )
    expect(stale.init.status).toBe(409)
    expect(stale.data.conflict).toBe(true)
    expect(stale.data.result.error).toEqual({ '': ['t:errors.conflict'] })
  })

  it('answers the model’s refusal translated with its parameters, in the request’s `t`', async () => {
    const t = (key: string, params?: Record<string, unknown>) => `${key}${JSON.stringify(params ?? {})}`
    const atField = reply(
      await submitForm(
        form({ name: 'Acme' }),
        Schema,
        () =>
          Promise.reject(
            new DomainError('validation_failed', 'validation.failed', { fields: { name: ['invoices.errors.paymentTooLarge'] }, params: { balance: '$12.00' } }),
          ),
        () => new Response(null, { status: 302 }),
        { translate: t },
      ),
    )
    expect(atField.data.result.error).toEqual({ name: ['invoices.errors.paymentTooLarge{"balance":"$12.00"}'] })

    const above = reply(
      await submitForm(
        form({ name: 'Acme' }),
        Schema,
        () => Promise.reject(new DomainError('in_use', 'loads.errors.busy.driver', { params: { loadNumber: 'L-1042' } })),
        () => new Response(null, { status: 302 }),
        { translate: t },
      ),
    )
    expect(above.init.status).toBe(409)
    expect(above.data.result.error).toEqual({ '': ['loads.errors.busy.driver{"loadNumber":"L-1042"}'] })
  })

  it('saves the parsed value and answers as `done` says', async () => {
    const answer = await submitForm(
      form({ name: 'Acme', version: '3' }),
      Schema,
      async (value) => ({ id: 'b1', ...value }),
      (row) => new Response(JSON.stringify(row), { status: 201 }),
      { translate: tr },
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
        { translate: tr },
      ),
    ).rejects.toBe(bug)
  })
})

describe('intentAction, the one path of every page action', () => {
  // A translation that shows what it was given: `key{params}`.
  const t = (key: string, params?: Record<string, unknown>) => (params && Object.keys(params).length ? `${key}${JSON.stringify(params)}` : `t:${key}`)
  const Pay = z.object({ amountCents: z.coerce.number().int('validation.integer'), version: z.coerce.number() })
  const refused = (answer: unknown) => answer as { data: Refusal; init: { status: number } }
  let calls: string[] = []
  const intents = (run: () => Promise<unknown> = async () => ({ number: 'INV-1' })) => ({
    pay: intent({
      schema: Pay,
      run: async (value) => {
        calls.push(`pay ${value.amountCents}`)
        return run()
      },
      done: () => new Response(null, { status: 302 }),
      fieldNames: { amountCents: 'amount' },
    }),
    remove: intent({ schema: z.object({ id: z.string() }), run, done: () => new Response(null, { status: 302 }), gone: true }),
  })

  it('refuses a post without an intent, or with one the page does not have, before parsing or calling the model', async () => {
    calls = []
    for (const values of [{}, { intent: 'explode' }, { intent: 'constructor' }, { intent: 'hasOwnProperty' }] as Record<string, string>[]) {
      const answer = refused(await intentAction(form(values), t, intents(), { about: 'L1' }))
      expect(answer.init.status).toBe(400)
      expect(answer.data).toMatchObject({ about: 'L1', conflict: false, result: { error: { '': ['t:errors.unknownIntent'] } } })
    }
    expect(calls).toEqual([])
  })

  it('answers the schema’s messages, translated, at the form’s own field names, and never calls the model', async () => {
    calls = []
    const answer = refused(await intentAction(form({ intent: 'pay', amountCents: '1.5', version: '2' }), t, intents()))
    expect(answer.init.status).toBe(400)
    expect(answer.data).toMatchObject({ intent: 'pay', result: { error: { '': ['t:validation.failed'], amount: ['t:validation.integer'] } } })
    expect(answer.data.result.initialValue).toMatchObject({ amountCents: '1.5' })
    expect(calls).toEqual([])
  })

  it('answers the model’s refusal translated with its parameters, a conflict flagged; a part that is gone is a refusal, the page’s record the 404 page', async () => {
    const reasons = new DomainError('invalid_transition', 'loads.errors.dispatchIncomplete', {
      fields: { amountCents: ['invoices.errors.overBalance'] },
      params: { max: 3 },
    })
    const refusal = refused(
      await intentAction(
        form({ intent: 'pay', amountCents: '5', version: '1' }),
        t,
        intents(() => Promise.reject(reasons)),
      ),
    )
    expect(refusal.init.status).toBe(409)
    expect(refusal.data.result.error).toEqual({ '': ['loads.errors.dispatchIncomplete{"max":3}'], amount: ['invoices.errors.overBalance{"max":3}'] })
    const stale = refused(
      await intentAction(
        form({ intent: 'pay', amountCents: '5', version: '1' }),
        t,
        intents(() => Promise.reject(new DomainError('conflict', 'errors.conflict'))),
      ),
    )
    expect([stale.init.status, stale.data.conflict]).toEqual([409, true])
    const gone = refused(
      await intentAction(
        form({ intent: 'remove', id: 'p1' }),
        t,
        intents(() => Promise.reject(new DomainError('not_found', 'invoices.errors.notFound'))),
      ),
    )
    expect([gone.init.status, gone.data.result.error]).toEqual([404, { '': ['t:invoices.errors.notFound'] }])
    await expect(
      intentAction(
        form({ intent: 'pay', amountCents: '5', version: '1' }),
        t,
        intents(() => Promise.reject(new DomainError('not_found', 'x.notFound'))),
      ),
    ).rejects.toMatchObject({
      init: { status: 404 },
    })
    const bug = new TypeError('bug')
    await expect(
      intentAction(
        form({ intent: 'pay', amountCents: '5', version: '1' }),
        t,
        intents(() => Promise.reject(bug)),
      ),
    ).rejects.toBe(bug)
  })

  it('answers as `done` says once the model agreed, and a refusal as `refused` says (a toast)', async () => {
    calls = []
    const done = await intentAction(form({ intent: 'pay', amountCents: '500', version: '1' }), t, intents())
    expect([(done as Response).status, calls]).toEqual([302, ['pay 500']])
    const toast = await intentAction(form({ intent: 'pay' }), t, intents(), {
      refused: (refusal, status) => new Response(JSON.stringify(refusal.result.error), { status: status + 1 }),
    })
    expect((toast as Response).status).toBe(401)
  })
})

describe('formDefaults', () => {
  it('keeps the schema’s fields, drops empty ones and turns custom-field values into form text', () => {
    const record = { id: 'r1', name: 'Acme', notes: null, version: 4, organizationId: 'o1', customFields: { hazmat: true, axles: 3, cleared: false } }
    const schema = z.object({ name: z.string(), notes: z.string().optional(), version: z.number(), customFields: z.record(z.string(), z.unknown()) })
    expect(formDefaults(record, schema)).toEqual({ name: 'Acme', version: 4, customFields: { hazmat: 'on', axles: '3' } })
  })
})
