/**
 * Hostile requests for the API fuzz suite (tests/integration/api-fuzz.test.ts), derived from the
 * OpenAPI document's JSON schemas. Everything is drawn from a seeded PRNG, so one seed always
 * builds the same requests: a failure names its seed and case, and `FUZZ_SEED=<seed>` replays it.
 */

/** mulberry32: small, fast and good enough to pick test cases. */
export function mulberry32(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const shuffled = <T>(items: readonly T[]) => {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j], copy[i]]
    }
    return copy
  }
  const decks = new Map<readonly unknown[], unknown[]>()
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    chance: (p: number) => next() < p,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]
    },
    shuffled,
    /**
     * Like pick, but from a shuffled deck dealt to the end before it is shuffled again: every item
     * once before any twice. 40 draws from 63 hostile values reach 40 of them (pick: 29 on average),
     * so fewer cases reach as many kinds as the random draws did (ADR 110).
     */
    deal<T>(items: readonly T[]): T {
      let deck = decks.get(items)
      if (!deck?.length) decks.set(items, (deck = shuffled(items)))
      return deck.pop() as T
    },
  }
}

/**
 * n numbers in [0, 1), one in each n-th of it, in a seeded order: the rolls of n cases, so that
 * every kind of case gets its share of them (a kind with 7% of the range gets 7 of 100), where
 * n independent rolls leave a small kind out now and then.
 */
export function strata(n: number, rng: Rng) {
  return rng.shuffled(Array.from({ length: n }, (_, i) => (i + rng.next()) / n))
}

export type Rng = ReturnType<typeof mulberry32>

/** One PRNG per endpoint (FNV-1a of its label mixed with the seed): endpoints replay independently. */
export function rngFor(seed: number, label: string) {
  let hash = 0x811c9dc5 ^ seed
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193)
  return mulberry32(hash)
}

export type JsonSchema = {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  default?: unknown
}

/** JSON text put in a body as written: numbers JSON.stringify cannot write (-0, 1e999), deep nesting, `__proto__` keys. */
export class Raw {
  constructor(readonly text: string) {}
}

/** Like JSON.stringify, but Raw values go in as written and every own key (`__proto__` too) is kept. */
export function encode(value: unknown): string {
  if (value instanceof Raw) return value.text
  if (Array.isArray(value)) return `[${value.map(encode).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${encode(item)}`)
      .join(',')}}`
  }
  if (value === undefined) return 'null'
  return JSON.stringify(value)
}

/** An object with these own keys, `__proto__` included (an object literal would set the prototype instead). */
export function withKeys(entries: Array<[string, unknown]>) {
  const object: Record<string, unknown> = {}
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true })
  return object
}

export const BODY_LIMIT = 1024 * 1024

const deepArray = (depth: number) => new Raw(`${'['.repeat(depth)}1${']'.repeat(depth)}`)
const deepObject = (depth: number) => new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)

/** Hostile values by kind, each with a label for the failure message. */
const HOSTILE: Array<[string, (rng: Rng) => unknown]> = [
  ['null', () => null],
  ['true', () => true],
  ['false', () => false],
  ['zero', () => 0],
  ['-0', () => new Raw('-0')],
  ['-1', () => -1],
  ['0.5', () => 0.5],
  ['1e308', () => new Raw('1e308')],
  ['1e999', () => new Raw('1e999')],
  ['-1e999', () => new Raw('-1e999')],
  ['1e-400', () => new Raw('1e-400')],
  ['2^31', () => 2 ** 31],
  ['2^53+1', () => new Raw('9007199254740993')],
  ['2^64', () => new Raw('18446744073709551616')],
  ['30 digits', () => new Raw('123456789012345678901234567890')],
  ['-2^63', () => new Raw('-9223372036854775808')],
  ['"NaN"', () => 'NaN'],
  ['"Infinity"', () => 'Infinity'],
  ['"-0"', () => '-0'],
  ['"1e3"', () => '1e3'],
  ['"0x1F"', () => '0x1F'],
  ['" 1"', () => ' 1'],
  ['"1.0"', () => '1.0'],
  ['arabic digits', () => '١٢٣'],
  ['empty string', () => ''],
  ['spaces', () => '   \t '],
  ['NUL', () => '\u0000'],
  ['NUL inside', () => 'ab\u0000cd'],
  ['lone high surrogate', () => '\ud800'],
  ['lone low surrogate', () => 'x\udc00y'],
  ['reversed surrogates', () => '\udc00\ud800'],
  ['RTL override', () => '\u202Egnp.exe\u202C'],
  ['zero-width', () => 'a\u200b\u200c\u200d\u2060b'],
  ['BOM', () => '\uFEFFabc'],
  ['emoji', () => '🚚👨‍👩‍👧‍👦🏳️‍🌈'],
  ['combining marks', () => `Z${'\u0336\u0337\u0338'.repeat(50)}`],
  ['fullwidth', () => 'ＡＢＣ１２３'],
  ['dotted I', () => 'İıß'],
  ['newlines', () => 'a\r\nb\nc\rd'],
  ['control chars', () => '\u0001\u0007\u001b[31m\u007f'],
  ['html', () => '<script>alert(1)</script>'],
  ['sql', () => `'; DROP TABLE "Truck"; --`],
  ['like wildcards', () => '%_\\'],
  ['template', () => '${7*7}{{7*7}}'],
  ['path', () => '../../etc/passwd'],
  ['10 KB', () => 'x'.repeat(10_000)],
  ['100 KB', () => 'y'.repeat(100_000)],
  ['300 KB emoji', (rng) => '🚛'.repeat(40_000 + rng.int(10))],
  ['empty array', () => []],
  ['array', () => [1, 'a', null]],
  ['array of strings', () => ['a', 'b']],
  ['array of objects', () => [{}, { a: 1 }]],
  ['empty object', () => ({})],
  ['object', () => ({ a: 1, b: 'x' })],
  ['prisma operator', () => ({ set: 'x', increment: 1 })],
  ['mongo operator', () => ({ $gt: '' })],
  ['__proto__ object', () => withKeys([['__proto__', { polluted: true, role: 'admin' }]])],
  ['constructor.prototype', () => ({ constructor: { prototype: { polluted: true } } })],
  ['toString', () => ({ toString: 'x', valueOf: 1 })],
  ['nested 33', () => deepObject(33)],
  ['nested 65', () => deepObject(65)],
  ['array nested 70', () => deepArray(70)],
  ['nested 5000', () => deepArray(5000)],
  ['50k-item array', () => new Raw(`[${'0,'.repeat(50_000)}0]`)],
]

export function hostileValue(rng: Rng): { value: unknown; label: string } {
  const [label, make] = rng.deal(HOSTILE)
  return { value: make(rng), label }
}

/** Keys a client must not be able to set, or that trip naive object handling. */
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'organizationId',
  'createdAt',
  'updatedAt',
  'passwordHash',
  'role',
  'status',
  'hasOwnProperty',
  '',
  '\u0000',
  '\ud800',
  'k'.repeat(10_000),
  'a.b',
  '$where',
]

export type Context = {
  /** A unique number for values that must not collide (unit numbers, emails). */
  serial: () => number
  /** Ids in the fuzzing organization (a company, a driver) and in another organization. */
  ownCompanyId: string
  otherCompanyId: string
  otherOrganizationId: string
}

const DATE = '^\\d{4}-\\d{2}-\\d{2}$'

/** A plausible valid value for one property, so that a single mutation is what gets refused. */
export function validValue(name: string, schema: JsonSchema, rng: Rng, context: Context): unknown {
  if (schema.enum) return rng.pick(schema.enum)
  if (schema.anyOf) return validValue(name, schema.anyOf[0], rng, context)
  const n = context.serial()
  switch (name) {
    case 'email':
    case 'billingEmail':
      return `fuzz.${n}.${rng.int(1e6)}@example.test`
    case 'password':
      return 'correct horse battery'
    case 'phone':
    case 'emergencyContactPhone':
      return '(555) 010-1234'
    case 'mcNumber':
      return `MC-${100000 + rng.int(800000)}`
    case 'dotNumber':
      return String(1000000 + rng.int(8000000))
    case 'scac':
      return 'FZAB'
    case 'country':
      return 'US'
    case 'state':
    case 'plateState':
    case 'licenseState':
      return 'TX'
    case 'postalCode':
      return '75001'
    case 'companyId':
      return context.ownCompanyId
    case 'key':
      return `fz_${n}`
    case 'unitNumber':
      return `FZ-${n}`
    case 'options':
      return ['alpha', 'beta']
    case 'vin':
    case 'primaryDriverId':
    case 'redirectTo':
      return undefined
    case 'customFields':
      return {}
  }
  switch (schema.type) {
    case 'string':
      if (schema.pattern === DATE) return `20${27 + rng.int(3)}-0${1 + rng.int(9)}-1${rng.int(10)}`
      return `fuzz ${name} ${n}`.slice(0, schema.maxLength ?? 40)
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0
      const max = Math.min(schema.maximum ?? 1000, min + 1000)
      return min + rng.int(max - min + 1)
    }
    case 'boolean':
      return rng.chance(0.5)
    case 'array':
      return []
    case 'object':
      return validObject(schema, rng, context)
    default:
      return undefined
  }
}

/** Every required property and about a third of the others. */
export function validObject(schema: JsonSchema, rng: Rng, context: Context) {
  const body: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name === 'version') continue
    if (!schema.required?.includes(name) && !rng.chance(0.35)) continue
    const value = validValue(name, property, rng, context)
    if (value !== undefined) body[name] = value
  }
  return body
}

const isDate = (schema: JsonSchema | undefined) => schema?.pattern === DATE
const EXTREME_DAYS = [
  '0000-01-01',
  '0001-01-01',
  '0099-12-31',
  '1582-10-10',
  '1900-02-29',
  '2000-02-29',
  '2026-02-29',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
]

export type HostileBody = { label: string; body: Buffer; contentType?: string }

const json = (value: unknown, label: string, contentType = 'application/json'): HostileBody => ({ label, body: Buffer.from(encode(value)), contentType })
const text = (value: string, label: string, contentType = 'application/json'): HostileBody => ({ label, body: Buffer.from(value), contentType })

/** Malformed JSON text, built around the valid body. */
function malformed(valid: string, rng: Rng): HostileBody {
  const cases: Array<() => HostileBody> = [
    () => text('', 'malformed: empty body'),
    () => text(' \n\t', 'malformed: whitespace'),
    () => text('{', 'malformed: {'),
    () => text(valid.slice(0, 1 + rng.int(Math.max(1, valid.length - 1))), 'malformed: truncated'),
    () => text(valid.replace(/}$/, ',}'), 'malformed: trailing comma'),
    () => text(valid.replaceAll('"', "'"), 'malformed: single quotes'),
    () => text('{"a":NaN,"b":Infinity}', 'malformed: NaN literal'),
    () => text('{"a":undefined}', 'malformed: undefined'),
    () => text(`/* comment */${valid}`, 'malformed: comment'),
    () => text(`${valid}x`, 'malformed: trailing garbage'),
    () => text(`${valid}${valid}`, 'malformed: two documents'),
    () => text(`\uFEFF${valid}`, 'malformed: BOM'),
    () => text('\u0000', 'malformed: NUL'),
    () => text('{"a":"\\ud800"}', 'malformed: escaped lone surrogate'),
    () => text('{"a":"\\u00"}', 'malformed: short escape'),
    () => text('{"a":"\u0001"}', 'malformed: raw control character'),
    () => text(`{"a":1,"a":${valid}}`, 'malformed: duplicate keys'),
    () => text('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', 'malformed: __proto__ only'),
    () => ({
      label: 'malformed: invalid UTF-8',
      body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xff]), Buffer.from('"}')]),
      contentType: 'application/json',
    }),
    () => ({ label: 'malformed: UTF-16 body', body: Buffer.from(valid, 'utf16le'), contentType: 'application/json; charset=utf-16' }),
    () => text('null', 'top level: null'),
    () => text('[]', 'top level: []'),
    () => text(`[${valid}]`, 'top level: [body]'),
    () => text('"a string"', 'top level: string'),
    () => text('12', 'top level: number'),
    () => text('true', 'top level: true'),
    () => json(deepArray(100_000), 'top level: array nested 100000'),
    () => json(deepObject(10_000), 'top level: object nested 10000'),
    () => text(`{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`, 'top level: 60000 keys'),
  ]
  return rng.pick(cases)()
}

/** The valid body sent as something other than JSON (or JSON under a name the API takes). */
function contentType(valid: string, rng: Rng): HostileBody {
  const types = [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/json',
    'application/jsonp',
    'application/json-seq',
    'application/xml',
    'application/json; charset=utf-8; charset=latin1',
    'APPLICATION/JSON',
    'application/merge-patch+json',
    '*/*',
    ';',
    'application/',
  ]
  if (rng.chance(0.15)) return { label: 'content-type: none', body: Buffer.from(valid) }
  if (rng.chance(0.15)) {
    return text('unitNumber=A&name=B&__proto__[role]=admin&constructor[prototype][x]=1', 'content-type: form body', 'application/x-www-form-urlencoded')
  }
  const type = rng.pick(types)
  return text(valid, `content-type: ${type}`, type)
}

/** A body close to the 1 MB limit (refused by a length rule) or just over it (413). */
function huge(base: Record<string, unknown>, schema: JsonSchema, rng: Rng): HostileBody {
  const names = Object.keys(schema.properties ?? {}).filter((name) => name !== 'version')
  const name = rng.pick(names)
  const over = rng.chance(0.3)
  const shell = encode({ ...base, [name]: '' })
  const size = (over ? BODY_LIMIT + 10 : BODY_LIMIT - 64) - Buffer.byteLength(shell)
  return json({ ...base, [name]: 'z'.repeat(size) }, `huge: ${name} to ${over ? 'over' : 'under'} 1 MB`)
}

/**
 * One hostile body for an operation whose request body follows `schema`, starting from `base`
 * (a plausible valid body). Most are refused; some mutations leave it valid, which the suite
 * notices (2xx) and accounts for. `roll` picks the kind of mutation (one of strata() spreads them).
 */
export function hostileBody(schema: JsonSchema, base: Record<string, unknown>, rng: Rng, roll = rng.next()): HostileBody {
  const properties = Object.keys(schema.properties ?? {})
  const valid = encode(base)
  if (roll < 0.4) {
    const name = rng.pick(properties)
    if (isDate(schema.properties?.[name]) && rng.chance(0.5)) {
      // Well-formed days at the edges of what a calendar (and PostgreSQL's date) holds.
      const day = rng.pick(EXTREME_DAYS)
      return json({ ...base, [name]: day }, `field ${name} = ${day}`)
    }
    const { value, label } = hostileValue(rng)
    return json({ ...base, [name]: value }, `field ${name} = ${label}`)
  }
  if (roll < 0.5) {
    const body = { ...base }
    const labels: string[] = []
    for (let i = 0; i < 2 + rng.int(3); i++) {
      const name = rng.pick(properties)
      const { value, label } = hostileValue(rng)
      body[name] = value
      labels.push(`${name} = ${label}`)
    }
    return json(body, `fields ${labels.join(', ')}`)
  }
  if (roll < 0.57) {
    const required = schema.required ?? properties
    const name = rng.pick(required)
    const { [name]: _dropped, ...rest } = base
    const extra = hostileValue(rng)
    const other = rng.pick(properties)
    return json({ ...rest, ...(other === name ? {} : { [other]: extra.value }) }, `without ${name}, ${other} = ${extra.label}`)
  }
  if (roll < 0.67) {
    const key = rng.deal(HOSTILE_KEYS)
    const { value, label } = hostileValue(rng)
    const entries: Array<[string, unknown]> = Object.entries(base)
    // Up front or last: a parser that lets the later key win and one that lets the first win both get tried.
    if (rng.chance(0.5)) entries.unshift([key, value])
    else entries.push([key, value])
    // With a second hostile field, so that the body is refused (the key alone is often ignored).
    const name = rng.pick(properties)
    const second = hostileValue(rng)
    entries.push([name, second.value])
    return json(withKeys(entries), `key ${JSON.stringify(key.slice(0, 12))} = ${label}, ${name} = ${second.label}`)
  }
  if (roll < 0.73 && properties.includes('customFields')) {
    const cases: Array<[string, unknown]> = [
      ['__proto__ key', withKeys([['__proto__', 'x']])],
      ['constructor key', { constructor: 'x' }],
      ['nested value', { fuel_card: { a: 1 } }],
      ['array value', { fuel_card: [1, 2] }],
      ['NUL value', { fuel_card: 'a\u0000' }],
      ['lone surrogate value', { fuel_card: '\udfff' }],
      ['51 keys', Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]))],
      ['upper-case key', { Fuel: 1 }],
      ['huge value', { fuel_card: 'v'.repeat(5000) }],
      ['1e999 value', { fuel_card: new Raw('1e999') }],
      ['an array', ['a']],
      ['a string', 'fuel_card=1'],
      // Keys the suite defines for every list (fz_text, fz_number …), with values of the wrong kind.
      ['number as text', { fz_number: 'abc' }],
      ['number 1e308', { fz_number: 1e308 }],
      ['number -0', { fz_number: new Raw('-0') }],
      ['number "NaN"', { fz_number: 'NaN' }],
      ['impossible date', { fz_date: '2026-02-30' }],
      ['date as number', { fz_date: 20260101 }],
      ['unknown option', { fz_select: 'gamma' }],
      ['option in other case', { fz_select: 'ALPHA' }],
      ['boolean as text', { fz_boolean: 'true' }],
      ['text too long', { fz_text: 't'.repeat(2001) }],
      ['text with NUL', { fz_text: 'a\u0000b' }],
      ['text lone surrogate', { fz_text: '\ud83d' }],
      ['text RTL override', { fz_text: '\u202Eabc' }],
      ['valid values', { fz_text: 'ok', fz_number: 1.5, fz_date: '2027-01-31', fz_boolean: false, fz_select: 'alpha' }],
    ]
    const [label, value] = rng.pick(cases)
    return json({ ...base, customFields: value }, `customFields: ${label}`)
  }
  if (roll < 0.8 && properties.includes('version')) {
    const versions: Array<[string, unknown]> = [
      ['"1.0"', '1.0'],
      ['"0x1"', '0x1'],
      ['" 1"', ' 1'],
      ['"1e0"', '1e0'],
      ['1.5', 1.5],
      ['-1', -1],
      ['2^31', 2 ** 31],
      ['1e999', new Raw('1e999')],
      ['-0', new Raw('-0')],
      ['[1]', [1]],
      ['{}', {}],
      ['true', true],
      ['null', null],
      ['"one"', 'one'],
      ['2^53', 2 ** 53],
    ]
    const [label, version] = rng.pick(versions)
    return json({ ...base, version }, `version = ${label}`)
  }
  if (roll < 0.88) return malformed(valid, rng)
  if (roll < 0.97) return contentType(valid, rng)
  return huge(base, schema, rng)
}

/** Path ids that name nothing, or try to name something else. */
export const HOSTILE_IDS = [
  'does-not-exist',
  '__proto__',
  'constructor',
  '%00',
  'a%2Fb',
  '..%2F..%2Fapi%2Ftrucks',
  '%C0%AF',
  '%E2%80%AE',
  encodeURIComponent('🚚'),
  'x'.repeat(65),
  'y'.repeat(5000),
  "1'%20OR%20'1'%3D'1",
  '0',
  '-1',
  'null',
  'undefined',
  '%20',
  encodeURIComponent('\ud83d'.replace(/[\ud800-\udfff]/, '%ED%A0%BD')),
]

/** `?version=` values for DELETE (a missing or matching one would delete: only bad ones here). */
export const HOSTILE_VERSIONS = [
  'version=1.0',
  'version=0x1',
  'version=%201',
  'version=1e0',
  'version=-1',
  'version=1.5',
  'version=2147483648',
  'version=99999999999999999999',
  'version=NaN',
  'version=Infinity',
  'version=-0',
  'version=%00',
  'version=%ED%A0%80',
  'version[]=1',
  'version=one',
  'version=%EF%BC%91',
  'version=\u0661'.replace('\u0661', '%D9%A1'),
  'version=0',
  'version=999',
  `version=${'9'.repeat(5000)}`,
]

/** Abusive query strings for a list with these parameters (name → schema). */
export function hostileQuery(parameters: Array<{ name: string; schema: JsonSchema }>, rng: Rng): string {
  const names = [...new Set(parameters.map((parameter) => parameter.name))]
  const values = [
    '',
    '%00',
    '%ZZ',
    '%',
    '%C0%AF',
    '%ED%A0%80',
    '%E2%80%AE',
    encodeURIComponent('🚚👨‍👩‍👧'),
    encodeURIComponent("' OR 1=1 --"),
    encodeURIComponent('%_\\'),
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '99999999999999999999999',
    '2.5',
    '0x10',
    '__proto__',
    'constructor',
    'toString',
    'a'.repeat(5000),
    encodeURIComponent('é'.repeat(1500)),
    'true',
    'null',
    '[]',
    '{}',
    encodeURIComponent('<script>'),
    '+',
    '%20%20',
  ]
  const parts: string[] = []
  const count = 1 + rng.int(6)
  for (let i = 0; i < count; i++) {
    const roll = rng.next()
    const name = roll < 0.75 ? rng.pick(names) : rng.pick(['__proto__', 'constructor', '__proto__[x]', 'q[]', 'q[a]', 'page[]', 'format', '', '%00', 'sort'])
    const parameter = parameters.find((item) => item.name === name)
    const value = parameter?.schema.enum && rng.chance(0.3) ? String(rng.pick(parameter.schema.enum)) : rng.pick(values)
    parts.push(rng.chance(0.05) ? name : `${name}=${value}`)
    // The same key again: the first one must win without confusing anything.
    if (rng.chance(0.15)) parts.push(`${name}=${rng.pick(values)}`)
  }
  if (rng.chance(0.1)) parts.push('format=csv')
  if (rng.chance(0.05)) parts.push('&&&=&')
  return parts.join('&')
}

/** Accept-Language and Cookie headers the error messages are translated by. */
export function hostileLanguageHeaders(rng: Rng): Record<string, string> {
  const cases: Array<Record<string, string>> = [
    { 'Accept-Language': '__proto__' },
    { 'Accept-Language': 'constructor, toString;q=0.9' },
    { 'Accept-Language': '*;q=NaN, ar;q=-1, fr;q=1e999' },
    { 'Accept-Language': 'zh-Hant-TW;q=0.8, vi_VN, ar-SA' },
    { 'Accept-Language': ';;;,,,=q;' },
    { 'Accept-Language': `${'fr-'.repeat(500)}x` },
    { Cookie: 'i18nextLng=__proto__' },
    { Cookie: 'i18nextLng=%E0%A4%A; __proto__=1; constructor=2' },
    { Cookie: 'i18nextLng=ar; i18nextLng=fr' },
    { Cookie: `${'a=b; '.repeat(300)}i18nextLng=vi` },
    { Cookie: '=; ;=;' },
  ]
  return rng.pick(cases)
}

/** Authorization headers that must all be refused. */
export function hostileAuthorization(validToken: string, rng: Rng): string | undefined {
  const [header, payload, signature] = validToken.split('.')
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>
  const cases: Array<() => string | undefined> = [
    () => undefined,
    () => '',
    () => 'Bearer',
    () => 'Bearer ',
    () => `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    () => `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
    () => `Bearer ${b64({ alg: 'HS512' })}.${payload}.${signature}`,
    () => `Bearer ${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`,
    () => `Bearer ${header}.${b64({ ...claims, sid: { $ne: null } })}.${signature}`,
    () => `Bearer ${header}.${payload}.${signature.slice(0, -2)}AA`,
    () => `Bearer ${header}.${payload}`,
    () => `Bearer ${validToken}.${signature}`,
    () => `Bearer ${'a'.repeat(4000)}`,
    () => `Bearer ${'a.'.repeat(500)}`,
    () => `Bearer %00`,
    () => `Bearer null`,
    () => `Bearer ${b64({ alg: 'HS256' })}.${b64({ sid: '__proto__', sub: '__proto__', aud: 'freightdesk-api', exp: 9e15 })}.${signature}`,
  ]
  return rng.pick(cases)()
}
