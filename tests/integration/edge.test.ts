/**
 * The request edge (app/utils/edge.server.ts, mounted by server.ts) on a real server against this
 * file's database. Raw node:http requests where fetch would normalise what is sent (TRACE, `//`,
 * bad `%` escapes, chunked bodies, a missing Content-Type).
 */
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createSession } from '~/models/users/auth.server'
import { commitSessionCookie } from '~/requests/session.server'
import { prisma } from '~/utils/db.server'

import { createOrg, PASSWORD } from '../helpers'
import { type ServerProcess, startServer } from '../server-process'

const APP_URL = 'https://freight.example.test'
const PARTNER = 'https://partner.example.test'
let server: ServerProcess
let port: number
let org: Awaited<ReturnType<typeof createOrg>>
let cookie: string

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

/**
 * One request on its own connection, sent as written. `size` sends that many bytes of `x`, with a
 * Content-Length unless `chunked`; the answer is read even while the body is still going out.
 */
function raw(options: {
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string
  size?: number
  chunked?: boolean
  agent?: http.Agent
}) {
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers }
    const size = options.size ?? (options.body === undefined ? 0 : Buffer.byteLength(options.body))
    if (size && !options.chunked) headers['Content-Length'] = size
    if (options.chunked) headers['Transfer-Encoding'] = 'chunked'
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers, agent: options.agent ?? false },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }))
      },
    )
    request.on('error', reject)
    if (options.body !== undefined) return void request.end(options.body)
    const chunk = Buffer.alloc(64 * 1024, 'x')
    let sent = 0
    const write = () => {
      while (sent < size) {
        const n = Math.min(chunk.length, size - sent)
        sent += n
        if (!request.write(chunk.subarray(0, n))) return void request.once('drain', write)
      }
      request.end()
    }
    write()
  })
}

const json = (answer: Answer) => JSON.parse(answer.body)
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

/** The server's node process (under tsx when not compiled), whose peak memory the body-limit test reads. */
function serverNodePid() {
  if (server.compiled) return server.child.pid!
  const children = fs.readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8').trim().split(/\s+/)
  return Number(children[0] || server.child.pid)
}
function peakRssKb(pid: number) {
  return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1])
}

beforeAll(async () => {
  ;[server, org] = await Promise.all([startServer({ TRUST_PROXY: '1', APP_URL, CORS_ORIGINS: `${PARTNER}, not a url` }), createOrg()])
  port = server.port
  const session = await createSession(org.users.admin.id, 'web')
  cookie = (await commitSessionCookie(session.id)).split(';')[0]
}, 120_000)

afterAll(() => server?.stop())

describe('body size limit (1 MB)', () => {
  it('answers 413 at once to a Content-Length over the limit, as the JSON envelope under /api', async () => {
    const answer = await raw({ method: 'POST', path: '/api/account/login', headers: { 'Content-Type': 'application/json' }, size: 5_000_000 })
    expect(answer.status).toBe(413)
    expect(json(answer)).toEqual({ error: { code: 'payload_too_large', message: 'The request body is larger than 1 MB.' } })
  })

  it('answers at once on a kept-alive connection too, and the connection stays usable', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const answer = await raw({ method: 'POST', path: '/api/trucks', headers: { 'Content-Type': 'application/json' }, size: 5_000_000, agent })
      expect(answer.status).toBe(413)
      expect(answer.headers.connection).toBe('keep-alive')
      const chunked = await raw({ method: 'POST', path: '/api/trucks', headers: { 'Content-Type': 'application/json' }, size: 5_000_000, chunked: true, agent })
      expect(chunked.status).toBe(413)
      expect((await raw({ path: '/auth/login', agent })).status).toBe(200)
    } finally {
      agent.destroy()
    }
  })

  it('cuts a chunked body off when it passes the limit, and answers pages with a small HTML 413', async () => {
    const api = await raw({ method: 'POST', path: '/api/trucks', headers: { 'Content-Type': 'application/json' }, size: 5_000_000, chunked: true })
    expect(api.status).toBe(413)
    expect(json(api).error.code).toBe('payload_too_large')
    const page = await raw({ method: 'POST', path: '/auth/login', headers: { ...FORM, 'Accept-Language': 'fr' }, size: 3_000_000, chunked: true })
    expect(page.status).toBe(413)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('<h1>Le corps de la requête dépasse 1 Mo.</h1>')
  })

  it('keeps memory bounded: 128 MB sent in chunks leave the peak memory far below 128 MB higher', async () => {
    const pid = serverNodePid()
    const before = peakRssKb(pid)
    const answer = await raw({
      method: 'POST',
      path: '/api/account/login',
      headers: { 'Content-Type': 'application/json' },
      size: 128 * 1024 * 1024,
      chunked: true,
    })
    expect(answer.status).toBe(413)
    // Buffering would add at least 128 MB; draining costs only garbage the collector has not reached yet.
    expect(peakRssKb(pid) - before).toBeLessThan(48 * 1024)
    expect((await raw({ path: '/auth/login' })).status).toBe(200)
  })

  it('reads a body the route ignores, so the client gets its answer and can reuse the connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const unknown = await raw({ method: 'POST', path: '/api/no-such-endpoint', headers: { 'Content-Type': 'application/json' }, size: 300_000, agent })
      expect(unknown.status).toBe(404)
      expect(json(unknown).error.code).toBe('not_found')
      const next = await raw({ path: '/api/account/my-account', headers: { Authorization: `Bearer ${org.users.viewer.token}` }, agent })
      expect(next.status).toBe(200)
    } finally {
      agent.destroy()
    }
  })

  it('drops what a streamed upload route did not read when it answered first, so the kept-alive connection serves the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const boundary = 'fdEdgeBoundary'
    const parts = Array.from({ length: 1500 }, (_, n) => `--${boundary}\r\nContent-Disposition: form-data; name="a[${n}]"\r\n\r\n${'x'.repeat(40)}\r\n`)
    const body = `${parts.join('')}--${boundary}--\r\n`
    try {
      // Signed out: the load page's and the fuel purchase page's actions answer before reading the upload.
      for (const path of ['/dashboard/loads/cm0000000000000000000none', '/dashboard/fuel/cm0000000000000000000none']) {
        const upload = await raw({ method: 'POST', path, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body, agent })
        expect(upload.status).toBe(302)
        const next = await raw({ method: 'POST', path, headers: FORM, body: 'intent=removeReceipt', agent })
        expect(next.status).toBe(302)
      }
    } finally {
      agent.destroy()
    }
  })

  it('answers an unauthorized write with a large body 401, not a reset connection, also when the connection closes after it', async () => {
    for (const connection of ['keep-alive', 'close']) {
      const answer = await raw({ method: 'POST', path: '/api/brokers', headers: { 'Content-Type': 'application/json', Connection: connection }, size: 100_000 })
      expect(answer.status).toBe(401)
      expect(json(answer).error.code).toBe('unauthorized')
    }
  })

  it('lets a body under the limit through whole', async () => {
    const notes = 'n'.repeat(900_000)
    const answer = await raw({
      method: 'POST',
      path: '/api/account/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: org.users.admin.email, password: PASSWORD, notes }),
    })
    expect(answer.status).toBe(200)
    expect(json(answer).data.user.email).toBe(org.users.admin.email)
  })
})

describe('cross-site requests', () => {
  it('refuses a sign-out posted from another origin before the route runs', async () => {
    const answer = await raw({ method: 'POST', path: '/auth/logout', headers: { ...FORM, Cookie: cookie, Origin: 'https://evil.example' }, body: '' })
    expect(answer.status).toBe(403)
    expect(answer.body).toContain('<h1>Requests from other sites are not accepted here.</h1>')
    // Still signed in: the logout action never ran.
    expect((await raw({ path: '/dashboard/app', headers: { Cookie: cookie } })).status).toBe(200)
  })

  it('refuses Sec-Fetch-Site: cross-site on resource routes, page actions and the API', async () => {
    const crossSite = { ...FORM, 'Sec-Fetch-Site': 'cross-site' }
    for (const target of ['/resources/settings', '/resources/language', '/auth/login']) {
      const answer = await raw({ method: 'POST', path: target, headers: crossSite, body: 'lng=fr&intent=reset' })
      expect(answer.status, target).toBe(403)
      expect(answer.headers['set-cookie'], target).toBeUndefined()
    }
    const api = await raw({ method: 'POST', path: '/api/account/logout', headers: { 'Content-Type': 'application/json', Origin: 'null' }, body: '{}' })
    expect(api.status).toBe(403)
    expect(json(api)).toEqual({ error: { code: 'forbidden', message: 'Requests from other sites are not accepted here.' } })
    for (const site of ['same-origin', 'same-site', 'none']) {
      const answer = await raw({ method: 'POST', path: '/resources/language', headers: { ...FORM, Origin: 'null', 'Sec-Fetch-Site': site }, body: 'lng=fr' })
      expect(answer.status, site).toBe(403)
    }
  })

  const language = (headers: Record<string, string>) =>
    raw({ method: 'POST', path: '/resources/language', headers: { ...FORM, ...headers }, body: 'lng=fr&redirectTo=/auth/login' })

  it('accepts this site (APP_URL) and clients that send neither header', async () => {
    const accepted: Record<string, string>[] = [{ Origin: APP_URL, 'Sec-Fetch-Site': 'same-origin' }, {}]
    for (const headers of accepted) {
      const answer = await language(headers)
      expect(answer.status, JSON.stringify(headers)).toBe(302)
      expect(answer.headers['set-cookie']?.join(';')).toContain('i18nextLng=fr')
    }
  })

  it('compares Origin with APP_URL, not with the Host header the client wrote', async () => {
    const forged = await language({ Host: 'evil.example', Origin: 'http://evil.example' })
    expect(forged.status).toBe(403)
    expect(forged.headers['set-cookie']).toBeUndefined()
    // With APP_URL set, the address the request came to is not this site's origin either.
    expect((await language({ Origin: `http://127.0.0.1:${port}` })).status).toBe(403)
  })
})

describe('CORS (CORS_ORIGINS)', () => {
  const preflight = (origin: string, path = '/api/trucks') =>
    raw({
      method: 'OPTIONS',
      path,
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    })

  it('answers a preflight from a listed origin with the methods and headers the API takes', async () => {
    const answer = await preflight(PARTNER)
    expect(answer.status).toBe(204)
    expect(answer.headers['access-control-allow-origin']).toBe(PARTNER)
    expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, POST, PUT, DELETE')
    expect(answer.headers['access-control-allow-headers']).toContain('Authorization')
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined()
    expect(answer.headers.vary).toContain('Origin')
  })

  it('lets a listed origin call the API with a token and read the answer, a write included', async () => {
    const headers = { Origin: PARTNER, 'Sec-Fetch-Site': 'cross-site', Authorization: `Bearer ${org.users.admin.token}` }
    const list = await raw({ path: '/api/trucks', headers })
    expect(list.status).toBe(200)
    expect(list.headers['access-control-allow-origin']).toBe(PARTNER)
    const created = await raw({
      method: 'POST',
      path: '/api/trucks',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ unitNumber: `CORS-${Date.now() % 100000}`, status: 'available' }),
    })
    expect(created.status, created.body).toBe(201)
    expect(created.headers['access-control-expose-headers']).toContain('Retry-After')
  })

  it('gives other origins no CORS headers, still refuses their writes, and never opens pages', async () => {
    const other = await preflight('https://evil.example')
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
    const write = await raw({
      method: 'POST',
      path: '/api/trucks',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json', Authorization: `Bearer ${org.users.admin.token}` },
      body: '{}',
    })
    expect(write.status).toBe(403)
    // The list opens the API only: a page action from the partner is still a cross-site post.
    const page = await raw({ method: 'POST', path: '/auth/logout', headers: { ...FORM, Cookie: cookie, Origin: PARTNER }, body: '' })
    expect(page.status).toBe(403)
    expect(page.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('Cache-Control', () => {
  it('is private, no-store on signed-in pages, data requests, redirects and API answers', async () => {
    const answers = await Promise.all([
      raw({ path: '/dashboard/app', headers: { Cookie: cookie } }),
      raw({ path: '/dashboard/app.data', headers: { Cookie: cookie } }),
      raw({ path: '/dashboard/app' }),
      raw({ path: '/api/account/my-account', headers: { Authorization: `Bearer ${org.users.admin.token}` } }),
    ])
    expect(answers.map((answer) => [answer.status, answer.headers['cache-control']])).toEqual([
      [200, 'private, no-store'],
      [200, 'private, no-store'],
      [302, 'private, no-store'],
      [200, 'private, no-store'],
    ])
  })

  it('answers GET /health without signing in, as uncached JSON', async () => {
    const answer = await raw({ path: '/health' })
    expect([answer.status, answer.headers['content-type'], answer.headers['cache-control'], answer.body]).toEqual([
      200,
      'application/json; charset=utf-8',
      'private, no-store',
      '{"status":"ok"}',
    ])
  })

  it('has one owner per header: a route that sets its own value sends only it', async () => {
    const csv = await raw({ path: '/dashboard/trucks/export', headers: { Cookie: cookie } })
    expect([csv.status, csv.headers['cache-control']]).toEqual([200, 'private, no-store'])

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
    const avatarForm = new FormData()
    avatarForm.append('intent', 'avatar')
    avatarForm.append('avatar', new File([png], 'me.png', { type: 'image/png' }))
    const saved = await fetch(`${server.base}/dashboard/user/account`, { method: 'POST', headers: { Cookie: cookie }, body: avatarForm, redirect: 'manual' })
    expect(saved.status).toBe(302)
    const avatar = await raw({ path: `/resources/avatar/${org.users.admin.id}`, headers: { Cookie: cookie } })
    expect([avatar.status, avatar.headers['cache-control'], avatar.headers['x-content-type-options']]).toEqual([200, 'private, max-age=86400', 'nosniff'])

    const broker = await prisma.broker.create({ data: { organizationId: org.organization.id, name: `Header Broker ${Date.now()}` } })
    const load = await prisma.load.create({ data: { organizationId: org.organization.id, brokerId: broker.id, loadNumber: `HDR-${Date.now()}` } })
    const documentForm = new FormData()
    documentForm.append('kind', 'bols')
    documentForm.append('file', new File([Buffer.from('%PDF-1.4\n%%EOF\n')], 'bol.pdf', { type: 'application/pdf' }))
    const uploaded = await fetch(`${server.base}/api/loads/${load.id}/documents`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${org.users.admin.token}` },
      body: documentForm,
    })
    expect(uploaded.status).toBe(201)
    const { data: document } = (await uploaded.json()) as { data: { url: string } }
    const download = await raw({ path: document.url, headers: { Authorization: `Bearer ${org.users.admin.token}` } })
    expect([download.status, download.headers['x-content-type-options'], download.headers['cache-control']]).toEqual([200, 'nosniff', 'private, no-store'])
  })

  it('leaves the long-lived caching of /assets alone', async () => {
    const asset = fs.readdirSync('build/client/assets').find((name) => name.endsWith('.js'))
    const answer = await raw({ path: `/assets/${asset}` })
    expect(answer.status).toBe(200)
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})

describe('Content-Security-Policy', () => {
  it('allows inline scripts by a fresh nonce only, and every inline script carries it', async () => {
    const first = await raw({ path: '/auth/login', headers: { 'X-Freightdesk-Csp-Nonce': 'chosen-by-client' } })
    const second = await raw({ path: '/auth/login' })
    const nonceOf = (answer: Answer) => /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)';/.exec(String(answer.headers['content-security-policy']))?.[1]
    const nonce = nonceOf(first)
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(nonceOf(second)).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(nonceOf(second)).not.toBe(nonce)
    expect(first.headers['content-security-policy']).not.toContain("'unsafe-inline'; style-src")
    const scripts = [...first.body.matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(scripts.length).toBeGreaterThan(2)
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    expect(first.body).not.toContain('chosen-by-client')
  })
})

describe('TRUST_PROXY', () => {
  it('with one hop trusted, the client is the last X-Forwarded-For address, never the forged leftmost', async () => {
    const answer = await raw({
      method: 'POST',
      path: '/api/account/login',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '6.6.6.6, 7.7.7.7' },
      body: JSON.stringify({ email: org.users.dispatcher.email, password: PASSWORD }),
    })
    expect(answer.status).toBe(200)
    const sessions = await prisma.session.findMany({ where: { userId: org.users.dispatcher.id, ip: { not: null } }, select: { ip: true } })
    expect(sessions).toEqual([{ ip: '7.7.7.7' }])
  })
})

describe('every answer under /api is the JSON error envelope', () => {
  it.each([
    ['GET', '/api/trucks.data', 404, 'not_found'],
    ['GET', '/api/account/my-account.data', 404, 'not_found'],
    ['GET', '//api/trucks', 404, 'not_found'],
    ['GET', '/api/tr%ZZucks', 400, 'validation_failed'],
    ['TRACE', '/api/trucks', 405, 'method_not_allowed'],
    ['PROPFIND', '/api/trucks', 405, 'method_not_allowed'],
    ['POST', '/api/account/my-account', 405, 'method_not_allowed'],
    ['PATCH', '/api/trucks', 405, 'method_not_allowed'],
    ['GET', '/api/account/login', 405, 'method_not_allowed'],
  ])('%s %s → %i %s', async (method, target, status, code) => {
    const answer = await raw({ method, path: target, headers: { Authorization: `Bearer ${org.users.admin.token}` } })
    expect(answer.status).toBe(status)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(json(answer).error.code).toBe(code)
    expect(json(answer).error.message).toEqual(expect.any(String))
    if (status === 405) expect(answer.headers.allow).toMatch(/^[A-Z]+(, [A-Z]+)*$/)
  })

  it('names the methods each endpoint answers in Allow', async () => {
    const allow = async (method: string, target: string) => (await raw({ method, path: target })).headers.allow
    expect(await allow('POST', '/api/account/my-account')).toBe('GET, HEAD')
    expect(await allow('PATCH', '/api/trucks')).toBe('GET, HEAD, POST')
    expect(await allow('GET', '/api/account/login')).toBe('POST')
  })

  it('answers pages with small HTML pages instead of Express errors', async () => {
    const trace = await raw({ method: 'TRACE', path: '/dashboard/app' })
    expect(trace.status).toBe(405)
    expect(trace.body).toContain('<h1>This method is not allowed here.</h1>')
    const badEscape = await raw({ path: '/dashboard/%E0%A4%A' })
    expect(badEscape.status).toBe(400)
    expect(badEscape.body).toContain('<h1>The address contains an invalid % escape.</h1>')
  })

  it('answers what Node refuses before Express (an address over 16 KB, a malformed header) in the envelope', async () => {
    const long = await raw({ path: `/api/trucks?q=${'a'.repeat(20_000)}`, headers: { Authorization: `Bearer ${org.users.admin.token}` } })
    expect(long.status).toBe(431)
    expect(long.headers['content-type']).toBe('application/json')
    expect(json(long)).toEqual({ error: { code: 'validation_failed', message: 'The address or the request headers are larger than 16 kB.' } })
    // Accept-Language is read when it arrived before the overflow.
    const header = await raw({ path: '/api/trucks', headers: { 'Accept-Language': 'fr', 'X-Padding': 'p'.repeat(20_000) } })
    expect(header.status).toBe(431)
    expect(json(header)).toEqual({ error: { code: 'validation_failed', message: 'L’adresse ou les en-têtes de la requête dépassent 16 Ko.' } })
    const page = await raw({ path: `/dashboard/app?q=${'a'.repeat(20_000)}` })
    expect(page.status).toBe(431)
    expect(page.body).toContain('<h1>The address or the request headers are larger than 16 kB.</h1>')
    const malformed = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/trucks HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk) => (text += chunk))
      socket.on('close', () => resolve(text))
    })
    expect(malformed).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    expect(JSON.parse(malformed.split('\r\n\r\n')[1])).toEqual({ error: { code: 'validation_failed', message: 'The request is malformed.' } })
  })
})

describe('page and resource actions accept only form encodings', () => {
  it.each([
    ['application/json', '{"email":"a@b.c"}'],
    ['text/plain', 'email=a@b.c'],
    [undefined, 'email=a@b.c'],
  ])('answers 415 to %s before the action runs', async (type, body) => {
    const answer = await raw({ method: 'POST', path: '/auth/login', headers: type ? { 'Content-Type': type } : {}, body })
    expect(answer.status).toBe(415)
    expect(answer.body).toContain('application/x-www-form-urlencoded')
  })

  it('still runs actions posted as a form, as documents and as React Router data requests', async () => {
    const wrong = `email=${encodeURIComponent(org.users.admin.email)}&password=wrong-password`
    expect((await raw({ method: 'POST', path: '/auth/login', headers: FORM, body: wrong })).status).toBe(400)
    expect((await raw({ method: 'POST', path: '/auth/login.data', headers: FORM, body: wrong })).status).toBe(400)
    const boundary = 'edge-boundary'
    const multipart = [`--${boundary}`, 'Content-Disposition: form-data; name="lng"', '', 'vi', `--${boundary}--`, ''].join('\r\n')
    const answer = await raw({
      method: 'POST',
      path: '/resources/language',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    })
    expect(answer.status).toBe(302)
    expect(answer.headers['set-cookie']?.join(';')).toContain('i18nextLng=vi')
  })
})

describe('form field names past the limits Conform would expand', () => {
  it('answers 400 at once to a signed-out sign-in with x[10000000], and keeps serving', async () => {
    const started = Date.now()
    const answer = await raw({ method: 'POST', path: '/auth/login', headers: { ...FORM, 'Accept-Language': 'fr' }, body: 'email=nobody@x.test&x[10000000]=1' })
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('<h1>Ce formulaire contient plus de champs, ou des listes plus longues, qu’aucun formulaire d’ici n’en accepte.</h1>')
    expect(Date.now() - started).toBeLessThan(2_000)
    expect((await raw({ path: '/auth/login' })).status).toBe(200)
  })

  it('answers 400 to stops[3000].city on the new-load form, urlencoded, as a data request and as multipart', async () => {
    const page = await raw({ method: 'POST', path: '/dashboard/loads/new', headers: { ...FORM, Cookie: cookie }, body: 'stops[3000].city=x' })
    expect(page.status).toBe(400)
    expect(page.body).toContain('<h1>This form has more fields, or longer lists, than any form here accepts.</h1>')
    const data = await raw({ method: 'POST', path: '/dashboard/loads/new.data', headers: { ...FORM, Cookie: cookie }, body: 'stops%5B3000%5D.city=x' })
    expect(data.status).toBe(400)
    const boundary = 'limit-boundary'
    const multipart = [`--${boundary}`, 'Content-Disposition: form-data; name="stops[3000].city"', '', 'x', `--${boundary}--`, ''].join('\r\n')
    const parts = await raw({
      method: 'POST',
      path: '/dashboard/loads/new',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
      body: multipart,
    })
    expect(parts.status).toBe(400)
  })

  it('answers the API with validation_failed, and refuses more fields than any form has', async () => {
    const boundary = 'api-boundary'
    const multipart = [`--${boundary}`, 'Content-Disposition: form-data; name="x[10000000]"', '', '1', `--${boundary}--`, ''].join('\r\n')
    const api = await raw({
      method: 'POST',
      path: '/api/loads/import',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${org.users.admin.token}` },
      body: multipart,
    })
    expect(api.status).toBe(400)
    expect(json(api)).toEqual({ error: { code: 'validation_failed', message: 'This form has more fields, or longer lists, than any form here accepts.' } })
    const many = await raw({ method: 'POST', path: '/auth/login', headers: FORM, body: Array.from({ length: 5001 }, () => 'a=1').join('&') })
    expect(many.status).toBe(400)
  })

  it('answers a form body that cannot be read (no boundary, cut off, garbled) with the translated 400 page, never a 500', async () => {
    const boundary = 'cut-boundary'
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'email=x'],
      [`multipart/form-data; boundary=${boundary}`, ''],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nnobody@x.test`],
      [`multipart/form-data; boundary=${boundary}`, 'not a multipart body at all'],
    ]
    for (const [type, body] of bodies) {
      const answer = await raw({ method: 'POST', path: '/auth/login', headers: { 'Content-Type': type, 'Accept-Language': 'fr' }, body })
      expect(answer.status, `${type}: ${body}`).toBe(400)
      expect(answer.body).toContain('<h1>Le formulaire n’a pas pu être lu : il est arrivé tronqué ou mal formé. Revenez en arrière et renvoyez-le.</h1>')
    }
    const api = await raw({
      method: 'POST',
      path: '/api/trucks',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Authorization: `Bearer ${org.users.admin.token}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="unitNumber"\r\n\r\nT-1`,
    })
    expect(api.status).toBe(400)
    expect(json(api).error.code).toBe('validation_failed')
    expect((await raw({ path: '/auth/login' })).status).toBe(200)
  })

  it('answers 400 to Conform’s __intent__ naming x[1000000], signed out on every public form, and to 3,000 nested list names; keeps serving', async () => {
    const probe = `__intent__=${encodeURIComponent(JSON.stringify({ type: 'update', payload: { name: 'x[1000000]', value: 1 } }))}`
    for (const path of ['/auth/login', '/auth/register', '/auth/reset-password', '/contact-us', '/pricing']) {
      const answer = await raw({ method: 'POST', path, headers: FORM, body: probe })
      expect(answer.status, path).toBe(400)
      expect(answer.body).toContain('<h1>This form has more fields, or longer lists, than any form here accepts.</h1>')
    }
    const nested = Array.from({ length: 3000 }, (_, n) => `a[${199 - (n % 7)}][${199 - (n % 11)}][${198 - (n % 13)}][199][199][199][${n % 200}]=1`).join('&')
    expect(nested.length).toBeGreaterThan(100_000)
    expect((await raw({ method: 'POST', path: '/auth/login', headers: FORM, body: nested })).status).toBe(400)
    expect((await raw({ path: '/auth/login' })).status).toBe(200)
  })

  it('answers a malformed __intent__ or __state__ with the translated 400 page, never a 500, on pages and data requests', async () => {
    for (const body of ['__state__={bad', '__intent__={bad', `email=x&__intent__=${encodeURIComponent('{"type":"insert","payload":{"name":"email"}}')}`]) {
      const page = await raw({ method: 'POST', path: '/auth/login', headers: { ...FORM, 'Accept-Language': 'fr' }, body })
      expect(page.status, body).toBe(400)
      expect(page.body).toContain('<h1>Le formulaire n’a pas pu être lu : il est arrivé tronqué ou mal formé. Revenez en arrière et renvoyez-le.</h1>')
      const data = await raw({ method: 'POST', path: '/dashboard/loads/new.data', headers: { ...FORM, Cookie: cookie }, body })
      expect(data.status, body).toBe(400)
    }
  })

  it('lets a form with the longest real lists through to its action', async () => {
    const body = `email=nobody%40x.test&password=wrong-password&items[99].title=x&stops[19].city=y`
    const answer = await raw({ method: 'POST', path: '/auth/login', headers: FORM, body })
    expect(answer.body).not.toContain('longer lists')
    expect(answer.body).toContain('name="password"')
  })
})

describe('the server process', () => {
  it('logged no unexpected server error through all of the above', () => {
    expect(server.output()).not.toMatch(/Unexpected Server Error|TypeError|ECONNRESET/)
  })
})
