/**
 * A seeded fuzz of every page and resource action over real HTTP, signed out and signed in, with
 * the shapes that stopped the server before (tests/fuzz/hostile-forms.ts: Conform's `__intent__`
 * naming a ten-million entry list, thousands of nested list names, malformed `__intent__` and
 * `__state__`) and a soup of plausible fields with hostile values. The server is the production
 * build under production's heap limit (package.json's `serve`): no answer may be a 5xx, and the
 * server must be alive and answering `/health` after every route.
 *
 * Replay with the seed it prints: `FUZZ_SEED=1234 npx vitest run tests/integration/form-fuzz.test.ts`.
 * FUZZ_FORM_CASES=40 sends more per route. After changing app code, `npm run build` first.
 */
import fs from 'node:fs'
import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createSession } from '~/models/users/auth.server'
import { commitSessionCookie } from '~/requests/session.server'
import { FORM_LIMITS } from '~/utils/edge.server'

import { buildRoutes, fullPath } from '../build-routes'
import { rngFor } from '../fuzz/hostile'
import { FORM_SHAPES, formBody, multipart, urlencoded } from '../fuzz/hostile-forms'
import { createOrg, fleet, newLoad } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

const SEED = Number(process.env.FUZZ_SEED ?? 20261202)
const CASES = Number(process.env.FUZZ_FORM_CASES ?? 8)

/** Production's heap limit, as `npm run serve` sets it: a shape that needs more heap than a real server has must fail here too. */
function productionHeapMb() {
  const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts
  return Number(/NODE_HEAP_MB:-(\d+)/.exec(scripts.serve)?.[1] ?? /--max-old-space-size=(\d+)/.exec(scripts.serve)?.[1])
}

let server: ServerProcess
let agent: http.Agent
let cookie: string
let actions: string[] = []
const ids: Record<string, string> = {}
const statuses: Record<number, number> = {}

type Answer = { status: number; text: string }

function post(path: string, body: { contentType: string; body: Buffer }, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path,
        agent,
        headers: { 'Content-Type': body.contentType, 'Content-Length': body.body.length, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode!, text: Buffer.concat(chunks).toString('utf8') }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body.body)
  })
}

async function alive() {
  const answer = await new Promise<number>((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/health', agent }, (response) => (response.resume(), resolve(response.statusCode!)))
      .on('error', reject),
  )
  return answer === 200
}

/** A route's path with its parameters filled: a record of this organization where one fits, else an id that exists nowhere. */
function concrete(pattern: string, rng: ReturnType<typeof rngFor>) {
  const section = pattern.split('/').slice(0, 3).join('/')
  return pattern
    .replace(/\/:(\w+)\?/g, '')
    .replace(/:folder/g, 'inbox')
    .replace(/:(\w+)/g, () => (ids[section] && rng.chance(0.7) ? ids[section] : 'cm0000000000000000000none'))
    .replace(/\*/g, 'x')
}

beforeAll(async () => {
  const org = await createOrg()
  const { broker, truck, trailer, driverId } = await fleet(org)
  const load = await newLoad(org, { brokerId: broker.id })
  Object.assign(ids, {
    '/dashboard/loads': load.id,
    '/dashboard/trucks': truck.id,
    '/dashboard/trailers': trailer.id,
    '/dashboard/brokers': broker.id,
    '/dashboard/companies': org.company.id,
    '/dashboard/user': driverId,
  })
  const session = await createSession(org.users.admin.id, 'web')
  cookie = (await commitSessionCookie(session.id)).split(';')[0]
  const manifest = await buildRoutes()
  actions = Object.values(manifest)
    .filter((entry) => Boolean((entry.module as { action?: unknown }).action))
    .map((entry) => fullPath(manifest, entry.id))
    .filter((path) => !/^\/api(\/|$)/.test(path))
  server = await startServer(
    { NODE_OPTIONS: `--max-old-space-size=${productionHeapMb()}`, AUTH_RATE_LIMIT_PER_ADDRESS: '100000', AUTH_RATE_LIMIT_PER_IP: '100000' },
    { compiled: true },
  )
  agent = new http.Agent({ keepAlive: true, maxSockets: 4 })
}, 180_000)

afterAll(async () => {
  agent?.destroy()
  await server?.stop()
  console.info(`form fuzz (seed ${SEED}): ${actions.length} action routes; answers by status ${JSON.stringify(statuses)}`)
})

function check(label: string, path: string, encoding: string, answer: Answer) {
  statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
  expect(answer.status, `FUZZ_SEED=${SEED} POST ${path} [${label}, ${encoding}]: ${answer.text.slice(0, 300)}`).toBeLessThan(500)
}

describe('the edge refuses what Conform would expand past its limits', () => {
  it('refuses the probe’s bodies with 400 on the public forms, signed out, in both encodings, and serves on', async () => {
    const rng = rngFor(SEED, 'public')
    const refusedAlways = FORM_SHAPES.filter((shape) => !shape.passes)
    for (const path of ['/auth/login', '/auth/register', '/auth/reset-password', '/contact-us', '/pricing']) {
      for (const shape of refusedAlways) {
        const fields = shape.fields(rng)
        const bodies = shape.multipartOnly
          ? [{ ...multipart(fields, shape.file), encoding: 'multipart' }]
          : [
              { ...urlencoded(fields), encoding: 'urlencoded' },
              { ...multipart(fields), encoding: 'multipart' },
            ]
        for (const body of bodies) {
          const answer = await post(path, body)
          check(shape.label, path, body.encoding, answer)
          expect(answer.status, `${path} [${shape.label}, ${body.encoding}]`).toBe(400)
        }
      }
      expect(await alive()).toBe(true)
    }
  })

  it('lets a real form’s own intents through: add, move and remove a stop on the new-load form', async () => {
    const stops = [
      ['stops[0].type', 'pickup'],
      ['stops[0].city', 'Dallas'],
      ['stops[1].type', 'delivery'],
      ['stops[1].city', 'Tulsa'],
    ] as Array<[string, string]>
    const cases: Array<[object, string[], string[]]> = [
      [{ type: 'insert', payload: { name: 'stops', defaultValue: { type: 'delivery' } } }, ['stops[2].type'], []],
      [{ type: 'reorder', payload: { name: 'stops', from: 1, to: 0 } }, ['value="Tulsa"'], []],
      [{ type: 'remove', payload: { name: 'stops', index: 1 } }, ['name="stops[0].city"'], ['name="stops[1].city"']],
    ]
    for (const [payload, present, absent] of cases) {
      const answer = await post('/dashboard/loads/new', urlencoded([...stops, ['__intent__', JSON.stringify(payload)]]), { Cookie: cookie })
      expect(answer.status, `${JSON.stringify(payload)}: ${answer.text.slice(0, 200)}`).toBe(200)
      for (const text of present) expect(answer.text).toContain(text)
      for (const text of absent) expect(answer.text).not.toContain(text)
    }
  })

  it(`keeps the limits generous: the longest real list (${FORM_LIMITS.listLength - 1}) and ${FORM_LIMITS.fields} fields pass`, async () => {
    const fields: Array<[string, string]> = [
      ['email', 'nobody@example.test'],
      ['password', 'wrong'],
    ]
    for (let n = 0; fields.length < FORM_LIMITS.fields; n++) fields.push([`items[${n % FORM_LIMITS.listLength}].title`, 'x'])
    const answer = await post('/auth/login', urlencoded(fields))
    expect(answer.status).toBe(400)
    expect(answer.text).toContain('name="password"')
  })
})

describe('every action, signed out and signed in', () => {
  it('answers every hostile post without a 5xx, and the server lives through each route', async () => {
    expect(actions.length).toBeGreaterThan(50)
    for (const pattern of actions) {
      const rng = rngFor(SEED, pattern)
      for (let n = 0; n < CASES + 3; n++) {
        // Signed in, except on the sign-out, which would end the session the other routes use.
        const signedIn = n >= 3 && pattern !== '/auth/logout'
        const shape = n === 0 || n === 3 ? FORM_SHAPES[0] : rng.pick(FORM_SHAPES)
        const path = concrete(pattern, rng)
        const body = formBody(shape, rng)
        check(shape.label, path, `${body.encoding}${signedIn ? ', signed in' : ''}`, await post(path, body, signedIn ? { Cookie: cookie } : {}))
      }
      expect(await alive(), `the server died on ${pattern}`).toBe(true)
    }
    expect(server.output()).not.toMatch(/Unexpected Server Error|heap out of memory|FATAL ERROR/)
  }, 600_000)
})
