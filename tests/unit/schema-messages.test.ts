/**
 * Every message a schema in app/schemas can give a form or the API is the app's own: a key of the
 * catalogue (translated in the request's language), never zod's English default ("Invalid input:
 * expected string, received undefined"). Each schema is run on empty and wrong-typed input.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import en from '~/locales/en'
import { validationKey } from '~/schemas/messages'

const modules = import.meta.glob<Record<string, unknown>>('../../app/schemas/*.ts', { eager: true })

function isCatalogueKey(message: string) {
  let node: unknown = en
  for (const part of message.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
  return typeof node === 'string'
}

const WRONG: unknown[] = [undefined, null, '', '   ', 'x'.repeat(5000), 42, -1, 1.5, Number.NaN, true, {}, [], [{}], ['x'], { a: 1 }]

/** Inputs that break a schema every way at once: itself wrong, then each field of an object wrong. */
function inputsFor(schema: z.ZodType): unknown[] {
  const inputs: unknown[] = [...WRONG]
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape
  if (shape && typeof shape === 'object') for (const value of WRONG) inputs.push(Object.fromEntries(Object.keys(shape).map((key) => [key, value])))
  return inputs
}

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => value instanceof z.ZodType)
    .map(([name, value]) => [`${file.split('/').pop()} ${name}`, value as z.ZodType] as const),
)

describe('schema messages', () => {
  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(30)
  })

  it.each(schemas)('%s gives only catalogue keys', async (_name, schema) => {
    const unknown = new Set<string>()
    for (const input of inputsFor(schema)) {
      const parsed = await schema.safeParseAsync(input)
      if (!parsed.success)
        for (const issue of parsed.error.issues) if (!isCatalogueKey(issue.message)) unknown.add(`${issue.code} ${issue.path.join('.')}: ${issue.message}`)
    }
    expect([...unknown]).toEqual([])
  })

  it('maps every kind of issue zod raises to a catalogue key', () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [z.string(), undefined, 'validation.required'],
      [z.string(), 3, 'validation.invalid'],
      [z.number(), 'x', 'validation.number'],
      [z.number().int(), 1.5, 'validation.integer'],
      [z.string().max(2), 'abc', 'validation.tooLong'],
      [z.string().min(1), '', 'validation.required'],
      [z.string().min(3), 'ab', 'validation.tooShort'],
      [z.number().max(2), 3, 'validation.tooLarge'],
      [z.number().min(2), 1, 'validation.tooSmall'],
      [z.array(z.string()).max(1), ['a', 'b'], 'validation.tooMany'],
      [z.array(z.string()).min(2), ['a'], 'validation.tooFew'],
      [z.email(), 'nope', 'validation.email'],
      [z.enum(['a', 'b']), 'c', 'validation.choice'],
      [z.object({ a: z.string() }).strict(), { a: 'x', b: 1 }, 'validation.invalid'],
    ]
    for (const [schema, input, key] of cases) {
      const parsed = schema.safeParse(input)
      expect(parsed.success).toBe(false)
      expect(parsed.error?.issues[0].message, JSON.stringify(input)).toBe(key)
      expect(isCatalogueKey(key)).toBe(true)
    }
    expect(typeof validationKey).toBe('function')
  })
})
