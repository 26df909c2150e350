/**
 * Hostile form posts for the form fuzz suite (tests/integration/form-fuzz.test.ts): the shapes a
 * probe used to stop the server through page actions (Conform's `__intent__` naming a ten-million
 * entry list, thousands of nested list names, malformed `__intent__` and `__state__`), and a soup
 * of plausible field names with hostile values for everything the edge lets through. Each shape
 * builds its body from a seeded PRNG (tests/fuzz/hostile.ts), urlencoded or multipart.
 */
import type { Rng } from './hostile'

export type FormBody = { contentType: string; body: Buffer }
type Fields = Array<[string, string]>
/** `passes`: a shape within the limits, which the edge hands on to the route (whose answer must still not be a 5xx). */
export type FormShape = { label: string; fields: (rng: Rng) => Fields; multipartOnly?: boolean; file?: boolean; passes?: true }

const intent = (value: unknown) => ['__intent__', JSON.stringify(value)] as [string, string]
const deepJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`

/** The probe's 105 KB body: 3,000 distinct names seven list indices deep, each index under the edge's per-list limit. */
function nestedListNames(rng: Rng, count: number): Fields {
  const fields: Fields = []
  for (let n = 0; n < count; n++) {
    const indices = Array.from({ length: 7 }, () => 150 + rng.int(50))
    fields.push([`a${indices.map((index) => `[${index}]`).join('')}`, '1'])
  }
  return fields
}

/** Names a real form of this app might carry, so a soup reaches the actions' schemas and models. */
const FIELD_NAMES = [
  'intent',
  'id',
  'version',
  'email',
  'password',
  'name',
  'firstName',
  'unitNumber',
  'status',
  'amount',
  'amountCents',
  'quantity',
  'reason',
  'text',
  'body',
  'subject',
  'to',
  'returnTo',
  'redirectTo',
  'customFields.reference',
  'items[0].title',
  'items[0].unitPrice',
  'stops[0].city',
  'stops[1].windowStart',
  'charges[0].amount',
  'lines[0].amount',
  'faq[0].question',
]
const INTENTS = [
  'save',
  'delete',
  'create',
  'update',
  'send',
  'void',
  'dispatch',
  'cancel',
  'mark-paid',
  'approve',
  'reopen',
  'revoke',
  'add-line',
  'x'.repeat(300),
]

/** Values that have broken servers before: NUL, huge numbers, lone surrogates, bidi overrides, 100 KB of text. */
function hostileValue(rng: Rng): string {
  switch (rng.int(14)) {
    case 0:
      return '\u0000'
    case 1:
      return '9'.repeat(400)
    case 2:
      return '-1e309'
    case 3:
      return '\ud800'
    case 4:
      return '\u202egnp.exe'
    case 5:
      return 'x'.repeat(100_000)
    case 6:
      return '21474836.48'
    case 7:
      return '99999999999999999999.99'
    case 8:
      return '<script>alert(1)</script>'
    case 9:
      return 'NaN'
    case 10:
      return '2026-02-30T25:61'
    case 11:
      return `c${'0'.repeat(24)}`
    case 12:
      return '//evil.example/'
    default:
      return rng.pick(INTENTS)
  }
}

export const FORM_SHAPES: FormShape[] = [
  {
    label: 'intent update names x[1000000]',
    fields: () => [['email', 'nobody@example.test'], intent({ type: 'update', payload: { name: 'x[1000000]', value: 1 } })],
  },
  { label: 'intent insert at index 10,000,000', fields: () => [intent({ type: 'insert', payload: { name: 'stops', index: 10_000_000 } })] },
  { label: 'intent reorder to 1e9', fields: () => [intent({ type: 'reorder', payload: { name: 'stops', from: 0, to: 1e9 } })] },
  { label: 'intent update with index 2^31', fields: () => [intent({ type: 'update', payload: { name: 'items', index: 2 ** 31, value: 'x' } })] },
  {
    label: 'intent insert named deep within the index limit',
    fields: () => [intent({ type: 'insert', payload: { name: 'a[199][199][199][199][199][199]' } })],
    passes: true,
  },
  { label: 'malformed intent', fields: () => [['__intent__', '{bad']] },
  {
    label: 'malformed state',
    fields: () => [
      ['email', 'x'],
      ['__state__', '{bad'],
    ],
  },
  { label: 'intent that is a list, a string, null', fields: (rng) => [['__intent__', rng.pick(['[1,2]', '"insert"', 'null', '1', '{}'])]] },
  { label: 'intent with an unknown type', fields: () => [intent({ type: 'explode', payload: {} })] },
  { label: 'intent naming __proto__', fields: () => [intent({ type: 'update', payload: { name: '__proto__.polluted', value: 'yes' } })] },
  { label: 'intent naming constructor', fields: () => [intent({ type: 'insert', payload: { name: 'constructor.prototype' } })] },
  { label: 'intent insert on a text field', fields: () => [['email', 'x'], intent({ type: 'insert', payload: { name: 'email' } })] },
  {
    label: 'intent update with a value 5,000 lists deep',
    fields: () => [['__intent__', `{"type":"update","payload":{"name":"a","value":${deepJson(5000)}}}`]],
  },
  {
    label: 'intent update with a list of 30,000 values',
    fields: () => [intent({ type: 'update', payload: { name: 'a', value: Array.from({ length: 30_000 }, () => 1) } })],
  },
  { label: 'intent of 200 KB', fields: () => [intent({ type: 'update', payload: { name: 'a', value: 'x'.repeat(200_000) } })] },
  { label: 'state 5,000 objects deep', fields: () => [['__state__', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`]] },
  {
    label: 'two intents, the second hostile',
    fields: () => [intent({ type: 'validate', payload: { name: 'email' } }), intent({ type: 'update', payload: { name: 'x[9999999]', value: 1 } })],
  },
  { label: '3,000 nested list names (105 KB)', fields: (rng) => nestedListNames(rng, 3000) },
  { label: '1,500 nested list names', fields: (rng) => nestedListNames(rng, 1500) },
  { label: 'one index past the limit', fields: () => [['x[10000000]', '1']] },
  { label: 'more fields than any form', fields: () => Array.from({ length: 5001 }, (_, n) => [`f${n}`, '1'] as [string, string]) },
  { label: 'one name 4,000 times', fields: () => Array.from({ length: 4000 }, () => ['email', 'a@b.c'] as [string, string]), passes: true },
  { label: 'names nine segments deep', fields: () => [['a.b.c.d.e.f.g.h.i', '1']] },
  {
    label: 'names with bad path syntax',
    fields: () => [
      ['a..b', '1'],
      ['a[x]', '1'],
      ['[]a', '1'],
      ['a[]b', '1'],
      ['__proto__[polluted]', '1'],
    ],
    passes: true,
  },
  { label: 'intent as a file part', fields: () => [['__intent__', '{"type":"validate","payload":{}}']], multipartOnly: true, file: true },
  {
    label: 'field soup',
    fields: (rng) => {
      const fields: Fields = []
      const count = 1 + rng.int(12)
      for (let n = 0; n < count; n++) fields.push([rng.pick(FIELD_NAMES), hostileValue(rng)])
      if (rng.chance(0.7)) fields.push(['intent', rng.pick(INTENTS)])
      return fields
    },
    passes: true,
  },
]

export function urlencoded(fields: Fields): FormBody {
  const body = new URLSearchParams()
  for (const [name, value] of fields) body.append(name, value)
  return { contentType: 'application/x-www-form-urlencoded', body: Buffer.from(body.toString()) }
}

/** A multipart body; with `file`, every part is a file part (a filename and a type). */
export function multipart(fields: Fields, file = false): FormBody {
  const boundary = `fuzz-${Math.random().toString(36).slice(2)}`
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="x.json"\r\nContent-Type: application/json' : ''}\r\n\r\n${value}\r\n`,
  )
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`) }
}

/** The shape's body in one encoding, chosen by the PRNG unless the shape needs multipart. */
export function formBody(shape: FormShape, rng: Rng): FormBody & { encoding: string } {
  const fields = shape.fields(rng)
  if (shape.multipartOnly || rng.chance(0.3)) return { ...multipart(fields, shape.file), encoding: 'multipart' }
  return { ...urlencoded(fields), encoding: 'urlencoded' }
}
